"""Exact odds (F3, F4, F6, F9) and the turn (F1) pinned where a mutation run (mutmut 3) found the
tests loose: the odds' JSON whole, and the house turn limit's winner and words.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

from sprawl_cli.systems.street_fight import morale
from sprawl_cli.systems.street_fight.chance import Situation
from sprawl_cli.systems.street_fight.odds import fight_odds, shot_odds
from sprawl_cli.systems.street_fight.turn import advance
from sprawl_cli.systems.street_fight.weapons import weapon
from tests.street_fight.build import dice, game, table, to_phase


def test_a_rifle_shot_into_half_cover_whole() -> None:
    # F3: 100 - 20 (6" is two 4" increments) - 50 (half cover) + 10 (rifle) = 40; F4: 4+ kills, 7 of 10.
    assert shot_odds(weapon("rifle"), Situation(6, cover="half")).to_json() == {
        "weapon": "rifle", "chance": 40,
        "modifiers": [{"amount": -20, "label": "range 6\": 2 increments of 4\"", "source": "F3"},
                      {"amount": -50, "label": "half cover", "source": "F3"},
                      {"amount": 10, "label": "rifle bonus", "source": "F5"}],
        "p_hit": 0.4, "p_kill": 0.7, "p_casualty": 0.28,
        "exact": {"p_hit": "2/5", "p_kill": "7/10", "p_casualty": "7/25"},
        "rounds": None, "targets": 1,
        "casualties": [{"count": 0, "p": 0.72, "exact": "18/25"}, {"count": 1, "p": 0.28, "exact": "7/25"}],
        "expected_casualties": 0.28}


def test_a_burst_at_two_targets_keeps_its_rounds_die_and_counts() -> None:
    data = shot_odds(weapon("assault rifle"), Situation(3), targets=2).to_json()
    assert data["rounds"] == "d10/2" and data["targets"] == 2 and data["chance"] == 90
    assert [c["count"] for c in data["casualties"]] == [0, 1, 2]
    assert [c["exact"] for c in data["casualties"]] == ["5832290057/50000000000", "3083245263/10000000000",
                                                       "7187870907/12500000000"]
    assert data["expected_casualties"] == 1.45838387142


def test_a_burst_at_one_target_by_default() -> None:
    odds = shot_odds(weapon("LMG"), Situation(4))
    assert odds.targets == 1 and [c["count"] for c in odds.to_json()["casualties"]] == [0, 1]


def test_a_fight_at_plus_one_whole() -> None:
    # F9 over all 100 pairs of d10s: the attacker's +1 wins 55 (34 of them at 8 or more), 9 draw.
    assert fight_odds(1, 0).to_json() == {
        "attacker_mod": 1, "defender_mod": 0, "p_attacker_kills": 0.34, "p_attacker_wins": 0.21, "p_draw": 0.09,
        "p_defender_wins": 0.15, "p_defender_kills": 0.21,
        "exact": {"p_attacker_kills": "17/50", "p_attacker_wins": "21/100", "p_draw": "9/100",
                  "p_defender_wins": "3/20", "p_defender_kills": "21/100"}}


def test_the_turn_limit_with_equal_sides_is_drawn_and_counts_both() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"}, morale="off")
    g.rounds = 1
    to_phase(g, "close", "Blue")
    out = advance(g, dice(), table())
    reason = "the 1-turn limit was reached with figures standing: Red 1, Blue 1 (house)"
    assert g.over and g.winner is None and g.reason == reason
    assert out.to_json() == {"round": 1, "side": "Blue", "phase": "close", "initiative": None, "morale": [],
                             "sheltered": [], "todo": [f"The game is over: {reason}"], "over": True,
                             "reason": reason}


def test_the_turn_limit_goes_to_the_side_with_more_standing() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"Bo": "pistol", "Bea": "pistol"}, morale="off")
    g.rounds = 1
    morale.casualty(g, g.character("Bea"), g.character("Ada"))
    to_phase(g, "close", "Blue")
    advance(g, dice(), table())
    assert g.winner == "Red"
    assert g.reason == "the 1-turn limit was reached with figures standing: Red 2, Blue 1 (house)"


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

odds.py
- shot_odds: `None` for `""` as a single shot's rounds: read only as `rounds or None` (JSON) and
  `if o.rounds` (the view), the same for both.
- fight_odds: `at >= dt` for `at > dt`: equal totals are counted as a draw just before.
"""
