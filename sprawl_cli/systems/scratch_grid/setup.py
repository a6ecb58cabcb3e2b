"""A new game of Scratch:Grid: the rosters placed on the map given with `new --map` (S6)."""

from __future__ import annotations

import copy

from sprawl_cli.api import BadInput, NewGame, Roster, SaveFileError
from sprawl_cli.systems.scratch_grid.grid import Board, Space, space_name
from sprawl_cli.systems.scratch_grid.model import Game


def place(rosters: list[Roster], board: Board, map_source: str) -> None:
    """Check every starting space against the map: on it, not in a wall or obstacle, not shared.

    Raises:
        SaveFileError: naming the roster file and line of the `at` at fault.
    """
    taken: dict[Space, str] = {}
    for roster in rosters:
        lines = roster.extra.get("at_lines", {})
        for c in roster.characters:
            here = lines.get(c.name, roster.squad.roster)
            space = c.space
            if not board.on_map(space):
                last = space_name((board.width - 1, board.height - 1))
                raise SaveFileError(f"{here}: key 'at': {c.at} is off the map {map_source} (a1 to {last})")
            if board.solid(space):
                what = "a wall" if board.terrain(space) == "#" else "an obstacle"
                raise SaveFileError(f"{here}: key 'at': {c.at} is {what} on the map {map_source}")
            if space in taken:
                raise SaveFileError(f"{here}: key 'at': {c.name} would start at {c.at}, where {taken[space]} stands")
            taken[space] = c.name


def new_game(rosters: list[Roster], how: NewGame) -> Game:
    """A game on the map given with `--map`, the first roster's side to play (S6). The kernel
    has checked the sides (`base.check_sides`).

    Raises:
        BadInput: no map, or a setting (Scratch:Grid has none).
        SaveFileError: a bad map file or a starting space that does not fit it.
    """
    from sprawl_cli.systems.scratch_grid.mapfile import read_map
    from sprawl_cli.systems.scratch_grid.turn import start_turn

    if how.options.get("map") is None:
        raise BadInput("a Scratch:Grid game is played on a map: give --map FILE (e.g. rosters/scratch-grid/yard.yaml)")
    if how.settings:
        raise BadInput(f"Scratch:Grid has no settings; '{next(iter(how.settings))}' is not one of them")
    found = read_map(how.options["map"])
    rosters = copy.deepcopy(rosters)  # the game owns its characters
    board = Board(found.grid, tuple(found.rows))
    place(rosters, board, found.source)
    squads = [r.squad for r in rosters]
    game = Game(squads=squads, characters=[c for r in rosters for c in r.characters], rounds=how.rounds,
                grid=found.grid, map=list(found.rows), map_source=found.source)
    start_turn(game)
    return game
