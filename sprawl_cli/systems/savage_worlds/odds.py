"""Exact odds of a trait test (W1), in closed form: no sampling and no truncation.

An acing d`n` reaches a total of at least `t` only if its first `k` rolls all show
`n` (where `t = n*k + s`, `1 <= s <= n`) and the next one shows `s` or more, so

    P(chain >= t) = (1/n)**k * (n - s + 1) / n        (and 1 for t <= 1).

The Wild Die is independent of the trait die, so the better of the two misses
only when both miss. Snake eyes (both first faces 1) fails whatever the total,
so it is taken away from the chance of success where a 1 would have succeeded.
Everything is a `Fraction`; the floats in the output are those fractions
rounded, so the truncation error is 0 (only float rounding, under 1e-16).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sprawl_cli.systems.savage_worlds.model import TraitDie
from sprawl_cli.systems.savage_worlds.traits import RAISE, TN, WILD_DIE


def p_at_least(sides: int, need: int) -> Fraction:
    """P(an acing d`sides` totals `need` or more)."""
    if need <= 1:
        return Fraction(1)
    k, s = divmod(need - 1, sides)
    s += 1
    return Fraction(1, sides**k) * Fraction(sides - s + 1, sides)


def p_total_at_least(die: TraitDie, modifier: int, wild: bool, target: int) -> Fraction:
    """P(the kept total of one test, Wild Die included, reaches `target`), snake eyes removed."""
    add = die.bonus + modifier
    p_trait = p_at_least(die.sides, target - add)
    if not wild:
        return p_trait
    p_wild = p_at_least(WILD_DIE, target - add)
    p = 1 - (1 - p_trait) * (1 - p_wild)
    if 1 + add >= target:  # both natural 1s would have made it: snake eyes fails instead
        p -= Fraction(1, die.sides * WILD_DIE)
    return p


@dataclass(frozen=True)
class TraitOdds:
    die: str
    modifier: int
    tn: int
    wild: bool
    p_success: Fraction
    p_raise: Fraction
    p_snake_eyes: Fraction

    def to_json(self) -> dict[str, Any]:
        return {
            "trait": self.die,
            "modifier": self.modifier,
            "tn": self.tn,
            "wild": self.wild,
            "p_success": float(self.p_success),
            "p_raise": float(self.p_raise),
            "p_snake_eyes": float(self.p_snake_eyes),
            "exact": {"p_success": str(self.p_success), "p_raise": str(self.p_raise)},
            "method": "closed form over the acing chains (exact fractions)",
            "error_bound": 0.0,
        }


def trait_odds(die: TraitDie, modifier: int = 0, tn: int = TN, wild: bool = False) -> TraitOdds:
    """Exact chances that a test succeeds and that it gets at least one raise."""
    snake = Fraction(1, die.sides * WILD_DIE) if wild else Fraction(0)
    return TraitOdds(
        str(die), modifier, tn, wild,
        p_total_at_least(die, modifier, wild, tn),
        p_total_at_least(die, modifier, wild, tn + RAISE),
        snake,
    )
