"""Turns (S6), harm (S5) and the end of a game, pinned where a mutation run (mutmut 3.8.1) of
turn.py found the tests loose: `next`'s whole JSON (what lifts, who idled, whose evasion
lapsed), three sides in turn, the round limit, the words and the tally of the end, the
refusals naming what was tried, and the books of harm.

Survivor left, equivalent: in `check_end`, `most >= 0` for `most > 0` (1): with every figure
incapacitated every side counts 0, so there are at least two leaders (a game has two sides
or more) and no winner either way.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.scratch_grid.model import Game
from sprawl_cli.systems.scratch_grid.turn import advance, check_end, incapacitate, \
    require_can_act, require_can_move, start_turn, wound
from tests import factory
from tests.scratch_grid.kit import OPEN5, ch, game, table

TAIL = " (add --force to overrule as referee)"


def test_next_in_json_with_holds_and_delays_lifting_idlers_and_lapsed_evasion() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Al", "b1"), ch("Ann", "c1"), ch("Abe", "d1"),
                     ch("Ari", "e1", statuses=["incapacitated"])],
             [ch("Zed", "a5", statuses=["immobilised", "delayed"], immobilised_turn=1, delayed_turn=1),
              ch("Zoe", "b5", statuses=["delayed", "evading"], delayed_turn=2)])
    g.character("Al").moved = True
    g.character("Ann").acted = True
    g.character("Abe").turn_over = True
    step = advance(g)
    assert step.to_json() == {"round": 1, "side": "Blue", "turn": 2,
                              "lifted": [{"name": "Zed", "status": "immobilised"},
                                         {"name": "Zed", "status": "delayed"}],
                              "evasion_lapsed": ["Zoe"], "idle": ["Ada"], "over": False, "reason": None}
    zed, zoe = g.character("Zed"), g.character("Zoe")
    assert zed.statuses == [] and zed.immobilised_turn is None and zed.delayed_turn is None
    assert zoe.statuses == ["delayed"] and zoe.delayed_turn == 2
    assert advance(g).lifted == [{"name": "Zoe", "status": "delayed"}]


def test_three_sides_take_turns_in_order_and_the_round_limit_ends_it() -> None:
    g = factory.game_of(Game, [[ch("Ada", "a1")], [ch("Bo", "c3")], [ch("Cy", "e5")]], leaders=False,
                        map=OPEN5.split(), rounds=1)
    start_turn(g)
    steps = [advance(g) for _ in range(2)]
    assert [s.side for s in steps] == ["Blue", "Green"]
    assert g.side == 2 and g.turn == 3
    assert not any(s.over for s in steps) and not g.over  # the limit ends round 1 only when it is over
    g.winner = "Red"
    end = advance(g)
    assert end.to_json() == {"round": 1, "side": "Red", "turn": 4, "lifted": [], "evasion_lapsed": [],
                             "idle": ["Cy"], "over": True, "reason": "the round limit (1) was reached"}
    assert g.over and g.winner is None and g.round == 1


def test_the_end_names_who_is_left_and_the_tally() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Al", "b1", statuses=["incapacitated"])], [ch("Zed", "e5")])
    g.character("Zed").add("incapacitated")
    check_end(g)
    assert (g.over, g.winner, g.reason) == (True, "Red", "Red alone is left standing on the map "
                                                         "(not incapacitated: Red 1, Blue 0)")
    g2 = game(OPEN5, [ch("Ada", "a1", statuses=["incapacitated"])], [ch("Zed", "e5", statuses=["incapacitated"])])
    check_end(g2)
    assert (g2.over, g2.winner, g2.reason) == (True, None, "nobody alone is left standing on the map "
                                                           "(not incapacitated: Red 0, Blue 0)")


def test_harm_and_its_books() -> None:
    c = ch("Ada", "a1", statuses=["immobilised", "evading", "delayed"], immobilised_turn=3, delayed_turn=3)
    c.record.times_injured = c.record.times_incapacitated = 2
    assert wound(c) == "injured"
    assert c.record.times_injured == 3
    assert wound(c) == "incapacitated"
    assert c.statuses == ["incapacitated"] and c.immobilised_turn is None and c.delayed_turn is None
    assert c.record.times_incapacitated == 3 and c.record.times_injured == 3
    assert wound(c) == "incapacitated" and c.record.times_incapacitated == 3
    d = ch("Bo", "a2", statuses=["injured"])
    incapacitate(d)
    assert d.statuses == ["incapacitated"] and d.record.times_incapacitated == 1


def test_the_checks_name_what_was_tried() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Amy", None, statuses=["escaped"])], [ch("Zed", "e5")])
    ada, zed = g.character("Ada"), g.character("Zed")
    for check in (require_can_move, require_can_act):
        with pytest.raises(RuleRefusal) as gone:
            check(g, table(force=True), g.character("Amy"), "dance")
        assert str(gone.value) == "Amy has escaped and cannot dance"
        with pytest.raises(RuleRefusal) as out_of_turn:
            check(g, table(), zed, "dance")
        assert str(out_of_turn.value) == "Zed cannot dance: it is Red's turn (S6)" + TAIL
    ada.turn_over = True
    with pytest.raises(RuleRefusal) as ended:
        require_can_move(g, table(), ada, "dance")
    assert str(ended.value) == ("an interrupting attack ended Ada's turn; it cannot dance again until its next turn "
                                "(S4)" + TAIL)
    ada.turn_over = False
    ada.moved = True
    with pytest.raises(RuleRefusal) as moved:
        require_can_move(g, table(), ada)
    assert str(moved.value) == "Ada has already moved this turn; one move per turn (S6)" + TAIL
    ada.add("incapacitated")
    with pytest.raises(RuleRefusal) as down:
        require_can_move(g, table(), ada)
    assert str(down.value) == "Ada is incapacitated and cannot move (S2)" + TAIL
