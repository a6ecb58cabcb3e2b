"""The map (S1): terrain, space names, neighbours and distance on square and hex grids.

A space is a (column, row) pair counted from 0; players name it like `c4` (column
letter, row number from the top, from 1). On a hex grid the 2nd, 4th, 6th...
rows sit half a space to the right. No I/O; `mapfile` reads map files.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass

from sprawl_cli.api import BadInput

Space = tuple[int, int]  # (column, row), both from 0

WALL, OBSTACLE, OPEN, ROUGH, WATER, EXIT, TIGHT = "#", "o", ".", "^", "~", "E", "="
TERRAIN = {
    WALL: "wall",
    OBSTACLE: "obstacle",
    OPEN: "open",
    ROUGH: "rough",
    WATER: "water",
    EXIT: "exit",
    TIGHT: "tight place",
}
SOLID = (WALL, OBSTACLE)  # nobody stands in, walks or flies through these; they block sight (S2, S3)
GRIDS = ("square", "hex")
MAX_COLUMNS = len(string.ascii_lowercase)
MAX_ROWS = 99

SQUARE_STEPS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
# S1: hex rows 2, 4, 6... (odd rows counted from 0) sit half a space right.
HEX_STEPS_SHIFTED = ((0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1))
HEX_STEPS_UNSHIFTED = ((-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))


def space_name(space: Space) -> str:
    column, row = space
    return f"{string.ascii_lowercase[column]}{row + 1}"


def parse_space(text: str) -> Space:
    """`c4` -> (2, 3); case does not matter.

    Raises:
        BadInput: not a column letter followed by a row number.
    """
    raw = text.strip().lower()
    if len(raw) >= 2 and raw[0] in string.ascii_lowercase and raw[1:].isdigit() and int(raw[1:]) >= 1:
        return string.ascii_lowercase.index(raw[0]), int(raw[1:]) - 1
    raise BadInput(f"'{text}' is not a space: write the column letter then the row number, like c4")


def is_space_name(text: str) -> bool:
    try:
        parse_space(text)
    except BadInput:
        return False
    return True


def shifted(row: int) -> bool:
    """S1: on a hex grid the 2nd, 4th... rows (1, 3... from 0) sit half a space right."""
    return row % 2 == 1


def axial(space: Space) -> tuple[int, int]:
    """Hex axial coordinates (q, r) of a space: neighbours differ by one of six fixed steps."""
    column, row = space
    return column - (row - (row & 1)) // 2, row


@dataclass(frozen=True)
class Board:
    """A map's terrain and shape: rows of terrain symbols, equal in length."""

    grid: str
    rows: tuple[str, ...]

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        return len(self.rows)

    def on_map(self, space: Space) -> bool:
        column, row = space
        return 0 <= column < self.width and 0 <= row < self.height

    def terrain(self, space: Space) -> str:
        column, row = space
        return self.rows[row][column]

    def spaces(self) -> Iterator[Space]:
        for row in range(self.height):
            for column in range(self.width):
                yield column, row

    def space(self, text: str) -> Space:
        """The space called `text`, checked to be on this map.

        Raises:
            BadInput: a malformed name or a space off the map.
        """
        space = parse_space(text)
        if not self.on_map(space):
            last = space_name((self.width - 1, self.height - 1))
            raise BadInput(f"{text.strip().lower()} is off the map, which runs from a1 to {last}")
        return space

    def steps(self, space: Space) -> tuple[tuple[int, int], ...]:
        if self.grid == "square":
            return SQUARE_STEPS
        return HEX_STEPS_SHIFTED if shifted(space[1]) else HEX_STEPS_UNSHIFTED

    def neighbours(self, space: Space) -> list[Space]:
        """The spaces next to `space` on the map (8 on squares, 6 on hexes, fewer at an edge)."""
        column, row = space
        found = [(column + dc, row + dr) for dc, dr in self.steps(space)]
        return [s for s in found if self.on_map(s)]

    def on_edge(self, space: Space) -> bool:
        """A space from which one step leaves the map (S5: escaping off the edge)."""
        return len(self.neighbours(space)) < len(self.steps(space))

    def distance(self, a: Space, b: Space) -> int:
        """Spaces between two spaces, walls ignored (1 means next to each other)."""
        if self.grid == "square":
            return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
        (q1, r1), (q2, r2) = axial(a), axial(b)
        dq, dr = q1 - q2, r1 - r2
        return max(abs(dq), abs(dr), abs(dq + dr))

    def adjacent(self, a: Space, b: Space) -> bool:
        return a != b and self.distance(a, b) == 1

    def within_one(self, centre: Space) -> list[Space]:
        """The centre and the spaces next to it on the map (S3's blast area: 9 or 7 spaces)."""
        return [centre] + self.neighbours(centre)

    def beside(self, a: Space, b: Space) -> list[Space]:
        """For a diagonal step on squares, the two spaces it squeezes between; else none."""
        if self.grid != "square" or abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
            return []
        return [(b[0], a[1]), (a[0], b[1])]

    def solid(self, space: Space) -> bool:
        return self.terrain(space) in SOLID
