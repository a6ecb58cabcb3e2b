"""Bounded, finite numbers: the one parser for every number a command line or a save gives.

A number the game cannot hold (NaN, an infinity, 10**40 inches, a round of three
million) is refused where it comes in, with one line saying the bound, so no rule,
view or report ever meets it. Each bound is chosen from what the rules make sensible;
the kernel's own are below, each with its reason, and a system declares its own at
the option (`min=`/`max=` of a Typer option, which the kernel turns into a `Number`:
`cli.options.with_common`) or in its save checks (`Bound.check`).
"""

from __future__ import annotations

import math
from typing import Any

import click

# The largest face of any die (a d100): a modifier or a count past it is nonsense in every system.
REACH = 100
# How much of a bad value an error line quotes: enough to recognise it, never a whole 10,000-character paste.
QUOTED = 40


def shown_line(message: str) -> str:
    """A line for the person as every error, warning and note line is shown: one line (its runs
    of whitespace, newlines included, one space), control and bidirectional characters escaped
    (a line never steers the terminal), and a word past any path or name cut, saying how long it
    was, so a pasted page is not echoed whole (issue 34)."""
    return " ".join(_fit(word) for word in message.split())


def _fit(word: str) -> str:
    if not word.isprintable():
        word = "".join(c if c.isprintable() else repr(c)[1:-1] for c in word)
    return word if len(word) <= 200 else f"{word[:60]}...({len(word)} characters)"


def quoted(text: object) -> str:
    """`text` as an error line quotes it: cut to QUOTED characters, control characters shown escaped."""
    shown = str(text)
    shown = shown if len(shown) <= QUOTED else shown[:QUOTED - 3] + "..."
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)


class Bound:
    """The numbers a value may take: `low` to `high`, whole numbers only unless `whole` is False;
    `past` is what a number past the bound is, in the refusal's words. (A plain class, not a
    dataclass: a lookup such as `roll` defines none, bench/startup.py.)"""

    __slots__ = ("high", "low", "past", "whole")

    def __init__(self, low: float, high: float, whole: bool = True, past: str = "out of bounds") -> None:
        self.low, self.high, self.whole, self.past = low, high, whole, past

    def line(self) -> str:
        """What the bound allows, in the words every refusal uses."""
        kind = "a whole number" if self.whole else "a number"
        return f"give {kind} from {_shown(self.low)} to {_shown(self.high)}"

    def fault(self, value: object) -> str | None:
        """Why `value` (already a number) is outside the bound, or None when it fits."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"'{quoted(value)}' is not a number"
        if isinstance(value, float) and not math.isfinite(value):
            return f"'{quoted(value)}' is not a finite number"
        if self.whole and value != int(value):
            return f"'{quoted(value)}' is not a whole number"
        if not self.low <= value <= self.high:
            return f"'{quoted(value)}' is {self.past}"
        return None

    def check(self, value: object, what: str) -> None:
        """Raise ValueError with one line when `value` is not a number this bound holds."""
        fault = self.fault(value)
        if fault is not None:
            raise ValueError(f"{what}: {fault}; {self.line()}")

    def parse(self, text: str) -> int | float:
        """`text` as a number in the bound; ValueError with one line otherwise."""
        word = text.strip()
        try:
            value: int | float = int(word) if self.whole else float(word)
        except ValueError:
            value = math.nan
            if self.whole:  # "3.0" is three; "1e3" is a thousand; "1.5" is not whole
                try:
                    value = float(word)
                except ValueError:
                    pass
            if not self.whole or math.isnan(value):
                raise ValueError(f"'{quoted(text)}' is not a number; {self.line()}") from None
        fault = self.fault(value)
        if fault is not None:
            raise ValueError(f"{fault}; {self.line()}")
        return int(value) if self.whole else value


def _shown(number: float) -> str:
    return str(int(number)) if number == int(number) else f"{number:g}"


# --- the kernel's bounds (a system adds its own at its options and in check_game) ---

# The largest face of any die is a d100's (REACH): a modifier, a difficulty or a count of
# dice past it changes nothing any system's roll can tell apart.
MODIFIER = Bound(-REACH, REACH, past="past any die's reach")
# Inches on the table: a table top is six feet at most (72"), and the longest band any weapon of the
# rules here reaches (an extreme range four times a long range of 96", 384") is well inside a thousand.
MOST_INCHES = 1000
INCHES = Bound(0, MOST_INCHES, whole=False)
# Rounds: a skirmish lasts a handful of rounds, a dozen at most; a thousand is more than any
# evening holds, and keeps every report of a game quick (at three million one ran for minutes).
ROUNDS = 1000
# Changes in one game's journal (undo N, log --last N) and games in a campaign: far past any
# table's evening or season; the journal and the book are read whole below these.
CHANGES = 100_000
GAMES = 10_000
# Any number a save or a campaign file holds: no count, tally, score or distance of any game comes
# near a million, and below it every loop a command runs over one stays quick (schema.py checks it
# for every number of every save, before a system's own bounds).
MOST_KEPT = 1_000_000
KEPT = Bound(-MOST_KEPT, MOST_KEPT, whole=False, past="past any number a game keeps")
# A number the table answers (`Table.number`): a count, or inches on the table.
ANSWER = Bound(0, MOST_INCHES)
# A seed is any whole number Python's random accepts; 2**64 keeps the line short.
SEED = Bound(0, 2**64 - 1)


class Number(click.types._NumberRangeBase[Any, Any]):
    """A click type for a bounded, finite number: every numeric option and argument of every
    command has one (`cli.options.with_common` puts it in place of click's int and float). A
    click range type by descent, so `--help` shows its bound as it showed a Typer `min`/`max`."""

    def __init__(self, bound: Bound) -> None:
        super().__init__(min=bound.low, max=bound.high)
        self.bound = bound
        self.name = "integer" if bound.whole else "float"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                self.bound.check(value, "the number")
                return value
            return self.bound.parse(str(value))
        except ValueError as bad:
            self.fail(str(bad).removeprefix("the number: "), param, ctx)

    def _clamp(self, bound: Any, dir: Any, open: bool) -> Any:  # never clamps: a number past the bound is refused
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Number({self.bound.low}..{self.bound.high}{'' if self.bound.whole else ', float'})"


def for_param(param: click.Parameter) -> Number | None:
    """The `Number` a numeric parameter takes: its declared `min`/`max` (a Typer option's), a
    modifier's die reach; None for a parameter that is not a number or declares no bound
    (tests/test_numbers.py fails on any such)."""
    kind = param.type
    if isinstance(kind, Number) or not isinstance(kind, (click.types.IntParamType, click.types.FloatParamType)):
        return None
    whole = isinstance(kind, click.types.IntParamType)
    named = param.name or ""
    if named == "mod" or named.endswith("_mod") or named == "shift":
        low, high = getattr(kind, "min", None), getattr(kind, "max", None)
        return Number(Bound(MODIFIER.low if low is None else low, MODIFIER.high if high is None else high,
                            past=MODIFIER.past))
    if named == "seed":
        return Number(SEED)
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    if low is None or high is None:
        return None
    if getattr(kind, "min_open", False) or getattr(kind, "max_open", False):
        return None
    return Number(Bound(low, high, whole=whole))
