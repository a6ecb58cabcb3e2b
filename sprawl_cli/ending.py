"""How any game ends: a side concedes, or the referee declares the result.

A system ends its games in its own ways too (a rout, the last character down,
the round limit); all of them go through `end_game`, so `status`, the log, the
campaign and reports read one `over` / `winner` / `reason`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.errors import BadInput, GameOver
from sprawl_cli.model import Game, Squad


def other_side(game: Game[Any], squad: Squad) -> str | None:
    """The winner when `squad` loses: the only other squad, if there is just one."""
    others = [s for s in game.squads if s.name != squad.name]
    return others[0].name if len(others) == 1 else None


def end_game(game: Game[Any], winner: str | None, reason: str, draw: bool = False) -> None:
    """Mark the game over (a game already over keeps its first result); `draw`: the rules
    themselves ended it with nobody winning, so nobody may be named the winner afterwards."""
    if game.over:
        return
    game.over = True
    game.winner = None if draw else winner
    game.reason = reason
    game.draw = draw


@dataclass
class Ending:
    """`concede` or `end` (or a system's own ending, with its `detail`): the decision and the state after."""

    kind: str  # concede | end | a system's own kind (rout...)
    squad: str | None = None
    over: bool = False
    winner: str | None = None
    reason: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    draw: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "squad": self.squad, **self.detail,
                "over": self.over, "winner": self.winner, "reason": self.reason, "draw": self.draw}


def settle(game: Game[Any], out: Ending) -> Ending:
    out.over, out.winner, out.reason, out.draw = game.over, game.winner, game.reason, game.draw
    return out


def concede(game: Game[Any], squad: Squad) -> Ending:
    """The side gives up; with one other side left, that side wins."""
    end_game(game, other_side(game, squad), f"{squad.name} conceded")
    return settle(game, Ending("concede", squad.name))


def declare_end(game: Game[Any], winner: Squad | None) -> Ending:
    """The referee declares the result (no winner: a draw). After a game ended without a
    winner (a round limit), the referee may still name one.

    Raises:
        GameOver: the game already has a winner.
        BadInput: the game ended without a winner and none was named.
    """
    if game.over:
        if game.winner is not None:
            raise GameOver(f"the game is already over: {game.winner} won ({game.reason})")
        if game.draw:
            raise GameOver(f"the game is already over: a draw ({game.reason}); nobody can be named the "
                           "winner of it (`sprawl undo` takes back the last change)")
        if winner is None:
            raise BadInput(f"the game is already over ({game.reason}) with no winner; "
                           "name one with `sprawl end --winner SIDE`")
        game.winner = winner.name
        game.reason = f"{game.reason}; the referee named {winner.name} the winner"
    else:
        reason = (f"the referee declared {winner.name} the winner" if winner
                  else "the referee ended the game with no winner")
        end_game(game, winner.name if winner else None, reason)
    return settle(game, Ending("end", winner.name if winner else None))


def rounds_played(game: Game[Any], word: str = "round") -> str:
    """How long a game that ended lasted, as everything that shows it says it (H7): a round
    counts once it has begun, so a game that ends as round N begins lasted N rounds. `word`
    is what the system calls a round."""
    return f"{game.round} {word}{'s' if game.round != 1 else ''} played"


def over_lines(game: dict[str, Any]) -> list[str]:
    """Say so whenever a game has ended, and why (Rich markup)."""
    from sprawl_cli.render import escape, name

    if not game.get("over"):
        return []
    if game.get("winner"):
        won = f"{name(game['winner'])} wins"
    elif game.get("draw"):
        won = "A draw: nobody wins"
    else:
        won = "no winner named (`sprawl end --winner SIDE`)"
    return [f"[bold]The game is over:[/] {escape(game.get('reason') or '')}. {won}."]


def ending_lines(out: Ending) -> list[str]:
    """`concede` and `end` as the referee says them."""
    from sprawl_cli.render import name

    if out.kind == "concede":
        lines = [f"{name(out.squad or '')} concedes the game."]
        if not out.over and out.detail.get("play_on"):
            lines.append(f"The others play on: {', '.join(name(s) for s in out.detail['play_on'])}.")
    else:
        lines = [f"The referee declares {name(out.squad)} the winner." if out.squad
                 else "The referee ends the game with no winner."]
    return lines + over_lines({"over": out.over, "winner": out.winner, "reason": out.reason, "draw": out.draw})
