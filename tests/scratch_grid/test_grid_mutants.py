"""The grid (S1) and the game's turn count, pinned where a mutation run (mutmut 3.8.1) of grid.py
and model.py found the tests loose: a diagonal squeeze only on a diagonal step, a hex distance
as a whole number, and whose turn comes next with three sides.

Survivor left, equivalent: in grid.py, `rindex` for `index` on the column letter (1): each
letter is once in the alphabet. (`Game.foes`, which nothing called, is gone.)
"""

from __future__ import annotations

from sprawl_cli.systems.scratch_grid.grid import Board, parse_space
from sprawl_cli.systems.scratch_grid.model import Game
from tests import factory
from tests.scratch_grid.kit import ch


def test_a_step_squeezes_between_two_spaces_only_when_it_is_diagonal() -> None:
    square = Board("square", ("...", "...", "..."))
    a1 = parse_space("a1")
    assert square.beside(a1, parse_space("b2")) == [parse_space("b1"), parse_space("a2")]
    assert square.beside(a1, parse_space("b1")) == [] and square.beside(a1, parse_space("a2")) == []
    assert Board("hex", ("...", "...", "...")).beside(a1, parse_space("b2")) == []


def test_a_hex_distance_is_a_whole_number() -> None:
    hexes = Board("hex", ("....", "....", "....", "...."))
    far = hexes.distance(parse_space("a1"), parse_space("c4"))
    assert far == 4 and type(far) is int


def test_with_three_sides_each_ones_next_turn() -> None:
    g = factory.game_of(Game, [[ch("Ada", "a1")], [ch("Bo", "b1")], [ch("Cy", "c1")]], leaders=False,
                        map=["..."])
    g.side, g.turn = 1, 2  # Blue to play
    assert [g.next_turn_of(s) for s in ("Red", "Blue", "Green")] == [4, 2, 3]
