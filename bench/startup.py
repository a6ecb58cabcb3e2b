#!/usr/bin/env python3
"""Start-up cost of `sprawl` commands, as a ratio against the framework it is built on.

A Typer CLI cannot start faster than a Typer hello-world, so that is the
baseline that travels between machines. Each case names one of two baselines,
small apps in bench/baselines/ run by the same interpreter as the installed
`sprawl` script:

  typer        bench/baselines/hello.py        one command that prints a line
  typer+rich   bench/baselines/hello_table.py  one command that prints a small Rich table

Every round runs each case's baseline and command back to back (the order
flips from one round to the next), so both see the same machine load. The
goals judge the paired ratio: the median over rounds of each round's own
command / baseline, in CPU time (user + system of the child) unless --clock
wall; wall time and the ratio of medians are printed too. `python -I -c pass`, the
bare interpreter, is timed in every round as well, for context only: its
column has no goal.

    python bench/startup.py                 # 31 rounds, a table, exit 1 if a goal is missed
    python bench/startup.py --rounds 51 --json
    python bench/startup.py --only roll --only status

Exit status: 0 every ratio within its goal; 1 a ratio over its goal; 2 a command
failed or the `sprawl` script was not found.

To add a case, append to CASES. A case that needs files (a save file for
`status`, say) gives a `setup` function: it is called once with the case's own
empty working directory (inside a temporary directory) before any timing, and
the command then runs in that directory. `sprawl_in(workdir, ...)` runs the
installed `sprawl` there, for setups that build a game with real commands.
Stdlib only, apart from the baseline apps, which need Typer and Rich (both are
`sprawl`'s own dependencies, so the venv that runs `sprawl` has them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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
BASELINES_DIR = Path(__file__).resolve().parent / "baselines"


@dataclass(frozen=True)
class Baseline:
    name: str  # what a case names, and the table shows
    file: str  # the app under bench/baselines/
    env: dict[str, str] = field(default_factory=dict)  # extra environment, as for the commands against it
    args: tuple[str, ...] = ()  # what follows the app's path


# Colour forced on, as on a terminal, so a Rich table is drawn with all its styles.
COLOUR = {"FORCE_COLOR": "1"}

BASELINES: dict[str, Baseline] = {
    "typer": Baseline("typer", "hello.py"),
    "typer+rich": Baseline("typer+rich", "hello_table.py", COLOUR),
    # The same apps under sprawl's garbage-collector policy (baselines/same_gc.py): context only.
    "typer,gc": Baseline("typer,gc", "same_gc.py", args=("hello.py",)),
    "typer+rich,gc": Baseline("typer+rich,gc", "same_gc.py", COLOUR, ("hello_table.py",)),
}


@dataclass(frozen=True)
class Case:
    name: str  # a short label for the table and --only
    args: tuple[str, ...]  # what follows `sprawl`
    baseline: str  # a key of BASELINES: the framework app this command is compared with
    goal: float | None  # the highest acceptable ratio against that baseline; None: shown for context only
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


SAMPLES = ROOT / "rosters" / "sprawl"
SQUADS = ("--squad", str(SAMPLES / "plf.yaml"), "--squad", str(SAMPLES / "suit.yaml"))


def fresh_game(workdir: Path) -> None:
    """A game of two squads, ten characters, just started: what `status` shows at the table."""
    sprawl_in(workdir, "new", *SQUADS)


def hand_edited_game(workdir: Path) -> None:
    """The same game with a comment added to the save by hand: the parsed copy every change
    writes beside the save (`<save>.cache`) no longer matches it, so each `status` parses the
    YAML, as the first read after a hand edit does."""
    fresh_game(workdir)
    save = workdir / "sprawl-game.yaml"
    save.write_text(save.read_text(encoding="utf-8") + "# edited by hand\n", encoding="utf-8")


CASES: list[Case] = [
    Case("roll", ("roll", "4", "--dice", "4,5,7,10", "--json"), "typer", 1.05),
    Case("table", ("table", "incapacitation", "7", "--json"), "typer", 1.05),
    Case("odds", ("odds", "100", "--json"), "typer", 1.05),
    Case("status", ("status",), "typer+rich", 1.10, setup=fresh_game, env=COLOUR),
    Case("status-edited", ("status",), "typer+rich", None, setup=hand_edited_game, env=COLOUR),
    # sprawl turns the garbage collector off while it loads (sprawl_cli/__main__.py); against
    # framework apps given the same policy, what its own code costs them.
    Case("odds,gc", ("odds", "100", "--json"), "typer,gc", None),
    Case("status,gc", ("status",), "typer+rich,gc", None, setup=fresh_game, env=COLOUR),
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
    """The Python that runs `script` (its #! line), so the baselines use the same one."""
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
    """The environment without SPRAWL_* settings that would change what a command does,
    nor PYTHON* ones (a PYTHONPATH could swap in other code than the installed `sprawl`).

    NO_COLOR is set unless `extra` forces colour, so a command draws the same
    whether or not the benchmark runs on a terminal.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SPRAWL_", "PYTHON")) and k != "FORCE_COLOR"}
    env["NO_COLOR"] = "1"
    env.update(extra or {})
    if "FORCE_COLOR" in env:
        env.pop("NO_COLOR")
    return env


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child process so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(wall-clock ms, CPU ms) of one run of `argv`; raise if it fails.

    Wall time is what a person waits for; CPU time (user + system, of the child)
    leaves out the time spent waiting for a core, so it is steadier when other
    work shares the machine.
    """
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True)
    elapsed = (time.perf_counter() - start) * 1000
    used = (children_cpu() - cpu) * 1000
    if done.returncode != 0:
        err = done.stderr.decode(errors="replace").strip()
        raise RuntimeError(f"`{' '.join(argv)}` exited {done.returncode}: {err}")
    return elapsed, used


