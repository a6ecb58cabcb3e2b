"""A save's journal written: one JSON file per change beside the save (`<save>.journal/`).

An entry keeps the game before and after the change (for undo, repair and a hand edit's
check), what the command printed, and the text before and after of each companion file the
change rewrote (the campaign file, for `aftermath`). A change writes its entry, its companion
files and the save in that order, as one record of the write-ahead log (`save/wal.py`), so game
and campaign move in one step. Reading the journal is `save/reader.py`'s.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save.atomic import atomic_write, compact_json, digest, make_folder
from sprawl_cli.save.data import game_to_data
from sprawl_cli.save.reader import SaveFiles

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.save.wal import Batch, Log

UNDO_LIMIT = 200  # changes that keep their "before" state; older ones stay in the log only


def read_companion(path: str) -> str | None:
    """A companion file's text, or None when it does not exist."""
    from sprawl_cli.filekind import plain_file

    plain_file(path, "file")
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise SaveFileError(f"cannot read {path}: {problem.strerror}") from None


def put_companion(path: str, text: str | None) -> None:
    """Write (or, for None, remove) a companion file."""
    if text is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    else:
        atomic_write(Path(path), text)


def companions(entry: dict[str, Any]) -> dict[str, dict[str, str | None]]:
    """The entry's companion files ({path: {"before", "after"}}), or none."""
    files = entry.get("files")
    return files if isinstance(files, dict) else {}


def check_companions(entry: dict[str, Any], expect: str, done: str) -> None:
    """Refuse to undo (expect="after") or redo (expect="before") a change whose
    companion files were changed since by something else.

    A file already at `done` is accepted too: a command killed half-way through
    an undo or redo left it there, and finishing the job is right.

    Raises:
        SaveFileError: a companion file holds neither text.
    """
    for path, texts in companions(entry).items():
        now = read_companion(path)
        if now != texts.get(expect) and now != texts.get(done):
            raise SaveFileError(
                f"{path} changed after this step (another game's aftermath?), so it cannot be "
                f"{'undone' if expect == 'after' else 'redone'} without losing that; nothing was changed"
            )


class Journal(SaveFiles):
    """A save's journal written: changes, each one record of the write-ahead log."""

    _log: Log | None = None

    @property
    def log(self) -> Log:
        """The save's write-ahead log (save/wal.py), made when a command first writes."""
        if self._log is None:
            from sprawl_cli.save.wal import Log

            self._log = Log(self.path)
        return self._log

    def batch(self) -> Batch:
        """A new change's list of file operations, for `log.apply`."""
        from sprawl_cli.save.wal import Batch

        return Batch(self.log)

    def data_of(self, game: Game[Any]) -> dict[str, Any]:
        """`game_to_data(game)` (the store may know it already)."""
        return game_to_data(game)

    def render(self, game: Game[Any], data: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """The save file's text for `game` and the data it holds (the store's job)."""
        raise NotImplementedError

    def wrote(self, text: str, data: dict[str, Any]) -> None:
        """The save now holds `text` (the store keeps what it knows of it)."""

    def write_save(self, batch: Batch, game: Game[Any], data: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """Add the save file's new text to `batch` (the change's point of no return)."""
        from sprawl_cli.save.wal import SAVE

        text, data = self.render(game, data)
        batch.write(self.path, text, SAVE)
        return text, data

    def discard_orphans(self, game: Game[Any]) -> None:
        """Drop journal entries newer than the save (a command died between the two writes),
        newest first, putting back any companion file such an entry had already written.

        Only the entry made from exactly this game's state is such an orphan;
        older entries left beside a new game (a `new` killed before it moved the
        old journal aside) are dropped without touching any file. A companion
        file that holds neither the orphan's text before nor after was changed by
        something else since; it is left as it is.
        """
        orphans = []
        step = game.step + 1
        while self._entry_path(step).exists():
            orphans.append(step)
            step += 1
        for step in reversed(orphans):
            try:
                entry = self.read_entry(step) or {}
            except SaveFileError:
                entry = {}  # a half-written entry: its companions were never written
            files = companions(entry)
            if files and step == game.step + 1 and digest(entry.get("before")) == digest(game_to_data(game)):
                for path, texts in files.items():
                    if read_companion(path) == texts.get("after"):
                        put_companion(path, texts.get("before"))
            with contextlib.suppress(OSError):
                os.unlink(self._entry_path(step))

    def commit(self, before: Game[Any], after: Game[Any], entry: dict[str, Any]) -> None:
        """Journal the change from `before` to `after`, then save `after`.

        `entry["files"]`, when given, maps companion paths to {"before", "after"}
        texts: they are written after the entry and before the save file, all in
        one step of the write-ahead log (save/wal.py).

        Raises:
            SaveFileError: a write failed; every file still holds what it did.
        """
        make_folder(self.journal)
        self.discard_orphans(before)
        after.step = before.step + 1
        entry = dict(entry, step=after.step, number=self.next_number(before.step), seq=time.time_ns(),
                     before=self.data_of(before), after=game_to_data(after))
        batch = self.batch()
        self._clear_redo(batch)
        self._forget_before(batch, after.step - UNDO_LIMIT)
        self._apply(batch, after, entry, entry["after"])

    def _apply(self, tidy: Batch, after: Game[Any], entry: dict[str, Any], data: dict[str, Any] | None = None) -> None:
        """Write a change in order: its journal entry, its companion files, the save, and then
        the operations of `tidy` (files it removes or trims), as one record of the log.

        Raises:
            SaveFileError: a write failed before the save; every file still holds what it did.
        """
        from sprawl_cli.save.wal import COMPANION

        batch = self.batch()
        batch.write(self._entry_path(after.step), compact_json(entry))
        for path, texts in companions(entry).items():
            batch.write(Path(path), texts["after"], COMPANION)
        text, data = self.write_save(batch, after, data)
        batch.ops += tidy.ops
        self.log.apply(batch)
        self.wrote(text, data)

    def _forget_before(self, batch: Batch, step: int) -> None:
        if step < 1:
            return
        with contextlib.suppress(SaveFileError):
            entry = self.read_entry(step)
            if entry is not None and "before" in entry:
                del entry["before"]
                entry.pop("after", None)  # only the newest states serve repair and hand-edit checks
                entry.pop("files", None)  # companion texts serve undo only
                # Not synced where no log is kept: a power cut that loses this rewrite leaves the
                # entry whole, states and all, which is as good.
                batch.write(self._entry_path(step), compact_json(entry), sync=False, undoable=False)

    def _clear_redo(self, batch: Batch | None = None) -> None:
        """Remove what `redo` could put back: at once, or as operations of `batch`."""
        if self.redo_dir.is_dir():
            for entry in os.listdir(self.redo_dir):
                if batch is not None:
                    batch.write(self.redo_dir / entry, None, sync=False, undoable=False)
                else:
                    with contextlib.suppress(OSError):
                        os.unlink(self.redo_dir / entry)
