"""Damage and Wounds (R5-R8, R11, R22): what a hit, a fall or the referee's points leave behind,
and what going Out of Action clears. Scripted dice; the shooting and close-combat tests reach
the same code through whole attacks."""

from __future__ import annotations

from sprawl_cli.systems.sprawl.damage import fall, hurt, put_out_of_action
from sprawl_cli.systems.sprawl.referee import referee_damage
from tests.factory import character, dice, game, leftover, table


def sides():
    """Razz and Babs (Red) against Wilson (Toughness 3, Health 3) and Newton (Toughness 1, Health 1)."""
    razz, babs = character("Razz"), character("Babs")
    wilson = character("Wilson")
    newton = character("Newton", toughness=1, health=1)
    return game([razz, babs], [wilson, newton]), razz, babs, wilson, newton


def test_a_victim_at_zero_health_shows_every_field_and_the_recovery_note():
    g, razz, _, _, newton = sides()
    # 1 hit + Power 2: [8 2 2] 1 point; Toughness [2] saves none; 0 Health; d10 1: it will recover.
    d = dice(8, 2, 2, 2, 1)
    out = hurt(g, newton, 1, 2, d, attacker=razz, ranged=True)
    assert leftover(d) == []
    assert out.to_json() == {
        "name": "Newton", "damage_faces": [8, 2, 2], "damage": 1, "toughness_faces": [2], "negated": 0,
        "health_lost": 1, "health": 0, "statuses": ["pinned"],
        "incapacitation": {"roll": 1, "result": "recovery"}, "pinned": True, "ledge": None,
        "out_of_action": False, "disengaged": [],
        "notes": ["Newton stays pinned; when the pin lifts: +1 Health, -1 Toughness (R8)"]}
    assert newton.recovery_pending is True


def test_a_later_down_result_replaces_a_pending_recovery():
    g, razz, _, _, newton = sides()
    newton.health = 0
    newton.recovery_pending = True
    # At 0 Health already: [8 2 2] 1 point, Toughness [2], the table again: 4 is Down.
    out = hurt(g, newton, 1, 2, dice(8, 2, 2, 2, 4), attacker=razz, ranged=True)
    assert out.incapacitation == {"roll": 4, "result": "down"} and out.health_lost == 0
    assert out.notes == ["Newton is Down: may only crawl 2\"; rolls again in its next Recovery Phase (R8)"]
    assert newton.recovery_pending is False and newton.has("down")


def test_no_hits_and_no_power_roll_no_damage_dice_yet_a_ranged_hit_still_pins():
    # R6, R16: a Power 0 blast's victim after a scatter rolls hits (0) + Power (0) dice: none at all.
    g, razz, _, wilson, _ = sides()
    out = hurt(g, wilson, 0, 0, dice(), attacker=razz, ranged=True)
    assert (out.damage_faces, out.damage, out.toughness_faces) == ((), 0, ())
    assert wilson.has("pinned") and not wilson.pin_took_health and wilson.health == 3


def test_damage_dealt_adds_up_over_the_game():
    g, razz, _, wilson, _ = sides()
    razz.record.damage_dealt = 3
    # 2 hits + Power 1: [7 8 9] 3 points; Toughness [7 2 2] saves 1: 2 Health lost.
    hurt(g, wilson, 2, 1, dice(7, 8, 9, 7, 2, 2), attacker=razz, ranged=True)
    assert wilson.health == 1 and razz.record.damage_dealt == 5


def test_close_combat_pins_at_zero_health_as_a_pin_that_took_health():
    # R7, R11: close combat pins only at 0 Health; such a pin took Health, so lifting it needs a test.
    g, razz, _, _, newton = sides()
    out = hurt(g, newton, 1, 1, dice(7, 2, 2, 5), attacker=razz, ranged=False)
    assert out.pinned and newton.has("pinned") and newton.has("down")
    assert newton.pin_took_health is True


def test_close_combat_that_leaves_health_does_not_pin():
    g, razz, _, wilson, _ = sides()
    # 1 hit + Power 1: [7 2] 1 point; Toughness [2 2 2] saves none: 1 Health lost, no pin.
    out = hurt(g, wilson, 1, 1, dice(7, 2, 2, 2, 2), attacker=razz, ranged=False)
    assert wilson.health == 2 and not out.pinned and not wilson.has("pinned") and not wilson.pin_took_health


def test_out_of_action_clears_every_state_of_a_character_on_the_table():
    g, razz, _, wilson, _ = sides()
    for status in ("pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"):
        wilson.add(status)
    wilson.hide_successes = 2
    wilson.recovery_pending = True
    wilson.record.times_out_of_action = 1
    razz.record.put_out_of_action = 2
    put_out_of_action(g, wilson, razz)
    assert wilson.statuses == ["out_of_action"] and wilson.shown_statuses == ["out_of_action"]
    assert wilson.hide_successes == 0 and wilson.recovery_pending is False
    assert wilson.record.times_out_of_action == 2 and razz.record.put_out_of_action == 3
    assert not g.over  # Newton is still on the table


def test_the_ledge_test_is_labelled_and_counts_tens_as_the_game_does():
    for tens, successes in ((True, 2), (False, 1)):
        g, razz, _, wilson, _ = sides()
        g.settings.rule_of_tens = tens
        wilson.quickness = 2
        # 1 hit + Power 1: [2 2], nothing to negate; pinned near the ledge: Quickness [10 2].
        d = dice(2, 2, 10, 2)
        out = hurt(g, wilson, 1, 1, d, attacker=razz, ranged=True, ledge=True)
        assert out.ledge == {"faces": [10, 2], "successes": successes, "fell": False}
        assert [r.label for r in d.rolls] == ["Razz: Damage", "Wilson: Quickness (ledge)"]


def test_a_fall_reports_health_and_statuses_and_tests_footing_only_near_a_ledge():
    # R22: a 3.5" fall is 3 points; Toughness [2 2 2] saves none; 0 Health pins; d10 5: Down.
    g, _, _, wilson, _ = sides()
    d = dice(2, 2, 2, 5)
    out = fall(g, wilson, 3.5, d)
    assert leftover(d) == [] and out.ledge is None
    assert (out.damage, out.health_lost, out.health, out.statuses) == (3, 3, 0, ["pinned", "down"])
    g, _, _, wilson, _ = sides()
    out = fall(g, wilson, 3.5, dice(2, 2, 2, 5, 7, 2, 2), ledge=True)
    assert out.ledge == {"faces": [7, 2, 2], "successes": 1, "fell": False}


def test_the_referees_zero_points_report_the_health_left():
    g, _, _, wilson, _ = sides()
    wilson.health = 2
    done = referee_damage(g, wilson, 0, dice(), table())
    assert done.to_json()["victims"][0]["health"] == 2 and done.victim.health_lost == 0
