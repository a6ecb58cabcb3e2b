"""Exact odds of a trait test (W1) against two independent computations: a finite
enumeration of the acing chains' totals, and running the rule itself on every scripted
sequence of faces up to a depth, with the probability mass left out bounded."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.systems.savage_worlds.model import TraitDie
from sprawl_cli.systems.savage_worlds.odds import p_at_least, trait_odds
from sprawl_cli.systems.savage_worlds.traits import trait_test
from tests.savage_worlds.helpers import dice

SIDES = st.sampled_from([4, 6, 8, 10, 12])


def chain_totals_below(sides: int, limit: int) -> dict[int, Fraction]:
    """P(an acing chain totals exactly v) for every v < limit, by walking the chains."""
    out: dict[int, Fraction] = {}
    frontier = [(0, Fraction(1))]
    while frontier:
        total, p = frontier.pop()
        for face in range(1, sides + 1):
            value, q = total + face, p / sides
            if value >= limit:
                continue
            if face == sides:
                frontier.append((value, q))
            else:
                out[value] = out.get(value, Fraction(0)) + q
    return out


@given(SIDES, st.integers(-5, 40))
def test_one_chain_matches_enumeration(sides: int, need: int) -> None:
    below = chain_totals_below(sides, need)
    assert p_at_least(sides, need) == 1 - sum(below.values())


def test_known_values() -> None:
    assert p_at_least(6, 4) == Fraction(1, 2)
    assert p_at_least(6, 6) == Fraction(1, 6)
    assert p_at_least(6, 7) == Fraction(1, 6)  # 6 then anything
    assert p_at_least(6, 8) == Fraction(5, 36)
    assert p_at_least(6, 13) == Fraction(1, 36)
    assert p_at_least(4, 1) == 1


@settings(max_examples=150)
@given(SIDES, st.integers(-2, 2), st.integers(-4, 4), st.integers(1, 14), st.booleans())
def test_kept_total_matches_enumerated_pairs(sides: int, bonus: int, mod: int, tn: int, wild: bool) -> None:
    die = TraitDie(sides, bonus)
    add = bonus + mod
    for target, p in ((tn, trait_odds(die, mod, tn, wild).p_success), (tn + 4, trait_odds(die, mod, tn, wild).p_raise)):
        need = target - add
        a = chain_totals_below(sides, need)
        if not wild:
            assert p == 1 - sum(a.values())
            continue
        b = chain_totals_below(6, need)
        # failing: both below the target, or both natural 1s (snake eyes) however high 1 + add is
        fail = sum(pa * pb for x, pa in a.items() for y, pb in b.items() if max(x, y) < need)
        if 1 >= need:
            fail += Fraction(1, sides * 6)
        assert p == 1 - fail


def sequences(sides: int, depth: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every chain of an acing die up to `depth` rolls, with its chance; chains cut at the
    depth (still acing) are left out and their mass returned by `cut_mass`."""
    out = []
    for n in range(1, depth + 1):
        for body in itertools.product([sides], repeat=n - 1):
            for last in range(1, sides):
                out.append((body + (last,), Fraction(1, sides**n)))
    return out


def test_odds_match_the_rule_run_on_every_scripted_sequence() -> None:
    """Runs `trait_test` itself on every trait chain x Wild Die chain up to 4 rolls deep;
    the chance left out is at most P(either die aces 4 times), far under 1e-2 here, and
    the rule's estimate must sit within it."""
    die = TraitDie(8)
    trait_chains, wild_chains = sequences(8, 4), sequences(6, 4)
    cut = Fraction(1, 8**4) + Fraction(1, 6**4)
    for mod, tn in ((0, 4), (-2, 4), (2, 6), (0, 12), (5, 4)):
        success = raised = Fraction(0)
        for (a, pa), (b, pb) in itertools.product(trait_chains, wild_chains):
            t = trait_test(dice(*a, *b), "x", die, mod, tn, wild=True)
            if t.success:
                success += pa * pb
            if t.success and t.raises >= 1:
                raised += pa * pb
        exact = trait_odds(die, mod, tn, wild=True)
        assert success <= exact.p_success <= success + cut
        assert raised <= exact.p_raise <= raised + cut


def test_snake_eyes_costs_a_wild_card_its_certain_success() -> None:
    odds = trait_odds(TraitDie(6), modifier=5, wild=True)
    assert odds.p_success == 1 - Fraction(1, 36)
    assert trait_odds(TraitDie(6), modifier=5).p_success == 1


def test_json_is_exact_and_states_the_error_bound() -> None:
    data = trait_odds(TraitDie(4), 0, 4, True).to_json()
    assert data["p_success"] == float(Fraction(1, 4) + Fraction(1, 2) - Fraction(1, 8))
    assert data["error_bound"] == 0.0 and data["exact"]["p_success"] == "5/8"


def test_the_odds_json_in_full_worked_by_hand() -> None:
    """d8 with the Wild Die, TN 4: a miss needs both to miss (3/8 * 1/2), so 13/16; a raise
    (8) needs the d8's 8 (1/8) or the d6's ace and 2+ (1/6 * 5/6), so 1 - 7/8 * 31/36 = 71/288.
    What the mutation run of odds.py found unchecked: every key of the JSON, and the defaults.

    Its one survivor is equivalent: `need < 1` for `need <= 1` in `p_at_least`, since a need of
    exactly 1 gives (1/n)**0 * n/n = 1 by the formula as well (`p_at_least` 1 when the module was
    run whole again on 2026-12-02, third session: 138 of 139, the same one left)."""
    assert trait_odds(TraitDie(8, 1), -1, 4, True).to_json() == {
        "trait": "d8+1", "modifier": -1, "tn": 4, "wild": True,
        "p_success": 13 / 16, "p_raise": 71 / 288, "p_snake_eyes": 1 / 48,
        "exact": {"p_success": "13/16", "p_raise": "71/288"},
        "method": "closed form over the acing chains (exact fractions)", "error_bound": 0.0,
    }
    assert trait_odds(TraitDie(6, 0), 0, 5, False).to_json()["p_snake_eyes"] == 0.0
    plain = trait_odds(TraitDie(6))  # no modifier, TN 4, no Wild Die: 3/6 and, for a raise (8), 1/6 * 5/6
    assert (plain.modifier, plain.tn, plain.wild, plain.p_success, plain.p_raise, plain.p_snake_eyes) == \
        (0, 4, False, Fraction(1, 2), Fraction(5, 36), 0)
