"""Undo and redo: a change taken back keeps what it was in the redo folder (and in the log,
marked undone), and its companion files go back with the save.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save import journal
from sprawl_cli.save.atomic import compact_json, digest, make_folder
from sprawl_cli.save.data import game_from_data, game_to_data
from sprawl_cli.save.journal import Journal, check_companions, companions

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.save.wal import Batch


class Undoable(Journal):
    """A journal whose changes can be taken back and put back."""

    def _keep_undone(self, batch: Batch, entries: list[dict[str, Any]]) -> None:
        """Keep what an undo takes back in the log (its dice too), marked undone."""
        make_folder(self.undone_dir)
        for entry in entries:
            record = {k: v for k, v in entry.items() if k not in ("before", "after", "files")}
            record["undone_at"] = time.strftime("%Y-%m-%dT%H:%M:%S")
            seq = int(entry.get("seq") or time.time_ns())
            # Not synced where no log is kept: the record only tells the log that a change was
            # undone. A power cut that loses it costs that log line, never the game or its redo.
            batch.write(self.undone_dir / f"{seq:020d}-{entry.get('step', 0):06d}.json", compact_json(record),
                        sync=False)

    def _unkeep_undone(self, batch: Batch, entry: dict[str, Any]) -> None:
        seq = entry.get("seq")
        if seq is not None:
            batch.write(self.undone_dir / f"{int(seq):020d}-{entry.get('step', 0):06d}.json", None, sync=False,
                        undoable=False)

    def undo(self, game: Game[Any], count: int) -> tuple[Game[Any], list[dict[str, Any]]]:
        """The game as it was `count` changes ago, and the entries undone (newest first).

        Raises:
            SaveFileError: fewer changes can be undone than asked.
        """
        if count < 1:
            raise SaveFileError("undo needs a count of 1 or more")
        undone: list[dict[str, Any]] = []
        state = game
        for _ in range(count):
            entry = self.read_entry(state.step) if state.step > 0 else None
            if entry is None or "before" not in entry:
                have = len(undone)
                if state.step == 0 or entry is None:
                    reason = "nothing more to undo" if have == 0 else f"only {have} change(s) could be undone"
                else:
                    reason = f"changes older than the last {journal.UNDO_LIMIT} can no longer be undone"
                raise SaveFileError(f"{reason}; nothing was changed")
            previous = game_from_data(entry["before"], {}, f"{self._entry_path(state.step)} (before)")
            undone.append({"entry": entry, "after": game_to_data(state)})
            state = previous
        checked: set[str] = set()
        for item in undone:  # newest first: a file must still hold what the newest change to it wrote
            fresh = {k: v for k, v in companions(item["entry"]).items() if k not in checked}
            check_companions({"files": fresh}, "after", "before")
            checked.update(fresh)
        from sprawl_cli.save.wal import COMPANION

        make_folder(self.redo_dir)
        batch = self.batch()
        for item in undone:
            batch.write(self._entry_path(item["entry"]["step"], self.redo_dir), compact_json(item))
        self._keep_undone(batch, [item["entry"] for item in undone])
        for item in undone:  # newest first, so a file changed twice ends at its oldest text
            for path, texts in companions(item["entry"]).items():
                batch.write(Path(path), texts.get("before"), COMPANION)
        text, data = self.write_save(batch, state)
        for item in undone:
            batch.write(self._entry_path(item["entry"]["step"]), None, sync=False, undoable=False)
        self.log.apply(batch)
        self.wrote(text, data)
        return state, [item["entry"] for item in undone]

    def redo(self, game: Game[Any]) -> tuple[Game[Any], dict[str, Any]]:
        """Re-apply the change most recently undone.

        Raises:
            SaveFileError: nothing to redo (or the game changed since the undo).
        """
        item = self.read_entry(game.step + 1, self.redo_dir)
        if item is None or not isinstance(item.get("entry"), dict) or "after" not in item:
            raise SaveFileError("nothing to redo; nothing was changed")
        entry = item["entry"]
        if digest(entry.get("before")) != digest(game_to_data(game)):
            self._clear_redo()
            raise SaveFileError("the game changed since that undo, so it cannot be redone; nothing was changed")
        after = game_from_data(item["after"], {}, f"{self._entry_path(game.step + 1, self.redo_dir)}")
        check_companions(entry, "before", "after")
        make_folder(self.journal)
        tidy = self.batch()
        tidy.write(self._entry_path(after.step, self.redo_dir), None, sync=False, undoable=False)
        self._unkeep_undone(tidy, entry)
        self._apply(tidy, after, entry)
        return after, entry
