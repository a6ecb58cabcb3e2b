"""Issue 34, items 2-3: Gunplay asks the table what only the table knows, and never assumes it.

Through the real command line, each fact both ways: answered (by its option, or at a terminal)
and, without a terminal, refused in one line naming the option, the save unchanged byte for byte.
The facts: a fire's cover and range band (G4), a quick move's straight line and difficult ground
(G3), and whether `interact` has the object in contact (G3). Also: a finished game refuses every
door of Gunplay in the kernel's flow (the rules keep no check of their own, issue 37).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.gunplay.test_cli import refused, start, who

# --- fire: cover and range band (G4) ----------------------------------------------------------


@pytest.mark.parametrize(("given", "says"), [
    ((), "How much cover has Vic from Kit: open (easy), some (33%+, moderate) or lots (67%+, hard) (G4)? "
         "Give --cover open|some|lots."),
    (("--range", "close"), "Give --cover open|some|lots."),
    (("--distance", "20"), "Give --cover open|some|lots."),
    (("--cover", "some"), "Which range band is Vic in for Kit's Rifle (close up to 18\", effective up to 36\", "
                          "extreme up to 72\"; effective -1, extreme -2, G4; --distance IN picks it)? "
                          "Give --range close|effective|extreme."),
])
def test_a_fire_without_its_cover_or_range_is_refused_naming_the_option(sprawl: Any, snapshot: Any,
                                                                        given: tuple[str, ...], says: str) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "fire", "Kit", "Vic", *given, "--dice", "12", "--yes", says=says)
    assert who(sprawl, "Kit")["actions_left"] == 2


def test_a_fire_given_its_cover_and_range_by_option_uses_them(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Kit", "Vic", "--cover", "some", "--range", "effective", "--dice", "12,12", "--yes")
    assert (data["cover"], data["range"], data["column"], data["shift"]) == ("some", "effective", "hard", -1)


def test_a_fire_asks_its_cover_and_range_at_a_terminal(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--dice", "12,12", "--json", input="y\nlots\nextreme\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["cover"], data["range"], data["column"]) == ("lots", "extreme", "impossible")
    assert "How much cover has Vic from Kit" in result.stderr and "Which range band is Vic in" in result.stderr


def test_a_distance_answers_the_range_and_only_the_cover_is_asked(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--distance", "20", "--dice", "12,12", "--json", input="y\nopen\n",
                    terminal=True)
    assert result.exit_code == 0, result.stderr
    assert (json.loads(result.stdout)["cover"], json.loads(result.stdout)["range"]) == ("open", "effective")
    assert "Which range band" not in result.stderr


# --- a quick move: its straight line and its difficult ground (G3) ----------------------------


def test_a_quick_move_without_a_terminal_is_refused_naming_yes(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "move", "Kit", "--quick", "--difficult", "none",
            says="Does Kit's quick move run in one straight line (G3)? Answer on a terminal, or add --yes if so.")


def test_a_quick_move_without_its_ground_is_refused_naming_difficult(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "move", "Kit", "--quick", "--yes",
            says="What difficult ground does Kit's quick move cross: the column of its test, or none (G3; the "
                 "scenario says)? Give --difficult none|automatic|easy|moderate|hard|impossible.")


def test_a_quick_move_that_is_not_straight_is_refused_and_forced_goes_ahead(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl("move", "Kit", "--quick", "--difficult", "none", input="n\n", terminal=True)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines()[-1].endswith("error: a quick move runs in one straight line (G3): move Kit "
                                                      "cautiously, or in two moves (add --force to overrule as "
                                                      "referee)")
    assert snapshot(sprawl.folder) == before
    forced = sprawl("move", "Kit", "--quick", "--difficult", "none", "--force", "--json", input="n\n", terminal=True)
    assert forced.exit_code == 0, forced.stderr
    assert json.loads(forced.stdout)["forced"] == ["a quick move runs in one straight line (G3): move Kit cautiously, or in "
                                       "two moves"]


@pytest.mark.parametrize(("answer", "test"), [("none", None), ("hard", 9)])
def test_a_quick_moves_ground_is_asked_at_a_terminal(sprawl: Any, answer: str, test: int | None) -> None:
    start(sprawl)
    result = sprawl("move", "Kit", "--quick", "--dice", "10", "--json", input=f"y\n{answer}\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["test"] or {}).get("target_number") == test and data["inches"] == 6


def test_a_quick_move_told_none_rolls_no_test_and_a_cautious_one_asks_nothing(sprawl: Any) -> None:
    start(sprawl)
    assert sprawl.json("move", "Kit", "--quick", "--difficult", "none", "--yes")["test"] is None
    data = sprawl.json("move", "Kit")  # cautious: no question at all, so no --yes
    assert (data["quick"], data["inches"], data["test"]) == (False, 3, None)


# --- interact: contact (G3) -------------------------------------------------------------------


def test_interact_asks_about_contact(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "interact", "Kit",
            says="Is Kit in contact with the object it works (G3)? Answer on a terminal, or add --yes if so.")
    result = sprawl("interact", "Kit", input="n\n", terminal=True)
    assert result.exit_code == 1 and result.stderr.strip().splitlines()[-1].endswith(
        "error: Kit is not in contact with anything to work: interact needs contact (G3); move to it first "
        "(add --force to overrule as referee)")
    assert sprawl.json("interact", "Kit", "--yes")["actions_left"] == 1


# --- a finished game ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ("move", "Vic"), ("fire", "Vic", "Kit", "--cover", "open", "--range", "close", "--yes"), ("aim", "Vic", "Kit"),
    ("strike", "Vic", "Kit", "--yes"), ("charge", "Vic", "Kit", "--yes"), ("recover", "Vic"),
    ("interact", "Vic", "--yes"), ("pass", "Vic"), ("done", "Vic"), ("next",), ("concede", "Crows"),
])
def test_a_finished_game_refuses_every_door(sprawl: Any, snapshot: Any, command: tuple[str, ...]) -> None:
    start(sprawl)
    sprawl.json("concede", "Wardens")
    refused(sprawl, snapshot, *command, "--dice", "12,12,12", says="the game is over (Wardens conceded)")
