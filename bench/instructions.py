#!/usr/bin/env python3
"""bench/startup.py's cases counted in CPU instructions instead of timed: the same ratio
against the same Typer baselines, but one that other work on the machine cannot move.

Each command and its baseline run once under `valgrind --tool=callgrind`, which counts
the instructions the process executes (not seconds), with PYTHONHASHSEED=0 so that
Python's hashing, and with it the work, is the same in every run: run it twice and get
the same figures, on an idle machine or a loaded one. An instruction is not a fixed
slice of time (cache misses, I/O and the kernel are not in it), so this is the steady
check beside the paired CPU ratio of bench/startup.py, not a replacement for it.

    python bench/instructions.py                 # every case, a table; exit 1 if a goal is missed
    python bench/instructions.py --only status --json

Needs valgrind (Debian's `valgrind` package); exit 2 without it.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import BASELINES, CASES, Case, clean_env, conclude, label, prepare  # noqa: E402

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> int:
    """Instructions executed by one run of `argv` (valgrind's count); raise if it fails."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv], cwd=cwd,
                          env={**env, "PYTHONHASHSEED": "0"}, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"`{' '.join(argv)}` under valgrind exited {done.returncode}: {done.stderr.strip()[-300:]}")
    return int(found.group(1))


def count(cases: Sequence[Case]) -> dict[str, Any]:
    if shutil.which("valgrind") is None:
        raise FileNotFoundError("valgrind is not installed (apt-get install valgrind)")
    results = []
    with tempfile.TemporaryDirectory(prefix="sprawl-bench-") as tmp:
        runs = prepare(cases, Path(tmp))
        for case in cases:
            where = runs.dirs[case.name]
            base_env = clean_env(BASELINES[case.baseline].env)
            env = clean_env(case.env)
            for argv, side_env in ((runs.baseline(case), base_env), (runs.command(case), env)):
                subprocess.run(argv, cwd=where, env=side_env, capture_output=True)  # .pyc files and disk cache
            theirs = instructions(runs.baseline(case), where, base_env)
            mine = instructions(runs.command(case), where, env)
            ratio = mine / theirs
            results.append({"name": case.name, "command": "sprawl " + " ".join(case.args), "env": case.env,
                            "baseline": case.baseline, "goal": case.goal, "instructions": mine,
                            "baseline_instructions": theirs, "ratio": round(ratio, 3),
                            "ok": case.goal is None or ratio <= case.goal})
    return {"python": runs.python, "sprawl": str(runs.sprawl), "cases": results, "ok": all(r["ok"] for r in results)}


def print_table(report: dict[str, Any]) -> None:
    cases: list[dict[str, Any]] = report["cases"]
    print(f"instructions counted by valgrind, Python {report['python']}, PYTHONHASHSEED=0")
    width = max(len(label(c)) for c in cases)
    print(f"{'command':<{width}}  {'command':>9} {'baseline':>9} {'ratio':>6}  {'baseline':<13} {'goal':>5}")
    for c in cases:
        mark = "context" if c["goal"] is None else "ok" if c["ok"] else "OVER GOAL"
        goal = "    -" if c["goal"] is None else f"{c['goal']:>4.2f}x"
        print(f"{label(c):<{width}}  {c['instructions'] / 1e6:>8.1f}M {c['baseline_instructions'] / 1e6:>8.1f}M "
              f"{c['ratio']:>5.3f}x  {c['baseline']:<13} {goal}  {mark}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up of sprawl commands in instructions, as a ratio to Typer.")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--only", action="append", metavar="NAME", help="count only this case (repeatable)")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if not args.only or c.name in args.only]
    if not cases:
        parser.error(f"no case named {args.only}; the cases are: {', '.join(c.name for c in CASES)}")
    return conclude(lambda: count(cases), args.json, print_table)


if __name__ == "__main__":
    sys.exit(main())
