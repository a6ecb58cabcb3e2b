"""Moving (G3): cautious (3") or quick (6" in a straight line, difficult ground tested).

Dice order: one die for a difficult-ground test, when the players name its column.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import Dice, Table, refuse
from sprawl_cli.systems.gunplay.ladder import ROLLED, Test, check_column, roll_test
from sprawl_cli.systems.gunplay.model import Character, Game
from sprawl_cli.systems.gunplay.turn import begin_action, spend_action

CAUTIOUS_INCHES = 3
QUICK_INCHES = 6


@dataclass(frozen=True)
class MoveOutcome:
    name: str
    quick: bool
    inches: int  # the most it may move
    test: Test | None  # the difficult-ground test, when one was named
    passed: bool  # false: it stops at the difficult ground
    actions_left: int
    activation_over: bool

    @property
    def facing(self) -> str:
        """G11: a quick move ends facing the way it moved, a cautious one any way the player likes.
        The model on the table keeps it; no rule here reads it."""
        return "the way it moved" if self.quick else "any"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "action": "move", "quick": self.quick, "inches": self.inches,
                                "facing": self.facing, "passed": self.passed, "actions_left": self.actions_left,
                                "activation_over": self.activation_over, "test": None}
        if self.test is not None:
            data["test"] = self.test.to_json()
        return data


GROUND = ("none", "automatic", *ROLLED, "impossible")  # what `--difficult` may say


def _quick_line(c: Character, told: str | None, column: str | None, table: Table) -> str | None:
    """G3: a quick move runs in a straight line, and difficult ground on it needs a test; only the
    table knows either. Returns the test's column (None: no difficult ground).

    Raises:
        RuleRefusal: the line is not straight (forced: it goes ahead).
        NeedsAnswer: no --yes, no `--difficult`, and no terminal to ask.
    """
    if not table.confirm(f"Does {c.name}'s quick move run in one straight line (G3)?"):
        refuse(table, f"a quick move runs in one straight line (G3): move {c.name} cautiously, or in two moves")
    if told is not None:
        return column
    answer = table.choose("difficult", f"What difficult ground does {c.name}'s quick move cross: the column of its "
                                       "test, or none (G3; the scenario says)?", list(GROUND))
    return None if answer == "none" else answer


def move(game: Game, c: Character, dice: Dice, table: Table, quick: bool = False,
         difficult: str | None = None, shift: int = 0) -> MoveOutcome:
    """G3: one move action. `difficult` names the column of the test for crossing difficult
    ground on a quick move (the scenario sets it); failing it stops the move there.
    A prone character gets up to move (house reading).

    Raises:
        BadInput: an unknown column.
        RuleRefusal: not its go (see `begin_action`); a quick move that is not straight.
        NeedsAnswer: a quick move's line or ground, not given, and no terminal to ask.
    """
    told = difficult.strip().lower() if difficult else None
    column = check_column(told, ROLLED + ("automatic", "impossible")) if told and told != "none" else None
    begin_action(game, c, table, "move")
    if quick:
        column = _quick_line(c, told, column, table)
    c.aiming_at = None
    c.drop("prone")
    test = None
    if column is not None:
        test = roll_test(dice, f"{c.name}: Difficult ground", column, shift, sides=game.die_sides())
    over = spend_action(game, c)
    inches = QUICK_INCHES if quick else CAUTIOUS_INCHES
    return MoveOutcome(c.name, quick, inches, test, test is None or test.success, c.actions_left, over)
