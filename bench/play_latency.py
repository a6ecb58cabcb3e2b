#!/usr/bin/env python3
"""How long a command takes inside a `sprawl play` session, against the README's 10 ms.

A session runs each line in-process through the same click group, with the
command modules already imported, so a line costs only its own work: parse,
load the save file, apply the rule, journal and save (its one fsync included), print.
This script starts a game in a temporary folder, opens a session on it the
way `sprawl play` does (stdout captured), and times each case line by line.

    python bench/play_latency.py                 # 101 rounds, a table, exit 1 if over 10 ms
    python bench/play_latency.py --rounds 301 --json
    python bench/play_latency.py --only set --profile   # cProfile of one case
    python bench/play_latency.py --no-fsync      # the disk's share: fsync made a no-op (not the goal)
    python bench/play_latency.py --busy-disk     # beside a second process that keeps the disk busy

The goal is a median: a shared machine's disk sometimes stalls an fsync for
tens of milliseconds, which the p90 column shows. The fsyncs column counts the
fsyncs a line makes (a change makes one: its record appended to the save's
write-ahead log), and the disk's own row is the baseline beside them: the save's
text appended to a file and fsynced, what a change's record costs the disk, timed in
every round of every case, so a slow disk shows as a slow disk and not as slow code. The cpu column is the median
CPU time the session's process spent on the line: its own work, which neither
the disk nor the other processes of a loaded machine add to. Exit status: 0 every median
within the goal, 1 a median over it, 2 a line failed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 10.0


@dataclass(frozen=True)
class Case:
    name: str
    line: str  # what the player types at the prompt
    undo: bool = False  # take the change back after each timed run (untimed), so rounds stay alike
    before: int = 0  # changes made (untimed) before the case, so the game is that far along


CASES = [
    Case("status-json", "status --json"),
    Case("status", "status"),
    Case("set", "set Razz ran on", undo=True),
    Case("set-json", "set Razz pinned on --json", undo=True),
    Case("next", "next", undo=True),
    Case("undo", "undo"),  # each round first makes a change (untimed) for it to undo
    Case("roll", "roll 4 --json"),
    # A long evening: past the 200 changes undo reaches, each change also trims the entry that
    # falls out of its reach.
    Case("set-late", "set Razz ran on", undo=True, before=250),
]


# The second process of --busy-disk: writes 8 MB into a file of its folder and fsyncs it,
# again and again, until it is stopped (a game's laptop that is also copying photos, say).
BUSY = """
import os, sys
block = os.urandom(1 << 20)
while True:
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    for _ in range(8):
        os.write(fd, block)
    os.fsync(fd)
    os.close(fd)
"""


@contextlib.contextmanager
def busy_disk(on: bool) -> Iterator[None]:
    """While open (and `on`), a second process keeps the disk of the temp folder busy."""
    if not on:
        yield
        return
    with tempfile.TemporaryDirectory(prefix="sprawl-busy-disk-") as folder:
        writer = subprocess.Popen([sys.executable, "-c", BUSY, str(Path(folder) / "busy.bin")])
        try:
            yield
        finally:
            writer.kill()
            writer.wait()


def open_session(folder: Path):  # type: ignore[no-untyped-def]
    """A game in `folder` and a Session on it whose output goes to a buffer."""
    from sprawl_cli.cli.main import cli
    from sprawl_cli.context import Env, Options
    from sprawl_cli.play import Session

    environ = {k: v for k, v in os.environ.items() if not k.startswith("SPRAWL_")}
    environ["NO_COLOR"] = "1"
    out, err = io.StringIO(), io.StringIO()
    env = Env(stdin=io.StringIO(), stdout=out, stderr=err, interactive=False, environ=environ)
    session = Session(cli, env, folder / "sprawl-game.yaml", Options(), seed=1)
    rosters = ROOT / "rosters" / "sprawl"
    code = session.run(f"new --squad {rosters / 'plf.yaml'} --squad {rosters / 'suit.yaml'}")
    if code != 0:
        raise SystemExit(f"could not start a game: {err.getvalue().strip()}")
    return session, out, err


def time_line(session, line: str, err: io.StringIO) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The line's wall time and the CPU time this process spent on it, in ms. On a machine that
    others share, the wall time swings with their load and with the disk's fsyncs; the CPU time
    is the command's own work (a disk that stalls an fsync does not add to it)."""
    start, cpu = time.perf_counter(), time.process_time()
    code = session.run(line)
    elapsed = (time.perf_counter() - start) * 1000
    spent = (time.process_time() - cpu) * 1000
    if code != 0:
        raise RuntimeError(f"`{line}` exited {code}: {err.getvalue().strip().splitlines()[-1:]}")
    return elapsed, spent


class FsyncCount:
    """Counts the fsyncs made while it is installed in place of `os.fsync`."""

    def __init__(self) -> None:
        self.count = 0
        self.real = os.fsync

    def __call__(self, fd: int) -> None:
        self.count += 1
        self.real(fd)


