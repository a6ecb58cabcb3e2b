"""What a new group ran into at a real Gunplay table (issue 24), each through the command line
with scripted dice: a mutual wipe-out is a draw, the campaign's standing series, the referee's
`set NAME wounds N`, the aim and a move-and-fire (G9), line of sight and contact asked as table
facts, a concession among three sides, and the words of the melee and status views."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.gunplay.test_cli import CROWS, WARDENS, refused, start, who

DUEL = """system: gunplay
squad: {squad}
characters:
  - name: {name}
    weapons: [Knife]
    melee: 3
"""


def duel(sprawl: Any, *extra: str) -> None:
    """Ann (Red) against Bo (Blue), one knife each; Red wins the initiative."""
    for squad, name in (("Red", "Ann"), ("Blue", "Bo")):
        Path(sprawl.folder, f"{squad}.yaml").write_text(DUEL.format(squad=squad, name=name), encoding="utf-8")
    sprawl.json("new", "--system", "gunplay", "--squad", "Red.yaml", "--squad", "Blue.yaml", "--dice", "9,2", *extra)


# --- 1: both sides wiped out at once --------------------------------------------------------


def test_equal_strikes_that_remove_the_last_of_both_sides_are_a_draw(sprawl: Any, snapshot: Any) -> None:
    duel(sprawl)
    sprawl.json("set", "Ann", "wounds", "3")
    sprawl.json("set", "Bo", "wounds", "3")
    # Equal 12s: both hit hard (12 + 3 - 3 > 9) together; knife 1 + 3 wounds: Toughness impossible.
    data = sprawl.json("strike", "Ann", "Bo", "--dice", "12,12", "--yes")
    assert data["over"] is True and data["winner"] is None
    assert [v["removed"] for v in data["victims"]] == [True, True]
    status = sprawl.json("status")
    assert status["over"] is True and status["winner"] is None and status["draw"] is True
    assert "draw" in status["reason"]
    shown = sprawl("status", env={"NO_COLOR": "1"}).stdout
    assert "game over: a draw" in shown
    log = sprawl("log", env={"NO_COLOR": "1"}).stdout
    assert "A draw: nobody wins" in log and "Winner: Red" not in log
    refused(sprawl, snapshot, "end", says="a draw")
    refused(sprawl, snapshot, "end", "--winner", "Red", says="a draw")


def test_a_draw_is_what_the_battle_report_says(sprawl: Any) -> None:
    for squad, name in (("Red", "Ann"), ("Blue", "Bo")):
        Path(sprawl.folder, f"{squad}.yaml").write_text(DUEL.format(squad=squad, name=name), encoding="utf-8")
    sprawl.json("campaign", "new", "--squad", "Red.yaml", "--squad", "Blue.yaml")
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--dice", "9,2")
    sprawl.json("set", "Ann", "wounds", "3")
    sprawl.json("set", "Bo", "wounds", "3")
    sprawl.json("strike", "Ann", "Bo", "--dice", "12,12", "--yes")
    sprawl.json("aftermath")
    assert sprawl.json("campaign", "show")["games"][0]["winner"] is None
    report = sprawl("campaign", "report", "--format", "md").stdout
    assert "No winner" in report and "a draw" in report


def test_the_last_side_standing_still_wins(sprawl: Any) -> None:
    duel(sprawl)
    sprawl.json("set", "Bo", "wounds", "3")
    data = sprawl.json("strike", "Ann", "Bo", "--dice", "12,1", "--yes")  # Ann hits first; Bo is out
    assert data["over"] is True and data["winner"] == "Red"
    status = sprawl.json("status")
    assert status["winner"] == "Red" and status["draw"] is False


# --- 2: the campaign's standing series ------------------------------------------------------


def test_the_campaign_books_count_who_is_standing(sprawl: Any) -> None:
    sprawl.json("campaign", "new", "--squad", CROWS, "--squad", WARDENS)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--dice", "5,8")
    sprawl.json("fire", "Kit", "Vic", "--shift", "2", "--dice", "1", "--yes")  # automatic hit; Vic down
    sprawl.json("concede", "Crows")
    sprawl.json("aftermath")
    book = yaml.safe_load((sprawl.folder / "sprawl-campaign.yaml").read_text(encoding="utf-8"))
    series = book["games"][0]["series"]
    assert series["standing"] == {"Crows": [2], "Wardens": [3]}
    assert series["wounds"] == {"Crows": [1], "Wardens": [0]}


# --- 6: the referee corrects wounds ----------------------------------------------------------


def test_set_wounds_corrects_the_count_and_undo_takes_it_back(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("set", "Vic", "wounds", "2")
    assert (data["name"], data["wounds"], data["was"], data["removed"]) == ("Vic", 2, 0, False)
    assert who(sprawl, "Vic")["wounds"] == 2
    shown = sprawl("set", "Vic", "wounds", "1", env={"NO_COLOR": "1"}).stdout
    assert "Vic now carries 1 wound (was 2)." in shown
    sprawl.json("undo")
    assert who(sprawl, "Vic")["wounds"] == 2
    # The wounds count on the die at once: G4's -1 per wound.
    fired = sprawl.json("fire", "Vic", "Kit", "--dice", "4", "--force", "--yes")
    assert fired["modifier"] == 1 - 2


def test_set_wounds_on_a_down_character_past_recovery_removes_it(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("set", "Vic", "down", "on")
    data = sprawl.json("set", "Vic", "wounds", "4")
    assert data["removed"] is True and "removed" in who(sprawl, "Vic")["statuses"]


@pytest.mark.parametrize(("value", "code", "says"), [
    ("6", 1, "give 0 to 5"),
    ("x", 2, "whole number"),
    ("-1", 2, "negative"),
])
def test_set_wounds_refuses_what_cannot_be(sprawl: Any, snapshot: Any, value: str, code: int, says: str) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl("set", "Vic", "wounds", value)
    assert result.exit_code == code and says in result.stderr, result.stderr
    assert result.stderr.count("error:") == 1
    assert snapshot(sprawl.folder) == before


def test_a_hand_edited_save_with_impossible_wounds_is_refused_with_its_line(sprawl: Any) -> None:
    start(sprawl)
    text = sprawl.save.read_text(encoding="utf-8")
    sprawl.save.write_text(text.replace("wounds: 0", "wounds: 999", 1), encoding="utf-8")
    result = sprawl("status")
    assert result.exit_code == 1 and "wounds" in result.stderr and "0 to 5" in result.stderr
    assert ":" in result.stderr.split("wounds")[0]  # file:line before the key


# --- 5: line of sight and contact are table facts ----------------------------------------------


@pytest.mark.parametrize(("args", "question"), [
    (("fire", "Kit", "Vic", "--dice", "9,4"), "Can Kit see Vic (line of sight)?"),
    (("strike", "Kit", "Vic", "--dice", "9,4"), "Is Kit in contact with Vic?"),
    (("charge", "Kit", "Vic", "--dice", "9,4"), "Can Kit reach contact with Vic in one quick move"),
])
def test_without_a_terminal_the_fact_is_a_refusal_naming_yes(sprawl: Any, snapshot: Any, args: tuple[str, ...],
                                                             question: str) -> None:
    start(sprawl)
    refused(sprawl, snapshot, *args, says=question)
    assert "--yes" in sprawl(*args).stderr


@pytest.mark.parametrize(("args", "says"), [
    (("fire", "Kit", "Vic", "--dice", "9,4"), "Kit cannot see Vic: no line of sight, no shot (G4)"),
    (("strike", "Kit", "Vic", "--dice", "9,4"), "Kit is not in contact with Vic: a strike needs contact (G8)"),
    (("charge", "Kit", "Vic", "--dice", "9,4"), "Kit cannot reach Vic with a quick move: no charge"),
])
def test_answered_no_on_a_terminal_it_is_refused(sprawl: Any, snapshot: Any, args: tuple[str, ...],
                                                 says: str) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl(*args, input="n\n", terminal=True)
    assert result.exit_code == 1 and says in result.stderr, result.stderr
    assert result.stderr.count("error:") == 1
    assert snapshot(sprawl.folder) == before


def test_answered_yes_on_a_terminal_the_shot_goes_ahead(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--dice", "9,4", "--json", input="y\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert who(sprawl, "Vic")["wounds"] == 1


def test_the_referee_forces_a_shot_the_table_says_is_blocked(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--dice", "9,4", "--json", "--force", input="n\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert who(sprawl, "Vic")["wounds"] == 1
    entry = sprawl.json("log")["entries"][-1]
    assert any("no line of sight" in f for f in entry["forced"])


def test_yes_confirms_contact_for_a_strike(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("strike", "Kit", "Vic", "--dice", "10,2", "--yes")  # Kit unarmed, hard: 10 beats 9
    assert data["order"] == ["Vic", "Kit"]
