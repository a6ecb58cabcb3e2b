"""The Recovery Phase (R8, R10, R11, R14), routing (R24) and the game's end (R25), with scripted dice."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, GameOver, RuleRefusal
from sprawl_cli.systems.sprawl.model import Weapon
from sprawl_cli.systems.sprawl.damage import hurt
from sprawl_cli.systems.sprawl.morale import routing_check
from sprawl_cli.ending import concede, declare_end
from sprawl_cli.systems.sprawl.recovery import recover, rout
from sprawl_cli.systems.sprawl.turn import advance
from tests.factory import character, dice, game, leftover, table

RIFLE = Weapon("Rifle", "gun", 2, reliability=2)
SMG = Weapon("SMG", "gun", 1, reliability=3)


class Steady:
    """Dice for walking through turns: every face a ten, so routing checks hold and fleers run far."""

    def roll(self, count, label):
        return (10,) * count


def to_recovery(g, turns_later=0):
    """Walk to the Recovery Phase of the current side, `turns_later` of its own turns on."""
    for _ in range(turns_later * 8):
        advance(g, Steady())
    for _ in range(3):  # a bounded walk: a broken `advance` fails here instead of looping for ever
        if g.phase == "recovery":
            break
        advance(g, Steady())
    assert g.phase == "recovery"


@pytest.fixture
def red_blue():
    newton = character("Newton", guts=3)
    babs = character("Babs", guts=3)
    wilson = character("Wilson")
    g = game([babs, newton, character("Razz"), character("Lang")], [wilson, character("Gordo")])
    return g, babs, newton, wilson


def pin(g, c, took_health=False):
    c.add("pinned")
    c.pinned_turn = g.turn
    c.pin_took_health = took_health


# --- R11 pins -----------------------------------------------------------------


def test_a_pin_that_took_no_health_lifts_by_itself_next_turn(red_blue):
    g, babs, newton, _ = red_blue
    pin(g, newton)
    to_recovery(g)
    out = recover(g, None, dice(), table())  # same turn: no dice, it waits
    assert out.characters == [] and newton.has("pinned")
    assert "next Recovery Phase" in out.waiting[0]["reason"]
    to_recovery(g, turns_later=1)
    d = dice()
    out = recover(g, None, d, table())
    [c] = out.characters
    assert c.tests[0].kind == "pin" and c.tests[0].automatic and c.tests[0].passed
    assert not newton.has("pinned")


def test_newton_needs_guts_equal_to_all_damage_taken(red_blue):
    """R11's example: 1 point earlier and 2 now: 3 successes to get up."""
    g, babs, newton, wilson = red_blue
    newton.health = newton.max_health = 4
    hurt(g, newton, 1, 0, dice(7, 1, 1, 1), attacker=wilson, ranged=True)  # 1 point earlier
    newton.drop("pinned")
    newton.pin_took_health = False
    hurt(g, newton, 1, 1, dice(7, 7, 1, 1, 1), attacker=wilson, ranged=True)  # 2 now
    assert newton.damage_taken == 3 and newton.pin_took_health
    to_recovery(g, turns_later=1)
    out = recover(g, "newton", dice(7, 10, 1), table())  # 7 and a double ten: 3 successes
    test = out.characters[0].tests[0]
    assert (test.needed, test.successes, test.passed) == (3, 3, True) and not newton.has("pinned")
    assert newton.pin_took_health is False  # a recovery starts R11's count afresh


def test_failed_pin_guts_stays_pinned_and_has_one_go_per_phase(red_blue):
    g, babs, newton, _ = red_blue
    newton.damage_taken = 2
    pin(g, newton, took_health=True)
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(7, 1, 1), table())
    assert out.characters[0].tests[0].passed is False and newton.has("pinned")
    again = recover(g, None, dice(), table())
    assert again.characters == [] and "had its go" in again.waiting[0]["reason"]
    with pytest.raises(RuleRefusal, match="had its go"):
        recover(g, "Newton", dice(), table())


def test_naming_a_character_pinned_this_turn_is_refused_unless_forced(red_blue):
    g, babs, newton, _ = red_blue
    to_recovery(g)
    pin(g, newton)
    with pytest.raises(RuleRefusal, match="this turn"):
        recover(g, "Newton", dice(), table())
    forced = table(force=True)
    out = recover(g, "Newton", dice(), forced)
    assert out.characters[0].tests[0].passed and forced.overruled


