"""`set NAME STATUS on|off`: the referee's corrections to a figure's state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput
from sprawl_cli.systems.street_fight.model import DASH, NORMAL_MOVE, SHOWN_STATUSES, Character, Game
from sprawl_cli.systems.street_fight.morale import casualty, testing_morale

SETTABLE = SHOWN_STATUSES + ("in_cover",)  # in_cover is shown in its own column, not among the statuses


@dataclass(frozen=True)
class StatusSet:
    name: str
    status: str
    on: bool
    statuses: tuple[str, ...]
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "on": self.on, "statuses": list(self.statuses),
                "note": self.note or None}


def set_status(game: Game, c: Character, status: str, on: bool) -> StatusSet:
    """Put `status` on or off `c` with the bookkeeping behind it.

    Raises:
        BadInput: not a Street-Fight status, or `in_combat on` (use `fight`, which says with whom).
    """
    key = status.strip().lower().replace("-", "_")
    if key not in SETTABLE:
        raise BadInput(f"'{status}' is not a Street-Fight status; use one of {', '.join(SETTABLE)}")
    note = ""
    if key == "casualty":
        if on and not c.gone:
            casualty(game, c, None)
            if testing_morale(game, game.squad_of(c)):
                note = "counted for its squad's morale (F10)"
        elif not on:
            c.drop("casualty")
            if game.over and any(game.standing(s) for s in game.squads if s.name != game.winner):
                game.over, game.winner, game.reason = False, None, None
    elif key == "moved":
        c.moved_inches = NORMAL_MOVE if on else 0.0
        if not on:
            c.still_moving = False
    elif key == "ran":
        c.moved_inches = DASH if on else min(c.moved_inches, NORMAL_MOVE)
    elif key == "in_cover":
        c.in_cover = on
    elif key == "aiming":
        c.aim_turns = max(1, c.aim_turns) if on else 0
    elif key == "in_combat":
        if on:
            raise BadInput("close combat needs an opponent: `fight NAME TARGET` puts two figures in combat")
        game.break_off(c)
    elif on:
        c.add(key)
        if key == "overwatch":
            c.overwatch_turn = game.round
            c.overwatch_spent = False
        if key == "sheltering":
            c.drop("falling_back")
            c.sheltering_turn = game.round
    else:
        c.drop(key)
        if key == "sheltering":
            c.sheltering_turn = None
    return StatusSet(c.name, key, on, tuple(c.shown_statuses), note)
