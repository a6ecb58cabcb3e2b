"""S1: space names, neighbours on squares and hexes, distance, edges, the blast area."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.scratch_grid.grid import Board, parse_space, space_name

SQUARE = Board("square", tuple(["......"] * 6))
HEX = Board("hex", tuple(["......"] * 6))


def names(spaces: list[tuple[int, int]]) -> set[str]:
    return {space_name(s) for s in spaces}


@pytest.mark.parametrize("text, space", [("a1", (0, 0)), ("c4", (2, 3)), ("C4", (2, 3)), (" z99 ", (25, 98))])
def test_space_names_read_column_letter_then_row_from_the_top(text: str, space: tuple[int, int]) -> None:
    assert parse_space(text) == space
    assert space_name(space) == text.strip().lower()


@pytest.mark.parametrize("text", ["4c", "c0", "c", "", "cc4", "c-1", "é4"])
def test_malformed_space_names_are_refused(text: str) -> None:
    with pytest.raises(BadInput, match="column letter then the row number"):
        parse_space(text)


def test_a_space_off_the_map_says_where_the_map_runs() -> None:
    with pytest.raises(BadInput, match="g1 is off the map, which runs from a1 to f6"):
        SQUARE.space("g1")


def test_square_spaces_have_eight_neighbours_and_fewer_at_the_edge() -> None:
    assert names(SQUARE.neighbours(parse_space("c3"))) == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    assert names(SQUARE.neighbours(parse_space("a1"))) == {"b1", "a2", "b2"}


def test_hex_neighbours_are_the_ones_s1_names() -> None:
    # S1: rows 2, 4, 6... sit half a space right.
    assert names(HEX.neighbours(parse_space("c2"))) == {"c1", "d1", "b2", "d2", "c3", "d3"}
    assert names(HEX.neighbours(parse_space("c3"))) == {"b2", "c2", "b3", "d3", "b4", "c4"}


def test_hex_neighbourhood_is_symmetric_and_six_inside() -> None:
    for space in HEX.spaces():
        for other in HEX.neighbours(space):
            assert space in HEX.neighbours(other)
    assert all(len(HEX.neighbours((c, r))) == 6 for c in range(1, 5) for r in range(1, 5))


@pytest.mark.parametrize("a, b, square, hexes", [
    ("c3", "c3", 0, 0), ("c3", "d4", 1, 2), ("c2", "d3", 1, 1), ("a1", "c3", 2, 3), ("a1", "f1", 5, 5),
    ("b2", "b4", 2, 2), ("a1", "a6", 5, 5),
])
def test_distance_counts_spaces(a: str, b: str, square: int, hexes: int) -> None:
    assert SQUARE.distance(parse_space(a), parse_space(b)) == square
    assert HEX.distance(parse_space(a), parse_space(b)) == hexes
    assert HEX.distance(parse_space(b), parse_space(a)) == hexes


def test_hex_distance_one_is_exactly_the_neighbours() -> None:
    for a in HEX.spaces():
        assert {b for b in HEX.spaces() if HEX.distance(a, b) == 1} == set(HEX.neighbours(a))


def test_blast_area_is_nine_squares_or_seven_hexes() -> None:
    assert len(SQUARE.within_one(parse_space("c3"))) == 9
    assert len(HEX.within_one(parse_space("c3"))) == 7
    assert len(SQUARE.within_one(parse_space("a1"))) == 4


def test_edges() -> None:
    assert SQUARE.on_edge(parse_space("a3")) and SQUARE.on_edge(parse_space("f6"))
    assert not SQUARE.on_edge(parse_space("c3"))
    assert HEX.on_edge(parse_space("f2")) and not HEX.on_edge(parse_space("e3"))
