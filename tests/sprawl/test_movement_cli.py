"""The Movement Phase commands through the CLI: hiding, spotting, charging, panicked
flight and the turn's bookkeeping; refusals change no file, --force is logged."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def game(sprawl):
    """A new game: the People's Liberation Front moves first, against S.U.I.T. #13."""
    sprawl.new()
    return sprawl


def nexts(sprawl, count, *extra):
    data = None
    for _ in range(count):
        data = sprawl.json("next", *extra)
    return data


def refused(sprawl, snapshot, *args):
    """Run a command that must be refused; prove it changed nothing; return its stderr."""
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, result.stdout
    assert result.stderr.startswith("error:")
    assert snapshot(sprawl.folder) == before
    return result.stderr


def test_move_prints_the_allowance(game):
    result = game("move", "Babs", "--terrain", "difficult")
    assert result.exit_code == 0
    assert 'Babs may move 2" over difficult ground' in result.stdout
    data = game.json("move", "Razz")
    assert data["name"] == "Razz" and data["allowance"] == 4 and data["mode"] == "walk" and data["forced"] == []


def test_run_across_difficult_ground_json(game):
    data = game.json("move", "Razz", "--run", "--terrain", "difficult", "--across", "3", "--dice", "9,2,2,2")
    assert data["allowance"] == 4 and data["test"]["faces"] == [9, 2, 2, 2] and data["test"]["successes"] == 1
    assert data["stumbled"] is True and data["stop_at"] == 1.5
    assert "ran" in game.character("Razz")["statuses"]


def test_run_across_difficult_ground_needs_the_length(game, snapshot):
    error = refused(game, snapshot, "move", "Razz", "--run", "--terrain", "difficult", "--dice", "7,7,7,7")
    assert "--across" in error


def test_ran_lasts_until_its_own_next_turn(game):
    game.json("move", "Razz", "--run")
    nexts(game, 4)
    assert game.json("status")["side"] == "S.U.I.T. #13"
    assert "ran" in game.character("Razz")["statuses"]  # a running target during the enemy's turn (R13)
    nexts(game, 4)
    razz = game.character("Razz")
    assert "ran" not in razz["statuses"] and razz["acted"] == []


def test_impassable_and_ladder_refusals(game, snapshot):
    assert "impassable" in refused(game, snapshot, "move", "Wes", "--terrain", "treacherous")
    assert "ladder" in refused(game, snapshot, "move", "Wes", "--ladder", "--run")
    assert "treacherous" in refused(game, snapshot, "move", "Wes", "--terrain", "treacherous", "--run")


def test_climb_asks_unless_yes(game, snapshot):
    assert "--yes" in refused(game, snapshot, "move", "Wes", "--climb")
    data = game.json("move", "Wes", "--climb", "--yes")
    assert data["climb_cost"] == 2 and data["after_climb"] == 3


def test_climb_asks_on_a_terminal(game):
    result = game("move", "Wes", "--climb", "--json", input="y\nn\n", terminal=True)
    assert result.exit_code == 1 and "more than half" in result.stderr
    result = game("move", "Wes", "--climb", "--json", input="y\ny\n", terminal=True)
    assert result.exit_code == 0 and json.loads(result.stdout)["climb_cost"] == 2


def test_hide_needs_an_answer(game, snapshot):
    error = refused(game, snapshot, "hide", "Babs", "--dice", "7,7,7,7")
    assert "Wilson 4\"" in error and "--yes" in error


