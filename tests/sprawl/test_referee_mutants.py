"""The referee's corrections (`set`, `damage`) and the save's cross-checks: what the
mutation run of referee.py and checks.py found untested, with scripted dice.

referee.py's one survivor (261 mutants), `referee_damage` 36, asks for panic tests even
when nobody fell; panic_tests drops everyone not Out of Action before asking or rolling,
so nothing changes. checks.py: 190 of 190 killed.
"""

from __future__ import annotations

import dataclasses

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal, SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.sprawl.checks import check_game
from sprawl_cli.systems.sprawl.model import STORED_STATUSES
from sprawl_cli.systems.sprawl.movement import overwatch
from sprawl_cli.systems.sprawl.phases import todo
from sprawl_cli.systems.sprawl.recovery import pending, recover
from sprawl_cli.systems.sprawl.referee import referee_damage, set_status
from tests.factory import GRENADE, KNIFE, PISTOL, SHOTGUN, character, dice, game, leftover, table


def test_set_out_of_play_takes_it_off_the_table_and_out_of_its_fight():
    """Like fleeing over the edge (R10): its fight ends, it keeps no other status, and a
    side with nobody left loses (R25). It used to stay engaged and the game went on."""
    wes = character("Wes")
    gordo = character("Gordo")
    g = game([wes], [gordo])
    wes.engaged_with.append("Gordo")
    gordo.engaged_with.append("Wes")
    for status in ("pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"):
        gordo.add(status)
    gordo.hide_successes = 2
    gordo.recovery_pending = True
    change = set_status(g, gordo, "out of play", True)
    assert change.statuses == ["out_of_play"] and gordo.hide_successes == 0
    assert gordo.statuses == ["out_of_play"] and gordo.recovery_pending is False  # as the save keeps them
    assert set_status(g, gordo, "pinned", False).note == ""  # no R8 left pending for one off the table
    assert wes.engaged_with == [] and gordo.engaged_with == []
    assert g.over and g.winner == "Red" and g.reason == "Blue has nobody left able to act (R25)"
    assert todo(g) == [f"The game is over: {g.reason}"]



def refused(call, error=BadInput):
    with pytest.raises(error) as caught:
        call()
    return str(caught.value)


@pytest.fixture
def face_off():
    """Wes (Red: Pistol, Shotgun, Knife) and Gordo (Blue) in contact, Red's Movement Phase."""
    wes = character("Wes", weapons=[PISTOL, SHOTGUN, KNIFE])
    gordo = character("Gordo")
    g = game([wes, character("Lang")], [gordo, character("Rafter")])
    wes.engaged_with.append("Gordo")
    gordo.engaged_with.append("Wes")
    return g, wes, gordo


def test_set_json_whole(face_off):
    g, wes, _ = face_off
    assert set_status(g, wes, "Pinned", True).to_json() == {
        "name": "Wes", "status": "pinned", "on": True, "statuses": ["pinned", "engaged"], "note": ""}
    assert set_status(g, wes, "pinned", False).to_json()["on"] is False


def test_set_refuses_engaged_and_unknown_statuses_in_words(face_off):
    g, wes, _ = face_off
    assert refused(lambda: set_status(g, wes, "engaged", False)) == (
        "engagement starts with `sprawl charge` and ends with `sprawl break`; it cannot be set")
    assert refused(lambda: set_status(g, wes, "flying", True)) == (
        "'flying' is not a status; use one of pinned, down, panicked, overwatch, hidden, out_of_action, "
        "out_of_play, ran, safe, jammed, out_of_ammo")


def test_a_weapon_state_is_set_on_the_first_gun_or_the_named_one(face_off):
    g, wes, _ = face_off
    change = set_status(g, wes, " Out-Of-Ammo ", True)
    assert (change.status, change.note) == ("out_of_ammo", "Pistol")
    assert wes.weapon_states == {"Pistol": "out_of_ammo"} and wes.jammed_turn == {}
    change = set_status(g, wes, "jammed", True, weapon="shotgun")
    assert change.to_json()["note"] == "Shotgun"
    assert wes.weapon_states == {"Pistol": "out_of_ammo", "Shotgun": "jammed"} and wes.jammed_turn == {"Shotgun": 1}
    assert "jammed" in change.statuses and "out_of_ammo" in change.statuses