def test_nothing_to_recover_and_wrong_phase(red_blue):
    g, babs, newton, _ = red_blue
    with pytest.raises(RuleRefusal, match="Recovery Phase"):
        recover(g, None, dice(), table())
    to_recovery(g)
    with pytest.raises(BadInput, match="nothing to recover"):
        recover(g, "Babs", dice(), table())


# --- R8 Down ----------------------------------------------------------------------


def down(g, c):
    c.health = 0
    c.damage_taken = c.max_health
    pin(g, c, took_health=True)
    c.add("down")


def test_down_rolls_incapacitation_again_recovery_result(red_blue):
    g, babs, newton, _ = red_blue
    down(g, newton)
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(1), table())
    test = out.characters[0].tests[0]
    assert (test.kind, test.result) == ("down", "recovery")
    assert not newton.has("down") and newton.has("pinned") and newton.recovery_pending
    # It gets up with R11 in a later Recovery Phase: Guts against 3 damage, then +1 Health, -1 Toughness.
    assert recover(g, None, dice(), table()).characters == []
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(10, 7, 1), table())
    assert out.characters[0].tests[0].recovery == {"health": 1, "toughness": 2, "out_of_action": False}
    assert newton.health == 1 and newton.toughness == 2 and newton.damage_taken == 3
    assert not newton.has("pinned") and not newton.recovery_pending


@pytest.mark.parametrize("roll, result", [(2, "down"), (8, "down"), (9, "out_of_action"), (10, "out_of_action")])
def test_down_rolls_incapacitation_again_other_results(red_blue, roll, result):
    g, babs, newton, _ = red_blue
    down(g, newton)
    to_recovery(g, turns_later=1)
    babs.guts = 1
    d = dice(roll, 1, 4) if result == "out_of_action" else dice(roll)  # then Babs's panic test, flee d10
    out = recover(g, None, d, table(lists={"nearby": ["Babs"]}))
    assert out.characters[0].tests[0].result == result and leftover(d) == []
    if result == "down":
        assert newton.has("down") and newton.has("pinned")
    else:
        assert newton.has("out_of_action") and babs.has("panicked")
        assert [p.name for p in out.characters[0].panic] == ["Babs"]


def test_recovery_pending_at_toughness_one_goes_out_of_action(red_blue):
    g, babs, newton, _ = red_blue
    newton.health, newton.toughness, newton.damage_taken = 0, 1, 3
    pin(g, newton, took_health=True)
    newton.recovery_pending = True
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(10, 7, 1), table(lists={"nearby": []}))
    assert out.characters[0].tests[0].recovery["out_of_action"] is True
    assert newton.has("out_of_action") and newton.toughness == 0


# --- R10 panic ----------------------------------------------------------------------


def panicked(g, c):
    c.add("panicked")
    c.panicked_turn = g.turn


@pytest.mark.parametrize("safe, near_leader, tries", [(True, False, True), (False, True, True), (False, False, False)])
def test_panic_recovery_only_when_safe_or_near_the_leader(red_blue, safe, near_leader, tries):
    g, babs, newton, _ = red_blue
    newton.guts = 4  # needs max(1, 6 - 4) = 2
    panicked(g, newton)
    to_recovery(g, turns_later=1)
    if safe:
        newton.add("safe")
    d = dice(7, 8, 1, 1) if tries else dice()
    out = recover(g, None, d, table(yes=near_leader))
    if tries:
        test = out.characters[0].tests[0]
        assert (test.kind, test.needed, test.passed) == ("panic", 2, True)
        assert not newton.has("panicked") and not newton.has("safe")
    else:
        assert out.characters == [] and newton.has("panicked")
        assert "6\"" in out.waiting[0]["reason"]


def test_panic_not_in_the_turn_it_panicked_and_guts_floor(red_blue):
    g, babs, newton, _ = red_blue
    to_recovery(g)
    panicked(g, newton)
    newton.add("safe")
    out = recover(g, None, dice(), table())
    assert out.characters == [] and "panicked this turn" in out.waiting[0]["reason"]
    newton.guts = 7  # max(1, 6 - 7) = 1
    to_recovery(g, turns_later=1)
    newton.add("safe")
    out = recover(g, None, dice(1, 1, 1, 1, 1, 1, 7), table())
    assert out.characters[0].tests[0].needed == 1 and out.characters[0].tests[0].passed