def test_hide_then_spot(game, snapshot):
    data = game.json("hide", "Babs", "--yes", "--dice", "7,10,1,1")
    assert data["hidden"] is True and data["hide_successes"] == 3 and data["successes"] == 3
    babs = game.character("Babs")
    assert "hidden" in babs["statuses"] and babs["hide_successes"] == 3
    nexts(game, 4)
    data = game.json("spot", "Wilson", "Babs", "--yes", "--dice", "7,7,1,1")
    assert data["found"] is False and data["needed"] == 3 and data["successes"] == 2
    assert "already tried to spot" in refused(game, snapshot, "spot", "Wilson", "Babs", "--yes", "--dice", "7,7,7,7")
    data = game.json("spot", "Rafter", "Babs", "--yes", "--dice", "10,7,1")
    assert data["found"] is True
    babs = game.character("Babs")
    assert "hidden" not in babs["statuses"] and babs["hide_successes"] == 0


def test_hide_with_no_successes(game):
    data = game.json("hide", "Babs", "--yes", "--dice", "1,2,3,4")
    assert data["hidden"] is False and data["hide_successes"] == 0
    assert "hidden" not in game.character("Babs")["statuses"]
    assert "fails to hide" in game("log", "--last", "1").stdout


def test_spot_refusals(game, snapshot):
    game.json("hide", "Babs", "--yes", "--dice", "7,1,1,1")
    assert "not hidden" in refused(game, snapshot, "spot", "Wilson", "Razz", "--yes", "--force")
    assert "own side" in refused(game, snapshot, "spot", "Razz", "Babs", "--yes", "--force")
    assert "turn" in refused(game, snapshot, "spot", "Wilson", "Babs", "--yes")
    nexts(game, 4)
    assert "too far" in game("spot", "Wilson", "Babs", "--dice", "7,7,7,7", input="n\n", terminal=True).stderr


def test_charge_engages_both(game):
    data = game.json("charge", "Wes", "Gordo")
    assert data["allowance"] == 10 and data["engaged_with"] == ["Gordo"]
    assert game.character("Gordo")["engaged_with"] == ["Wes"]
    assert "engaged" in game.character("Wes")["statuses"]
    assert "falls short" in game("log", "--last", "1").stdout


def test_charge_after_moving_is_refused_unless_forced(game, snapshot):
    game.json("move", "Wes")
    error = refused(game, snapshot, "charge", "Wes", "Gordo")
    assert "already moved" in error and "--force" in error
    data = game.json("charge", "Wes", "Gordo", "--force")
    assert data["forced"] and "already moved" in data["forced"][0]
    entry = game.json("log", "--last", "1")["entries"][0]
    assert entry["forced"] == data["forced"]
    assert "Forced by the referee" in game("log", "--last", "1").stdout


def test_charge_refusals(game, snapshot):
    game.json("set", "Gordo", "hidden", "on", "--count", "2")
    assert "hidden" in refused(game, snapshot, "charge", "Wes", "Gordo")
    assert "same side" in refused(game, snapshot, "charge", "Wes", "Babs", "--force")
    game.json("move", "Razz", "--run")
    assert "ran this turn" in refused(game, snapshot, "charge", "Razz", "Wilson")


def test_engaged_cannot_move_away(game, snapshot):
    game.json("charge", "Wes", "Gordo")
    assert "sprawl break Wes" in refused(game, snapshot, "move", "Wes")


def test_out_of_phase_and_out_of_turn(game, snapshot):
    assert "People's Liberation Front's turn" in refused(game, snapshot, "move", "Wilson")
    game.json("next")
    assert "Movement Phase" in refused(game, snapshot, "move", "Babs")
    data = game.json("move", "Babs", "--force")
    assert "Movement Phase" in data["forced"][0]


def test_refusal_with_json_prints_one_error_object(game, snapshot):
    game.json("move", "Babs")
    before = snapshot(game.folder)
    result = game("jump", "Babs", "--json", "--dice", "7,7,7,7")
    assert result.exit_code == 1
    assert list(json.loads(result.stdout)) == ["error"] and "R21" in json.loads(result.stdout)["error"]
    assert snapshot(game.folder) == before


