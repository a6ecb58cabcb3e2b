"""Wounds, Toughness (G6), being down, recovering and removal (G7).

Every hit is a permanent wound. The Toughness test starts automatic and is
shifted right once per point of the weapon's damage and once per wound taken
before this hit; no dice modifiers. Failing it puts the character down. A down
character's first action is a recovery from automatic, shifted right once per
wound; once that test would be impossible the character leaves the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import Dice, Table, refuse
from sprawl_cli.systems.gunplay.ladder import roll_test, shifted
from sprawl_cli.systems.gunplay.model import Character, Game
from sprawl_cli.systems.gunplay.turn import begin_action, check_game_end, end_activation, spend_action


@dataclass(frozen=True)
class Victim:
    """One hit landing: the wound, the Toughness test and where it left the character."""

    name: str
    wounds: int  # after this hit
    toughness_column: str
    toughness_roll: int | None  # None when automatic, impossible, or already down
    down: bool
    removed: bool
    already_down: bool = False  # down before this hit: no Toughness test (house, G6)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "wounds": self.wounds, "toughness_column": self.toughness_column,
                "toughness_roll": self.toughness_roll, "down": self.down, "removed": self.removed,
                "already_down": self.already_down}


def toughness_column(damage: int, wounds_before: int) -> str:
    """G6: automatic, shifted right by the damage plus the wounds taken before this hit."""
    return shifted("automatic", -(damage + wounds_before))


def recovery_column(wounds: int) -> str:
    """G7: automatic, shifted right once per wound."""
    return shifted("automatic", -wounds)


def remove_if_hopeless(game: Game, c: Character) -> bool:
    """G7: a down character whose recovery could only be impossible leaves the game."""
    if c.down and not c.gone and recovery_column(c.wounds) == "impossible":
        c.add("removed")
        c.aiming_at = None
        if game.active == c.name:
            end_activation(game, c)
        return True
    return False


def put_down(game: Game, c: Character) -> None:
    """On its back: not prone any more; a character down in its own activation stops there."""
    c.add("down")
    c.drop("prone")
    c.aiming_at = None
    if game.active == c.name:
        end_activation(game, c)


def take_hit(game: Game, victim: Character, damage: int, dice: Dice) -> Victim:
    """G6: one wound and a Toughness test (dice: one d12, or one d20 with that setting).

    A character already down just takes the wound: it cannot fall further (house reading).
    The caller ends the game (`check_game_end`) once the whole exchange has landed: blows
    struck together (G8) all land before anyone is declared the winner.
    """
    column = toughness_column(damage, victim.wounds)
    victim.wounds += 1
    roll: int | None = None
    already_down = victim.down
    if not already_down:
        test = roll_test(dice, f"{victim.name}: Toughness", column, sides=game.die_sides())
        roll = test.rolls[0] if test.rolls else None
        if not test.success:
            put_down(game, victim)
    removed = remove_if_hopeless(game, victim)
    return Victim(victim.name, victim.wounds, column, roll, victim.down, removed, already_down)


@dataclass(frozen=True)
class Recovery:
    """`recover NAME`: the G7 test and its result."""

    name: str
    column: str
    target_number: int | None
    rolls: list[int]
    success: bool
    wounds: int
    removed: bool
    statuses: list[str]
    actions_left: int
    activation_over: bool
    over: bool
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "action": "recover", "column": self.column, "target_number": self.target_number,
                "rolls": list(self.rolls), "modifier": 0, "success": self.success, "wounds": self.wounds,
                "removed": self.removed, "statuses": list(self.statuses), "actions_left": self.actions_left,
                "activation_over": self.activation_over, "over": self.over, "winner": self.winner}


def recover(game: Game, c: Character, dice: Dice, table: Table) -> Recovery:
    """G7: a down character tries to get up (one d12). Success: prone, one action left.
    Failure: one more wound and the activation ends (removed if recovery is now hopeless).

    Raises:
        RuleRefusal: it is not down, or it is not its go (see `begin_action`).
    """
    begin_action(game, c, table, "recover")
    if not c.down:
        refuse(table, f"{c.name} is not down; recovery is only for a character on its back (G7)")
    c.aiming_at = None
    column = recovery_column(c.wounds)
    if column == "impossible":
        # Only reachable after a referee's `set`: the text takes it out of the game.
        c.add("removed")
        end_activation(game, c)
        check_game_end(game)
        return Recovery(c.name, column, None, [], False, c.wounds, True, c.shown_statuses, 0, True,
                        game.over, game.winner)
    test = roll_test(dice, f"{c.name}: Recovery", column, sides=game.die_sides())
    removed = False
    if test.success:
        c.drop("down")
        c.add("prone")
        over = spend_action(game, c)
    else:
        c.wounds += 1
        c.add("down")
        c.drop("prone")  # a forced test on a prone character puts it on its back, not both
        end_activation(game, c)
        over = True
        removed = remove_if_hopeless(game, c)
        check_game_end(game)
    return Recovery(c.name, column, test.target_number, list(test.rolls), test.success, c.wounds, removed,
                    c.shown_statuses, c.actions_left, over, game.over, game.winner)
