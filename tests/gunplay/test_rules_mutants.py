"""Gunplay rules pinned where a mutation run (mutmut 3) found the tests loose.

Survivors that no input can tell from the original are listed, with the reason, in the
docstring at the end of this file (`EQUIVALENT`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal, SaveFileError
from sprawl_cli.systems.gunplay.ladder import check_column, roll_test, succeeds, target_number
from sprawl_cli.systems.gunplay.odds import p_hits
from sprawl_cli.systems.gunplay.melee import strike
from sprawl_cli.systems.gunplay.model import Record
from sprawl_cli.systems.gunplay.movement import move
from sprawl_cli.systems.gunplay.toughness import recover
from sprawl_cli.systems.gunplay.turn import aim, check_game_end, done, end_turn, next_side, roll_initiative, \
    simple_action
from tests.gunplay.build import dice, game, leftover, person, table
from tests.gunplay.test_roster_and_referee import read_text


def test_recovery_that_can_only_be_impossible_removes_without_a_roll_or_a_wound() -> None:
    # G7: four wounds (a referee's `set`) shift Automatic four columns right: Impossible.
    a = person("Ann", wounds=4)
    a.add("down")
    g = game([a], [person("Bo")])
    d = dice()
    out = recover(g, a, d, table())
    assert out.to_json() == {
        "name": "Ann", "action": "recover", "column": "impossible", "target_number": None, "rolls": [],
        "modifier": 0, "success": False, "wounds": 4, "removed": True, "statuses": ["down", "removed"],
        "actions_left": 0, "activation_over": True, "over": True, "winner": "Blue"}
    assert a.wounds == 4 and d.rolls == [] and g.winner == "Blue"


def test_a_recovery_roll_is_labelled_and_a_failed_one_that_removes_says_so() -> None:
    a = person("Ann", wounds=3)  # Hard: beat 9
    a.add("down")
    g = game([a], [person("Bo"), person("Cy")])
    d = dice(9)
    out = recover(g, a, d, table())
    assert [r.label for r in d.rolls] == ["Ann: Recovery"]
    assert out.removed is True and out.wounds == 4 and out.success is False and out.over is True
    assert out.winner == "Blue" and leftover(d) == []


def test_a_recovery_that_does_not_remove_reports_removed_false_not_a_blank() -> None:
    a = person("Ann", wounds=1)
    a.add("down")
    out = recover(game([a], [person("Bo")]), a, dice(12), table())
    assert out.removed is False and out.to_json()["removed"] is False


def test_the_turn_limit_leaves_no_winner_and_nobody_active() -> None:
    ann, cy = person("Ann"), person("Cy")
    g = game([ann], [cy])
    g.rounds = 1
    ann.activated = cy.activated = True
    g.active = "Ann"
    out = end_turn(g, dice(), table())
    assert g.winner is None and g.active is None and g.over is True
    assert out.ended == 1 and out.waiting == [] and out.reason == "the 1-turn limit was reached"


def test_a_new_turn_counts_one_turn_and_readies_everyone() -> None:
    ann, cy = person("Ann"), person("Cy")
    g = game([ann], [cy])
    done(g, ann, table())
    done(g, cy, table())
    out = end_turn(g, dice(5, 3), table())
    assert g.round == 2 and g.turn == 2
    assert ann.activated is False and cy.activated is False and ann.actions_left == 2
    assert out.over is False and out.winner is None and out.reason is None


def test_an_unknown_column_is_refused_naming_the_columns_in_order() -> None:
    with pytest.raises(BadInput) as caught:
        check_column("x")
    assert str(caught.value) == "'x' is not a difficulty column; use one of: automatic, easy, moderate, hard, impossible"


def test_difficult_ground_names_any_column_and_an_unknown_one_lists_the_rolled_ones_first() -> None:
    a = person("Ann")
    g = game([a], [person("Bo")])
    with pytest.raises(BadInput) as caught:
        move(g, a, dice(), table(), quick=True, difficult="nope")
    assert str(caught.value) == ("'nope' is not a difficulty column; use one of: easy, moderate, hard, automatic, "
                                 "impossible")
    assert move(g, a, dice(), table(), quick=True, difficult="automatic").passed is True
    b = person("Bea")
    g2 = game([b], [person("Di")])
    assert move(g2, b, dice(), table(), quick=True, difficult="Impossible").passed is False


def test_hit_counts_on_a_d20() -> None:
    # Moderate on a d20 beats 10; +1 makes 11 of 20 faces pass (p = 11/20), two dice.
    assert p_hits("moderate", 0, 1, 2, 20) == [Fraction(81, 400), Fraction(99, 200), Fraction(121, 400)]


FORCE = " (add --force to overrule as referee)"


def test_the_rules_melee_example_first_striker_misses_and_the_answer_lands() -> None:
    # G8's worked example: C (knife) charges D; C rolls 6, D rolls 10. Charging makes Hard
    # Moderate, and a 6 does not beat 6; D's 10 beats Hard's 9. C's Toughness (knife: Easy) on a 2 fails.
    c, d = person("C", "Knife"), person("D", "Knife")
    t = table()
    rolled = dice(6, 10, 2)
    out = strike(game([c], [d]), c, d, rolled, t, charging=True)
    assert t.asked == ['Can C reach contact with D in one quick move (up to 6" in a straight line)?']
    assert [r.label for r in rolled.rolls] == ["C: Charge", "D: Strike back", "C: Toughness"]
    assert out.striker.column == "moderate" and out.striker.target_number == 6
    assert out.order == ["C", "D"] and out.struck == ["D"] and c.down
    assert d.record == Record(hits=1, wounds_dealt=1, put_down=1) and c.record == Record()


def test_melee_refusals_say_what_is_missing() -> None:
    c, d = person("C", "Knife"), person("D", "Knife")
    g = game([c], [d])
    with pytest.raises(RuleRefusal) as charge:
        strike(g, c, d, dice(), table(yes=False), charging=True)
    assert str(charge.value) == "C cannot reach D with a quick move: no charge (G3, G8)" + FORCE
    with pytest.raises(RuleRefusal) as contact:
        strike(g, c, d, dice(), table(yes=False))
    assert str(contact.value) == ("C is not in contact with D: a strike needs contact (G8); `charge C D` moves "
                                  "into it" + FORCE)
    with pytest.raises(BadInput) as itself:
        strike(g, c, c, dice(), table())
    assert str(itself.value) == "C cannot strike itself"
    d.add("removed")
    with pytest.raises(BadInput) as gone:
        strike(g, c, d, dice(), table())
    assert str(gone.value) == "D has been removed from the game"
    with pytest.raises(BadInput) as aimed:
        aim(g, c, d, table())
    assert str(aimed.value) == "D has been removed from the game"


def test_a_named_weapon_is_used_even_when_a_better_one_is_carried() -> None:
    c, d = person("C", "Knife"), person("D", "Knife")
    out = strike(game([c], [d]), c, d, dice(12, 1), table(), weapon="unarmed")
    # Unarmed is damage 0: D's Toughness stays Automatic and is not rolled.
    assert out.striker.weapon == "Unarmed" and out.victims[0].toughness_column == "automatic"


def test_a_charge_gets_a_prone_character_up() -> None:
    c, d = person("C", "Knife"), person("D", "Knife")
    c.add("prone")
    strike(game([c], [d]), c, d, dice(1, 1), table(), charging=True)
    assert c.statuses == []


def test_a_down_striker_forced_into_melee_is_easier_to_hit_and_its_lower_roll_does_not_stop_the_answer() -> None:
    c, d = person("C", "Knife"), person("D", "Knife")
    c.add("down")
    t = table(force=True)
    out = strike(game([c], [d]), c, d, dice(3, 7), t)
    assert t.overruled == ["C is down: its first action must be `recover C` (G7)"]
    # C rolled lower but is down: it does not strike; D answers at Moderate (G8: target down) and hits.
    assert out.order == ["C", "D"] and out.struck == ["D"] and out.other.column == "moderate"
    assert out.victims[0].already_down and c.wounds == 1


def test_melee_on_a_d20_reads_its_numbers() -> None:
    c, d = person("C", "Knife"), person("D", "Knife")
    out = strike(game([c], [d], die="d20"), c, d, dice(13, 14), table())
    # Hard on a d20 is beat 15: 13 and 14 both miss (on a d12 column both would hit).
    assert out.striker.target_number == 15 and out.other.target_number == 15 and out.victims == []


def test_the_books_of_a_blow_on_a_character_already_down_and_of_one_that_removes() -> None:
    c, d = person("C", "Knife"), person("D", "Knife", wounds=1)
    d.add("down")
    c.record = Record(hits=1, wounds_dealt=1, put_down=1)  # the books add to what is there
    strike(game([c], [d, person("E")]), c, d, dice(10), table())
    assert c.record == Record(hits=2, wounds_dealt=2, put_down=1, removed=0) and d.wounds == 2
    c2, d2 = person("C", "Knife"), person("D", "Knife", wounds=3)
    c2.record = Record(hits=1, wounds_dealt=1, put_down=1, removed=1)
    strike(game([c2], [d2, person("E")]), c2, d2, dice(10, 11), table())
    # Knife 1 + 3 wounds: Toughness Impossible, down unrolled; 4 wounds make recovery Impossible: removed.
    assert c2.record == Record(hits=2, wounds_dealt=2, put_down=2, removed=2) and d2.statuses == ["down", "removed"]


def test_done_is_open_to_a_down_character() -> None:
    c = person("C")
    c.add("down")
    assert done(game([c], [person("D")]), c, table()).activation_over is True


def test_difficult_ground_takes_its_shift_and_the_die_setting() -> None:
    c = person("C")
    rolled = dice(11)
    out = move(game([c], [person("D")], die="d20"), c, rolled, table(), quick=True, difficult="hard", shift=1)
    assert out.test is not None and out.test.column == "moderate" and out.test.target_number == 10 and out.passed
    assert [(r.label, r.die) for r in rolled.rolls] == [("C: Difficult ground", "d20")]


def test_three_sides_take_turns_in_the_initiative_order_not_the_roster_order() -> None:
    g = game([person("A")], [person("B")], [person("C")])
    assert roll_initiative(g, dice(3, 9, 5)).order == ["Blue", "Red", "Green"]  # odd 9: counter-clockwise
    done(g, g.character("B"), table())
    assert g.side == 0  # Red, not Green (next in the roster)
    done(g, g.character("A"), table())
    assert g.side == 2


def test_a_save_with_no_order_yet_takes_the_sides_in_roster_order() -> None:
    g = game([person("A")], [person("B")], [person("C")])
    g.order = []
    g.side = 1
    next_side(g)
    assert g.side == 2


@pytest.mark.parametrize("lost, reason", [
    (1, None),  # three sides still stand: play on
    (3, "Blue, Green and Gold have nobody left in the game"),
])
def test_the_last_side_standing_wins_and_the_reason_names_every_side_out(lost: int, reason: str | None) -> None:
    everyone = [person(n) for n in "ABCD"]
    g = game([everyone[0]], [everyone[1]], [everyone[2]], [everyone[3]])
    for c in everyone[1:1 + lost]:
        c.add("removed")
    check_game_end(g)
    assert g.reason == reason and g.winner == (None if reason is None else "Red")


def test_two_sides_out_at_once_have_nobody_left() -> None:
    everyone = [person(n) for n in "ABC"]
    g = game([everyone[0]], [everyone[1]], [everyone[2]])
    everyone[1].add("removed")
    everyone[2].add("removed")
    check_game_end(g)
    assert (g.winner, g.reason) == ("Red", "Blue and Green have nobody left in the game")


def test_one_side_out_has_nobody_left_and_two_out_together_draw() -> None:
    a, b = person("A"), person("B")
    g = game([a], [b])
    b.add("removed")
    check_game_end(g)
    assert (g.winner, g.reason, g.draw) == ("Red", "Blue has nobody left in the game", False)
    c, d = person("C"), person("D")
    g2 = game([c], [d])
    c.add("removed")
    d.add("removed")
    check_game_end(g2)
    assert (g2.winner, g2.reason, g2.draw) == (None, "Red and Blue lost their last characters in the same exchange: "
                                                     "a draw", True)


def test_acting_out_of_turn_is_refused_in_words_and_forcing_it_ends_the_other_activation() -> None:
    a, b, c, d = person("Ann"), person("Bea"), person("Cy"), person("Di")
    g = game([a, b], [c, d])
    simple_action(g, a, table(), "pass")
    with pytest.raises(RuleRefusal) as busy:
        simple_action(g, b, table(), "pass")
    assert str(busy.value) == "Ann is in the middle of an activation; finish it (or `done Ann`) before Bea acts" + FORCE
    t = table(force=True)
    simple_action(g, b, t, "pass")
    # Ann's activation is over (it had one action left); the turn moved to Blue, and Bea's go is forced too.
    assert t.overruled == ["Ann is in the middle of an activation; finish it (or `done Ann`) before Bea acts",
                           "Blue activate a character now, not Red (G2: the sides alternate)"]
    assert a.activated is True and a.actions_left == 0 and g.active == "Bea" and b.actions_left == 1
    done(g, b, table())
    t2 = table(force=True)
    simple_action(g, a, t2, "pass")  # again, forced: it gets one action back and spends it
    assert t2.overruled == ["Ann has already activated this turn",
                            "Blue activate a character now, not Red (G2: the sides alternate)"]
    assert a.activated is True and a.actions_left == 0 and g.active is None and g.side == 1


def test_the_wrong_side_and_a_removed_character_are_refused_in_words() -> None:
    g = game([person("A")], [person("B")])
    with pytest.raises(RuleRefusal) as side:
        simple_action(g, g.character("B"), table(), "pass")
    assert str(side.value) == "Red activate a character now, not Blue (G2: the sides alternate)" + FORCE
    t = table(force=True)
    simple_action(g, g.character("B"), t, "pass")
    assert g.side == 1 and g.active == "B"
    g2 = game([person("A")], [person("B")])
    g2.character("A").add("removed")
    with pytest.raises(BadInput) as gone:
        simple_action(g2, g2.character("A"), table(), "pass")
    assert str(gone.value) == "A has been removed from the game and cannot act"


def test_a_striker_put_down_by_the_answer_ends_its_activation_once() -> None:
    ann, al, bo = person("Ann", "Knife"), person("Al", "Knife"), person("Bo", "Knife")
    g = game([ann, al], [bo])
    out = strike(g, ann, bo, dice(12, 10, 2), table())  # Bo first, hits; Ann fails Toughness on 2
    # The turn passes to Blue once: not on past it back to Red, whose Al has still to go.
    assert out.activation_over and g.side == 1 and g.active is None and ann.activated and not al.activated


def test_a_down_striker_removed_in_its_own_activation_leaves_it() -> None:
    ann, al, bo = person("Ann", "Knife", wounds=3), person("Al", "Knife"), person("Bo", "Knife")
    ann.add("down")
    g = game([ann, al], [bo])
    out = strike(g, ann, bo, dice(3, 7), table(force=True))  # Bo's answer: a fourth wound, recovery impossible
    assert ann.statuses == ["down", "removed"] and out.activation_over
    assert g.active is None and ann.activated and g.side == 1 and not g.over


def test_toughness_on_a_d20_reads_its_numbers() -> None:
    ann, bo = person("Ann", "Knife"), person("Bo", "Knife")
    rolled = dice(16, 4, 4)  # Ann 16 beats Hard's 15; Bo's Toughness (Easy: beat 5 on a d20) fails on 4
    out = strike(game([ann], [bo], die="d20"), ann, bo, rolled, table())
    assert out.victims[0].toughness_roll == 4 and out.victims[0].down and bo.down
    assert [r.die for r in rolled.rolls] == ["d20", "d20", "d20"]


def test_the_ladder_answers_for_every_column_as_a_function() -> None:
    assert succeeds(1, -5, "automatic") is True and succeeds(12, 5, "impossible") is False
    assert succeeds(10, 0, "hard") is True and succeeds(9, 0, "hard") is False
    assert target_number("hard") == 9 and target_number("automatic") is None
    assert roll_test(dice(), "x", "easy", 2, -1).to_json() == {"column": "automatic", "target_number": None, "rolls": [],
                                                            "modifier": -1, "success": True}
    assert roll_test(dice(), "x", "impossible", count=3).successes == (False,)
    assert roll_test(dice(), "x", "easy", 1, count=3).successes == (True, True, True)


def test_a_roster_of_another_system_is_named_by_gunplays_title() -> None:
    with pytest.raises(SaveFileError) as caught:
        read_text("system: sprawl\nsquad: X\ncharacters: []\n")
    assert str(caught.value) == "r.yaml:1: key 'system': this roster is for 'sprawl', not Gunplay (gunplay)"


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

melee.py
- strike: `begin_action(..., None)` for the action word: begin_action only compares it with
  "recover", and neither "strike", "charge" nor None is that.
- strike: `break` for `continue` after `if victim.gone`: no victim can be gone there (a removed
  character can neither strike nor be struck, and the first blow's victim is the second's hitter).

firing.py (the six of the first run, read again)
- fire: `begin_action(..., None)`, "XXfireXX", "FIRE" for "fire": only compared with "recover".
- range_band: `"CLOSE"` for `"close"` as the default band: it is lower-cased on the same line.
- range_band: `zip(..., strict=None)` or without `strict` for `strict=False`: the same (not strict).
- ask_band: the same two changes to its `zip` (2026-12-02 run): the same (not strict).

turn.py
- begin_action: `c.activated = None` or `True` for `False` when a character that has activated is
  forced to act again: it is handed exactly one action, and every action spends it (ending the
  activation, which sets `activated` True) before anything reads the flag; a rule that refuses
  after begin_action writes nothing.
- end_turn: `None` for `game.winner` or `game.reason` in the TurnEnd of a turn that does not end
  the game: both are None then (the game is checked not over first, and rolling initiative
  cannot end it).
- next_side: `or True` on `game.side in order`, and `else 1` for `else 0`: the side is always in
  the order (a save's order is every side once, or empty, which stands for all of them).
- next_side: `len(order) + 2` for `+ 1` as the loop's end: the extra step looks again at the
  first side it tried, which had nobody to activate.
- simple_action: `begin_action(..., None)` for the action word: only compared with "recover", and
  no plain action (move, aim, interact, pass) is that.
- aim: the detail handed to `simple_action` dropped, None, or its key respelled (2026-12-02 run,
  4): `aim` builds its own Action from the result, with its own detail, and reads only the name,
  action word and counts of the one `simple_action` returns.

movement.py
- move: `begin_action(..., None)`, "XXmoveXX", "MOVE" for "move": only compared with "recover".

ladder.py
- p_hits: `grown[k + 1] = q * p` for `+=`: slot k + 1 is first written at step k, so it is still 0.
"""