def test_overwatch_takes_the_whole_turn(game, snapshot):
    data = game.json("overwatch", "Razz")
    assert data["overwatch"] is True and "overwatch" in game.character("Razz")["statuses"]
    assert "whole turn" in refused(game, snapshot, "move", "Razz")
    game.json("move", "Babs")
    assert "whole turn" in refused(game, snapshot, "overwatch", "Babs")
    nexts(game, 4)
    assert "overwatch" in game.character("Razz")["statuses"]  # still watching in the enemy's turn
    data = nexts(game, 4)
    assert data["turn_start"]["overwatch_ended"] == ["Razz"]


def test_jump_and_fall(game):
    data = game.json("jump", "Mutt", "--dice", "10,7,1,1,1")
    assert data["inches"] == 3 and data["faces"] == [10, 7, 1, 1, 1]
    data = game.json("fall", "Mutt", "1.5", "--dice", "1,1")
    assert data["points"] == 1 and data["victims"][0]["health_lost"] == 1 and data["panic"] == []


def test_fall_to_out_of_action_asks_who_is_nearby(game, snapshot):
    error = refused(game, snapshot, "fall", "Lang", "3", "--dice", "1,1,9,7,7,7")
    assert "--nearby" in error
    data = game.json("fall", "Lang", "3", "--dice", "1,1,9,7,7,7", "--nearby", "Babs")
    victim = data["victims"][0]
    assert victim["incapacitation"] == {"roll": 9, "result": "out_of_action"}
    assert data["panic"][0]["name"] == "Babs" and data["panic"][0]["panicked"] is False


def test_down_character_crawls(game):
    game.json("set", "Babs", "down", "on")
    data = game.json("move", "Babs")
    assert data["mode"] == "crawl" and data["allowance"] == 2


def test_panicked_flee_rolls_at_the_movement_phase(game):
    game.json("set", "Razz", "panicked", "on")
    game.json("set", "Lang", "panicked", "on")
    nexts(game, 7)  # to the end of S.U.I.T.'s turn: nobody of theirs panicked, no dice
    data = game.json("next", "--dice", "7,7,1,1,3,5")
    start = data["turn_start"]
    # SPEC section 3: 2 of 5 shaken, so the routing Smarts pool first, then flee d10s in roster order
    assert start["routing"]["roller"] == "Babs" and start["routing"]["test"]["faces"] == [7, 7, 1, 1]
    assert start["flee"] == [{"name": "Razz", "inches": 3}, {"name": "Lang", "inches": 5}]
    labels = [r["label"] for r in game.json("log", "--last", "1")["entries"][0]["rolls"]]
    assert labels == ["Babs: Smarts (routing)", "Razz: Flee (d10 inches)", "Lang: Flee (d10 inches)"]
    assert "flees" in game("log", "--last", "1").stdout

    game.json("safe", "Razz")
    nexts(game, 7)
    data = game.json("next", "--dice", "7,7,1,1,6")
    assert data["turn_start"]["flee"] == [{"name": "Lang", "inches": 6}]


def test_one_panicked_character_flees_without_a_routing_check(game):
    game.json("set", "Mutt", "panicked", "on")
    nexts(game, 7)
    data = game.json("next", "--dice", "4")
    assert data["turn_start"]["routing"] is None and data["turn_start"]["flee"] == [{"name": "Mutt", "inches": 4}]


def test_panicked_cannot_move_by_choice(game, snapshot):
    game.json("set", "Mutt", "panicked", "on")
    assert "flee roll" in refused(game, snapshot, "move", "Mutt")


def test_safe_and_edge_only_for_the_panicked(game, snapshot):
    assert "not panicked" in refused(game, snapshot, "safe", "Babs", "--force")
    assert "not panicked" in refused(game, snapshot, "edge", "Babs", "--force")
    game.json("set", "Mutt", "panicked", "on")
    data = game.json("edge", "Mutt")
    assert data["out_of_play"] is True
    assert game.character("Mutt")["statuses"] == ["out_of_play"]
