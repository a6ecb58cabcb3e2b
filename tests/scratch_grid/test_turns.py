"""S6 turns, S3 holds lasting to the end of the target's next turn, evasion, healing (S5),
escaping (S5), the end of the game and the referee's `set`."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.scratch_grid.actions import evade, heal
from sprawl_cli.systems.scratch_grid.referee import set_status
from sprawl_cli.systems.scratch_grid.attacks import attack
from sprawl_cli.systems.scratch_grid.movement import escape, move
from sprawl_cli.systems.scratch_grid.turn import advance
from tests.scratch_grid.kit import OPEN5, ch, game, table


def test_sides_take_turns_in_roster_order_and_rounds_count() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    step = advance(g)
    assert (g.side, g.round, g.turn, step.side, step.idle) == (1, 1, 2, "Blue", ["Ada"])
    advance(g)
    assert (g.side, g.round, g.turn) == (0, 2, 3)


def test_a_new_turn_gives_a_fresh_move_and_action() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    move(g, g.character("Ada"), "b1", table())
    advance(g), advance(g)
    assert not g.character("Ada").moved
    move(g, g.character("Ada"), "c1", table())


def test_a_hold_lasts_to_the_end_of_the_targets_next_turn() -> None:
    g = game(OPEN5, [ch("Ada", "b3")], [ch("Zed", "c3")])
    attack(g, g.character("Ada"), "Zed", "hold", table(), result="hit")
    advance(g)  # Blue's turn: Zed stays put
    with pytest.raises(RuleRefusal, match="immobilised"):
        move(g, g.character("Zed"), "d3", table())
    step = advance(g)  # the end of Zed's turn lifts it
    assert step.lifted == [{"name": "Zed", "status": "immobilised"}]
    advance(g)
    move(g, g.character("Zed"), "d3", table())


def test_evasion_lasts_until_the_evaders_next_turn() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    evade(g, g.character("Ada"), table())
    advance(g)
    assert g.character("Ada").has("evading")
    step = advance(g)
    assert step.evasion_lapsed == ["Ada"] and not g.character("Ada").has("evading")


def test_one_action_a_turn_move_before_or_after() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    evade(g, g.character("Ada"), table())
    move(g, g.character("Ada"), "b1", table())
    with pytest.raises(RuleRefusal, match="already acted"):
        evade(g, g.character("Ada"), table())


def test_healing_needs_the_healer_next_to_its_patient() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "c3", statuses=["injured"])], [ch("Zed", "e5")])
    with pytest.raises(RuleRefusal, match="must be next to Bo to heal it; they are 2 spaces apart"):
        heal(g, g.character("Ada"), g.character("Bo"), table(result=["hit"]))
    g.character("Ada").at = "b2"
    out = heal(g, g.character("Ada"), g.character("Bo"), table(result=["hit"]))
    assert (out.before, out.after, out.revived) == ("injured", "healthy", False)


def test_reviving_brings_an_incapacitated_ally_back_injured() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "b1", statuses=["incapacitated"])], [ch("Zed", "e5")])
    out = heal(g, g.character("Ada"), g.character("Bo"), table(result=["hit"]))
    assert out.revived and g.character("Bo").health == "injured"


def test_healing_refusals() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "b1"), ch("Cy", "a2", statuses=["injured"])],
             [ch("Zed", "b2", statuses=["injured"])])
    with pytest.raises(BadInput, match="Bo is healthy"):
        heal(g, g.character("Ada"), g.character("Bo"), table(result=["hit"]))
    with pytest.raises(RuleRefusal, match="Zed is not on Ada's side"):
        heal(g, g.character("Ada"), g.character("Zed"), table(result=["hit"]))
    with pytest.raises(BadInput, match="cannot heal itself"):
        heal(g, g.character("Ada"), g.character("Ada"), table(result=["hit"]))
    out = heal(g, g.character("Ada"), g.character("Cy"), table(), result="miss")
    assert out.after == "injured" and g.character("Ada").acted


def test_ending_a_move_on_an_exit_escapes() -> None:
    g = game(["....E", "....."], [ch("Ada", "b1"), ch("Bo", "a2")], [ch("Zed", "a1")])
    out = move(g, g.character("Ada"), "e1", table(), "none")
    ada = g.character("Ada")
    assert out.escaped and out.via == "exit" and ada.gone and ada.at is None and ada.left_from == "e1"


def test_escape_takes_the_cheapest_way_out_over_the_edge() -> None:
    g = game(["#####", "#...#", "#...#", "#...."], [ch("Ada", "c2")], [ch("Zed", "a4"), ch("Yan", "b4")])
    out = escape(g, g.character("Ada"), table())
    assert out.escaped and out.via == "edge" and out.path == ["c2", "d3", "d4"] and out.cost == 3


def test_escape_refusals() -> None:
    g = game(["#####", "#...#", "#####"], [ch("Ada", "c2")], [ch("Zed", "b2")])
    with pytest.raises(RuleRefusal, match="no way off the map"):
        escape(g, g.character("Ada"), table())
    g = game(["#####", "#...#", "#...#", "#...#", "#...#", "#...#", "#..E#", "#####"], [ch("Ada", "b2")],
             [ch("Zed", "d2")])
    with pytest.raises(RuleRefusal, match="no way out is in reach for Ada: the nearest costs 5 spaces of movement"):
        escape(g, g.character("Ada"), table())


def test_the_game_ends_when_one_side_alone_stands_and_escapes_count_as_survivors() -> None:
    g = game(["E...."], [ch("Ada", "b1"), ch("Bo", "c1", statuses=["incapacitated"])], [ch("Zed", "e1")])
    move(g, g.character("Ada"), "a1", table())
    assert g.over and g.winner is None  # 1 escaped against 1 standing: a draw
    g = game(["E...."], [ch("Ada", "b1"), ch("Bo", "c1")], [ch("Zed", "e1")])
    move(g, g.character("Ada"), "a1", table())
    assert not g.over


def test_the_round_limit_ends_the_game() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    g.rounds = 1
    advance(g)
    step = advance(g)
    assert step.over and g.over and "round limit" in (g.reason or "")


def test_the_referee_sets_and_clears_statuses() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    ada = g.character("Ada")
    set_status(g, ada, "immobilised", True)
    assert ada.immobilised_turn == 1
    set_status(g, ada, "injured", True)
    set_status(g, ada, "incapacitated", True)
    assert ada.shown_statuses == ["incapacitated"]
    set_status(g, ada, "escaped", True)
    assert ada.at is None and ada.record.escaped == 0
    set_status(g, ada, "escaped", False)
    assert ada.at == "a1"
    with pytest.raises(BadInput, match="not a Scratch:Grid status"):
        set_status(g, ada, "pinned", True)
