"""`odds shoot`: exact chances checked by brute force over every face and against
a seeded simulation of the real `shoot` rule."""

from __future__ import annotations

import itertools

import pytest

from sprawl_cli.dice import RandomDice, RecordingDice
from sprawl_cli.systems.sprawl.pool import count_successes, net_successes
from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.sprawl.model import RangeBand, Weapon
from sprawl_cli.systems.sprawl.ranged import Situation, shoot
from sprawl_cli.systems.sprawl.odds import _chance, binomial, shot_odds
from tests.factory import character, game, table

PISTOL = Weapon("Pistol", "gun", 1, reliability=2, short=RangeBand(8, 0), long=RangeBand(16, 1))
SHOTGUN = Weapon("Shotgun", "gun", 3, reliability=2, short=RangeBand(6, -1), long=RangeBand(12, 2))
GRENADE = Weapon("Grenade", "thrown", 2, blast=2, uses=2)


def duel(shooting=3, toughness=3, health=3, weapons=(PISTOL,), **target):
    attacker = character("Razz", shooting=shooting, weapons=list(weapons), strength=4)
    victim = character("Wilson", toughness=toughness, health=health, **target)
    g = game([attacker, character("Babs")], [victim])
    g.phase = "ranged"
    return g, attacker, victim


# Every d10 face falls in one of three classes for these counts: a miss (1-6), a plain
# success (7-9) or a ten; brute force walks every combination of classes, weighted.
CLASSES = ((2, 0.6), (7, 0.3), (10, 0.1))


def every_roll(n):
    """(faces, probability) for every class combination of n dice."""
    for combo in itertools.product(CLASSES, repeat=n):
        p = 1.0
        for _, weight in combo:
            p *= weight
        yield tuple(face for face, _ in combo), p


def brute_force(shooting, difficulty, power, toughness, health, tens=True):
    """P(hit), P(0 Health) and E[Health lost], walking every roll of every die in turn."""
    p_hit = p_zero = lost = 0.0
    for shot, p_shot in every_roll(shooting):
        hits = net_successes(count_successes(shot, tens), difficulty)
        if not hits:
            continue
        p_hit += p_shot
        for dmg, p_dmg in every_roll(hits + power):
            points = count_successes(dmg, tens=False)
            for save, p_save in every_roll(toughness if points else 0):
                p = p_shot * p_dmg * p_save
                left = points - min(points, count_successes(save, tens))
                lost += p * min(left, health)
                p_zero += p * (left >= max(1, health))
    return p_hit, p_zero, lost


@pytest.mark.parametrize("tens", [True, False])
@pytest.mark.parametrize("shooting, cover, power_weapon, toughness, health", [
    (1, "none", PISTOL, 1, 1),
    (2, "partial", PISTOL, 1, 2),
    (2, "none", SHOTGUN, 2, 0),  # short range -1: Difficulty floors at 1; target already at 0 Health
])
def test_odds_match_brute_force(tens, shooting, cover, power_weapon, toughness, health):
    g, razz, wilson = duel(shooting, toughness, health, weapons=(power_weapon,))
    g.settings.rule_of_tens = tens
    odds = shot_odds(g, razz, wilson, Situation(cover=cover))
    p_hit, p_zero, lost = brute_force(shooting, odds.aim.difficulty, power_weapon.power, toughness, health, tens)
    assert odds.p_hit == pytest.approx(p_hit, abs=1e-12)
    assert odds.p_pin == odds.p_hit  # R7: every ranged hit pins
    assert odds.p_zero_health == pytest.approx(p_zero, abs=1e-12)
    assert odds.expected_health_lost == pytest.approx(lost, abs=1e-12)
    assert sum(odds.health_lost.values()) == pytest.approx(1.0)
    assert sum(odds.hits.values()) == pytest.approx(1.0)


def test_misfire_and_out_of_action_chances():
    g, razz, wilson = duel(shooting=3)
    odds = shot_odds(g, razz, wilson, Situation())
    # R14: all three dice 1-6 with at least one 1.
    assert odds.p_misfire == pytest.approx(0.6**3 - 0.5**3)
    assert odds.p_out_of_action == pytest.approx(odds.p_zero_health * 0.2)  # R8: 9 or 10
    assert odds.p_fall is None and odds.p_scatter == 0.0


def test_every_failed_grenade_scatters_a_misfire_included():
    g, razz, wilson = duel(shooting=3, weapons=(GRENADE,))
    odds = shot_odds(g, razz, wilson, Situation(weapon="Grenade", distance=3))
    # R15: a failed throw scatters, whether or not it also misfired (R14).
    assert odds.p_misfire > 0
    assert odds.p_scatter == pytest.approx(1 - odds.p_hit)


def test_modifiers_and_wounds_come_from_the_current_state():
    g, razz, wilson = duel()
    razz.damage_taken = 2
    wilson.add("ran")
    odds = shot_odds(g, razz, wilson, Situation(range="long", cover="full"))
    assert odds.aim.difficulty == 1 + 1 + 2 + 2 + 2
    assert odds.to_json()["difficulty"] == 8


def test_ledge_fall_chance():
    g, razz, wilson = duel(quickness=2)
    odds = shot_odds(g, razz, wilson, Situation(near_ledge=("wilson",)))
    assert odds.p_fall == pytest.approx((odds.p_hit - odds.p_out_of_action) * 0.36)


def test_warnings_do_not_stop_the_odds():
    g, razz, wilson = duel()
    wilson.add("hidden")
    razz.weapon_states["Pistol"] = "jammed"
    notes = shot_odds(g, razz, wilson, Situation()).to_json()["notes"]
    assert any("hidden" in n for n in notes) and any("jammed" in n for n in notes)


