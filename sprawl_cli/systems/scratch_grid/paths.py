"""The path finder behind `move`, `escape` and `map --reach` (S2).

A move is paid from five purses: the allowance (4 spaces healthy, 2 injured)
pays for anything; quickness pays only open-ground steps, acrobatics only rough
ones, swimming only water ones, flying only steps through the air. A rough or
water step costs 2 on the ground and may be paid partly from its own purse and
partly from the allowance; a step through the air costs 1 over any ground but a
tight place.

What a way of moving leaves in the purses depends only on how many of its steps
enter open ground, tight places, rough ground and water (its counts), not on
their order, nor on which of its open steps are flown. So the search works on
counts: for each count vector it keeps the set of spaces first reached with
exactly those counts, as one integer with a bit per space, and takes a step from
all of them at once with a few shifts and masks. A space is dropped from a
vector's set when fewer counts of every kind already reached it: whatever that
way could still do, the other does at least as cheaply. What is left at each
space are its non-dominated ways of paying (its labels), and its cheapest route
is the cheapest of them. The work grows with the number of count vectors that
are some space's label, not with the map times the ways; `cost_of` decides in a
few operations whether the purses can pay for a vector and what it costs.

Legal steps: spaces with walls, obstacles or enemies are never entered, a
diagonal step squeezing between two blocking spaces is barred, a space with
anyone else in it is passed but never stopped on, and a space next to an enemy
still standing ends the move there.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from sprawl_cli.systems.scratch_grid.grid import ROUGH, SOLID, TIGHT, WATER, Board, Space

OUTSIDE: Space = (-1, -1)  # off the map's edge (S5: escaping)
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


@dataclass(frozen=True)
class Route:
    spaces: tuple[Space, ...]  # start first; OUTSIDE last when it leaves the map
    cost: int
    air: tuple[bool, ...] = ()  # per step: taken through the air

    @property
    def length(self) -> int:
        return len(self.spaces) - 1


@dataclass(frozen=True)
class Payment:
    """The cheapest way to pay for a route's steps: its cost and how many of each kind are flown."""

    cost: int
    flown_open: int
    flown_rough: int
    flown_water: int


def _least(f: Callable[[int], int], low: int, high: int, *turns: int) -> tuple[int, int]:
    """(value, x) of the least f(x) for x in low..high, f convex with its bends at `turns`."""
    return min((f(x), x) for x in {low, high, *(min(high, max(low, t)) for t in turns)})


