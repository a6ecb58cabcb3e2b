"""The referee's corrections: `set` a status and `damage` straight off Health."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table
from sprawl_cli.systems.sprawl.model import SHOWN_STATUSES, Character, Game
from sprawl_cli.systems.sprawl.damage import Victim, disengage, ledge_after, lose_health, pin, put_out_of_action
from sprawl_cli.systems.sprawl.morale import PanicTest, panic_tests
from sprawl_cli.systems.sprawl.movement import leave_the_table

SETTABLE = tuple(s for s in SHOWN_STATUSES if s != "engaged")


@dataclass
class StatusChange:
    name: str
    status: str
    on: bool
    statuses: list[str] = field(default_factory=list)
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "on": self.on, "statuses": self.statuses, "note": self.note}


def set_status(game: Game, c: Character, status: str, on: bool, weapon: str | None = None,
               count: int | None = None) -> StatusChange:
    """Put a status on or take it off, keeping the bookkeeping behind it consistent.

    `count` is the hiding roll's raw successes when putting `hidden` on (R19).

    Raises:
        BadInput: not a status that can be set, no gun to jam, or hidden without its count.
    """
    status = status.strip().lower().replace("-", "_").replace(" ", "_")
    if status == "engaged":
        raise BadInput("engagement starts with `sprawl charge` and ends with `sprawl break`; it cannot be set")
    if status not in SETTABLE:
        raise BadInput(f"'{status}' is not a status; use one of {', '.join(SETTABLE)}")
    change = StatusChange(c.name, status, on)
    if status in ("jammed", "out_of_ammo"):
        guns = [w for w in c.weapons if w.kind == "gun"]
        chosen = c.weapon(weapon) if weapon else (guns[0] if guns else None)
        if chosen is None:
            raise BadInput(f"{c.name} carries no gun to mark {status}")
        if on:
            c.weapon_states[chosen.name] = status
            if status == "jammed":
                c.jammed_turn[chosen.name] = game.turn
        elif c.weapon_states.get(chosen.name) == status:
            del c.weapon_states[chosen.name]
            c.jammed_turn.pop(chosen.name, None)
        change.note = f"{chosen.name}"
    elif status == "out_of_action" and on:
        if not c.has("out_of_action"):  # counted once in the campaign's books
            put_out_of_action(game, c)
    elif status == "out_of_play" and on:
        if not c.gone:
            leave_the_table(game, c)  # Out of Play by the referee's word, as over the edge (R10)
    elif status == "pinned" and on:
        pin(game, c, took_health=False)
    elif status == "panicked" and on:
        c.add("panicked")
        c.panicked_turn = game.turn
        c.drop("overwatch")
        disengage(game, c)
    elif status == "down" and on:
        pin(game, c, took_health=True)
        c.add("down")
    elif status == "hidden" and on:
        # R19: a spotter must match the hiding roll; 0 would mean it never hid.
        if count is None or count < 1:
            raise BadInput(f"give the successes of {c.name}'s hiding roll with --count N (1 or more); "
                           "a spotter must roll that many to find it (R19)")
        c.add("hidden")
        c.hidden_turn = game.turn
        c.hide_successes = count
    elif on:
        c.add(status)
    else:
        c.drop(status)
        if status == "pinned":
            from sprawl_cli.systems.sprawl.recovery import lift_pin

            c.drop("down")
            # R8: a pending "Recovery" result applies however the pin is lifted.
            lifted = lift_pin(game, c)
            if lifted is not None:
                change.note = (f"R8 Recovery: Health {lifted['health']}, Toughness {lifted['toughness']}"
                               + (", Out of Action" if lifted["out_of_action"] else ""))
        if status == "hidden":
            c.hide_successes = 0
    change.statuses = c.shown_statuses
    return change


@dataclass
class RefereeDamage:
    victim: Victim
    panic: list[PanicTest]

    def to_json(self) -> dict[str, Any]:
        return {"victims": [self.victim.to_json()], "panic": [p.to_json() for p in self.panic]}


def referee_damage(game: Game, c: Character, points: int, dice: Dice, table: Table,
                   ledge: bool = False) -> RefereeDamage:
    """Points straight off Health: no Toughness roll, no pin; 0 Health still brings R8, R7's
    ledge test when `ledge` (it lies within 1" of one), and R9 after it."""
    if points < 0:
        raise BadInput("damage takes 0 or more points")
    if c.gone:
        raise BadInput(f"{c.name} is already off the table")
    out = Victim(c.name, damage=points)
    lose_health(game, c, points, dice, out)
    ledge_after(game, c, ledge, dice, out)
    out.statuses = c.shown_statuses
    panic = panic_tests(game, [c], table, dice) if out.out_of_action else []
    return RefereeDamage(out, panic)
