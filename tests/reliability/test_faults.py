"""Fault suite: the disk refuses a write (ENOSPC, EIO) at every point a command writes.

`os.open` (of a temp file or of the save's write-ahead log), `os.write` and `os.fsync` (of
such a file) and `os.replace` are made to fail once at their k-th call, for every k the
command makes, and then on every call. Each time: exit 1 with exactly one
`error:` line, every file byte for byte as it was, no temp file left, and once
the fault clears the same command works and gives the state it would have
given without the fault. SPRAWL's game is faulted in seven changes; every other
system's in one of its own rules (the long tier adds `next`, `undo`, `redo` and `new`).
"""

from __future__ import annotations

import errno
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sprawl_cli.save.atomic import TEMP_MARK
from tests.factory import new_args
from tests.reliability.conftest import NAMES, PLF, PROFILES, SUIT, Folder, check_refusal, game_of

FUNCTIONS = ("open", "write", "fsync", "replace")
ERRNOS = (errno.ENOSPC, errno.EIO)

COMMANDS: dict[str, list[str]] = {
    "set": ["set", "Babs", "ran", "on"],
    "damage": ["damage", "Gordo", "1"],
    "next": ["next", "--seed", "3"],
    "undo": ["undo"],
    "undo 2": ["undo", "2"],
    "redo": ["redo"],
    "new": ["new", "--squad", SUIT, "--squad", PLF, "--force", "--seed", "3"],
}


def other_commands(system: str) -> dict[str, list[str]]:
    """The changes faulted in a game of another system: one of its own rules; the long tier
    adds the kernel's changes (`next`, `undo`, `redo`, `new`) in its games."""
    return {
        "own": [*PROFILES[system].fault_change, "--seed", "3"],
        "next": ["next", "--seed", "3", "--force"],
        "undo": ["undo"],
        "redo": ["redo"],
        "new": ["new", *new_args(system, swap=True), "--force", "--seed", "3"],
    }


# The other systems' own rule runs in both tiers; the kernel's changes in their games (next, undo,
# redo, new) only in the long tier (`release_only`: deselected from the quick run).
CASES = [pytest.param("sprawl", label, id=label) for label in COMMANDS] + [
    pytest.param(system, label, id=f"{system}-{label}", marks=() if label == "own" else pytest.mark.release_only)
    for system in NAMES[1:] for label in other_commands(system)]


