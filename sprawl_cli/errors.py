"""The few errors sprawl raises on purpose, and the exit codes they map to.

Exactly one place (`sprawl_cli.cli.boundary.boundary`) turns them into an `error:` line
on stderr (and `{"error": ...}` with `--json`) and an exit code.
"""

from __future__ import annotations

from typing import Final


class ExitCode:
    """The exit codes (SPEC section 2). Plain ints, not an IntEnum: every command imports this
    module, and creating an enum class costs more at start-up than the rest of it."""

    OK: Final = 0
    REFUSED: Final = 1  # a rule, the game's state, or bad input said no
    USAGE: Final = 2  # the command line itself is wrong


class SprawlError(Exception):
    """Base of every error the user should see as one clear line."""

    exit_code: int = ExitCode.REFUSED

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UsageProblem(SprawlError):
    """The command line asks for something malformed (exit 2)."""

    exit_code = ExitCode.USAGE


class BadInput(SprawlError):
    """A value given on the command line or a prompt is not acceptable."""


class RuleRefusal(SprawlError):
    """The rules (or the game's phase) forbid this. Raised as it is, it is final: a refusal the
    referee may overrule goes through `table.refuse(table, why)`, which raises it only when
    `--force` was not given (and journals the overrule when it was)."""


class GameOver(RuleRefusal):
    """The game has ended; no more game actions (undo still works)."""


class SaveFileError(SprawlError):
    """A save, roster or campaign file is missing, broken, hostile or locked."""


class DiceShortage(SprawlError):
    """Scripted dice ran out and there is no terminal to ask for the rest."""


class NeedsAnswer(SprawlError):
    """A fact about the table is needed and neither an option nor a terminal gave it."""
