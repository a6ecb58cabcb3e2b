"""What kind of thing is at a path, asked of the file system without opening it (issue 34).

A FIFO where the save belongs would hold `open()` for reading until some writer came, a
device could stream forever, and a folder reads as an error deep in a command: each is
refused first, with one line naming the path, from its `os.stat` alone.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sprawl_cli.errors import SaveFileError

_KINDS = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def kind_of(path: Path | str) -> str | None:
    """What is at `path` when it is something other than a plain file ("a FIFO (named pipe)",
    "a folder", "a device", "a socket"); None for a plain file or nothing at all. A symbolic
    link is followed, as reading it would."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # missing, unreadable or a name the system refuses: the reader says which
        return None
    return next((word for test, word in _KINDS if test(mode)), None)


def plain_file(path: Path | str, what: str) -> None:
    """Refuse `path` unless it is a plain file or missing.

    Raises:
        SaveFileError: one line naming the path and what is there instead, or why the file
            system will not look (a name too long, a NUL in it).
    """
    import errno

    from sprawl_cli.numbers import quoted

    try:
        os.stat(path)
    except ValueError:
        raise SaveFileError(f"'{quoted(path)}' holds a NUL character, which no {what}'s path may") from None
    except OSError as problem:
        if problem.errno not in (errno.ENOENT, errno.ENOTDIR, errno.EACCES, errno.ELOOP):  # each said when read
            raise SaveFileError(f"'{quoted(path)}' cannot be a {what}: {problem.strerror}") from None
    kind = kind_of(path)
    if kind is not None:
        raise SaveFileError(f"{path} is {kind}, not a {what}; sprawl reads only plain files there "
                            "(move it away, or name another file)")


def folder_or_nothing(path: Path | str, what: str) -> None:
    """Refuse `path` unless it is a folder or missing (a journal's place).

    Raises:
        SaveFileError: one line naming the path and what is there instead.
    """
    kind = kind_of(path)
    if kind == "a folder":
        return
    if kind is not None or (os.path.lexists(path) and not os.path.isdir(path)):
        raise SaveFileError(f"{path} is {kind or 'a file'}, not a {what} folder; sprawl keeps its {what} there "
                            "(move it away)")
