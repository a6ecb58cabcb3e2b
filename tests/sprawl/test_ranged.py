"""Ranged Combat rules (R4-R9, R12-R17, R19, R20) with scripted dice on every edge."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.sprawl.model import RangeBand, Weapon
from sprawl_cli.systems.sprawl.ranged import Situation, aim, line_of_sight, shoot
from tests.factory import DERRINGER, KNIFE, PISTOL, THROWING_KNIFE, character, dice, game, leftover, table

SMG = Weapon("SMG", "gun", 1, reliability=3, short=RangeBand(10, -1), long=RangeBand(20, 1))
RIFLE = Weapon("Rifle", "gun", 2, reliability=2, short=RangeBand(16, 0), long=RangeBand(32, 1))
GRENADE = Weapon("Grenade", "thrown", 2, blast=2, uses=2)
ROCKET = Weapon("Rocket Launcher", "launcher", 4, short=RangeBand(16, 0), long=RangeBand(32, 1), blast=3, uses=1)


def setup(**shooter):
    """Razz (Red, Shooting 4, Rifle) against Wilson, Gordo and Newton (Blue); Red's Ranged Combat Phase."""
    values = {"shooting": 4, "weapons": [RIFLE, SMG, GRENADE, ROCKET], "strength": 2}
    values.update(shooter)
    razz = character("Razz", **values)
    babs = character("Babs")
    wilson = character("Wilson", toughness=3, health=3, guts=3)
    gordo = character("Gordo", toughness=2, health=2, guts=2)
    newton = character("Newton", toughness=1, health=1, guts=1)
    g = game([razz, babs], [wilson, gordo, newton])
    g.phase = "ranged"
    return g, razz, wilson, gordo, newton


def fire(g, attacker, target, *faces, situation=None, **table_kwargs):
    d = dice(*faces)
    t = table(**table_kwargs)
    out = shoot(g, attacker, target, situation or Situation(), d, t)
    assert leftover(d) == [], "every scripted die should be used"
    return out, t


# --- the whole chain: hits, damage, Toughness ---------------------------------------------


def test_hit_damage_toughness_chain():
    g, razz, wilson, *_ = setup()
    # Rifle short range: Difficulty 1. [7 10 2 3]: 3 successes (a 10 is two) -> 3 net = 3 hits.
    # Damage 3 + Power 2 = 5 dice [10 10 7 2 3]: 3 points (each 10 only once).
    # Toughness [10 2 3]: 2 successes (Tens double on this Test) -> 2 negated, 1 Health lost.
    out, _ = fire(g, razz, wilson, 7, 10, 2, 3, 10, 10, 7, 2, 3, 10, 2, 3)
    assert (out.test.successes, out.hits, out.aim.difficulty) == (3, 3, 1)
    v = out.victims[0]
    assert v.damage_faces == (10, 10, 7, 2, 3) and v.damage == 3
    assert v.toughness_faces == (10, 2, 3) and v.negated == 2 and v.health_lost == 1
    assert wilson.health == 2 and wilson.damage_taken == 1
    assert wilson.has("pinned") and wilson.pin_took_health and wilson.pinned_turn == g.turn
    assert razz.record.shots == 1 and razz.record.hits == 3 and razz.record.damage_dealt == 1
    assert "shot" in razz.acted
    data = out.to_json()
    for key in ("difficulty", "faces", "successes", "hits", "misfire", "scatter", "victims", "panic"):
        assert key in data
    assert data["victims"][0]["statuses"] == ["pinned"]


def test_rule_of_tens_off_counts_a_ten_once_on_toughness():
    g, razz, wilson, *_ = setup()
    g.settings.rule_of_tens = False
    # [7 10 2 3]: 2 successes -> 2 hits; damage 4 dice [7 7 7 2]: 3 points; Toughness [10 2 3]: 1 negated.
    out, _ = fire(g, razz, wilson, 7, 10, 2, 3, 7, 7, 7, 2, 10, 2, 3)
    assert out.hits == 2 and out.victims[0].negated == 1 and wilson.health == 1


def test_pinned_even_when_toughness_negates_everything():
    g, razz, wilson, *_ = setup()
    # 1 hit; damage [8 2 2] 1 point; Toughness [8 2 2] negates it.
    out, _ = fire(g, razz, wilson, 7, 2, 2, 2, 8, 2, 2, 8, 2, 2)
    assert out.victims[0].health_lost == 0 and wilson.health == 3
    assert wilson.has("pinned") and not wilson.pin_took_health  # R11: recovers without a test


def test_no_damage_points_means_no_toughness_roll():
    g, razz, wilson, *_ = setup()
    out, _ = fire(g, razz, wilson, 7, 2, 2, 2, 2, 3, 4)  # damage [2 3 4]: nothing to negate
    assert out.victims[0].toughness_faces == () and wilson.has("pinned")


def test_a_miss_rolls_no_damage():
    g, razz, wilson, *_ = setup()
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, situation=Situation(cover="full"))
    assert out.aim.difficulty == 3 and out.hits == 0 and out.victims == [] and out.misfire is None
    assert not wilson.has("pinned") and razz.record.shots == 1 and razz.record.hits == 0


# --- the Difficulty (R3, R5, R13) ----------------------------------------------------------


def test_every_modifier_is_listed_with_its_source():
    g, razz, wilson, *_ = setup()
    razz.damage_taken = 2
    wilson.add("ran")
    plan = aim(g, razz, wilson, Situation(range="long", cover="partial", size="small", mods=(1, -2)))
    sources = [(m.source, m.value, m.ruling) for m in plan.modifiers]
    assert sources == [
        ("Rifle at long range", 1, "R13"),
        ("partial cover", 1, "R13"),
        ("Wilson ran or charged in its last turn", 2, "R13"),
        ("small target", 1, "R13"),
        ("free modifier (--mod)", 1, "R13"),
        ("free modifier (--mod)", -2, "R13"),
        ("Razz's wounds (2 damage taken)", 2, "R5"),
    ]
    assert plan.difficulty == 1 + 1 + 1 + 2 + 1 + 1 - 2 + 2


