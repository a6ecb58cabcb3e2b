"""Turns (S6), the checks that refuse a move or an action, and the end of a game.

Sides take turns in roster order; in its side's turn each character may move
once and act once, in either order. `next` ends the turn: holds and delays that
were to last to the end of this turn lift, the next side's characters get a
fresh move and action, and their evasion lapses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import RuleRefusal, Table, refuse
from sprawl_cli.systems.scratch_grid.model import Character, Game


def absence(c: Character, doing: str) -> str | None:
    """An escaped character has left the map (nobody overrules that): why it cannot act, or None."""
    return f"{c.name} has escaped and cannot {doing}" if c.gone else None


def require_on_map(c: Character, doing: str) -> None:
    why = absence(c, doing)
    if why is not None:
        raise RuleRefusal(why)


def turn_refusal(game: Game, c: Character, doing: str) -> str | None:
    if game.is_turn_of(c):
        return None
    return f"{c.name} cannot {doing}: it is {possessive(game.current_squad.name)} turn (S6)"


def require_own_turn(game: Game, table: Table, c: Character, doing: str) -> None:
    why = turn_refusal(game, c, doing)
    if why is not None:
        refuse(table, why)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def move_refusal(c: Character, doing: str) -> str | None:
    """S2, S6: why `c` may not move now (one move a turn; incapacitated or immobilised
    characters stay put), or None."""
    if c.down:
        return f"{c.name} is incapacitated and cannot {doing} (S2)"
    if c.has("immobilised"):
        return (f"{c.name} is immobilised by a hold until the end of turn {c.immobilised_turn} "
                f"and cannot {doing} (S3)")
    if c.turn_over:
        return f"an interrupting attack ended {c.name}'s turn; it cannot {doing} again until its next turn (S4)"
    if c.moved:
        return f"{c.name} has already moved this turn; one move per turn (S6)"
    return None


def act_refusal(c: Character, doing: str) -> str | None:
    """S6: why `c` may not act now (one action a turn; incapacitated and delayed characters
    cannot act), or None."""
    if c.down:
        return f"{c.name} is incapacitated and cannot {doing}"
    if c.has("delayed"):
        return f"{c.name} is delayed and cannot {doing} until its turn ends"
    if c.turn_over:
        return f"an interrupting attack ended {c.name}'s turn; it cannot {doing} until its next turn (S4)"
    if c.acted:
        return f"{c.name} has already acted this turn; one action per turn (S6)"
    return None


def require_can_move(game: Game, table: Table, c: Character, doing: str = "move") -> None:
    require_on_map(c, doing)
    require_own_turn(game, table, c, doing)
    why = move_refusal(c, doing)
    if why is not None:
        refuse(table, why)


def require_can_act(game: Game, table: Table, c: Character, doing: str) -> None:
    require_on_map(c, doing)
    require_own_turn(game, table, c, doing)
    why = act_refusal(c, doing)
    if why is not None:
        refuse(table, why)


# --- harm -----------------------------------------------------------------------


def incapacitate(c: Character) -> None:
    for status in ("injured", "immobilised", "evading", "delayed"):
        c.drop(status)
    c.immobilised_turn = c.delayed_turn = None
    c.add("incapacitated")
    c.record.times_incapacitated += 1


def wound(c: Character) -> str:
    """S5: a hit injures a healthy character and incapacitates an injured one. Returns the result."""
    if c.down:
        return "incapacitated"
    if c.injured:
        incapacitate(c)
        return "incapacitated"
    c.add("injured")
    c.record.times_injured += 1
    return "injured"


# --- the end of the game ---------------------------------------------------------


def check_end(game: Game) -> None:
    """The game ends when no more than one side still has anyone standing on the map.
    The side with the most characters not incapacitated (on the map or escaped) wins;
    a tie has no winner."""
    if game.over:
        return
    standing = [s for s in game.squads if any(c.standing for c in game.members(s))]
    if len(standing) > 1:
        return
    survivors = {s.name: sum(1 for c in game.members(s) if not c.down) for s in game.squads}
    most = max(survivors.values())
    leaders = [name for name, n in survivors.items() if n == most]
    game.over = True
    game.winner = leaders[0] if len(leaders) == 1 and most > 0 else None
    left = standing[0].name if standing else "nobody"
    tally = ", ".join(f"{name} {n}" for name, n in survivors.items())
    game.reason = f"{left} alone is left standing on the map (not incapacitated: {tally})"


# --- moving through the turns ----------------------------------------------------------


@dataclass
class Advance:
    """What `next` did."""

    round: int
    side: str
    turn: int
    lifted: list[dict[str, str]] = field(default_factory=list)  # {"name", "status"}
    evasion_lapsed: list[str] = field(default_factory=list)
    idle: list[str] = field(default_factory=list)  # characters of the side that ended who did nothing
    over: bool = False
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "side": self.side, "turn": self.turn, "lifted": self.lifted,
                "evasion_lapsed": self.evasion_lapsed, "idle": self.idle, "over": self.over,
                "reason": self.reason}


def lift_at_end_of_turn(game: Game) -> list[dict[str, str]]:
    """Holds (S3) and delays that last to the end of the turn now ending."""
    lifted = []
    for c in game.characters:
        if c.has("immobilised") and c.immobilised_turn is not None and c.immobilised_turn <= game.turn:
            c.drop("immobilised")
            c.immobilised_turn = None
            lifted.append({"name": c.name, "status": "immobilised"})
        if c.has("delayed") and c.delayed_turn is not None and c.delayed_turn <= game.turn:
            c.drop("delayed")
            c.delayed_turn = None
            lifted.append({"name": c.name, "status": "delayed"})
    return lifted


def start_turn(game: Game) -> list[str]:
    """The side whose turn begins: a fresh move and action each; evasion lapses. Returns
    the names whose evasion lapsed."""
    lapsed = []
    for c in game.members(game.current_squad):
        c.moved = c.acted = c.turn_over = False
        c.interrupted_by = []
        if c.has("evading"):
            c.drop("evading")
            lapsed.append(c.name)
    return lapsed


def advance(game: Game) -> Advance:
    """S6: end the current side's turn and start the next side's (a new round after the last).

    The kernel's gate refuses it once the game is over, as it refuses every command that
    changes the game.
    """
    idle = [c.name for c in game.members(game.current_squad)
            if c.standing and not c.moved and not c.acted and not c.turn_over]
    lifted = lift_at_end_of_turn(game)
    game.side = (game.side + 1) % len(game.squads)
    game.turn += 1
    if game.side == 0:
        game.round += 1
    lapsed: list[str] = []
    if game.rounds is not None and game.round > game.rounds:
        game.round = game.rounds
        game.over = True
        game.winner = None
        game.reason = f"the round limit ({game.rounds}) was reached"
    else:
        lapsed = start_turn(game)
    return Advance(game.round, game.current_squad.name, game.turn, lifted, lapsed, idle, game.over, game.reason)
