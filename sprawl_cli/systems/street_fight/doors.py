"""What each Street-Fight command is to the turn referee, in one table (`sprawl_cli.gate`):
every game-changing command passes its door's checks before its rule runs (F1, F7, F10).

The checks, each a question of the game:
- `standing`: a casualty is off the table (nobody overrules that).
- `phase`: the command belongs to the phases its door names.
- `side`: its side is the one acting in this phase.
- `fire`: a shot is its side's, in the Shooting phase.
- `watch`: an overwatch shot is taken in the enemy's Movement or Shooting phase (F7).
- `steady`: a figure falling back or sheltering does nothing else until that is done (F10).

What a turn allows beyond that (one shot, aim turns, a dash) is counted by the rules as
they run.
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import ACTION, REACTION, TURN, Check, Door, verb


def _standing(game: Any, who: Any, door: str) -> str | None:
    return f"{who.name} is a casualty and cannot {verb(door)}" if who.gone else None


def _phase(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.street_fight.turn import phase_refusal

    return phase_refusal(game, verb(door), *DOORS[door].phases)


def _side(game: Any, who: Any, door: str) -> str | None:
    if who.squad == game.current_squad.name:
        return None
    return f"{who.name} cannot {verb(door)} now: {game.current_squad.name} is acting in this phase"


def _fire(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.street_fight.turn import phase_refusal

    return phase_refusal(game, "shooting", "shooting") or _side(game, who, door)


def _watch(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.street_fight.turn import phase_refusal

    if who.squad == game.current_squad.name:
        return f"overwatch fire is taken during the enemy's turn; {who.squad} is acting now (F7)"
    return phase_refusal(game, "overwatch fire", "movement", "shooting")


def _steady(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.street_fight.turn import unsteadiness

    return unsteadiness(game, who, verb(door))


CHECKS = {
    "standing": Check("the figure is a casualty", _standing, forceable=False),
    "phase": Check("outside its phase", _phase),
    "side": Check("the other side is acting", _side),
    "fire": Check("outside its side's Shooting phase", _fire),
    "watch": Check("in its own side's turn, or outside the enemy's Movement and Shooting phases (F7)", _watch),
    "steady": Check("falling back or sheltering (F10)", _steady),
}

DOORS = {
    "move": Door(ACTION, "its move (5\", or a 9\" dash)", ("standing", "phase", "side"), phases=("movement",)),
    "aim": Door(ACTION, "its whole turn", ("standing", "phase", "side", "steady"), phases=("movement",)),
    "overwatch": Door(ACTION, "its turn, for a shot in the enemy's", ("standing", "phase", "side", "steady"),
                      phases=("movement",)),
    "shoot": Door(ACTION, "its shot of the turn", ("standing", "steady", "fire")),
    "shoot --overwatch": Door(REACTION, "its one overwatch shot, in the enemy's turn", ("standing", "steady", "watch")),
    "fight": Door(ACTION, "a round of close combat", ("standing", "phase", "side"), phases=("close",)),
    "morale": Door(TURN, "nothing: a squad's test by hand", actor=False),
}