def test_running_counts_once_and_never_below_one():
    g, razz, wilson, *_ = setup()
    wilson.add("ran")
    plan = aim(g, razz, wilson, Situation(weapon="SMG", target_running=True, size="large"))
    assert [m.value for m in plan.modifiers] == [-1, 2, -1]
    assert aim(g, razz, wilson, Situation(weapon="SMG", size="large")).difficulty == 1  # 1 - 1 + 2 - 1
    wilson.drop("ran")
    assert aim(g, razz, wilson, Situation(weapon="SMG", size="large")).difficulty == 1  # 1 - 1 - 1 -> floor 1


def test_distance_picks_the_band_and_refuses_beyond_reach():
    g, razz, wilson, *_ = setup()
    assert aim(g, razz, wilson, Situation(distance=20)).band == "long"
    assert aim(g, razz, wilson, Situation(distance=16)).band == "short"
    with pytest.raises(BadInput, match="does not match"):
        aim(g, razz, wilson, Situation(distance=5, range="long"))
    with pytest.raises(RuleRefusal, match="beyond the Rifle's reach of 32"):
        shoot(g, razz, wilson, Situation(distance=40), dice(), table())


def test_bad_option_combinations():
    g, razz, wilson, *_ = setup()
    with pytest.raises(BadInput, match="only grenades and rockets"):
        aim(g, razz, wilson, Situation(spot=True))
    with pytest.raises(BadInput, match="close-combat weapon"):
        aim(g, character("Wes", weapons=[Weapon("Machete", "melee", 2)]), wilson, Situation(weapon="Machete"))
    with pytest.raises(BadInput, match="no ranged weapon"):
        aim(g, character("Gordo2", weapons=[Weapon("Chainblade", "melee", 3)]), wilson, Situation())
    with pytest.raises(BadInput, match="has no weapon 'bazooka'"):
        aim(g, razz, wilson, Situation(weapon="bazooka"))


# --- who may shoot, when (R12, R18-R20, R23) --------------------------------------------------


def test_shooting_belongs_to_the_ranged_phase_of_ones_own_turn():
    g, razz, wilson, *_ = setup()
    g.phase = "movement"
    with pytest.raises(RuleRefusal, match="Ranged Combat Phase"):
        shoot(g, razz, wilson, Situation(), dice(), table())
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="Red's turn"):
        shoot(g, wilson, razz, Situation(), dice(), table())


def test_once_per_turn():
    g, razz, wilson, *_ = setup()
    fire(g, razz, wilson, 2, 3, 4, 5)
    with pytest.raises(RuleRefusal, match="already shot"):
        shoot(g, razz, wilson, Situation(), dice(), table())


@pytest.mark.parametrize("action, why", [
    ("ran", "it ran this turn"), ("charged", "it charged this turn"), ("jumped", "it jumped this turn"),
    ("brawled", r"it fought in close combat this turn \(a free attack counts\)"), ("broke", "it broke away from close combat this turn"),
    ("overwatch", "it is on overwatch"),
])
def test_no_shooting_after_a_turn_taking_action(action, why):
    g, razz, wilson, *_ = setup()
    razz.acted.append(action)
    with pytest.raises(RuleRefusal, match=f"Razz cannot shoot: {why}"):
        shoot(g, razz, wilson, Situation(), dice(), table())


def test_no_shooting_after_breaking_away_in_the_same_turn():
    """R12: a character that broke away from close combat this turn does not also shoot."""
    from sprawl_cli.systems.sprawl.close import break_away

    g, razz, wilson, *_ = setup()
    razz.engaged_with = ["Wilson"]
    wilson.engaged_with = ["Razz"]
    g.phase = "movement"
    break_away(g, razz, dice(1, 1, 1), table())  # Wilson's free attack (Brawling 3) misses
    assert not razz.engaged_with and "broke" in razz.acted
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="broke away from close combat this turn"):
        shoot(g, razz, wilson, Situation(), dice(), table())


@pytest.mark.parametrize("taken", [1, 2, 3])
def test_every_point_of_damage_taken_adds_one_to_the_shooting_difficulty(taken):
    """R5: +1 per point of damage taken, from the first point on."""
    g, razz, wilson, *_ = setup()
    fresh = aim(g, razz, wilson, Situation())
    razz.damage_taken = taken
    wounded = aim(g, razz, wilson, Situation())
    assert wounded.difficulty == fresh.difficulty + taken
    assert (f"Razz's wounds ({taken} damage taken)", taken, "R5") in [(m.source, m.value, m.ruling)
                                                                      for m in wounded.modifiers]


@pytest.mark.parametrize("status, why", [("ran", "ran this turn"), ("overwatch", "on overwatch")])
def test_ran_or_overwatch_status_alone_refuses_too(status, why):
    g, razz, wilson, *_ = setup()
    razz.add(status)
    with pytest.raises(RuleRefusal, match=why):
        shoot(g, razz, wilson, Situation(), dice(), table())


@pytest.mark.parametrize("status", ["pinned", "down", "panicked"])
def test_pinned_down_or_panicked_cannot_shoot(status):
    g, razz, wilson, *_ = setup()
    razz.add(status)
    with pytest.raises(RuleRefusal, match="cannot shoot"):
        shoot(g, razz, wilson, Situation(), dice(), table())


def test_engaged_cannot_shoot():
    g, razz, wilson, *_ = setup()
    razz.engaged_with = ["Wilson"]
    wilson.engaged_with = ["Razz"]
    with pytest.raises(RuleRefusal, match="engaged"):
        shoot(g, razz, wilson, Situation(), dice(), table())


def test_shooting_marks_shot_so_brawling_is_barred_later():
    g, razz, wilson, *_ = setup()
    fire(g, razz, wilson, 2, 3, 4, 5)
    assert razz.acted == ["shot"]  # close combat reads this (R12)


def test_overwatch_fire_in_the_enemys_turn_ends_overwatch():
    g, razz, wilson, *_ = setup()
    g.phase = "movement"  # Red's Movement Phase: Wilson (Blue) watches
    wilson.add("overwatch")
    wilson.acted = ["overwatch"]
    out, _ = fire(g, wilson, razz, 2, 3, 4)
    assert out.overwatch and "overwatch" in out.ended
    assert not wilson.has("overwatch") and "shot" in wilson.acted
    with pytest.raises(RuleRefusal, match="Red's turn"):  # a second shot: no longer watching
        shoot(g, wilson, razz, Situation(), dice(), table())


