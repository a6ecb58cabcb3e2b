"""The campaign file (`sprawl-campaign.yaml`): read with the same care as the save file (safe
YAML, strict keys with file:line messages, the system's own part checked and migrated by it), written
whole under its lock, and put back when an aftermath was killed half-way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.books import CAMPAIGN_SCHEMA, Book
from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.schema import Where, to_data

if TYPE_CHECKING:
    from sprawl_cli.systems.base import System
    from sprawl_cli.yamlio import Lines


def campaign_to_data(book: Book) -> dict[str, Any]:
    data: dict[str, Any] = to_data(book)
    return {"schema_version": data.pop("schema_version"), "system": data.pop("system"), **data}


def campaign_text(book: Book) -> str:
    from sprawl_cli import yamlio

    header = "# sprawl campaign file: squads between games and every game played. Safe to read; edit with care.\n"
    return header + yamlio.dump(campaign_to_data(book))


def campaign_system(data: dict[str, Any], where: Where) -> System:
    """The system a campaign file's data is for (the default system when it does not say).

    Raises:
        SaveFileError: a system this sprawl does not know.
    """
    from sprawl_cli import systems

    named = systems.named_in(data)
    key = systems.key(named) if isinstance(named, str) else ""
    if not key or not systems.known(key):
        where.fail(("system",), f"this campaign is for '{named}'; this sprawl knows {', '.join(systems.names())}")
    try:
        return systems.get(key)
    except BadInput as problem:
        where.fail(("system",), problem.message)


def campaign_from_data(data: Any, lines: Lines, source: str) -> Book:
    """A campaign from plain data, read and checked by its system (which migrates its own part
    of an older file: `System.campaign_migrate`).

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli.save.data import migrate

    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: not a sprawl campaign file (expected a map with schema_version and squads)")
    where = Where(source, lines)
    system = campaign_system(data, where)
    steps: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
        version: partial(system.campaign_migrate, version) for version in range(1, CAMPAIGN_SCHEMA)}
    data = migrate(data, source, CAMPAIGN_SCHEMA, steps, "sprawl campaign file")
    data["system"] = system.name
    return system.campaign_read(data, where)


def load_campaign(path: Path) -> Book:
    """The campaign in `path`, validated by its system.

    Raises:
        SaveFileError: missing (points to `sprawl campaign new`), broken or hostile.
    """
    from sprawl_cli import yamlio

    if not path.exists():
        raise SaveFileError(
            f"no campaign at {path}; start one with `sprawl campaign new --squad FILE --squad FILE` "
            "(or point --campaign / SPRAWL_CAMPAIGN at your campaign file)"
        )
    data, lines = yamlio.load(path, "sprawl campaign file")
    return campaign_from_data(data, lines, str(path))


@contextlib.contextmanager
def campaign_locked(path: Path, notify: Callable[[str], None] = lambda _m: None,
                    create: bool = False) -> Iterator[None]:
    """Hold the campaign file's lock (taken after a game's lock, never before); a missing
    campaign is refused first unless this command creates it, so no lock file is left behind."""
    from sprawl_cli.save.lock import lock_file

    if not create and not path.exists():
        load_campaign(path)  # raises "no campaign here: sprawl campaign new"
    with lock_file(path, notify):
        yield


def save_campaign(path: Path, book: Book) -> None:
    from sprawl_cli.save.atomic import atomic_write

    atomic_write(path, campaign_text(book))


def recover(path: Path, notify: Callable[[str], None] = lambda _m: None) -> None:
    """Undo the campaign half of an aftermath that was killed before its game was saved.

    The last game recorded names its save file; that save's journal holds the
    orphaned entry, and discarding it puts the campaign file back. A save that
    cannot be read is left alone (the campaign is still shown as it is).
    """
    from sprawl_cli import yamlio
    from sprawl_cli.store import GameStore

    if not path.exists():
        return
    try:
        data, _ = yamlio.load(path, "sprawl campaign file")
        games = data.get("games") if isinstance(data, dict) else None
        save = games[-1].get("save") if isinstance(games, list) and games and isinstance(games[-1], dict) else None
    except SaveFileError:
        return
    if not isinstance(save, str) or not save or not Path(save).exists():
        return
    store = GameStore(Path(save))
    with contextlib.suppress(SaveFileError):
        with store.locked(notify):
            store.discard_orphans(store.load())
