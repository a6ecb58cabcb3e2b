"""S3: line of sight centre to centre; walls, obstacles and enemies block, allies never;
a corner or an edge is blocked only when both sides block. Exact geometry, checked
against dense sampling of the true (Euclidean) map, and its symmetries."""

from __future__ import annotations

import math

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from sprawl_cli.systems.scratch_grid.attacks import look
from sprawl_cli.systems.scratch_grid.grid import Board, Space, parse_space, shifted
from sprawl_cli.systems.scratch_grid.sight import contacts, line_of_sight
from tests.scratch_grid.kit import OPEN5, ch, game

SQUARE = Board("square", tuple(["......."] * 7))
HEX = Board("hex", tuple(["......."] * 7))


def sight(board: Board, a: str, b: str, *blocks: str) -> tuple[bool, str | None, list[str]]:
    s = line_of_sight(board, parse_space(a), parse_space(b), {parse_space(x) for x in blocks}, a, b)
    return s.clear, s.blocked_by, s.between


def test_a_wall_in_the_way_blocks_and_is_named() -> None:
    g = game([".....", "..#..", "....."], [ch("Ada", "a2")], [ch("Zed", "e2")])
    s = look(g, g.character("Ada"), "Zed")
    assert (s.clear, s.blocked_by, s.crossed) == (False, "c2", ["b2", "c2", "d2"])


def test_an_obstacle_blocks_water_and_rough_do_not() -> None:
    g = game([".~^o.", "....."], [ch("Ada", "a1")], [ch("Zed", "e1")])
    assert look(g, g.character("Ada"), "Zed").blocked_by == "d1"
    assert look(g, g.character("Ada"), "c1").clear


def test_enemies_block_allies_never() -> None:
    g = game(OPEN5, [ch("Ada", "a3"), ch("Bo", "c3")], [ch("Zed", "e3"), ch("Yan", "c2")])
    assert look(g, g.character("Ada"), "Zed").clear  # Bo is Ada's ally
    assert look(g, g.character("Ada"), "e1").blocked_by == "c2"  # Yan is an enemy
    assert not look(g, g.character("Zed"), "Ada").clear  # for Zed, Bo is an enemy


def test_through_a_corner_is_blocked_only_when_both_sides_block() -> None:
    assert sight(SQUARE, "a1", "c3", "b1") == (True, None, [])
    assert sight(SQUARE, "a1", "c3", "a2") == (True, None, [])
    assert sight(SQUARE, "a1", "c3", "b1", "a2") == (False, "b1", ["b1", "a2"])
    assert sight(SQUARE, "a1", "c3", "b2")[0] is False  # straight through the middle one
    assert sight(SQUARE, "b1", "a2", "a1", "b2") == (False, "a1", ["a1", "b2"])  # even between neighbours


def test_a_line_that_only_grazes_nothing_is_not_taken_for_a_corner() -> None:
    # a1 to e2: crosses b1, c1, c2, d2 and touches no corner
    s = line_of_sight(SQUARE, (0, 0), (4, 1), set(), "a1", "e2")
    assert s.crossed == ["b1", "c1", "c2", "d2"]
    assert sight(SQUARE, "a1", "e2", "c2")[0] is False


def test_along_a_hex_edge_is_blocked_only_when_both_sides_block() -> None:
    # a1 to b2 runs exactly along the edge between b1 and a2
    assert line_of_sight(HEX, (0, 0), (1, 1), set(), "a1", "b2").crossed == []
    assert sight(HEX, "a1", "b2", "b1")[0] is True
    assert sight(HEX, "a1", "b2", "a2")[0] is True
    assert sight(HEX, "a1", "b2", "a2", "b1") == (False, "b1", ["b1", "a2"])


def test_a_hex_line_through_centres_in_a_row() -> None:
    assert line_of_sight(HEX, parse_space("a1"), parse_space("b3"), set(), "a1", "b3").crossed == ["a2"]
    assert sight(HEX, "a1", "b3", "a2")[0] is False


