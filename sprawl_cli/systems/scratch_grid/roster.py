"""Scratch:Grid rosters and the save file's cross-checks (a new game on a map: setup.py).

A roster names its system, its squad and its characters, each with the space
it starts in and its movement levels:

    system: scratch-grid
    squad: Wardens
    characters:
      - {name: Ada, at: b2, quickness: 2}
      - {name: Rook, at: c2, flying: 2}

The map comes from `new --map FILE` (see `mapfile`); a character's space is
checked against it there, naming the roster's line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sprawl_cli.api import Roster, SaveFileError, Where, check_unique_names, roster_header
from sprawl_cli.systems.scratch_grid.grid import GRIDS, is_space_name, parse_space, space_name
from sprawl_cli.systems.scratch_grid.model import EXTRAS, MAX_LEVEL, STATUSES, Character, Game, Squad

SYSTEM_NAME = "scratch-grid"
ROSTER_KEYS = ("system", "squad", "characters")
CHARACTER_KEYS = ("name", "at") + EXTRAS


def read_roster(data: dict[str, Any], where: Where, file: Path | str) -> Roster:
    """A squad from a roster file's data.

    Raises:
        SaveFileError: naming the file, line and key of the first problem.
    """
    source = str(file)
    squad, people = roster_header(data, where, SYSTEM_NAME, "Scratch:Grid", ROSTER_KEYS)
    characters: list[Character] = []
    lines: dict[str, str] = {}
    for i, person in enumerate(people):
        path: tuple[object, ...] = ("characters", i)
        if not isinstance(person, dict):
            where.fail(path, "each character is a map with name and at")
        for key in person:
            if key not in CHARACTER_KEYS:
                where.fail(path + (key,), f"unknown key; a character has {', '.join(CHARACTER_KEYS)}")
        name = person.get("name")
        if not isinstance(name, str) or not name.strip():
            where.fail(path + ("name",), "every character needs a name")
        at = person.get("at")
        if not isinstance(at, str) or not is_space_name(at):
            where.fail(path + ("at",), f"should be a space like c4 (column letter, row number), not {at!r}")
        levels = {}
        for extra in EXTRAS:
            value = person.get(extra, 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_LEVEL:
                where.fail(path + (extra,), f"should be a whole number from 0 to {MAX_LEVEL}, not {value!r}")
            levels[extra] = value
        character = Character(name=name.strip(), squad=squad, at=space_name(parse_space(at)))
        for extra, value in levels.items():
            setattr(character, extra, value)
        characters.append(character)
        line = where.lines.get(path + ("at",))
        lines[name.strip()] = f"{source}:{line}" if line else source
    members = [c.name for c in characters]
    check_unique_names(members, where)
    return Roster(Squad(squad, "", members, source), characters, extra={"at_lines": lines})


def check_game(game: Game, where: Where) -> None:
    """Cross-checks a hand edit of the save could break.

    Raises:
        SaveFileError: via `where.fail`, naming the key.
    """
    from sprawl_cli.systems.scratch_grid.mapfile import check_rows

    if game.grid not in GRIDS:
        where.fail(("grid",), f"should be {' or '.join(GRIDS)}, not {game.grid!r}")
    try:
        check_rows(game.map, "the map")
    except SaveFileError as problem:
        where.fail(("map",), str(problem))
    board = game.board
    names = {c.name for c in game.characters}
    taken: dict[str, str] = {}
    for i, c in enumerate(game.characters):
        path: tuple[object, ...] = ("characters", i)
        for j, status in enumerate(c.statuses):
            if status not in STATUSES or c.statuses.count(status) > 1:
                where.fail(path + ("statuses", j), f"'{status}' is not a status here (or twice); use {', '.join(STATUSES)}")
        if c.injured and c.down:
            where.fail(path + ("statuses",), "injured and incapacitated at once; incapacitated is enough")
        for extra in EXTRAS:
            if not 0 <= getattr(c, extra) <= MAX_LEVEL:
                where.fail(path + (extra,), f"should be from 0 to {MAX_LEVEL}")
        if c.gone != (c.at is None):
            where.fail(path + ("at",), "an escaped character has no space, and every other character has one")
        if c.at is not None:
            if not is_space_name(c.at) or not board.on_map(parse_space(c.at)):
                where.fail(path + ("at",), f"{c.at!r} is not a space of the map")
            if board.solid(parse_space(c.at)):
                where.fail(path + ("at",), f"{c.at} is a wall or an obstacle")
            if c.at in taken:
                where.fail(path + ("at",), f"{c.name} and {taken[c.at]} both stand at {c.at}")
            taken[c.at] = c.name
        for status, turn in (("immobilised", c.immobilised_turn), ("delayed", c.delayed_turn)):
            if c.has(status) and turn is None:
                where.fail(path + (f"{status}_turn",), f"{status} needs the turn it lasts to")
        for j, other in enumerate(c.interrupted_by):
            if other not in names:
                where.fail(path + ("interrupted_by", j), f"no character named '{other}'")