def test_shooting_ends_hiding():
    g, razz, wilson, *_ = setup()
    razz.add("hidden")
    razz.hide_successes = 3
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5)
    assert not razz.has("hidden") and razz.hide_successes == 0 and out.ended == ["hidden"]


def test_forbidden_targets():
    g, razz, wilson, *_ = setup()
    babs = g.character("Babs")
    with pytest.raises(RuleRefusal, match="own squad"):
        shoot(g, razz, babs, Situation(), dice(), table())
    wilson.add("hidden")
    with pytest.raises(RuleRefusal, match="hidden"):
        shoot(g, razz, wilson, Situation(), dice(), table())
    with pytest.raises(BadInput, match="itself"):
        shoot(g, razz, razz, Situation(), dice(), table())


def test_a_target_off_the_table_cannot_be_forced():
    g, razz, wilson, *_ = setup()
    wilson.add("out_of_action")
    with pytest.raises(RuleRefusal, match="Out of Action") as refused:
        shoot(g, razz, wilson, Situation(), dice(), table(force=True))


def test_force_overrules_and_is_logged():
    g, razz, wilson, *_ = setup()
    g.phase = "close"
    wilson.add("hidden")
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, force=True)
    assert len(out.forced) == 2 and "Ranged Combat Phase" in out.forced[0] and "hidden" in out.forced[1]
    assert t.overruled == out.forced and out.to_json()["forced"] == out.forced


# --- misfires and weapons that will not fire (R14) ----------------------------------------------


@pytest.mark.parametrize("roll, result", [(1, "jammed"), (7, "jammed"), (8, "out_of_ammo"), (10, "out_of_ammo")])
def test_gun_misfire_table(roll, result):
    g, razz, wilson, *_ = setup()
    out, _ = fire(g, razz, wilson, 1, 2, 3, 4, roll)
    assert out.misfire == result and out.misfire_roll == roll and out.victims == []
    assert razz.weapon_states == {"Rifle": result}
    assert razz.jammed_turn == ({"Rifle": g.turn} if result == "jammed" else {})
    assert result in razz.shown_statuses


def test_no_misfire_without_a_one_or_with_any_success():
    g, razz, wilson, *_ = setup()
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5)
    assert out.misfire is None
    g2, razz2, wilson2, *_ = setup()
    out, _ = fire(g2, razz2, wilson2, 1, 7, 2, 3, situation=Situation(cover="full", mods=(1,)))  # 1 success, D4
    assert out.misfire is None and out.hits == 0


def test_a_jammed_weapon_is_refused_and_the_default_skips_it():
    g, razz, wilson, *_ = setup()
    razz.weapon_states["Rifle"] = "jammed"
    with pytest.raises(RuleRefusal, match="Rifle is jammed.*--weapon SMG"):
        shoot(g, razz, wilson, Situation(weapon="Rifle"), dice(), table())
    assert aim(g, razz, wilson, Situation()).weapon.name == "SMG"


def test_grenade_misfire_still_scatters_and_leaves_none():
    g, razz, wilson, gordo, _ = setup()
    # R14 + R15: [1 2 3 4] misfires; no misfire d10 for a grenade; it scatters: direction 9 (again, -1")
    # then 3, distance 6 -> half 3, -1 = 2". Gordo is caught: 0 hits + Power 2 = [7 8] 2 points,
    # Toughness [1 2] saves none, 2 Health lost -> 0; incapacitation d10 5: Down.
    d = dice(1, 2, 3, 4, 9, 3, 6, 7, 8, 1, 2, 5)
    t = table(lists={"blast-scattered": ["Gordo"]})
    out = shoot(g, razz, wilson, Situation(weapon="Grenade", distance=5), d, t)
    assert leftover(d) == []
    assert [r.label for r in d.rolls] == [
        "Razz: Shooting", "Razz: Scatter direction", "Razz: Scatter direction", "Razz: Scatter distance",
        "Razz: Damage", "Gordo: Toughness", "Gordo: Incapacitation"]
    assert out.misfire == "none_left" and out.misfire_roll is None
    assert (out.scatter.direction, out.scatter.inches) == (3, 2)
    assert "2\" to the right of Wilson" in t.asked[-1]
    assert [v.name for v in out.victims] == ["Gordo"] and out.victims[0].damage_faces == (7, 8)
    assert gordo.has("pinned") and gordo.has("down") and not wilson.has("pinned")
    assert razz.usable(GRENADE) == "none_left" and out.uses_left == 0
    data = out.to_json()
    assert data["misfire"] == "none_left" and data["scatter"]["inches"] == 2
    razz.acted.clear()  # as if in a later turn
    with pytest.raises(RuleRefusal, match="Grenade has none left"):
        shoot(g, razz, wilson, Situation(weapon="Grenade", distance=5), dice(), table(force=False))


def test_rocket_misfire_scatters_the_full_roll_with_nobody_caught():
    g, razz, wilson, *_ = setup()
    # [1 1 2 6]: a misfire; direction 5, distance 4 (a rocket travels the full roll); --blast none.
    out, t = fire(g, razz, wilson, 1, 1, 2, 6, 5, 4, situation=Situation(weapon="Rocket Launcher"),
                  lists={"blast-scattered": []})
    assert out.misfire == "none_left" and out.misfire_roll is None
    assert (out.scatter.direction, out.scatter.inches, out.scatter.halved) == (5, 4, False)
    assert out.victims == [] and razz.usable(ROCKET) == "none_left" and out.uses_left == 0
    assert len(t.asked) == 2 and "closest viable target" in t.asked[0] and "4\" straight back" in t.asked[1]


def test_gun_misfire_rolls_its_d10_and_never_scatters():
    g, razz, wilson, *_ = setup()
    d = dice(1, 2, 3, 4, 8)
    out = shoot(g, razz, wilson, Situation(), d, table())
    assert [r.label for r in d.rolls] == ["Razz: Shooting", "Razz: Misfire"]
    assert out.misfire == "out_of_ammo" and out.scatter is None and out.victims == []


def test_uses_per_game_run_out():
    g, razz, wilson, *_ = setup()
    situation = Situation(weapon="Rocket Launcher")
    # A miss: scatter direction 4, distance 5 (a rocket travels the full roll); nobody caught.
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, 4, 5, situation=situation, lists={"blast-scattered": []})
    assert razz.uses_spent == {"Rocket Launcher": 1} and out.uses_left == 0
    razz.acted.clear()
    with pytest.raises(RuleRefusal, match="has none left"):
        shoot(g, razz, wilson, situation, dice(), table())