def simulate(runs, make, situation, seed):
    """The real `shoot` rule, many times over with seeded dice: hit, pin, 0 Health, Health lost."""
    rng = RecordingDice(RandomDice(seed))
    hit = pin = zero = lost = 0
    for _ in range(runs):
        g, razz, wilson = make()
        rng.rolls.clear()
        out = shoot(g, razz, wilson, situation, rng, table(lists={"blast": [], "blast-scattered": [], "nearby": []}))
        victim = next((v for v in out.victims if v.name == "Wilson"), None)
        hit += out.test.passed
        pin += victim is not None and victim.pinned
        zero += victim is not None and victim.incapacitation is not None
        lost += victim.health_lost if victim else 0
    return hit / runs, pin / runs, zero / runs, lost / runs


@pytest.mark.parametrize("make, situation", [
    (lambda: duel(shooting=4, toughness=2, health=3, weapons=(SHOTGUN,)), Situation()),
    (lambda: duel(shooting=3, toughness=3, health=2, weapons=(PISTOL,)), Situation(cover="partial")),
    (lambda: duel(shooting=3, toughness=2, health=2, weapons=(GRENADE,)), Situation(distance=4)),
], ids=["shotgun", "pistol-cover", "grenade-direct"])
def test_odds_match_a_simulation_of_the_real_rule(make, situation):
    g, razz, wilson = make()
    odds = shot_odds(g, razz, wilson, situation)
    p_hit, p_pin, p_zero, lost = simulate(20000, make, situation, seed=5)
    assert p_hit == pytest.approx(odds.p_hit, abs=0.015)
    assert p_pin == pytest.approx(odds.p_pin, abs=0.015)
    assert p_zero == pytest.approx(odds.p_zero_health, abs=0.015)
    assert lost == pytest.approx(odds.expected_health_lost, abs=0.03)


# --- what `odds shoot` reports, word for word ------------------------------------------------------


def test_the_odds_json_has_every_chance_and_each_distribution_by_count():
    g, razz, wilson = duel(shooting=1, toughness=1, health=5)
    data = shot_odds(g, razz, wilson, Situation()).to_json()
    assert set(data) == {
        "attacker", "target", "weapon", "kind", "power", "band", "modifiers", "difficulty", "pool", "spot",
        "throw_range", "distance", "out_of_range", "toughness", "health", "p_hit", "p_pin", "p_zero_health",
        "p_out_of_action", "p_misfire", "p_scatter", "p_fall", "expected_health_lost", "hits", "health_lost",
        "notes"}
    assert (data["attacker"], data["target"], data["toughness"], data["health"]) == ("Razz", "Wilson", 1, 5)
    # One die at Difficulty 1: no success 0.6, one 0.3, a ten (two) 0.1.
    assert list(data["hits"]) == ["0", "1", "2"]
    assert [data["hits"][k] for k in ("0", "1", "2")] == pytest.approx([0.6, 0.3, 0.1])
    # At most 2 hits + Power 1 = 3 damage dice: 0 to 3 Health lost, and no more.
    assert list(data["health_lost"]) == ["0", "1", "2", "3"]
    assert (data["p_zero_health"], data["p_out_of_action"], data["p_scatter"], data["p_fall"]) == (0, 0, 0, None)
    assert data["p_misfire"] == pytest.approx(0.6 - 0.5) and data["notes"] == []


def test_the_damage_points_are_binomial_over_the_dice_rolled():
    assert binomial(3, 0.4) == pytest.approx([0.216, 0.432, 0.288, 0.064])


@pytest.mark.parametrize("results, chance", [(("out_of_action",), 0.2), (("recovery",), 0.1),
                                             (("down", "recovery"), 0.8)])
def test_the_incapacitation_chances_cover_every_face(results, chance):
    assert _chance(results) == pytest.approx(chance)


def test_no_odds_for_a_character_off_the_table():
    g, razz, wilson = duel()
    wilson.add("out_of_action")
    with pytest.raises(RuleRefusal) as refused:
        shot_odds(g, razz, wilson, Situation())
    assert refused.value.message == "Wilson is Out of Action and cannot be shot at"
    razz.add("out_of_action")
    with pytest.raises(RuleRefusal) as refused:
        shot_odds(g, razz, g.character("Babs"), Situation())
    assert refused.value.message == "Razz is Out of Action and cannot shoot"


def test_each_warning_says_what_would_stop_the_shot():
    g, razz, wilson = duel()
    babs = g.character("Babs")
    babs.add("hidden")
    razz.weapon_states["Pistol"] = "out_of_ammo"
    assert shot_odds(g, razz, babs, Situation(distance=20)).to_json()["notes"] == [
        "Babs is hidden: it cannot be shot until spotted (R13, R19)",
        "Babs is in Razz's own squad",
        "Razz's Pistol cannot fire now: out of ammo (R14)",
        "Out of range: 20\" is beyond the Pistol's reach of 16\"",
    ]


def test_a_grenades_odds_say_what_they_count():
    g, razz, wilson = duel(weapons=(GRENADE,))
    assert shot_odds(g, razz, wilson, Situation(distance=3)).notes == [
        "A grenade or rocket is counted as landing on target; whoever a scatter or the blast catches is not counted"]
    assert shot_odds(g, razz, wilson, Situation(distance=3, spot=True)).notes == [
        "Aiming at a spot: counted as if Wilson is caught when it lands on target"]
