"""The process's garbage-collector policy (sprawl_cli/__main__.py), read off a real process:
no collection while the program loads, collection on (start-up frozen) while the command
works, and everything frozen again before the interpreter's last collection at exit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import harness

# Starts the real entry with a gc callback that notes every collection and where it fell:
# before `main()`, while loading (nothing frozen yet), or once the command is loaded.
PROBE = """
import atexit, gc, json, sys
from sprawl_cli import context
seen = {"loading": 0, "command": 0, "emit": None}
phase = "before"
def note(step, info):
    if step == "start" and phase != "before":
        seen["command" if gc.get_freeze_count() else "loading"] += 1
gc.callbacks.append(note)
real = context.Context.emit
def emit(self, *args, **kwargs):
    seen["emit"] = [gc.isenabled(), gc.get_freeze_count()]
    for _ in range(3000):  # garbage in cycles, as a long `play` session makes
        loop = []
        loop.append(loop)
    return real(self, *args, **kwargs)
context.Context.emit = emit
atexit.register(lambda: sys.stderr.write("\\nGC " + json.dumps({**seen, "exit": gc.get_freeze_count()}) + "\\n"))
sys.argv = ["sprawl", *sys.argv[1:]]
from sprawl_cli.__main__ import main
phase = "loading"
main()
"""


def policy(args: list[str], cwd: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=harness.clean_environ(),
                          capture_output=True, text=True, timeout=60)
    return {"code": done.returncode, **json.loads(done.stderr.rsplit("GC ", 1)[1])}


@pytest.mark.parametrize("args", [["odds", "100", "--json"], ["table", "incapacitation", "7"]])
def test_loading_collects_nothing_and_the_command_collects_its_own_garbage(tmp_path, args):
    seen = policy(args, tmp_path)
    assert seen["code"] == 0
    assert seen["loading"] == 0  # start-up allocates enough for dozens of collections otherwise
    enabled, frozen = seen["emit"]
    assert enabled and frozen > 10_000  # on again, everything loaded frozen
    assert seen["command"] > 0  # the command's cyclic garbage is collected
    assert seen["exit"] > frozen  # frozen again at exit: the last collection walks nothing


def test_a_line_that_loads_no_command_runs_without_collection(tmp_path):
    seen = policy(["--version"], tmp_path)
    assert seen["code"] == 0 and seen["loading"] == 0 and seen["command"] == 0 and seen["emit"] is None
    assert seen["exit"] > 10_000
