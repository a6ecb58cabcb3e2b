"""A record of the save's write-ahead log (save/wal.py): the files one change writes or removes,
in order, with what undoes each, in an envelope that shows a record cut short or altered.

A record is `START`, its payload's length and CRC-32, the payload, the length again and `END`,
so it can be read from either end. The payload is its operations one after another: role,
whether synced where no log is kept, the path's length, the new bytes' length and the old
bytes' length (-1: no such file), then the path and the two texts. Every length is checked
against the payload before it is trusted, and a path a change cannot have written (one that
climbs out of the save's folder, or an absolute one that is no companion's) makes the record
unreadable, so a damaged or hostile log is where the log ends, never an error or a write
elsewhere.
"""

from __future__ import annotations

import hashlib
import os
import stat
import struct
import zlib
from pathlib import Path

# Roles of an operation: a file of the journal's own; the save (the point of no return); a
# companion file. The last two may be edited by hand, so a replay writes them only over a
# text some record knows.
PLAIN, SAVE, COMPANION = 0, 1, 2

HEAD = struct.Struct("<4sII")  # magic, payload length, CRC-32 of the payload
TAIL = struct.Struct("<I4s")  # payload length again, magic: a record read from the end
OPERATION = struct.Struct("<BBIqq")  # role, synced when no log is kept, path length, after, before
START, END = b"SWAL", b"LAWS"
ABSENT = -1  # an `after` or `before` length: the file does not exist (removed, or not yet made)


def sha(data: bytes | None) -> bytes | None:
    return None if data is None else hashlib.sha256(data).digest()


class Op:
    """One file a change writes (`after` bytes) or removes (`after` None).

    `before` is what undoes it: the file's old bytes (None: it did not exist) for an operation
    done before the save, which a killed command's change takes back; the SHA-256 of the old
    save for the save itself. `sync` says whether the file is a crash-safe write of its own
    where no log is kept (as each was before the log).
    """

    __slots__ = ("role", "path", "after", "before", "sync")

    def __init__(self, role: int, path: str, after: bytes | None, before: bytes | None,
                 sync: bool = True) -> None:
        self.role, self.path, self.after, self.before, self.sync = role, path, after, before, sync

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Op) and all(getattr(self, k) == getattr(other, k) for k in self.__slots__)

    def __repr__(self) -> str:
        return f"Op({self.role}, {self.path!r}, {self.after!r:.40}, {self.before!r:.40})"


READ_AT_MOST = 80 << 20  # bytes: past any text a record can hold (a few saves of yamlio.MAX_BYTES)


def plain_or_absent(path: Path) -> bool:
    """Whether `path` is a plain file or nothing, from `os.stat` alone (nothing is opened): a log
    that names a FIFO or a device is neither read nor written there."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def read_bytes(path: Path) -> bytes | None:
    """A plain file's bytes (at most READ_AT_MOST of them), or None when it does not exist, is
    no plain file, or cannot be read."""
    if not plain_or_absent(path):
        return None
    try:
        with open(path, "rb") as handle:
            return handle.read(READ_AT_MOST)
    except OSError:
        return None


def encode(ops: list[Op]) -> bytes:
    """A record: the envelope and its operations."""
    parts = []
    for op in ops:
        name = op.path.encode("utf-8", "surrogatepass")
        after = ABSENT if op.after is None else len(op.after)
        before = ABSENT if op.before is None else len(op.before)
        parts += [OPERATION.pack(op.role, op.sync, len(name), after, before), name, op.after or b"", op.before or b""]
    payload = b"".join(parts)
    return HEAD.pack(START, len(payload), zlib.crc32(payload)) + payload + TAIL.pack(len(payload), END)


def decode(payload: bytes) -> list[Op] | None:
    """The operations of a record's payload, or None when it does not hold whole ones."""
    ops, at, size = [], 0, len(payload)
    try:
        while at < size:
            role, sync, name_size, after, before = OPERATION.unpack_from(payload, at)
            at += OPERATION.size
            if role not in (PLAIN, SAVE, COMPANION) or min(after, before) < ABSENT:
                return None
            lengths = (name_size, max(after, 0), max(before, 0))
            if at + sum(lengths) > size:
                return None
            name = payload[at:at + name_size].decode("utf-8", "surrogatepass")
            at += name_size
            if not acceptable(role, name):
                return None
            new = None if after == ABSENT else payload[at:at + after]
            at += lengths[1]
            old = None if before == ABSENT else payload[at:at + before]
            at += lengths[2]
            ops.append(Op(role, name, new, old, bool(sync)))
    except (struct.error, UnicodeDecodeError):
        return None
    return ops


def acceptable(role: int, name: str) -> bool:
    """Whether a recorded path is one a change can have written: a file beside the save (a
    relative path that never climbs out of its folder), or a companion file anywhere."""
    if os.path.isabs(name):
        return role == COMPANION
    return bool(name) and "\0" not in name and ".." not in Path(name).parts
