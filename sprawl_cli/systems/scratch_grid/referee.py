"""The referee's corrections as rules: `set NAME STATUS on|off`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput
from sprawl_cli.systems.scratch_grid.model import STATUSES, Character, Game
from sprawl_cli.systems.scratch_grid.movement import leave
from sprawl_cli.systems.scratch_grid.turn import check_end, incapacitate


@dataclass(frozen=True)
class StatusChange:
    name: str
    status: str
    on: bool
    changed: bool
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "on": self.on, "changed": self.changed, "notes": self.notes}


def set_status(game: Game, c: Character, status: str, on: bool) -> StatusChange:
    """The referee's correction: `set NAME STATUS on|off`.

    Raises:
        BadInput: an unknown status, or putting an escaped character back where someone stands.
    """
    if status not in STATUSES:
        raise BadInput(f"'{status}' is not a Scratch:Grid status; use one of {', '.join(STATUSES)}")
    if c.has(status) == on:
        return StatusChange(c.name, status, on, False)
    notes = []
    if status == "escaped":
        if on:
            leave(c)
            c.record.escaped -= 1  # a correction, not an escape earned in play
        else:
            back = c.left_from
            if back is None:
                raise BadInput(f"nobody knows where {c.name} left the map; `sprawl undo` takes back the escape")
            if game.occupant(game.board.space(back)) is not None:
                raise BadInput(f"{c.name} cannot be put back at {back}: someone stands there; "
                               "`sprawl undo` takes back the escape instead")
            c.at, c.left_from = back, None
            c.drop("escaped")
            notes.append(f"{c.name} is back at {back}")
    elif status == "incapacitated" and on:
        incapacitate(c)
        c.record.times_incapacitated -= 1
    elif on:
        if status == "injured":
            c.drop("incapacitated")
        c.add(status)
        if status == "immobilised":
            c.immobilised_turn = game.next_turn_of(c.squad)
            notes.append(f"until the end of turn {c.immobilised_turn}")
        if status == "delayed":
            c.delayed_turn = game.next_turn_of(c.squad)
            notes.append(f"until the end of turn {c.delayed_turn}")
    else:
        c.drop(status)
        if status == "immobilised":
            c.immobilised_turn = None
        if status == "delayed":
            c.delayed_turn = None
    check_end(game)
    return StatusChange(c.name, status, on, True, notes)
