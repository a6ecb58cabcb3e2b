"""S2: movement allowance, terrain costs, the extras, allies, enemies and the refusals."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.scratch_grid.movement import move, reach
from tests.scratch_grid.kit import OPEN5, ch, game, table

WIDE = ["........"] * 3


def test_a_healthy_character_moves_four_an_injured_one_two() -> None:
    g = game(WIDE, [ch("Ada", "a2"), ch("Ivy", "a3", statuses=["injured"])])
    assert max(s[0] for s in map(_column, reach(g, g.character("Ada")))) == 4
    assert max(s[0] for s in map(_column, reach(g, g.character("Ivy")))) == 2
    out = move(g, g.character("Ada"), "e2", table())
    assert out.path == ["a2", "b2", "c2", "d2", "e2"] and out.cost == 4
    with pytest.raises(RuleRefusal, match="too far for Ivy: the cheapest way costs 3 spaces of movement and it has 2 spaces"):
        move(g, g.character("Ivy"), "d3", table())


def _column(name: str) -> tuple[int, int]:
    return "abcdefgh".index(name[0]), int(name[1:])


def test_rough_and_water_cost_two() -> None:
    g = game(["..^^....", "..~~....", "########"], [ch("Ada", "a1")])
    costs = reach(g, g.character("Ada"))
    assert costs["c1"] == 3 and costs["c2"] == 3 and costs["b2"] == 1
    assert "d1" not in costs and "d2" not in costs  # 1 + 2 + 2 = 5 is more than 4
    g = game(["~~~~~~~~"], [ch("Ada", "a1")])
    assert set(reach(g, g.character("Ada"))) == {"b1", "c1"}


def test_quickness_pays_open_ground_only() -> None:
    g = game(["^^^^^^^^", "........"], [ch("Ada", "a2", quickness=4), ch("Bo", "a1", quickness=4)])
    assert reach(g, g.character("Ada"))["g2"] == 6  # 4 + 2 extra on open ground
    assert "h2" not in reach(g, g.character("Ada"))
    g = game(["^^^^^^^^"], [ch("Bo", "a1", quickness=4)])
    assert max(_column(s)[0] for s in reach(g, g.character("Bo"))) == 2  # rough: 4 spaces buy 2, quickness nothing


def test_acrobatics_pays_rough_ground_at_two_a_space() -> None:
    g = game(["^^^^^^^^"], [ch("Ada", "a1", acrobatics=2), ch("Bo", "h1", acrobatics=1)])
    assert reach(g, g.character("Ada"))["d1"] == 6  # (4 + 2) / 2 = 3 rough spaces
    assert "e1" not in reach(g, g.character("Ada"))
    assert set(reach(g, g.character("Bo"))) == {"g1", "f1"}  # 5 buys two rough spaces and a spare point


def test_acrobatics_does_not_pay_open_ground_nor_water() -> None:
    g = game(["........"], [ch("Ada", "a1", acrobatics=3)])
    assert set(reach(g, g.character("Ada"))) == {"b1", "c1", "d1", "e1"}
    g = game(["~~~~~~~~"], [ch("Bo", "a1", acrobatics=3)])
    assert set(reach(g, g.character("Bo"))) == {"b1", "c1"}


def test_an_extra_and_the_allowance_may_share_one_step() -> None:
    # S2 as ruled here: a rough space may be paid 1 from acrobatics and 1 from the allowance.
    g = game(["..^....."], [ch("Ada", "a1", acrobatics=1)])
    assert reach(g, g.character("Ada"))["e1"] == 5  # 1 + 2 + 1 + 1: the rough space took the extra point
    g = game(["..^....."], [ch("Ada", "a1")])
    assert "e1" not in reach(g, g.character("Ada"))


def test_swimming_pays_water() -> None:
    g = game(["~~~~~~~~"], [ch("Ada", "a1", swimming=2)])
    assert reach(g, g.character("Ada"))["d1"] == 6


def test_flying_crosses_water_and_rough_at_one_and_adds_air_spaces() -> None:
    g = game(["~~~~~~~~", "^^^^^^^^"], [ch("Rook", "a1", flying=2)])
    costs = reach(g, g.character("Rook"))
    assert costs["f1"] == 5 and "g1" not in costs  # 4 + 1 air space, each space 1
    assert costs["f2"] == 5


def test_flying_never_enters_a_tight_place() -> None:
    g = game(["~~=~~~~~"], [ch("Rook", "a1", flying=4)])
    costs = reach(g, g.character("Rook"))
    assert costs["b1"] == 1 and costs["c1"] == 2  # walks into the tight place (open ground, cost 1)
    assert costs["d1"] == 3  # and takes off again: only the space entered decides
    g = game(["~~=~~~~~"], [ch("Ada", "a1", swimming=4)])
    assert reach(g, g.character("Ada"))["c1"] == 3


def test_flying_spends_its_extra_only_in_the_air() -> None:
    g = game(["========"], [ch("Rook", "a1", flying=4)])
    assert max(_column(s)[0] for s in reach(g, g.character("Rook"))) == 4
    g = game(["........"], [ch("Rook", "a1", flying=4)])
    assert max(_column(s)[0] for s in reach(g, g.character("Rook"))) == 6  # 4 + 2 in the air
    g = game(["....====", "........"], [ch("Rook", "a1", flying=4)])
    assert reach(g, g.character("Rook"))["g1"] == 6  # flies the open row, walks the last step in


def test_walls_and_obstacles_block() -> None:
    g = game([".#...", ".#...", ".o..."], [ch("Ada", "a2")])
    assert not any(s[0] in "cde" for s in reach(g, g.character("Ada")))
    with pytest.raises(RuleRefusal, match="walls, obstacles or enemies block every way there"):
        move(g, g.character("Ada"), "c2", table())
    with pytest.raises(BadInput, match="b2 is a wall"):
        move(g, g.character("Ada"), "b2", table())
    with pytest.raises(BadInput, match="b3 is an obstacle"):
        move(g, g.character("Ada"), "b3", table())


def test_a_diagonal_step_between_two_blocking_spaces_is_barred() -> None:
    g = game([".#.", "#..", "..."], [ch("Ada", "a1")])
    assert reach(g, g.character("Ada")) == {}
    g = game([".#.", "...", "..."], [ch("Ada", "a1")])
    assert reach(g, g.character("Ada"))["b2"] == 1


def test_allies_are_passed_but_not_stopped_on() -> None:
    g = game(["#####", ".....", "#####"], [ch("Ada", "a2"), ch("Bo", "b2"), ch("Cy", "c2")])
    costs = reach(g, g.character("Ada"))
    assert set(costs) == {"d2", "e2"}
    out = move(g, g.character("Ada"), "d2", table())
    assert out.path == ["a2", "b2", "c2", "d2"]
    with pytest.raises(BadInput, match="b2 is taken by Bo"):
        move(g, g.character("Cy"), "b2", table())


def test_enemies_block() -> None:
    g = game(["#####", ".....", "#####"], [ch("Ada", "a2")], [ch("Zed", "c2")])
    assert set(reach(g, g.character("Ada"))) == {"b2"}


def test_entering_a_space_next_to_an_enemy_ends_the_move() -> None:
    g = game(OPEN5, [ch("Ada", "a3")], [ch("Zed", "e3")])
    out = move(g, g.character("Ada"), "d3", table())
    assert out.path == ["a3", "b3", "c3", "d3"] and out.next_to == ["Zed"]
    g = game(OPEN5, [ch("Ada", "a3")], [ch("Zed", "d3")])
    with pytest.raises(RuleRefusal, match=r"cannot reach e3: entering c\d, next to Zed, ends the move \(S2\)"):
        move(g, g.character("Ada"), "e3", table())


def test_an_incapacitated_enemy_blocks_its_space_but_ends_no_move() -> None:
    g = game(OPEN5, [ch("Ada", "a3")], [ch("Zed", "c3", statuses=["incapacitated"])])
    costs = reach(g, g.character("Ada"))
    assert "c3" not in costs and costs["e3"] == 4


def test_a_move_may_start_next_to_an_enemy() -> None:
    g = game(OPEN5, [ch("Ada", "b3")], [ch("Zed", "c3")])
    out = move(g, g.character("Ada"), "a3", table())
    assert out.path == ["b3", "a3"] and out.interruption.offered == []


def test_one_move_a_turn_and_not_when_immobilised_or_incapacitated() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "a3", statuses=["immobilised"], immobilised_turn=1),
                     ch("Cy", "a5", statuses=["incapacitated"])], [ch("Zed", "e5")])
    move(g, g.character("Ada"), "b1", table())
    with pytest.raises(RuleRefusal, match="already moved this turn"):
        move(g, g.character("Ada"), "c1", table())
    with pytest.raises(RuleRefusal, match="immobilised"):
        move(g, g.character("Bo"), "b3", table())
    with pytest.raises(RuleRefusal, match="incapacitated"):
        move(g, g.character("Cy"), "b5", table())
    with pytest.raises(RuleRefusal, match="it is Red's turn"):
        move(g, g.character("Zed"), "d5", table())


def test_a_forced_move_takes_the_path_that_breaks_only_the_rule_overruled() -> None:
    g = game(WIDE, [ch("Ada", "a2")])
    t = table(force=True)
    out = move(g, g.character("Ada"), "g2", t)
    assert out.path[-1] == "g2" and out.cost == 6 and len(t.overruled) == 1


def test_moving_onto_a_hex() -> None:
    g = game(["....", "....", "...."], [ch("Ada", "a1")], grid="hex")
    out = move(g, g.character("Ada"), "b3", table())
    assert out.cost == 2 and out.path[0] == "a1" and out.path[-1] == "b3"