def test_taking_a_weapon_state_off_leaves_a_different_one_alone(face_off):
    g, wes, _ = face_off
    set_status(g, wes, "jammed", True)
    set_status(g, wes, "out_of_ammo", False)  # the Pistol is jammed, not empty: nothing changes
    assert wes.weapon_states == {"Pistol": "jammed"} and wes.jammed_turn == {"Pistol": 1}
    set_status(g, wes, "jammed", False)
    assert wes.weapon_states == {} and wes.jammed_turn == {}
    set_status(g, wes, "out_of_ammo", True, weapon="Shotgun")
    set_status(g, wes, "out_of_ammo", False, weapon="Shotgun")  # no jam turn was kept for it
    assert wes.weapon_states == {}


def test_no_gun_to_mark(face_off):
    g, _, gordo = face_off
    gordo.weapons = [KNIFE]
    assert refused(lambda: set_status(g, gordo, "jammed", True)) == "Gordo carries no gun to mark jammed"


def test_set_out_of_action_counts_once_and_ends_the_fight(face_off):
    g, wes, gordo = face_off
    set_status(g, gordo, "out_of_action", True)
    set_status(g, gordo, "out_of_action", True)
    assert gordo.record.times_out_of_action == 1 and wes.engaged_with == [] and gordo.engaged_with == []


def test_set_panicked_keeps_the_turn_ends_overwatch_and_the_fight(face_off):
    g, wes, gordo = face_off
    wes.add("overwatch")
    change = set_status(g, wes, "panicked", True)
    assert change.statuses == ["panicked"] and gordo.engaged_with == []
    g.phase = "recovery"
    assert pending(g, wes) == ([], ["panicked this turn: not before a later turn (R10)"])


def test_set_down_pins_it_as_a_pin_that_took_health(face_off):
    """A referee's Down is a pin that took Health: once it rolls R8's "recovery" result, its
    pin lifts only with a Guts test (R11), not by itself."""
    g, wes, _ = face_off
    change = set_status(g, wes, "down", True)
    assert change.statuses == ["pinned", "down", "engaged"]
    g.phase = "recovery"
    g.turn = 3
    first = recover(g, "Wes", dice(1), table())  # Incapacitation 1: recovery, still pinned
    assert first.characters[0].tests[0].result == "recovery" and wes.has("pinned")
    g.turn = 5
    wes.acted.clear()
    wes.damage_taken = 1
    d = dice(7, 1, 1)
    second = recover(g, "Wes", d, table())  # Guts against 1 damage taken
    pin_test = second.characters[0].tests[0]
    assert pin_test.kind == "pin" and pin_test.automatic is False and pin_test.passed and leftover(d) == []


def test_set_hidden_needs_a_count_of_one_or_more_and_marks_the_turn(face_off):
    g, wes, _ = face_off
    assert refused(lambda: set_status(g, wes, "hidden", True)) == (
        "give the successes of Wes's hiding roll with --count N (1 or more); "
        "a spotter must roll that many to find it (R19)")
    assert refused(lambda: set_status(g, wes, "hidden", True, count=0)).startswith("give the successes")
    lang = g.character("Lang")
    set_status(g, lang, "hidden", True, count=1)
    assert lang.hide_successes == 1
    with pytest.raises(RuleRefusal, match="went into hiding this turn"):
        overwatch(g, lang, table())  # R20: not in the turn it hid
    set_status(g, lang, "hidden", False)
    assert not lang.has("hidden") and lang.hide_successes == 0


def test_set_a_status_off(face_off):
    g, wes, _ = face_off
    wes.add("overwatch")
    set_status(g, wes, "overwatch", False)
    assert not wes.has("overwatch")
    set_status(g, wes, "down", True)
    change = set_status(g, wes, "pinned", False)
    assert change.statuses == ["engaged"] and change.note == ""


