"""The Movement Phase rules (R8, R10, R18-R22) with scripted dice and table answers."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.sprawl import movement as mv
from sprawl_cli.systems.sprawl.damage import pin
from sprawl_cli.systems.sprawl.morale import panic
from sprawl_cli.systems.sprawl.turn import start_turn
from tests.factory import Answers, character, dice, game, leftover, table


def duel(**red_values):
    """Babs (Red, to move) against Wilson (Smarts 4) and Gordo (Smarts 2)."""
    babs = character("Babs", **red_values)
    wilson = character("Wilson", smarts=4)
    gordo = character("Gordo", smarts=2)
    return game([babs, character("Razz")], [wilson, gordo]), babs, wilson, gordo


# --- allowance over each ground (R18) ---------------------------------------------


@pytest.mark.parametrize(("quickness", "terrain", "inches"), [
    (4, "open", 4), (1, "open", 1),
    (4, "difficult", 2), (5, "difficult", 2), (7, "difficult", 3),
    (8, "treacherous", 2), (11, "treacherous", 2), (12, "treacherous", 3),
])
def test_allowance_rounds_down(quickness, terrain, inches):
    g, babs, _, _ = duel(quickness=quickness)
    out = mv.move(g, babs, dice(), table(), terrain=terrain)
    assert out.allowance == inches and out.mode == "walk"
    assert babs.acted == ["moved"]


@pytest.mark.parametrize(("quickness", "terrain"), [
    (7, "treacherous"), (5, "treacherous"), (4, "treacherous"),
])
def test_one_inch_or_less_is_impassable(quickness, terrain):
    g, babs, _, _ = duel(quickness=quickness)
    with pytest.raises(RuleRefusal, match="impassable") as refused:
        mv.move(g, babs, dice(), table(), terrain=terrain)
    assert "go around" in str(refused.value)
    assert babs.acted == []


@pytest.mark.parametrize(("quickness", "inches"), [(3, 1), (2, 1), (1, 0)])
def test_difficult_ground_is_never_impassable(quickness, inches):
    # R18 puts "1\" or less is impassable" with treacherous ground only.
    g, babs, _, _ = duel(quickness=quickness)
    out = mv.move(g, babs, dice(), table(), terrain="difficult")
    assert out.allowance == inches


def test_forced_onto_impassable_ground_is_recorded():
    g, babs, _, _ = duel(quickness=5)
    t = table(force=True)
    out = mv.move(g, babs, dice(), t, terrain="treacherous")
    assert out.allowance == 1
    assert len(t.overruled) == 1 and "impassable" in t.overruled[0]


def test_running_doubles():
    g, babs, _, _ = duel(quickness=4)
    out = mv.move(g, babs, dice(), table(), run=True)
    assert out.allowance == 8 and out.running and out.test is None
    assert babs.has("ran") and babs.acted == ["ran"]
    assert any("4\"" in note for note in out.notes)  # the stop rule is reminded


def test_no_running_on_treacherous_ground():
    g, babs, _, _ = duel(quickness=8)
    with pytest.raises(RuleRefusal, match="treacherous"):
        mv.move(g, babs, dice(), table(), run=True, terrain="treacherous")


def test_running_on_difficult_ground_passes():
    g, babs, _, _ = duel(quickness=4)
    d = dice(7, 8, 1, 1)
    out = mv.move(g, babs, d, table(), run=True, terrain="difficult", across=3)
    assert out.allowance == 4
    assert out.test.difficulty == 2 and out.test.successes == 2 and out.test.passed
    assert not out.stumbled and out.stop_at is None
    assert leftover(d) == []


def test_running_on_difficult_ground_fails_and_stops_halfway():
    g, babs, _, _ = duel(quickness=4)
    out = mv.move(g, babs, dice(9, 1, 1, 1), table(), run=True, terrain="difficult", across=3)
    assert out.test.successes == 1 and out.stumbled
    assert out.stop_at == 1.5
    assert babs.has("ran")  # it ran all the same


@pytest.mark.parametrize(("tens", "stumbled"), [(True, False), (False, True)])
def test_a_ten_counts_twice_on_the_running_test(tens, stumbled):
    g, babs, _, _ = duel(quickness=4)
    g.settings.rule_of_tens = tens
    out = mv.move(g, babs, dice(10, 1, 1, 1), table(), run=True, terrain="difficult", across=4)
    assert out.stumbled is stumbled
    assert out.stop_at == (2 if stumbled else None)


def test_across_is_asked_of_the_table_before_the_roll():
    g, babs, _, _ = duel(quickness=4)
    t = table(numbers={"across": 4})
    out = mv.move(g, babs, dice(1, 1, 1, 1), t, run=True, terrain="difficult")
    assert out.stop_at == 2 and "difficult ground" in t.asked[0]
    g2, babs2, _, _ = duel(quickness=4)
    d = dice(7, 7, 7, 7)
    with pytest.raises(NeedsAnswer, match="--across"):
        mv.move(g2, babs2, d, table(), run=True, terrain="difficult")
    assert leftover(d) == [7, 7, 7, 7]  # nothing rolled before the answer


def test_across_longer_than_the_run_is_bad_input():
    g, babs, _, _ = duel(quickness=4)
    with pytest.raises(BadInput, match="at most 4"):
        mv.move(g, babs, dice(7, 7, 7, 7), table(), run=True, terrain="difficult", across=5)


def test_ladder_is_difficult_ground_and_cannot_be_run_up():
    g, babs, _, _ = duel(quickness=5)
    out = mv.move(g, babs, dice(), table(), ladder=True)
    assert out.terrain == "difficult" and out.allowance == 2 and out.ladder
    g2, babs2, _, _ = duel(quickness=5)
    with pytest.raises(RuleRefusal, match="ladder"):
        mv.move(g2, babs2, dice(), table(), ladder=True, run=True)
    with pytest.raises(BadInput, match="difficult"):
        mv.move(g2, babs2, dice(), table(), ladder=True, terrain="open")


@pytest.mark.parametrize(("quickness", "run", "cost", "left"), [(4, False, 2, 2), (5, False, 2, 3), (5, True, 5, 5)])
def test_climbing_costs_half_the_total_allowance(quickness, run, cost, left):
    g, babs, _, _ = duel(quickness=quickness)
    t = Answers(replies=[True, True])
    out = mv.move(g, babs, dice(), t, climb=True, run=run)
    assert (out.climb_cost, out.after_climb) == (cost, left)
    assert "2\" high" in t.asked[0] and f"{cost}\"" in t.asked[1]


def test_an_obstacle_over_two_inches_is_impassable():
    g, babs, _, _ = duel(quickness=4)
    with pytest.raises(RuleRefusal, match="over 2\" high is impassable"):
        mv.move(g, babs, dice(), Answers(replies=[False]), climb=True)


def test_no_climbing_after_moving_more_than_half():
    g, babs, _, _ = duel(quickness=4)
    with pytest.raises(RuleRefusal, match="more than half"):
        mv.move(g, babs, dice(), Answers(replies=[True, False]), climb=True)
    assert babs.acted == []


def test_moving_ends_hiding():
    g, babs, _, _ = duel()
    babs.add("hidden")
    babs.hide_successes = 3
    out = mv.move(g, babs, dice(), table())
    assert out.hiding_ended and not babs.has("hidden") and babs.hide_successes == 0


def test_down_character_crawls_two_inches():
    g, babs, _, _ = duel(quickness=5)
    pin(g, babs, took_health=True)
    babs.add("down")
    out = mv.move(g, babs, dice(), table(), terrain="difficult")
    assert out.mode == "crawl" and out.allowance == 2
    with pytest.raises(RuleRefusal, match="crawl"):
        mv.move(g, babs, dice(), table(), run=True)


@pytest.mark.parametrize(("status", "words"), [("pinned", "pinned"), ("panicked", "flee roll")])
def test_pinned_and_panicked_cannot_move(status, words):
    g, babs, _, _ = duel()
    babs.add(status)
    with pytest.raises(RuleRefusal, match=words):
        mv.move(g, babs, dice(), table())


def test_engaged_must_break_away():
    g, babs, wilson, _ = duel()
    babs.engaged_with = ["Wilson"]
    wilson.engaged_with = ["Babs"]
    with pytest.raises(RuleRefusal, match="sprawl break Babs"):
        mv.move(g, babs, dice(), table())


def test_move_out_of_phase_and_out_of_turn():
    g, babs, wilson, _ = duel()
    with pytest.raises(RuleRefusal, match="S.U.I.T.|Red's turn"):
        mv.move(g, wilson, dice(), table())
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="Movement Phase"):
        mv.move(g, babs, dice(), table())
    t = table(force=True)
    assert mv.move(g, babs, dice(), t).allowance == 3
    assert "Movement Phase" in t.overruled[0]


def test_gone_characters_cannot_be_forced_to_move():
    g, babs, _, _ = duel()
    babs.add("out_of_action")
    with pytest.raises(RuleRefusal, match="Out of Action"):
        mv.move(g, babs, dice(), table(force=True))


def test_one_move_a_turn_but_spotting_first_is_fine():
    g, babs, _, _ = duel()
    babs.acted = ["spotted"]
    mv.move(g, babs, dice(), table())
    with pytest.raises(RuleRefusal, match="already moved"):
        mv.move(g, babs, dice(), table())


@pytest.mark.parametrize("then", ["move", "hide", "jump", "overwatch", "charge", "spot"])
def test_a_runner_does_nothing_else(then):
    g, babs, wilson, _ = duel()
    mv.move(g, babs, dice(), table(), run=True)
    wilson.add("hidden")
    wilson.hide_successes = 1
    calls = {
        "move": lambda: mv.move(g, babs, dice(), table()),
        "hide": lambda: mv.hide(g, babs, dice(), table()),
        "jump": lambda: mv.jump(g, babs, dice(), table()),
        "overwatch": lambda: mv.overwatch(g, babs, table()),
        "charge": lambda: mv.charge(g, babs, g.character("Gordo"), dice(), table()),
        "spot": lambda: mv.spot(g, babs, wilson, dice(), table()),
    }
    with pytest.raises(RuleRefusal, match="ran this turn"):
        calls[then]()


@pytest.mark.parametrize("then", ["move", "hide", "overwatch", "charge"])
def test_a_jumper_does_nothing_else(then):
    g, babs, _, gordo = duel()
    mv.jump(g, babs, dice(7, 1, 1), table())
    calls = {
        "move": lambda: mv.move(g, babs, dice(), table()),
        "hide": lambda: mv.hide(g, babs, dice(), table()),
        "overwatch": lambda: mv.overwatch(g, babs, table()),
        "charge": lambda: mv.charge(g, babs, gordo, dice(), table()),
    }
    with pytest.raises(RuleRefusal, match="R21"):
        calls[then]()


# --- charging (R12, R18) -----------------------------------------------------------


def test_charge_engages_both_and_doubles_quickness():
    g, babs, wilson, _ = duel(quickness=4)
    babs.add("hidden")
    babs.hide_successes = 2
    out = mv.charge(g, babs, wilson, dice(), table())
    assert out.allowance == 8
    assert babs.engaged_with == ["Wilson"] and wilson.engaged_with == ["Babs"]
    assert babs.acted == ["charged"] and out.hiding_ended and not babs.has("hidden")
    assert any("falls short" in n for n in out.notes)


def test_charge_refuses_a_hidden_target():
    g, babs, wilson, _ = duel()
    wilson.add("hidden")
    with pytest.raises(RuleRefusal, match="hidden"):
        mv.charge(g, babs, wilson, dice(), table())
    assert babs.engaged_with == []


def test_charge_refuses_a_friend_even_when_forced():
    g, babs, _, _ = duel()
    with pytest.raises(RuleRefusal, match="same side"):
        mv.charge(g, babs, g.character("Razz"), dice(), table(force=True))


@pytest.mark.parametrize(("done", "words"), [("moved", "already moved"), ("shot", "R12"), ("ran", "runner")])
def test_charge_refuses_a_charger_that_acted(done, words):
    g, babs, wilson, _ = duel()
    babs.acted = [done]
    with pytest.raises(RuleRefusal, match=words):
        mv.charge(g, babs, wilson, dice(), table())
    t = table(force=True)
    mv.charge(g, babs, wilson, dice(), t)
    assert wilson.engaged_with == ["Babs"] and t.overruled


def test_charge_after_spotting_is_allowed():
    g, babs, wilson, _ = duel()
    babs.acted = ["spotted"]
    mv.charge(g, babs, wilson, dice(), table())
    assert babs.acted == ["spotted", "charged"]


def test_pinned_cannot_charge():
    g, babs, wilson, _ = duel()
    pin(g, babs, took_health=False)
    with pytest.raises(RuleRefusal, match="pinned"):
        mv.charge(g, babs, wilson, dice(), table())


# --- hiding and spotting (R19) -------------------------------------------------


def test_hide_stores_raw_successes_and_lists_enemy_smarts():
    g, babs, _, _ = duel(smarts=3)
    t = table()
    out = mv.hide(g, babs, dice(7, 8, 2), t)
    assert out.hidden and out.hide_successes == 2 and babs.hide_successes == 2
    assert babs.has("hidden") and babs.hidden_turn == g.turn and babs.acted == ["hid"]
    assert "Wilson 4\"" in t.asked[0] and "Gordo 2\"" in t.asked[0]
    assert out.enemies == [{"name": "Wilson", "smarts": 4}, {"name": "Gordo", "smarts": 2}]


@pytest.mark.parametrize(("tens", "stored"), [(True, 3), (False, 2)])
def test_tens_count_double_when_hiding(tens, stored):
    g, babs, _, _ = duel(smarts=3)
    g.settings.rule_of_tens = tens
    out = mv.hide(g, babs, dice(10, 7, 1), table())
    assert babs.hide_successes == stored == out.hide_successes


def test_hide_with_no_successes_fails():
    g, babs, _, _ = duel(smarts=3)
    out = mv.hide(g, babs, dice(1, 2, 6), table())
    assert not out.hidden and out.hide_successes == 0
    assert not babs.has("hidden") and babs.hide_successes == 0
    with pytest.raises(RuleRefusal, match="already tried to hide"):
        mv.hide(g, babs, dice(7, 7, 7), table())


def test_hide_after_moving_is_fine_after_running_is_not():
    g, babs, _, _ = duel()
    mv.move(g, babs, dice(), table())
    assert mv.hide(g, babs, dice(7, 1, 1), table()).moved
    g2, babs2, _, _ = duel()
    mv.move(g2, babs2, dice(), table(), run=True)
    with pytest.raises(RuleRefusal, match="runner cannot hide"):
        mv.hide(g2, babs2, dice(7, 7, 7), table())


def test_hide_refused_when_an_enemy_is_too_close():
    g, babs, _, _ = duel()
    d = dice(7, 7, 7)
    with pytest.raises(RuleRefusal, match="within its own Smarts"):
        mv.hide(g, babs, d, table(yes=False))
    assert leftover(d) == [7, 7, 7] and not babs.has("hidden")


def hidden_babs(successes: int):
    g, babs, wilson, gordo = duel()
    babs.add("hidden")
    babs.hide_successes = successes
    g.side, g.turn = 1, 2  # the enemy's turn: Wilson looks
    return g, babs, wilson


@pytest.mark.parametrize(("faces", "found"), [((7, 8, 1, 1), True), ((7, 1, 1, 1), False), ((10, 1, 1, 1), True)])
def test_spot_needs_at_least_the_stored_count(faces, found):
    g, babs, wilson = hidden_babs(2)
    out = mv.spot(g, wilson, babs, dice(*faces), table())
    assert out.found is found and out.needed == 2
    assert babs.has("hidden") is not found
    assert babs.hide_successes == (0 if found else 2)
    assert wilson.acted == ["spotted"]


def test_spot_refusals():
    g, babs, wilson = hidden_babs(1)
    with pytest.raises(RuleRefusal, match="own side"):
        mv.spot(g, wilson, g.character("Gordo"), dice(), table(force=True))
    babs.drop("hidden")
    with pytest.raises(RuleRefusal, match="not hidden"):
        mv.spot(g, wilson, babs, dice(), table(force=True))
    babs.add("hidden")
    with pytest.raises(RuleRefusal, match="too far"):
        mv.spot(g, wilson, babs, dice(7, 7, 7, 7), table(yes=False))
    gordo = g.character("Gordo")
    gordo.add("hidden")
    with pytest.raises(RuleRefusal, match="S.U.I.T.|Blue's turn"):
        mv.spot(g, g.character("Razz"), gordo, dice(), table())


@pytest.mark.parametrize(("phase", "allowed"), [("movement", True), ("ranged", True), ("close", False),
                                                ("recovery", False)])
def test_spotting_phases(phase, allowed):
    g, babs, wilson = hidden_babs(1)
    g.phase = phase
    if allowed:
        assert mv.spot(g, wilson, babs, dice(7, 1, 1, 1), table()).found
    else:
        with pytest.raises(RuleRefusal, match="Phase"):
            mv.spot(g, wilson, babs, dice(7, 1, 1, 1), table())


def test_one_spotting_try_a_turn():
    g, babs, wilson = hidden_babs(3)
    mv.spot(g, wilson, babs, dice(1, 1, 1, 1), table())
    with pytest.raises(RuleRefusal, match="already tried to spot"):
        mv.spot(g, wilson, babs, dice(7, 7, 7, 7), table())


# --- overwatch (R20) --------------------------------------------------------------


def test_overwatch_then_its_expiry_at_own_next_turn():
    g, babs, _, _ = duel()
    mv.overwatch(g, babs, table())
    assert babs.has("overwatch") and babs.acted == ["overwatch"]
    g.side, g.turn = 1, 2
    start_turn(g, dice())
    assert babs.has("overwatch")  # the enemy's turn: it may fire now
    g.side, g.turn = 0, 3
    assert start_turn(g, dice()).overwatch_ended == ["Babs"]
    assert not babs.has("overwatch")


def test_overwatch_ends_when_pinned_or_panicking():
    g, babs, _, _ = duel()
    mv.overwatch(g, babs, table())
    pin(g, babs, took_health=False)
    assert not babs.has("overwatch")
    razz = g.character("Razz")
    mv.overwatch(g, razz, table())
    inches, _ = panic(g, razz, table(), dice(6))
    assert inches == 6 and not razz.has("overwatch")


@pytest.mark.parametrize("status", ["pinned", "down", "panicked"])
def test_overwatch_refused_for_the_shaken(status):
    g, babs, _, _ = duel()
    babs.add(status)
    with pytest.raises(RuleRefusal, match=status.capitalize() if status == "down" else status):
        mv.overwatch(g, babs, table())


@pytest.mark.parametrize("done", ["moved", "spotted", "shot"])
def test_overwatch_refused_after_any_action(done):
    g, babs, _, _ = duel()
    babs.acted = [done]
    with pytest.raises(RuleRefusal, match="whole turn"):
        mv.overwatch(g, babs, table())


def test_no_overwatch_in_the_turn_it_hid():
    g, babs, _, _ = duel()
    mv.hide(g, babs, dice(7, 1, 1), table())
    with pytest.raises(RuleRefusal, match="went into hiding this turn"):
        mv.overwatch(g, babs, table())


def test_overwatch_while_hidden_since_the_turn_began():
    g, babs, _, _ = duel()
    babs.add("hidden")
    babs.hide_successes, babs.hidden_turn = 2, g.turn - 2
    out = mv.overwatch(g, babs, table())
    assert out.hidden and babs.has("hidden") and babs.has("overwatch")


def test_overwatch_refused_in_other_phases():
    g, babs, _, _ = duel()
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="Movement Phase"):
        mv.overwatch(g, babs, table())


# --- jumping (R21) and falling (R22) ----------------------------------------------


@pytest.mark.parametrize(("faces", "jumped"), [((7, 10, 1), 3), ((1, 2, 3), 0), ((8, 9, 7), 3)])
def test_jump_one_inch_per_raw_success(faces, jumped):
    g, babs, _, _ = duel()
    out = mv.jump(g, babs, dice(*faces), table())
    assert out.inches == jumped and babs.acted == ["jumped"]


def test_jump_refused_after_moving():
    g, babs, _, _ = duel()
    mv.move(g, babs, dice(), table())
    with pytest.raises(RuleRefusal, match="already moved"):
        mv.jump(g, babs, dice(7, 7, 7), table())


def test_fall_of_an_inch_does_nothing():
    g, babs, _, _ = duel()
    out = mv.fall(g, babs, 1, dice(), table())
    assert out.victim.damage == 0 and babs.health == 3 and not babs.has("pinned")


def test_fall_of_one_and_a_half_inches_is_one_point():
    g, babs, _, _ = duel(toughness=2)
    out = mv.fall(g, babs, 1.5, dice(1, 1), table())
    assert out.victim.damage == 1 and out.victim.toughness_faces == (1, 1)
    assert babs.health == 2 and babs.damage_taken == 1
    assert not babs.has("pinned")  # R22: no pin short of 0 Health


def test_fall_of_three_inches_resisted_by_toughness():
    g, babs, _, _ = duel(toughness=3)
    out = mv.fall(g, babs, 3, dice(7, 10, 1), table())
    assert out.victim.damage == 3
    assert out.victim.negated == 3 and babs.health == 3  # the 10 counts twice on Toughness


def test_fall_to_zero_health_then_panic():
    g, babs, _, _ = duel(toughness=1, health=2)
    t = table(lists={"nearby": ["Razz"]})
    out = mv.fall(g, babs, 4, dice(1, 10, 1, 1, 1, 5), t)  # Toughness, incapacitation 10, Razz's Guts, flee
    assert out.victim.incapacitation == {"roll": 10, "result": "out_of_action"}
    assert babs.has("out_of_action")
    assert [p.name for p in out.panic] == ["Razz"] and out.panic[0].panicked and out.panic[0].flee_inches == 5
    assert g.character("Razz").has("panicked")


def test_fall_to_zero_health_down():
    g, babs, _, _ = duel(toughness=1, health=1)
    out = mv.fall(g, babs, 2, dice(1, 5), table())
    assert out.victim.incapacitation["result"] == "down" and babs.has("down") and babs.has("pinned")
    assert out.panic == []


def test_fall_happens_in_any_phase_and_turn():
    g, babs, _, _ = duel(toughness=1)
    g.side, g.phase = 1, "close"
    mv.fall(g, babs, 2, dice(1), table())
    assert babs.health == 1


def test_negative_fall_is_bad_input():
    g, babs, _, _ = duel()
    with pytest.raises(BadInput):
        mv.fall(g, babs, -1, dice(), table())


# --- the end of a flight (R10) ----------------------------------------------------


def test_safe_stops_the_flee_rolls():
    g = game([character(n) for n in ("Babs", "Razz", "Wes", "Lang", "Mutt")], [character("Wilson")])
    razz = g.character("Razz")  # 1 of 5 shaken: no routing check (R24)
    panic(g, razz, table(), dice(4))
    g.side, g.turn = 0, 3
    assert start_turn(g, dice(8)).flee == [{"name": "Razz", "inches": 8}]
    mv.safe(g, razz)
    assert razz.has("safe") and razz.has("panicked")
    assert start_turn(g, dice()).flee == []
    with pytest.raises(RuleRefusal, match="already safe"):
        mv.safe(g, razz)


@pytest.mark.parametrize("where", ["safe", "edge"])
def test_only_the_panicked_reach_safety_or_the_edge(where):
    g, babs, _, _ = duel()
    with pytest.raises(RuleRefusal, match="not panicked"):
        getattr(mv, where)(g, babs)


def test_edge_is_out_of_play_and_can_end_the_game():
    g, babs, wilson, gordo = duel()
    babs.add("panicked")
    babs.engaged_with, wilson.engaged_with = ["Wilson"], ["Babs"]
    out = mv.edge(g, babs)
    assert babs.statuses == ["out_of_play"] and babs.engaged_with == [] and wilson.engaged_with == []
    assert not out.over
    razz = g.character("Razz")
    razz.add("panicked")
    out = mv.edge(g, razz)
    assert out.over and out.winner == "Blue"


def test_charge_over_difficult_ground_halves_and_tests_quickness():
    # R18: a charge moves as a run; over difficult ground Quickness halves and a stumble stops it short.
    g, babs, wilson, _ = duel(quickness=5)
    out = mv.charge(g, babs, wilson, dice(7, 7, 1, 1, 1), table(), terrain="difficult", across=3)
    assert out.allowance == 4 and out.reached and babs.engaged_with == ["Wilson"]
    assert out.run is not None and out.run.test is not None and out.run.test.passed


def test_charge_that_stumbles_engages_nobody():
    g, babs, wilson, _ = duel(quickness=5)
    out = mv.charge(g, babs, wilson, dice(7, 1, 1, 1, 1), table(), terrain="difficult", across=3)
    assert not out.reached and out.to_json()["stumbled"] and out.to_json()["stop_at"] == 1.5
    assert babs.engaged_with == [] and wilson.engaged_with == [] and babs.acted == ["charged"]


def test_no_charge_over_treacherous_ground():
    g, babs, wilson, _ = duel()
    with pytest.raises(RuleRefusal, match="treacherous"):
        mv.charge(g, babs, wilson, dice(), table(), terrain="treacherous")
    assert babs.engaged_with == [] and babs.acted == []


def test_short_charge_moves_full_allowance_and_engages_nobody():
    g, babs, wilson, _ = duel(quickness=4)
    out = mv.charge(g, babs, wilson, dice(), table(), short=True)
    assert out.allowance == 8 and not out.reached and out.short
    assert babs.engaged_with == [] and babs.acted == ["charged"]
    with pytest.raises(RuleRefusal):
        mv.move(g, babs, dice(), table())  # a charge is all it does this turn