# --- zero Health, incapacitation, panic (R8, R9) ------------------------------------------------


@pytest.mark.parametrize("roll, result", [(1, "recovery"), (2, "down"), (8, "down"), (9, "out_of_action"),
                                          (10, "out_of_action")])
def test_zero_health_rolls_on_the_incapacitation_table(roll, result):
    g, razz, _, _, newton = setup()
    # Newton: Toughness 1, Health 1. 1 hit; damage [8 2 2] 1 point; Toughness [2]; incapacitation d10.
    out, _ = fire(g, razz, newton, 7, 2, 2, 2, 8, 2, 2, 2, roll, lists={"nearby": []})
    v = out.victims[0]
    assert v.incapacitation == {"roll": roll, "result": result} and newton.health == 0
    assert v.out_of_action == (result == "out_of_action")
    if result == "recovery":
        assert newton.has("pinned") and newton.recovery_pending
    elif result == "down":
        assert newton.has("pinned") and newton.has("down")
    else:
        assert newton.statuses == ["out_of_action"] and razz.record.put_out_of_action == 1


def test_a_character_at_zero_health_that_takes_more_rolls_again():
    g, razz, _, _, newton = setup()
    newton.health = 0
    newton.add("down")
    out, _ = fire(g, razz, newton, 7, 2, 2, 2, 8, 2, 2, 2, 3)  # 1 point through -> table again: 3 Down
    assert out.victims[0].health_lost == 0 and out.victims[0].incapacitation == {"roll": 3, "result": "down"}


def test_a_character_at_zero_health_whose_toughness_holds_does_not_roll():
    g, razz, _, _, newton = setup()
    newton.health = 0
    out, _ = fire(g, razz, newton, 7, 2, 2, 2, 8, 2, 2, 9)
    assert out.victims[0].incapacitation is None and newton.has("pinned")


def knock_out_wilson(g, razz, wilson, *panic_faces, nearby):
    # 4 hits (Rifle, Difficulty 1): damage 6 dice [9 9 9 2 2 2] 3 points; Toughness [2 2 2]; d10 10: Out of Action.
    return fire(g, razz, wilson, 7, 8, 9, 7, 9, 9, 9, 2, 2, 2, 2, 2, 2, 10, *panic_faces, lists={"nearby": nearby})


def test_panic_fail_flees_and_pass_holds():
    g, razz, wilson, gordo, newton = setup()
    # Gordo: Guts 2, needs 2: [7 3] fails -> flees d10 6". Newton: Guts 1, needs 3: [10] is 2, fails -> 4".
    out, _ = knock_out_wilson(g, razz, wilson, 7, 3, 6, 10, 4, nearby=["Gordo", "Newton"])
    assert [(p.name, p.needed, p.successes, p.panicked, p.flee_inches) for p in out.panic] == [
        ("Gordo", 2, 1, True, 6), ("Newton", 3, 2, True, 4)]
    assert gordo.has("panicked") and gordo.panicked_turn == g.turn
    g, razz, wilson, gordo, newton = setup()
    out, _ = knock_out_wilson(g, razz, wilson, 10, 2, nearby=["Gordo"])
    assert [(p.name, p.panicked, p.flee_inches) for p in out.panic] == [("Gordo", False, None)]
    assert not gordo.has("panicked")


def test_panic_needs_to_know_who_is_near():
    g, razz, wilson, *_ = setup()
    with pytest.raises(NeedsAnswer, match="--nearby"):
        fire(g, razz, wilson, 7, 8, 9, 7, 9, 9, 9, 2, 2, 2, 2, 2, 2, 10)


@pytest.mark.parametrize("given, hint", [
    ("Razzz", "the friends still on the table are: Gordo, Newton"),  # not 'Razz': the shooter is no friend
    ("Wilsen", "the friends still on the table are: Gordo, Newton"),  # nor the fallen itself
    ("gordon", "did you mean 'Gordo'?"),
])
def test_an_unknown_nearby_name_is_hinted_among_the_fallens_friends(given, hint):
    g, razz, wilson, *_ = setup()
    with pytest.raises(BadInput) as refused:
        knock_out_wilson(g, razz, wilson, nearby=[given])
    assert f"no character named '{given}'" in refused.value.message and hint in refused.value.message
    assert "Razz'" not in refused.value.message and "'Wilson'" not in refused.value.message


def test_ledge_quickness_test_after_a_pin():
    g, razz, wilson, *_ = setup()
    wilson.quickness = 2
    out, _ = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, 2, 2, 3, situation=Situation(near_ledge=("wilson",)))
    assert out.victims[0].ledge == {"faces": [2, 3], "successes": 0, "fell": True}
    g, razz, wilson, *_ = setup()
    wilson.quickness = 2
    out, _ = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, 2, 8, 3, situation=Situation(near_ledge=("Wilson",)))
    assert out.victims[0].ledge["fell"] is False


# --- grenades and rockets (R15-R17) -------------------------------------------------------------


def grenade(**kw):
    return Situation(weapon="Grenade", **kw)


def test_throwing_range_by_strength_is_checked():
    g, razz, wilson, *_ = setup(strength=3)  # R17: 8"
    assert aim(g, razz, wilson, grenade()).throw_range == 8
    with pytest.raises(RuleRefusal, match="beyond Razz's throw of 8"):
        shoot(g, razz, wilson, grenade(distance=9), dice(), table())
    with pytest.raises(RuleRefusal, match="throwing range of 8"):
        shoot(g, razz, wilson, grenade(), dice(), table(yes=False))
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 1, 2, situation=grenade(), lists={"blast-scattered": []})
    assert any("within 8\"" in q for q in t.asked) and out.scatter is not None


