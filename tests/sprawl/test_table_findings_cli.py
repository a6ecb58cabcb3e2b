"""Issue 12 through the command line: what a new group ran into, each test failing before its fix."""

from __future__ import annotations

import json

import pytest

from tests.sprawl.test_roster import GOOD, write
from tests.test_store import one_error


@pytest.fixture
def game(sprawl):
    sprawl.new()
    return sprawl


# --- status NAME shows the attributes (14) ---------------------------------------------------


def test_status_of_one_character_shows_its_attributes(game):
    text = game("status", "Babs", env={"NO_COLOR": "1"}).stdout
    for word in ("Shooting 3", "Brawling 2", "Quickness 4", "Smarts 4", "Guts 3", "Strength 2"):
        assert word in text, text
    assert "Shooting" not in game("status", env={"NO_COLOR": "1"}).stdout  # the whole table stays short


# --- the same mistake, the same exit code (15) ---------------------------------------------------


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_a_pool_too_large_is_a_usage_error_for_roll_and_odds(sprawl, command):
    result = sprawl(command, "100000")
    assert result.exit_code == 2 and "'100000' is out of bounds; give a whole number from 0 to 1000" in result.stderr


# --- "1 damage die" (15) -------------------------------------------------------------------------


def test_one_damage_die_is_singular(game):
    game.json("next")
    game.json("next")  # PLF's Close Combat Phase
    game.json("charge", "Babs", "Gordo", "--force")
    # Babs [7 2] 1 net against Gordo's [2 2 2 2 2]; with Fists (Power 0) that is 1 + 0 = 1 damage die [2].
    result = game("brawl", "Babs", "Gordo", "--weapon", "fists", "--dice", "7,2,2,2,2,2,2,2", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "= 1 damage die (R6)" in text and "1 damage dice" not in text


# --- --weapon by a unique beginning or word (9) -------------------------------------------------------


def test_weapon_rocket_finds_the_rocket_launcher(game):
    game.json("next")
    game.json("next")
    game.json("next")
    game.json("next")  # S.U.I.T.'s Movement Phase
    game.json("next")  # its Ranged Combat Phase
    data = game.json("shoot", "Wishbone", "Babs", "--weapon", "rocket", "--yes", "--blast-scattered", "none",
                     "--dice", "2,2,2,4,5")
    assert data["weapon"] == "Rocket Launcher"


def test_a_mistyped_weapon_gets_one_suggestion(game):
    game.json("next")
    result = game("shoot", "Babs", "Wilson", "--weapon", "pistl", "--yes")
    message = one_error(result)
    assert "did you mean 'Pistol'?" in message and "'Knife'" not in message


# --- roster names that name lists cannot give (9) and every problem at once (15) -----------------------


@pytest.mark.parametrize("bad, words", [("Bo, Jr", "has a comma"), ("None", "'none' means nobody")])
def test_a_name_that_cannot_be_named_in_nearby_is_refused(sprawl, bad, words):
    path = write(sprawl.folder, GOOD.replace("name: Bo", f"name: \"{bad}\""))
    message = one_error(sprawl("roster", "check", str(path)))
    assert f"{path}:14: key 'characters.1.name'" in message and words in message


def test_roster_check_lists_every_problem_in_a_file(sprawl):
    text = GOOD.replace("    shooting: 2\n", "    shooting: two\n").replace("[Club]", "[Lazer]")
    text = text.replace("    smarts: 3\n", "    smarts: -1\n").replace("leader: Ana", "leader: Zed")
    message = one_error(sprawl("roster", "check", str(write(sprawl.folder, text))))
    for key in ("characters.0.smarts", "characters.1.shooting", "characters.1.weapons.0", "'leader'"):
        assert key in message, message


def test_a_yaml_merge_key_is_refused_in_plain_words(sprawl):
    text = GOOD.replace("  - name: Bo\n", "  - &ana_stats\n    name: Bo\n", 1)
    text = "squad: Test Squad\nleader: Ana\nbase: &b {shooting: 3}\n" + text.split("\n", 2)[2]
    text = text.replace("  - name: Ana\n    shooting: 3\n", "  - name: Ana\n    <<: *b\n")
    message = one_error(sprawl("roster", "check", str(write(sprawl.folder, text))))
    assert "'<<' (a YAML merge key" in message and "write each key out in full" in message


# --- the ledge test on brawl, break, fall and damage (R7) ----------------------------------------------


def test_damage_to_zero_near_a_ledge_tests_the_footing(game):
    # Babs (Health 3): 3 points, incapacitation 4 (Down), Quickness 4 dice [2 2 2 2]: she falls.
    data = game.json("damage", "Babs", "3", "--near-ledge", "--dice", "4,2,2,2,2")
    assert data["victims"][0]["ledge"] == {"faces": [2, 2, 2, 2], "successes": 0, "fell": True}


def test_fall_near_a_ledge_takes_the_option(game):
    game.json("damage", "Babs", "2", "--dice", "")  # Health 1 left (no dice: not at 0)
    data = game.json("fall", "Babs", "2", "--near-ledge", "--nearby", "none", "--dice", "2,2,2,4,7,2,2,2")
    assert data["victims"][0]["ledge"]["successes"] == 1


def test_break_and_brawl_take_near_ledge_names(game):
    assert "--near-ledge" in game("break", "--help").stdout
    assert "--near-ledge" in game("brawl", "--help").stdout


# --- break, then move (H5) ------------------------------------------------------------------------------


def test_break_in_the_movement_phase_then_move_off(game):
    game.json("charge", "Babs", "Gordo")
    for _ in range(4):
        game.json("next")  # S.U.I.T.'s Movement Phase
    game.json("charge", "Wilson", "Babs")
    # Babs is engaged with Gordo and Wilson. In her next Movement Phase she breaks away: two free attacks miss.
    for _ in range(4):
        game.json("next")
    result = game("break", "Babs", "--dice", "2,2,2,2,2,2,2", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert "moves off now" in result.stdout
    moved = game.json("move", "Babs")
    assert moved["name"] == "Babs"


# --- hiding asks both questions (R19) ----------------------------------------------------------------


def test_hide_asks_for_cover_on_a_terminal(game):
    result = game("hide", "Babs", "--dice", "7,7,2,2", terminal=True, input="y\nn\n")
    assert result.exit_code == 1 and "needs cover or a place to conceal itself" in result.stderr
    assert "behind cover" in result.output


def test_hide_with_yes_answers_both(game):
    data = game.json("hide", "Babs", "--yes", "--dice", "7,7,2,2")
    assert data["hidden"] is True


# --- charges first (H3) ----------------------------------------------------------------------------------


def test_a_charge_after_a_normal_move_is_refused_and_can_be_forced(game, snapshot):
    game.json("move", "Razz")
    before = snapshot(game.folder)
    message = one_error(game("charge", "Babs", "Gordo"))
    assert "chargers move before normal movement, and Razz already moved this turn (H3)" in message
    assert snapshot(game.folder) == before
    data = game.json("charge", "Babs", "Gordo", "--force")
    assert data["engaged_with"] == ["Gordo"] and data["forced"]


def test_overwatch_with_a_jammed_only_gun_is_refused(game):
    game.json("set", "Razz", "jammed", "on")
    message = one_error(game("overwatch", "Razz"))
    assert "no ranged weapon that can fire (SMG jammed)" in message


def test_the_json_of_a_status_carries_the_attributes(game):
    data = json.loads(game("status", "Babs", "--json").stdout)
    assert data["characters"][0]["attributes"]["quickness"] == 4
