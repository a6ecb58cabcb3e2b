"""Helpers shared by the reliability suites: a game folder driven in-process or by
real processes, the checks every refusal must pass, and the figures each suite reports.

Every suite reads the `release` fixture (tests/conftest.py, `--release`) to pick
its iteration count; `figures` collects what it measured, and the numbers are
printed at the end of the run (and written as JSON to $SPRAWL_RELIABILITY_FIGURES
when that is set), which is where docs/reliability.md takes its figures from.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from sprawl_cli.save.atomic import TEMP_MARK
from tests import harness
from tests.factory import PLF, SUIT, new_args
from tests.reliability.figures import FIGURES
from tests.reliability.systems import NAMES, PROFILES

__all__ = ["NAMES", "PLF", "PROFILES", "SUIT", "SAVE", "Folder", "check_refusal", "game_of"]

SAVE = "sprawl-game.yaml"
STOPPER = Path(__file__).with_name("stopper.py")


def process_state(pid: int) -> str:
    """The one-letter state of a live process (`T`: stopped), from /proc; "" once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat.rpartition(")")[2].split()[0]



def check_refusal(code: int, stderr: str, stdout: str = "") -> None:
    """What every failed command owes the user: exit 1 or 2 and exactly one `error:` line, no traceback."""
    assert code in (1, 2), f"exit {code}\nstdout: {stdout}\nstderr: {stderr}"
    assert "Traceback" not in stderr + stdout
    errors = [line for line in stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, f"expected one error line, got: {stderr!r}"
    assert not errors[0].startswith("error: internal error"), errors[0]


def commands_that_load(names: list[str], save: Path | None = None) -> list[str]:
    """`names`, checked to be commands the program really has: each one's `--help` runs
    (with `--game save`: the commands of that game's system).

    A registered command whose module is missing (or does not load) makes the calling
    test skip and say which, or fail under CI=true, where every command must be there:
    a suite that quietly dropped it would pass without testing it.
    """
    broken: list[str] = []
    for name in names:
        try:
            ok = harness.invoke([name, "--help", *(["--game", str(save)] if save else [])]).exit_code == 0
        except Exception:  # an import error surfaces here (no error boundary around --help's loading)
            ok = False
        if not ok:
            broken.append(name)
    if broken:
        harness.missing(f"these commands do not load: {', '.join(broken)}")
    return names


class Folder:
    """A folder holding one save file, driven in-process (CliRunner) or as real processes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.save = path / SAVE

    def args(self, *args: str) -> list[str]:
        return [*args, "--game", str(self.save)]

    def run(self, *args: str, input: str | None = None) -> Result:
        """`sprawl ARGS --game <this save>` in-process, no terminal, no SPRAWL_ variables."""
        return harness.invoke(self.args(*args), input=input)

    def ok(self, *args: str) -> Result:
        result = self.run(*args)
        assert result.exit_code == 0, f"{args}: {result.stderr}"
        return result

    def json(self, *args: str) -> Any:
        return json.loads(self.ok(*args, "--json").stdout)

    def new(self, *extra: str, system: str = "sprawl") -> None:
        """A game of `system` between its two sample squads (tests/factory.py `SAMPLES`)."""
        self.ok("new", *new_args(system), *extra)

    def process(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        """A real `python -m sprawl_cli ARGS --game <this save>` process, run to its end."""
        return harness.run(self.args(*args), self.path, timeout=timeout)

    def popen(self, *args: str) -> subprocess.Popen[bytes]:
        """The same, started and left running (output discarded)."""
        return harness.popen(self.args(*args), self.path)

    def stopped(self, when: str, target: str, nth: int, *args: str) -> subprocess.Popen[bytes]:
        """The same, stopped (SIGSTOP) `when` ("before" or "after") its `nth` call of `target`
        (`module:name`, tests/reliability/stopper.py); returned once it is stopped, for the caller
        to kill there."""
        said = self.path.with_name(self.path.name + "-stopped.err")  # beside the folder, not in it
        with said.open("wb") as err:
            proc = subprocess.Popen([sys.executable, str(STOPPER), when, target, str(nth), *self.args(*args)],
                                    cwd=self.path, env=harness.clean_environ(), stdin=subprocess.DEVNULL,
                                    stdout=subprocess.DEVNULL, stderr=err)
        # Waits for an event (the stop, or the end), not for a time: no load makes it miss.
        while proc.poll() is None and process_state(proc.pid) != "T":
            time.sleep(0.0002)
        if proc.poll() is not None:
            raise AssertionError(f"{args} ended (exit {proc.returncode}) {when} call {nth} of {target}: "
                                 f"{said.read_text(errors='replace')}")
        return proc

    # --- what is on disk -------------------------------------------------
    @property
    def journal(self) -> Path:
        return self.path / (SAVE + ".journal")

    def temps(self) -> list[Path]:
        """Temp files of an unfinished write, anywhere under the folder. The command may still be
        running, so a folder that vanishes while it is read is passed over (os.walk does that)."""
        return [Path(top, name) for top, folders, files in os.walk(self.path) for name in folders + files
                if TEMP_MARK in name]

    def log_size(self) -> int:
        """The size of the save's write-ahead log: a change's first write appends to it."""
        try:
            return (self.path / (SAVE + ".wal")).stat().st_size
        except OSError:
            return 0

    def journal_steps(self) -> list[int]:
        return sorted(int(p.stem) for p in self.journal.glob("*.json")) if self.journal.is_dir() else []

    def redo_steps(self) -> list[int]:
        folder = self.journal / "redo"
        return sorted(int(p.stem) for p in folder.glob("*.json")) if folder.is_dir() else []

    def files(self) -> dict[str, bytes]:
        """Every file byte for byte (the lock file aside): what a refused command must not change."""
        return {str(p.relative_to(self.path)): p.read_bytes() for p in sorted(self.path.rglob("*"))
                if p.is_file() and not p.name.endswith(".lock")}

    def copy_to(self, other: Folder) -> None:
        """Make `other` hold exactly this folder's files."""
        if other.path.exists():
            shutil.rmtree(other.path)
        shutil.copytree(self.path, other.path)


@pytest.fixture
def folder(tmp_path: Path) -> Folder:
    """A folder with a fresh game between the two sample squads."""
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    game.new()
    return game


def game_of(system: str, path: Path) -> Folder:
    """A folder at `path` with a fresh game of `system`, started with its profile's seed
    (tests/reliability/systems.py), so every change in the profile has one known result."""
    game = Folder(path)
    game.path.mkdir(parents=True)
    game.new(*PROFILES[system].new_extra, system=system)
    return game


@pytest.fixture
def figures() -> dict[str, Any]:
    """Record a suite's measured numbers: `figures["crash"] = {...}`."""
    return FIGURES
