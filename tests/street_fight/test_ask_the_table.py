"""Issue 34, items 2-3: Street-Fight reads what the save records and asks what it cannot know.

Through the real command line, each fact both ways: read from the save without any option,
given by its option, asked at a terminal, and, without a terminal, refused in one line naming
the option (the save unchanged byte for byte). The facts: a target's cover when the save has it
in cover (F3), a defender fighting from cover (F9), and a charge into contact by a figure that
moved 5" or less this turn (F9). Also: a finished game refuses every door of Street-Fight in
the kernel's flow (the rules keep no check of their own, issue 37).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.street_fight.test_cli import start, steps


def refused(sprawl: Any, snapshot: Any, *args: str, says: str) -> None:
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert lines == [f"error: {says}"], result.stderr
    assert snapshot(sprawl.folder) == before


def asked(sprawl: Any, *args: str, answers: str) -> tuple[dict[str, Any], str]:
    result = sprawl(*args, "--json", input=answers, terminal=True)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout), result.stderr


def to_shooting(sprawl: Any, *warden_moves: tuple[str, ...]) -> None:
    """Dock Rats move nobody; the Wardens make `warden_moves`; on to the Dock Rats' shooting."""
    start(sprawl)
    steps(sprawl, 1)
    for move in warden_moves:
        sprawl.json("move", *move)
    steps(sprawl, 1)


# --- shooting at a figure the save has in cover (F3) ------------------------------------------

COVER_QUESTION = ("Cole is in cover (the save says so): how much of it does the cover hide from Tully (F3: -25% a "
                  "degree; none if it does not stand between them)?")


def test_a_target_in_cover_without_cover_given_is_refused_naming_the_option(sprawl: Any, snapshot: Any) -> None:
    to_shooting(sprawl, ("Cole", "--inches", "3", "--into-cover"))
    refused(sprawl, snapshot, "shoot", "Tully", "Cole", "-d", "2", "--dice", "1,9",
            says=f"{COVER_QUESTION} Give --cover none|quarter|half|three-quarters.")


def cover_terms(data: dict[str, Any]) -> list[str]:
    return [m["label"] for m in data["modifiers"] if "cover" in m["label"]]


def test_a_target_in_cover_takes_the_cover_given_or_answered(sprawl: Any) -> None:
    to_shooting(sprawl, ("Cole", "--inches", "3", "--into-cover"))
    data, said = asked(sprawl, "shoot", "Tully", "Cole", "-d", "2", "--dice", "1,1", answers="half\n")
    assert COVER_QUESTION in said
    assert data["targets"][0]["cover"] == "half" and cover_terms(data) == ["half cover"]
    assert data["chance"] == 100 - 10 - 50 - 20  # one increment, half cover, a moving target


def test_a_target_in_cover_takes_the_cover_option_without_a_question(sprawl: Any) -> None:
    to_shooting(sprawl, ("Cole", "--inches", "3", "--into-cover"))
    data = sprawl.json("shoot", "Tully", "Cole", "-d", "2", "--cover", "quarter", "--dice", "1,1")
    assert data["targets"][0]["cover"] == "quarter" and data["chance"] == 100 - 10 - 25 - 20


def test_a_target_the_save_has_in_the_open_is_shot_in_the_open_without_a_question(sprawl: Any) -> None:
    to_shooting(sprawl, ("Cole", "--inches", "3"))
    data = sprawl.json("shoot", "Tully", "Cole", "-d", "2", "--dice", "1,1")
    assert data["targets"][0]["cover"] == "none" and cover_terms(data) == []


def test_the_referees_word_that_a_figure_is_in_cover_is_read_as_the_save(sprawl: Any, snapshot: Any) -> None:
    to_shooting(sprawl)
    sprawl.json("set", "Dee", "in_cover", "on")
    refused(sprawl, snapshot, "shoot", "Tully", "Dee", "-d", "2", "--dice", "1,9",
            says="Dee is in cover (the save says so): how much of it does the cover hide from Tully (F3: -25% a "
                 "degree; none if it does not stand between them)? Give --cover none|quarter|half|three-quarters.")
    data = sprawl.json("shoot", "Tully", "Dee", "-d", "2", "--cover", "none", "--dice", "1,1")
    assert data["chance"] == 90 and cover_terms(data) == []


def test_a_burst_asks_the_cover_of_each_target_in_cover_only(sprawl: Any) -> None:
    to_shooting(sprawl, ("Cole", "--inches", "3", "--into-cover"), ("Dee", "--inches", "2"))
    data, said = asked(sprawl, "shoot", "Mags", "Cole", "--targets", "Cole,Dee", "-d", "4", "-d", "4",
                       "--frontage", "1", "--dice", "2,99,99", answers="three-quarters\n")
    assert [t["cover"] for t in data["targets"]] == ["three-quarters", "none"]
    assert said.count("is in cover (the save says so)") == 1


# --- close combat: the defender's cover and a charge (F9) -------------------------------------


