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
few operations whether the purses can pay for a vector and what it costs. A
flyer's tight places stop being counted once they can no longer refuse the move
(`_Keys`): ways that differ only in them are then one vector.

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

from sprawl_cli.systems.scratch_grid.grid import (
    EXIT,
    HEX_STEPS_SHIFTED,
    HEX_STEPS_UNSHIFTED,
    OPEN,
    ROUGH,
    SOLID,
    SQUARE_STEPS,
    TERRAIN,
    TIGHT,
    WATER,
    Board,
    Space,
)

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
    cost: int = 0  # what the search paid; a route made up for a forced move has none (its steps are priced one by one)
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


def payment(a: Allowance, open_: int, tight: int, rough: int, water: int) -> Payment | None:
    """The cheapest way to pay for steps onto `open_` open spaces, `tight` tight places, `rough` rough
    spaces and `water` water spaces in one move (S2), or None when the purses cannot pay for them.

    Flying one of the rough or water steps costs 1 instead of 2, so the cheapest payment flies as many
    of them as the purses allow; for each such number, every split of the walked ones between rough
    ground and water and every number of open steps to fly is tried, and of equally good ones the
    fewest rough steps walked and the fewest open steps flown are taken. (The search prices its ways
    with `_Keys.pricer`, in a few operations; this is for the one route a move takes.)"""
    if not a.can_fly:
        need = max(0, open_ + tight - a.quick) + max(0, 2 * rough - a.acro) + max(0, 2 * water - a.swim)
        return Payment(open_ + tight + 2 * (rough + water), 0, 0, 0) if need <= a.base else None
    for flown in range(rough + water, -1, -1):
        walked = rough + water - flown

        def wet(on_rough: int) -> int:  # walked steps on rough ground; the rest are in water
            return max(0, 2 * on_rough - a.acro) + max(0, 2 * (walked - on_rough) - a.swim)

        def dry(in_air: int) -> int:  # open steps flown
            return max(0, open_ + tight - in_air - a.quick) + max(0, in_air + flown - a.fly)

        need_wet, on_rough = min((wet(x), x) for x in range(max(0, walked - water), min(rough, walked) + 1))
        need_dry, in_air = min((dry(x), x) for x in range(open_ + 1))
        if need_wet + need_dry <= a.base:
            return Payment(open_ + tight + 2 * walked + flown, in_air, rough - on_rough, water - (walked - on_rough))
    return None


def cost_of(a: Allowance, open_: int, tight: int, rough: int, water: int) -> int | None:
    """What `payment` costs, in a few operations: the cost of the cheapest way to pay for steps onto
    `open_` open spaces, `tight` tight places, `rough` rough and `water` water spaces, or None when
    the purses cannot pay for them (`_Keys` says how)."""
    keys = _Keys(a)
    key = keys.start
    for kind, count in ((_OPEN, open_), (_TIGHT, tight), (_ROUGH, rough), (_WATER, water)):
        for _ in range(count):
            key = keys.step(key, kind)
    cost = keys.pricer()(key)
    return None if cost < 0 else cost


_OPEN, _TIGHT, _ROUGH, _WATER = range(4)  # the kinds of ground a step enters, as a search counts them
_KINDS = {TIGHT: _TIGHT, ROUGH: _ROUGH, WATER: _WATER}  # any other ground a step enters is open
_FIELD = 0xFFF  # a key's fields are 12 bits: no count passes the number of spaces, below 2**12
_MAX = _FIELD - 1  # a half is capped here: a key's missing half plus one still fits its field


