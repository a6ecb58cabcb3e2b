"""The Recovery Phase and `rout`: what the mutation run of recovery.py found unchecked.

Each test looks at what a player gets: the `recover` and `rout` JSON whole, the
reasons a character has to wait, word for word, which tests a forced second go
runs, and how the Rule of Tens counts in each test. Dice are scripted.

The 10 survivors of recovery.py (621 mutants) change nothing anyone can see: `pending` 61
and `_jams` 8 (-2 for -1 as the turn of an unrecorded jam: turns start at 1); `_down` 33
(no pin turn after R8's "recovery": only pending/can_recover read it, after the `recovered`
mark of the same call, which lasts until the side's next turn); `_jams` 34 (pop without a
default of a name `_jammed` found); `recover_one` 3 ("" for None, tested for truth only);
`recover` 20, 22, 23 (the unread `forceable` flag, since removed), 89 (`anyway=True` never asks the
table); `GameEnd.to_json` 8 (rout always gives a check).
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl.recovery import recover, rout
from tests.factory import KNIFE, PISTOL, SHOTGUN, character, dice, game, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"


def recovery_phase(red, blue, turn=3):
    """Red's Recovery Phase in game turn `turn` (3: Red's second turn, so turn 1 is earlier)."""
    g = game(red, blue)
    g.turn = turn
    g.phase = "recovery"
    return g


def pinned(c, turn, took_health=False):
    c.add("pinned")
    c.pinned_turn = turn
    c.pin_took_health = took_health


def jammed(c, weapon, turn):
    c.weapon_states[weapon] = "jammed"
    if turn is not None:
        c.jammed_turn[weapon] = turn


def refusal(call):
    with pytest.raises(RuleRefusal) as caught:
        call()
    return str(caught.value)


# --- the JSON, whole --------------------------------------------------------------


def test_recover_json_for_a_lifted_pin_with_r8_and_a_cleared_jam():
    newton = character("Newton", health=2, weapons=[PISTOL])
    g = recovery_phase([newton], [character("Wilson")])
    newton.health = 0
    pinned(newton, 1)
    newton.recovery_pending = True
    jammed(newton, "Pistol", 1)
    d = dice(7, 7, 1)  # Smarts 3 against the Pistol's Reliability 2
    data = recover(g, None, d, table()).to_json()
    assert data == {
        "squad": "Red",
        "characters": [{
            "name": "Newton",
            "tests": [
                {"kind": "pin", "passed": True, "automatic": True, "faces": [], "successes": 0, "needed": 0,
                 "result": None, "weapon": None, "recovery": {"health": 1, "toughness": 2, "out_of_action": False}},
                {"kind": "jam", "passed": True, "automatic": False, "faces": [7, 7, 1], "successes": 2,
                 "needed": 2, "result": None, "weapon": "Pistol", "recovery": None},
            ],
            "statuses": [], "health": 1, "toughness": 2, "out_of_action": False, "credited": None, "panic": [],
        }],
        "waiting": [],
        "panic": [],
        "game": {"over": False, "winner": None, "reason": None},
    }
    assert leftover(d) == []


@pytest.mark.parametrize("roll, result, passed", [(1, "recovery", True), (5, "down", False),
                                                   (9, "out_of_action", False)])
def test_a_down_characters_roll_in_json(roll, result, passed):
    newton = character("Newton")
    g = recovery_phase([character("Babs"), newton], [character("Wilson")])
    pinned(newton, 1, took_health=True)
    newton.add("down")
    newton.health = 0
    data = recover(g, None, dice(roll), table(lists={"nearby": []})).to_json()
    [c] = data["characters"]
    assert c["tests"] == [{"kind": "down", "passed": passed, "automatic": False, "faces": [roll], "successes": 0,
                           "needed": 0, "result": result, "weapon": None, "recovery": None}]
    assert c["out_of_action"] is (result == "out_of_action")
    assert newton.has("down") is (result == "down") and newton.has("pinned") is (result != "out_of_action")


def test_the_last_one_falling_in_recovery_ends_the_game_in_the_json():
    newton = character("Newton")
    g = recovery_phase([newton], [character("Wilson")])
    pinned(newton, 1, took_health=True)
    newton.add("down")
    data = recover(g, None, dice(10), table()).to_json()
    assert data["game"] == {"over": True, "winner": "Blue", "reason": "Red has nobody left able to act (R25)"}


def test_a_down_roll_short_of_dice_names_it():
    newton = character("Newton")
    g = recovery_phase([newton], [character("Wilson")])
    pinned(newton, 1, took_health=True)
    newton.add("down")
    with pytest.raises(DiceShortage, match=r"Newton: Incapacitation \(Down\)"):
        recover(g, None, dice(), table())


def test_friends_panic_in_recover_json():
    babs = character("Babs")
    newton = character("Newton", guts=3)
    g = recovery_phase([babs, newton], [character("Wilson")])
    pinned(babs, 1, took_health=True)
    babs.add("down")
    d = dice(9,  # Babs: Out of Action
             10, 1, 1)  # Newton's Guts (needs 1): steady
    data = recover(g, None, d, table(lists={"nearby": ["Newton"]})).to_json()
    [c] = data["characters"]
    assert [p["name"] for p in c["panic"]] == ["Newton"] and data["panic"] == c["panic"]
    assert data["panic"][0]["panicked"] is False and leftover(d) == []


# --- the Rule of Tens in each test ---------------------------------------------------


@pytest.mark.parametrize("tens", [True, False])
def test_pin_guts_and_jam_smarts_follow_the_rule_of_tens(tens):
    """Needing 2 with [10 1 1]: a pass only when the ten counts twice."""
    newton = character("Newton", guts=3, smarts=3, weapons=[PISTOL])
    g = recovery_phase([newton], [character("Wilson")])
    g.settings.rule_of_tens = tens
    pinned(newton, 1, took_health=True)
    newton.damage_taken = 2
    jammed(newton, "Pistol", 1)
    out = recover(g, None, dice(10, 1, 1, 10, 1, 1), table())
    pin, jam = out.characters[0].tests
    assert (pin.kind, pin.needed, pin.successes, pin.passed) == ("pin", 2, 2 if tens else 1, tens)
    assert (jam.kind, jam.needed, jam.successes, jam.passed) == ("jam", 2, 2 if tens else 1, tens)
    assert pin.to_json()["faces"] == [10, 1, 1] and jam.to_json()["faces"] == [10, 1, 1]


@pytest.mark.parametrize("tens", [True, False])
def test_panic_guts_follows_the_rule_of_tens(tens):
    """Guts 3 needs 3 (R10); [10 7 1] is 3 successes only under the Rule of Tens."""
    babs = character("Babs")
    newton = character("Newton", guts=3)
    g = recovery_phase([babs, newton], [character("Wilson")])
    g.settings.rule_of_tens = tens
    newton.add("panicked")
    newton.panicked_turn = 1
    newton.add("safe")
    out = recover(g, None, dice(10, 7, 1), table())
    [test] = out.characters[0].tests
    assert test.to_json() == {"kind": "panic", "passed": tens, "automatic": False, "faces": [10, 7, 1],
                              "successes": 3 if tens else 2, "needed": 3, "result": None, "weapon": None,
                              "recovery": None}
    assert newton.has("panicked") is not tens
    if tens:  # rallied: no panic turn is kept in the save
        assert newton.panicked_turn is None and not newton.has("safe")


# --- jams -----------------------------------------------------------------------------


def test_only_the_jam_of_an_earlier_turn_is_tested_and_the_other_waits_by_name():
    newton = character("Newton", smarts=1, weapons=[SHOTGUN, PISTOL])
    g = recovery_phase([newton], [character("Wilson")])
    jammed(newton, "Shotgun", 3)  # this turn: listed first, and skipped
    jammed(newton, "Pistol", 1)
    d = dice(7)  # the Pistol's Smarts test; 1 success, Reliability 2: still jammed
    out = recover(g, None, d, table())
    assert [t.weapon for t in out.characters[0].tests] == ["Pistol"] and leftover(d) == []
    assert out.waiting == [{"name": "Newton",
                            "reason": "Shotgun jammed this turn: it can be cleared in a later turn (R14)"}]


def test_two_jams_of_this_turn_are_named_together():
    newton = character("Newton", weapons=[SHOTGUN, PISTOL])
    g = recovery_phase([newton], [character("Wilson")])
    jammed(newton, "Shotgun", 3)
    jammed(newton, "Pistol", 3)
    out = recover(g, None, dice(), table())
    assert out.characters == []
    assert out.waiting == [{"name": "Newton", "reason": "Shotgun, Pistol jammed this turn: "
                                                        "it can be cleared in a later turn (R14)"}]


def test_a_jam_without_a_recorded_turn_can_be_cleared_at_once():
    """An older or hand-edited save may mark a gun jammed without the turn it jammed in."""
    newton = character("Newton", smarts=1, weapons=[SHOTGUN])
    g = recovery_phase([newton], [character("Wilson")], turn=1)
    jammed(newton, "Shotgun", None)
    out = recover(g, None, dice(7), table())  # Reliability 1: one success clears it
    [test] = out.characters[0].tests
    assert (test.kind, test.weapon, test.needed, test.passed) == ("jam", "Shotgun", 1, True)
    assert out.waiting == [] and newton.weapon_states == {} and newton.jammed_turn == {}


def test_a_weapon_without_a_reliability_needs_one_success_to_clear():
    """The referee may mark any carried weapon jammed (`set NAME jammed on --weapon W`)."""
    newton = character("Newton", smarts=1, weapons=[KNIFE])
    g = recovery_phase([newton], [character("Wilson")])
    jammed(newton, "Knife", 1)
    out = recover(g, None, dice(7), table())
    [test] = out.characters[0].tests
    assert (test.needed, test.passed) == (1, True) and newton.weapon_states == {}


# --- waiting, word for word ---------------------------------------------------------


def test_each_reason_to_wait_is_given_in_full():
    babs = character("Babs")
    newton = character("Newton")
    lang = character("Lang")
    g = recovery_phase([babs, newton, lang], [character("Wilson")])
    pinned(babs, 1)
    babs.acted.append("recovered")
    pinned(newton, 3)
    newton.add("down")
    lang.add("panicked")
    lang.panicked_turn = 3
    out = recover(g, None, dice(), table())
    assert out.characters == []
    assert out.waiting == [
        {"name": "Babs", "reason": "it has had its go in this Recovery Phase"},
        {"name": "Newton", "reason": "Down this turn: it tries in its side's next Recovery Phase (R11)"},
        {"name": "Lang", "reason": "panicked this turn: not before a later turn (R10)"},
    ]


def test_naming_one_with_two_reasons_to_wait_gives_both():
    newton = character("Newton")
    g = recovery_phase([newton], [character("Wilson")])
    pinned(newton, 3)
    newton.add("panicked")
    newton.panicked_turn = 3
    assert refusal(lambda: recover(g, "Newton", dice(), table())) == (
        "Newton cannot try now: pinned this turn: it tries in its side's next Recovery Phase (R11); "
        "panicked this turn: not before a later turn (R10)" + FORCE_HINT)


def test_a_panicked_leader_and_a_panicked_follower_say_why_they_cannot_try():
    babs = character("Babs")
    newton = character("Newton")
    g = recovery_phase([babs, newton], [character("Wilson")])
    for c in (babs, newton):
        c.add("panicked")
        c.panicked_turn = 1
    referee = table(yes=False)
    out = recover(g, None, dice(), referee)
    assert referee.asked == ['Is Newton within 6" of its Leader Babs?']
    assert out.waiting == [
        {"name": "Babs", "reason": "panicked and not yet safe (mark it with `sprawl safe NAME`); "
                                   "its Leader cannot steady it (R10)"},
        {"name": "Newton", "reason": "panicked, not safe and not within 6\" of Babs: it cannot try yet (R10)"},
    ]


def test_recover_refusals_word_for_word():
    newton = character("Newton")
    wilson = character("Wilson")
    g = recovery_phase([newton, character("Babs")], [wilson])
    pinned(wilson, 1)
    assert refusal(lambda: recover(g, "Wilson", dice(), table())) == (
        "Wilson cannot recover now: it is Red's turn" + FORCE_HINT)
    newton.add("out_of_action")
    assert refusal(lambda: recover(g, "Newton", dice(), table(force=True))) == (
        "Newton is off the table and has nothing to recover from")
    g.phase = "movement"
    assert refusal(lambda: recover(g, None, dice(), table())) == (
        "recovering belongs to the Recovery Phase; it is now the Movement Phase (`sprawl next` moves on)"
        + FORCE_HINT)


# --- forced goes ------------------------------------------------------------------------


def test_a_forced_panic_test_counts_as_its_go_and_shows_its_statuses():
    babs = character("Babs")
    newton = character("Newton", guts=1)
    g = recovery_phase([babs, newton], [character("Wilson")])
    newton.add("panicked")
    newton.panicked_turn = 1
    referee = table(yes=False, force=True)
    out = recover(g, "Newton", dice(1), referee)  # Guts 1 needs 5: fails
    assert referee.overruled == ["Newton cannot try now: panicked, not safe and not within 6\" of Babs: "
                                 "it cannot try yet (R10)"]
    data = out.to_json()["characters"][0]
    assert [t["kind"] for t in data["tests"]] == ["panic"] and data["statuses"] == ["panicked"]
    again = recover(g, None, dice(), table())
    assert again.waiting == [{"name": "Newton", "reason": "it has had its go in this Recovery Phase"}]


def state_pinned(c):
    pinned(c, 1)


def state_down(c):
    pinned(c, 1, took_health=True)
    c.add("down")


def state_down_only(c):  # a hand-edited save: Down without the pin that goes with it
    c.add("down")


def state_panicked(c):
    c.add("panicked")
    c.panicked_turn = 1
    c.add("safe")


def state_jammed(c):
    jammed(c, "Pistol", 1)


@pytest.mark.parametrize("state, kind, faces", [
    (state_pinned, "pin", ()),
    (state_down, "down", (5,)),
    (state_down_only, "down", (5,)),
    (state_panicked, "panic", (1, 1, 1)),
    (state_jammed, "jam", (1, 1, 1)),
])
def test_a_forced_second_go_runs_the_test_of_what_it_has(state, kind, faces):
    newton = character("Newton", weapons=[PISTOL])
    g = recovery_phase([character("Babs"), newton], [character("Wilson")])
    state(newton)
    newton.acted.append("recovered")
    d = dice(*faces)
    out = recover(g, "Newton", d, table(force=True))
    assert [t.kind for t in out.characters[0].tests] == [kind] and leftover(d) == []


def test_a_hand_edited_down_without_a_pin_still_rolls_in_the_phase():
    newton = character("Newton")
    g = recovery_phase([newton], [character("Wilson")])
    newton.add("down")
    out = recover(g, None, dice(5), table())
    assert [t.kind for t in out.characters[0].tests] == ["down"]


def test_a_game_that_ends_midway_stops_the_phase_and_still_reports():
    """Babs rolls Out of Action; Newton, nearby, panics and Wilson's free attack puts it
    Out of Action too: Red has nobody left, and Newton's own turn never comes."""
    babs = character("Babs")
    newton = character("Newton", guts=0, toughness=1, health=1)
    wilson = character("Wilson", brawling=3, weapons=[])
    g = recovery_phase([babs, newton], [wilson])
    state_down(babs)
    pinned(newton, 1)
    newton.engaged_with.append("Wilson")
    wilson.engaged_with.append("Newton")
    d = dice(9,  # Babs: Out of Action
             3,  # Newton (Guts 0) panics without a die and flees 3"
             7, 7, 7,  # Wilson's free attack: 3 net; Fists: 3 damage dice
             7, 7, 7,  # 3 points
             1,  # Newton's Toughness negates none
             9)  # Out of Action
    out = recover(g, None, d, table(lists={"nearby": ["Newton"]}))
    data = out.to_json()
    assert [c["name"] for c in data["characters"]] == ["Babs"]
    assert data["game"] == {"over": True, "winner": "Blue", "reason": "Red has nobody left able to act (R25)"}
    assert newton.has("pinned") is False and newton.has("out_of_action") and leftover(d) == []


# --- rout on demand ---------------------------------------------------------------------


@pytest.fixture
def squad_of_four():
    red = [character(n) for n in ("Babs", "Razz", "Wes", "Lang")]
    g = game(red, [character("Wilson")])
    return g, red


def test_rout_json_names_its_kind_and_squad(squad_of_four):
    g, red = squad_of_four
    referee = table()
    data = rout(g, g.squads[0], dice(), referee).to_json()
    assert data == {"kind": "rout", "squad": "Red", "routing": data["routing"], "over": False, "winner": None,
                    "reason": None}
    assert data["routing"]["due"] is False and referee.overruled == []


def test_a_forced_rout_notes_the_overrule_only_when_no_check_was_due(squad_of_four):
    g, (babs, razz, wes, lang) = squad_of_four
    referee = table(force=True)
    rout(g, g.squads[0], dice(7, 1, 1), referee)  # Babs: Smarts 3 against 1: holds
    assert referee.overruled == ["routing check for Red although not over 25% shaken"]
    lang.add("pinned")
    wes.add("pinned")
    referee = table(force=True)
    out = rout(g, g.squads[0], dice(7, 7, 1), referee)  # 2 of 4 shaken: due anyway
    assert out.check.due and referee.overruled == []
