"""What each SPRAWL command is to the turn referee, in one table (`sprawl_cli.gate`): every
game-changing command passes its door's checks before its rule runs (R23).

The checks, each a question of the game:
- `present`: a character Out of Action or Out of Play has left the table (nobody overrules that).
- `phase`: the command belongs to the phases its door names.
- `turn`: it is the character's side's turn.
- `fire`: a shot is taken in its side's Ranged Combat Phase, or by an overwatcher at any
  moment of the enemy's turn (R20).
- `steady`: Down, pinned or panicked characters act by no choice of their own (R8, R10, R11).
- `free`: an engaged character only fights or breaks away (R12).

What a turn allows beyond that (one shot, a run that must be all it does, crawling while
Down) is counted by the rules as they run: it depends on what the character did before.
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import ACTION, REACTION, REFEREE, TURN, Check, Door, verb


def _present(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.sprawl.turn import absence

    return absence(who, verb(door))


def _phase(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.sprawl.turn import phase_refusal

    return phase_refusal(game, verb(door), *DOORS[door].phases)


def _turn(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.sprawl.turn import turn_refusal

    return turn_refusal(game, who, verb(door))


def _fire(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.sprawl.turn import phase_refusal, turn_refusal

    if game.is_turn_of(who):
        return phase_refusal(game, "Shooting", "ranged")
    if who.has("overwatch"):
        return None  # R20: an overwatcher fires once at any moment of the enemy's turn
    return turn_refusal(game, who, "shoot (only a character on overwatch fires in the enemy's turn, R20)")


def _steady(game: Any, who: Any, door: str) -> str | None:
    from sprawl_cli.systems.sprawl.turn import unsteadiness

    return unsteadiness(who, verb(door))


def _free(game: Any, who: Any, door: str) -> str | None:
    if not who.engaged_with:
        return None
    return (f"{who.name} cannot {verb(door)}: it is in close combat with {', '.join(who.engaged_with)} and can "
            f"only fight or break away (`sprawl break {who.name}`, R12)")


CHECKS = {
    "present": Check("the character is Out of Action or Out of Play", _present, forceable=False),
    "phase": Check("outside its phase", _phase),
    "turn": Check("it is the other side's turn", _turn),
    "fire": Check("outside its side's Ranged Combat Phase, unless on overwatch in the enemy's turn (R20)", _fire),
    "steady": Check("Down, pinned or panicked (R8, R10, R11)", _steady),
    "free": Check("engaged in close combat (R12)", _free),
}

_MOVE = ("present", "phase", "turn")

DOORS = {
    "move": Door(ACTION, "its move (a run is all it does)", _MOVE + ("free",), phases=("movement",)),
    "charge": Door(ACTION, "its move, into close combat", _MOVE + ("steady", "free"), phases=("movement",)),
    "hide": Door(ACTION, "its move", _MOVE + ("steady", "free"), phases=("movement",)),
    "spot": Door(ACTION, "a look, once a turn", _MOVE + ("steady", "free"), phases=("movement", "ranged")),
    "overwatch": Door(ACTION, "its move and its shot, kept for the enemy's turn", _MOVE + ("steady", "free"),
                      phases=("movement",)),
    "jump": Door(ACTION, "its move", _MOVE + ("steady", "free"), phases=("movement",)),
    "shoot": Door(ACTION, "its one shot of the turn (an overwatcher's in the enemy's)",
                  ("present", "fire", "steady", "free")),
    "brawl": Door(ACTION, "its close combat of the turn", _MOVE + ("steady",), phases=("close",)),
    "break": Door(ACTION, "its move, out of close combat", _MOVE + ("steady",), phases=("movement", "close")),
    "recover": Door(ACTION, "its one recovery of the turn", _MOVE, phases=("recovery",)),
    "recover --side": Door(TURN, "each recovery its side may try", ("phase",), actor=False, phases=("recovery",)),
    "fall": Door(REACTION, "nothing: it happens to the character", ("present",)),
    "safe": Door(REACTION, "nothing: a panicked flight ends", ("present",)),
    "edge": Door(REACTION, "nothing: a panicked flight ends off the table", ("present",)),
    "los": Door(REACTION, "nothing: a roll for a doubtful line of sight", actor=False),
    "rout": Door(TURN, "nothing: a side's routing check (R24)", actor=False),
    "damage": Door(REFEREE, "nothing: the referee's correction"),
    "set": Door(REFEREE, "nothing: the referee's correction"),
}
