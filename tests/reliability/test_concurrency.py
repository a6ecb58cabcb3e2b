"""Concurrency suite: several real processes change one game at the same moment, in a game
of each of the five systems (each toggling statuses of its own: tests/reliability/systems.py).

Each worker thread runs its own sequence of `python -m sprawl_cli set ...`
processes on its own character, all workers at once, while a reader keeps
running `status --json`. A start-up holder keeps the lock for the first
moment, until every worker's first command has said it waits for it. The lock must queue them: every change is in the
journal exactly once (steps 1..N with no gap), each character ends in the
state its own worker's last command left, and no reader ever sees a broken file.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections import Counter
from typing import Any

import pytest

from sprawl_cli.save.journal import UNDO_LIMIT
from tests import harness
from tests.reliability.conftest import NAMES, PROFILES, SAVE, Folder, game_of

# Writers x changes each, per system: the quick tier: 30 changes over the five systems.
SIZES = {"quick": (3, 2), "release": (6, 12)}


def plan(name: str, count: int, statuses: tuple[str, ...]) -> list[list[str]]:
    """A worker's commands: statuses on and off in a fixed rotation."""
    steps = []
    for j in range(count):
        status = statuses[(j // 2) % len(statuses)]
        steps.append(["set", name, status, "on" if j % 2 == 0 else "off"])
    return steps


def expected_statuses(commands: list[list[str]]) -> set[str]:
    on: set[str] = set()
    for _, _, status, value in commands:
        (on.add if value == "on" else on.discard)(status)
    return on


@pytest.mark.parametrize("system", NAMES)
def test_simultaneous_writers_lose_no_change(system: str, tmp_path: Any, release: bool,
                                             figures: dict[str, Any]) -> None:
    profile = PROFILES[system]
    folder = game_of(system, tmp_path / "game")
    workers, changes = SIZES["release" if release else "quick"]
    people = [n for n in profile.people if " " not in n]  # one word: the log's command splits on spaces
    workers = min(workers, len(people))
    plans = {people[i]: plan(people[i], changes, profile.toggles) for i in range(workers)}
    failures: list[str] = []
    waited = Counter[str]()
    reads = Counter[str]()
    start = threading.Barrier(workers + 1)
    done = threading.Event()

    queued = threading.Semaphore(0)

    def first(args: list[str]) -> subprocess.CompletedProcess[str]:
        """The worker's first command: it meets the held lock, says it waits, then goes on."""
        proc = harness.popen(folder.args(*args), folder.path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        assert proc.stderr is not None
        said = proc.stderr.readline()
        queued.release()
        out, err = proc.communicate(timeout=600)
        return subprocess.CompletedProcess(args, proc.returncode, out, said + err)

    def work(name: str) -> None:
        start.wait()
        for i, args in enumerate(plans[name]):
            proc = first(args) if i == 0 else folder.process(*args)
            if proc.returncode != 0:
                failures.append(f"{args}: exit {proc.returncode}: {proc.stderr}")
            if "waiting for another sprawl command" in proc.stderr:
                waited["processes"] += 1

    def read() -> None:
        start.wait()
        while not done.is_set():
            proc = folder.process("status", "--json")
            try:
                assert proc.returncode == 0, proc.stderr
                json.loads(proc.stdout)
                reads["ok"] += 1
            except (AssertionError, ValueError) as problem:
                failures.append(f"a reader saw a broken save: {problem}")

    threads = [threading.Thread(target=work, args=(name,)) for name in plans]
    reader = threading.Thread(target=read)
    holder = harness.hold_lock(folder.path / f"{SAVE}.lock")  # held before any worker starts
    for t in [*threads, reader]:
        t.start()
    # Every worker's first command meets the lock already held, so the queue is really used.
    began = time.perf_counter()
    try:  # every worker's first command is queued behind the holder ...
        reached = sum(queued.acquire(timeout=120) for _ in plans)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()  # ... then the lock is free and the queue runs
        holder.wait(timeout=60)
    for t in threads:
        t.join(timeout=600)
    done.set()
    reader.join(timeout=60)
    elapsed = time.perf_counter() - began
    assert reached == len(plans), "a worker's first command never got to the lock"
    assert not failures, failures[:5]
    # The lock was contended: at least every worker's first command waited (and said so).
    assert waited["processes"] >= workers, f"only {waited['processes']} processes waited for the lock"

    total = workers * changes
    entries = folder.json("log")["entries"]
    assert len(entries) == total, f"{total - len(entries)} change(s) lost"
    assert [e["step"] for e in entries] == list(range(1, total + 1))
    assert folder.journal_steps() == list(range(1, total + 1))
    kept = 0
    for entry in entries:
        # Each change started from the state the one before it left (no stale read); only
        # the last UNDO_LIMIT entries keep that state.
        full = json.loads((folder.journal / f"{entry['step']:06d}.json").read_text())
        if "before" in full:
            kept += 1
            assert full["before"]["step"] == entry["step"] - 1
    assert kept == min(total, UNDO_LIMIT)
    issued = Counter(" ".join(a) for p in plans.values() for a in p)
    logged = Counter(" ".join(e["command"].split()[:4]) for e in entries)
    assert logged == issued
    state = {c["name"]: c for c in folder.json("status")["characters"]}
    for name, commands in plans.items():
        assert set(state[name]["statuses"]) == expected_statuses(commands), name
    for name in profile.people:
        if name not in plans:
            assert state[name]["statuses"] == [], name

    figures.setdefault("concurrency", {})[system] = {
        "processes": workers,
        "changes_each": changes,
        "changes_total": total,
        "changes_lost": total - len(entries),
        "processes_that_waited_for_the_lock": waited["processes"],
        "status_reads_during_writes": reads["ok"],
        "seconds": round(elapsed, 1),
    }
