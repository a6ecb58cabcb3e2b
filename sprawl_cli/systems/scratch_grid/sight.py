"""Line of sight (S3), worked out exactly.

The line runs from the centre of one space to the centre of the other. Any
space whose inside it crosses and that blocks (a wall, an obstacle, an enemy of
the looker) blocks it. Where the line only touches spaces, passing exactly
through a corner or running exactly along an edge, it is blocked only when the
spaces touched on both sides of it block.

Geometry: squares are unit squares centred on (column, row). Hexes are taken
in axial coordinates (q, r), an affine image of the true hex map, so straight
lines stay straight, crossings stay crossings and every number is a fraction:
a hex is the set of points within 1 of its centre in each of the three
directions 2q+r, q+2r and r-q. Nothing is rounded, so a line that grazes a
corner is told from one that cuts it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sprawl_cli.systems.scratch_grid.grid import Board, Space, axial, space_name

Point = tuple[Fraction, Fraction]
Limit = tuple[tuple[int, int], Fraction]  # |a . d| <= b, d the offset from a space's centre

SQUARE_LIMITS: tuple[Limit, ...] = (((1, 0), Fraction(1, 2)), ((0, 1), Fraction(1, 2)))
HEX_LIMITS: tuple[Limit, ...] = (((2, 1), Fraction(1)), ((1, 2), Fraction(1)), ((-1, 1), Fraction(1)))


@dataclass(frozen=True)
class Contact:
    """How the line meets one space: it `crosses` its inside, or only touches it
    from one `side` (+1 or -1) over the stretch [start, end] of the line."""

    space: Space
    crosses: bool
    side: int
    start: Fraction
    end: Fraction


@dataclass(frozen=True)
class Sight:
    """What `los A B` found."""

    looker: str
    target: str  # a name or a space
    start: str
    end: str
    clear: bool
    blocked_by: str | None  # the first space that blocks, nearest the looker
    between: list[str]  # when a corner or an edge is blocked: the two spaces either side of it
    crossed: list[str]  # spaces the line passes through, in order, ends left out

    def to_json(self) -> dict[str, Any]:
        return {"from": self.start, "to": self.end, "looker": self.looker, "target": self.target,
                "clear": self.clear, "blocked_by": self.blocked_by, "between": self.between or None,
                "crossed": self.crossed}


def centre(board: Board, space: Space) -> Point:
    if board.grid == "square":
        return Fraction(space[0]), Fraction(space[1])
    q, r = axial(space)
    return Fraction(q), Fraction(r)


def _limits(board: Board) -> tuple[Limit, ...]:
    return SQUARE_LIMITS if board.grid == "square" else HEX_LIMITS


def contact(board: Board, a: Point, b: Point, space: Space) -> Contact | None:
    """How the segment a-b meets `space` (its closed shape), or None."""
    h = centre(board, space)
    d = (b[0] - a[0], b[1] - a[1])
    low, high = Fraction(0), Fraction(1)
    limits = _limits(board)
    for (x, y), bound in limits:
        at0 = x * (a[0] - h[0]) + y * (a[1] - h[1])
        slope = x * d[0] + y * d[1]
        if slope == 0:
            if abs(at0) > bound:
                return None
            continue
        t1, t2 = (-bound - at0) / slope, (bound - at0) / slope
        low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
        if low > high:
            return None
    middle = (low + high) / 2
    mid = (a[0] + middle * d[0] - h[0], a[1] + middle * d[1] - h[1])
    inside = low < high and all(abs(x * mid[0] + y * mid[1]) < bound for (x, y), bound in limits)
    cross = d[0] * (h[1] - a[1]) - d[1] * (h[0] - a[0])
    return Contact(space, inside, (cross > 0) - (cross < 0), low, high)


def candidates(board: Board, a: Space, b: Space) -> Iterable[Space]:
    """Every space the segment could meet: the box around both ends, one space wider."""
    for row in range(min(a[1], b[1]) - 1, max(a[1], b[1]) + 2):
        for column in range(min(a[0], b[0]) - 2, max(a[0], b[0]) + 3):
            if board.on_map((column, row)) and (column, row) not in (a, b):
                yield column, row


def contacts(board: Board, a: Space, b: Space) -> list[Contact]:
    """Every space the line from the centre of `a` to that of `b` meets, in order along it."""
    pa, pb = centre(board, a), centre(board, b)
    found = [c for s in candidates(board, a, b) if (c := contact(board, pa, pb, s)) is not None]
    return sorted(found, key=lambda c: (c.start, c.end, c.space[1], c.space[0]))


def trace(board: Board, a: Space, b: Space, blocks: set[Space]) -> tuple[Space | None, list[Space], list[Space]]:
    """S3 on spaces: (the first blocking space or None, the corner/edge pair if that is what
    blocks, the spaces crossed in order)."""
    met = contacts(board, a, b)
    crossed = [c.space for c in met if c.crosses]
    events: list[tuple[Fraction, Space, list[Space]]] = []
    for c in met:
        if c.crosses and c.space in blocks:
            events.append((c.start, c.space, []))
    touching = [c for c in met if not c.crosses and c.space in blocks]
    for left in (c for c in touching if c.side > 0):
        for right in (c for c in touching if c.side < 0):
            if max(left.start, right.start) <= min(left.end, right.end):
                pair = sorted([left.space, right.space], key=lambda s: (s[1], s[0]))
                events.append((max(left.start, right.start), pair[0], pair))
    if not events:
        return None, [], crossed
    first = min(events, key=lambda e: (e[0], e[1][1], e[1][0]))
    return first[1], first[2], crossed


def line_of_sight(board: Board, a: Space, b: Space, blocks: set[Space], looker: str, target: str) -> Sight:
    """S3: is the line from `a` to `b` clear of the spaces in `blocks` (its ends never block)?"""
    first, pair, crossed = trace(board, a, b, blocks - {a, b})
    return Sight(looker, target, space_name(a), space_name(b), first is None,
                 space_name(first) if first is not None else None, [space_name(s) for s in pair],
                 [space_name(s) for s in crossed])
