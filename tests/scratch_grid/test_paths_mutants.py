"""What the mutation run of paths.py (the path finder, S2-S5) found unchecked, pinned down.

Each test asks what a player sees: the cost, the spaces of the route (they are the `path` of
`move`'s JSON and are named in a refusal's reason), whether the edge of the map counts.

EQUIVALENTS
"""

from __future__ import annotations

from sprawl_cli.systems.scratch_grid.grid import Board, Space
from sprawl_cli.systems.scratch_grid.paths import OUTSIDE, Allowance, Field, Search, cheapest, routes

NOBODY: frozenset[Space] = frozenset()


def open_field(rows: list[str], grid: str = "square", enemies: frozenset[Space] = NOBODY,
               watched: frozenset[Space] = NOBODY) -> Field:
    return Field(Board(grid, tuple(rows)), enemies, watched, enemies)


def test_cheapest_keeps_the_straighter_of_two_ways_with_as_many_steps() -> None:
    # b2 to b4: through b3 (2 straight steps) or through a3 or c3 (2 diagonal ones, found first).
    field = open_field(["...", "...", "...", "..."])
    assert cheapest(field, (1, 1), False, goal=(1, 3)) == {(1, 3): _route(((1, 1), (1, 2), (1, 3)), 2)}
    assert cheapest(field, (1, 1), True, goal=(1, 3))[(1, 3)].spaces == ((1, 1), (1, 2), (1, 3))


def test_cheapest_keeps_the_first_found_of_two_equal_ways() -> None:
    # a1 to c2: b1 then a diagonal, or a diagonal then b2; the same steps and length, b1 is found first.
    field = open_field(["...", "..."])
    assert cheapest(field, (0, 0), False, goal=(2, 1))[(2, 1)].spaces == ((0, 0), (1, 0), (2, 1))


def test_cheapest_leaves_the_map_only_when_asked() -> None:
    field = open_field(["...", "..."])
    assert OUTSIDE not in cheapest(field, (1, 0), False)
    assert cheapest(field, (1, 0), False, leave=True)[OUTSIDE].spaces == ((1, 0), OUTSIDE)


def test_routes_leave_the_map_only_when_asked() -> None:
    field = open_field(["...", "..."])
    assert OUTSIDE not in routes(field, (1, 0), Allowance(4))
    assert routes(field, (1, 0), Allowance(4), leave=True)[OUTSIDE].spaces == ((1, 0), OUTSIDE)


def _route(spaces: tuple[Space, ...], cost: int):  # type: ignore[no-untyped-def]
    from sprawl_cli.systems.scratch_grid.paths import Route

    return Route(spaces, cost, tuple(False for _ in spaces[1:]))
