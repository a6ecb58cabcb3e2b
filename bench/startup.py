#!/usr/bin/env python3
"""Start-up cost of `sprawl` commands, as a ratio against the floor every Python CLI pays.

The floor is `python -I -c pass` run by the same interpreter as the installed
`sprawl` script. Each round runs the floor and a command back to back, for every
case, so both see the same machine load; the ratio is median(command) /
median(its floor runs). Absolute milliseconds on a shared, noisy machine mean
little; the ratio travels.

    python bench/startup.py                 # 31 rounds, a table, exit 1 if a goal is missed
    python bench/startup.py --rounds 51 --json
    python bench/startup.py --only roll

Exit status: 0 every ratio within its goal; 1 a ratio over its goal; 2 a command
failed or the `sprawl` script was not found.

To add a case, append to CASES. A case that needs files (a save file for
`status`, say) gives a `setup` function: it is called once with the case's own
empty working directory (inside a temporary directory) before any timing, and
the command then runs in that directory. `sprawl_in(workdir, ...)` runs the
installed `sprawl` there, for setups that build a game with real commands.
Stdlib only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # the project, for setups that need rosters


@dataclass(frozen=True)
class Case:
    name: str  # a short label for the table and --only
    args: tuple[str, ...]  # what follows `sprawl`
    goal: float  # the highest acceptable ratio against the floor
    setup: Callable[[Path], None] | None = None  # prepares the case's working directory
    env: dict[str, str] = field(default_factory=dict)  # extra environment for the command


def sprawl_in(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed `sprawl` with `args` in `workdir` (for setups); raise if it fails."""
    done = subprocess.run(
        [str(find_sprawl()), *args], cwd=workdir, env=clean_env(), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"setup `sprawl {' '.join(args)}` exited {done.returncode}: {done.stderr.strip()}")
    return done


# Example of a case with a setup (once rosters exist):
#
# def started_game(workdir: Path) -> None:
#     sprawl_in(workdir, "new", "--squad", str(ROOT / "rosters/plf.yaml"), "--squad", str(ROOT / "rosters/suit13.yaml"))
#
# Case("status", ("status", "--json"), 7.0, setup=started_game),

CASES: list[Case] = [
    Case("roll", ("roll", "4", "--dice", "4,5,7,10", "--json"), 7.0),
    Case("table", ("table", "incapacitation", "7", "--json"), 7.0),
    Case("odds", ("odds", "100", "--json"), 7.0),
]


def find_sprawl() -> Path:
    """The `sprawl` script next to this interpreter, else the one on PATH."""
    beside = Path(sys.executable).parent / "sprawl"
    if beside.is_file():
        return beside
    found = shutil.which("sprawl")
    if found is None:
        raise FileNotFoundError("no `sprawl` script next to this Python or on PATH; install the project first")
    return Path(found)


def interpreter_of(script: Path) -> str:
    """The Python that runs `script` (its #! line), so the floor uses the same one."""
    try:
        with script.open("rb") as f:
            first = f.readline().decode(errors="replace").strip()
    except OSError:
        first = ""
    if first.startswith("#!"):
        parts = first[2:].split()
        # `#!/usr/bin/env python3` names the interpreter in its second word
        if parts and Path(parts[0]).name == "env" and len(parts) > 1:
            found = shutil.which(parts[1])
            if found:
                return found
        elif parts and Path(parts[0]).is_file():
            return parts[0]
    return sys.executable


def clean_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment without SPRAWL_* settings that would change what a command does."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPRAWL_")}
    env["NO_COLOR"] = "1"
    env.update(extra or {})
    return env


def time_once(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> float:
    """Wall-clock milliseconds for one run of `argv`; raise if it fails."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"`{' '.join(argv)}` exited {done.returncode}: {err}")
    return elapsed


def measure(cases: Sequence[Case], rounds: int, warmup: int = 2) -> dict[str, object]:
    sprawl = find_sprawl()
    python = interpreter_of(sprawl)
    floor_argv = [python, "-I", "-c", "pass"]
    floors: dict[str, list[float]] = {c.name: [] for c in cases}
    times: dict[str, list[float]] = {c.name: [] for c in cases}
    with tempfile.TemporaryDirectory(prefix="sprawl-bench-") as tmp:
        dirs: dict[str, Path] = {}
        for case in cases:
            workdir = Path(tmp) / case.name
            workdir.mkdir()
            if case.setup is not None:
                case.setup(workdir)
            dirs[case.name] = workdir
        base_env = clean_env()
        for n in range(warmup + rounds):
            for case in cases:
                env = clean_env(case.env)
                floor = time_once(floor_argv, dirs[case.name], base_env)
                took = time_once([str(sprawl), *case.args], dirs[case.name], env)
                if n >= warmup:  # the first runs write .pyc files and warm the disk cache
                    floors[case.name].append(floor)
                    times[case.name].append(took)
    results = []
    for case in cases:
        floor_ms = statistics.median(floors[case.name])
        median_ms = statistics.median(times[case.name])
        ratio = median_ms / floor_ms
        results.append({
            "name": case.name,
            "command": "sprawl " + " ".join(case.args),
            "median_ms": round(median_ms, 1),
            "floor_ms": round(floor_ms, 1),
            "ratio": round(ratio, 2),
            "goal": case.goal,
            "ok": ratio <= case.goal,
        })
    every_floor = [t for runs in floors.values() for t in runs]
    return {
        "python": python,
        "sprawl": str(sprawl),
        "rounds": rounds,
        "floor": " ".join(floor_argv),
        "floor_ms": round(statistics.median(every_floor), 1),
        "cases": results,
        "ok": all(r["ok"] for r in results),
    }


def print_table(report: dict[str, object]) -> None:
    cases: list[dict[str, object]] = report["cases"]  # type: ignore[assignment]
    width = max(len(str(c["command"])) for c in cases)
    print(f"floor `{report['floor']}`: median {report['floor_ms']} ms over {report['rounds']} rounds")
    print(f"{'command':<{width}}  {'median ms':>9}  {'ratio':>6}  {'goal':>5}")
    for c in cases:
        mark = "ok" if c["ok"] else "OVER GOAL"
        print(f"{c['command']:<{width}}  {c['median_ms']:>9.1f}  {c['ratio']:>5.2f}x  {c['goal']:>4.1f}x  {mark}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up cost of sprawl commands as a ratio to `python -I -c pass`.")
    parser.add_argument("--rounds", type=int, default=31, help="timed rounds (default 31; odd keeps the median a real run)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this case (repeatable)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    cases = [c for c in CASES if not args.only or c.name in args.only]
    if not cases:
        parser.error(f"no case named {args.only}; the cases are: {', '.join(c.name for c in CASES)}")
    return conclude(lambda: measure(cases, args.rounds), args.json, print_table)


def conclude(run: Callable[[], dict[str, Any]], as_json: bool, show: Callable[[dict[str, Any]], None]) -> int:
    """Run a benchmark and report it: exit 0 within every goal, 1 over one, 2 when it could not run."""
    try:
        report = run()
    except (FileNotFoundError, RuntimeError) as problem:
        if as_json:
            print(json.dumps({"error": str(problem)}))
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        show(report)
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
