"""What each Scratch:Grid command is to the turn referee, in one table (`sprawl_cli.gate`):
every game-changing command passes its door's checks before its rule runs (S2, S4, S6).

The checks, each a question of the game:
- `present`: an escaped character has left the map (nobody overrules that).
- `turn`: it is its side's turn.
- `move`: it may still move this turn (one move; not incapacitated, held or stopped by an
  interrupting attack).
- `act`: it may still act this turn (one action; not incapacitated, delayed or stopped).
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import ACTION, LOOK, Check, Door, verb


def _present(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.scratch_grid.turn import absence

    return absence(who, verb(door))


def _turn(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.scratch_grid.turn import turn_refusal

    return turn_refusal(game, who, verb(door))


def _move(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.scratch_grid.turn import move_refusal

    return move_refusal(who, verb(door))


def _act(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.scratch_grid.turn import act_refusal

    return act_refusal(who, verb(door))


CHECKS = {
    "present": Check("the character has escaped", _present, forceable=False),
    "turn": Check("it is the other side's turn (S6)", _turn),
    "move": Check("it has moved, or cannot move (incapacitated, held, stopped by an interrupt)", _move),
    "act": Check("it has acted, or cannot act (incapacitated, delayed, stopped by an interrupt)", _act),
}

DOORS = {
    "map": Door(LOOK, "nothing: the map, and where one may move", actor=False),
    "los": Door(LOOK, "nothing: a line of sight, worked out", actor=False),
    "move": Door(ACTION, "its one move of the turn", ("present", "turn", "move")),
    "escape": Door(ACTION, "its one move of the turn, off the map", ("present", "turn", "move")),
    "attack": Door(ACTION, "its one action of the turn", ("present", "turn", "act")),
    "evade": Door(ACTION, "its one action of the turn", ("present", "turn", "act")),
    "heal": Door(ACTION, "its one action of the turn", ("present", "turn", "act")),
}
