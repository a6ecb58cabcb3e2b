"""Files written so that a kill at any instant leaves the old file or the new one.

Every file sprawl keeps (the save, its journal entries, the campaign file, a roster it writes)
goes through `atomic_write`: a temp file beside it, fsynced, renamed over the old one. A temp file
a killed command left behind carries `TEMP_MARK` in its name, and the next command under the lock
removes it (`remove_stray_temps`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path
from typing import Any

from sprawl_cli.errors import SaveFileError


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TEMP_MARK = ".tmp-"


def atomic_write(path: Path, text: str | bytes, *, sync: bool = True) -> None:
    """Replace `path` with `text` so that a crash leaves the old or the new file.

    With `sync` (the default) the new file is on the disk when this returns: the file and its
    folder are fsynced. Without it a killed process still leaves the old file or the new one,
    but a power cut may leave the old one: only for a rewrite whose loss costs nothing (a
    journal entry trimmed of states it no longer needs).

    Raises:
        SaveFileError: the disk refused (full, read-only, I/O error); the old file is untouched.
    """
    tmp = path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}-{time.monotonic_ns() % 10**9}")
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as problem:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise refused(path, problem) from None
    if sync:
        fsync_dir(path.parent)


def refused(path: Path, problem: OSError) -> SaveFileError:
    """The one line for a write the disk refused."""
    reason = problem.strerror or errno.errorcode.get(problem.errno or 0, str(problem))
    return SaveFileError(f"could not write {path}: {reason}; the previous version is untouched")


BOOT_ID = "/proc/sys/kernel/random/boot_id"
_boot: list[str | None] = []


def boot_id() -> str | None:
    """This boot's id (Linux), or None where the boot cannot be told apart (save/wal.py)."""
    if not _boot:
        try:
            with open(BOOT_ID, "rb") as handle:
                found = handle.read(64).decode("ascii").strip()
        except (OSError, UnicodeDecodeError):
            found = ""
        _boot.append(found if found.replace("-", "").isalnum() and 0 < len(found) <= 40 else None)
    return _boot[0]


def log_header(boot: str | None) -> bytes:
    """The first line of a save's write-ahead log: its format and the boot it was written in."""
    return f"sprawl-wal 1 {boot}\n".encode()


def log_path(save: Path) -> Path:
    """Where the write-ahead log of `save` is kept (save/wal.py)."""
    return save.with_name(save.name + ".wal")


def from_another_boot(save: Path) -> bool:
    """Whether the save's write-ahead log holds records written before this boot: a crash of the
    machine may have lost files the log keeps (save/wal.py). Cheap: a `status` asks it."""
    try:
        with open(log_path(save), "rb") as handle:
            head = handle.read(64)
    except OSError:
        return False
    return len(head) > len(log_header(boot_id())) and not head.startswith(log_header(boot_id()))


def make_folder(path: Path) -> None:
    """Create a folder of the save's (journal, redo) if missing.

    Raises:
        SaveFileError: the disk refused.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise SaveFileError(f"could not create {path}: {problem.strerror or problem}; nothing was changed") from None


def remove_stray_temps(folder: Path, name: str) -> None:
    """Delete temp files a killed command left behind (call with the lock held)."""
    prefix = f".{name}{TEMP_MARK}"
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if entry.startswith(prefix):
            with contextlib.suppress(OSError):
                os.unlink(folder / entry)


def compact_json(data: Any) -> str:
    """`data` as JSON without spaces: a journal entry, a redo item, the new game's first state.

    `json` is imported by whoever writes or reads such a file, never at start-up: a `status`
    reads the save from its cache (`save/cache.py`) and no JSON at all (5 M instructions).
    """
    import json

    return json.dumps(data, separators=(",", ":"))


def digest(data: Any) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
