"""Gunplay rules pinned where a mutation run (mutmut 3) found the tests loose.

Survivors that no input can tell from the original are listed, with the reason, in the
docstring at the end of this file (`EQUIVALENT`).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.gunplay.ladder import check_column, p_hits
from sprawl_cli.systems.gunplay.movement import move
from sprawl_cli.systems.gunplay.toughness import recover
from sprawl_cli.systems.gunplay.turn import done, end_turn
from tests.gunplay.build import dice, game, leftover, person, table


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


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

ladder.py
- p_hits: `grown[k + 1] = q * p` for `+=`: slot k + 1 is first written at step k, so it is still 0.
"""
