"""Run sprawl as a real process that stops itself (SIGSTOP) at one exact point of its writes,
so that the crash suite's parent can SIGKILL it there.

    python stopper.py WHEN MODULE:NAME N SPRAWL-ARGS...

WHEN is `before` or `after` the Nth call of NAME (a function, or `Class.method`) in MODULE:
`after sprawl_cli.save.wal:Log.append 1` stops a change with its record in the save's log and
none of its files written; `after sprawl_cli.store:atomic_write 1` stops `new` with its first
file written. The name is replaced where it is looked up at call time, so only the calls made
through MODULE reach the stop. A kill decided by a stop, not by a delay, lands inside the write
whatever the machine's load.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from typing import Any


def stop_at(when: str, target: str, nth: int) -> None:
    module_name, _, qualname = target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    real = getattr(owner, name)
    calls = 0

    def stopping(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if when == "before" and calls == nth:
            os.kill(os.getpid(), signal.SIGSTOP)  # the parent kills the process here
        result = real(*args, **kwargs)
        if when == "after" and calls == nth:
            os.kill(os.getpid(), signal.SIGSTOP)
        return result

    setattr(owner, name, stopping)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("before", "after"):
        sys.exit(__doc__)
    stop_at(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    sys.argv = ["sprawl", *sys.argv[4:]]
    from sprawl_cli.cli.main import run

    run()
