"""F2 Movement, and what is declared in the Movement phase: aiming (F3) and overwatch (F7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput, Table, refuse
from sprawl_cli.systems.street_fight.chance import measured
from sprawl_cli.systems.street_fight.model import DASH, MAX_AIM, NORMAL_MOVE, Character, Game
from sprawl_cli.systems.street_fight.turn import require_own_side, require_phase, require_standing, \
    require_steady
from sprawl_cli.systems.street_fight.weapons import weapon


def inches_text(value: float) -> str:
    return f"{value:g}\""


@dataclass(frozen=True)
class Move:
    name: str
    inches: float
    moved: float  # this turn in all
    ran: bool  # over 5": no firing, no entering cover, counts as moving next turn (F2)
    into_cover: bool
    aim_lost: int  # turns of aim the move threw away (F3)
    cover_regained: bool  # F8: it had fired from cover; moving ends that
    sheltering: bool  # F10: a falling-back figure reached cover
    left_combat: tuple[str, ...] = ()  # falling back out of a fight (F10)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "inches": self.inches, "moved": self.moved, "ran": self.ran,
                "into_cover": self.into_cover, "aim_lost": self.aim_lost, "cover_regained": self.cover_regained,
                "sheltering": self.sheltering, "left_combat": list(self.left_combat)}


def move(game: Game, c: Character, inches: float | None, into_cover: bool, table: Table) -> Move:
    """F2: move up to 5", or up to 9" giving up firing and cover this turn.

    Raises:
        BadInput: a distance of 0 or less.
        RuleRefusal: out of phase or turn, too far, into cover after a dash, in combat, sheltering.
    """
    require_standing(c, "move")
    distance = NORMAL_MOVE if inches is None else measured(inches, "--inches")
    if distance <= 0:
        raise BadInput(f"--inches should be more than 0, not {distance:g}")
    require_phase(game, table, "moving", "movement")
    require_own_side(game, table, c, "move")
    falling = c.has("falling_back")
    if c.has("sheltering"):
        require_steady(game, c, table, "move")
    if c.engaged_with and not falling:
        refuse(table, f"{c.name} is in close combat with {', '.join(c.engaged_with)} and stays in it until the "
                      "fight is decided (F9)")
    if c.has("overwatch"):
        refuse(table, f"{c.name} is on overwatch and must stay still this turn (F7)")
    if c.aimed_turn == game.round:
        refuse(table, f"{c.name} is aiming this turn and must stay still (F3)")
    total = c.moved_inches + distance
    if total > DASH:
        already = f"; it has moved {inches_text(c.moved_inches)} already" if c.moved_inches else ""
        refuse(table, f"{c.name} can move at most 9\" in a turn (F2){already}")
    if into_cover and total > NORMAL_MOVE:
        so_far = f" after the {inches_text(c.moved_inches)} it has moved" if c.moved_inches else ""
        refuse(table, f"a move of {inches_text(distance)}{so_far} takes {c.name} to {inches_text(total)} this turn, "
                      "and a figure that goes over 5\" cannot enter cover that turn (F2); move it 5\" or less "
                      "in all, or leave out --into-cover")
    aim_lost = c.aim_turns
    regained = c.fired_since_move
    c.moved_inches = total
    c.aim_turns = 0
    c.aimed_turn = None
    c.fired_since_move = False
    c.in_cover = into_cover
    c.drop("overwatch")
    left = game.break_off(c) if falling else []
    sheltering = falling and into_cover
    if sheltering:
        c.drop("falling_back")
        c.add("sheltering")
        c.sheltering_turn = game.round
    return Move(c.name, distance, total, total > NORMAL_MOVE, into_cover, aim_lost, regained, sheltering,
                tuple(left))


@dataclass(frozen=True)
class Aim:
    name: str
    aim_turns: int
    bonus: int  # what its next shot gains (F3)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "aim_turns": self.aim_turns, "bonus": self.bonus}


def aim(game: Game, c: Character, table: Table) -> Aim:
    """F3: spend this turn aiming: +10 to its next shot per turn aimed, at most 3 turns.

    Raises:
        RuleRefusal: out of phase or turn, moving, an HMG, on overwatch, aimed already this turn.
    """
    require_standing(c, "aim")
    require_phase(game, table, "aiming", "movement")
    require_own_side(game, table, c, "aim")
    require_steady(game, c, table, "aim")
    if c.aimed_turn == game.round:
        refuse(table, f"{c.name} is already aiming this turn")
    if c.moved:
        refuse(table, f"{c.name} has moved this turn and cannot aim (F3)")
    elif c.still_moving:
        refuse(table, f"{c.name} ran over 5\" last turn and still counts as moving, so it cannot aim (F2)")
    if weapon(c.weapon).heavy:
        refuse(table, f"{c.name}'s HMG gains nothing from aiming (F5)")
    if c.has("overwatch"):
        refuse(table, f"{c.name} is on overwatch, which takes no aim bonus (F7)")
    if c.engaged_with:
        refuse(table, f"{c.name} is in close combat with {', '.join(c.engaged_with)}")
    c.aim_turns += 1
    c.aimed_turn = game.round
    return Aim(c.name, c.aim_turns, 10 * min(MAX_AIM, c.aim_turns))


@dataclass(frozen=True)
class Overwatch:
    name: str
    large: bool
    penalty: int  # on each overwatch shot (F7)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "large": self.large, "penalty": self.penalty}


def overwatch(game: Game, c: Character, large: bool, table: Table) -> Overwatch:
    """F7: stay still and hold fire this turn, covering a point of aim (a large area at -20).

    Raises:
        RuleRefusal: out of phase or turn, moved, aiming, in combat.
    """
    require_standing(c, "go on overwatch")
    require_phase(game, table, "going on overwatch", "movement")
    require_own_side(game, table, c, "go on overwatch")
    require_steady(game, c, table, "go on overwatch")
    if c.moved:
        refuse(table, f"{c.name} has moved this turn; overwatch needs it to stay still (F7)")
    if c.aimed_turn == game.round:
        refuse(table, f"{c.name} is aiming this turn; overwatch takes no aim bonus (F7)")
    if c.engaged_with:
        refuse(table, f"{c.name} is in close combat with {', '.join(c.engaged_with)}")
    c.add("overwatch")
    c.overwatch_turn = game.round
    c.overwatch_large = large
    c.overwatch_spent = False
    return Overwatch(c.name, large, -20 if large else -10)
