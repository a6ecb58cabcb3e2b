"""The exact odds of a test on the difficulty ladder (G1), for `odds`: no sampling."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sprawl_cli.systems.gunplay.ladder import NUMBERS, shifted, target_number


def p_success(column: str, shift: int = 0, modifier: int = 0, sides: int = 12) -> Fraction:
    """The exact chance that one die passes the test (no sampling)."""
    final = shifted(column, shift)
    if final == "automatic":
        return Fraction(1)
    if final == "impossible":
        return Fraction(0)
    # Faces f with f + modifier > number: from number - modifier + 1 up to `sides`.
    lowest = NUMBERS[sides][final] - modifier + 1
    passing = max(0, min(sides, sides - lowest + 1))
    return Fraction(passing, sides)


def p_hits(column: str, shift: int, modifier: int, count: int, sides: int = 12) -> list[Fraction]:
    """P(exactly k of `count` dice pass), k = 0..count (the RoF dice are independent)."""
    p = p_success(column, shift, modifier, sides)
    dist = [Fraction(1)]
    for _ in range(count):
        grown = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            grown[k] += q * (1 - p)
            grown[k + 1] += q * p
        dist = grown
    return dist


@dataclass(frozen=True)
class Odds:
    column: str
    target_number: int | None
    modifier: int
    p_success: Fraction
    sides: int = 12

    def to_json(self) -> dict[str, Any]:
        return {
            "column": self.column,
            "target_number": self.target_number,
            "modifier": self.modifier,
            "die": f"d{self.sides}",
            "p_success": float(self.p_success),
        }


def odds(column: str, shift: int = 0, modifier: int = 0, sides: int = 12) -> Odds:
    final = shifted(column, shift)
    return Odds(final, target_number(final, sides), modifier, p_success(column, shift, modifier, sides), sides)