def to_close(sprawl: Any, rats: tuple[str, ...], wardens: tuple[str, ...]) -> None:
    """Each side makes its one move (none when empty); then on to the Dock Rats' close combat."""
    start(sprawl)
    if rats:
        sprawl.json("move", *rats)
    steps(sprawl, 1)
    if wardens:
        sprawl.json("move", *wardens)
    steps(sprawl, 3)


def terms(data: dict[str, Any], side: int) -> list[str]:
    return [m["label"] for m in data["modifiers"][side]]


def test_a_defender_the_save_has_in_cover_defends_from_cover_without_an_option(sprawl: Any) -> None:
    to_close(sprawl, (), ("Dee", "--inches", "2", "--into-cover"))
    data = sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--no-defender-charged",
                       "--dice", "5,5")
    assert terms(data, 1) == ["defending from cover"] and data["totals"] == [5, 6]


def test_no_cover_overrules_the_save_and_cover_says_what_it_does_not_know(sprawl: Any) -> None:
    to_close(sprawl, (), ("Dee", "--inches", "2", "--into-cover"))
    data = sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--no-defender-charged",
                       "--no-cover", "--dice", "5,5")
    assert terms(data, 1) == [] and data["totals"] == [5, 5]


def test_cover_given_for_a_defender_the_save_has_in_the_open(sprawl: Any) -> None:
    to_close(sprawl, (), ())
    data = sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--cover", "--dice", "5,5")
    assert terms(data, 1) == ["defending from cover"]
    plain = sprawl.json("undo")
    assert plain
    assert terms(sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--dice", "5,5"), 1) == []


CHARGE_QUESTION = "Did Tully charge into contact with Dee this turn, in its move of 3\" (F9: +1)?"


def test_a_fight_after_a_short_move_without_a_terminal_is_refused_naming_charged(sprawl: Any, snapshot: Any) -> None:
    to_close(sprawl, ("Tully", "--inches", "3"), ())
    refused(sprawl, snapshot, "fight", "Tully", "Dee", "--yes", "--contact", "none", "--dice", "5,5",
            says=f"{CHARGE_QUESTION} Give --charged or --no-charged.")


@pytest.mark.parametrize(("given", "answers", "charged"), [
    (("--charged",), "", True), (("--no-charged",), "", False), ((), "yes\n", True), ((), "no\n", False),
])
def test_a_charge_is_given_or_answered(sprawl: Any, given: tuple[str, ...], answers: str, charged: bool) -> None:
    to_close(sprawl, ("Tully", "--inches", "3"), ())
    data, said = asked(sprawl, "fight", "Tully", "Dee", "--yes", "--contact", "none", *given, "--dice", "5,5",
                       answers=answers)
    assert (CHARGE_QUESTION in said) is not bool(given)
    assert ("charged into combat this turn" in terms(data, 0)) is charged
    assert data["totals"] == [5 + charged, 5]


def test_a_figure_that_did_not_move_is_not_asked_about_a_charge(sprawl: Any) -> None:
    to_close(sprawl, (), ())
    data = sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--dice", "5,5")
    assert terms(data, 0) == [] and data["totals"] == [5, 5]


def test_a_defender_that_moved_is_asked_unless_the_attacker_charged(sprawl: Any, snapshot: Any) -> None:
    to_close(sprawl, (), ("Dee", "--inches", "4"))
    refused(sprawl, snapshot, "fight", "Tully", "Dee", "--yes", "--contact", "none", "--dice", "5,5",
            says="Did Dee charge into contact with Tully this turn, in its move of 4\" (F9: +1)? Give "
                 "--defender-charged or --no-defender-charged.")
    data = sprawl.json("fight", "Tully", "Dee", "--yes", "--contact", "none", "--defender-charged", "--dice", "5,5")
    assert terms(data, 1) == ["charged into combat this turn"] and data["totals"] == [5, 6]


def test_once_the_attacker_charged_the_defender_is_not_asked(sprawl: Any) -> None:
    to_close(sprawl, ("Tully", "--inches", "3"), ("Dee", "--inches", "4"))
    data, said = asked(sprawl, "fight", "Tully", "Dee", "--yes", "--contact", "none", "--dice", "5,5",
                       answers="yes\n")
    assert CHARGE_QUESTION in said and "Did Dee charge" not in said
    assert data["totals"] == [6, 5]


# --- a finished game ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ("move", "Vex"), ("aim", "Skiv"), ("overwatch", "Mags"), ("shoot", "Tully", "Dee", "-d", "2", "--cover", "none"),
    ("fight", "Tully", "Dee", "--yes", "--contact", "none", "--no-charged"), ("morale", "Wardens"), ("next",),
    ("concede", "Dock Rats"),
])
def test_a_finished_game_refuses_every_door(sprawl: Any, snapshot: Any, command: tuple[str, ...]) -> None:
    start(sprawl)
    sprawl.json("concede", "Wardens")
    before = snapshot(sprawl.folder)
    result = sprawl(*command, "--dice", "5,5,5")
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "error: the game is over (Wardens conceded); see `sprawl status`, or `sprawl undo` to take back the last "
        "change"]
    assert snapshot(sprawl.folder) == before
