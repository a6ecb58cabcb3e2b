"""The save's write-ahead log (`<save>.wal`): one synced append makes a whole change durable.

A change writes several files: its journal entry, any companion file (the campaign, for
`aftermath`), the save, and the entries it trims or removes. Each used to be a crash-safe write
of its own (the file and its folder fsynced), four fsyncs a change, and on a busy disk those
were most of a change's time. Now a change first appends one record to this log naming every
file it writes or removes, with the new bytes, and syncs that one file; then it writes the
files themselves without syncing them.

A killed process cannot lose what it handed the kernel, so only a crash of the machine (a power
cut) can lose those unsynced writes, and the log keeps them:

- The log's first line names the boot it was written in (Linux's boot id). The first command
  that meets a log from another boot writes every record's files again, oldest first, makes
  them durable, and empties the log (`replay`). A save or companion file holding a text no
  record knows was edited by hand since and is left alone.
- In the same boot only a killed command leaves a record half done, and everything it wrote is
  in the page cache, so the save file is the change's point of no return, as before the log:
  the save still holding its old text means the change is taken back (each file written
  before the save gets its old bytes back, and the record goes); the save holding its new
  text means the files after it are written (`settle`).
- The log is emptied, after its files are made durable, by a change that leaves it past LIMIT
  bytes (never by a command that is refused: that changes no file), and by a command that
  writes the save outside it (`new`, `repair`).

Where the boot cannot be told (no /proc/sys/kernel/random/boot_id), no log is kept and every
file is a crash-safe write of its own, as before.

A record's format is `save/walrecord.py`'s: a torn or altered record is where the log ends.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from pathlib import Path

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save.atomic import atomic_write, boot_id, fsync_dir, log_header, log_path, refused
from sprawl_cli.save.walrecord import (
    COMPANION, END, HEAD, PLAIN, READ_AT_MOST, SAVE, START, TAIL, Op, decode, encode, plain_or_absent,
    read_bytes, sha,
)

__all__ = ["COMPANION", "PLAIN", "SAVE", "Batch", "Log", "Op", "make_durable", "put"]

LIMIT = 1 << 20  # bytes of records after which the log is made durable and emptied
# The most of a log that is ever read: past LIMIT by one change at most, and a change's record
# holds a few copies of a save. A damaged or hostile log longer than this is read no further,
# so it can neither fill the memory nor hold a command up.
MOST = READ_AT_MOST


class Batch:
    """The operations of one change, in the order they are done, each knowing what undoes it."""

    def __init__(self, log: Log) -> None:
        self.log = log
        self.ops: list[Op] = []
        self._now: dict[str, bytes | None] = {}  # what each file holds once the ops so far are done

    def write(self, path: Path, data: str | bytes | None, role: int = PLAIN, *, sync: bool = True,
              undoable: bool = True) -> None:
        """Write `path` (None: remove it). An `undoable` operation keeps the file's old bytes, so
        a change refused or killed before its save takes it back; the save keeps its digest."""
        name = self.log.name_of(path)
        after = data.encode("utf-8") if isinstance(data, str) else data
        before = None
        if role == SAVE:
            before = sha(read_bytes(path))
        elif undoable:
            before = self._now[name] if name in self._now else read_bytes(path)
        self._now[name] = after
        self.ops.append(Op(role, name, after, before, sync))


class Log:
    """The write-ahead log beside one save."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.path = log_path(save)
        self.boot = boot_id()

    @property
    def kept(self) -> bool:
        """Whether changes go through the log (the boot can be told apart)."""
        return self.boot is not None

    def where(self, path: str) -> Path:
        """A recorded path as a path: relative ones are beside the save."""
        return Path(path) if os.path.isabs(path) else self.save.parent / path

    def name_of(self, path: Path) -> str:
        """`path` as recorded: relative to the save's folder when it is inside it."""
        folder = os.path.abspath(self.save.parent)
        full = os.path.abspath(path)
        return os.path.relpath(full, folder) if full.startswith(folder + os.sep) else full

    # --- reading -------------------------------------------------------
    def records(self) -> tuple[bytes, list[tuple[int, list[Op]]], int]:
        """The log's first line, its whole records (each with the offset it starts at), and
        where the last of them ends. A record cut short or altered ends the list: nothing after
        it was ever applied."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read(MOST)
        except OSError:
            data = b""
        head, _, _ = data.partition(b"\n")
        at, found = len(head) + 1, []
        while at + HEAD.size <= len(data):
            magic, size, crc = HEAD.unpack_from(data, at)
            end = at + HEAD.size + size
            if magic != START or end + TAIL.size > len(data) or TAIL.unpack_from(data, end) != (size, END):
                break
            payload = data[at + HEAD.size:end]
            ops = decode(payload) if zlib.crc32(payload) == crc else None
            if ops is None:
                break
            found.append((at, ops))
            at = end + TAIL.size
        return head + b"\n", found, min(at, len(data))

    def size(self) -> int:
        try:
            return os.stat(self.path).st_size
        except OSError:
            return 0

    # --- writing -------------------------------------------------------
    def append(self, ops: list[Op]) -> int:
        """Append a record of `ops` and sync it; return where it starts (for `drop`).

        Raises:
            SaveFileError: the disk refused; the log is as it was.
        """
        frame = encode(ops)
        created = not self.path.exists()
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o644)
        except OSError as problem:
            raise refused(self.path, problem) from None
        start = -1  # not known yet: nothing to cut back to
        try:
            start = os.lseek(fd, 0, os.SEEK_END)
            if start == 0:
                frame = log_header(self.boot) + frame
            view = memoryview(frame)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError as problem:
            with contextlib.suppress(OSError):
                if start >= 0:
                    os.ftruncate(fd, start)
            os.close(fd)
            if created:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)
            raise refused(self.path, problem) from None
        os.close(fd)
        if created:
            fsync_dir(self.path.parent)
        return start

    def apply(self, batch: Batch) -> None:
        """Do a change: its record appended and synced, then its files written in order (each a
        crash-safe write of its own where no log is kept). The operations after the save only
        tidy up, so one the disk refuses is skipped.

        Raises:
            SaveFileError: the disk refused before the save was written: every file is as it was.
        """
        ops = batch.ops
        start = self.append(ops) if self.kept else None
        written = False
        try:
            for op in ops:
                if written:
                    with contextlib.suppress(SaveFileError):
                        put(self.where(op.path), op.after, sync=op.sync and not self.kept)
                else:
                    put(self.where(op.path), op.after, sync=op.sync and not self.kept)
                    written = op.role == SAVE
        except BaseException:
            self.settle(start, ops)
            raise
        if self.kept and self.size() > LIMIT:
            self.empty()  # by a change that is done: a refused command changes no file

    def drop(self, start: int | None) -> None:
        """Take back the record that starts at `start` (its change was refused or taken back);
        None: no log is kept."""
        if start is None:
            return
        if start == 0:
            with contextlib.suppress(OSError):
                os.unlink(self.path)
            fsync_dir(self.path.parent)  # a log come back after a power cut would replay it
            return
        self.cut(start)

    def cut(self, size: int) -> None:
        """Cut the log to its first `size` bytes, durably."""
        with contextlib.suppress(OSError):
            fd = os.open(self.path, os.O_WRONLY)
            try:
                os.ftruncate(fd, size)
                os.fsync(fd)
            finally:
                os.close(fd)

    def empty(self) -> None:
        """Make every file the log names durable, then remove the log."""
        if not self.path.exists():
            return
        _, found, _ = self.records()
        make_durable({self.where(op.path).parent for _, ops in found for op in ops} | {self.save.parent})
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        fsync_dir(self.path.parent)

    # --- recovery ------------------------------------------------------
    def recover(self) -> None:
        """Called under the save's lock before anything reads the game: finish or take back
        what a killed command left (same boot), or replay the log after a crash of the
        machine (another boot)."""
        try:
            with open(self.path, "rb") as handle:
                head = handle.read(len(log_header(self.boot)))
        except OSError:
            return
        if head != log_header(self.boot):
            self.replay(self.records()[1])
            return
        last = self.last()
        if last is not None:
            self.settle(*last)

    def last(self) -> tuple[int, list[Op]] | None:
        """The last record and where it starts, read from the end of the log. A record cut
        short (an append killed half-way, never applied) is cut off first, so the next record
        follows a whole one."""
        try:
            with open(self.path, "rb") as handle:
                size = handle.seek(0, os.SEEK_END)
                handle.seek(max(0, size - TAIL.size))
                length, magic = TAIL.unpack(handle.read(TAIL.size).rjust(TAIL.size, b"\0"))
                start = size - TAIL.size - length - HEAD.size
                if magic == END and start >= 0 and length <= MOST:
                    handle.seek(start)
                    frame = handle.read(size - start)
                    found = decode(frame[HEAD.size:-TAIL.size]) \
                        if frame[:HEAD.size] == HEAD.pack(START, length, zlib.crc32(frame[HEAD.size:-TAIL.size])) \
                        else None
                    if found is not None:
                        return start, found
        except OSError:
            return None
        _, whole, end = self.records()
        if end < self.size():
            self.cut(end)
        return whole[-1] if whole else None

    def settle(self, start: int | None, ops: list[Op]) -> None:
        """Finish or take back the last record, by what the save holds now (same boot, or a
        change the disk refused half-way)."""
        point = next((i for i, op in enumerate(ops) if op.role == SAVE), len(ops))
        now = read_bytes(self.where(ops[point].path)) if point < len(ops) else None
        if point < len(ops) and sha(now) == sha(ops[point].after):
            for op in ops[point + 1:]:
                with contextlib.suppress(SaveFileError):
                    if read_bytes(self.where(op.path)) != op.after:  # done already: every later lock sees it
                        put(self.where(op.path), op.after, sync=not self.kept)
            return
        if point < len(ops) and sha(now) != ops[point].before:
            return  # the save was edited by hand since this record was applied
        for op in reversed(ops[:point]):
            with contextlib.suppress(SaveFileError):
                if read_bytes(self.where(op.path)) == op.after:
                    # Synced: once the record goes, nothing else keeps the files put back.
                    put(self.where(op.path), op.before, sync=True)
        self.drop(start)

    def replay(self, found: list[tuple[int, list[Op]]]) -> None:
        """Write every file the records name as the last record left it, make them durable,
        and empty the log. A save or companion file is written only over a text a record
        knows (or where it is missing or empty): any other text was put there by hand."""
        final: dict[str, Op] = {}
        known: dict[str, set[bytes | None]] = {}
        for _, ops in found:
            for op in ops:
                final[op.path] = op
                texts = known.setdefault(op.path, set())
                texts.add(sha(op.after))
                texts.add(op.before if op.role == SAVE else sha(op.before))
        for name, op in final.items():
            path = self.where(name)
            if op.role != PLAIN:
                now = read_bytes(path)
                if now and sha(now) not in known[name]:
                    continue
            with contextlib.suppress(SaveFileError):
                put(path, op.after, sync=False)
        self.empty()


def put(path: Path, data: bytes | None, *, sync: bool) -> None:
    """Write `path` whole (None: remove it).

    Raises:
        SaveFileError: the disk refused, or `path` is no plain file (a log that names a FIFO or a
            device never writes there).
    """
    if not plain_or_absent(path):
        raise SaveFileError(f"{path} is not a plain file; it was left as it is")
    if data is not None:
        atomic_write(path, data, sync=sync)
        return
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as problem:
        raise refused(path, problem) from None
    if sync:
        fsync_dir(path.parent)


def make_durable(folders: set[Path]) -> None:
    """Everything written to the file systems holding `folders` is on the disk when this returns."""
    devices: dict[int, Path] = {}
    for folder in folders:
        with contextlib.suppress(OSError):
            devices.setdefault(os.stat(folder).st_dev, folder)
    if not all(_syncfs(folder) for folder in devices.values()):
        os.sync()


def _syncfs(folder: Path) -> bool:
    """Sync the one file system holding `folder` (Linux's syncfs); False where it cannot."""
    try:
        import ctypes

        call = ctypes.CDLL(None, use_errno=True).syncfs
        fd = os.open(folder, os.O_RDONLY)
    except (ImportError, OSError, AttributeError):
        return False
    try:
        return bool(call(fd) == 0)
    finally:
        os.close(fd)