@pytest.mark.parametrize("toughness, note", [
    (2, "R8 Recovery: Health 1, Toughness 1"),
    (1, "R8 Recovery: Health 1, Toughness 0, Out of Action"),
])
def test_lifting_a_pin_by_hand_reports_r8(face_off, toughness, note):
    g, wes, _ = face_off
    wes.toughness = toughness
    wes.health = 0
    set_status(g, wes, "pinned", True)
    wes.recovery_pending = True
    change = set_status(g, wes, "pinned", False)
    assert change.note == note and wes.has("out_of_action") is (toughness == 1)


def test_referee_damage_takes_zero_or_more_points(face_off):
    g, wes, _ = face_off
    assert refused(lambda: referee_damage(g, wes, -1, dice(), table())) == "damage takes 0 or more points"
    nothing = referee_damage(g, wes, 0, dice(), table())
    assert nothing.to_json()["victims"][0]["damage"] == 0 and wes.health == 3
    two = referee_damage(g, wes, 2, dice(), table())
    assert two.to_json()["victims"][0]["damage"] == 2 and wes.health == 1
    set_status(g, wes, "out_of_action", True)
    assert refused(lambda: referee_damage(g, wes, 1, dice(), table())) == "Wes is already off the table"


# --- the save's cross-checks (checks.py) ------------------------------------------------


def checked(g):
    """check_game's complaint about `g`, or None when it accepts the save."""
    try:
        check_game(g, Where("sprawl-game.yaml", {}))
    except SaveFileError as problem:
        return str(problem)
    return None


def two_sides():
    wes = character("Wes", weapons=[PISTOL, KNIFE, GRENADE])
    gordo = character("Gordo")
    return game([wes, character("Lang")], [gordo]), wes, gordo


def test_a_save_at_every_limit_is_accepted():
    g, wes, gordo = two_sides()
    for attr in ("shooting", "brawling", "quickness", "smarts", "guts", "strength"):
        setattr(wes, attr, 0)
    wes.max_health = wes.max_toughness = 1
    wes.health, wes.toughness = 0, 1
    gordo.health, gordo.toughness = gordo.max_health, gordo.max_toughness
    wes.uses_spent = {"Grenade": 2, "Knife": 0}
    wes.weapon_states = {"Pistol": "jammed", "Knife": "out_of_ammo", "Grenade": "none_left"}
    wes.statuses = list(STORED_STATUSES[:5])
    wes.engaged_with, gordo.engaged_with = ["Gordo"], ["Wes"]
    assert checked(g) is None
    wes.toughness = 0
    wes.statuses = ["out_of_action"]
    wes.engaged_with, gordo.engaged_with = [], []
    assert checked(g) is None  # Toughness 0 is fine once it is off the table


@pytest.mark.parametrize("attr", ["shooting", "brawling", "quickness", "smarts", "guts", "strength",
                                  "damage_taken", "hide_successes"])
def test_a_negative_number_is_refused_by_its_key(attr):
    g, wes, _ = two_sides()
    setattr(wes, attr, -1)
    said = "cannot be negative" if attr in ("damage_taken", "hide_successes") else "should be from 0 to 20"
    assert checked(g) == f"sprawl-game.yaml: key 'characters.0.{attr}': {said}"


@pytest.mark.parametrize("attr", ["shooting", "brawling", "quickness", "smarts", "guts", "strength"])
def test_an_attribute_past_twenty_dice_is_refused_by_its_key(attr):
    # Issue 34: a pool of 10**40 d10s never finishes rolling; twenty is the most an attribute may be.
    g, wes, _ = two_sides()
    setattr(wes, attr, 20)
    assert checked(g) is None
    setattr(wes, attr, 21)
    assert checked(g) == f"sprawl-game.yaml: key 'characters.0.{attr}': should be from 0 to 20"