def test_direct_hit_then_each_blast_victim_rolls_separately():
    g, razz, wilson, gordo, newton = setup()
    # [7 8 2 2]: 2 hits. Wilson: 2+2 dice [2 2 2 2], no points. Gordo: [9 2 2 2] 1 point, T [2 2].
    # Newton: [2 2 2 9] 1 point, T [7] negated. Everyone caught is pinned.
    out, t = fire(g, razz, wilson, 7, 8, 2, 2, 2, 2, 2, 2, 9, 2, 2, 2, 2, 2, 2, 2, 2, 9, 7,
                  situation=grenade(distance=4), lists={"blast": ["Gordo", "newton", "Wilson"]})
    assert [v.name for v in out.victims] == ["Wilson", "Gordo", "Newton"]
    assert [len(v.damage_faces) for v in out.victims] == [4, 4, 4]
    assert [v.health_lost for v in out.victims] == [0, 1, 0]
    assert all(c.has("pinned") for c in (wilson, gordo, newton))
    assert out.scatter is None and out.uses_left == 1 and "Who else, besides Wilson, is within 2\"" in t.asked[-1]


def test_spot_hits_only_those_named():
    g, razz, wilson, gordo, _ = setup()
    plan = aim(g, razz, wilson, grenade(spot=True))
    assert [(m.source, m.value) for m in plan.modifiers] == [("aiming at a spot beside Wilson", 1)]
    out, _ = fire(g, razz, wilson, 7, 8, 2, 2, 2, 2, 2, situation=grenade(spot=True, distance=3),
                  lists={"blast": ["Gordo"]})
    assert [v.name for v in out.victims] == ["Gordo"] and not wilson.has("pinned")


def test_a_hidden_character_caught_in_a_blast_is_hit():
    g, razz, wilson, gordo, _ = setup()
    gordo.add("hidden")
    out, _ = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, 2, 2, 2, 2, situation=grenade(distance=3),
                  lists={"blast": ["Gordo"]})
    assert [v.name for v in out.victims] == ["Wilson", "Gordo"] and gordo.has("pinned")


@pytest.mark.parametrize("faces, direction, adjustment, inches", [
    ((3, 7), 3, 0, 4),            # thrown: 7 halved, rounded up
    ((9, 9, 2, 1), 2, -2, 0),     # two 9s: -2"; 1 halved up is 1; never below 0
    ((10, 10, 9, 5, 6), 5, 1, 4),  # +1 +1 -1 on 3
])
def test_thrown_grenade_scatter(faces, direction, adjustment, inches):
    g, razz, wilson, *_ = setup()
    landed_on_wilson = (2, 2) if inches == 0 else ()  # H1: a 0" scatter catches the target (Power 2, no points)
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, *faces, *landed_on_wilson, situation=grenade(distance=2),
                  lists={"blast": [], "blast-scattered": []})
    s = out.scatter
    assert (s.direction, s.adjustment, s.inches, s.halved) == (direction, adjustment, inches, True)
    assert s.direction_rolls == faces[:-1] and s.distance_roll == faces[-1]


def test_rocket_scatter_uses_the_full_roll_and_victims_roll_only_power():
    g, razz, wilson, gordo, _ = setup()
    # A miss (Difficulty 3): direction 10 then 4 (+1"), distance 7 -> 8". Gordo caught: 0 hits + Power 4.
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 10, 4, 7, 2, 2, 2, 2,
                  situation=Situation(weapon="Rocket Launcher", cover="full"), lists={"blast-scattered": ["Gordo"]})
    assert (out.scatter.inches, out.scatter.halved) == (8, False)
    assert [v.name for v in out.victims] == ["Gordo"] and len(out.victims[0].damage_faces) == 4
    assert not wilson.has("pinned") and gordo.has("pinned")
    assert "8\" back and to the right" in t.asked[-1]


def test_a_gun_asks_the_table_only_whether_the_target_is_the_closest():
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, 2)
    assert t.asked == ["Is Wilson the closest viable target Razz can see (a character must shoot at the "
                       "closest one, H2)?"]
    assert [v.name for v in out.victims] == ["Wilson"]


def test_panic_comes_after_every_victim():
    g, razz, wilson, gordo, newton = setup()
    # 4 hits + Power 2: Newton (first, the target) 6 dice [9 2 2 2 2 2] 1 point, T [2], d10 9 Out of Action;
    # then Wilson in the blast [2 x6], no Toughness roll; only then Gordo's panic test [8 8].
    out, _ = fire(g, razz, newton, 7, 8, 9, 7, 9, 2, 2, 2, 2, 2, 2, 9, 2, 2, 2, 2, 2, 2, 8, 8,
                  situation=grenade(distance=3), lists={"blast": ["Wilson"], "nearby": ["Gordo"]})
    assert [v.name for v in out.victims] == ["Newton", "Wilson"]
    assert out.victims[0].out_of_action and out.panic[0].name == "Gordo" and not out.panic[0].panicked


# --- line of sight (R13) ------------------------------------------------------------------------


@pytest.mark.parametrize("roll, visible", [(1, False), (2, True), (7, False), (10, True)])
def test_line_of_sight_even_is_visible(roll, visible):
    g, razz, wilson, *_ = setup()
    sight = line_of_sight(dice(roll), razz, wilson)
    assert sight.to_json() == {"roll": roll, "visible": visible, "looker": "Razz", "target": "Wilson"}


def test_a_scatter_of_nothing_asks_about_the_aimed_point():
    g, razz, wilson, *_ = setup()
    # H1: it went off where it was aimed, so --blast (who else) answers and Wilson is caught.
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 9, 4, 1, 2, 2, situation=grenade(distance=2), lists={"blast": []})
    assert out.scatter.inches == 0  # 1 halved is 1, less 1" for the 9
    assert "so it went off where aimed" in t.asked[-1] and [v.name for v in out.victims] == ["Wilson"]


def test_an_engaged_friend_who_panics_takes_a_free_attack():
    g, razz, wilson, gordo, _ = setup()
    babs = g.character("Babs")
    gordo.engaged_with, babs.engaged_with = ["Babs"], ["Gordo"]
    # Wilson goes Out of Action; Gordo's Guts [2 2] fails, flees 5"; Babs' free Brawling [7 2 2]: 1 hit,
    # damage 1 + Knife 1: [2 2], nothing.
    out, _ = knock_out_wilson(g, razz, wilson, 2, 2, 5, 7, 2, 2, 2, 2, nearby=["Gordo"])
    assert out.panic[0].panicked and out.panic[0].flee_inches == 5
    assert len(out.panic[0].free_attacks) == 1
    assert gordo.engaged_with == [] and babs.engaged_with == [] and gordo.has("panicked")


