"""A scenario's places on the map (the kernel's scenarios, a house feature): which spaces a
place may cover, who stands there, and who is in an enemy's zone of control. Holding and
reaching are read off these, never asked (docs/scenarios.md)."""

from __future__ import annotations

from sprawl_cli.api import BadInput
from sprawl_cli.systems.scratch_grid.grid import SOLID, space_name
from sprawl_cli.systems.scratch_grid.model import Character, Game


def space_problem(game: Game, text: str) -> str | None:
    """Why `text` is no space a place may cover: not a space, off the map, or solid."""
    try:
        space = game.board.space(text)
    except BadInput as problem:
        return str(problem)
    if game.board.terrain(space) in SOLID:
        return f"{space_name(space)} is a wall or an obstacle: nobody can stand there"
    return None


def on_spaces(game: Game, spaces: list[str], reach: int = 0) -> list[Character]:
    """The characters on the map standing on one of `spaces`, or within `reach` spaces of one."""
    board = game.board
    wanted = [board.space(s) for s in spaces]
    return [c for c in game.on_map() if any(board.distance(c.space, s) <= reach for s in wanted)]


def contested(game: Game, c: Character) -> bool:
    """In an enemy's zone of control (house, for scenarios): a standing enemy next to it."""
    if c.at is None:
        return False
    return any(e.standing and e.at is not None and game.board.adjacent(c.space, e.space) for e in game.enemies(c))

