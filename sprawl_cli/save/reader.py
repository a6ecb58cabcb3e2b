"""Reading a save: the game it holds and its journal, with nothing that writes.

`SaveFiles` names the files of one save and reads its journal (entries, the log's history,
what `redo` would put back); `SaveReader` loads the game, validated and migrated, from the
save's parsed copy when it has one. A command that only reads (`status`, `log`, the live page,
completion) uses these alone, so it never imports the journal's writer, undo, the lock or the
write-ahead log (`store.GameStore` is both, for the commands that change a game).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save import cache as savecache
from sprawl_cli.save.atomic import TEMP_MARK, from_another_boot, log_path
from sprawl_cli.save.data import SCHEMA_VERSION, game_from_data

if TYPE_CHECKING:
    from sprawl_cli.model import Game


class SaveFiles:
    """The paths of one save and the files beside it, and its journal read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = path.with_name(path.name + ".lock")
        self.journal = path.with_name(path.name + ".journal")
        self.redo_dir = self.journal / "redo"
        self.prev = path.with_name(path.name + ".prev")  # the game `new --force` replaced
        self.cache = path.with_name(path.name + ".cache")  # the save's parsed data (read_cache)
        # The game as `new` made it (step 0): the state `repair` falls back on when no change
        # has been journalled (or every one was undone). Beside the journal folder, not in it,
        # so that the first change is still the one that makes the folder.
        self.first = path.with_name(path.name + ".first.json")
        self.first_kept = path.with_name(path.name + ".first.json.old")  # while `new` replaces it
        self.log_path = log_path(path)  # the write-ahead log (save/wal.py)

    # --- the journal ---------------------------------------------------
    def _entry_path(self, step: int, folder: Path | None = None) -> Path:
        return (folder or self.journal) / f"{step:06d}.json"

    def read_entry(self, step: int, folder: Path | None = None) -> dict[str, Any] | None:
        """The journal entry of `step` (in `folder`, default the journal; a path to a .json
        file is read as it is), or None when there is none.

        Raises:
            SaveFileError: it cannot be read or is damaged.
        """
        path = folder if folder is not None and folder.suffix == ".json" else self._entry_path(step, folder)
        from sprawl_cli.filekind import plain_file

        plain_file(path, "journal entry")
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as problem:
            raise SaveFileError(f"cannot read the journal entry {path}: {problem.strerror}") from None
        import json

        try:
            entry = json.loads(raw.decode("utf-8"))
        except ValueError:
            raise SaveFileError(f"the journal entry {path} is damaged; move it aside to go on") from None
        if not isinstance(entry, dict):
            raise SaveFileError(f"the journal entry {path} is damaged; move it aside to go on")
        return entry

    def entries(self, last: int | None = None, upto: int | None = None) -> list[dict[str, Any]]:
        """Journal entries in order (the last `last` of them), up to step `upto`."""
        if upto is None:
            return []
        first = 1 if last is None else max(1, upto - last + 1)
        found = []
        for step in range(first, upto + 1):
            entry = self.read_entry(step)
            if entry is not None:
                found.append(entry)
        return found

    def next_number(self, upto: int) -> int:
        """The number the next journal entry gets: one more than any entry's so far, standing or
        undone, so that no two entries of a game share one (`step` is where an entry stands in
        the game, which an undo gives to the next change). Reads the newest of each; a journal
        written before entries were numbered is counted whole, as `history` numbers it."""
        names = sorted(n for n in os.listdir(self.undone_dir) if n.endswith(".json") and TEMP_MARK not in n) \
            if self.undone_dir.is_dir() else []
        newest: list[dict[str, Any] | None] = []
        with contextlib.suppress(SaveFileError):  # a damaged entry numbers nothing; `log` says so
            newest.append(self.read_entry(upto) if upto > 0 else None)
            newest.append(self.read_entry(0, self.undone_dir / names[-1]) if names else None)
        found = [e for e in newest if e is not None]
        if all(isinstance(e.get("number"), int) for e in found):
            return max((int(e["number"]) for e in found), default=0) + 1
        try:
            return max((int(e["number"]) for e in self.history(upto)), default=0) + 1
        except SaveFileError:  # a damaged old entry: number on from what could be read
            return max([upto] + [int(e.get("number") or e.get("step") or 0) for e in found]) + 1

    def history(self, upto: int, last: int | None = None) -> list[dict[str, Any]]:
        """What happened, in the order it happened: the changes that stand (up to step `upto`)
        and the ones undone since (`undone: true`), the last `last` of them."""
        found = [dict(e, undone=False) for e in self.entries(upto=upto)]
        folder = self.undone_dir
        for name in sorted(os.listdir(folder)) if folder.is_dir() else []:
            if name.endswith(".json") and TEMP_MARK not in name:
                with contextlib.suppress(SaveFileError):
                    record = self.read_entry(0, folder / name)
                    if record is not None:
                        found.append(dict(record, undone=True))
        standing = {e.get("seq") for e in found if not e["undone"] and e.get("seq") is not None}
        # An undo killed before its save left its record beside the entry that still stands.
        found = [e for e in found if not (e["undone"] and e.get("seq") in standing)]
        found.sort(key=lambda e: (int(e.get("seq") or 0), int(e.get("step") or 0)))
        for place, e in enumerate(found, 1):  # an entry written before entries were numbered
            if not isinstance(e.get("number"), int):
                e["number"] = place
        return found[-last:] if last else found

    @property
    def undone_dir(self) -> Path:
        return self.journal / "undone"


    def latest_state(self) -> tuple[int, dict[str, Any]] | None:
        """The newest state the journal keeps (a change's state after it, or the new game's), with its step."""
        steps = []
        for name in os.listdir(self.journal) if self.journal.is_dir() else []:
            stem = name[:-5] if name.endswith(".json") else ""
            if stem.isdigit():
                steps.append(int(stem))
        for step in sorted(steps, reverse=True):
            with contextlib.suppress(SaveFileError):
                entry = self.read_entry(step)
                if entry is not None and isinstance(entry.get("after"), dict):
                    return step, entry["after"]
        with contextlib.suppress(SaveFileError):  # no change stands: the game as `new` made it
            first = self.read_entry(0, self.first)
            if first is not None and isinstance(first.get("after"), dict):
                return 0, first["after"]
        return None

    def last_undone(self, game: Game[Any]) -> dict[str, Any] | None:
        """The change `redo` would put back (the latest one undone), or None."""
        item = self.read_entry(game.step + 1, self.redo_dir)
        entry = item.get("entry") if item is not None else None
        return entry if isinstance(entry, dict) else None