class _Keys:
    """What the search keeps of a way of moving (its key, one int): just what decides what the purses
    can still pay for and at what cost, so that a way whose key is no larger in every field is at
    least as good in every continuation (S2).

    A mover that cannot fly walks: each extra pays steps of its own kind, the allowance the rest, so
    the key is the count of open (and tight: open ground to a walker), rough and water steps.

    A flyer flies every rough or water step it can, since a flown step costs 1 and a walked one 2,
    and walking a step through the allowance takes as much of it as flying that step; so it walks
    only what acrobatics and swimming pay for whole: up to half of each, and no more rough (or
    water) steps than it took. Quickness pays open ground and tight places, flying pays open ground
    and flown steps; so once the ground is paid for, quickness and flying have `air` left for flown
    steps. The key holds what a flyer's future depends on: its tight places, its steps on dry ground
    (open and tight), its rough and water steps together, and what is still missing of the two
    halves (how many more rough, and water, steps acrobatics and swimming could pay whole). Two ways
    that split rough ground and water differently past both halves are one key. What it must walk
    grows with its rough and water steps and with all its steps, and what it may walk with the
    halves it has, so one way is no worse than another (in every continuation, both in what it can
    pay for and in what it costs) when it has no more tight places, steps, and rough and water
    steps, and no more of each of the last two plus the rough half missing, the water half missing
    and both. So from a key these keys are as good or better (and every one that is, by a chain of
    them): one tight place fewer (one open step more), one dry step fewer, one fewer of a half
    missing, one rough (or water) step fewer with one more of its half missing (as before that
    step), and an open step in place of a rough or water one.

    A flyer's tight places only ever refuse a move: they must not outnumber what quickness and the
    allowance pay (tight places cannot be flown). Every step on dry ground is paid by quickness,
    flying or the allowance, so a way the purses can pay for ends with no more dry steps than
    quickness, flying and the allowance pay, less what it walks past the halves it took (which only
    grows along a way). Once a way's tight places plus the dry steps it may still take are no more
    than quickness and the allowance, no continuation the purses can otherwise pay for has too many
    tight places, whatever it steps on: that is when its steps on open ground (dry less tight) plus
    what it walks past the halves reach its flying. From then on its key counts no tight places (the
    field is 0): ways that differ only in tight places they can no longer be refused for are one
    key, and every comparison above still holds (a key whose tight places no longer count is as good
    as one that has none)."""

    def __init__(self, a: Allowance) -> None:
        self.allowance = a
        self.flying = a.can_fly
        self.half_rough, self.half_water = min(a.acro // 2, _MAX), min(a.swim // 2, _MAX)
        if self.flying:  # fields: tight, dry ground, rough and water, missing rough, missing water
            self.start = self.half_rough << 36 | self.half_water << 48
            tight, dry, wet, rough, water = 1, 1 << 12, 1 << 24, 1 << 36, 1 << 48
            better: tuple[int, ...] = (tight, dry, rough, water, wet - rough, wet - water, wet - dry)
        else:  # fields: open, rough, water
            self.start = 0
            better = (1, 1 << 12, 1 << 24)
        # what to take from a key for one that is as good or better (when the field it takes from is 0,
        # the key it gives has a field at _FIELD, which no key reaches: no search holds it)
        self.lower = better
        # a flyer's tight field, and what its open steps plus its walking past the halves must reach
        # for its tight places to stop counting (see above: `loose`)
        self.tight = _FIELD if self.flying else 0
        self.free_at = a.fly + self.half_rough + self.half_water
        # per kind of ground, in the order _OPEN... _WATER: (what a step onto it adds to a key, and the
        # unit of the field it takes one from while that field is above 0, or 0)
        if self.flying:
            self.by_kind = ((1 << 12, 0), (1 + (1 << 12), 0), (1 << 24, 1 << 36), (1 << 24, 1 << 48))
        else:
            self.by_kind = ((1, 0), (1, 0), (1 << 12, 0), (1 << 24, 0))

    def loose(self, key: int) -> bool:
        """A flyer's key whose tight places can no longer refuse any continuation (see above)."""
        return self.past(key) >= 0

    def beside(self, key: int) -> tuple[int, ...]:
        """The keys as good as a flyer's `key` or better that the comparisons in `lower` miss where
        tight places stop counting: its tight places may stop counting one fewer (a key that counts
        none); a key whose tight places no longer count, past it by m, stands for counts with up to
        m tight places, and one dry, rough-half or water-half step fewer of the one with m is a key
        that still counts its m."""
        past = self.past(key)
        if key & _FIELD:
            return (key ^ (key & _FIELD),) if past == -1 else ()
        if past <= 0:
            return ()
        return (key - (1 << 12) + past, key - (1 << 36) + past, key - (1 << 48) + past)

    def past(self, key: int) -> int:
        """How far a flyer's key is past the point where its tight places stop counting: its open
        steps (dry less tight) and its rough and water steps past the halves it took, less its flying."""
        return (((key >> 12) & _FIELD) - (key & _FIELD) + ((key >> 24) & _FIELD) + ((key >> 36) & _FIELD)
                + (key >> 48)) - self.free_at

    def step(self, key: int, kind: int) -> int:
        add, unit = self.by_kind[kind]
        key = key + add - unit if key & unit * _FIELD else key + add
        return key & ~_FIELD if key & self.tight and self.loose(key) else key

    def back(self, key: int, kind: int) -> list[int]:
        """The keys from which a step onto `kind` of ground gives `key` (some may be no key the
        search ever holds: it finds no space in them). A flyer's key whose tight places no longer
        count, `past` it by m, stands for its counts with up to m tight places; of those, a key the
        search holds comes from one that counted none of them, one (the step was into a tight place)
        or m (its tight places stopped counting at this step). Every candidate is stepped again and
        kept only if that gives `key`, so the extra ones of any other key simply drop out."""
        add, unit = self.by_kind[kind]
        before: tuple[int, ...] = (key - add, key - add + unit) if unit else (key - add,)
        if self.tight:
            past = self.past(key)
            before = tuple(k + t for k in before for t in {0, 1, past})
        return [k for k in before if k >= 0 and self.step(k, kind) == key]

    def steps(self, key: int) -> int:
        if self.flying:
            return ((key >> 12) & _FIELD) + ((key >> 24) & _FIELD)
        return (key & _FIELD) + ((key >> 12) & _FIELD) + (key >> 24)

    def pricer(self) -> Callable[[int], int]:
        """The cost of the cheapest way to pay for a key's steps, -1 when the purses cannot (a
        function of the key, closed over the purses, for the search's inner loop)."""
        base, quick, fly, acro, swim = (self.allowance.base, self.allowance.quick, self.allowance.fly,
                                        self.allowance.acro, self.allowance.swim)
        if not self.flying:
            def walk(key: int) -> int:
                open_, rough, water = key & _FIELD, (key >> 12) & _FIELD, key >> 24
                need = max(0, open_ - quick) + max(0, 2 * rough - acro) + max(0, 2 * water - swim)
                return open_ + 2 * (rough + water) if need <= base else -1
            return walk
        halves = self.half_rough + self.half_water

        tight_most, in_air, on_ground = quick + base, fly + base, quick + fly + base

        def fly_(key: int) -> int:
            if key & _FIELD > tight_most:
                return -1
            dry, wet = (key >> 12) & _FIELD, (key >> 24) & _FIELD
            # what it must walk: the rough and water steps past what flying and the allowance pay,
            # or past what all three pay once the dry ground has used up quickness (the halves it
            # took pay that whole, and they are never below 0)
            walked = max(wet - in_air, wet + dry - on_ground)
            return -1 if walked > halves - ((key >> 36) & _FIELD) - (key >> 48) else dry + wet + max(0, walked)
        return fly_


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
    """Every way a mover can move from `start`, as the set of spaces each key (`_Keys`) reaches with
    no key at most as large in every field reaching them (S2)."""

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

        def where(*symbols: str) -> int:
            return int("0" + flat.translate({ord(s): "1" if s in symbols else "0" for s in TERRAIN}), 2)

        self._edge = _edge(board) if leave else 0
        self._go = ~(_bits(s[1] * width + s[0] for s in field_.watched) & ~(1 << first) | 1 << size)
        self._moves = _moves(board, field_.enemies)
        self._keys = keys = _Keys(allowance)
        # per kind, in the order of `moves` (the step off the map is open ground; it is only ever
        # taken from the edge, and only when `leave`)
        masks = (where(OPEN, EXIT) | 1 << size, where(TIGHT), where(ROUGH), where(WATER))
        kinds = [(add, unit * _FIELD, unit, masks[kind])
                 for kind, (add, unit) in enumerate(keys.by_kind) if masks[kind]]
        self._cost: dict[int, int] = {}  # key -> its cheapest payment's cost
        band = self._band(goal)
        spread, go, edge, lower, price_of = self._moves.spread, self._go, self._edge, keys.lower, keys.pricer()

        self._sets: dict[int, int] = {keys.start: 1 << first}  # key -> the spaces it reaches (as above)
        self._order: list[int] = []  # the keys that reach any space, fewest steps first
        # the last trace's work, counted (the states it settled and reached), and the diagonal steps
        # of the way it found (set by the first route)
        self.traced: tuple[int, int, int]
        self._back = functools.cache(keys.back)  # for the trace, which asks the same again and again
        cost, sets, order = self._cost, self._sets, self._order
        closure: dict[int, int] = {}  # key -> the spaces it or a key no larger in any field reaches
        get = closure.get
        tight, loose, beside = keys.tight, keys.loose, keys.beside
        layer = [keys.start]
        while layer:
            # Ways of as many steps as each other: a key at most as large in every field is earlier.
            layer.sort()
            following = []
            for key in layer:
                reached = sets[key]
                if key not in cost:  # first reached in the last layer (or the start): can the purses pay for it?
                    price = price_of(key)
                    if price < 0:
                        del sets[key]
                        continue
                    cost[key] = price
                below = 0
                for unit in lower:
                    held = get(key - unit)
                    if held:
                        below |= held
                if tight:
                    for other in beside(key):
                        held = get(other)
                        if held:
                            below |= held
                if below:
                    reached ^= reached & below
                if band is not None:
                    reached &= band(key)
                closure[key] = reached | below
                if not reached:
                    del sets[key]
                    continue
                sets[key] = reached
                order.append(key)
                out = reached & go
                if not out:
                    continue
                near = spread(out)
                near ^= near & reached  # a step into a space its own way holds is no better than that way
                if out & edge:
                    near |= 1 << size
                for add, field, unit, mask in kinds:
                    into = near & mask
                    if into:
                        after = key + add - unit if key & field else key + add
                        if after & tight and loose(after):  # `keys.step`, inline
                            after ^= after & _FIELD
                        held = sets.get(after)
                        if held is None:
                            sets[after] = into
                            following.append(after)
                        else:
                            sets[after] = held | into
            layer = following

    def _band(self, goal: Space | None) -> Callable[[int], int] | None:
        """With a goal, per key, the spaces from which the goal may still be reached: those no
        nearer than the purses left allow are dropped (for a flyer, counting steps; for a mover
        that cannot fly, the cost). Only asked of a key the purses can pay for."""
        if goal is None or goal == OUTSIDE:
            return None
        a, keys, cost = self.allowance, self._keys, self._cost
        # a step takes at least 1 from the allowance, quickness or flying, or 2 from acrobatics or swimming
        if a.can_fly:
            limit = a.base + a.quick + a.fly + (a.acro + a.swim) // 2
        else:  # a walker's flying pays nothing; every step it can pay for costs what its purses give
            limit = a.base + a.quick + a.acro + a.swim
        within = [0] * (limit + 1)  # per distance, the spaces no farther from the goal
        for number, away in _cost_to(self.field, goal, a.can_fly, limit).items():
            within[away] |= 1 << number
        for away in range(1, limit + 1):
            within[away] |= within[away - 1]
        if a.can_fly:
            steps = keys.steps
            return lambda key: within[limit - steps(key)]
        return lambda key: within[limit - cost[key]]

    def kept(self) -> int:
        """How many labels the search kept (a space and a key that reaches it with no key at most as
        large in every field reaching it), for bench/paths.py."""
        return sum(self._sets[key].bit_count() for key in self._order)

    def _at(self, number: int) -> Space:
        return OUTSIDE if number == self._outside else (number % self._width, number // self._width)

    def _rank(self, key: int) -> tuple[int, int, int]:
        """Cheapest first, then fewest steps, then a fixed order (for a tie)."""
        return self._cost[key], self._keys.steps(key), key

    def _ends(self) -> int:
        """The spaces a move may end on: not the start, nobody there (and what no set holds)."""
        width = self._width
        return ~(1 << self._first) & ~_bits(s[1] * width + s[0] for s in self.field.taken if s != OUTSIDE)

    def costs(self) -> dict[Space, int]:
        """The cost of the cheapest route to every space the mover may end its move on."""
        by_cost: dict[int, int] = {}  # cost -> the spaces some key of that cost reaches
        for key, spaces in self._sets.items():
            cost = self._cost[key]
            by_cost[cost] = by_cost.get(cost, 0) | spaces
        found = {}
        left = self._ends()
        for cost in sorted(by_cost):
            new = by_cost[cost] & left
            if new:
                left ^= new
                for number in _numbers(new):
                    found[self._at(number)] = cost
        return found

    def route(self, space: Space) -> Route | None:
        """The cheapest route to `space`, or None when the move cannot end there: of the cheapest
        keys that reach it, the one with fewest steps, and the straightest way (fewest diagonal
        steps) with exactly that key."""
        number = self._outside if space == OUTSIDE else space[1] * self._width + space[0]
        if space != OUTSIDE and not self.field.board.on_map(space):
            return None
        if number == self._first or space in self.field.taken:
            return None
        held = [key for key in self._order if self._sets[key] >> number & 1]
        if not held:
            return None
        key = min(held, key=self._rank)
        numbers = self._trace(number, key)
        kinds = [self._kind(n) for n in numbers[1:]]
        found = self._keys.start
        for kind in kinds:
            found = self._keys.step(found, kind)
        assert found == key  # the way traced back has the key it was traced for
        paid = payment(self.allowance, *(kinds.count(kind) for kind in (_OPEN, _TIGHT, _ROUGH, _WATER)))
        assert paid is not None
        assert paid.cost == self._cost[key]
        spaces = tuple(self._at(n) for n in numbers)
        return Route(spaces, paid.cost, self._flown(spaces[1:], paid))

    def _kind(self, number: int) -> int:
        if number == self._outside:
            return _OPEN
        return _KINDS.get(self.field.board.rows[number // self._width][number % self._width], _OPEN)

    def _before(self, number: int, key: int) -> list[tuple[bool, int, int]]:
        """The steps that end on space `number` with `key`: (diagonal, from, its key)."""
        held = [(self._sets.get(earlier, 0) & self._go, earlier) for earlier in self._back(key, self._kind(number))]
        if number == self._outside:
            return [(False, there, earlier) for spaces, earlier in held for there in _numbers(spaces & self._edge)]
        return [(diagonal, there, earlier) for spaces, earlier in held
                for there, diagonal in self._moves[number] if spaces >> there & 1]

    def _trace(self, last: int, key: int) -> list[int]:
        """Space numbers from the start to `last` of a way with `key` that takes fewest diagonal steps
        (the straightest). It is searched back from the end, best first: a way of k steps from the
        start to a space takes at least as many diagonal steps as the columns plus rows between them
        exceed k. On a tie, the way found nearer the start, then the lower space numbers."""
        first, steps, width = self._first, self._keys.steps, self._width
        column, row = self.start
        square = self.field.board.grid == "square"
        before = self._before

        # (on hexes no step is diagonal; the first entry, which may be the end off the map, is alone in
        # the heap whatever its bound)
        def least(number: int, k: int) -> int:
            return square * max(0, abs(number % width - column) + abs(number // width - row) - k)

        # A state (a space and a key) is one int: the key above the space number's 12 bits. The start
        # is the only state with the start's key (no step leads back to it), so it ends the search.
        origin = self._keys.start << 12 | first
        heap = [(least(last, steps(key)), steps(key), last, key, 0)]
        spent: dict[int, int] = {}  # state -> the fewest diagonal steps found from it to `last`
        toward: dict[int, int] = {}  # state -> the next state on the way to `last`
        done = set()
        while heap:
            _bound, k, number, here, diagonals = heapq.heappop(heap)
            state = here << 12 | number
            if state in done:
                continue
            done.add(state)
            if state == origin:
                break
            k -= 1
            for diagonal, there, earlier in before(number, here):
                total, prior = diagonals + diagonal, earlier << 12 | there
                if prior not in done and (prior not in spent or total < spent[prior]):
                    spent[prior], toward[prior] = total, state
                    heapq.heappush(heap, (total + least(there, k), k, there, earlier, total))
        self.traced = len(done), len(spent), diagonals
        numbers, state, end = [first], origin, key << 12 | last
        while state != end:
            state = toward[state]
            numbers.append(state & _FIELD)
        return numbers

    def _flown(self, spaces: tuple[Space, ...], paid: Payment) -> tuple[bool, ...]:
        """Which steps to fly: the first ones of each kind, as many as the payment flies."""
        left = [paid.flown_open, 0, paid.flown_rough, paid.flown_water]  # per kind: steps still to fly
        air = []
        for s in spaces:
            kind = _OPEN if s == OUTSIDE else _KINDS.get(self.field.board.terrain(s), _OPEN)
            air.append(left[kind] > 0)
            left[kind] -= 1
        return tuple(air)


def _moved(spaces: int, by: int) -> int:
    """A set of spaces moved `by` space numbers (a step's shift; down when negative)."""
    return spaces << max(by, 0) >> max(-by, 0)


@dataclass(frozen=True)
class _Direction:
    """One way of stepping, (columns, rows) across: how far it moves a space number, the set of spaces
    it may be taken from (as an int, a bit per space number) and whether it is diagonal."""

    shift: int
    sources: int
    diagonal: bool


class _Moves:
    """The legal steps: per direction, the spaces it may be taken from, so that one shift and one mask
    take it from every space of a set at once, and per space number (column + row x width) the
    steps out of it, worked out from the same sets the first time they are asked for. Walls,
    obstacles and the enemies' spaces are never entered, and a diagonal step squeezing between two
    of them is barred. A step is legal both ways, so the same table serves a search back from a
    goal."""

    def __init__(self, board: Board, enemies: frozenset[Space]) -> None:
        self.board = board
        width, size = board.width, board.width * board.height
        every = (1 << size) - 1
        flat = "".join(board.rows)[::-1]  # bit n is space number n
        blocked = int("0" + flat.translate({ord(s): "1" if s in SOLID else "0" for s in set(flat)}), 2)
        for column, row in enemies:
            blocked |= 1 << (row * width + column)
        open_ = every & ~blocked
        rows = [((1 << width) - 1) << (row * width) for row in range(board.height)]
        odd = sum(rows[1::2])  # S1: the rows a hex grid shifts half a space right
        first = sum(1 << (row * width) for row in range(board.height))
        last = first << (width - 1)
        # Every step a hex grid has is one of the square grid's; which of them a hex space has
        # depends on its row (S1), so on hexes a direction is taken only from the rows that have it.
        self.directions: dict[tuple[int, int], _Direction] = {}
        self.squeezed_from = 0  # the spaces with a diagonal step onto a free space barred by squeezing (rare)
        for dc, dr in SQUARE_STEPS:
            shift = dr * width + dc
            sources = every & ~(first if dc < 0 else last if dc > 0 else 0)
            sources &= _moved(open_, -shift)  # the space stepped into is free
            if board.grid == "hex":
                if (dc, dr) not in HEX_STEPS_SHIFTED:
                    sources &= ~odd
                if (dc, dr) not in HEX_STEPS_UNSHIFTED:
                    sources &= odd
            diagonal = board.grid == "square" and dc != 0 and dr != 0
            if diagonal:
                barred = sources & _moved(blocked, -dc) & _moved(blocked, -dr * width)  # both spaces beside
                self.squeezed_from |= barred
                sources &= ~barred
            self.directions[dc, dr] = _Direction(shift, sources, diagonal)
        self._out = functools.cache(self._steps_out)
        self.spread = self._spreader(width, every & ~first, every & ~last, open_, odd, self.squeezed_from)

    def _spreader(self, width: int, left: int, right: int, free: int, odd: int, squeezed_from: int) -> Callable[[int], int]:
        """`spread(spaces)`: the set of spaces one legal step from a space of `spaces`, and those spaces
        themselves (they are free), by a few shifts of the whole set whatever its size. `left` and
        `right` are the spaces with a column to that side; a diagonal step from `squeezed_from` is
        taken one direction at a time."""
        directions = tuple(self.directions.values())

        def squeezed(spaces: int) -> int:
            near = spaces
            for d in directions:
                moving = spaces & d.sources
                if moving:
                    near |= _moved(moving, d.shift)
            return near

        def square(spaces: int) -> int:
            barred = spaces & squeezed_from
            if barred:
                spaces ^= barred
            row = spaces | (spaces & right) << 1 | (spaces & left) >> 1
            near = row | row << width | row >> width
            return (near | squeezed(barred) if barred else near) & free

        def hex_(spaces: int) -> int:  # S1: a shifted row touches its own columns and the next ones
            shifted = spaces & odd
            row = spaces | (spaces & right) << 1 | (spaces & left) >> 1
            across = spaces | (shifted & right) << 1 | ((spaces ^ shifted) & left) >> 1
            return (row | across << width | across >> width) & free

        return hex_ if self.board.grid == "hex" else square

    def __getitem__(self, number: int) -> tuple[tuple[int, bool], ...]:
        """The legal steps out of space `number`: (the space stepped into, diagonal)."""
        return self._out(number)

    def _steps_out(self, number: int) -> tuple[tuple[int, bool], ...]:
        return tuple((number + d.shift, d.diagonal) for d in self.directions.values() if d.sources >> number & 1)


@functools.lru_cache(maxsize=8)
def _moves(board: Board, enemies: frozenset[Space]) -> _Moves:
    return _Moves(board, enemies)


@functools.lru_cache(maxsize=8)
def _edge(board: Board) -> int:
    """The set of spaces from which one step leaves the map."""
    width = board.width
    return _bits(row * width + column for column, row in board.spaces() if board.on_edge((column, row)))


def _dear(board: Board, can_fly: bool) -> list[bool]:
    """Per space number: entering it costs 2 (rough ground or water, for a mover that cannot fly)."""
    return [not can_fly and terrain in (ROUGH, WATER) for row in board.rows for terrain in row] + [False]


def _cost_to(field_: Field, goal: Space, can_fly: bool, limit: int) -> dict[int, int]:
    """Per space number, the least any way from it to `goal` could cost, for the spaces where that is
    at most `limit`, the purses and the spaces next to enemies set aside: a step costs at least 1,
    and 2 onto rough ground or water for a mover that cannot fly."""
    board = field_.board
    moves, dear = _moves(board, field_.enemies), _dear(board, can_fly)
    first = goal[1] * board.width + goal[0]
    far = {first: 0}
    buckets: list[list[int]] = [[first]]
    for away, bucket in enumerate(buckets):
        for here in bucket:
            enter = away + (2 if dear[here] else 1)
            if far[here] != away or enter > limit:  # reached more cheaply since, or too far to go on
                continue
            for there, _diagonal in moves[here]:
                if there in far and far[there] <= enter:
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
    edge = _edge(board) if leave else 0
    stops = {s[1] * width + s[0] for s in field_.watched} | {outside}
    first = start[1] * width + start[0]
    last = None if goal is None else outside if goal == OUTSIDE else goal[1] * width + goal[0]
    heap: list[tuple[int, int, float, int, int]] = [(0, 0, 0.0, 0, first)]
    parent: dict[int, int] = {}
    done: dict[int, int] = {}
    best: dict[int, tuple[int, int, float]] = {}  # the start is taken first, never compared
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
        if edge >> here & 1:
            nexts.append((outside, False))
        for there, diagonal in nexts:
            if there in done:
                continue
            key = (cost + (2 if dear[there] else 1), steps + 1, length + (DIAGONAL if diagonal else 1.0))
            if there not in best or key < best[there]:
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
