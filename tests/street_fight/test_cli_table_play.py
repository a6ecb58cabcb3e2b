"""Issue 24's Street-Fight points, each through the command line with scripted dice: charges,
rounds lost, overwatch fire under F2 and F5, contact, a range and cover per target, and words."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.street_fight.test_cli import RATS, WARDENS, start, steps

Snapshot = Callable[[Path], dict[str, bytes]]


def refused(sprawl: Any, snapshot: Snapshot, *args: str, **kwargs: Any) -> str:
    """`sprawl ARGS` is refused: exit 1, one `error:` line, no file changed. Returns the line."""
    before = snapshot(sprawl.folder)
    result = sprawl(*args, **kwargs)
    assert result.exit_code == 1, (args, result.output, result.stderr)
    said = result.stderr.split("? [y/n]: ")[-1]  # on a terminal, after the question asked
    lines = [line for line in said.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), result.stderr
    assert snapshot(sprawl.folder) == before
    return lines[0]


def labels(mods: list[dict[str, Any]]) -> list[str]:
    return [m["label"] for m in mods]


def to_close(sprawl: Any) -> None:
    """From turn 1's first Movement phase (Dock Rats) to its Close Combat phase, Dock Rats acting."""
    steps(sprawl, 4)


def to_next_turn(sprawl: Any, phase_steps: int, initiative: str = "9,2") -> None:
    """From the Dock Rats' Close Combat phase into the next turn, then `phase_steps` more `next`."""
    steps(sprawl, 3)
    sprawl.json("next", "--dice", initiative)
    steps(sprawl, phase_steps)


# --- 8: --charged needs a move this turn (F9) ----------------------------------------------