@pytest.mark.parametrize("field_name", ["max_health", "max_toughness"])
def test_health_and_toughness_start_at_one(field_name):
    g, wes, _ = two_sides()
    setattr(wes, field_name, 0)
    wes.health = wes.toughness = 0
    wes.statuses = ["out_of_action"]
    assert checked(g) == f"sprawl-game.yaml: key 'characters.0.{field_name}': Health and Toughness run from 1 to 20"


@pytest.mark.parametrize("field_name, value", [("health", -1), ("health", 4), ("toughness", -1), ("toughness", 4)])
def test_health_and_toughness_stay_within_their_maximum(field_name, value):
    g, wes, _ = two_sides()
    setattr(wes, field_name, value)
    assert checked(g) == (f"sprawl-game.yaml: key 'characters.0.{field_name}': "
                          f"should be from 0 to max_{field_name} (3)")


def test_an_unknown_status_lists_the_real_ones():
    g, wes, _ = two_sides()
    wes.statuses = ["pinned", "flying"]
    assert checked(g) == ("sprawl-game.yaml: key 'characters.0.statuses.1': 'flying' is not a status; use "
                          "pinned, down, panicked, overwatch, hidden, out_of_action, out_of_play, ran, safe")


def test_an_unknown_weapon_kind_lists_the_real_ones():
    g, wes, _ = two_sides()
    wes.weapons[1] = dataclasses.replace(KNIFE, kind="sword")
    assert checked(g) == ("sprawl-game.yaml: key 'characters.0.weapons.1.kind': "
                          "should be one of melee, gun, thrown, launcher")


def test_a_squad_without_a_leader():
    g, _, _ = two_sides()
    g.squads[1].leader = ""
    assert checked(g) == "sprawl-game.yaml: key 'squads.1.leader': a SPRAWL squad needs a leader"


@pytest.mark.parametrize("other", ["Nobody", "wes"])
def test_an_engagement_with_nobody_or_itself(other):
    g, wes, _ = two_sides()
    wes.engaged_with = [other]
    assert checked(g) == (f"sprawl-game.yaml: key 'characters.0.engaged_with.0': "
                          f"'{other}' is not another character of this game")


def test_an_engagement_on_one_side_only():
    g, wes, gordo = two_sides()
    gordo.engaged_with = ["Wes"]
    assert checked(g) == ("sprawl-game.yaml: key 'characters.2.engaged_with.0': Gordo is engaged with Wes, "
                          "but not Wes with Gordo; add Gordo to Wes's engaged_with")


@pytest.mark.parametrize("gone", [[], ["out_of_play"]])
def test_toughness_zero_must_be_out_of_action(gone):
    g, wes, _ = two_sides()
    wes.toughness = 0
    wes.statuses = list(gone)
    problem = checked(g)
    if gone:
        assert problem is None
    else:
        assert problem == ("sprawl-game.yaml: key 'characters.0.toughness': "
                           "Wes has Toughness 0 but is not out_of_action (R8)")


@pytest.mark.parametrize("weapon, spent, limit", [("Grenade", 3, 2), ("Grenade", -1, 2), ("Rocket", -1, None)])
def test_spent_uses_stay_within_the_weapons_uses(weapon, spent, limit):
    g, wes, _ = two_sides()
    wes.uses_spent = {weapon: spent}
    assert checked(g) == (f"sprawl-game.yaml: key 'characters.0.uses_spent.{weapon}': "
                          f"should be from 0 to the weapon's uses ({limit})")


def test_weapon_states_name_a_carried_weapon_and_a_known_state():
    g, wes, _ = two_sides()
    wes.weapon_states = {"Rifle": "jammed"}
    assert checked(g) == "sprawl-game.yaml: key 'characters.0.weapon_states.Rifle': Wes carries no weapon 'Rifle'"
    wes.weapon_states = {"Pistol": "broken"}
    assert checked(g) == ("sprawl-game.yaml: key 'characters.0.weapon_states.Pistol': "
                          "'broken' should be jammed, out_of_ammo or none_left")