class Disk:
    """Wraps os.open/write/fsync/replace; counts the calls that touch a temp file (or the log) and
    makes the chosen one fail at its `at`-th such call (every call when `at` is None)."""

    def __init__(self, target: str | None = None, code: int = errno.ENOSPC, at: int | None = None) -> None:
        self.target, self.code, self.at = target, code, at
        self.calls: Counter[str] = Counter()
        self.injected = 0
        self.temp_fds: set[int] = set()
        self.real = {name: getattr(os, name) for name in FUNCTIONS}

    def _maybe_fail(self, name: str) -> None:
        self.calls[name] += 1
        if name == self.target and (self.at is None or self.calls[name] == self.at):
            self.injected += 1
            raise OSError(self.code, os.strerror(self.code))

    def open(self, path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else ""
        is_temp = TEMP_MARK in name or name.endswith(".wal")  # the log: a change's one synced write
        if is_temp:
            self._maybe_fail("open")
        fd: int = self.real["open"](path, flags, *args, **kwargs)
        if is_temp:
            self.temp_fds.add(fd)
        return fd

    def write(self, fd: int, data: Any) -> int:
        if fd in self.temp_fds:
            self._maybe_fail("write")
        written: int = self.real["write"](fd, data)
        return written

    def fsync(self, fd: int) -> None:
        if fd in self.temp_fds:
            self.temp_fds.discard(fd)  # the next temp file may get the same number
            self._maybe_fail("fsync")
        self.real["fsync"](fd)

    def replace(self, src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if TEMP_MARK in os.fspath(src):
            self._maybe_fail("replace")
        self.real["replace"](src, dst, *args, **kwargs)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in FUNCTIONS:
            monkeypatch.setattr(os, name, getattr(self, name))


def prepared(system: str, path: Path) -> Folder:
    """A game with history to undo and a change to redo."""
    if system != "sprawl":
        game = game_of(system, path)
        people, toggle = PROFILES[system].people, PROFILES[system].toggles[0]
        game.ok("set", people[-1], toggle, "on")
        game.ok("set", people[-2], toggle, "on")
        game.ok("undo")
        return game
    game = Folder(path)
    game.path.mkdir()
    game.new()
    game.ok("set", "Wes", "pinned", "on")
    game.ok("damage", "Wilson", "1")
    game.ok("next")
    game.ok("set", "Razz", "overwatch", "on")
    game.ok("undo")
    return game


def plan(release: bool, counts: dict[str, int]) -> list[tuple[str, int, int | None]]:
    """(function, errno, at) for every call point, and for 'every call'."""
    cases: list[tuple[str, int, int | None]] = []
    for name in FUNCTIONS:
        points: list[int | None] = [*range(1, counts[name] + 1), None]
        for i, at in enumerate(points):
            codes = ERRNOS if release else (ERRNOS[i % 2],)  # quick mode: the two errnos in turn
            cases.extend((name, code, at) for code in codes)
    return cases


@pytest.mark.parametrize(("system", "label"), CASES)
def test_disk_fault_changes_nothing_and_says_so(system: str, tmp_path: Path, label: str, release: bool,
                                                monkeypatch: pytest.MonkeyPatch, figures: dict[str, Any]) -> None:
    args = COMMANDS[label] if system == "sprawl" else other_commands(system)[label]
    prepared_game = prepared(system, tmp_path / "prepared")
    work = Folder(tmp_path / "work")
    # A clean run on a copy: the state the command should give, and how many calls it makes.
    prepared_game.copy_to(work)
    counter = Disk()
    with monkeypatch.context() as patch:
        counter.install(patch)
        clean = work.run(*args)
    assert clean.exit_code == 0, clean.stderr
    expected = work.save.read_bytes()
    assert all(counter.calls[name] >= 1 for name in FUNCTIONS), counter.calls

    injected = 0
    cases = plan(release, dict(counter.calls))
    for name, code, at in cases:
        prepared_game.copy_to(work)
        before = work.files()
        disk = Disk(name, code, at)
        with monkeypatch.context() as patch:
            disk.install(patch)
            result = work.run(*args)
        what = f"{label}: os.{name} fails with {errno.errorcode[code]} at call {at or 'every'}"
        assert disk.injected >= 1, what
        injected += disk.injected
        assert result.exit_code == 1, f"{what}: exit {result.exit_code} {result.stderr}"
        check_refusal(result.exit_code, result.stderr, result.stdout)
        assert os.strerror(code) in result.stderr, f"{what}: the reason is not named: {result.stderr}"
        assert not work.temps(), f"{what}: temp files remain: {work.temps()}"
        after = work.files()
        if label == "new":
            # The backup copy of the old game may already be written; the game itself is untouched.
            after = {k: v for k, v in after.items() if ".prev" not in k}
            before = {k: v for k, v in before.items() if ".prev" not in k}
        assert after == before, f"{what}: files changed: {sorted(k for k in after if after.get(k) != before.get(k))}"
        # The fault clears: the same command now works and gives the state a clean run gives.
        again = work.run(*args)
        assert again.exit_code == 0, f"{what}: after the fault cleared: {again.stderr}"
        assert work.save.read_bytes() == expected, f"{what}: after the fault cleared the state differs"
        assert work.json("status")["round"] >= 1

    record: dict[str, Any] = figures.setdefault("faults", {}).setdefault(
        system, {"commands": 0, "cases": 0, "faults_injected": 0})
    record["commands"] += 1
    record["cases"] += len(cases)
    record["faults_injected"] += injected


def test_unwritable_folder_is_one_clear_error(folder: Folder, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock file cannot be made (a read-only folder): one error line, nothing changed."""
    before = folder.files()
    real_open: Callable[..., int] = os.open

    def refuse_lock(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "open", refuse_lock)
        result = folder.run("set", "Babs", "ran", "on")
    check_refusal(result.exit_code, result.stderr)
    assert "read-only" in result.stderr.lower()
    assert folder.files() == before
    folder.ok("set", "Babs", "ran", "on")


def test_journal_folder_cannot_be_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first change of a game must create the journal folder; a full disk refuses it."""
    game = Folder(tmp_path / "g")
    game.path.mkdir()
    game.new()
    before = game.files()
    real_mkdir = os.mkdir

    def full(path: Any, *args: Any, **kwargs: Any) -> None:
        if str(path).endswith(".journal"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_mkdir(path, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(os, "mkdir", full)
        result = game.run("set", "Babs", "ran", "on")
    check_refusal(result.exit_code, result.stderr)
    assert game.files() == before
    game.ok("set", "Babs", "ran", "on")
