#!/usr/bin/env python3
"""That a long game does not make `sprawl status` slower, as a ratio measured in one session.

`sprawl status` after 600 logged commands is timed against `sprawl status` of
a fresh game of the same ten characters, both drawing their Rich table
(FORCE_COLOR=1), alternating round after round (so both see the same machine
load), and the medians divided: the history lives in the journal, so the
ratio must stay within 1.2x. What `status` costs against its framework (a
Typer app printing a Rich table) is a case of bench/startup.py.

    python bench/status.py                 # 31 rounds, a table, exit 1 if the goal is missed
    python bench/status.py --rounds 51 --json
    python bench/status.py --commands 1000  # a longer game

Exit status: 0 within the goal; 1 over it; 2 a command failed or the `sprawl`
script was not found. Stdlib only; the timing helpers are bench/startup.py's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import COLOUR, SQUADS, clean_env, conclude, find_sprawl, fresh_game, interpreter_of, sprawl_in, time_once  # noqa: E402

COMMANDS = 600

# Runs in the interpreter that runs `sprawl`, in the long game's folder: applies
# `set NAME ran on|off` through the real command line, in-process, so building a
# 600-change journal takes seconds instead of 600 process starts.
BUILD = """
import json, sys
from sprawl_cli.cli.main import cli
names, count = json.loads(sys.argv[1]), int(sys.argv[2])
for i in range(count):
    state = "on" if (i // len(names)) % 2 == 0 else "off"
    try:
        cli.main(args=["set", names[i % len(names)], "ran", state, "--json"])
    except SystemExit as done:
        if done.code:
            sys.exit(f"change {i + 1} failed with exit {done.code}")
"""


@dataclass(frozen=True)
class Run:
    argv: tuple[str, ...]
    cwd: Path
    env: dict[str, str]

    def label(self) -> str:
        words = [Path(self.argv[0]).name if i == 0 else a for i, a in enumerate(self.argv)]
        return " ".join(words) + f" (in {self.cwd.name}/)"


@dataclass(frozen=True)
class Comparison:
    name: str
    command: Run
    baseline: Run
    goal: float


def build_long_game(workdir: Path, commands: int) -> None:
    sprawl_in(workdir, "new", *SQUADS)
    names = [c["name"] for c in json.loads(sprawl_in(workdir, "status", "--json").stdout)["characters"]]
    python = interpreter_of(find_sprawl())
    done = subprocess.run([python, "-c", BUILD, json.dumps(names), str(commands)], cwd=workdir,
                          env=clean_env(), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"building the long game failed: {done.stderr.strip()[-500:]}")
    step = json.loads(sprawl_in(workdir, "status", "--json").stdout)["step"]
    if step != commands:
        raise RuntimeError(f"the long game has {step} logged changes, not {commands}")


def comparisons(tmp: Path, commands: int) -> list[Comparison]:
    status = (str(find_sprawl()), "status")
    fresh, long = tmp / "fresh", tmp / "long"
    fresh.mkdir()
    long.mkdir()
    fresh_game(fresh)
    build_long_game(long, commands)
    coloured = clean_env(COLOUR)  # the whole Rich table, as on a terminal
    return [Comparison("journal", Run(status, long, coloured), Run(status, fresh, coloured), 1.2)]


def measure(cases: Sequence[Comparison], rounds: int, warmup: int = 2) -> list[dict[str, object]]:
    times: dict[str, tuple[list[float], list[float]]] = {c.name: ([], []) for c in cases}
    for n in range(warmup + rounds):
        for case in cases:
            if n % 2 == 0:  # flip the order every round: neither side always goes first
                base = time_once(case.baseline.argv, case.baseline.cwd, case.baseline.env)
                took = time_once(case.command.argv, case.command.cwd, case.command.env)
            else:
                took = time_once(case.command.argv, case.command.cwd, case.command.env)
                base = time_once(case.baseline.argv, case.baseline.cwd, case.baseline.env)
            if n >= warmup:  # the first runs write .pyc files and warm the disk cache
                times[case.name][0].append(took)
                times[case.name][1].append(base)
    results = []
    for case in cases:
        took, base = (statistics.median(t) for t in times[case.name])
        ratio = took / base
        results.append({
            "name": case.name,
            "command": case.command.label(),
            "baseline": case.baseline.label(),
            "median_ms": round(took, 1),
            "baseline_ms": round(base, 1),
            "ratio": round(ratio, 2),
            "goal": case.goal,
            "ok": ratio <= case.goal,
        })
    return results


def print_table(report: dict[str, object]) -> None:
    print(f"{report['rounds']} rounds; the long game has {report['commands']} logged changes")
    for c in report["cases"]:  # type: ignore[attr-defined]
        mark = "ok" if c["ok"] else "OVER GOAL"
        print(f"{c['name']:<8} {c['median_ms']:>7.1f} ms / {c['baseline_ms']:>7.1f} ms = {c['ratio']:>5.2f}x"
              f"  (goal {c['goal']:g}x)  {mark}")
        print(f"         {c['command']}  vs  {c['baseline']}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="`sprawl status` after a long game as a ratio to a fresh one.")
    parser.add_argument("--rounds", type=int, default=31, help="timed rounds (default 31)")
    parser.add_argument("--commands", type=int, default=COMMANDS,
                        help=f"logged changes in the long game (default {COMMANDS})")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.commands < 1:
        parser.error("--rounds and --commands must be at least 1")
    def run() -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="sprawl-bench-status-") as tmp:
            results = measure(comparisons(Path(tmp), args.commands), args.rounds)
        return {"rounds": args.rounds, "commands": args.commands, "cases": results,
                "ok": all(r["ok"] for r in results)}

    return conclude(run, args.json, print_table)


if __name__ == "__main__":
    sys.exit(main())
