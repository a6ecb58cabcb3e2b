"""Scratch:Grid's turn track (S6): the sides taking turns, the side to play, and each
character's move and action still to spend, its health and square at a glance."""

from __future__ import annotations

from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.api import TurnTrack, sides_track


def turn_track(game: Game) -> TurnTrack:
    def yet(squad_name: str) -> str:
        squad = next(s for s in game.squads if s.name == squad_name)
        fresh = [c.name for c in game.members(squad) if not c.gone and not (c.moved and c.acted) and not c.turn_over]
        return "still to move or act: " + ", ".join(fresh) if fresh else "everyone has moved and acted"

    return sides_track(game, f"Round {game.round}" + (f" of {game.rounds}" if game.rounds else "")
                       + f", turn {game.turn}", mark=lambda s: "its turn", note=lambda s: yet(s.name) if s.name == game.current_squad.name
                       else "")


def glance(game: Game, c: Character) -> list[str]:
    out = [("incapacitated" if c.has("incapacitated") else "injured" if c.has("injured") else "healthy")]
    if c.at:
        out.append(f"at {c.at}")
    if game.is_turn_of(c) and not c.gone:
        spent = [w for w, done in (("moved", c.moved), ("acted", c.acted)) if done]
        out.append(("has " + " and ".join(spent)) if spent else "yet to move and act")
    return out
