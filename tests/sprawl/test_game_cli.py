"""`new`, `status`, `next`, `set`, `damage`, `log`, `undo`, `redo` through the CLI."""

from __future__ import annotations

import json

import pytest

from tests.factory import PLF, SUIT


def test_new_then_status_json(sprawl):
    sprawl.new("--rounds", "3")
    data = sprawl.json("status")
    assert data["round"] == 1 and data["phase"] == "movement"
    assert data["side"] == "People's Liberation Front"
    assert data["over"] is False and data["winner"] is None and data["reason"] is None
    babs = next(c for c in data["characters"] if c["name"] == "Babs")
    assert babs["health"] == babs["max_health"] == 3
    assert babs["statuses"] == [] and babs["damage_taken"] == 0


def test_new_refuses_to_overwrite_game_in_progress(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    result = sprawl("new", "--squad", PLF, "--squad", SUIT)
    assert result.exit_code == 1
    assert "in progress" in result.stderr and "--force" in result.stderr
    assert snapshot(sprawl.folder) == before
    assert sprawl("new", "--squad", PLF, "--squad", SUIT, "--force").exit_code == 0


def test_status_without_game_points_to_new(sprawl):
    result = sprawl("status")
    assert result.exit_code == 1
    assert result.stderr.startswith("error:") and "sprawl new" in result.stderr


def test_json_error_object(sprawl):
    result = sprawl("status", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"error": result.stderr.strip().removeprefix("error: ")}
    assert "no game at sprawl-game.yaml; start one with `sprawl new" in result.stderr


def test_next_walks_phases_and_turns(sprawl):
    sprawl.new()
    phases = [sprawl.json("next")["phase"] for _ in range(4)]
    assert phases == ["ranged", "close", "recovery", "movement"]
    data = sprawl.json("status")
    assert data["side"] == "S.U.I.T. #13" and data["round"] == 1
    for _ in range(4):
        sprawl.json("next")
    assert sprawl.json("status")["round"] == 2


def test_round_limit_ends_game(sprawl):
    sprawl.new("--rounds", "1")
    for _ in range(8):
        sprawl.json("next")
    data = sprawl.json("status")
    assert data["over"] is True and "round limit" in data["reason"]
    result = sprawl("next")
    assert result.exit_code == 1 and "over" in result.stderr


def test_set_undo_redo_restore_exactly(sprawl):
    sprawl.new()
    original = sprawl.save.read_bytes()
    sprawl.json("set", "Razz", "pinned", "on")
    pinned = sprawl.save.read_bytes()
    assert "pinned" in sprawl.character("Razz")["statuses"]
    sprawl.json("undo")
    assert sprawl.save.read_bytes() == original
    sprawl.json("redo")
    assert sprawl.save.read_bytes() == pinned


def test_undo_with_nothing_to_undo_is_refused(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    result = sprawl("undo")
    assert result.exit_code == 1 and "nothing" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_damage_to_zero_rolls_incapacitation_and_panic(sprawl):
    sprawl.new()
    data = sprawl.json("damage", "Newton", "3", "--dice", "9,7,7,7,1", "--nearby", "Wilson")
    victim = data["victims"][0]
    assert victim["health"] == 0 and victim["incapacitation"] == {"roll": 9, "result": "out_of_action"}
    assert data["panic"][0]["name"] == "Wilson" and data["panic"][0]["panicked"] is False
    assert "out_of_action" in sprawl.character("Newton")["statuses"]


def test_too_few_dice_changes_nothing(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    result = sprawl("damage", "Newton", "3", "--dice", "9", "--nearby", "Wilson")
    assert result.exit_code == 1 and "Wilson: Guts" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_unknown_name_did_you_mean(sprawl):
    sprawl.new()
    result = sprawl("status", "Bab")
    assert result.exit_code == 1 and "did you mean 'Babs'" in result.stderr


def test_log_keeps_dice(sprawl):
    sprawl.new()
    sprawl.json("damage", "Newton", "3", "--dice", "2")
    entries = sprawl.json("log")["entries"]
    assert entries[-1]["rolls"] == [{"label": "Newton: Incapacitation", "faces": [2], "die": "d10"}]


def test_the_log_colours_sprawls_d10s(sprawl, monkeypatch):
    sprawl.new()
    assert sprawl("damage", "Newton", "3", "--dice", "9", "--nearby", "none").exit_code == 0
    monkeypatch.setenv("FORCE_COLOR", "1")
    shown = sprawl("log").stdout
    line = next(text for text in shown.splitlines() if "Incapacitation" in text)
    assert "\x1b[1;32m9" in line  # the theme's die.hit: bold green


def walk_to_next_own_recovery(sprawl):
    """From the first Movement Phase to the first side's Recovery Phase of its next turn."""
    for _ in range(3 + 4 + 4):
        assert sprawl("next").exit_code == 0


def test_next_refuses_to_skip_a_due_recovery(sprawl, snapshot):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    walk_to_next_own_recovery(sprawl)
    data = sprawl.json("status")
    assert (data["side"], data["phase"]) == ("People's Liberation Front", "recovery")
    before = snapshot(sprawl.folder)
    refused = sprawl("next")
    assert refused.exit_code == 1 and "Razz (pinned)" in refused.stderr and "sprawl recover" in refused.stderr
    assert snapshot(sprawl.folder) == before
    forced = sprawl.json("next", "--force")  # R23: the referee may skip it, and the log says so
    assert forced["phase"] == "movement"
    assert sprawl.json("log", "--last", "1")["entries"][0]["forced"]


def test_recovered_characters_let_the_turn_end(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    walk_to_next_own_recovery(sprawl)
    sprawl.json("recover")  # R11: no Health lost, so it gets up by itself
    assert "pinned" not in sprawl.character("Razz")["statuses"]
    assert sprawl.json("next")["phase"] == "movement"


def test_shooting_reminder_lists_who_moved_but_not_who_ran(sprawl):
    sprawl.new()
    sprawl.json("move", "Babs")
    sprawl.json("move", "Razz", "--run")
    todo = sprawl.json("next")["todo"]
    line = next(t for t in todo if t.startswith("May shoot"))
    assert "Babs" in line and "Razz" not in line


def test_set_hidden_needs_the_hiding_count(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    refused = sprawl("set", "Lang", "hidden", "on")
    assert refused.exit_code == 1 and "--count" in refused.stderr
    assert snapshot(sprawl.folder) == before
    sprawl.json("set", "Lang", "hidden", "on", "--count", "3")
    lang = sprawl.character("Lang")
    assert "hidden" in lang["statuses"] and lang["hide_successes"] == 3


def test_set_error_lists_each_status_once(sprawl):
    sprawl.new()
    message = sprawl("set", "Lang", "sleepy", "on").stderr
    listed = message.split("use one of ")[1].strip().split(", ")
    assert len(listed) == len(set(listed))


def test_new_campaign_game_refuses_to_drop_an_unrolled_aftermath(sprawl, snapshot):
    assert sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT).exit_code == 0
    assert sprawl("new", "--campaign", "sprawl-campaign.yaml").exit_code == 0
    sprawl.json("damage", "Razz", "3", "--dice", "9", "--nearby", "none")
    sprawl.json("end", "--winner", "S.U")
    before = snapshot(sprawl.folder)
    refused = sprawl("new", "--campaign", "sprawl-campaign.yaml")
    assert refused.exit_code == 1 and "aftermath" in refused.stderr
    assert snapshot(sprawl.folder) == before


def edit_save(sprawl, change):
    import yaml

    data = yaml.safe_load(sprawl.save.read_text())
    change(data)
    sprawl.save.write_text(yaml.safe_dump(data, sort_keys=False))


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda d: d["characters"][0].update(engaged_with=["Wilson"]), "engaged_with"),
        (lambda d: d["characters"][0].update(toughness=0), "toughness"),
        (lambda d: d["characters"][0].update(uses_spent={"Grenade": 7}), "uses_spent"),
    ],
)
def test_hand_edits_that_break_the_rules_are_refused(sprawl, change, key):
    sprawl.new()
    edit_save(sprawl, change)
    result = sprawl("status")
    assert result.exit_code == 1 and key in result.stderr and "sprawl-game.yaml:" in result.stderr


def test_zero_health_from_any_source_ends_the_close_combat(sprawl):
    sprawl.new()
    sprawl.json("charge", "Wes", "Gordo")
    data = sprawl.json("damage", "Gordo", "4", "--dice", "5", "--nearby", "none")  # R8: 5 is Down
    assert data["victims"][0]["disengaged"] == ["Wes"]
    assert sprawl.character("Gordo")["engaged_with"] == [] and sprawl.character("Wes")["engaged_with"] == []


def test_panicking_names_the_marker_it_loses(sprawl):
    sprawl.new()
    sprawl.json("set", "Wes", "overwatch", "on")
    data = sprawl.json("damage", "Razz", "3", "--nearby", "Wes", "--dice", "9,1,1,1,1,5")
    assert data["panic"][0]["panicked"] is True and data["panic"][0]["lost"] == ["overwatch"]
    assert "overwatch" not in sprawl.character("Wes")["statuses"]