def disk_write(folder: Path, text: str) -> float:
    """`text` appended to a file in `folder` and fsynced, as a change's record is written to the
    save's log: the disk's baseline, in ms."""
    data = text.encode("utf-8")
    start = time.perf_counter()
    fd = os.open(folder / "disk-baseline.wal", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    return (time.perf_counter() - start) * 1000


def summary(name: str, line: str, times: list[float], cpus: list[float], fsyncs: list[int],
            disk: list[float]) -> dict[str, object]:
    times.sort()
    median = statistics.median(times)
    return {
        "case": name, "line": line, "median_ms": round(median, 3),
        "p90_ms": round(times[int(len(times) * 0.9) - 1], 3), "min_ms": round(times[0], 3),
        "cpu_ms": round(statistics.median(cpus), 3), "fsyncs": statistics.median(fsyncs) if fsyncs else 0,
        "disk_ms": round(statistics.median(disk), 3),
        "ratio": round(median / GOAL_MS, 3), "over": median > GOAL_MS,
    }


def measure(cases: Sequence[Case], rounds: int, warmup: int = 3) -> dict[str, object]:
    counter = FsyncCount()
    os.fsync = counter
    try:
        with tempfile.TemporaryDirectory(prefix="sprawl-play-bench-") as tmp:
            session, out, err = open_session(Path(tmp))
            save_text = (Path(tmp) / "sprawl-game.yaml").read_text(encoding="utf-8")
            results = []
            every: list[float] = []
            for case in cases:
                disk: list[float] = []
                times: list[float] = []
                cpus: list[float] = []
                fsyncs: list[int] = []
                for i in range(case.before):
                    session.run(f"set Babs ran {'on' if i % 2 == 0 else 'off'}")
                for i in range(warmup + rounds):
                    if case.name == "undo":
                        session.run("set Razz ran on")
                    counter.count = 0
                    elapsed, spent = time_line(session, case.line, err)
                    synced = counter.count
                    if case.undo:
                        session.run("undo")
                    out.seek(0), out.truncate()
                    err.seek(0), err.truncate()
                    wrote = disk_write(Path(tmp), save_text)
                    if i >= warmup:
                        times.append(elapsed)
                        cpus.append(spent)
                        fsyncs.append(synced)
                        disk.append(wrote)
                results.append(summary(case.name, case.line, times, cpus, fsyncs, disk))
                every += disk
            baseline = summary("disk", "(the save's text appended and fsynced: the baseline)", every, [0.0], [1], every)
            baseline["over"] = False
    finally:
        os.fsync = counter.real
    return {"goal_ms": GOAL_MS, "rounds": rounds, "python": sys.version.split()[0], "cases": results,
            "disk": baseline}


def print_table(report: dict[str, object]) -> None:
    print(f"{'case':<12} {'median':>9} {'p90':>9} {'min':>9} {'cpu':>9} {'fsyncs':>6} {'disk':>9} {'ratio':>7}  line")
    for r in [*report["cases"], report["disk"]]:  # type: ignore[misc]
        flag = "  OVER GOAL" if r["over"] else ""
        cpu = f"{r['cpu_ms']:>7.2f}ms" if r["case"] != "disk" else f"{'':>9}"
        print(f"{r['case']:<12} {r['median_ms']:>7.2f}ms {r['p90_ms']:>7.2f}ms {r['min_ms']:>7.2f}ms "
              f"{cpu} {r['fsyncs']:>6g} {r['disk_ms']:>7.2f}ms {r['ratio']:>6.2f}x  {r['line']}{flag}")
    print(f"ratio = median / {GOAL_MS:.0f} ms goal; cpu = median CPU time of this process; fsyncs = per line "
          f"(median); disk = the median of one synced append of the save's text, timed after each line of the "
          f"case (the baseline; its own row: every case); {report['rounds']} rounds each")


def profile(case: Case, rounds: int) -> None:
    import cProfile
    import pstats

    with tempfile.TemporaryDirectory(prefix="sprawl-play-bench-") as tmp:
        session, out, err = open_session(Path(tmp))
        for _ in range(3):
            session.run(case.line)
            if case.undo:
                session.run("undo")
        prof = cProfile.Profile()
        for _ in range(rounds):
            if case.name == "undo":
                session.run("set Razz ran on")
            prof.enable()
            session.run(case.line)
            prof.disable()
            if case.undo:
                session.run("undo")
        pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(35)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=101, help="timed runs per case (default 101)")
    parser.add_argument("--only", action="append", choices=[c.name for c in CASES], help="just these cases")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--profile", action="store_true", help="cProfile the chosen cases instead of timing")
    parser.add_argument("--busy-disk", action="store_true",
                        help="time beside a second process that writes 8 MB and fsyncs it, over and over")
    parser.add_argument("--no-fsync", action="store_true",
                        help="a diagnosis, not the goal: time without fsync, to see what the disk's share is")
    args = parser.parse_args(argv)
    if args.no_fsync:
        os.fsync = lambda fd: None  # counted (as made) all the same
    cases = [c for c in CASES if not args.only or c.name in args.only]
    if args.profile:
        for case in cases:
            print(f"== {case.name}: {case.line}")
            profile(case, args.rounds)
        return 0
    try:
        with busy_disk(args.busy_disk):
            report = measure(cases, args.rounds)
    except RuntimeError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        print_table(report)
    return 1 if any(r["over"] for r in report["cases"]) else 0  # type: ignore[attr-defined]


if __name__ == "__main__":
    sys.exit(main())