def test_panicked_leader_can_only_rally_when_safe(red_blue):
    g, babs, newton, _ = red_blue
    panicked(g, babs)
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(), table(yes=True))
    assert out.characters == [] and "Leader cannot" in out.waiting[0]["reason"]
    with pytest.raises(RuleRefusal, match="not yet safe"):
        recover(g, "Babs", dice(), table())
    forced = table(force=True)
    out = recover(g, "Babs", dice(7, 8, 9), forced)  # Guts 3 needs 3
    assert out.characters[0].tests[0].passed and not babs.has("panicked") and forced.overruled


# --- R14 jams --------------------------------------------------------------------------


def jam(g, c, gun):
    c.weapon_states[gun.name] = "jammed"
    c.jammed_turn[gun.name] = g.turn


def test_a_jam_clears_only_in_a_later_turn_with_smarts_against_reliability(red_blue):
    g, babs, newton, _ = red_blue
    newton.weapons = [RIFLE, SMG]
    to_recovery(g)
    jam(g, newton, SMG)
    out = recover(g, None, dice(), table())
    assert out.characters == [] and "later turn" in out.waiting[0]["reason"]
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(7, 8, 1), table())  # SMG reliability 3: 2 successes fail
    test = out.characters[0].tests[0]
    assert (test.kind, test.weapon, test.needed, test.passed) == ("jam", "SMG", 3, False)
    assert newton.weapon_states == {"SMG": "jammed"}
    to_recovery(g, turns_later=1)
    recover(g, None, dice(7, 10, 1), table())  # 3 successes
    assert newton.weapon_states == {} and newton.jammed_turn == {}


def test_tests_in_roster_order_then_pin_down_panic_jam(red_blue):
    g, babs, newton, _ = red_blue
    babs.weapons = [RIFLE]
    newton.weapons = [RIFLE]
    newton.damage_taken = 1
    pin(g, babs)  # automatic: no dice
    jam(g, babs, RIFLE)
    pin(g, newton, took_health=True)
    panicked(g, newton)
    newton.add("safe")
    jam(g, newton, RIFLE)
    to_recovery(g, turns_later=1)
    d = dice(7, 7, 1,  # Babs: jam (Smarts 3 vs 2)
             7, 1, 1,  # Newton: pin (Guts vs 1)
             1, 1, 1,  # Newton: panic (Guts vs 3), fails
             1, 1, 1)  # Newton: jam, fails
    out = recover(g, None, d, table())
    assert [c.name for c in out.characters] == ["Babs", "Newton"]
    assert [t.kind for t in out.characters[0].tests] == ["pin", "jam"]
    assert [t.kind for t in out.characters[1].tests] == ["pin", "panic", "jam"]
    assert [t.passed for t in out.characters[1].tests] == [True, False, False]
    assert [r.label for r in d.rolls] == ["Babs: Smarts (jammed Rifle)", "Newton: Guts (pinned)",
                                          "Newton: Guts (panic)", "Newton: Smarts (jammed Rifle)"]


def test_a_character_still_down_cannot_clear_a_jam(red_blue):
    g, babs, newton, _ = red_blue
    newton.weapons = [RIFLE]
    down(g, newton)
    jam(g, newton, RIFLE)
    to_recovery(g, turns_later=1)
    out = recover(g, None, dice(5), table())
    assert [t.kind for t in out.characters[0].tests] == ["down"] and newton.weapon_states


def test_only_the_current_side(red_blue):
    g, babs, newton, wilson = red_blue
    pin(g, wilson)
    to_recovery(g, turns_later=1)
    assert recover(g, None, dice(), table()).characters == []
    with pytest.raises(RuleRefusal, match="turn"):
        recover(g, "Wilson", dice(), table())


# --- R24 routing --------------------------------------------------------------------------


@pytest.fixture
def four():
    red = [character(n, smarts=s) for n, s in (("Babs", 2), ("Razz", 4), ("Wes", 5), ("Lang", 3))]
    g = game(red, [character("Wilson")])
    return g, red


def test_exactly_a_quarter_shaken_makes_no_test(four):
    g, (babs, razz, wes, lang) = four
    lang.add("pinned")
    check = routing_check(g, g.squads[0], dice())
    assert not check.due and check.test is None and not g.over