def test_a_panicker_dropped_by_its_free_attack_near_a_ledge_tests_its_footing():
    # Issue 12 (R7): Wilson goes Out of Action; Gordo [2 2] panics, flees 5"; Babs' free attack [7 7 2]
    # 2 net + Knife 1 = [7 2 2] 1 point, Toughness [2 2]; Gordo at 0 Health, d10 5 Down; near the ledge
    # (named in --near-ledge): Quickness [2 2 2], it falls.
    g, razz, wilson, gordo, _ = setup()
    babs = g.character("Babs")
    gordo.health = 1
    gordo.engaged_with, babs.engaged_with = ["Babs"], ["Gordo"]
    out, _ = fire(g, razz, wilson, 7, 8, 9, 7, 9, 9, 9, 2, 2, 2, 2, 2, 2, 10, 2, 2, 5, 7, 7, 2, 7, 2, 2, 2, 2, 5,
                  2, 2, 2, situation=Situation(near_ledge=("Gordo",)), lists={"nearby": ["Gordo"]})
    victim = out.panic[0].free_attacks[0]["victims"][0]
    assert victim["name"] == "Gordo" and victim["ledge"] == {"faces": [2, 2, 2], "successes": 0, "fell": True}


def test_distance_limits_and_the_spot_rules_say_what_is_wrong():
    g, razz, wilson, *_ = setup()
    with pytest.raises(BadInput, match="^--distance cannot be negative$"):
        aim(g, razz, wilson, Situation(distance=-1))
    assert aim(g, razz, wilson, Situation(distance=0)).difficulty == 1  # base to base: short range
    with pytest.raises(BadInput, match=r"with --spot the target is a spot on the ground \(already \+1 as a small "
                                       r"target\); leave out --small/--large"):
        aim(g, razz, wilson, Situation(weapon="Grenade", spot=True, size="small"))
    with pytest.raises(BadInput, match="with --spot the target is a spot on the ground, which does not run; "
                                       "leave out --target-running"):
        aim(g, razz, wilson, Situation(weapon="Grenade", spot=True, target_running=True))


def test_a_throw_reaches_exactly_its_range_and_not_an_inch_more():
    from sprawl_cli.systems.sprawl.tables import throw_range

    g, razz, wilson, *_ = setup()
    reach = throw_range(razz.strength)
    assert aim(g, razz, wilson, Situation(weapon="Grenade", distance=reach)).out_of_range is None
    beyond = aim(g, razz, wilson, Situation(weapon="Grenade", distance=reach + 0.5))
    assert beyond.out_of_range == f"{reach + 0.5:g}\" is beyond Razz's throw of {reach}\" (Strength 2, R17)"


def test_the_running_and_spot_modifiers_cite_r13():
    g, razz, wilson, *_ = setup()
    running = aim(g, razz, wilson, Situation(target_running=True))
    assert ("Wilson is running (--target-running)", 2, "R13") in [(m.source, m.value, m.ruling)
                                                                for m in running.modifiers]
    spot = aim(g, razz, wilson, Situation(weapon="Grenade", spot=True))
    assert ("aiming at a spot beside Wilson", 1, "R13") in [(m.source, m.value, m.ruling) for m in spot.modifiers]


def test_the_shooters_record_adds_up():
    """The campaign's books: each shot adds one to shots and its hits to hits."""
    g, razz, wilson, *_ = setup()
    razz.record.shots, razz.record.hits = 3, 5
    fire(g, razz, wilson, 7, 7, 1, 1, 1, 1, 1, 1)  # [7 7 1 1]: 2 hits; damage [1 1 1 1]: none
    assert (razz.record.shots, razz.record.hits) == (4, 7)


# --- what a refusal tells the player, and the edges behind it ------------------------------------
# The refusals above are matched loosely; these pin the words a player reads, and the branches the
# looser checks let through (each found by a mutation run that no test noticed).

FORCE_HINT = " (add --force to overrule as referee)"


def refused(error, call, *args):
    """The message of the `error` that `call(*args)` raises."""
    with pytest.raises(error) as caught:
        call(*args)
    return caught.value.message


def test_the_aim_json_gives_the_weapon_its_band_and_the_measured_distance():
    g, razz, wilson, *_ = setup()
    assert aim(g, razz, wilson, Situation(distance=20)).to_json() == {
        "weapon": "Rifle", "kind": "gun", "power": 2, "band": "long",
        "modifiers": [{"source": "Rifle at long range", "value": 1, "ruling": "R13"}],
        "difficulty": 2, "pool": 4, "spot": False, "throw_range": None, "distance": 20, "out_of_range": None}
    beyond = aim(g, razz, wilson, Situation(distance=40)).to_json()
    assert beyond["out_of_range"] == "40\" is beyond the Rifle's reach of 32\"" and beyond["distance"] == 40
    thrown = aim(g, razz, wilson, grenade()).to_json()
    assert (thrown["band"], thrown["throw_range"], thrown["distance"], thrown["out_of_range"]) == (None, 6, None, None)


def test_a_melee_weapon_named_for_a_shot_lists_what_can_shoot():
    g, razz, wilson, *_ = setup()
    assert refused(BadInput, aim, g, razz, wilson, Situation(weapon="Fists")) == (
        "Razz's Fists is a close-combat weapon; shoot with Rifle, SMG, Grenade, Rocket Launcher, "
        "or fight with `sprawl brawl`")
    brawler = character("Wes", weapons=[KNIFE])
    assert refused(BadInput, aim, g, brawler, wilson, Situation(weapon="Knife")) == (
        "Wes's Knife is a close-combat weapon; shoot with a ranged weapon, or fight with `sprawl brawl`")


@pytest.mark.parametrize("weapons, carried", [([], "only Fists"), ([KNIFE, Weapon("Club", "melee", 1)], "Knife, Club")])
def test_nothing_to_shoot_with_says_what_it_carries(weapons, carried):
    g, _, wilson, *_ = setup()
    unarmed = character("Wes", weapons=weapons)
    assert refused(BadInput, aim, g, unarmed, wilson, Situation()) == (
        f"Wes carries no ranged weapon ({carried}); it can only fight in close combat")


