"""The difficulty ladder (G1): columns, shifts, dice modifiers and tests (their exact odds: `odds.py`).

A column is one of COLUMNS, easiest first. A test at `easy`, `moderate` or
`hard` succeeds when the die plus its modifier is strictly greater than the
column's number; `automatic` and `impossible` are never rolled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput, Dice

COLUMNS = ("automatic", "easy", "moderate", "hard", "impossible")
ROLLED = ("easy", "moderate", "hard")
NUMBERS = {12: {"easy": 3, "moderate": 6, "hard": 9}, 20: {"easy": 5, "moderate": 10, "hard": 15}}  # G1


def check_column(column: str, allowed: Iterable[str] = COLUMNS) -> str:
    """`column` in its standard spelling.

    Raises:
        BadInput: not one of `allowed`.
    """
    name = column.strip().lower()
    allowed = tuple(allowed)
    if name not in allowed:
        raise BadInput(f"'{column}' is not a difficulty column; use one of: {', '.join(allowed)}")
    return name


def shifted(column: str, shift: int) -> str:
    """G1: a positive shift moves left (easier), a negative one right; past the ends it stays
    automatic or impossible."""
    index = COLUMNS.index(column) - shift
    return COLUMNS[max(0, min(len(COLUMNS) - 1, index))]


def target_number(column: str, sides: int = 12) -> int | None:
    """The number to beat on the column, or None when it is not rolled."""
    return NUMBERS[sides].get(column)


def succeeds(face: int, modifier: int, column: str, sides: int = 12) -> bool:
    """G1: strictly more than the number after the dice modifier; equal fails."""
    if column == "automatic":
        return True
    if column == "impossible":
        return False
    number = NUMBERS[sides][column]
    return face + modifier > number


@dataclass(frozen=True)
class Test:
    """A test as rolled: the column after shifts, every face and what each did."""

    column: str
    target_number: int | None
    rolls: tuple[int, ...]
    modifier: int
    successes: tuple[bool, ...]  # one per die; a single True when automatic

    @property
    def success(self) -> bool:
        return any(self.successes)

    @property
    def hits(self) -> int:
        return sum(self.successes)

    def to_json(self) -> dict[str, Any]:
        return {
            "column": self.column,
            "target_number": self.target_number,
            "rolls": list(self.rolls),
            "modifier": self.modifier,
            "success": self.success,
        }


def roll_test(dice: Dice, label: str, column: str, shift: int = 0, modifier: int = 0,
              count: int = 1, sides: int = 12) -> Test:
    """Shift `column`, then roll `count` dice against it (none when automatic or impossible).

    An automatic test with several dice (a burst against nobody's cover) succeeds with every die.
    """
    final = shifted(column, shift)
    number = target_number(final, sides)
    if number is None:
        automatic = final == "automatic"
        return Test(final, None, (), modifier, tuple([automatic] * max(1, count)) if automatic else (False,))
    faces = dice.roll(count, label, sides)
    return Test(final, number, faces, modifier, tuple(succeeds(f, modifier, final, sides) for f in faces))
