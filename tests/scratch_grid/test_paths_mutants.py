"""What the mutation runs of paths.py (the path finder, S2-S5) found unchecked, pinned down.

Each test asks what a player sees: the cost, the spaces of the route (they are the `path` of
`move`'s JSON and are named in a refusal's reason), whether the edge of the map counts; and,
for the search's own parts, what each promises (a key counts its steps, a step can be taken
back, every step traced back is legal).

Fifth run (2026-11-29, second session; 1,339 mutants, 1,332 caught (5 timed out), 7 survived,
all equivalent). Since the fourth run (1,443 mutants, 72 survived, 17 of them in the trace and
not shown equivalent) the code lost what the survivors showed does nothing: the goal band's
guard against a negative purse left (no payable key has one) and its "never reached" marks
(`_cost_to` gives a dict of the spaces within the limit), the start's cost set before it is
priced, the window of the steps back and the hand-made caches (`functools.cache` now), the
sign test in `_moved`, and a hex direction's rows are in its sources (no per-space step
list). The trace's state is a key and a space number in 12 bits, and the start's state ends
it; tests count its work (the states it settles and reaches) and the diagonal steps it
reports on six maps, and pin a tie: every one of its 83 mutants is killed. The table of
steps and the squeezes are checked space by space against the board (test_paths_property.py).
Survivors judged equivalent (no input tells them from the original), with why:

- `Search._band` (1): `within` one entry longer: a key's purse left is never above the
  limit, so the last entry is never read.
- `_Moves._spreader` (1): the squeezed spaces' steps taken when there are none (`or True`):
  from no spaces they are no spaces.
- `cheapest` (5): the start's heap entry with 1 step, 1.0 of length or order 1 (every way's
  steps or length grow by the same amount, so no comparison between two of them changes, and
  the start is popped first whatever its order: it is alone in the heap); the step off the
  map counted as diagonal (every way off the map ends with that one step); `steps + 2` for
  `steps + 1` (every count of steps doubles; their order holds).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.systems.scratch_grid.grid import Board, Space
from sprawl_cli.systems.scratch_grid.paths import (
    _OPEN,
    _ROUGH,
    _TIGHT,
    _WATER,
    OUTSIDE,
    Allowance,
    Field,
    Payment,
    Route,
    Search,
    _Keys,
    _moves,
    _numbers,
    cheapest,
    payment,
    routes,
)

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


def test_cheapest_leaves_the_map_from_any_edge_space_the_top_row_included() -> None:
    # Walls on both sides: the way off the map is up through c1 (or down through c3), 2 steps.
    field = open_field([".....", "##.##", "##.##"])
    found = cheapest(field, (2, 1), can_fly=False, leave=True, goal=OUTSIDE)
    assert found[OUTSIDE].cost == 2 and found[OUTSIDE].spaces[1] in ((2, 0), (2, 2))


def test_routes_leave_the_map_only_when_asked() -> None:
    field = open_field(["...", "..."])
    assert OUTSIDE not in routes(field, (1, 0), Allowance(4))
    assert routes(field, (1, 0), Allowance(4), leave=True)[OUTSIDE].spaces == ((1, 0), OUTSIDE)


def _route(spaces: tuple[Space, ...], cost: int) -> Route:
    return Route(spaces, cost, tuple(False for _ in spaces[1:]))


def test_a_route_flies_the_first_steps_of_each_kind_as_many_as_its_payment_flies() -> None:
    # One point of allowance, no flying purse, two of acrobatics: of two rough steps one is flown
    # (1 from the allowance) and one walked (2 from acrobatics); the first is the one flown, so
    # a mover stopped after its first step has spent 1.
    field = open_field([".^^"])
    route = Search(field, (0, 0), Allowance(1, acro=2, can_fly=True)).route((2, 0))
    assert route is not None and (route.spaces, route.cost, route.air) == (((0, 0), (1, 0), (2, 0)), 3, (True, False))
    field = open_field([".~~"])
    route = Search(field, (0, 0), Allowance(1, swim=2, can_fly=True)).route((2, 0))
    assert route is not None and (route.cost, route.air) == (3, (True, False))


def test_a_route_never_flies_a_tight_place_and_flies_open_ground_and_the_way_off_the_map_as_paid() -> None:
    # Flying 2 and a wide allowance: the payment flies as many open steps as flying pays (2), the
    # first ones; the tight place between them is never flown, nor is an open step past those two.
    field = open_field(["=.=.."])
    route = Search(field, (0, 0), Allowance(6, fly=2, can_fly=True)).route((4, 0))
    assert route is not None and route.air == (True, False, True, False)
    off = Search(field, (4, 0), Allowance(6, fly=2, can_fly=True), leave=True).route(OUTSIDE)
    assert off is not None and off.spaces == ((4, 0), OUTSIDE) and off.air == (True,)
    # The step off the map is open ground, whatever the map's last space is.
    off = Search(open_field([".~"]), (0, 0), Allowance(6, fly=2, can_fly=True), leave=True).route(OUTSIDE)
    assert off is not None and off.spaces == ((0, 0), OUTSIDE) and off.air == (True,)


def _split_by_brute_force(a: Allowance, open_: int, tight: int, rough: int, water: int) -> tuple[int, int, int, int] | None:
    """The payment as the rules here settle it, by trying every number: fly as many rough and water
    steps as the purses allow; of those, walk the rough/water split that asks least of the allowance
    (the fewest rough steps walked on a tie), and fly the number of open steps that asks least of it
    (the fewest on a tie)."""
    def wet(walked: int, on_rough: int) -> int:
        return max(0, 2 * on_rough - a.acro) + max(0, 2 * (walked - on_rough) - a.swim)

    def dry(flown: int, in_air: int) -> int:
        return max(0, open_ + tight - in_air - a.quick) + max(0, in_air + flown - a.fly)

    for flown in range(rough + water, -1, -1):
        walked = rough + water - flown
        splits = [k for k in range(walked + 1) if k <= rough and walked - k <= water]
        need_wet, on_rough = min((wet(walked, k), k) for k in splits)
        need_dry, in_air = min((dry(flown, i), i) for i in range(open_ + 1))
        if need_wet + need_dry <= a.base:
            return open_ + tight + 2 * walked + flown, in_air, rough - on_rough, water - (walked - on_rough)
    return None


@settings(max_examples=600, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 6), st.integers(0, 6),
       st.integers(0, 4), st.integers(0, 2), st.integers(0, 4), st.integers(0, 4))
def test_payment_splits_rough_water_and_open_steps_as_the_rules_here_settle_it(
        base: int, quick: int, fly: int, acro: int, swim: int, open_: int, tight: int, rough: int,
        water: int) -> None:
    # Which steps are flown decides what a mover stopped after one step has spent (S2, S4).
    a = Allowance(base, quick, fly, acro, swim, True)
    paid = payment(a, open_, tight, rough, water)
    expected = _split_by_brute_force(a, open_, tight, rough, water)
    assert (None if paid is None else (paid.cost, paid.flown_open, paid.flown_rough, paid.flown_water)) == expected


def test_payment_walks_the_fewest_rough_steps_of_equally_good_splits() -> None:
    # Two rough and two water steps, two flown: one of each flown, or both water ones, ask the same.
    assert payment(Allowance(0, 0, 2, 4, 3, True), 0, 0, 2, 2) == Payment(6, 0, 1, 1)


# --- the search's keys (`_Keys`) and its trace back (`Search._before`) -----------------------------

KINDS = st.lists(st.sampled_from([_OPEN, _TIGHT, _ROUGH, _WATER]), max_size=30)
PURSES = st.builds(Allowance, st.sampled_from([2, 4]), st.integers(0, 10), st.integers(0, 10), st.integers(0, 20),
                   st.integers(0, 20), st.booleans())


def _walk(keys: _Keys, kinds: list[int]) -> list[int]:
    found = [keys.start]
    for kind in kinds:
        found.append(keys.step(found[-1], kind))
    return found


@settings(max_examples=300, deadline=None)
@given(PURSES, KINDS)
def test_a_key_counts_its_steps_and_each_step_can_be_taken_back(a: Allowance, kinds: list[int]) -> None:
    keys = _Keys(a)
    walked = _walk(keys, kinds)
    for count, (before, kind, after) in enumerate(zip(walked, kinds, walked[1:], strict=False), start=1):
        assert keys.steps(after) == count
        back = keys.back(after, kind)
        assert before in back and all(keys.step(k, kind) == after for k in back) and len(set(back)) == len(back)


def test_a_flyers_key_forgets_how_rough_ground_and_water_split_past_both_halves() -> None:
    # acrobatics 4 and swimming 4: each pays 2 walked steps whole; past that the split is one key.
    keys = _Keys(Allowance(4, fly=2, acro=4, swim=4, can_fly=True))
    assert _walk(keys, [_ROUGH] * 3 + [_WATER] * 2)[-1] == _walk(keys, [_WATER] * 3 + [_ROUGH] * 2)[-1]
    assert _walk(keys, [_ROUGH] * 3 + [_WATER])[-1] != _walk(keys, [_WATER] * 3 + [_ROUGH])[-1]
    walker = _Keys(Allowance(4, acro=4, swim=4))
    assert _walk(walker, [_ROUGH] * 3 + [_WATER] * 2)[-1] != _walk(walker, [_WATER] * 3 + [_ROUGH] * 2)[-1]
    assert _walk(walker, [_TIGHT, _OPEN])[-1] == _walk(walker, [_OPEN, _OPEN])[-1]  # a tight place is open ground


def _tight(key: int) -> int:
    return key & 0xFFF


def test_a_flyers_tight_places_stop_counting_once_they_can_no_longer_refuse_a_move() -> None:
    # Flying 2, halves of 1: tight places stop counting once the open steps, and the rough and
    # water steps past the halves taken, reach 2 (then no way the purses can pay for holds more
    # tight places than quickness and the allowance pay).
    keys = _Keys(Allowance(2, quick=1, fly=2, acro=2, swim=2, can_fly=True))
    assert _tight(_walk(keys, [_TIGHT, _OPEN])[-1]) == 1
    assert _tight(_walk(keys, [_TIGHT, _OPEN, _OPEN])[-1]) == 0
    assert _tight(_walk(keys, [_TIGHT, _TIGHT, _OPEN, _OPEN])[-1]) == 0
    assert _tight(_walk(keys, [_TIGHT, _ROUGH, _OPEN])[-1]) == 1  # the rough step is within its half
    assert _tight(_walk(keys, [_TIGHT, _ROUGH, _ROUGH, _OPEN])[-1]) == 0  # the second one is past it
    assert _tight(_walk(keys, [_TIGHT, _WATER, _WATER, _OPEN])[-1]) == 0
    assert _tight(_walk(keys, [_TIGHT, _ROUGH, _WATER, _OPEN])[-1]) == 1  # both within their halves
    assert _tight(_walk(keys, [_OPEN, _OPEN, _TIGHT, _TIGHT])[-1]) == 0  # once they stop, for good
    assert keys.past(_walk(keys, [_OPEN, _OPEN])[-1]) == 0 and keys.past(_walk(keys, [_OPEN])[-1]) == -1
    # A mover that cannot fly counts a tight place as open ground, always.
    walker = _Keys(Allowance(2, quick=1, acro=2, swim=2))
    assert _walk(walker, [_TIGHT] * 3 + [_OPEN] * 3)[-1] == 6


@pytest.mark.parametrize("a", [Allowance(1, 1, 3, 2, 2, True), Allowance(2, 0, 2, 4, 0, True),
                               Allowance(1, 2, 1, 0, 3, True), Allowance(0, 1, 4, 2, 2, True),
                               Allowance(2, 1, 0, 2, 2)])
def test_a_key_prices_every_order_of_steps_as_payment_prices_their_counts(a: Allowance) -> None:
    # Tight places stop counting after some steps and not others, so the order matters to a key:
    # whatever the order, the key's price is the cheapest payment for the counts.
    keys = _Keys(a)
    price = keys.pricer()
    for length in range(7):
        for kinds in itertools.product((_OPEN, _TIGHT, _ROUGH, _WATER), repeat=length):
            paid = payment(a, *(kinds.count(kind) for kind in (_OPEN, _TIGHT, _ROUGH, _WATER)))
            assert price(_walk(keys, list(kinds))[-1]) == (-1 if paid is None else paid.cost), kinds


def test_back_finds_every_kept_key_a_step_comes_from() -> None:
    # Tight places all about, and purses that make many keys stop counting them.
    rows = ["..==.^", ".=~=.~", "==.=^.", ".^=.==", "~.==.="]
    field = open_field(rows)
    past_it = 0
    for allowance in (Allowance(2, 2, 3, 2, 2, True), Allowance(1, 3, 2, 4, 0, True), Allowance(2, 1, 1, 0, 2, True)):
        search = Search(field, (2, 2), allowance)
        keys, held = search._keys, set(search._order)
        assert not any(_tight(key) and keys.past(key) >= 0 for key in held)  # the search's own steps settle too
        past_it += sum(1 for key in held if not _tight(key) and keys.past(key) > 0)
        for key in held:
            for kind in (_OPEN, _TIGHT, _ROUGH, _WATER):
                assert set(keys.back(key, kind)) & held == {k for k in held if keys.step(k, kind) == key}
    assert past_it >= 8  # keys whose tight places stopped counting some steps ago


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_every_step_traced_back_is_a_legal_step_between_two_kept_ways(grid: str) -> None:
    # Rough ground and water all round a1 (space number 0) and small halves, so that a step is
    # often traced back to a way no search kept.
    rows = [".^^^~~=.", "~^^~~==.", "~^~~..^^", "o.~~#.^.", "==..^^~~"]
    board = Board(grid, tuple(rows))
    enemies = frozenset({(7, 4)})
    field = Field(board, enemies, frozenset(board.neighbours((7, 4))), enemies)
    for allowance, start in ((Allowance(4, 2, 2, 4, 4, True), (3, 2)), (Allowance(4, 1, 2, 2, 2, True), (2, 1)),
                             (Allowance(4, 2, 0, 4, 4), (3, 2))):
        search = Search(field, start, allowance, leave=True)
        moves = _moves(board, enemies)
        for key in search._order:
            for number in _numbers(search._sets[key]):
                if number == search._first:
                    continue
                steps = search._before(number, key)
                assert steps, (number, key)
                for diagonal, there, before in steps:
                    assert search._sets[before] >> there & 1 and search._go >> there & 1
                    assert number == search._outside or (number, bool(diagonal)) in moves[there]


# Maps on which a trace with a wrong bound (larger than the least, `+ k`, `k` reset to 1, the bound
# subtracted), one that lets a worse way overwrite a better one, or one that stops at a stale entry
# takes a way with more diagonal steps than the straightest, or none: found by trying each such
# change of `Search._trace` on random maps against the trace as it is (2026-11-29). The counts are
# what the brute force of test_paths_property.py gives (`check` passes on each map).
STRAIGHTEST = [
    (("^...", "^o.^", "^#~#", "#..^", "=~=."), (0, 2), Allowance(6, 1, 0, 4, 3), (2, 4), 8, 6, 2),
    (("~...o", "~^^==", "o#..=", ".....", "==..^", "~.^##"), (1, 0), Allowance(5, 2, 0, 4, 3), (2, 5), 7, 5, 1),
    (("^~.#o=", ".=#..^", ".^#...", ".~..o="), (5, 0), Allowance(5, 3, 2, 0, 2, True), (1, 0), 6, 6, 4),
    (("#..~~^^", "..#.=~.", "..=o#~.", ".^.o.#."), (6, 3), Allowance(5, 3, 0, 4, 1), (1, 3), 9, 7, 4),
    (("~~o.=.#", ".=.o^.#", "^..^#..", ".^..~..", "=.^..oo", "~=..=~."), (3, 0), Allowance(6, 2, 0, 0, 3), (0, 5),
     10, 7, 5),
]


@pytest.mark.parametrize(("rows", "start", "allowance", "goal", "cost", "steps", "diagonal"), STRAIGHTEST)
def test_the_trace_takes_the_straightest_way_where_a_wrong_bound_would_not(
        rows: tuple[str, ...], start: Space, allowance: Allowance, goal: Space, cost: int, steps: int,
        diagonal: int) -> None:
    field = open_field(list(rows))
    for search in (Search(field, start, allowance), Search(field, start, allowance, goal=goal)):
        route = search.route(goal)
        assert route is not None and (route.cost, route.length) == (cost, steps)
        assert sum(1 for (c1, r1), (c2, r2) in zip(route.spaces, route.spaces[1:]) if c1 != c2 and r1 != r2) == diagonal


# bench/paths.py's `mixed` tile: every kind of ground in small patches, the search's hardest case
MIXED = ["..^^~~==..o.", ".#^^~~==.^^.", "..~~..^^.~~.", "o.~~#.^^.~~=",
         "==..^^~~..^^", "==.o^^~~#.^^", "..~~..==..~~", ".^~~o.==.#~~"]


def _diagonal_steps(spaces: tuple[Space, ...]) -> int:
    return sum(1 for (c1, r1), (c2, r2) in zip(spaces, spaces[1:]) if OUTSIDE not in ((c1, r1), (c2, r2))
               and c1 != c2 and r1 != r2)


# The trace's work, counted over every space the move may end on (and off the map): the states it
# settled and the states it reached, summed, measured 2026-11-29 (the first two maps are where
# random maps showed the trace's changes first; the third is bench/paths.py's mixed tile). The
# bound only steers the search, so a bound that is too low (none on squares, a step not
# counted) settles more and one that is too high may miss the straightest way while settling
# less: either changes these sums. A change that makes the trace cheaper should change them
# here, with the maps of STRAIGHTEST and test_paths_property.py still passing.
CORNER = ("....", "....", "....", ".^..", "~...", "....", "....")
WALLED = ("..#.~....", "#........", ".o.^^o~.o", "~o..#...~", "....o...o", "...#==...")
TRACED = [
    (CORNER, "square", (0, 0), Allowance(6, 0, 1, 2, 0, True), 124, 160, 38),
    (CORNER, "hex", (0, 0), Allowance(6, 0, 1, 2, 0, True), 133, 121, 0),
    (WALLED, "square", (0, 5), Allowance(3, 3, 0, 2, 4), 229, 223, 131),
    (WALLED, "hex", (0, 5), Allowance(3, 3, 0, 2, 4), 130, 132, 0),
    (tuple(MIXED), "square", (5, 4), Allowance(4, 3, 3, 4, 4, True), 405, 405, 175),
    (tuple(MIXED), "hex", (5, 4), Allowance(4, 3, 3, 4, 4, True), 460, 402, 0),
]


@pytest.mark.parametrize(("rows", "grid", "start", "allowance", "settled", "reached", "diagonal"), TRACED)
def test_the_trace_settles_and_reaches_as_many_states_as_when_it_was_measured(
        rows: tuple[str, ...], grid: str, start: Space, allowance: Allowance, settled: int, reached: int,
        diagonal: int) -> None:
    search = Search(Field(Board(grid, rows), NOBODY, NOBODY, NOBODY), start, allowance, leave=True)
    work = [0, 0, 0]
    for space in search.costs():
        route = search.route(space)
        assert route is not None
        # what it says it found is what it gives (on hexes no step is diagonal)
        assert search.traced[2] == (_diagonal_steps(route.spaces) if grid == "square" else 0)
        work = [sum(pair) for pair in zip(work, search.traced)]
    assert work == [settled, reached, diagonal]


def test_of_two_equally_straight_ways_the_trace_keeps_the_one_it_found_first() -> None:
    # No rule picks between ways as cheap and as straight as each other; the trace keeps the
    # first it finds, and the path `move` prints must not change from one version to the next.
    # From a6 to f5 round the walls: through f4 (found first), not g4.
    route = Search(open_field(list(WALLED)), (0, 5), Allowance(3, 3, 0, 2, 4)).route((5, 4))
    assert route is not None and route.spaces == (
        (0, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 1), (6, 2), (5, 3), (5, 4))


def test_no_route_to_the_start_a_taken_space_or_off_the_map() -> None:
    field = Field(Board("square", ("...", "...")), NOBODY, NOBODY, frozenset({(2, 1)}))
    search = Search(field, (0, 0), Allowance(4))
    assert search.route((0, 0)) is None and search.route((2, 1)) is None and search.route((5, 5)) is None
    assert search.route((2, 0)) == _route(((0, 0), (1, 0), (2, 0)), 2)
    assert (0, 0) not in search.costs() and (2, 1) not in search.costs()


def test_a_move_aimed_at_its_space_still_finds_a_way_that_uses_every_purse() -> None:
    # A flyer with the allowance 1, no flying left and acrobatics 4: it walks two rough spaces
    # (acrobatics pays both whole) and takes one open step: 3 steps, all it can ever take. The
    # search toward d1 must not give up on ways of that many steps.
    field = open_field([".^^."])
    mover = Allowance(1, acro=4, can_fly=True)
    full = Search(field, (0, 0), mover).route((3, 0))
    assert full is not None and full.spaces == ((0, 0), (1, 0), (2, 0), (3, 0)) and full.cost == 5
    assert Search(field, (0, 0), mover, goal=(3, 0)).route((3, 0)) == full
    walker = Allowance(1, swim=4)
    assert Search(open_field([".~~."]), (0, 0), walker, goal=(3, 0)).route((3, 0)) == \
        Search(open_field([".~~."]), (0, 0), walker).route((3, 0)) is not None


def test_a_search_toward_a_goal_follows_no_space_it_could_not_reach_the_goal_from() -> None:
    # From b1 toward d1 with 2 spaces: a1 is 3 from the goal, more than is left after stepping
    # there, so no way to it is kept (a1 is space number 0, the one a band's bit 0 stands for).
    search = Search(open_field(["....."]), (1, 0), Allowance(2), goal=(3, 0))
    assert search.costs() == {(2, 0): 1, (3, 0): 2}
    assert Search(open_field(["....."]), (1, 0), Allowance(2)).costs() == {(0, 0): 1, (2, 0): 1, (3, 0): 2}


def test_beside_names_the_keys_the_comparisons_miss_where_tight_places_stop_counting() -> None:
    keys = _Keys(Allowance(2, quick=1, fly=2, acro=2, swim=2, can_fly=True))  # stop counting at 4
    one_short = _walk(keys, [_TIGHT, _OPEN])[-1]
    assert keys.past(one_short) == -1 and keys.beside(one_short) == (one_short & ~0xFFF,)
    assert keys.past(_walk(keys, [_TIGHT])[-1]) == -2 and keys.beside(_walk(keys, [_TIGHT])[-1]) == ()
    loose = _walk(keys, [_OPEN] * 4)[-1]
    assert keys.past(loose) == 2
    assert keys.beside(loose) == (loose - (1 << 12) + 2, loose - (1 << 36) + 2, loose - (1 << 48) + 2)
    assert keys.beside(_walk(keys, [_OPEN] * 2)[-1]) == ()  # just stopped: nothing missed
    assert keys.beside(_walk(keys, [_OPEN] * 3)[-1]) == (
        _walk(keys, [_OPEN] * 2)[-1] + 1, _walk(keys, [_OPEN] * 3)[-1] - (1 << 36) + 1,
        _walk(keys, [_OPEN] * 3)[-1] - (1 << 48) + 1)



@pytest.mark.parametrize(("start", "most"), [((13, 12), 22_698), ((5, 0), 45_072)])
def test_the_search_keeps_no_more_labels_than_when_it_was_measured(start: Space, most: int) -> None:
    # The work the search does, counted rather than timed: a flyer with every extra at 20 on the
    # mixed tile, 26 x 24. Comparing fewer keys, or counting tight places that can no longer
    # refuse the move, keeps more labels (the figures of bench/paths.py, 2026-11-29).
    field = open_field([(row * 3)[:26] for row in MIXED] * 3)
    assert Search(field, start, Allowance(4, 10, 10, 20, 20, True)).kept() <= most


@pytest.mark.parametrize(("allowance", "goal", "most"), [
    (Allowance(4, 5, 0, 6, 6), (0, 23), 611), (Allowance(4, 5, 0, 6, 6), (16, 2), 1857),
    (Allowance(2, 2, 3, 4, 4, True), (24, 22), 12), (Allowance(2, 2, 3, 4, 4, True), (16, 4), 339)])
def test_a_search_toward_a_goal_keeps_only_what_can_still_reach_it(allowance: Allowance, goal: Space,
                                                                   most: int) -> None:
    # The goal band, counted: the same route as the search everywhere, from no more labels than
    # when it was measured (a wider band only searches more; 2026-11-29).
    field = open_field([(row * 3)[:26] for row in MIXED] * 3)
    toward = Search(field, (13, 12), allowance, goal=goal)
    assert toward.route(goal) == Search(field, (13, 12), allowance).route(goal) is not None
    assert toward.kept() <= most


@pytest.mark.parametrize(("start", "most"), [((13, 12), 13_767), ((5, 0), 31_363)])
def test_a_walker_keeps_no_more_labels_than_when_it_was_measured(start: Space, most: int) -> None:
    # As above, for a mover that cannot fly (its keys count open, rough and water steps).
    field = open_field([(row * 3)[:26] for row in MIXED] * 3)
    assert Search(field, start, Allowance(4, 10, 0, 20, 20)).kept() <= most


def test_the_labels_kept_on_open_ground_are_one_a_space() -> None:
    # bench/paths.py prints them: on open ground every space is reached by one way of paying.
    search = Search(open_field(["....."] * 5), (2, 2), Allowance(2))
    assert search.kept() == 25 and len(search.costs()) == 24