@pytest.mark.parametrize("situation, message", [
    (Situation(cover="some"), "--cover should be none, partial or full, not 'some'"),
    (Situation(size="tiny"), "target size should be normal, small or large, not 'tiny'"),
    (Situation(range="far"), "--range should be short or long, not 'far'"),
])
def test_an_unknown_option_value_says_which_values_there_are(situation, message):
    g, razz, wilson, *_ = setup()
    assert refused(BadInput, aim, g, razz, wilson, situation) == message


def test_a_range_band_given_for_a_throw_is_noted_and_ignored():
    g, razz, wilson, *_ = setup()
    plan = aim(g, razz, wilson, grenade(range="long"))
    assert plan.notes == ["A thrown Grenade has no range bands; its reach is set by Strength (R17)"]
    assert plan.band is None and plan.modifiers == [] and plan.difficulty == 1
    assert aim(g, razz, wilson, grenade()).notes == []


def test_a_gun_with_only_a_short_band_reaches_no_further():
    g, razz, wilson, *_ = setup(weapons=[DERRINGER])
    assert aim(g, razz, wilson, Situation(distance=6)).out_of_range is None
    assert aim(g, razz, wilson, Situation(distance=8)).out_of_range == "8\" is beyond the Derringer's reach of 6\""
    assert refused(BadInput, aim, g, razz, wilson, Situation(range="long")) == (
        "the Derringer has no long range band (it reaches 6\")")


@pytest.mark.parametrize("band", ["short", "long"])
def test_a_gun_listing_no_range_bands_shoots_at_either_without_a_modifier(band):
    g, razz, wilson, *_ = setup(weapons=[PISTOL])
    plan = aim(g, razz, wilson, Situation(range=band, distance=50))
    assert [(m.source, m.value) for m in plan.modifiers] == [(f"Pistol at {band} range", 0)]
    assert plan.difficulty == 1 and plan.out_of_range is None
    assert plan.notes == [f"The Pistol lists no {band} range band: no modifier for range"]


def test_the_engaged_refusal_names_every_opponent():
    g, razz, wilson, gordo, _ = setup()
    razz.engaged_with = ["Wilson", "Gordo"]
    wilson.engaged_with, gordo.engaged_with = ["Razz"], ["Razz"]
    assert refused(RuleRefusal, shoot, g, razz, wilson, Situation(), dice(), table()) == (
        "Razz cannot shoot: it is engaged in close combat with Wilson, Gordo and can only fight (R12)" + FORCE_HINT)


def test_an_overwatcher_that_is_pinned_holds_its_fire():
    g, razz, wilson, *_ = setup()
    wilson.add("overwatch")
    wilson.add("pinned")  # a pin ends overwatch (R20); a save edited by hand may still hold both
    assert refused(RuleRefusal, shoot, g, wilson, razz, Situation(), dice(), table()) == (
        "Wilson cannot shoot: it is pinned until its Recovery Phase (R11)" + FORCE_HINT)


def test_out_of_turn_and_out_of_phase_refusals_say_when_shooting_happens():
    g, razz, wilson, *_ = setup()
    assert refused(RuleRefusal, shoot, g, wilson, razz, Situation(), dice(), table()) == (
        "Wilson cannot shoot (only a character on overwatch fires in the enemy's turn, R20): it is Red's turn"
        + FORCE_HINT)
    g.phase = "movement"
    assert refused(RuleRefusal, shoot, g, razz, wilson, Situation(), dice(), table()) == (
        "Shooting belongs to the Ranged Combat Phase; it is now the Movement Phase (`sprawl next` moves on)"
        + FORCE_HINT)


def test_a_forced_shot_out_of_turn_is_not_overwatch_fire():
    g, razz, wilson, *_ = setup()
    out, _ = fire(g, wilson, razz, 2, 3, 4, situation=Situation(weapon="Pistol"), force=True)
    assert out.overwatch is False and out.to_json()["overwatch"] is False
    assert out.forced == ["Wilson cannot shoot (only a character on overwatch fires in the enemy's turn, R20): "
                          "it is Red's turn"]
    own, _ = fire(*setup()[:3], 2, 3, 4, 5)
    assert own.overwatch is False and own.to_json()["overwatch"] is False


def test_a_forced_shot_logs_every_rule_it_overrules():
    g, razz, wilson, *_ = setup()
    razz.acted.append("ran")
    razz.add("pinned")
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, force=True)
    assert out.forced == ["Razz cannot shoot: it ran this turn, and a runner does nothing else (R18)",
                          "Razz cannot shoot: it is pinned until its Recovery Phase (R11)"]


def test_characters_off_the_table_neither_shoot_nor_are_shot_at():
    g, razz, wilson, *_ = setup()
    wilson.add("out_of_action")
    assert refused(RuleRefusal, shoot, g, razz, wilson, Situation(), dice(), table()) == (
        "Wilson is Out of Action and cannot be shot at")
    razz.add("out_of_action")
    assert refused(RuleRefusal, shoot, g, razz, g.character("Gordo"), Situation(), dice(), table()) == (
        "Razz is Out of Action and cannot shoot")


@pytest.mark.parametrize("situation, where", [(Situation(), "Wilson"),
                                              (grenade(spot=True, distance=3), "the spot beside Wilson")])
def test_a_target_that_is_not_the_closest_is_refused_by_name(situation, where):
    g, razz, wilson, *_ = setup()
    assert refused(RuleRefusal, shoot, g, razz, wilson, situation, dice(), table(yes=False)) == (
        f"Razz must shoot at the closest viable target it can see, and {where} is not it (H2); "
        "shoot at that one instead" + FORCE_HINT)


@pytest.mark.parametrize("state, words", [
    ("jammed", "is jammed (a Smarts test in a later Recovery Phase clears it: `sprawl recover`)"),
    ("out_of_ammo", "is out of ammo for the rest of the game"),
])
def test_a_gun_that_will_not_fire_says_why_and_what_will(state, words):
    g, razz, wilson, *_ = setup()
    razz.weapon_states["Rifle"] = state
    assert refused(RuleRefusal, shoot, g, razz, wilson, Situation(weapon="Rifle"), dice(), table()) == (
        f"Razz's Rifle {words} (R14); use --weapon SMG" + FORCE_HINT)


