"""Street-Fight through the command line, as an outside test drives it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.factory import ROSTERS

RATS = str(ROSTERS / "street-fight" / "dock-rats.yaml")
WARDENS = str(ROSTERS / "street-fight" / "wardens.yaml")


def start(sprawl: Any, *extra: str, dice: str = "75,9,2") -> dict[str, Any]:
    """Skiv's random weapon (75: scoped rifle), then initiative: Dock Rats 9, Wardens 2."""
    return sprawl.json("new", "--system", "street-fight", "--squad", RATS, "--squad", WARDENS, "--dice", dice, *extra)


def steps(sprawl: Any, n: int, dice: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for _ in range(n):
        data = sprawl.json("next", *(["--dice", dice] if dice else []))
    return data


def test_new_rolls_random_weapons_then_initiative_and_status_has_the_contract(sprawl: Any) -> None:
    data = start(sprawl)
    assert data["weapons"] == [{"name": "Skiv", "roll": 75, "weapon": "scoped rifle"}]
    status = sprawl.json("status")
    assert {k: status[k] for k in ("system", "round", "side", "phase", "over", "winner", "reason")} == {
        "system": "street-fight", "round": 1, "side": "Dock Rats", "phase": "movement", "over": False,
        "winner": None, "reason": None}
    skiv = next(c for c in status["characters"] if c["name"] == "Skiv")
    assert (skiv["squad"], skiv["weapon"], skiv["statuses"]) == ("Dock Rats", "scoped rifle", [])


def test_ties_at_new_are_rolled_again(sprawl: Any) -> None:
    data = start(sprawl, dice="10,4,4,1,6")
    assert data["initiative"] == {"order": ["Wardens", "Dock Rats"], "rolls": {"Dock Rats": [4, 1],
                                                                                "Wardens": [4, 6]}}
    assert sprawl.json("status")["side"] == "Wardens"


def test_a_roster_of_another_system_is_refused(sprawl: Any) -> None:
    result = sprawl("new", "--system", "street-fight", "--squad", RATS, "--squad", str(ROSTERS / "plf.yaml"))
    assert result.exit_code == 1 and "plf.yaml" in result.stderr and result.stderr.startswith("error:")


def test_a_turn_of_phases_and_the_next_turns_initiative(sprawl: Any) -> None:
    start(sprawl)
    seen = [(d["phase"], d["side"]) for d in (sprawl.json("next") for _ in range(7))]
    assert seen == [("movement", "Wardens"), ("shooting", "Dock Rats"), ("shooting", "Wardens"),
                    ("close", "Dock Rats"), ("close", "Wardens"), ("morale", "Dock Rats"), ("morale", "Wardens")]
    data = sprawl.json("next", "--dice", "3,8")
    assert (data["round"], data["phase"], data["side"]) == (2, "movement", "Wardens")
    assert data["initiative"]["order"] == ["Wardens", "Dock Rats"]


def test_initiative_once_setting(sprawl: Any) -> None:
    start(sprawl, "--setting", "initiative=once")
    data = steps(sprawl, 8)
    assert (data["round"], data["side"], data["initiative"]) == (2, "Dock Rats", None)
    bad = sprawl("new", "--system", "street-fight", "--squad", RATS, "--squad", WARDENS, "--force",
                 "--setting", "initiative=sometimes")
    assert bad.exit_code == 1 and "initiative" in bad.stderr


def test_shoot_json_contract(sprawl: Any) -> None:
    start(sprawl)
    steps(sprawl, 2)
    data = sprawl.json("shoot", "Mags", "Orla", "--distance", "4", "--distance", "4", "--frontage", "2",
                       "--targets", "Orla,Cole", "--dice", "3,70,5,10,9,1")
    assert data["chance"] == 100 - 10 - 20 and data["rounds"] == 3
    assert data["shots"] == [
        {"target": "Orla", "chance": 70, "roll": 70, "hit": True, "kill_roll": 5, "casualty": True,
         "distance": 4, "cover": "none"},
        {"target": "Cole", "chance": 70, "roll": 10, "hit": True, "kill_roll": 9, "casualty": True,
         "distance": 4, "cover": "none"}]
    assert data["unfired"] == 1  # both down: the third round has nobody to hit
    orla = sprawl.character("Orla")
    assert orla["statuses"] == ["casualty"]
    assert sprawl.json("status")["squads"][1]["morale_tests_due"] == 1


def test_cover_and_target_moving_options(sprawl: Any) -> None:
    start(sprawl)
    steps(sprawl, 2)
    data = sprawl.json("shoot", "Tully", "Dee", "--distance", "3", "--cover", "three-quarters",
                       "--target-moving", "--dice", "6")
    assert data["chance"] == 100 - 20 - 75 - 20 and data["shots"][0]["hit"] is False
    assert [m["source"] for m in data["modifiers"]] == ["F3", "F3", "F3"]


def test_refusals_exit_1_with_one_error_line_and_change_nothing(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    for args in (["shoot", "Vex", "Orla", "--distance", "4"],  # the Movement phase
                 ["move", "Vex", "--inches", "10"],
                 ["fight", "Vex", "Orla"],
                 ["move", "Orla"],  # Wardens do not act now
                 ["morale", "Nobody"],
                 ["overwatch", "Orla"],
                 ["move", "Nobody"]):
        result = sprawl(*args)
        assert result.exit_code == 1, args
        assert result.stderr.count("error:") == 1 and result.stderr.startswith("error:"), result.stderr
        assert snapshot(sprawl.folder) == before


def test_move_aim_overwatch_and_an_overwatch_shot(sprawl: Any) -> None:
    start(sprawl)
    moved = sprawl.json("move", "Vex", "--inches", "7")
    assert moved["ran"] is True
    assert sprawl.character("Vex")["statuses"] == ["moved", "ran"]
    assert sprawl.json("aim", "Skiv")["bonus"] == 10
    assert sprawl.json("overwatch", "Tully", "--large")["penalty"] == -20
    sprawl.json("next")
    sprawl.json("move", "Dee", "--inches", "3")
    data = sprawl.json("shoot", "Tully", "Dee", "--distance", "2", "--overwatch", "--crossed", "moved",
                       "--dice", "50,5")
    assert data["chance"] == 100 - 10 - 20 - 20 and data["shots"][0]["casualty"] is True
    assert "overwatch" not in sprawl.character("Tully")["statuses"]


def test_fight_json_contract(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Mags", "--inches", "3")
    steps(sprawl, 4)
    data = sprawl.json("fight", "Mags", "Dee", "--contact", "Vex", "--charged", "--cover", "--yes", "--dice", "6,7")
    assert {k: data[k] for k in ("rolls", "totals", "winner", "casualty", "joined")} == {
        "rolls": [6, 7], "totals": [6, 7], "winner": "Dee", "casualty": None,
        "joined": [{"name": "Vex", "with": "Dee"}]}
    assert sprawl.character("Mags")["statuses"] == ["moved", "in_combat"]
    data = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--yes", "--dice", "9,9")
    assert data["totals"] == [9, 8] and data["winner"] == "Vex" and data["casualty"] == "Dee"


def test_morale_by_next_and_by_hand(sprawl: Any) -> None:
    start(sprawl)
    for name in ("Orla", "Brant"):
        sprawl.json("set", name, "casualty", "on")
    steps(sprawl, 5)
    data = sprawl.json("next", "--dice", "2")  # into Morale: Wardens test with 2 left; a 2 is not under 2
    assert data["phase"] == "morale" and data["morale"][0]["squad"] == "Wardens"
    assert data["morale"][0]["passed"] is False
    assert sprawl.character("Cole")["statuses"] == ["falling_back"]
    sprawl.json("set", "Cole", "casualty", "on")
    test = sprawl.json("morale", "Wardens", "--dice", "1")
    assert (test["left"], test["roll"], test["passed"]) == (1, 1, False)


def test_lookups_with_system_and_no_game(sprawl: Any) -> None:
    data = sprawl.json("odds", "shoot", "--system", "street-fight", "--weapon", "LMG", "--distance", "4",
                       "--frontage", "6", "--targets", "3")
    assert data["chance"] == 30 and data["p_kill"] == 0.8
    assert abs(sum(c["p"] for c in data["casualties"]) - 1) < 1e-12
    single = sprawl.json("odds", "shoot", "--system", "street-fight", "--weapon", "pistol", "--distance", "3")
    assert (single["p_hit"], single["p_casualty"]) == (0.8, 0.48)
    roll = sprawl.json("roll", "weapon", "--system", "street-fight", "--dice", "00")
    assert roll == {"roll": 100, "weapon": "HMG"}
    rows = sprawl.json("table", "weapons", "--system", "street-fight")["rows"]
    assert [r["weapon"] for r in rows][-1] == "HMG"
    topics = sprawl.json("rules", "overwatch", "--system", "street-fight")["topics"]
    assert any("F7" in t["title"] for t in topics)


def test_odds_from_the_game(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Tully", "--inches", "2")
    data = sprawl.json("odds", "shoot", "Tully", "Dee", "--distance", "3")
    assert data["chance"] == 100 - 20 - 20
    fight = sprawl.json("odds", "fight", "Mags", "Dee", "--charged")
    assert fight["attacker_mod"] == 0  # LMG -1, charged +1


def test_set_and_undo(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("set", "Vex", "aiming", "on")
    assert sprawl.character("Vex")["statuses"] == ["aiming"]
    bad = sprawl("set", "Vex", "pinned", "on")
    assert bad.exit_code == 1 and "not a Street-Fight status" in bad.stderr
    sprawl("undo")
    assert sprawl.character("Vex")["statuses"] == []


def test_last_squad_standing_wins(sprawl: Any) -> None:
    start(sprawl)
    for name in ("Orla", "Brant", "Cole", "Dee"):
        sprawl.json("set", name, "casualty", "on")
    status = sprawl.json("status")
    assert status["over"] is True and status["winner"] == "Dock Rats"
    assert sprawl("next").exit_code == 1


@pytest.mark.parametrize("args", [["shoot", "Vex"], ["fight", "Vex"], ["odds", "shoot", "--system", "street-fight"]])
def test_bad_usage_is_one_line(sprawl: Any, args: list[str]) -> None:
    start(sprawl)
    result = sprawl(*args)
    assert result.exit_code in (1, 2)
    assert "Traceback" not in result.output + result.stderr
    json.dumps(result.stderr)


def test_physical_dice_are_asked_by_name_and_die(sprawl: Any) -> None:
    start(sprawl)
    steps(sprawl, 2)
    result = sprawl("shoot", "Mags", "Orla", "--distance", "4", "--dice", "ask", input="2\n95\n40\n7\n",
                    terminal=True)
    assert result.exit_code == 0, result.stderr
    asked = result.output + result.stderr
    for prompt in ("Mags: Rounds (d10), 1d10", "Mags: To hit Orla (90%), 1d100", "Mags: Kill roll on Orla (3+), 1d10"):
        assert prompt in asked
    assert sprawl.character("Orla")["statuses"] == ["casualty"]