def payment(a: Allowance, open_: int, tight: int, rough: int, water: int) -> Payment | None:
    """The cheapest way to pay for steps onto `open_` open spaces, `tight` tight places, `rough` rough
    spaces and `water` water spaces in one move (S2), or None when the purses cannot pay for them.

    Flying one of the rough or water steps costs 1 instead of 2, so the cheapest payment flies as many
    of them as the purses allow; for each such number, the best split between rough and water and the
    best number of open steps to fly are the least of a convex sum, found at one of its bends."""
    if not a.can_fly:
        need = max(0, open_ + tight - a.quick) + max(0, 2 * rough - a.acro) + max(0, 2 * water - a.swim)
        return Payment(open_ + tight + 2 * (rough + water), 0, 0, 0) if need <= a.base else None
    for flown in range(rough + water, -1, -1):
        walked = rough + water - flown

        def wet(on_rough: int) -> int:  # walked steps on rough ground; the rest are in water
            return max(0, 2 * on_rough - a.acro) + max(0, 2 * (walked - on_rough) - a.swim)

        def dry(in_air: int) -> int:  # open steps flown
            return max(0, open_ + tight - in_air - a.quick) + max(0, in_air + flown - a.fly)

        need_wet, on_rough = _least(wet, max(0, walked - water), min(rough, walked), a.acro // 2,
                                    (a.acro + 1) // 2, walked - a.swim // 2, walked - (a.swim + 1) // 2)
        need_dry, in_air = _least(dry, 0, open_, open_ + tight - a.quick, a.fly - flown)
        if need_wet + need_dry <= a.base:
            return Payment(open_ + tight + 2 * walked + flown, in_air, rough - on_rough, water - (walked - on_rough))
    return None


def cost_of(a: Allowance, open_: int, tight: int, rough: int, water: int) -> int | None:
    """What `payment` costs, in a few operations (the search asks it for every vector of counts it
    meets): the cost of the cheapest way to pay for the steps, or None when the purses cannot.

    A mover that cannot fly walks: each extra pays steps of its own kind, the allowance the rest. A
    flyer flies every rough or water step it can, since a flown step costs 1 and a walked one 2, and
    walking a step through the allowance takes as much of it as flying that step. So it walks only
    what acrobatics and swimming pay for whole. Quickness pays open ground and tight places, flying
    pays open ground and flown steps, so after the ground is paid for, quickness and flying have
    `air` left for flown steps (negative when the allowance already helps with the ground)."""
    if not a.can_fly:
        need = max(0, open_ + tight - a.quick) + max(0, 2 * rough - a.acro) + max(0, 2 * water - a.swim)
        return open_ + tight + 2 * (rough + water) if need <= a.base else None
    if tight - a.quick > a.base:
        return None
    air = min(a.fly, a.quick + a.fly - tight - open_)
    walked = max(0, rough + water - air - a.base)
    if walked > min(rough, a.acro // 2) + min(water, a.swim // 2):
        return None
    return open_ + tight + rough + water + walked


# A vector of step counts packed in one int, 12 bits a kind: open ground (exits, the step off the map,
# and a tight place for a mover that cannot fly), tight places, rough ground, water. A route never
# enters a space twice (a way that does is beaten by the same way without the loop), so no count
# passes the number of spaces, which is below 2**12.
_OPEN, _TIGHT, _ROUGH, _WATER = 1, 1 << 12, 1 << 24, 1 << 36
_UNITS = (_OPEN, _TIGHT, _ROUGH, _WATER)
_FIELD = 0xFFF


def _counts(vector: int) -> tuple[int, int, int, int]:
    """(open, tight, rough, water) steps of a vector."""
    return vector & _FIELD, (vector >> 12) & _FIELD, (vector >> 24) & _FIELD, vector >> 36


def _bits(numbers: Iterable[int]) -> int:
    found = 0
    for number in numbers:
        found |= 1 << number
    return found


def _numbers(bits: int) -> Iterator[int]:
    """The space numbers of a set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


class Search:
    """Every way a mover can move from `start`, as the spaces each vector of step counts reaches
    first, with no vector of fewer counts reaching them (S2)."""

    def __init__(self, field_: Field, start: Space, allowance: Allowance, leave: bool = False,
                 goal: Space | None = None) -> None:
        """With a `goal`, only spaces from which the goal may still be in reach are followed
        (`route(goal)` is the same)."""
        self.field = field_
        self.start = start
        self.allowance = allowance
        board = field_.board
        width = self._width = board.width
        size = self._outside = width * board.height
        self._first = first = start[1] * width + start[0]
        flat = "".join(board.rows)[::-1]  # bit n of a mask is space number n

        def where(symbols: str) -> int:
            return int("0" + flat.translate({ord(s): "1" if s in symbols else "0" for s in "#o.^~E="}), 2)

        flying = allowance.can_fly
        self._leave = leave
        self._edge = _edge(board) if leave else 0
        self._go = ~(_bits(s[1] * width + s[0] for s in field_.watched) & ~(1 << first) | 1 << size)
        self._moves = _moves(board, field_.enemies)
        kinds = [(_OPEN, where(".E" if flying else ".E=") | (1 << size if leave else 0)),
                 (_TIGHT, where("=") if flying else 0), (_ROUGH, where("^")), (_WATER, where("~"))]
        kinds = [(unit, mask) for unit, mask in kinds if mask]
        self._unit = {".": _OPEN, "E": _OPEN, "=": _TIGHT if flying else _OPEN, "^": _ROUGH, "~": _WATER}
        band = self._band(goal)
        shifts = _shifts(board, field_.enemies)
        go, edge = self._go, self._edge

        self._cost: dict[int, int | None] = {0: 0}
        self._sets: dict[int, int] = {0: 1 << first}  # vector -> the spaces it reaches first
        self._order: list[int] = []  # the vectors that reach any space, fewest steps first
        cost, sets, order = self._cost, self._sets, self._order
        closure: dict[int, int] = {}  # vector -> the spaces it or a vector of fewer counts reaches
        layer = [0]
        while layer:
            following = []
            for vector in layer:
                below = 0
                for unit in _UNITS:
                    if vector & (_FIELD * unit):
                        below |= closure.get(vector - unit, 0)
                reached = sets[vector] & ~below
                if band is not None:
                    reached &= band(vector)
                closure[vector] = reached | below
                if not reached:
                    del sets[vector]
                    continue
                sets[vector] = reached
                order.append(vector)
                out = reached & go
                if not out:
                    continue
                near = 0
                for shift, sources in shifts:
                    moving = out & sources
                    if moving:
                        near |= moving << shift if shift > 0 else moving >> -shift
                if out & edge:
                    near |= 1 << size
                for unit, mask in kinds:
                    into = near & mask
                    if not into:
                        continue
                    after = vector + unit
                    if after not in cost:
                        cost[after] = cost_of(allowance, *_counts(after))
                    if cost[after] is None:
                        continue
                    held = sets.get(after)
                    if held is None:
                        sets[after] = into
                        following.append(after)
                    else:
                        sets[after] = held | into
            layer = following

    def _band(self, goal: Space | None) -> Callable[[int], int] | None:
        """With a goal, per vector, the spaces from which the goal may still be reached: those no
        nearer than the purses left allow are dropped (for a flyer, counting steps; for a mover
        that cannot fly, the cost)."""
        if goal is None or goal == OUTSIDE:
            return None
        a = self.allowance
        total = a.base + a.quick + a.fly + a.acro + a.swim
        # Each step takes at least 1 from the allowance, quickness or flying, or 2 from acrobatics
        # or swimming; for a flyer, `far` counts steps.
        most = a.base + a.quick + a.fly + (a.acro + a.swim) // 2
        limit = min(total, most) if a.can_fly else total
        far = _cost_to(self.field, goal, a.can_fly, limit)
        within = [0] * (limit + 1)
        for number, away in enumerate(far):
            if 0 <= away <= limit:
                within[away] |= 1 << number
        for away in range(1, limit + 1):
            within[away] |= within[away - 1]

        def band(vector: int) -> int:
            open_, tight, rough, water = _counts(vector)
            left = most - (open_ + tight + rough + water) if a.can_fly else total - (open_ + tight + 2 * (rough + water))
            return within[min(left, limit)] if left >= 0 else 0

        return band

    def kept(self) -> int:
        """How many labels the search kept (a space and a vector of counts that reaches it with no
        vector of fewer counts reaching it), for bench/paths.py."""
        return sum(self._sets[vector].bit_count() for vector in self._order)

    def _at(self, number: int) -> Space:
        return OUTSIDE if number == self._outside else (number % self._width, number // self._width)

    def _rank(self, vector: int) -> tuple[int, int, int]:
        """Cheapest first, then fewest steps, then a fixed order (for a tie)."""
        cost = self._cost[vector]
        assert cost is not None
        return cost, sum(_counts(vector)), vector

    def _ends(self) -> int:
        """The spaces a move may end on: not the start, nobody there."""
        width = self._width
        every = (1 << (self._outside + 1)) - 1
        return every & ~(1 << self._first) & ~_bits(s[1] * width + s[0] for s in self.field.taken if s != OUTSIDE)

    def costs(self) -> dict[Space, int]:
        """The cost of the cheapest route to every space the mover may end its move on."""
        found = {}
        left = self._ends()
        for vector in sorted(self._order, key=self._rank):
            new = self._sets[vector] & left
            if new:
                left &= ~new
                cost = self._cost[vector]
                assert cost is not None
                for number in _numbers(new):
                    found[self._at(number)] = cost
        return found

    def route(self, space: Space) -> Route | None:
        """The cheapest route to `space`, or None when the move cannot end there: of the cheapest
        vectors of counts that reach it, the one with fewest steps, and the straightest way
        (fewest diagonal steps) with exactly those counts."""
        number = self._outside if space == OUTSIDE else space[1] * self._width + space[0]
        if space != OUTSIDE and not self.field.board.on_map(space):
            return None
        if number == self._first or space in self.field.taken:
            return None
        held = [vector for vector in self._order if self._sets[vector] >> number & 1]
        if not held:
            return None
        vector = min(held, key=self._rank)
        spaces = tuple(self._at(n) for n in self._trace(number, vector))
        paid = payment(self.allowance, *_counts(vector))
        assert paid is not None and paid.cost == self._cost[vector]
        return Route(spaces, paid.cost, self._flown(spaces[1:], paid))

    def _before(self, number: int, vector: int) -> list[tuple[int, int, int]]:
        """The steps that end on space `number` with counts `vector`: (diagonal, from, its counts)."""
        outside = number == self._outside
        earlier = vector - (_OPEN if outside else self._unit[self.field.board.rows[number // self._width][number % self._width]])
        held = self._sets.get(earlier, 0) & self._go
        if outside:
            return [(0, there, earlier) for there in _numbers(held & self._edge)]
        return [(int(diagonal), there, earlier) for there, diagonal in self._moves[number] if held >> there & 1]

    def _trace(self, last: int, vector: int) -> list[int]:
        """Space numbers from the start to `last` of the way with counts `vector` that takes fewest
        diagonal steps (the straightest), the lower space number first on a tie."""
        steps: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        layers = [[(last, vector)]]
        while layers[-1][0][1]:
            earlier: dict[tuple[int, int], None] = {}
            for state in layers[-1]:
                steps[state] = self._before(*state)
                earlier.update(((there, counts), None) for _diagonal, there, counts in steps[state])
            layers.append(list(earlier))
        fewest = {(self._first, 0): 0}
        for states in reversed(layers[:-1]):
            for state in states:
                fewest[state] = min(fewest[(there, counts)] + diagonal for diagonal, there, counts in steps[state])
        numbers = [last]
        state = (last, vector)
        while state[1]:
            _total, there, counts = min((fewest[(there, counts)] + diagonal, there, counts)
                                        for diagonal, there, counts in steps[state])
            numbers.append(there)
            state = (there, counts)
        return numbers[::-1]

    def _flown(self, spaces: tuple[Space, ...], paid: Payment) -> tuple[bool, ...]:
        """Which steps to fly: the first ones of each kind, as many as the payment flies."""
        left = {"open": paid.flown_open, ROUGH: paid.flown_rough, WATER: paid.flown_water, TIGHT: 0}
        air = []
        for s in spaces:
            terrain = "open" if s == OUTSIDE else self.field.board.terrain(s)
            key = terrain if terrain in left else "open"
            air.append(left[key] > 0)
            left[key] -= 1 if left[key] > 0 else 0
        return tuple(air)


class _Moves:
    """Per space number (column + row x width), the legal steps out of it: (space number, diagonal),
    worked out the first time they are asked for. Walls, obstacles and the enemies' spaces are
    never entered, and a diagonal step squeezing between two of them is barred. A step is legal
    both ways, so the same table serves a search back from a goal."""

    def __init__(self, board: Board, enemies: frozenset[Space]) -> None:
        self.board = board
        self.width = board.width
        self.blocked = [terrain in SOLID for row in board.rows for terrain in row]
        for column, row in enemies:
            self.blocked[row * self.width + column] = True
        self.table: list[tuple[tuple[int, bool], ...] | None] = [None] * len(self.blocked)

    def __getitem__(self, number: int) -> tuple[tuple[int, bool], ...]:
        found = self.table[number]
        if found is None:
            board, width, blocked = self.board, self.width, self.blocked
            column, row = number % width, number // width
            out = []
            for dc, dr in board.steps((column, row)):
                c, r = column + dc, row + dr
                if not (0 <= c < width and 0 <= r < board.height) or blocked[r * width + c]:
                    continue
                diagonal = board.grid == "square" and dc != 0 and dr != 0
                if diagonal and blocked[row * width + c] and blocked[r * width + column]:
                    continue
                out.append((r * width + c, diagonal))
            found = self.table[number] = tuple(out)
        return found


@functools.lru_cache(maxsize=8)
def _moves(board: Board, enemies: frozenset[Space]) -> _Moves:
    return _Moves(board, enemies)


@functools.lru_cache(maxsize=8)
def _shifts(board: Board, enemies: frozenset[Space]) -> tuple[tuple[int, int], ...]:
    """Per direction of a step: (how far it moves a space number, the set of spaces it may be taken
    from), so that one shift and one mask take that step from every space of a set at once."""
    moves = _moves(board, enemies)
    size = board.width * board.height
    marks: dict[int, bytearray] = {}
    for number in range(size):
        for there, _diagonal in moves[number]:
            mark = marks.get(there - number)
            if mark is None:
                mark = marks[there - number] = bytearray(b"0" * size)
            mark[size - 1 - number] = 0x31
    return tuple((shift, int(mark.decode(), 2)) for shift, mark in sorted(marks.items()))


@functools.lru_cache(maxsize=8)
def _edge(board: Board) -> int:
    """The set of spaces from which one step leaves the map."""
    width = board.width
    return _bits(row * width + column for column, row in board.spaces() if board.on_edge((column, row)))


def _dear(board: Board, can_fly: bool) -> list[bool]:
    """Per space number: entering it costs 2 (rough ground or water, for a mover that cannot fly)."""
    return [not can_fly and terrain in (ROUGH, WATER) for row in board.rows for terrain in row] + [False]


def _cost_to(field_: Field, goal: Space, can_fly: bool, limit: int) -> list[int]:
    """Per space number, the least any way from it to `goal` could cost, up to `limit` (-1: no way
    or dearer), the purses and the spaces next to enemies set aside: a step costs at least 1, and 2
    onto rough ground or water for a mover that cannot fly."""
    board = field_.board
    moves, dear = _moves(board, field_.enemies), _dear(board, can_fly)
    far = [-1] * (board.width * board.height + 1)
    first = goal[1] * board.width + goal[0]
    far[first] = 0
    buckets: list[list[int]] = [[first]]
    for away, bucket in enumerate(buckets):
        if away > limit:
            break
        for here in bucket:
            if far[here] != away:
                continue
            enter = away + (2 if dear[here] else 1)
            for there, _diagonal in moves[here]:
                if 0 <= far[there] <= enter:
                    continue
                far[there] = enter
                while len(buckets) <= enter:
                    buckets.append([])
                buckets[enter].append(there)
    return far


def routes(field_: Field, start: Space, allowance: Allowance, leave: bool = False) -> dict[Space, Route]:
    """The cheapest legal route to every space the mover may end its move on (S2).

    With `leave`, OUTSIDE is reached by one more step (cost 1, open ground) from any
    edge space the move may pass through (or start on)."""
    search = Search(field_, start, allowance, leave)
    found = {}
    for space in search.costs():
        route = search.route(space)
        assert route is not None
        found[space] = route
    return found


def cheapest(field_: Field, start: Space, can_fly: bool, leave: bool = False,
             goal: Space | None = None) -> dict[Space, Route]:
    """The cheapest legal route to every space, however far (the purses set aside): a step costs 1,
    or 2 onto rough ground or water unless the mover can fly over it. For saying why a move is
    refused. With a `goal`, the search stops there and only its route is given."""
    board = field_.board
    width = board.width
    outside = width * board.height
    moves, dear = _moves(board, field_.enemies), _dear(board, can_fly)
    stops = {s[1] * width + s[0] for s in field_.watched} | {outside}
    first = start[1] * width + start[0]
    last = -1 if goal is None else outside if goal == OUTSIDE else goal[1] * width + goal[0]
    heap: list[tuple[int, int, float, int, int]] = [(0, 0, 0.0, 0, first)]
    parent: dict[int, int] = {}
    done: dict[int, int] = {}
    best = {first: (0, 0, 0.0)}
    while heap:
        cost, steps, length, _order, here = heapq.heappop(heap)
        if here in done:
            continue
        done[here] = cost
        if here == last:
            break
        if here in stops and here != first:
            continue
        nexts = list(moves[here])
        if leave and board.on_edge((here % width, here // width)):
            nexts.append((outside, False))
        for there, diagonal in nexts:
            if there in done:
                continue
            key = (cost + (2 if dear[there] else 1), steps + 1, length + (DIAGONAL if diagonal else 1.0))
            if key < best.get(there, (1 << 30, 0, 0.0)):
                best[there] = key
                parent[there] = here
                heapq.heappush(heap, (*key, len(best), there))
    found = {}
    taken = {s[1] * width + s[0] for s in field_.taken if s != OUTSIDE}
    for number, cost in done.items():
        if number == first or number in taken or (goal is not None and number != last):
            continue
        path = [number]
        while path[-1] != first:
            path.append(parent[path[-1]])
        spaces = tuple(OUTSIDE if n == outside else (n % width, n // width) for n in reversed(path))
        found[spaces[-1]] = Route(spaces, cost, tuple(can_fly and s != OUTSIDE and board.terrain(s) in (ROUGH, WATER)
                                                      for s in spaces[1:]))
    return found


def step_cost(board: Board, space: Space, air: bool) -> int:
    if air or space == OUTSIDE:
        return 1
    return 2 if board.terrain(space) in (ROUGH, WATER) else 1
