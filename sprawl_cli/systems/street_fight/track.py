"""Street-Fight's turn track (F1): the sides in this turn's initiative order, the side to play
with its phase, what the phase asks now, and a figure's weapon and state at a glance."""

from __future__ import annotations

from sprawl_cli.api import Squad, TurnTrack, sides_of, sides_track
from sprawl_cli.systems.street_fight.model import PHASE_TITLES, Character, Game
from sprawl_cli.systems.street_fight.turn import phases_of, todo


def turn_track(game: Game) -> TurnTrack:
    title = PHASE_TITLES.get(game.phase, game.phase)
    due = todo(game)
    order = sides_of(game, [game.squads[i].name for i in game.order])
    phases = phases_of(game)  # each phase is played by every side in turn, then the next phase
    at = phases.index(game.phase) if game.phase in phases else len(phases)
    then = f"{PHASE_TITLES[phases[at + 1]]} phase" if at + 1 < len(phases) else "next turn"
    return sides_track(game, f"Turn {game.round}" + (f" of {game.rounds}" if game.rounds else "")
                       + f", {title} phase", order, mark=lambda _s: f"{title} phase",
                       due="" if game.over or not due else due[0], then=then)


def glance(game: Game, c: Character) -> list[str]:
    out = [c.weapon]
    if c.moved_inches and not c.gone:
        out.append(f'moved {c.moved_inches:g}"')
    if c.in_cover and not c.gone:
        out.append("in cover")
    if c.engaged_with and not c.gone:
        out.append("fighting " + ", ".join(c.engaged_with))
    return out


def side_glance(game: Game, squad: Squad) -> list[str]:
    members = game.members(squad)
    standing = sum(1 for c in members if not c.gone)
    return [f"{standing} of {len(members)} standing"]
