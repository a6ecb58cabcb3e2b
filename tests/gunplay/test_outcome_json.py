"""Every Gunplay outcome's JSON pinned whole: each key, each value, for one case of each shape.

The `--json` contract is what scripts read, so a renamed key or a value taken from the wrong
field is a break; the rule tests check single fields, these check the whole record.
"""

from __future__ import annotations

from sprawl_cli.systems.gunplay.ladder import roll_test
from sprawl_cli.systems.gunplay.odds import odds
from sprawl_cli.systems.gunplay.melee import strike
from sprawl_cli.systems.gunplay.movement import move
from sprawl_cli.systems.gunplay.toughness import recover
from sprawl_cli.systems.gunplay.turn import aim, done, end_turn, roll_initiative, simple_action
from tests.gunplay.build import dice, game, leftover, person, table


def test_a_strike_that_is_answered_first_and_puts_the_striker_down() -> None:
    # G8's order: Bo's lower 10 strikes first and hits Hard (10 > 9); Ann (knife 1 + 1 wound:
    # Moderate) fails Toughness on 5 and goes down, so her 12 never lands.
    a = person("Ann", "Knife", melee=1, wounds=1)
    b = person("Bo", "Rifle", "Knife")
    d = dice(12, 10, 5)
    out = strike(game([a], [b]), a, b, d, table())
    assert out.to_json() == {
        "name": "Ann", "action": "strike", "target": "Bo", "weapon": "Knife", "charging": False,
        "column": "hard", "target_number": 9, "rolls": [12, 10], "modifier": 0, "hits": 1,
        "victims": [{"name": "Ann", "wounds": 2, "toughness_column": "moderate", "toughness_roll": 5,
                     "down": True, "removed": False, "already_down": False}],
        "order": ["Bo", "Ann"],
        "answer": {"name": "Bo", "weapon": "Knife", "column": "hard", "target_number": 9, "modifier": 0,
                   "roll": 10},
        "actions_left": 0, "activation_over": True, "over": False, "winner": None, "draw": False}
    assert leftover(d) == []


def test_a_charge_at_a_down_target_that_misses() -> None:
    # Charging and a down target: two shifts left of Hard, Easy (beat 3); a 3 misses.
    a = person("Ann", "Knife")
    b = person("Bo", wounds=1)
    b.add("down")
    out = strike(game([a], [b]), a, b, dice(3), table(), charging=True)
    assert out.to_json() == {
        "name": "Ann", "action": "charge", "target": "Bo", "weapon": "Knife", "charging": True,
        "column": "easy", "target_number": 3, "rolls": [3], "modifier": 0, "hits": 0, "victims": [],
        "order": ["Ann"],
        "answer": {"name": "Bo", "weapon": "Unarmed", "column": "hard", "target_number": 9, "modifier": -1,
                   "roll": None},
        "actions_left": 1, "activation_over": False, "over": False, "winner": None, "draw": False}


def test_recoveries_that_pass_and_fail() -> None:
    a = person("Ann", wounds=1)
    a.add("down")
    up = recover(game([a], [person("Bo")]), a, dice(9), table())
    assert up.to_json() == {
        "name": "Ann", "action": "recover", "column": "easy", "target_number": 3, "rolls": [9], "modifier": 0,
        "success": True, "wounds": 1, "removed": False, "statuses": ["prone"], "actions_left": 1,
        "activation_over": False, "over": False, "winner": None}
    c = person("Cy", wounds=1)
    c.add("down")
    still = recover(game([c], [person("Di")]), c, dice(2), table())
    assert still.to_json() == {
        "name": "Cy", "action": "recover", "column": "easy", "target_number": 3, "rolls": [2], "modifier": 0,
        "success": False, "wounds": 2, "removed": False, "statuses": ["down"], "actions_left": 0,
        "activation_over": True, "over": False, "winner": None}


def test_a_quick_move_stopped_by_difficult_ground_and_a_cautious_one() -> None:
    a = person("Ann")
    g = game([a], [person("Bo")])
    out = move(g, a, dice(5), table(), quick=True, difficult="moderate")
    assert out.to_json() == {
        "name": "Ann", "action": "move", "quick": True, "inches": 6, "facing": "the way it moved", "passed": False,
        "actions_left": 1, "activation_over": False,
        "test": {"column": "moderate", "target_number": 6, "rolls": [5], "modifier": 0, "success": False}}
    again = move(g, a, dice(), table())
    assert again.to_json() == {
        "name": "Ann", "action": "move", "quick": False, "inches": 3, "facing": "any", "passed": True,
        "actions_left": 0, "activation_over": True, "test": None}


def test_odds_and_a_rolled_test() -> None:
    assert odds("hard").to_json() == {"column": "hard", "target_number": 9, "modifier": 0, "die": "d12",
                                      "p_success": 0.25}
    assert odds("moderate", modifier=1, sides=20).to_json() == {
        "column": "moderate", "target_number": 10, "modifier": 1, "die": "d20", "p_success": 0.55}
    assert roll_test(dice(7), "x", "hard", 1, -1).to_json() == {
        "column": "moderate", "target_number": 6, "rolls": [7], "modifier": -1, "success": False}


def test_initiative_aim_done_and_next() -> None:
    ann, cy = person("Ann", "Pistol"), person("Cy", "Pistol")
    g = game([ann], [cy])
    first = roll_initiative(g, dice(4, 9))
    assert first.to_json() == {"turn": 1, "initiative": [{"Red": 4, "Blue": 9}], "first": "Blue",
                               "direction": "counter-clockwise", "order": ["Blue", "Red"], "side": "Blue"}
    assert aim(g, cy, ann, table()).to_json() == {"name": "Cy", "action": "aim", "actions_left": 1,
                                                  "activation_over": False, "target": "Ann", "lapsed": False}
    assert done(g, cy, table()).to_json() == {"name": "Cy", "action": "done", "actions_left": 0,
                                              "activation_over": True}
    assert simple_action(g, ann, table(), "pass").to_json() == {"name": "Ann", "action": "pass", "actions_left": 1,
                                                                "activation_over": False}
    done(g, ann, table())
    turn = end_turn(g, dice(6, 2), table())
    assert turn.to_json() == {"ended_turn": 1, "round": 2, "not_activated": [], "over": False, "winner": None,
                              "reason": None, "turn": 2, "initiative": [{"Red": 6, "Blue": 2}], "first": "Red",
                              "direction": "clockwise", "order": ["Red", "Blue"], "side": "Red"}


def test_the_turn_limit_ends_the_game_in_json() -> None:
    ann, cy = person("Ann"), person("Cy")
    g = game([ann], [cy])
    g.rounds = 1
    ann.activated = cy.activated = True
    assert end_turn(g, dice(), table()).to_json() == {
        "ended_turn": 1, "round": 1, "not_activated": [], "over": True, "winner": None,
        "reason": "the 1-turn limit was reached"}
