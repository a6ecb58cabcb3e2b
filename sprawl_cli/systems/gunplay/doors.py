"""What each Gunplay command is to the turn referee, in one table (`sprawl_cli.gate`): every
game-changing command passes its door's checks before its rule runs (G2, G3, G7).

The checks, each a question of the game:
- `present`: a removed character has left the game (nobody overrules that).
- `alone`: nobody else is in the middle of an activation.
- `fresh`: it has not activated already this turn.
- `side`: its side is the one activating now (the sides alternate).
- `down`: a down character's first action is its recovery test.

Its two actions an activation are counted by the rules as they run (`turn.spend_action`).
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import ACTION, REFEREE, Check, Door


def _present(game: Any, who: Any, door: str) -> str | None:
    return f"{who.name} has been removed from the game and cannot act" if who.gone else None


def _alone(game: Any, who: Any, door: str) -> str | None:
    if game.active is None or game.active == who.name:
        return None
    return (f"{game.active} is in the middle of an activation; finish it (or `done {game.active}`) before "
            f"{who.name} acts")


def _fresh(game: Any, who: Any, door: str) -> str | None:
    return f"{who.name} has already activated this turn" if game.active != who.name and who.activated else None


def _side(game: Any, who: Any, door: str) -> str | None:
    current = game.current_squad.name
    if game.active == who.name or who.squad == current:
        return None
    return f"{current} activate a character now, not {who.squad} (G2: the sides alternate)"


def _down(game: Any, who: Any, door: str) -> str | None:
    return f"{who.name} is down: its first action must be `recover {who.name}` (G7)" if who.down else None


CHECKS = {
    "present": Check("the character has been removed", _present, forceable=False),
    "alone": Check("another character is in the middle of its activation", _alone),
    "fresh": Check("it has activated already this turn", _fresh),
    "side": Check("the other side is activating (G2)", _side),
    "down": Check("it is down and has not tried to recover (G7)", _down),
}

_GO = ("present", "alone", "fresh", "side")
_ACT = _GO + ("down",)

DOORS = {
    "move": Door(ACTION, "one of its two actions", _ACT),
    "aim": Door(ACTION, "one of its two actions", _ACT),
    "fire": Door(ACTION, "one of its two actions", _ACT),
    "strike": Door(ACTION, "one of its two actions", _ACT),
    "charge": Door(ACTION, "one of its two actions (a quick move and a strike)", _ACT),
    "interact": Door(ACTION, "one of its two actions", _ACT),
    "pass": Door(ACTION, "one of its two actions", _ACT),
    "recover": Door(ACTION, "its first action while down (G7)", _GO),
    "done": Door(ACTION, "what is left of its activation", _GO),
    "set": Door(REFEREE, "nothing: the referee's correction"),
}
