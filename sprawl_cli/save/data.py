"""The save's data: the game as plain data and back, its schema version and migrations,
and the kernel's checks of what a hand edit could break.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where, from_data, to_data

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.yamlio import Lines

SCHEMA_VERSION = 1

# Numbered migrations: MIGRATIONS[n] turns a version-n save into version n+1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def migration(version: int) -> Callable[[Migration], Migration]:
    """Register the function that upgrades a save of `version` to `version + 1`."""

    def register(fn: Migration) -> Migration:
        MIGRATIONS[version] = fn
        return fn

    return register


def migrate(data: dict[str, Any], source: str, current: int = SCHEMA_VERSION,
            migrations: dict[int, Migration] | None = None, what: str = "sprawl save file") -> dict[str, Any]:
    """Bring plain save data up to `current`, one numbered step at a time
    (`migrations` defaults to the save file's own list; the campaign file has its own).

    Raises:
        SaveFileError: the version is missing, newer than this program, or has no path.
    """
    steps = MIGRATIONS if migrations is None else migrations
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveFileError(f"{source}: key 'schema_version' should be a whole number from 1; is this a {what}?")
    if version > current:
        raise SaveFileError(
            f"{source}: saved by a newer sprawl (schema {version}, this one reads up to {current}); upgrade sprawl"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise SaveFileError(f"{source}: no migration from schema {version}; upgrade sprawl")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


def game_to_data(game: Game[Any]) -> dict[str, Any]:
    data: dict[str, Any] = to_data(game)
    # The two keys a reader looks for first go first.
    return {"schema_version": data.pop("schema_version"), "system": data.pop("system"), **data}


def game_from_data(data: Any, lines: Lines, source: str) -> Game[Any]:
    """A Game of the save's system (no `system:` is SPRAWL) from plain data, checked for shape and sense.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli import systems
    from sprawl_cli.errors import BadInput

    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: not a sprawl save file (expected a map with schema_version and system)")
    data = migrate(data, source, SCHEMA_VERSION)  # read now: a default would be fixed at import
    where = Where(source, lines)
    named = data.setdefault("system", systems.DEFAULT)
    if not isinstance(named, str):
        where.fail(("system",), f"should be the name of a game system: {', '.join(systems.names())}")
    try:
        system = systems.get(named)
    except BadInput as problem:
        where.fail(("system",), problem.message)
    game: Game[Any] = from_data(system.game_type(), data, where)
    check_game(game, where, system.phases)
    system.check_game(game, where)
    return game


def check_game(game: Game[Any], where: Where, phases: tuple[str, ...]) -> None:
    """The kernel's cross-checks a hand edit could break: squads, turn, names."""
    if not game.squads:
        where.fail(("squads",), "a game needs at least one squad")
    if phases and game.phase not in phases:
        where.fail(("phase",), f"'{game.phase}' is not a phase; use one of {', '.join(phases)}")
    if not 0 <= game.side < len(game.squads):
        where.fail(("side",), f"should be a squad index from 0 to {len(game.squads) - 1}")
    from sprawl_cli.names import name_fault
    from sprawl_cli.numbers import CHANGES, ROUNDS

    # Issue 34: each number within what a game can hold (numbers.py says why each bound).
    for key, most in (("round", ROUNDS), ("turn", ROUNDS * max(len(game.squads), len(game.characters)))):
        if not 1 <= getattr(game, key) <= most:
            where.fail((key,), f"should be from 1 to {most}")
    if not 0 <= game.step <= CHANGES:
        where.fail(("step",), f"should be from 0 to {CHANGES}")
    if game.rounds is not None and not 1 <= game.rounds <= ROUNDS:
        where.fail(("rounds",), f"the round limit should be from 1 to {ROUNDS} (or leave it out)")
    for j, squad in enumerate(game.squads):
        fault = name_fault(squad.name)
        if fault is not None:
            where.fail(("squads", j, "name"), f"this name {fault}")
    if game.settings.dice not in ("random", "physical"):
        where.fail(("settings", "dice"), "should be random or physical")
    names: set[str] = set()
    squads = {s.name for s in game.squads}
    for i, c in enumerate(game.characters):
        path: tuple[object, ...] = ("characters", i)
        fault = name_fault(c.name)
        if fault is not None:
            where.fail(path + ("name",), f"this name {fault}")
        if c.name.lower() in names:
            where.fail(path + ("name",), f"two characters are called '{c.name}'")
        names.add(c.name.lower())
        if c.squad not in squads:
            where.fail(path + ("squad",), f"no squad called '{c.squad}'")
        statuses = getattr(c, "statuses", None)  # the kernel's `Statuses`: each status at most once
        if isinstance(statuses, list) and len(set(statuses)) != len(statuses):
            twice = next(j for j, s in enumerate(statuses) if s in statuses[:j])
            where.fail(path + ("statuses", twice), f"'{statuses[twice]}' is listed twice for {c.name}; keep it once")
    for j, squad in enumerate(game.squads):
        for k, member in enumerate(squad.members):
            if member.lower() not in names:
                where.fail(("squads", j, "members", k), f"no character called '{member}'")
        if squad.leader and squad.leader.lower() not in names:
            where.fail(("squads", j, "leader"), f"no character called '{squad.leader}'")
    if game.scenario is not None:  # a house feature: sprawl_cli/scenario/
        from sprawl_cli.scenario.file import check_saved

        check_saved(game, where)


def differences(old: Any, new: Any, path: str = "", limit: int = 6) -> list[str]:
    """What a hand edit changed, as `characters.Babs.health: 3 -> 1` lines (at most `limit`)."""
    found: list[str] = []

    def walk(a: Any, b: Any, where: str) -> None:
        if len(found) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in list(a) + [k for k in b if k not in a]:
                if key != "step":
                    walk(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                label = x.get("name") if isinstance(x, dict) and isinstance(x.get("name"), str) else str(i)
                walk(x, y, f"{where}.{label}")
            return
        import json

        found.append(f"{where}: {json.dumps(a)} -> {json.dumps(b)}")

    walk(old, new, path)
    return found