class SaveReader(SaveFiles):
    """One save file, read."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.as_written = False  # the save loaded holds the text this process last wrote (`adopt`)
        self.loaded: tuple[Game[Any], dict[str, Any]] | None = None  # such a game, and its data
        self.holding = False  # this store holds the save's lock (`GameStore.locked`)

    def check_kinds(self) -> None:
        """Refuse a FIFO, a device or a folder where the save or a file beside it belongs, and
        anything but a folder where its journal does, from `os.stat` alone: nothing is opened,
        so nothing hangs (issue 34).

        Raises:
            SaveFileError: one line naming the path.
        """
        from sprawl_cli.filekind import folder_or_nothing, plain_file

        plain_file(self.path, "save file")
        for beside in (self.cache, self.lock_path, self.prev, self.first, self.first_kept, self.log_path):
            plain_file(beside, "file sprawl keeps beside the save")
        for folder in (self.journal, self.redo_dir, self.undone_dir):
            folder_or_nothing(folder, "journal")

    # --- the state -----------------------------------------------------
    def exists(self) -> bool:
        return self.path.exists()

    def load(self) -> Game[Any]:
        """The game in the save file, validated and migrated.

        Raises:
            SaveFileError: missing (points to `sprawl new`), broken or hostile.
        """
        from sprawl_cli import yamlio

        self.check_kinds()
        if not self.holding and from_another_boot(self.path):
            # A crash of the machine: the log puts back what it lost. Where the lock cannot be
            # had (a folder this user may only read), the save is read as it is.
            from sprawl_cli.save.lock import lock_file
            from sprawl_cli.save.wal import Log

            with contextlib.suppress(SaveFileError), lock_file(self.path):
                Log(self.path).recover()
        if not self.path.exists():
            if self.repairable():
                raise SaveFileError(f"the save file {self.path} is missing, but its journal is here; "
                                    "`sprawl repair` rebuilds the save from it")
            raise SaveFileError(
                f"no game at {self.path}; start one with `sprawl new --squad FILE --squad FILE` "
                "(or point --game / SPRAWL_GAME at your save file)"
            )
        try:
            text = yamlio.read_text(self.path, "sprawl save file")
            key = os.path.abspath(self.path)
            self.as_written = savecache.WRITTEN.get(key) == text
            known = savecache.PARSED.get(key)
            if known is not None and known[0] == text:
                data = known[1]
            else:
                data = savecache.read_cache(self.cache, text)
            if data is not None:
                try:
                    game = savecache.game_of(key, text, data, str(self.path))
                    if self.as_written:  # `data` is this game's `game_to_data`, as this process wrote it
                        self.loaded = (game, data)
                    return game
                except SaveFileError:
                    pass  # parsed again below, for the message with its line
            data, lines = yamlio.parse(text, str(self.path))
            if isinstance(data, dict) and data.get("schema_version") == SCHEMA_VERSION:
                savecache.PARSED[key] = (text, data, lines)
            return game_from_data(data, lines, str(self.path))
        except SaveFileError as problem:
            if "newer sprawl" not in problem.message and self.repairable():
                raise SaveFileError(f"{problem.message}. `sprawl repair` rebuilds the save from its journal "
                                    "(keeping this file beside it)") from None
            raise

    def repairable(self) -> bool:
        """Whether the journal keeps a state to rebuild the save from."""
        if self.first.is_file():
            return True
        try:
            return any(name.endswith(".json") and name[:-5].isdigit() for name in os.listdir(self.journal))
        except OSError:
            return False