def test_the_ends_never_block() -> None:
    assert sight(SQUARE, "a1", "c1", "a1", "c1")[0] is True


# --- properties -------------------------------------------------------------------------------

def euclid(board: Board, space: Space) -> tuple[float, float]:
    column, row = space
    if board.grid == "square":
        return float(column), float(row)
    return column + (0.5 if shifted(row) else 0.0), row * math.sqrt(3) / 2


def sampled(board: Board, a: Space, b: Space, n: int = 1500) -> set[Space]:
    """The spaces dense points of the true segment fall in (nearest centre; boundary points skipped).
    The spaces just off the map count as centres too, so a line along the map's edge lies on a
    boundary there, as it does on the table."""
    (x1, y1), (x2, y2) = euclid(board, a), euclid(board, b)
    around = [(c, r) for r in range(-1, board.height + 1) for c in range(-1, board.width + 1)]
    centres = [(euclid(board, s), s) for s in around]
    found = set()
    for i in range(n + 1):
        t = i / n
        x, y = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
        if board.grid == "square":
            near = sorted((max(abs(x - cx), abs(y - cy)), s) for (cx, cy), s in centres)
        else:
            near = sorted((math.hypot(x - cx, y - cy), s) for (cx, cy), s in centres)
        if near[1][0] - near[0][0] > 1e-6:
            found.add(near[0][1])
    return (found & set(board.spaces())) - {a, b}


spaces7 = st.tuples(st.integers(0, 6), st.integers(0, 6))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["square", "hex"]), spaces7, spaces7)
@example("hex", (0, 0), (0, 2))  # along the map's edge: a2's edge with the space off the map
def test_crossed_spaces_match_dense_sampling_of_the_true_map(grid: str, a: Space, b: Space) -> None:
    board = SQUARE if grid == "square" else HEX
    assume(a != b)
    crossed = {c.space for c in contacts(board, a, b) if c.crosses}
    assert crossed == sampled(board, a, b)


blocks7 = st.sets(spaces7, max_size=12)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["square", "hex"]), spaces7, spaces7, blocks7)
def test_sight_is_symmetric(grid: str, a: Space, b: Space, blocks: set[Space]) -> None:
    board = SQUARE if grid == "square" else HEX
    assume(a != b)
    there = line_of_sight(board, a, b, blocks, "A", "B")
    back = line_of_sight(board, b, a, blocks, "B", "A")
    assert there.clear == back.clear
    assert there.crossed == list(reversed(back.crossed))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["square", "hex"]), spaces7, spaces7, st.sets(spaces7, max_size=6),
       st.sets(spaces7, max_size=8))
def test_a_clear_line_stays_clear_when_allies_step_in(grid: str, a: Space, b: Space, walls: set[Space],
                                                     allies: set[Space]) -> None:
    rows = ["".join("#" if (c, r) in walls else "." for c in range(7)) for r in range(7)]
    assume(a != b and a not in walls and b not in walls)
    g = game(rows, [ch("Ada", "a1")], [ch("Zed", "a2")], grid=grid)
    ada, zed = g.character("Ada"), g.character("Zed")
    ada.at, zed.at = _name(a), _name(b)
    before = look(g, ada, "Zed")
    assume(before.clear)
    free = [s for s in sorted(allies) if s not in walls and s not in (a, b)]
    for i, s in enumerate(free):
        g.characters.append(ch(f"Pal{i}", _name(s)))
        g.characters[-1].squad = "Red"
    assert look(g, ada, "Zed").clear


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["square", "hex"]), spaces7, spaces7, blocks7, spaces7)
def test_one_more_blocker_never_clears_a_line(grid: str, a: Space, b: Space, blocks: set[Space],
                                              extra: Space) -> None:
    board = SQUARE if grid == "square" else HEX
    assume(a != b)
    if not line_of_sight(board, a, b, blocks, "A", "B").clear:
        assert not line_of_sight(board, a, b, blocks | {extra}, "A", "B").clear


def _name(space: Space) -> str:
    return f"{'abcdefg'[space[0]]}{space[1] + 1}"