def test_the_weapon_hint_offers_only_a_weapon_that_works():
    g, razz, wilson, *_ = setup()
    razz.weapon_states.update({"Rifle": "jammed", "SMG": "out_of_ammo"})
    message = refused(RuleRefusal, shoot, g, razz, wilson, Situation(weapon="Rifle"), dice(), table())
    assert message.endswith("(R14); use --weapon Grenade" + FORCE_HINT)
    razz.uses_spent.update({"Grenade": 2, "Rocket Launcher": 1})
    assert refused(RuleRefusal, shoot, g, razz, wilson, Situation(weapon="SMG"), dice(), table()) == (
        "Razz's SMG is out of ammo for the rest of the game (R14)" + FORCE_HINT)


def test_the_throwing_range_question_and_refusal_name_the_target_or_the_spot():
    g, razz, wilson, *_ = setup()
    t = table(yes=False)
    assert refused(RuleRefusal, shoot, g, razz, wilson, grenade(spot=True), dice(), t) == (
        "the spot beside Wilson is beyond Razz's throwing range of 6\" (R17)" + FORCE_HINT)
    assert t.asked == ["Is the spot beside Wilson within 6\" of Razz (throwing range at Strength 2, R17)?"]
    assert refused(RuleRefusal, shoot, g, razz, wilson, grenade(), dice(), table(yes=False)) == (
        "Wilson is beyond Razz's throwing range of 6\" (R17)" + FORCE_HINT)


def test_a_thrown_weapon_without_a_blast_hits_only_on_a_pass():
    g, razz, wilson, *_ = setup(weapons=[THROWING_KNIFE])
    # [7 2 2 2] 1 hit: damage 1 + Power 1 [2 2], nothing to negate; Wilson is pinned.
    out, t = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, situation=Situation(distance=2))
    assert [v.name for v in out.victims] == ["Wilson"] and wilson.has("pinned") and out.to_json()["blast"] is None
    # A miss scatters 9 (again, -1") then 4, distance 1: half is 1, less 1 = 0". Landing where it was
    # aimed does not make a failed throw hit: nobody is caught, and nobody is asked who is.
    g, razz, wilson, *_ = setup(weapons=[THROWING_KNIFE])
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 9, 4, 1, situation=Situation(distance=2))
    assert out.scatter.inches == 0 and out.victims == [] and not wilson.has("pinned")
    assert not any("within" in q for q in t.asked)


def test_each_blast_question_says_where_it_went_off():
    # A direct hit: who else is near the target.
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 7, 2, 2, 2, 2, 2, 2, situation=grenade(distance=2), lists={"blast": []})
    assert t.asked[-1] == "Who else, besides Wilson, is within 2\" of Wilson (blast, R16)?"
    assert out.to_json()["blast"] == 2
    # A scatter of 0": where it was aimed, and it says so.
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 9, 4, 1, 2, 2, situation=grenade(distance=2), lists={"blast": []})
    assert t.asked[-1] == ("Who else, besides Wilson, is within 2\" of Wilson (the scatter came to 0\", so it "
                           "went off where aimed) (blast, R16)?")
    # At a spot (Difficulty 2): [7 7 2 2] hits it; the target is caught only if named.
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 7, 7, 2, 2, situation=grenade(spot=True, distance=2), lists={"blast": []})
    assert t.asked[-1] == "Who is within 2\" of the spot beside Wilson (blast, R16)? Name Wilson too if so."
    assert out.victims == []
    # At a spot, a miss that scatters 0".
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 9, 4, 1, situation=grenade(spot=True, distance=2),
                  lists={"blast": []})
    assert t.asked[-1] == ("Who is within 2\" of the spot beside Wilson, where it was aimed (the scatter came to "
                           "0\") (blast, R16)? Name Wilson too if so.")
    # At a spot, a miss that scatters 3" to the right.
    g, razz, wilson, *_ = setup()
    out, t = fire(g, razz, wilson, 2, 3, 4, 5, 3, 6, situation=grenade(spot=True, distance=2),
                  lists={"blast-scattered": []})
    assert t.asked[-1] == ("It scattered: who is within 2\" of the point where it landed, 3\" to the right of the "
                           "spot beside Wilson (blast, R16, H1)? Name Wilson too if so.")


def test_a_blast_cannot_catch_someone_already_off_the_table():
    g, razz, wilson, gordo, _ = setup()
    gordo.add("out_of_action")
    message = refused(BadInput, shoot, g, razz, wilson, grenade(distance=2), dice(7, 2, 2, 2),
                      table(lists={"blast": ["Gordo"]}))
    assert message == "Gordo is no longer on the table; --blast names characters still in play"


def test_every_grenade_thrown_is_counted_against_its_uses():
    g, razz, wilson, *_ = setup()
    # Two misses, each scattering 3" to the right ([2 3 4 5], direction 3, distance 6) onto nobody.
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, 3, 6, situation=grenade(distance=2), lists={"blast-scattered": []})
    assert razz.uses_spent == {"Grenade": 1} and out.uses_left == 1
    razz.acted.clear()  # as if in a later turn
    out, _ = fire(g, razz, wilson, 2, 3, 4, 5, 3, 6, situation=grenade(distance=2), lists={"blast-scattered": []})
    assert razz.uses_spent == {"Grenade": 2} and out.uses_left == 0
    razz.acted.clear()
    assert "Grenade has none left" in refused(RuleRefusal, shoot, g, razz, wilson, grenade(distance=2), dice(),
                                              table())


def test_the_shot_that_takes_the_last_enemy_off_the_table_ends_the_game():
    g, razz, wilson, gordo, newton = setup()
    for gone in (wilson, gordo):
        gone.add("out_of_action")
    # [7 2 2 2] 1 hit; damage [8 2 2] 1 point; Toughness [2]; Newton at 0 Health, d10 9: Out of Action.
    out, _ = fire(g, razz, newton, 7, 2, 2, 2, 8, 2, 2, 2, 9)
    assert g.over and out.game_over == "Blue has nobody left able to act (R25)"
    assert out.to_json()["game_over"] == out.game_over


@pytest.mark.parametrize("who, label", [((True, True), "Razz: Line of sight to Wilson"),
                                        ((True, False), "Line of sight"), ((False, False), "Line of sight")])
def test_the_line_of_sight_roll_is_labelled_with_both_names_or_neither(who, label):
    g, razz, wilson, *_ = setup()
    d = dice(4)
    line_of_sight(d, razz if who[0] else None, wilson if who[1] else None)
    assert [r.label for r in d.rolls] == [label]
