"""What each Savage Worlds command is to the turn referee, in one table (`sprawl_cli.gate`):
every game-changing command passes its door's checks before its rule runs.

The checks, each a question of the game (W4, W8):
- `dealt`: a fight opens with a deal (or a surprise deal, or a standoff); before it nobody acts.
- `out`: an incapacitated character is out of the fight (nobody overrules that).
- `turn`: its card is up, or it holds a Joker not yet used, or it is on hold, or cutting in now.
- `shaken`: a Shaken character's first act on its turn is its recovery; until it recovers it
  does nothing else, moving included.
- `spent`: something ended its turn early (a recovery without a raise, Defend, aiming): no
  more actions (Defend leaves its move; aiming's stillness is counted by the move itself).

What a turn allows beyond that (no action twice, rate of fire, Pace) is counted by the rules
as they run (`turn.action`, `turn.shots`, `turn.movement`): it depends on the weapon, the
inches and the dice.
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import ACTION, REACTION, REFEREE, TURN, Check, Door, verb


def _dealt(game: Any, who: Any, command: str) -> str | None:
    if game.dealt or game.over:
        return None
    return (f"deal the cards first: `sprawl deal` starts the fight (W4), then {who.name} may {verb(command)} "
            "on its card")


def _out(game: Any, who: Any, command: str) -> str | None:
    return f"{who.name} is incapacitated and out of the fight; it cannot {verb(command)}" if who.gone else None


def _turn(game: Any, who: Any, command: str) -> str | None:
    from sprawl_cli.systems.savage_worlds.turn import turn_refusal

    return turn_refusal(game, who, verb(command), holding=command.endswith("--drop"))  # W5: the drop is a hold


def _spent(game: Any, who: Any, command: str) -> str | None:
    if game.dealt and who.turn_over:
        return f"{who.name} can do nothing more this turn: {who.turn_over}"
    return None


def _shaken(game: Any, who: Any, command: str) -> str | None:
    if game.dealt and who.has("shaken"):
        return (f"{who.name} is Shaken: `recover {who.name}` first (a Spirit test, or a benny; W8): it may "
                f"{verb(command)} only after a recovery with a raise")
    return None


CHECKS = {
    "dealt": Check("before the first deal", _dealt),
    "out": Check("the character is incapacitated", _out, forceable=False),
    "turn": Check("its card is not up (nor a Joker, a hold or a cut-in)", _turn),
    "spent": Check("its turn ended early (a recovery without a raise, Defend, aiming)", _spent),
    "shaken": Check("it is Shaken and has not recovered yet", _shaken),
}

_TURN = ("dealt", "out", "turn")
_MOVE = _TURN + ("shaken",)  # movement and holds: not ended by Defend (the rules count aiming's stillness)
_ACT = _MOVE + ("spent",)  # an action proper (W2)

DOORS = {
    "deal": Door(TURN, "deals the round's cards", actor=False),
    "standoff": Door(TURN, "puts everyone on hold", actor=False),
    "hold": Door(ACTION, "its whole turn, kept until used", _MOVE),
    "interrupt": Door(REACTION, "the hold it spends", ("dealt", "out", "shaken")),
    "fight": Door(ACTION, "an action (once a turn per weapon)", _ACT),
    "fight --drop": Door(ACTION, "an action, taken as a hold is (W5: the drop)", _ACT),
    "shoot": Door(ACTION, "an action; dice up to the weapon's rate of fire a turn", _ACT),
    "shoot --drop": Door(ACTION, "an action, taken as a hold is (W5: the drop)", _ACT),
    "suppress": Door(ACTION, "an action; the weapon's whole rate of fire", _ACT),
    "break": Door(ACTION, "an action", _ACT),
    "finish": Door(ACTION, "an action", _ACT),
    "reload": Door(ACTION, "an action", _ACT),
    "draw": Door(ACTION, "an action", _ACT),
    "aim": Door(ACTION, "an action and its whole turn, without moving", _ACT),
    "defend": Door(ACTION, "an action and the rest of its turn but its move (+2 Parry until its next)", _ACT),
    "test": Door(ACTION, "an action", _ACT),
    "test --free": Door(REACTION, "nothing: resisting or reacting", ("out",)),
    "oppose": Door(ACTION, "an action of the one who starts it", _ACT),
    "run": Door(ACTION, "once a turn: +d6\" of Pace, -2 on its other actions", _MOVE),
    "move": Door(ACTION, "inches of its Pace", _MOVE),
    "prone": Door(ACTION, "nothing (free)", _MOVE),
    "rise": Door(ACTION, "2\" of its Pace", _MOVE),
    "jump": Door(ACTION, "its move (and a Strength test)", _MOVE),
    "recover": Door(ACTION, "its first act of the turn (a Spirit test)", _TURN),
    "recover --benny": Door(REACTION, "a benny, at any moment", ("out",)),
    "benny": Door(REACTION, "a benny"),
    "soak": Door(REACTION, "a benny"),
    "award": Door(REFEREE, "nothing: the game master's bennies", actor=False),
    "wounds": Door(REFEREE, "nothing: the referee's correction"),
}
