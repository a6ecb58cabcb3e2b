"""SPRAWL's turn track: the sides taking their turns, the side to play with its phase, what
the phase asks now, and a character's Health and Toughness at a glance."""

from __future__ import annotations

from sprawl_cli.systems.sprawl.model import Character, Game
from sprawl_cli.systems.sprawl.phases import PHASE_TITLES, todo
from sprawl_cli.api import TurnTrack, sides_track


def turn_track(game: Game) -> TurnTrack:
    title = PHASE_TITLES.get(game.phase, game.phase)
    due = todo(game)
    return sides_track(game, f"Round {game.round}" + (f" of {game.rounds}" if game.rounds else "")
                       + f", turn {game.turn}, {title} phase", mark=lambda _s: f"{title} phase",
                       due="" if game.over or not due else due[0])


def glance(game: Game, c: Character) -> list[str]:
    out = [f"Health {c.health}/{c.max_health}", f"Toughness {c.toughness}/{c.max_toughness}"]
    if c.acted and not c.gone:
        out.append("this turn: " + ", ".join(a.replace("_", " ") for a in c.acted))
    return out