def test_charged_without_a_move_this_turn_is_refused_and_force_overrules(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    to_close(sprawl)
    line = refused(sprawl, snapshot, "fight", "Vex", "Dee", "--contact", "none", "--charged", "--yes", "--dice", "6,4")
    assert "Vex has not moved this turn" in line and "--charged" in line and "--force" in line
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--charged", "--yes", "--force", "--dice", "6,4")
    assert data["totals"] == [7, 4] and data["forced"] and "not moved" in data["forced"][0]


def test_charged_after_a_move_of_five_or_less_counts(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Vex", "--inches", "5")
    to_close(sprawl)
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--charged", "--yes", "--dice", "6,4")
    assert labels(data["modifiers"][0]) == ["charged into combat this turn"] and data["totals"] == [7, 4]


# --- 9: a round lost counts in the next turn's combat, not again in this one ------------------


def test_a_lost_round_counts_next_turn_only(sprawl: Any) -> None:
    start(sprawl)
    to_close(sprawl)
    # Orla is in contact with Vex too: said at Vex's first fight, so its -1 counts in both fights.
    first = sprawl.json("fight", "Vex", "Dee", "--contact", "Orla", "--yes", "--dice", "4,7")
    assert labels(first["modifiers"][0]) == ["2 enemies on it (Dee, Orla)"] and first["totals"] == [3, 7]
    assert first["winner"] == "Dee" and first["casualty"] is None
    assert sprawl.character("Vex")["lost_last_round"] is True
    steps(sprawl, 1)  # the Wardens' close combat: Orla fights Vex this same turn
    second = sprawl.json("fight", "Orla", "Vex", "--contact", "none", "--yes", "--dice", "5,6")
    assert labels(second["modifiers"][1]) == ["2 enemies on it (Dee, Orla)"]  # no -1 for this turn's loss
    assert second["totals"] == [5, 5] and second["winner"] is None
    steps(sprawl, 2)
    sprawl.json("next", "--dice", "9,2")  # turn 2
    steps(sprawl, 4)  # to the Dock Rats' close combat
    assert sprawl.character("Vex")["lost_round_penalty"] is False  # the draw was its latest round
    third = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--dice", "9,2")  # already in contact: nothing asked
    assert "lost the last round" not in labels(third["modifiers"][0])


def test_a_round_lost_last_turn_takes_one_off(sprawl: Any) -> None:
    start(sprawl)
    to_close(sprawl)
    sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--yes", "--dice", "3,7")
    to_next_turn(sprawl, 4)
    vex = sprawl.character("Vex")
    assert (vex["lost_last_round"], vex["lost_round_penalty"]) == (True, True)
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--dice", "9,2")
    assert labels(data["modifiers"][0]) == ["lost the last round"] and data["totals"] == [8, 2]
    assert data["casualty"] == "Dee"


# --- 10: overwatch fire keeps F2 (a dash counts as moving next turn) and F5 (HMG) -------------


def test_overwatch_fire_after_a_dash_last_turn_counts_the_firer_as_moving(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Mags", "--inches", "7")
    to_close(sprawl)
    to_next_turn(sprawl, 0)
    sprawl.json("overwatch", "Mags")
    steps(sprawl, 1)
    sprawl.json("move", "Cole", "--inches", "3")
    data = sprawl.json("shoot", "Mags", "Cole", "--distance", "4", "--overwatch", "--crossed", "moved",
                       "--dice", "1,95")
    assert data["chance"] == 100 - 10 - 20 - 20 - 10
    assert "moving firer (ran over 5\" last turn (F2))" in labels(data["modifiers"])


def test_an_hmg_on_overwatch_after_a_dash_cannot_fire(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    steps(sprawl, 1)
    sprawl.json("move", "Brant", "--inches", "6")
    steps(sprawl, 3)
    to_next_turn(sprawl, 0, initiative="2,9")  # turn 2: the Wardens move first
    sprawl.json("overwatch", "Brant")
    steps(sprawl, 1)
    sprawl.json("move", "Vex", "--inches", "3")
    line = refused(sprawl, snapshot, "shoot", "Brant", "Vex", "--distance", "5", "--overwatch", "--dice", "3,1,1")
    assert "HMG cannot fire" in line and "(F5)" in line and "last turn" in line
    forced = sprawl.json("shoot", "Brant", "Vex", "--distance", "5", "--overwatch", "--crossed", "moved", "--force",
                         "--dice", "1,95")
    assert forced["forced"] and forced["chance"] == 100 - 10 - 20 - 20 - 10


# --- 11: the defender's own charge --------------------------------------------------------------


def test_a_defender_that_charged_in_its_own_move_gets_its_plus_one(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    steps(sprawl, 1)
    sprawl.json("move", "Dee", "--inches", "4")  # Dee charges Vex in the Wardens' move
    steps(sprawl, 3)
    line = refused(sprawl, snapshot, "fight", "Vex", "Orla", "--contact", "none", "--defender-charged", "--yes", "--dice", "5,7")
    assert "Orla has not moved this turn" in line and "--defender-charged" in line
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--defender-charged", "--yes", "--dice", "5,7")
    assert labels(data["modifiers"][1]) == ["charged into combat this turn"]
    assert data["totals"] == [5, 8] and data["casualty"] == "Vex"  # without the +1 it was a 7: no kill


def test_odds_fight_takes_the_defenders_charge(sprawl: Any) -> None:
    data = sprawl.json("odds", "fight", "--system", "street-fight", "--defender-charged")
    assert (data["attacker_mod"], data["defender_mod"]) == (0, 1)


# --- 12: contact within 1" is asked --------------------------------------------------------------


def test_a_new_fight_asks_for_contact(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    to_close(sprawl)
    line = refused(sprawl, snapshot, "fight", "Vex", "Dee", "--contact", "none", "--dice", "6,4")
    assert "within 1\" of Dee" in line and "--yes" in line
    line = refused(sprawl, snapshot, "fight", "Vex", "Dee", "--contact", "none", "--dice", "6,4", input="n\n", terminal=True)
    assert "not within 1\" of Dee" in line and "(F9)" in line
    result = sprawl("fight", "Vex", "Dee", "--contact", "none", "--dice", "3,3", input="y\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "within 1\" of Dee" in result.output
    to_next_turn(sprawl, 4)
    assert sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--dice", "2,2")["winner"] is None  # in combat already


# --- 13: a distance and a cover per target of a burst --------------------------------------------


def test_a_burst_takes_a_distance_and_cover_per_target(sprawl: Any) -> None:
    start(sprawl)
    steps(sprawl, 2)
    data = sprawl.json("shoot", "Mags", "Orla", "--targets", "Orla,Cole", "-d", "4", "-d", "9",
                       "--cover", "none", "--cover", "quarter", "--frontage", "2", "--dice", "3,80,20,2,90")
    assert data["chance"] == 100 - 10 - 20
    cole = data["targets"][1]
    assert (cole["target"], cole["distance"], cole["cover"], cole["chance"]) == ("Cole", 9, "quarter",
                                                                                  100 - 30 - 25 - 20)
    assert [(s["target"], s["chance"], s["distance"], s["cover"]) for s in data["shots"]] == [
        ("Orla", 70, 4, "none"), ("Cole", 25, 9, "quarter"), ("Orla", 70, 4, "none")]
    assert sprawl.character("Cole")["statuses"] == []  # hit, but a 2 does not kill with the LMG


def test_one_distance_for_several_targets_is_asked(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    steps(sprawl, 2)
    burst = ["shoot", "Mags", "Orla", "--targets", "Orla,Cole", "--distance", "4", "--dice", "2,95,95"]
    line = refused(sprawl, snapshot, *burst)
    assert "Is every target (Orla, Cole) 4\" from Mags" in line and "--yes" in line
    line = refused(sprawl, snapshot, *burst, input="n\n", terminal=True)
    assert "give --distance (and --cover) once per target" in line
    line = refused(sprawl, snapshot, "shoot", "Mags", "Orla", "--targets", "Orla,Cole", "-d", "4", "-d", "5",
                   "-d", "6")
    assert "--distance was given 3 times for 2 targets" in line
    data = sprawl.json(*burst, "--yes")
    assert [s["distance"] for s in data["shots"]] == [4, 4]


# --- 14: what status and the messages say ----------------------------------------------------------


def test_status_shows_who_is_in_cover_and_who_gave_it_away(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Vex", "--inches", "4", "--into-cover")
    vex = sprawl.character("Vex")
    assert (vex["in_cover"], vex["cover_given_away"], vex["statuses"]) == (True, False, ["moved"])
    steps(sprawl, 2)
    sprawl.json("shoot", "Vex", "Orla", "--distance", "3", "--dice", "1,99")
    assert sprawl.character("Vex")["cover_given_away"] is True
    shown = sprawl("status", env={"COLUMNS": "200", "NO_COLOR": "1"}).stdout
    assert "lost (F8)" in shown
    sprawl.json("set", "Orla", "in_cover", "on")
    assert sprawl.character("Orla")["in_cover"] is True


def test_the_close_combat_banner_while_figures_are_engaged(sprawl: Any) -> None:
    start(sprawl)
    to_close(sprawl)
    assert "no combat in progress" in " ".join(sprawl.json("status")["todo"])
    sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--yes", "--dice", "3,4")
    for _ in range(2):  # the Dock Rats' phase, then the Wardens'
        todo = " ".join(sprawl.json("status")["todo"])
        assert "no combat in progress" not in todo and "fought its round this turn" in todo
        assert "Vex vs Dee" in todo or "Dee vs Vex" in todo
        steps(sprawl, 1)


def test_a_casualty_keeps_no_lost_round(sprawl: Any) -> None:
    start(sprawl)
    to_close(sprawl)
    sprawl.json("fight", "Vex", "Dee", "--contact", "Orla", "--yes", "--dice", "3,7")
    steps(sprawl, 1)
    sprawl.json("fight", "Orla", "Vex", "--contact", "none", "--yes", "--dice", "10,1")
    vex = sprawl.character("Vex")
    assert vex["statuses"] == ["casualty"] and vex["lost_last_round"] is False
    assert "lost last round" not in sprawl("status", env={"COLUMNS": "200"}).stdout


def test_a_dash_into_cover_refused_before_any_move_says_so(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    line = refused(sprawl, snapshot, "move", "Tully", "--inches", "9", "--into-cover")
    assert "has moved" not in line and "a move of 9\" takes Tully to 9\"" in line
    sprawl.json("move", "Tully", "--inches", "3")
    line = refused(sprawl, snapshot, "move", "Tully", "--inches", "3", "--into-cover")
    assert "after the 3\" it has moved" in line and "to 6\"" in line


def test_a_second_overwatch_shot_is_refused_as_spent(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    sprawl.json("overwatch", "Tully")
    steps(sprawl, 1)
    sprawl.json("move", "Dee", "--inches", "2")
    sprawl.json("shoot", "Tully", "Dee", "--distance", "2", "--overwatch", "--crossed", "moved", "--dice", "99")
    line = refused(sprawl, snapshot, "shoot", "Tully", "Dee", "--distance", "2", "--overwatch", "--dice", "1,9")
    assert "one overwatch shot already" in line


def test_a_casualty_set_by_hand_with_morale_off_says_nothing_of_morale(sprawl: Any) -> None:
    start(sprawl, "--setting", "morale=off")
    result = sprawl("set", "Orla", "casualty", "on")
    assert result.exit_code == 0 and "morale" not in result.stdout.lower()
    assert sprawl.json("set", "Cole", "casualty", "on")["note"] is None
    start(sprawl, "--force")
    assert "morale" in sprawl.json("set", "Orla", "casualty", "on")["note"]


def test_an_empty_weapon_in_a_roster_is_not_called_missing(sprawl: Any, tmp_path: Path) -> None:
    roster = tmp_path / "bare.yaml"
    roster.write_text("system: street-fight\nsquad: Bare\ncharacters:\n  - name: Ada\n    weapon:\n")
    result = sprawl("new", "--system", "street-fight", "--squad", str(roster), "--squad", WARDENS)
    assert result.exit_code == 1 and "bare.yaml:5" in result.stderr
    assert "missing" not in result.stderr and "is not a weapon we know" in result.stderr
    roster.write_text("system: street-fight\nsquad: Bare\ncharacters:\n  - name: Ada\n")
    assert "is missing" in sprawl("new", "--system", "street-fight", "--squad", str(roster), "--squad",
                                  RATS).stderr


# --- 21: what pins the tables ------------------------------------------------------------------------


@pytest.mark.parametrize("frontage, inches", [("0.5", 1), ("1", 1), ("1.5", 2), ("2", 2), ("2.01", 3)])
def test_a_part_inch_of_frontage_counts_whole(sprawl: Any, frontage: str, inches: int) -> None:
    start(sprawl)
    steps(sprawl, 2)
    data = sprawl.json("shoot", "Mags", "Orla", "--distance", "4", "--frontage", frontage,
                       "--dice", "3,99,99,99")
    spread = [m for m in data["modifiers"] if m["source"] == "F6"]
    assert [m["amount"] for m in spread] == [-10 * inches] and data["chance"] == 90 - 10 * inches


def test_overwatch_fire_in_the_enemy_shooting_phase_and_not_in_close_combat(sprawl: Any,
                                                                           snapshot: Snapshot) -> None:
    start(sprawl)
    sprawl.json("overwatch", "Tully")
    steps(sprawl, 3)  # the Wardens' Shooting phase: Orla fires from Tully's point of aim
    assert sprawl.json("status")["phase"] == "shooting"
    sprawl.json("shoot", "Orla", "Vex", "--distance", "8", "--cover", "three-quarters", "--dice", "99")
    data = sprawl.json("shoot", "Tully", "Orla", "--distance", "2", "--overwatch", "--crossed", "fired",
                       "--dice", "80,6")
    assert data["overwatch"] is True and data["chance"] == 100 - 10 - 10 and data["casualties"] == ["Orla"]
    start(sprawl, "--force")
    sprawl.json("overwatch", "Tully")
    steps(sprawl, 5)
    line = refused(sprawl, snapshot, "shoot", "Tully", "Orla", "--distance", "2", "--overwatch", "--dice", "1,9")
    assert "Movement or Shooting phase" in line


@pytest.mark.parametrize("inches, moving", [("5", False), ("5.01", True)])
def test_exactly_five_inches_does_not_count_as_moving_next_turn(sprawl: Any, inches: str, moving: bool) -> None:
    start(sprawl)
    sprawl.json("move", "Tully", "--inches", inches)
    assert ("ran" in sprawl.character("Tully")["statuses"]) is moving
    to_close(sprawl)
    to_next_turn(sprawl, 2)  # turn 2, the Dock Rats' Shooting phase; Tully has not moved this turn
    data = sprawl.json("shoot", "Tully", "Dee", "--distance", "2", "--dice", "99")
    firer = [m for m in data["modifiers"] if m["label"].startswith("moving firer")]
    assert len(firer) == int(moving) and data["chance"] == 90 - 20 * moving


@pytest.mark.parametrize("inches, fires", [("5", True), ("6", False)])
def test_an_hmg_after_a_dash_cannot_fire_next_turn(sprawl: Any, snapshot: Snapshot, inches: str,
                                                   fires: bool) -> None:
    start(sprawl)
    steps(sprawl, 1)
    sprawl.json("move", "Brant", "--inches", inches)
    steps(sprawl, 3)
    to_next_turn(sprawl, 3)  # turn 2, the Wardens' Shooting phase; Brant has not moved this turn
    args = ("shoot", "Brant", "Vex", "--distance", "5", "--dice", "1,99")
    if fires:
        assert sprawl.json(*args)["rounds"] == 1
    else:
        line = refused(sprawl, snapshot, *args)
        assert "Brant's HMG cannot fire after a dash over 5\" last turn" in line


# Every row of the weapons table (F5), through the lookups: its d100 band, bonus, range increment,
# rounds, kill number, close-combat modifier and the HMG's limits.
ROWS = [
    {"d100": "01-50", "weapon": "pistol", "bonus": 0, "increment": 2, "rounds": None, "kill": 5,
     "close_combat": 0, "heavy": False},
    {"d100": "51-70", "weapon": "rifle", "bonus": 10, "increment": 4, "rounds": None, "kill": 4,
     "close_combat": 0, "heavy": False},
    {"d100": "71-80", "weapon": "scoped rifle", "bonus": 20, "increment": 4, "rounds": None, "kill": 4,
     "close_combat": 0, "heavy": False},
    {"d100": "81-90", "weapon": "assault rifle", "bonus": 10, "increment": 3, "rounds": "d10/2", "kill": 4,
     "close_combat": 0, "heavy": False},
    {"d100": "91-99", "weapon": "LMG", "bonus": 0, "increment": 4, "rounds": "d10", "kill": 3,
     "close_combat": -1, "heavy": False},
    {"d100": "00", "weapon": "HMG", "bonus": 0, "increment": 5, "rounds": "d10", "kill": 2,
     "close_combat": -2, "heavy": True},
]


def test_the_weapons_table_row_by_row(sprawl: Any) -> None:
    assert sprawl.json("table", "weapons", "--system", "street-fight")["rows"] == ROWS


@pytest.mark.parametrize("face, name", [("1", "pistol"), ("50", "pistol"), ("51", "rifle"), ("70", "rifle"),
                                        ("71", "scoped rifle"), ("80", "scoped rifle"), ("81", "assault rifle"),
                                        ("90", "assault rifle"), ("91", "LMG"), ("99", "LMG"), ("00", "HMG"),
                                        ("100", "HMG")])
def test_each_band_edge_of_the_weapons_roll(sprawl: Any, face: str, name: str) -> None:
    assert sprawl.json("roll", "weapon", "--system", "street-fight", "--dice", face)["weapon"] == name


@pytest.mark.parametrize("row", ROWS, ids=[r["weapon"] for r in ROWS])
def test_each_weapon_shoots_and_kills_as_its_row_says(sprawl: Any, row: dict[str, Any]) -> None:
    step = row["increment"]
    for distance, increments in ((step, 1), (step + 0.5, 2)):
        data = sprawl.json("odds", "shoot", "--system", "street-fight", "--weapon", row["weapon"],
                           "--distance", str(distance))
        assert data["chance"] == 100 - 10 * increments + row["bonus"]
        assert data["p_kill"] == (11 - row["kill"]) / 10 and data["rounds"] == row["rounds"]
    aimed = sprawl.json("odds", "shoot", "--system", "street-fight", "--weapon", row["weapon"], "--distance",
                        str(step), "--aim", "1")
    assert aimed["chance"] - (90 + row["bonus"]) == (0 if row["heavy"] else 10)


@pytest.mark.parametrize("cover, penalty", [("none", 0), ("quarter", 25), ("half", 50), ("three-quarters", 75)])
def test_each_degree_of_cover(sprawl: Any, cover: str, penalty: int) -> None:
    data = sprawl.json("odds", "shoot", "--system", "street-fight", "--weapon", "pistol", "--distance", "2",
                       "--cover", cover)
    assert data["chance"] == 90 - penalty


@pytest.mark.parametrize("attacker, defender, mods", [("Mags", "Dee", [-1, 0]), ("Tully", "Brant", [0, -2]),
                                                      ("Vex", "Orla", [0, 0])])
def test_each_weapons_close_combat_modifier(sprawl: Any, attacker: str, defender: str, mods: list[int]) -> None:
    start(sprawl)
    data = sprawl.json("odds", "fight", attacker, defender)
    assert [data["attacker_mod"], data["defender_mod"]] == mods


@pytest.mark.parametrize("faces, casualty", [("8,7", "Dee"), ("7,6", None), ("6,8", "Vex"), ("6,7", None)])
def test_a_total_of_eight_kills_and_seven_does_not(sprawl: Any, faces: str, casualty: str | None) -> None:
    start(sprawl)
    to_close(sprawl)
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--yes", "--dice", faces)
    assert data["casualty"] == casualty and data["winner"] is not None


@pytest.mark.parametrize("face, shots", [("1", 1), ("2", 1), ("3", 2), ("0", 5)])
def test_the_assault_rifle_fires_half_its_die_rounded_up(sprawl: Any, face: str, shots: int) -> None:
    start(sprawl)
    steps(sprawl, 2)
    data = sprawl.json("shoot", "Vex", "Orla", "--distance", "3", "--cover", "quarter",
                       "--dice", ",".join([face] + ["99"] * shots))
    assert (data["rounds_roll"], data["rounds"], len(data["shots"])) == (int(face) or 10, shots, shots)
