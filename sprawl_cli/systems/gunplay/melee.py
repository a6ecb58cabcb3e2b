"""Melee (G8): strike and charge. Both roll a d12 at once; the lower natural roll
strikes first, equal rolls strike together, and a down target does not answer.

Dice order: the acting character's d12, the other's d12 (not rolled when it is
down), then a Toughness die for each blow that lands, in the order they land.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table, refuse
from sprawl_cli.systems.gunplay.firing import find_weapon
from sprawl_cli.systems.gunplay.ladder import shifted, succeeds, target_number
from sprawl_cli.systems.gunplay.model import UNARMED, Character, Game, Weapon
from sprawl_cli.systems.gunplay.toughness import Victim, take_hit
from sprawl_cli.systems.gunplay.turn import begin_action, check_game_end, spend_action

BASE = "hard"  # G8
CHARGE_SHIFT = 1
DOWN_TARGET_SHIFT = 1


def best_melee(c: Character, name: str | None = None) -> Weapon:
    """`--weapon`, else the highest-damage melee weapon (first of equals), else unarmed (G5)."""
    if name is not None and name.strip().lower() == UNARMED.name.lower():
        return UNARMED
    chosen = find_weapon(c, name, ranged=False)
    if chosen is not None:
        return chosen
    blades = c.melee_weapons()
    if not blades:
        return UNARMED
    return max(blades, key=lambda w: w.damage)  # max keeps the first of equals


@dataclass(frozen=True)
class Side:
    """One fighter's half of the exchange."""

    name: str
    weapon: str
    column: str
    target_number: int | None
    modifier: int
    roll: int | None  # None: down, it does not answer

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "weapon": self.weapon, "column": self.column,
                "target_number": self.target_number, "modifier": self.modifier, "roll": self.roll}


@dataclass(frozen=True)
class MeleeOutcome:
    action: str  # strike | charge
    striker: Side
    other: Side
    order: list[str]
    struck: list[str]  # who landed a blow, in order
    victims: list[Victim]
    actions_left: int
    activation_over: bool
    over: bool
    winner: str | None
    draw: bool = False

    def to_json(self) -> dict[str, Any]:
        rolls = [r for r in (self.striker.roll, self.other.roll) if r is not None]
        return {"name": self.striker.name, "action": self.action, "target": self.other.name,
                "weapon": self.striker.weapon, "charging": self.action == "charge",
                "column": self.striker.column, "target_number": self.striker.target_number, "rolls": rolls,
                "modifier": self.striker.modifier, "hits": len(self.victims),
                "victims": [v.to_json() for v in self.victims], "order": list(self.order),
                "answer": self.other.to_json(), "actions_left": self.actions_left,
                "activation_over": self.activation_over, "over": self.over, "winner": self.winner,
                "draw": self.draw}


def reach(c: Character, target: Character, table: Table, charging: bool) -> None:
    """The text: melee needs contact, and a charge is a quick move into it. Only the table
    knows, so it is asked.

    Raises:
        NeedsAnswer: no terminal and no --yes.
        RuleRefusal: the answer is no (forced: the blow is struck anyway).
    """
    if charging:
        if not table.confirm(f"Can {c.name} reach contact with {target.name} in one quick move "
                             "(up to 6\" in a straight line)?"):
            refuse(table, f"{c.name} cannot reach {target.name} with a quick move: no charge (G3, G8)")
    elif not table.confirm(f"Is {c.name} in contact with {target.name}?"):
        refuse(table, f"{c.name} is not in contact with {target.name}: a strike needs contact (G8); "
                      f"`charge {c.name} {target.name}` moves into it")


def strike(game: Game, c: Character, target: Character, dice: Dice, table: Table,
           weapon: str | None = None, charging: bool = False) -> MeleeOutcome:
    """G8: one round of melee between `c` (acting, one action) and `target` (free answer).

    Raises:
        BadInput: itself or a removed character as target; a weapon it does not carry.
        RuleRefusal: a friend as target; not its go (see `begin_action`); not in contact (or, for
            a charge, out of a quick move's reach).
        NeedsAnswer: contact is asked, and neither a terminal nor --yes answers it.
    """
    if target is c:
        raise BadInput(f"{c.name} cannot strike itself")
    if target.gone:
        raise BadInput(f"{target.name} has been removed from the game")
    own = best_melee(c, weapon)
    theirs = best_melee(target)
    if target.squad == c.squad:
        refuse(table, f"{target.name} is on {c.name}'s own side")
    action = "charge" if charging else "strike"
    begin_action(game, c, table, action)
    reach(c, target, table, charging)
    c.aiming_at = None
    if charging:
        c.drop("prone")  # G3: a charge is a quick move into contact
    sides = game.die_sides()
    a_column = shifted(BASE, (CHARGE_SHIFT if charging else 0) + (DOWN_TARGET_SHIFT if target.down else 0))
    a_mod = c.melee - c.wounds  # G8: -1 per wound
    a_roll = dice.roll(1, f"{c.name}: {action.capitalize()}", sides)[0]
    b_column = shifted(BASE, DOWN_TARGET_SHIFT if c.down else 0)
    b_mod = target.melee - target.wounds
    answers = not target.down
    b_roll = dice.roll(1, f"{target.name}: Strike back", sides)[0] if answers else None
    striker = Side(c.name, own.name, a_column, target_number(a_column, sides), a_mod, a_roll)
    other = Side(target.name, theirs.name, b_column, target_number(b_column, sides), b_mod, b_roll)

    blows = {c.name: succeeds(a_roll, a_mod, a_column, sides),
             target.name: b_roll is not None and succeeds(b_roll, b_mod, b_column, sides)}
    fighters = {c.name: (c, own), target.name: (target, theirs)}
    if b_roll is None:
        order = [c.name]
    elif b_roll < a_roll:
        order = [target.name, c.name]
    else:
        order = [c.name, target.name]
    together = b_roll is not None and a_roll == b_roll
    struck: list[str] = []
    victims: list[Victim] = []
    for name in order:
        hitter, hit_with = fighters[name]
        if not together and (hitter.down or hitter.gone):
            continue  # put down by the first blow: it does not strike back
        if not blows[name]:
            continue
        victim = next(f for f in (c, target) if f is not hitter)
        if victim.gone:
            continue
        was_down = victim.down
        landed = take_hit(game, victim, hit_with.damage, dice)
        struck.append(name)
        victims.append(landed)
        hitter.record.hits += 1
        hitter.record.wounds_dealt += 1
        hitter.record.put_down += int(landed.down and not was_down)
        hitter.record.removed += int(landed.removed)
    check_game_end(game)  # G8: after every blow of the exchange, so a mutual wipe-out is a draw
    over = spend_action(game, c) if game.active == c.name else True
    return MeleeOutcome(action, striker, other, order, struck, victims, c.actions_left, over, game.over,
                        game.winner, game.draw)
