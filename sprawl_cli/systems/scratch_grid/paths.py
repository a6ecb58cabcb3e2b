"""The path finder behind `move`, `escape` and `map --reach` (S2).

A move is paid from five purses: the allowance (4 spaces healthy, 2 injured)
pays for anything; quickness pays only open-ground steps, acrobatics only rough
ones, swimming only water ones, flying only steps through the air. A rough or
water step costs 2 on the ground and may be paid partly from its own purse and
partly from the allowance; a step through the air costs 1 over any ground but a
tight place. The search (Dijkstra over the space and what is left in each
purse, keeping only purses no other way to that space beats) finds the cheapest
legal path to every space: spaces with walls, obstacles or enemies are never
entered, a diagonal step squeezing between two blocking spaces is barred, a
space with anyone else in it is passed but never stopped on, and a space next
to an enemy still standing ends the move there.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from sprawl_cli.systems.scratch_grid.grid import EXIT, OPEN, ROUGH, TIGHT, WATER, Board, Space

OUTSIDE: Space = (-1, -1)  # off the map's edge (S5: escaping)
UNLIMITED = 10_000
DIAGONAL = 2 ** 0.5


@dataclass(frozen=True)
class Allowance:
    """What a character may spend on one move (S2)."""

    base: int
    quick: int = 0  # open ground only
    fly: int = 0  # through the air only
    acro: int = 0  # rough ground only
    swim: int = 0  # water only
    can_fly: bool = False  # any level of flying lets it take to the air

    def purses(self) -> tuple[int, int, int, int, int]:
        return self.base, self.quick, self.fly, self.acro, self.swim

    def unlimited(self) -> Allowance:
        return Allowance(UNLIMITED, self.quick, self.fly, self.acro, self.swim, self.can_fly)

    def describe(self) -> str:
        extras = [f"+{n} {what}" for n, what in ((self.quick, "on open ground (quickness)"),
                                                  (self.fly, "in the air (flying)"),
                                                  (self.acro, "for rough ground (acrobatics)"),
                                                  (self.swim, "for water (swimming)")) if n]
        return f"{self.base} space{'s' if self.base != 1 else ''}" + (f" {', '.join(extras)}" if extras else "")


@dataclass(frozen=True)
class Field:
    """Who stands where, as the mover sees it."""

    board: Board
    enemies: frozenset[Space]  # spaces it may not enter
    watched: frozenset[Space]  # spaces next to an enemy still standing: entering one ends the move
    taken: frozenset[Space]  # spaces with anyone in them: never the end of a move

    def blocks(self, space: Space) -> bool:
        return self.board.solid(space) or space in self.enemies


@dataclass(frozen=True)
class Route:
    spaces: tuple[Space, ...]  # start first; OUTSIDE last when it leaves the map
    cost: int
    air: tuple[bool, ...] = ()  # per step: taken through the air

    @property
    def length(self) -> int:
        return len(self.spaces) - 1


Purses = tuple[int, int, int, int, int]


def ground(terrain: str) -> str:
    """Which purse may pay a ground step onto this terrain, besides the allowance."""
    if terrain == ROUGH:
        return "acro"
    if terrain == WATER:
        return "swim"
    return "quick" if terrain in (OPEN, EXIT, TIGHT) else ""


def pay(purses: Purses, cost: int, purse: int) -> Purses | None:
    """Pay `cost` from purse number `purse` first, the rest from the allowance (purse 0)."""
    left = list(purses)
    own = min(cost, left[purse]) if purse else 0
    left[purse] -= own
    left[0] -= cost - own
    return tuple(left) if left[0] >= 0 else None  # type: ignore[return-value]


PURSE = {"quick": 1, "fly": 2, "acro": 3, "swim": 4, "": 0}


def step_options(field_: Field, allowance: Allowance, here: Space, there: Space,
                 purses: Purses) -> list[tuple[int, Purses, bool]]:
    """The ways to take one step: (cost, purses left, through the air)."""
    board = field_.board
    if there == OUTSIDE:
        terrain = OPEN
    else:
        if field_.blocks(there) or (board.beside(here, there)
                                    and all(field_.blocks(s) for s in board.beside(here, there))):
            return []
        terrain = board.terrain(there)
    options = []
    cost = 2 if terrain in (ROUGH, WATER) else 1
    left = pay(purses, cost, PURSE[ground(terrain)])
    if left is not None:
        options.append((cost, left, False))
    if allowance.can_fly and terrain != TIGHT:
        left = pay(purses, 1, PURSE["fly"])
        if left is not None:
            options.append((1, left, True))
    return options


def dominated(purses: Purses, kept: list[Purses]) -> bool:
    """Another way here left at least as much in every purse."""
    return any(all(o >= p for o, p in zip(other, purses, strict=True)) for other in kept)


@dataclass(order=True)
class _Node:
    cost: int
    steps: int
    length: float  # ties go to the straighter path (diagonal steps are longer)
    order: int
    space: Space = field(compare=False)
    purses: Purses = field(compare=False)
    parent: _Node | None = field(compare=False, default=None)
    air: bool = field(compare=False, default=False)


def routes(field_: Field, start: Space, allowance: Allowance, leave: bool = False) -> dict[Space, Route]:
    """The cheapest legal route to every space the mover may end its move on (S2).

    With `leave`, OUTSIDE is reached by one more step (cost 1, open ground) from any
    edge space the move may pass through (or start on)."""
    board = field_.board
    counter = 0
    heap = [_Node(0, 0, 0.0, 0, start, allowance.purses())]
    kept: dict[Space, list[Purses]] = {}
    best: dict[Space, Route] = {}
    while heap:
        node = heapq.heappop(heap)
        if dominated(node.purses, kept.setdefault(node.space, [])):
            continue
        kept[node.space].append(node.purses)
        if node.space not in best and node.space != start and node.space not in field_.taken:
            best[node.space] = _route(node)
        if node.space == OUTSIDE:
            continue
        if node.space != start and node.space in field_.watched:
            continue  # S2: entering a space next to an enemy ends the move
        nexts = list(board.neighbours(node.space))
        if leave and board.on_edge(node.space):
            nexts.append(OUTSIDE)
        for there in nexts:
            for cost, purses, air in step_options(field_, allowance, node.space, there, node.purses):
                counter += 1
                stride = DIAGONAL if board.beside(node.space, there) else 1.0
                heapq.heappush(heap, _Node(node.cost + cost, node.steps + 1, node.length + stride, counter, there,
                                           purses, node, air))
    return best


def _route(node: _Node) -> Route:
    spaces: list[Space] = []
    air: list[bool] = []
    cost = node.cost
    probe: _Node | None = node
    while probe is not None:
        spaces.append(probe.space)
        if probe.parent is not None:
            air.append(probe.air)
        probe = probe.parent
    return Route(tuple(reversed(spaces)), cost, tuple(reversed(air)))


def step_cost(board: Board, space: Space, air: bool) -> int:
    if air or space == OUTSIDE:
        return 1
    return 2 if board.terrain(space) in (ROUGH, WATER) else 1