def time_once(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> float:
    """Wall-clock milliseconds for one run of `argv`; raise if it fails."""
    return run_once(argv, cwd, env)[0]


@dataclass(frozen=True)
class Runs:
    """The argv, folder and environment of each side of every case, ready to time."""

    python: str
    sprawl: Path
    floor: list[str]
    baselines: dict[str, list[str]]
    dirs: dict[str, Path]

    def command(self, case: Case) -> list[str]:
        return [str(self.sprawl), *case.args]

    def baseline(self, case: Case) -> list[str]:
        return self.baselines[case.baseline]


def prepare(cases: Sequence[Case], tmp: Path) -> Runs:
    """Find `sprawl` and its Python, check every case's baseline, run the setups."""
    sprawl = find_sprawl()
    python = interpreter_of(sprawl)
    for case in cases:
        if case.baseline not in BASELINES:
            raise RuntimeError(f"case {case.name} names no known baseline: {case.baseline}")
    baselines = {name: [python, str(BASELINES_DIR / b.file), *b.args] for name, b in BASELINES.items()}
    dirs: dict[str, Path] = {}
    for case in cases:
        workdir = tmp / case.name
        workdir.mkdir()
        if case.setup is not None:
            case.setup(workdir)
        dirs[case.name] = workdir
    return Runs(python, sprawl, [python, "-I", "-c", "pass"], baselines, dirs)


CLOCKS = ("wall", "cpu")


def measure(cases: Sequence[Case], rounds: int, clock: str = "cpu", warmup: int = 2) -> dict[str, Any]:
    """Time every case against its baseline; the goals judge the paired ratio of `clock` ("cpu" or "wall")."""
    # case name -> side ("command", "baseline") -> clock -> times
    times: dict[str, dict[str, dict[str, list[float]]]] = {
        c.name: {side: {k: [] for k in CLOCKS} for side in ("command", "baseline")} for c in cases}
    floors: dict[str, list[float]] = {k: [] for k in CLOCKS}

    def keep(into: dict[str, list[float]], took: tuple[float, float]) -> None:
        for k, ms in zip(CLOCKS, took):
            into[k].append(ms)

    with tempfile.TemporaryDirectory(prefix="sprawl-bench-") as tmp:
        runs = prepare(cases, Path(tmp))
        for n in range(warmup + rounds):
            kept = n >= warmup  # the first runs write .pyc files and warm the disk cache
            floor = run_once(runs.floor, Path(tmp), clean_env())
            if kept:
                keep(floors, floor)
            for case in cases:
                where = runs.dirs[case.name]
                base_env = clean_env(BASELINES[case.baseline].env)
                env = clean_env(case.env)
                if n % 2 == 0:  # flip the order every round: neither side always goes first
                    base = run_once(runs.baseline(case), where, base_env)
                    took = run_once(runs.command(case), where, env)
                else:
                    took = run_once(runs.command(case), where, env)
                    base = run_once(runs.baseline(case), where, base_env)
                if kept:
                    keep(times[case.name]["baseline"], base)
                    keep(times[case.name]["command"], took)
    floor_ms = {k: statistics.median(floors[k]) for k in CLOCKS}
    results = []
    for case in cases:
        row: dict[str, Any] = {"name": case.name, "command": "sprawl " + " ".join(case.args), "env": case.env,
                               "baseline": case.baseline, "goal": case.goal}
        for k in CLOCKS:
            mine = statistics.median(times[case.name]["command"][k])
            theirs = statistics.median(times[case.name]["baseline"][k])
            # each round's own ratio, command over the baseline run beside it: a swing of the
            # machine's load from one round to the next cannot tilt it, as it can the medians
            paired = statistics.median(a / b for a, b in zip(times[case.name]["command"][k],
                                                             times[case.name]["baseline"][k]))
            row[k] = {"median_ms": round(mine, 1), "baseline_ms": round(theirs, 1),
                      "ratio": round(mine / theirs, 3), "paired_ratio": round(paired, 3),
                      "vs_floor": round(mine / floor_ms[k], 2)}  # context only: no goal
        row["ratio"] = row[clock]["paired_ratio"]
        row["ok"] = case.goal is None or row["ratio"] <= case.goal
        results.append(row)
    return {
        "python": runs.python,
        "sprawl": str(runs.sprawl),
        "rounds": rounds,
        "clock": clock,
        "baselines": {name: " ".join(argv) for name, argv in runs.baselines.items()},
        "floor": " ".join(runs.floor),
        "floor_ms": {k: round(v, 1) for k, v in floor_ms.items()},
        "cases": results,
        "ok": all(r["ok"] for r in results),
    }


def label(case: dict[str, Any]) -> str:
    env = " ".join(f"{k}={v}" for k, v in case["env"].items())
    return f"{case['name']:<13} " + (f"{env} {case['command']}" if env else str(case["command"]))


def print_table(report: dict[str, Any]) -> None:
    cases: list[dict[str, Any]] = report["cases"]
    print(f"{report['rounds']} rounds, Python {report['python']}; goals judged on the paired {report['clock']} ratio")
    for name, argv in report["baselines"].items():
        print(f"  baseline {name:<13} {argv}")
    floor = report["floor_ms"]
    print(f"  floor               {report['floor']}: median {floor['wall']} ms wall, {floor['cpu']} ms CPU"
          " (context only)")
    width = max(len(label(c)) for c in cases)
    print(f"{'':<{width}}  {'--------------- wall ---------------':^36}  {'--------------- CPU ----------------':^36}")
    heads = f"{'ms':>6} {'base ms':>7} {'ratio':>6} {'paired':>6} {'floor':>6}"
    print(f"{'command':<{width}}  {heads}  {heads}  {'baseline':<13} {'goal':>5}")
    for c in cases:
        cells = "  ".join(f"{c[k]['median_ms']:>6.1f} {c[k]['baseline_ms']:>7.1f} {c[k]['ratio']:>5.2f}x "
                          f"{c[k]['paired_ratio']:>5.2f}x {c[k]['vs_floor']:>5.2f}x" for k in CLOCKS)
        mark = "context" if c["goal"] is None else "ok" if c["ok"] else "OVER GOAL"
        goal = "    -" if c["goal"] is None else f"{c['goal']:>4.2f}x"
        print(f"{label(c):<{width}}  {cells}  {c['baseline']:<13} {goal}  {mark}")
    print(f"paired = median of each round's own ratio (judged, {report['clock']}); ratio = median ms / "
          "median base ms; floor = median ms / median of `python -I -c pass` (context)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up cost of sprawl commands as a ratio to a Typer hello-world.")
    parser.add_argument("--rounds", type=int, default=31, help="timed rounds (default 31; odd keeps the median a real run)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this case (repeatable)")
    parser.add_argument("--clock", choices=CLOCKS, default="cpu",
                        help="the time whose paired ratio the goals judge: cpu (default; user + system, "
                             "steady on a busy shared machine) or wall (what a person waits for)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    cases = [c for c in CASES if not args.only or c.name in args.only]
    if not cases:
        parser.error(f"no case named {args.only}; the cases are: {', '.join(c.name for c in CASES)}")
    return conclude(lambda: measure(cases, args.rounds, args.clock), args.json, print_table)


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
