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
    assert data["over"] is True and data["winner"] is None and data["draw"] is True
    assert [v["removed"] for v in data["victims"]] == [True, True]
    status = sprawl.json("status")
    assert status["over"] is True and status["winner"] is None and status["draw"] is True
    assert "draw" in status["reason"]
    shown = sprawl("status", env={"NO_COLOR": "1"}).stdout
    assert "game over: Red and Blue lost their last characters in the same exchange: a draw" in shown
    log = sprawl("log", env={"NO_COLOR": "1"}).stdout
    assert "Nobody wins: Red and Blue lost their last characters in the same exchange: a draw." in log
    assert "Winner: Red" not in log
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
    sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--dice", "1", "--yes")  # automatic hit; Vic down
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
    fired = sprawl.json("fire", "Vic", "Kit", "--cover", "open", "--range", "close", "--dice", "4", "--force", "--yes")
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


def test_a_character_brought_back_can_be_hit_past_five_and_the_save_still_loads(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("set", "Vic", "down", "on")
    sprawl.json("set", "Vic", "wounds", "5")
    sprawl.json("set", "Vic", "removed", "off")
    data = sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--yes")  # automatic; already down
    assert data["victims"][0]["wounds"] == 6 and data["victims"][0]["removed"] is True
    assert who(sprawl, "Vic")["wounds"] == 6


def test_a_hand_edited_save_with_impossible_wounds_is_refused_with_its_line(sprawl: Any) -> None:
    start(sprawl)
    text = sprawl.save.read_text(encoding="utf-8")
    sprawl.save.write_text(text.replace("wounds: 0", "wounds: 999", 1), encoding="utf-8")
    result = sprawl("status")
    assert result.exit_code == 1 and "wounds" in result.stderr and "0 to 20" in result.stderr
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
    result = sprawl("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "9,4", "--json", input="y\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert who(sprawl, "Vic")["wounds"] == 1


def test_the_referee_forces_a_shot_the_table_says_is_blocked(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "9,4", "--json", "--force", input="n\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert who(sprawl, "Vic")["wounds"] == 1
    entry = sprawl.json("log")["entries"][-1]
    assert any("no line of sight" in f for f in entry["forced"])


def test_yes_confirms_contact_for_a_strike(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("strike", "Kit", "Vic", "--dice", "10,2", "--yes")  # Kit unarmed, hard: 10 beats 9
    assert data["order"] == ["Vic", "Kit"]


# --- 3: the aim and a move-and-fire (G9) -------------------------------------------------------


def aimed_fire(sprawl: Any, *how: str, at: str = "Vic") -> dict[str, Any]:
    start(sprawl)
    sprawl.json("aim", "Kit", "Vic")
    return sprawl.json("fire", "Kit", at, "--range", "close", "--cover", "some", *how, "--yes")


def test_an_aim_then_a_plain_fire_counts_and_says_why(sprawl: Any) -> None:
    data = aimed_fire(sprawl, "--dice", "4,9")  # moderate +1: easy, beat 3
    assert data["aimed"] is True and data["shift"] == 1 and data["column"] == "easy"
    assert data["aim"] == {"at": "Vic", "counted": True, "why": "the previous action was aim at Vic (G4)"}


def test_an_aim_then_a_quick_move_and_fire_does_not_count_g9(sprawl: Any) -> None:
    data = aimed_fire(sprawl, "--moving", "quick", "--dice", "12,9")  # moderate -1 (quick): hard
    assert data["aimed"] is False and data["shift"] == -1 and data["column"] == "hard"
    assert data["aim"]["counted"] is False and "G9" in data["aim"]["why"]
    sprawl.json("undo")
    shown = sprawl("fire", "Kit", "Vic", "--range", "close", "--cover", "some", "--moving", "quick", "--dice", "12,9", "--yes",
                   env={"NO_COLOR": "1"}).stdout
    assert ("The aim at Vic does not count: a quick move-and-fire spoils the aim as a cautious one does "
            "(G9, house).") in shown


def test_an_aim_then_a_cautious_move_and_fire_drops_the_aim_g3(sprawl: Any) -> None:
    data = aimed_fire(sprawl, "--moving", "cautious", "--dice", "7,9")  # moderate, no shift: 7 beats 6
    assert data["aimed"] is False and data["shift"] == 0 and data["column"] == "moderate"
    assert data["aim"] == {"at": "Vic", "counted": False,
                           "why": "a cautious move-and-fire cannot be combined with the aim (G3)"}
    assert data["hits"] == 1


def test_an_aim_at_someone_else_does_not_count(sprawl: Any) -> None:
    data = aimed_fire(sprawl, "--dice", "7,9", at="Marla")
    assert data["aimed"] is False and data["column"] == "moderate"
    assert data["aim"]["why"] == "the aim was at Vic, not Marla (G4)"


def test_no_aim_no_word_about_it(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Kit", "Vic", "--range", "close", "--cover", "some", "--dice", "2", "--yes")
    assert data["aim"] is None and data["aimed"] is False


def test_g9_is_listed_as_house_in_status_and_rules(sprawl: Any) -> None:
    start(sprawl)
    assert any(h.startswith("G9") for h in sprawl.json("status")["house"])
    assert "G9" in sprawl("status", env={"NO_COLOR": "1"}).stdout
    assert "G9" in sprawl("rules", "house").stdout


# --- 7: words ------------------------------------------------------------------------------------


def test_a_fighter_put_down_before_it_strikes_does_not_show_a_hit(sprawl: Any) -> None:
    duel(sprawl)
    # Ann 12, Bo 10: Bo is faster, hits (10 + 3 > 9), and Ann's Toughness (easy) fails on a 2.
    result = sprawl("strike", "Ann", "Bo", "--dice", "12,10,2", "--yes", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    ann = next(line for line in result.stdout.splitlines() if line.strip().startswith("Ann (Knife)"))
    assert "a hit" not in ann and "went down before it could strike" in ann
    assert "Bo (Knife)" in result.stdout and ": a hit" in result.stdout


@pytest.mark.parametrize(("wounds", "tail"), [
    ("0", "already down, so no Toughness test."),
    ("1", "already down, so no Toughness test."),  # rifle 2 + 1 wound: impossible, still no test
    ("3", "already down, so no Toughness test: removed from the game."),
])
def test_a_hit_on_a_target_already_down_always_says_so(sprawl: Any, wounds: str, tail: str) -> None:
    start(sprawl)
    sprawl.json("set", "Vic", "down", "on")
    sprawl.json("set", "Vic", "wounds", wounds)
    result = sprawl("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--yes", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert f"Vic takes a wound ({int(wounds) + 1} in all); {tail}" in result.stdout
    data = sprawl.json("log")["entries"][-1]["outcome"]
    assert data["victims"][0]["already_down"] is True and data["victims"][0]["toughness_roll"] is None


def test_a_character_cannot_aim_at_itself(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "aim", "Kit", "Kit", says="Kit cannot aim at itself")


def test_the_log_and_the_session_line_count_turns(sprawl: Any) -> None:
    from sprawl_cli.play import status_line
    from sprawl_cli.store import GameStore

    start(sprawl)
    sprawl.json("pass", "Kit")
    log = sprawl("log", env={"NO_COLOR": "1"}).stdout
    assert "turn 1 · Wardens" in log and "round 1" not in log
    assert status_line(GameStore(sprawl.save).load()).startswith("Turn 1 | Wardens")


def test_rules_melee_says_the_answer_is_free(sprawl: Any) -> None:
    text = sprawl("rules", "melee", "--system", "gunplay").stdout
    assert "answers for free" in text and "for nothing" not in text


# --- 20: a bad face in a Gunplay game --------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("fire", "Kit", "Vic", "--dice", "KS", "--yes"),
    ("recover", "Vic", "--dice", "x"),
    ("roll", "--system", "gunplay", "--column", "easy", "--dice", "x"),
])
def test_a_bad_face_is_explained_as_a_die_face_not_a_card(sprawl: Any, snapshot: Any,
                                                          args: tuple[str, ...]) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1 and result.stderr.count("error:") == 1
    assert "is not a die face" in result.stderr and "d12" in result.stderr and "card" not in result.stderr
    assert snapshot(sprawl.folder) == before


def test_new_explains_a_bad_initiative_face_the_same_way(sprawl: Any) -> None:
    result = sprawl("new", "--system", "gunplay", "--squad", CROWS, "--squad", WARDENS, "--dice", "5,RJ")
    assert result.exit_code == 1 and "not a die face" in result.stderr and "card" not in result.stderr
    assert not sprawl.save.exists()


# --- 21: the tables, row by row ---------------------------------------------------------------------


@pytest.mark.parametrize(("who_fires", "target", "distance", "band"), [
    ("Kit", "Vic", "18", "close"), ("Kit", "Vic", "18.5", "effective"), ("Kit", "Vic", "36", "effective"),
    ("Kit", "Vic", "36.5", "extreme"), ("Kit", "Vic", "72", "extreme"),                     # Rifle 18/36/72
    ("Marla", "Kit", "12", "close"), ("Marla", "Kit", "12.5", "effective"), ("Marla", "Kit", "24", "effective"),
    ("Marla", "Kit", "24.5", "extreme"), ("Marla", "Kit", "48", "extreme"),                 # Shotgun 12/24/48
    ("Dutch", "Kit", "9", "close"), ("Dutch", "Kit", "9.5", "effective"), ("Dutch", "Kit", "18", "effective"),
    ("Dutch", "Kit", "18.5", "extreme"), ("Dutch", "Kit", "36", "extreme"),                 # Pistol 9/18/36
])
def test_each_weapons_range_bands(sprawl: Any, who_fires: str, target: str, distance: str, band: str) -> None:
    start(sprawl, dice="8,5" if who_fires != "Kit" else "5,8")
    # -5 shifts: impossible, so no die is rolled and only the band is read.
    data = sprawl.json("fire", who_fires, target, "--cover", "open", "--distance", distance, "--shift", "-5", "--yes")
    assert data["range"] == band and data["column"] == "impossible"


@pytest.mark.parametrize(("who_fires", "target", "distance", "limit"), [
    ("Kit", "Vic", "72.5", "72"), ("Marla", "Kit", "48.5", "48"), ("Dutch", "Kit", "36.5", "36"),
])
def test_beyond_each_weapons_extreme_range_is_refused(sprawl: Any, snapshot: Any, who_fires: str, target: str,
                                                      distance: str, limit: str) -> None:
    start(sprawl, dice="8,5" if who_fires != "Kit" else "5,8")
    refused(sprawl, snapshot, "fire", who_fires, target, "--cover", "open", "--distance", distance, "--yes",
            says=f"extreme range of {limit}\"")


@pytest.mark.parametrize(("band", "shift", "column"), [
    ("close", 0, "moderate"), ("effective", -1, "hard"), ("extreme", -2, "impossible"),
])
def test_each_range_bands_shift(sprawl: Any, band: str, shift: int, column: str) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Kit", "Vic", "--cover", "some", "--range", band, "--dice", "1", "--yes")
    assert (data["shift"], data["column"]) == (shift, column)


@pytest.mark.parametrize(("cover", "column", "number"), [
    ("open", "easy", 3), ("some", "moderate", 6), ("lots", "hard", 9),
])
def test_each_cover_column(sprawl: Any, cover: str, column: str, number: int) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Kit", "Vic", "--range", "close", "--cover", cover, "--dice", "1", "--yes")
    assert (data["column"], data["target_number"]) == (column, number)


@pytest.mark.parametrize(("distance", "toughness"), [("12", "moderate"), ("13", "easy"), ("48", "easy")])
def test_the_shotgun_does_2_close_and_1_beyond(sprawl: Any, distance: str, toughness: str) -> None:
    start(sprawl, dice="8,5")
    # +4 shifts: automatic at any band; the Toughness column shows the damage (0 wounds before).
    data = sprawl.json("fire", "Marla", "Kit", "--cover", "open", "--distance", distance, "--shift", "4", "--dice", "12", "--yes")
    assert data["victims"][0]["toughness_column"] == toughness


@pytest.mark.parametrize(("name", "weapon"), [
    ("Vic", {"name": "Rifle", "damage": 2, "rof": 1, "ranges": [18, 36, 72]}),
    ("Marla", {"name": "Shotgun", "damage": 2, "rof": 1, "ranges": [12, 24, 48], "far_damage": 1}),
    ("Dutch", {"name": "Pistol", "damage": 1, "rof": 1, "ranges": [9, 18, 36]}),
    ("Dutch", {"name": "Knife", "damage": 1, "rof": 0, "ranges": []}),
])
def test_the_house_gear_rows(sprawl: Any, name: str, weapon: dict[str, Any]) -> None:
    start(sprawl)
    assert weapon in who(sprawl, name)["weapons"]


@pytest.mark.parametrize(("die", "column", "number"), [
    ("d12", "easy", 3), ("d12", "moderate", 6), ("d12", "hard", 9),
    ("d20", "easy", 5), ("d20", "moderate", 10), ("d20", "hard", 15),
])
def test_the_ladder_numbers(sprawl: Any, die: str, column: str, number: int) -> None:
    data = sprawl.json("roll", "--system", "gunplay", "--column", column, "--die", die, "--dice", str(number))
    assert data["target_number"] == number and data["success"] is False  # equal fails
    data = sprawl.json("roll", "--system", "gunplay", "--column", column, "--die", die, "--dice", str(number + 1))
    assert data["success"] is True


# --- 4: a concession among three sides -----------------------------------------------------------

OUTLAWS = """system: gunplay
squad: Outlaws
characters:
  - name: Jesse
    weapons: [Pistol]
  - name: Belle
    weapons: [Rifle]
"""


def three_sides(sprawl: Any) -> None:
    Path(sprawl.folder, "outlaws.yaml").write_text(OUTLAWS, encoding="utf-8")
    # Wardens win on an even 8: clockwise (roster order) from them: Wardens, Outlaws, Crows.
    data = sprawl.json("new", "--system", "gunplay", "--squad", CROWS, "--squad", WARDENS, "--squad",
                       "outlaws.yaml", "--dice", "5,8,3")
    assert data["order"] == ["Wardens", "Outlaws", "Crows"]


def test_a_side_that_concedes_among_three_leaves_and_the_others_play_on(sprawl: Any) -> None:
    three_sides(sprawl)
    data = sprawl.json("concede", "Wardens")
    assert data["over"] is False and data["winner"] is None and data["play_on"] == ["Crows", "Outlaws"]
    status = sprawl.json("status")
    assert status["over"] is False and status["side"] == "Outlaws"
    assert all("removed" in who(sprawl, n)["statuses"] for n in ("Sheriff Hale", "Ruth", "Kit"))
    assert who(sprawl, "Vic")["statuses"] == []
    sprawl.json("undo")
    shown = sprawl("concede", "Wardens", env={"NO_COLOR": "1"}).stdout
    assert "Wardens concedes the game." in shown and "The others play on: Crows, Outlaws." in shown
    # Two sides left: the next concession ends the game, and the last side wins.
    sprawl.json("pass", "Jesse")
    data = sprawl.json("concede", "Outlaws")
    assert data["over"] is True and data["winner"] == "Crows" and data["reason"] == "Outlaws conceded"


def test_a_side_wiped_out_cannot_concede(sprawl: Any, snapshot: Any) -> None:
    three_sides(sprawl)
    sprawl.json("concede", "Wardens")
    refused(sprawl, snapshot, "concede", "Wardens", says="Wardens has nobody left in the game")


def test_with_two_sides_a_concession_still_ends_the_game(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("concede", "Crows")
    assert data["over"] is True and data["winner"] == "Wardens"