def test_more_than_a_quarter_shaken_tests_the_leaders_smarts(four):
    g, (babs, razz, wes, lang) = four
    lang.add("pinned")
    wes.add("out_of_action")
    check = routing_check(g, g.squads[0], dice(7, 7))
    assert check.due and check.roller == "Babs" and check.test.difficulty == 2 and not check.routed


def test_shaken_leader_hands_the_test_to_the_highest_smarts_left(four):
    g, (babs, razz, wes, lang) = four
    babs.add("panicked")
    lang.add("down")
    check = routing_check(g, g.squads[0], dice(7, 1, 1, 1, 1))  # Wes: Smarts 5 vs 2
    assert check.roller == "Wes" and check.test.difficulty == 2 and check.routed


@pytest.mark.parametrize("tens, routed", [(True, False), (False, True)])
def test_the_routing_test_follows_the_rule_of_tens(four, tens, routed):
    """R2 in R24: Babs (Smarts 2) against 2 shaken rolls [10 1]: a 10 is two successes only
    under the Rule of Tens."""
    g, (babs, razz, wes, lang) = four
    g.settings.rule_of_tens = tens
    lang.add("pinned")
    wes.add("out_of_action")
    check = routing_check(g, g.squads[0], dice(10, 1))
    assert check.roller == "Babs" and check.test.difficulty == 2
    assert check.test.successes == (2 if tens else 1)
    assert check.routed is routed and g.over is routed


def test_a_squad_with_nobody_steady_routs_without_a_roll(four):
    """R24: no steady member is left to take the Smarts test: the squad flees, no dice."""
    g, (babs, razz, wes, lang) = four
    for c in (babs, razz, wes, lang):
        c.add("pinned")
    check = routing_check(g, g.squads[0], dice())
    assert check.routed is True and check.roller is None and check.test is None
    assert check.reason == "nobody steady is left to rally the squad"
    assert g.over and g.winner == "Blue"


def test_routing_says_why(four):
    g, (babs, razz, wes, lang) = four
    lang.add("pinned")
    assert routing_check(g, g.squads[0], dice()).reason == "1 of 4 shaken: not over 25%, no test"
    wes.add("pinned")
    held = routing_check(g, g.squads[0], dice(7, 7))
    assert (held.routed, held.reason) == (False, "the squad holds")
    assert held.to_json() == {"squad": "Red", "shaken": 2, "size": 4, "due": True, "roller": "Babs",
                              "test": held.test.to_json(), "routed": False, "reason": "the squad holds"}
    fled = routing_check(g, g.squads[0], dice(7, 1))
    assert (fled.routed, fled.reason) == (True, "the squad flees")
    assert fled.test.label == "Babs: Smarts (routing)"


def test_failed_routing_loses_the_game(four):
    g, (babs, razz, wes, lang) = four
    babs.add("pinned")
    razz.add("pinned")
    out = rout(g, g.squads[0], dice(7, 1, 1, 1, 1), table())
    assert out.check.roller == "Wes" and out.check.routed
    assert g.over and g.winner == "Blue" and "routed" in g.reason


def test_rout_on_demand_not_due_makes_no_test_unless_forced(four):
    g, (babs, razz, wes, lang) = four
    out = rout(g, g.squads[0], dice(), table())
    assert out.check.test is None and not g.over
    forced = table(force=True)
    out = rout(g, g.squads[0], dice(7, 1), forced)
    assert out.check.test is not None and out.check.test.difficulty == 1 and forced.overruled


# --- R25 the end -------------------------------------------------------------------------------


def test_concede_and_declare(four):
    g, _ = four
    concede(g, g.squads[0])
    assert g.over and g.winner == "Blue" and "conceded" in g.reason
    with pytest.raises(GameOver):
        declare_end(g, g.squads[0])


def test_referee_names_a_winner_after_the_round_limit(four):
    g, _ = four
    g.rounds = 1
    for _ in range(8):  # round 1's two turns of four phases
        advance(g, Steady())
    assert g.over and g.round == 1 and g.winner is None
    with pytest.raises(BadInput, match="--winner"):
        declare_end(g, None)
    declare_end(g, g.squads[1])
    assert g.winner == "Blue" and "round limit" in g.reason


def test_referee_draw(four):
    g, _ = four
    out = declare_end(g, None)
    assert out.over and out.winner is None and "no winner" in out.reason
