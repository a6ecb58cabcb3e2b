"""The lock on a file sprawl changes (a save, a campaign), first come first served.

A command that changes a game holds `<save>.lock` for its whole read-change-write, so two
terminals queue. One that finds it taken waits in line (`<save>.lock.queue/`, a ticket per
waiting process) and says who holds it; a killed waiter keeps nobody waiting.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save.atomic import remove_stray_temps

LOCK_TIMEOUT = 60.0


@contextlib.contextmanager
def lock_file(path: Path, notify: Callable[[str], None] = lambda _m: None) -> Iterator[None]:
    """Hold `<path>.lock` exclusively, first come first served (waiting up to LOCK_TIMEOUT),
    and clear temp files a killed command left beside `path`.

    A command that finds the lock held, or others already waiting, takes a ticket in
    `<path>.lock.queue/` (named by the time it came and its process) and tries the lock
    only when no live ticket is older than its own: later commands never get in first.

    Raises:
        SaveFileError: the lock cannot be made, or is held too long by another command.
    """
    import fcntl

    lock_path = path.with_name(path.name + ".lock")
    queue = lock_path.with_name(lock_path.name + ".queue")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as problem:
        raise SaveFileError(f"cannot lock {path}: {problem.strerror}; is the folder writable?") from None
    ticket: Path | None = None
    try:
        try:
            if _waiting(queue):
                raise BlockingIOError  # others came first: take a ticket behind them
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            ticket = _take_ticket(queue)
            notify(f"waiting for another sprawl command{_holder(fd)} to finish with {path} ...")
            deadline = time.monotonic() + LOCK_TIMEOUT
            while True:
                ahead = _ahead_of(ticket) if ticket is not None else 0
                if not ahead:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        pass
                if time.monotonic() > deadline:
                    who = _holder(fd).strip(", ") or "another sprawl command"
                    line = f", with {ahead} more waiting before this one" if ahead else ""
                    raise SaveFileError(f"{path} is still in use after {LOCK_TIMEOUT:.0f}s: {who} holds it{line}; "
                                        "finish or stop that one, then try again")
                time.sleep(0.02)
        _claim(fd)
        remove_stray_temps(path.parent, path.name)
        yield
    finally:
        if ticket is not None:
            with contextlib.suppress(OSError):
                os.unlink(ticket)
        os.close(fd)  # closing releases the lock


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # alive, but another user's
        return True
    return True


def _live_tickets(queue: Path) -> list[str]:
    """The tickets of waiting commands still running, oldest first; a dead one's is removed."""
    try:
        names = sorted(os.listdir(queue))
    except OSError:
        return []
    live = []
    for name in names:
        pid = name.rpartition("-")[2]
        if pid.isdigit() and (int(pid) == os.getpid() or _alive(int(pid))):
            live.append(name)
        else:
            with contextlib.suppress(OSError):
                os.unlink(queue / name)  # a waiter killed in line keeps nobody waiting
    return live


def _waiting(queue: Path) -> bool:
    return bool(_live_tickets(queue))


def _take_ticket(queue: Path) -> Path | None:
    """A place in line (None where the folder allows none: then plain polling, as before)."""
    try:
        queue.mkdir(exist_ok=True)
        ticket = queue / f"{time.time_ns():020d}-{os.getpid()}"
        os.close(os.open(ticket, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        return ticket
    except OSError:
        return None


def _ahead_of(ticket: Path) -> int:
    """How many live tickets are older than `ticket`."""
    live = _live_tickets(ticket.parent)
    return live.index(ticket.name) if ticket.name in live else 0


def _claim(fd: int) -> None:
    """Say in the lock file who holds it (pid and command line), for a waiting terminal.
    Best effort: a lock file that cannot say so still locks."""
    import sys

    words = " ".join(["sprawl", *sys.argv[1:]])[:200]
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {words}".encode("utf-8", "replace"), 0)


def _holder(fd: int) -> str:
    """Who holds the lock, as the holder wrote it (", `sprawl hide Babs` (process 1234 ...),"), or ""."""
    try:
        text = os.pread(fd, 256, 0).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    pid, _, words = text.partition(" ")
    if pid.isdigit() and words:
        return f", `{words}` (process {pid}, which may be waiting for an answer in its terminal),"
    return ""
