"""The path finder behind `move`, `escape` and `map --reach` (S2).

A move is paid from five purses: the allowance (4 spaces healthy, 2 injured)
pays for anything; quickness pays only open-ground steps, acrobatics only rough
ones, swimming only water ones, flying only steps through the air. A rough or
water step costs 2 on the ground and may be paid partly from its own purse and
partly from the allowance; a step through the air costs 1 over any ground but a
tight place.

What a way of moving leaves in the purses depends only on how many of its steps
enter open ground, tight places, rough ground and water, and on which of them
are flown: the order of the steps does not matter, and neither does which of
its open steps are flown, only how many. So the search keeps, per space, the
step counts of the ways there (a label) and decides how to pay only when it
asks whether a count can be paid at all (`payment`). A label is dropped when
another way to the same space has no more steps of any kind: whatever the
dropped way could still do, the other can do at least as cheaply. The search
goes out one step at a time, so a later label can never beat an earlier one
and a space's labels only grow; each space ends with its non-dominated labels,
and its cheapest route is the cheapest of them.

Legal steps: spaces with walls, obstacles or enemies are never entered, a
diagonal step squeezing between two blocking spaces is barred, a space with
anyone else in it is passed but never stopped on, and a space next to an enemy
still standing ends the move there.
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sprawl_cli.systems.scratch_grid.grid import ROUGH, SOLID, TIGHT, WATER, Board, Space

OUTSIDE: Space = (-1, -1)  # off the map's edge (S5: escaping)
DIAGONAL = 2 ** 0.5

# A label packs its step counts in one int, 16 bits each: steps on dry ground (open ground, exits,
# tight places and the step off the map), those of them into tight places, rough ground, water.
# A tight place is dry ground that cannot be flown, so trading one for an open space never hurts:
# counting it in both of the first two fields lets the plain comparison below see that. A route never repeats a space, so no
# count reaches 2**15, so the top bit of each field stays free: one label has no count over
# another's exactly when subtracting it from the other (top bits set) clears none of them.
_DRY, _TIGHT, _ROUGH, _WATER = 1, 1 << 16, 1 << 32, 1 << 48
_FIELD = 0xFFFF
_GUARD = 0x8000_8000_8000_8000


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


def _step_count(label: int) -> int:
    return (label & _FIELD) + ((label >> 32) & _FIELD) + (label >> 48)


def _counts(label: int) -> tuple[int, int, int, int]:
    """(open, tight, rough, water) steps of a label."""
    tight = (label >> 16) & _FIELD
    return (label & _FIELD) - tight, tight, (label >> 32) & _FIELD, label >> 48


class Search:
    """Every way a mover can move from `start`, kept as non-dominated labels per space (S2)."""

    def __init__(self, field_: Field, start: Space, allowance: Allowance, leave: bool = False,
                 goal: Space | None = None) -> None:
        """With a `goal`, only ways that may still reach it are followed (`route(goal)` is the same)."""
        self.field = field_
        self.start = start
        self.allowance = allowance
        board = field_.board
        width, height = board.width, board.height
        self._width = width
        self._outside = width * height
        self._payments: dict[int, Payment | None] = {}
        kind = {ROUGH: _ROUGH, WATER: _WATER, TIGHT: _DRY + _TIGHT if allowance.can_fly else _DRY}
        self._kinds = [kind.get(terrain, _DRY) for row in board.rows for terrain in row]
        self._moves = _moves(board, field_.enemies)
        stops = [False] * (width * height + 1)
        for s in field_.watched:
            stops[s[1] * width + s[0]] = True
        stops[self._outside] = True
        first = start[1] * width + start[0]
        stops[first] = False  # S2: only entering a space next to an enemy ends the move

        # Labels, by number: the space, the step counts, the label it came from, its length.
        self._space = [first]
        self._label = [0]
        self._parent = [-1]
        self._length = [0.0]
        self.labels: list[dict[int, int]] = [{} for _ in range(width * height + 1)]  # per space: counts -> label
        self.labels[first][0] = 0
        steps: list[list[tuple[int, int, float]] | None] = [None] * (width * height)
        total = sum((allowance.base, allowance.quick, allowance.fly, allowance.acro, allowance.swim))
        if goal == OUTSIDE:
            goal = None
        bound = total
        # Each step takes at least 1 from the allowance, quickness or flying, or 2 from acrobatics
        # or swimming; for a flyer, `far` counts steps.
        most = allowance.base + allowance.quick + allowance.fly + (allowance.acro + allowance.swim) // 2
        far = [] if goal is None else _cost_to(field_, goal, allowance.can_fly,
                                               min(total, most) if allowance.can_fly else total)
        goal_number = -1 if goal is None else goal[1] * width + goal[0]
        if goal is not None and far[first] > 0:
            bound = min(bound, self._downhill(first, goal_number, far, stops))
        price: dict[int, int] = {}  # counts -> the cheapest payment's cost, -1 when none
        space_of, label_of, parent_of, length_of, labels = (self._space, self._label, self._parent,
                                                            self._length, self.labels)
        layer = [0]
        while layer:
            following: list[int] = []
            for number in layer:
                here = space_of[number]
                if stops[here]:
                    continue
                out = steps[here]
                if out is None:
                    out = steps[here] = self._ways_out(here, leave)
                counts, length = label_of[number], length_of[number]
                for there, more, stride in out:
                    label = counts + more
                    cost = price.get(label)
                    if cost is None:
                        paid = self._payments[label] = payment(allowance, *_counts(label))
                        cost = price[label] = -1 if paid is None else paid.cost
                    if cost < 0:
                        continue
                    kept = labels[there]
                    same = kept.get(label)
                    if same is not None:  # the same counts by another way in this layer: keep the straighter
                        if length + stride < length_of[same]:
                            parent_of[same], length_of[same] = number, length + stride
                        continue
                    if ((label - _DRY) in kept or (label - _ROUGH) in kept or (label - _WATER) in kept
                            or (label - more - more) in kept):
                        continue  # the usual case, cheaply: a way there with a step less
                    for other in kept:
                        if ((label | _GUARD) - other) & _GUARD == _GUARD:  # `other` covers `label`
                            break
                    else:
                        if goal is not None:
                            if far[there] < 0 or cost + far[there] > bound or (
                                    allowance.can_fly and _step_count(label) + far[there] > most):
                                continue  # no way on to the goal from here is cheaper than one found
                            if there == goal_number:
                                bound = min(bound, cost)
                        kept[label] = len(space_of)
                        following.append(len(space_of))
                        space_of.append(there)
                        label_of.append(label)
                        parent_of.append(number)
                        length_of.append(length + stride)
            layer = following

    def _downhill(self, here: int, goal: int, far: list[int], stops: list[bool]) -> int:
        """The cost of one way to the goal found by always stepping to where `far` says it is
        cheapest to go on from (a bound for the search), or a number past any allowance when that
        way is not a legal move or the purses cannot pay for it."""
        dear = (_ROUGH, _WATER) if not self.allowance.can_fly else ()
        counts = 0
        while here != goal:
            if stops[here] and counts:
                return 10 ** 9
            here, more = min((far[there] + (2 if more in dear else 1), there, more)
                             for there, more, _stride in self._ways_out(here, False) if far[there] >= 0)[1:]
            counts += more
        paid = payment(self.allowance, *_counts(counts))
        return 10 ** 9 if paid is None else paid.cost

    def _ways_out(self, here: int, leave: bool) -> list[tuple[int, int, float]]:
        """The legal steps from space number `here`: (space number, label increment, stride)."""
        kinds = self._kinds
        out = [(there, kinds[there], DIAGONAL if diagonal else 1.0) for there, diagonal in self._moves[here]]
        if leave and self.field.board.on_edge((here % self._width, here // self._width)):
            out.append((self._outside, _DRY, 1.0))
        return out

    def kept(self) -> int:
        """How many labels the search kept, over all spaces (for bench/paths.py)."""
        return len(self._space)

    def _at(self, number: int) -> Space:
        return OUTSIDE if number == self._outside else (number % self._width, number // self._width)

    def _best(self, number: int) -> tuple[int, int] | None:
        """(cost, label) of the cheapest route ending on space number `number`."""
        kept = self.labels[number]
        if not kept:
            return None
        cost, _steps, _length, label = min((self._cost(counts), _step_count(counts), self._length[label], label)
                                           for counts, label in kept.items())
        return cost, label

    def _cost(self, counts: int) -> int:
        paid = self._payments[counts]
        assert paid is not None
        return paid.cost

    def _ends(self) -> Iterator[int]:
        """Space numbers a move may end on: reached, not the start, nobody there."""
        taken = {s[1] * self._width + s[0] for s in self.field.taken if s != OUTSIDE}
        first = self._space[0]
        for number, kept in enumerate(self.labels):
            if kept and number != first and number not in taken:
                yield number

    def costs(self) -> dict[Space, int]:
        """The cost of the cheapest route to every space the mover may end its move on."""
        found = {}
        for number in self._ends():
            best = self._best(number)
            assert best is not None
            found[self._at(number)] = best[0]
        return found

    def route(self, space: Space) -> Route | None:
        """The cheapest route to `space`, or None when the move cannot end there."""
        number = self._outside if space == OUTSIDE else space[1] * self._width + space[0]
        if space != OUTSIDE and not self.field.board.on_map(space):
            return None
        if number == self._space[0] or space in self.field.taken:
            return None
        best = self._best(number)
        if best is None:
            return None
        cost, label = best
        numbers = []
        probe = label
        while probe >= 0:
            numbers.append(self._space[probe])
            probe = self._parent[probe]
        spaces = tuple(self._at(n) for n in reversed(numbers))
        paid = self._payments[self._label[label]]
        assert paid is not None
        return Route(spaces, cost, self._flown(spaces[1:], paid))

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
