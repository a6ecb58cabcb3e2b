"""The save file and its journal: load, validate, migrate, lock, save, undo.

The current state of a game is one YAML file (`sprawl-game.yaml`), small and
hand-editable. Its history lives beside it in a journal folder
(`sprawl-game.yaml.journal/`), one JSON file per change, so a command reads and
writes the same amount however long the game has run. Reading is `save/reader.py`'s
(`SaveReader`, all a read-only command loads); `GameStore` here adds every write.

Safety, in order of what can go wrong:
- every command that changes the game holds an exclusive lock on
  `<save>.lock` for its whole read-change-write, so two terminals queue;
- each file is written to a temp file and renamed over the old one, so a kill
  at any instant leaves the old or the new file; temp files left by a killed
  command are removed by the next one;
- a change (its journal entry, any companion file, the save, what it tidies) is
  first one record of the save's write-ahead log (`save/wal.py`), appended and
  synced, the one fsync of a change; its files are then written unsynced. The save
  is the point of no return: a change killed before it is taken back by the next
  command, one killed after it finished; after a crash of the machine the log
  writes again what the disk lost;
- a change may also rewrite companion files (the campaign file, for
  `sprawl aftermath`): the entry keeps each one's text before and after
  (`files`), they are written after the entry and before the save, so game and
  campaign move in one step that `undo` and `redo` take back and put back together.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import field
from pathlib import Path
from typing import Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.model import Fields, Game, record
from sprawl_cli.save import cache as savecache
from sprawl_cli.save.atomic import TEMP_MARK, atomic_write, compact_json, digest, remove_stray_temps
from sprawl_cli.save.data import game_from_data, game_to_data
from sprawl_cli.save.lock import lock_file
from sprawl_cli.save.reader import SaveReader
from sprawl_cli.save.undo import Undoable


@record
class Change(Fields):
    """A working copy of the game that a command changes; kept only if the command succeeds."""

    game: Any  # the system's own Game
    summary: list[str] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    kind: str = ""
    # Companion files this change rewrites, path -> new text (the campaign file for
    # `aftermath`); written with the save in one step that undo takes back (see store).
    files: dict[str, str] = field(default_factory=dict)
    _stack: contextlib.ExitStack | None = None

    def hold(self, manager: contextlib.AbstractContextManager[Any]) -> None:
        """Enter `manager` (e.g. a companion file's lock) until the change is saved."""
        assert self._stack is not None, "hold() is for the body of flow.change_game()"
        self._stack.enter_context(manager)


class GameStore(SaveReader, Undoable):
    """One save file, its lock and its journal: read, and changed."""

    def data_of(self, game: Game[Any]) -> dict[str, Any]:
        """`game_to_data(game)`, taken from what this process wrote when `game` is the game it
        loaded from that very text, unchanged since (its step says so: the one field a store
        changes on a loaded game)."""
        if self.loaded is not None and self.loaded[0] is game and self.loaded[1].get("step") == game.step:
            return self.loaded[1]
        return game_to_data(game)
    # --- locking -------------------------------------------------------
    @contextlib.contextmanager
    def locked(self, notify: Callable[[str], None] = lambda _m: None, create: bool = False) -> Iterator[None]:
        """Hold the save file's lock for a whole read-change-write. Unless the command
        `create`s the save, a missing one is refused first, so no lock file is left behind.

        Raises:
            SaveFileError: no save (points to `sprawl new`), the lock cannot be made, or
                another command holds it too long.
        """
        if not create and not self.path.exists():
            self.load()  # raises the "no game here: sprawl new" error
        self.check_kinds()
        with lock_file(self.path, notify):
            self.holding = True
            try:
                self.log.recover()  # a killed command's change finished or taken back (save/wal.py)
                remove_stray_temps(self.path.parent, self.prev.name)
                remove_stray_temps(self.path.parent, self.first.name)
                self.settle_first()
                if self.journal.is_dir():
                    for folder in (self.journal, self.redo_dir, self.undone_dir):
                        for entry in os.listdir(folder) if folder.is_dir() else ():
                            if TEMP_MARK in entry:
                                with contextlib.suppress(OSError):
                                    os.unlink(folder / entry)
                yield
            finally:
                self.holding = False

    def repair(self) -> tuple[Game[Any], int, Path | None]:
        """Rebuild the save from the newest state in the journal; a damaged save is kept
        beside it as `<save>.damaged`. Returns the game, its step and where the old file went.

        Raises:
            SaveFileError: the journal keeps no state (nothing to rebuild from).
        """
        found = self.latest_state()
        if found is None:
            raise SaveFileError(f"the journal beside {self.path} keeps no state to rebuild from; "
                                "start a new game with `sprawl new`")
        step, data = found
        game = game_from_data(data, {}, f"{self._entry_path(step) if step else self.first} (after)")
        game.step = step
        kept: Path | None = None
        if self.path.exists():
            kept = self.path.with_name(self.path.name + ".damaged")
            try:
                atomic_write(kept, self.path.read_bytes())
            except OSError as problem:
                raise SaveFileError(f"could not keep the damaged save aside: {problem.strerror}; "
                                    "nothing was changed") from None
        self._clear_redo()
        self.log.empty()  # the save is written outside the log: no record may replay over it
        self.save(game)
        return game, step, kept

    def adopt(self, game: Game[Any]) -> dict[str, Any] | None:
        """If the save differs from the state the journal says it should have, it was edited
        by hand: return the journal's state (plain data) so the edit can be journalled as a
        change of its own; else None. A save that holds the very text this process wrote with
        its last change was not edited since: no need to read the journal to know it."""
        if self.as_written:
            return None
        try:
            entry = self.read_entry(game.step)
        except SaveFileError:
            return None
        if entry is None or not isinstance(entry.get("after"), dict):
            return None
        now = game_to_data(game)
        if digest(entry["after"]) == digest(now):
            return None
        try:  # read the journal's state as the save is read, so only real differences count
            known = game_to_data(game_from_data(entry["after"], {}, "journal"))
        except SaveFileError:
            return None
        known["step"] = now.get("step")
        if digest(known) == digest(now):
            return None
        return known

    def save(self, game: Game[Any], data: dict[str, Any] | None = None) -> None:
        """Write `game` at once, a crash-safe write of its own (`new` and `repair`; a change
        goes through the journal and its log)."""
        self._write(*self.render(game, data))

    def render(self, game: Game[Any], data: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """The save file's text for `game`, and the data it holds.

        Raises:
            BadInput: the game has gone past the rounds a save holds (numbers.ROUNDS): written,
                it would be a save no command reads again.
        """
        from sprawl_cli import yamlio
        from sprawl_cli.numbers import ROUNDS

        if game.round > ROUNDS:
            from sprawl_cli.errors import BadInput

            raise BadInput(f"round {game.round} is past the {ROUNDS} rounds a save holds; end the game "
                           "(`sprawl end`)")

        header = "# sprawl save file: the current state of one game. Safe to read; edit with care.\n"
        data = game_to_data(game) if data is None else data
        return header + yamlio.dump(data), data

    def _write(self, text: str, data: dict[str, Any]) -> None:
        atomic_write(self.path, text)
        self.wrote(text, data)

    def wrote(self, text: str, data: dict[str, Any]) -> None:
        savecache.PARSED[os.path.abspath(self.path)] = (text, data, {})
        savecache.WRITTEN[os.path.abspath(self.path)] = text
        savecache.write_cache(self.cache, text, data)

    def start(self, game: Game[Any]) -> None:
        """Save a brand-new game; an existing one and its journal are kept as `.prev`.

        The old save is copied aside, not moved, so a kill at any instant leaves
        the old game or the new one at the save path, never none. The old journal
        goes aside last: entries a kill leaves beside the step-0 game are orphans,
        which the next change discards.

        Raises:
            SaveFileError: the old game could not be copied aside or the new one written;
            the save path still holds the old game.
        """
        import shutil

        prev_journal = self.journal.with_name(self.journal.name + ".prev")
        replacing = self.path.exists()
        if replacing:
            try:
                old = self.path.read_bytes()
            except OSError as problem:
                raise SaveFileError(f"could not set the old game at {self.path} aside: {problem.strerror}; "
                                    "nothing was changed") from None
            shutil.rmtree(prev_journal, ignore_errors=True)
            atomic_write(self.prev, old)
        # The new game's first state is written before the game itself, the old game's first state
        # kept aside (`.first.json.old`) until the new game is in place: a disk that refuses either
        # write puts it back, so nothing changes. A kill between leaves the kept one for the next
        # command under the lock to settle (`settle_first`): the first state names the save text
        # it belongs to, so the one that matches the save stays.
        game.step = 0
        text, data = self.render(game)
        had_first = True
        try:
            os.replace(self.first, self.first_kept)
        except FileNotFoundError:
            had_first = False  # the first game here (or one from before issue 25)
        except OSError as problem:
            raise SaveFileError(f"could not set {self.first} aside: {problem.strerror}; nothing was changed") from None
        try:
            atomic_write(self.first, compact_json({"step": 0, "save": digest(text), "after": data}))
            self._write(text, data)
        except SaveFileError:
            with contextlib.suppress(OSError):
                if had_first:
                    os.replace(self.first_kept, self.first)
                else:
                    os.unlink(self.first)
            raise
        if self.journal.exists():
            with contextlib.suppress(OSError):
                if replacing:
                    shutil.rmtree(prev_journal, ignore_errors=True)
                    os.replace(self.journal, prev_journal)
            shutil.rmtree(self.journal, ignore_errors=True)
        self.log.empty()  # the old game's files made durable, and no record of it left to replay
        with contextlib.suppress(OSError):
            os.unlink(self.first_kept)

    def settle_first(self) -> None:
        """After a `new` killed between its writes: keep the first state whose save text is the
        save's (the new game's, if it landed), else put the old game's back."""
        if not self.first_kept.exists():
            return
        try:
            first = self.read_entry(0, self.first)
            ours = first is not None and first.get("save") == digest(self.path.read_text(encoding="utf-8"))
        except (SaveFileError, OSError, ValueError):
            ours = False
        with contextlib.suppress(OSError):
            if ours:
                os.unlink(self.first_kept)
            else:
                os.replace(self.first_kept, self.first)
