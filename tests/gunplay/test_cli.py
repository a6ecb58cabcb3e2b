"""The Gunplay interface through the CLI, as an outside test drives it: `new --system gunplay`,
every command with `--json` and `--dice`, refusals (exit 1, one `error:` line, no file changed)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.factory import ROSTERS

CROWS = str(ROSTERS / "gunplay" / "crows.yaml")
WARDENS = str(ROSTERS / "gunplay" / "wardens.yaml")


def start(sprawl: Any, *extra: str, dice: str = "5,8") -> dict[str, Any]:
    """Crows against Wardens; the Wardens win the first initiative unless told otherwise."""
    return sprawl.json("new", "--system", "gunplay", "--squad", CROWS, "--squad", WARDENS, "--dice", dice, *extra)


def who(sprawl: Any, name: str) -> dict[str, Any]:
    return sprawl.character(name)


def refused(sprawl: Any, snapshot: Any, *args: str, says: str) -> None:
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and says in lines[0], result.stderr
    assert snapshot(sprawl.folder) == before


def test_new_rolls_initiative_and_status_carries_the_contract(sprawl: Any) -> None:
    data = start(sprawl)
    assert data["system"] == "gunplay" and data["side"] == "Wardens"
    status = sprawl.json("status")
    for key in ("system", "round", "side", "phase", "over", "winner", "reason"):
        assert key in status
    vic = who(sprawl, "Vic")
    assert (vic["wounds"], vic["actions_left"], vic["activated"], vic["statuses"]) == (0, 2, False, [])


def test_initiative_ties_are_rolled_again(sprawl: Any) -> None:
    assert start(sprawl, dice="6,6,9,2")["side"] == "Crows"


def test_fire_json_fields_and_dice_order(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Ruth", "Marla", "--cover", "some", "--distance", "14", "--dice", "10,4,6", "--yes")
    assert data["column"] == "hard" and data["target_number"] == 9 and data["rolls"] == [10, 4]
    assert data["modifier"] == 0 and data["hits"] == 1
    assert data["victims"] == [{"name": "Marla", "wounds": 1, "toughness_column": "easy", "toughness_roll": 6,
                                "down": False, "removed": False, "already_down": False}]
    marla = who(sprawl, "Marla")
    assert marla["wounds"] == 1 and marla["statuses"] == []
    assert who(sprawl, "Ruth")["actions_left"] == 1


def test_aimed_fire_with_a_wound_is_the_texts_example(sprawl: Any) -> None:
    start(sprawl)
    # Kit takes one wound from Marla's unanswered shot first (forced out of turn by the referee).
    sprawl.json("fire", "Marla", "Kit", "--cover", "open", "--range", "close", "--dice", "12,12", "--force", "--yes")
    assert who(sprawl, "Kit")["wounds"] == 1
    sprawl.json("done", "Marla")
    sprawl.json("aim", "Kit", "Vic")
    data = sprawl.json("fire", "Kit", "Vic", "--cover", "lots", "--distance", "20", "--dice", "10", "--yes")
    assert (data["column"], data["target_number"], data["modifier"], data["hits"]) == ("hard", 9, -1, 0)
    assert data["victims"] == []


def test_automatic_and_impossible_are_not_rolled(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--dice", "1", "--yes")  # easy +2: automatic; Toughness 1
    assert data["column"] == "automatic" and data["target_number"] is None and data["rolls"] == []
    assert data["hits"] == 1 and data["victims"][0]["toughness_roll"] == 1
    data = sprawl.json("fire", "Kit", "Dutch", "--cover", "lots", "--range", "extreme", "--yes")
    assert data["column"] == "impossible" and data["rolls"] == [] and data["hits"] == 0


def test_strike_json_order_and_rolls(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("charge", "Sheriff Hale", "Dutch", "--dice", "7,3,2", "--yes")
    assert data["rolls"] == [7, 3] and data["order"] == ["Dutch", "Sheriff Hale"]
    assert (data["column"], data["target_number"], data["modifier"]) == ("moderate", 6, 1)
    assert data["hits"] == 1 and data["victims"][0]["name"] == "Dutch" and data["victims"][0]["down"] is True
    assert who(sprawl, "Dutch")["statuses"] == ["down"]


def test_the_melee_example_through_the_cli(sprawl: Any) -> None:
    start(sprawl, dice="8,5")
    # Vic (knife, no melee skill) charges Kit (unarmed): Vic's 6 misses moderate, Kit's 10 beats hard.
    data = sprawl.json("charge", "Vic", "Kit", "--dice", "6,10", "--yes")
    assert data["order"] == ["Vic", "Kit"] and data["rolls"] == [6, 10]
    assert (data["column"], data["target_number"], data["modifier"]) == ("moderate", 6, 0)
    assert data["hits"] == 1 and [v["name"] for v in data["victims"]] == ["Vic"]
    assert data["victims"][0]["toughness_column"] == "automatic"  # unarmed, no earlier wounds
    assert who(sprawl, "Vic")["wounds"] == 1 and who(sprawl, "Kit")["wounds"] == 0


def test_a_down_target_does_not_answer(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("set", "Dutch", "down", "on")
    data = sprawl.json("strike", "Kit", "Dutch", "--dice", "8", "--yes")
    assert data["rolls"] == [8] and data["order"] == ["Kit"] and data["column"] == "moderate"
    assert data["victims"][0]["toughness_roll"] is None
    assert who(sprawl, "Dutch")["wounds"] == 1


def test_recover_and_removal(sprawl: Any) -> None:
    start(sprawl, dice="8,5")
    sprawl.json("set", "Dutch", "down", "on")
    data = sprawl.json("recover", "Dutch", "--dice", "5")
    assert data["success"] is True and data["column"] == "automatic" and data["rolls"] == []
    assert who(sprawl, "Dutch")["statuses"] == ["prone"] and who(sprawl, "Dutch")["actions_left"] == 1


def test_failed_recovery_wounds_and_ends_the_activation(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "12,1", "--yes")  # Vic: 1 wound, down
    sprawl.json("pass", "Kit")
    data = sprawl.json("recover", "Vic", "--dice", "3")
    assert data["success"] is False and data["wounds"] == 2
    vic = who(sprawl, "Vic")
    assert vic["activated"] is True and vic["statuses"] == ["down"]
    assert sprawl.json("status")["side"] == "Wardens"


def test_activation_flow_and_next(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Kit", "--quick", "--difficult", "none", "--yes")
    assert sprawl.json("status")["side"] == "Wardens"
    sprawl.json("interact", "Kit", "--yes")
    assert sprawl.json("status")["side"] == "Crows"
    for name in ("Vic", "Sheriff Hale", "Marla", "Ruth", "Dutch"):
        sprawl.json("done", name)
    data = sprawl.json("next", "--dice", "10,3")
    assert data["round"] == 2 and data["side"] == "Crows"
    assert who(sprawl, "Kit")["actions_left"] == 2 and who(sprawl, "Kit")["activated"] is False


def test_move_difficult_ground(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("move", "Kit", "--quick", "--difficult", "hard", "--dice", "9", "--yes")
    assert data["passed"] is False and data["test"]["target_number"] == 9


@pytest.mark.parametrize(("args", "says"), [
    (("fire", "Vic", "Kit"), "Wardens activate a character now"),
    (("fire", "Kit", "Vic", "--distance", "73"), "beyond the Rifle's extreme range"),
    (("fire", "Kit", "Vic", "--distance", "5", "--range", "close"), "not both"),
    (("fire", "Kit", "Ruth"), "own side"),
    (("fire", "Kit", "Vic", "--cover", "half"), "not a cover level"),
    (("fire", "Sheriff Hale", "Vic", "--weapon", "Knife"), "melee weapon"),
    (("strike", "Kit", "Nobody"), "no character named"),
    (("recover", "Kit"), "not down"),
    (("next",), "not everyone has activated"),
])
def test_refusals_change_nothing(sprawl: Any, snapshot: Any, args: tuple[str, ...], says: str) -> None:
    start(sprawl)
    refused(sprawl, snapshot, *args, says=says)


def test_mid_activation_refusal(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    sprawl.json("aim", "Kit", "Vic")
    refused(sprawl, snapshot, "pass", "Ruth", says="middle of an activation")


def test_down_must_recover_first(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    sprawl.json("set", "Kit", "down", "on")
    refused(sprawl, snapshot, "move", "Kit", says="recover Kit")


def test_short_dice_is_refused(sprawl: Any, snapshot: Any) -> None:
    start(sprawl)
    refused(sprawl, snapshot, "fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "12", "--yes", says="Toughness")


def test_roll_and_odds_lookups(sprawl: Any) -> None:
    data = sprawl.json("roll", "--system", "gunplay", "--column", "hard", "--shift", "1", "--mod", "-1",
                       "--dice", "7")
    assert {k: data[k] for k in ("column", "target_number", "rolls", "modifier", "success")} == {
        "column": "moderate", "target_number": 6, "rolls": [7], "modifier": -1, "success": False}
    odds = sprawl.json("odds", "--system", "gunplay", "--column", "hard", "--shift", "1", "--mod", "-1")
    assert odds["column"] == "moderate" and odds["p_success"] == pytest.approx(5 / 12)
    assert sprawl.json("roll", "--system", "gunplay", "--column", "easy", "--shift", "1")["rolls"] == []
    assert sprawl.json("odds", "--system", "gunplay", "--column", "moderate", "--die", "d20")["p_success"] == 0.5
    result = sprawl("roll", "--system", "gunplay", "--column", "tricky")
    assert result.exit_code == 1 and result.stderr.startswith("error:")


def test_lookups_follow_the_games_d20_setting(sprawl: Any) -> None:
    start(sprawl, "--setting", "die=d20", dice="15,20")
    assert sprawl.json("status")["die"] == "d20"
    data = sprawl.json("roll", "--column", "hard", "--dice", "16")
    assert data["target_number"] == 15 and data["success"] is True


def test_rules_and_help_show_gunplay(sprawl: Any) -> None:
    start(sprawl)
    assert "G8" in sprawl("rules", "melee").stdout
    helped = sprawl("--help").stdout
    for command in ("fire", "strike", "charge", "recover", "done"):
        assert command in helped


def test_undo_takes_back_a_fire(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "12,1", "--yes")
    assert who(sprawl, "Vic")["statuses"] == ["down"]
    assert sprawl("undo").exit_code == 0
    assert who(sprawl, "Vic")["statuses"] == [] and who(sprawl, "Vic")["wounds"] == 0


def test_game_over_when_a_squad_is_removed(sprawl: Any) -> None:
    start(sprawl)
    for name in ("Vic", "Marla", "Dutch"):
        sprawl.json("set", name, "removed", "on")
    status = sprawl.json("status")
    assert status["over"] is True and status["winner"] == "Wardens"
    assert json.loads(sprawl("pass", "Kit", "--json").stdout)["error"]


def test_dice_ask_names_each_roll_and_its_die(sprawl: Any) -> None:
    start(sprawl)
    result = sprawl("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--dice", "ask", "--json", "--yes", input="12\n2\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Kit: Fire, 1d12" in result.output and "Vic: Toughness, 1d12" in result.output
    assert json.loads(result.stdout[result.stdout.index("{"):])["victims"][0]["toughness_roll"] == 2


def test_three_sides_even_winner_goes_clockwise(sprawl: Any, tmp_path: Any) -> None:
    third = tmp_path / "drifters.yaml"
    third.write_text("system: gunplay\nsquad: Drifters\ncharacters:\n  - {name: Lou, weapons: [Pistol]}\n")
    data = sprawl.json("new", "--system", "gunplay", "--squad", CROWS, "--squad", WARDENS, "--squad", str(third),
                       "--dice", "3,9,9,8,5")  # Wardens and Drifters tie on 9; Wardens win the re-roll with 8
    assert data["initiative"] == [{"Crows": 3, "Wardens": 9, "Drifters": 9}, {"Wardens": 8, "Drifters": 5}]
    assert data["order"] == ["Wardens", "Drifters", "Crows"] and data["side"] == "Wardens"
    sprawl.json("done", "Kit")
    assert sprawl.json("status")["side"] == "Drifters"
    sprawl.json("done", "Lou")
    assert sprawl.json("status")["side"] == "Crows"
    sprawl.json("done", "Vic")
    assert sprawl.json("status")["side"] == "Wardens"  # the Drifters have nobody left: skipped next time round


def test_a_roster_of_another_system_is_refused(sprawl: Any) -> None:
    result = sprawl("new", "--system", "gunplay", "--squad", CROWS, "--squad", str(ROSTERS / "plf.yaml"))
    assert result.exit_code == 1 and "plf.yaml" in result.stderr


def test_odds_of_each_number_of_hits(sprawl: Any) -> None:
    data = sprawl.json("odds", "--system", "gunplay", "--column", "hard", "--rof", "2")
    assert data["hits"] == {"0": pytest.approx(81 / 144), "1": pytest.approx(54 / 144), "2": pytest.approx(9 / 144)}


def test_the_log_names_each_die_and_shows_a_d12_as_it_is(sprawl: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # SPRAWL reads a 7 or more on a d10 as a success; the log must not colour Gunplay's d12s that way
    start(sprawl)
    sprawl.json("fire", "Ruth", "Marla", "--cover", "some", "--distance", "14", "--dice", "8,4", "--yes")  # hard: beat 9
    rolls = sprawl.json("log")["entries"][-1]["rolls"]
    assert rolls == [{"label": "Ruth: Fire", "faces": [8, 4], "die": "d12"}]
    monkeypatch.setenv("FORCE_COLOR", "1")
    shown = sprawl("log").stdout
    line = next(text for text in shown.splitlines() if "Ruth: Fire" in text)
    assert "\x1b[" in line  # colour is on: the label is dimmed
    assert "[8 4]" in line and "\x1b[1;32m" not in line  # but no face is coloured as a success

