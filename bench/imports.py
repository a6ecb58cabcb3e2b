#!/usr/bin/env python3
"""What a `sprawl` command imports beyond its baseline app, and what each import costs.

For each case of bench/startup.py, runs the command and its baseline (a Typer
hello-world, bench/baselines/) with `python -X importtime`, several times,
alternating, and takes the median self and cumulative time of every module.
Prints the modules the command loads that its baseline does not, costliest
first, grouped by package, so a slow start-up points at the import to defer.

It also checks the rule that a SPRAWL command loads no other game system: of
`sprawl_cli.systems`, only the registry, the kernel's own modules beside it (`base` and
the hooks it is built from) and the `sprawl` package may be imported. A module of another system (gunplay, street_fight...) is listed and
makes the exit status 1.

    python bench/imports.py                       # every case, 11 runs each
    python bench/imports.py --only status --top 40
    python bench/imports.py --runs 21 --json

-X importtime inflates every import a little, so read the figures as shares,
not as start-up milliseconds (bench/startup.py measures those). Exit status: 0
no other system loaded, 1 one was, 2 a command failed. Stdlib only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import BASELINES, CASES, ROOT, Case, clean_env, conclude, prepare  # noqa: E402

# Of sprawl_cli.systems, what a SPRAWL command may load: the registry, the kernel's modules beside
# it (the interface, `base`, and what it is built from: each a file, where a system is a folder),
# SPRAWL itself.
ALLOWED_SYSTEMS = ("sprawl_cli.systems", "sprawl_cli.systems.sprawl",
                   *(f"sprawl_cli.systems.{p.stem}" for p in (ROOT / "sprawl_cli" / "systems").glob("*.py")
                     if p.stem != "__init__"))

Times = dict[str, tuple[int, int]]  # module -> (self us, cumulative us)

# -X importtime has a blind spot: it times only imports that go through the `import`
# statement, so a module loaded by importlib.import_module (how `sprawl` loads a command
# module and a system package) or implicitly as the parent of another is missing from its
# report, and its own cost shows nowhere. So the module list comes from sys.modules, read
# at exit in one more (untimed) run that starts the script through this wrapper.
MODULES_MARK = "bench-imports-modules:"
WRAPPER = f"""
import atexit, runpy, sys
atexit.register(lambda: print({MODULES_MARK!r}, *sorted(sys.modules), file=sys.__stderr__))
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def import_times(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> Times:
    """One run of `argv` (a Python command line) under -X importtime: every module's times."""
    done = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"`{' '.join(argv)}` exited {done.returncode}: {done.stderr.strip()[-500:]}")
    found: Times = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, total, name = line[len("import time:"):].split("|")
        found[name.strip()] = (int(own), int(total))
    return found


def loaded_modules(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> set[str]:
    """Every module in sys.modules when `argv` (a Python running a script) exits."""
    done = subprocess.run([argv[0], "-c", WRAPPER, *argv[1:]], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"`{' '.join(argv)}` exited {done.returncode}: {done.stderr.strip()[-500:]}")
    for line in done.stderr.splitlines():
        if line.startswith(MODULES_MARK):
            return set(line.split()[1:])
    raise RuntimeError(f"`{' '.join(argv)}` did not list its modules at exit")


def medians(runs: Sequence[Times]) -> Times:
    names = {name for run in runs for name in run}
    return {name: (int(statistics.median(r.get(name, (0, 0))[0] for r in runs)),
                   int(statistics.median(r.get(name, (0, 0))[1] for r in runs))) for name in names}


def package_of(module: str) -> str:
    """Where a module's cost is booked: its top-level package, or the sprawl_cli subpackage."""
    parts = module.split(".")
    if parts[0] != "sprawl_cli":
        return parts[0]
    if parts[1:2] == ["systems"] and len(parts) > 2:
        return ".".join(parts[:4]) if len(parts) > 3 and parts[3] in ("cli", "views") else ".".join(parts[:3])
    return ".".join(parts[:2])


def foreign_systems(modules: Sequence[str]) -> list[str]:
    """Modules of a game system other than SPRAWL (or of no known system) among `modules`."""
    return sorted(m for m in modules if m.startswith("sprawl_cli.systems.")
                  and m not in ALLOWED_SYSTEMS and not m.startswith("sprawl_cli.systems.sprawl."))


def analyse(cases: Sequence[Case], runs: int, warmup: int = 1) -> dict[str, Any]:
    results = []
    with tempfile.TemporaryDirectory(prefix="sprawl-imports-") as tmp:
        prepared = prepare(cases, Path(tmp))
        for case in cases:
            where = prepared.dirs[case.name]
            command = [prepared.python, str(prepared.sprawl), *case.args]
            base_env = clean_env(BASELINES[case.baseline].env)
            env = clean_env(case.env)
            mine: list[Times] = []
            theirs: list[Times] = []
            for n in range(warmup + runs):
                base = import_times(prepared.baseline(case), where, base_env)
                took = import_times(command, where, env)
                if n >= warmup:
                    theirs.append(base)
                    mine.append(took)
            own, base = medians(mine), medians(theirs)
            extra = {m: t for m, t in own.items() if m not in base}
            loaded = loaded_modules(command, where, env)
            unlisted = loaded - loaded_modules(prepared.baseline(case), where, base_env) - set(extra) - {"runpy"}
            by_package: dict[str, int] = {}
            for module, (self_us, _) in extra.items():
                by_package[package_of(module)] = by_package.get(package_of(module), 0) + self_us
            systems = sorted(m for m in loaded if m == "sprawl_cli.systems" or m.startswith("sprawl_cli.systems."))
            results.append({
                "name": case.name,
                "command": "sprawl " + " ".join(case.args),
                "baseline": case.baseline,
                "baseline_modules": len(base),
                "baseline_self_ms": round(sum(t[0] for t in base.values()) / 1000, 1),
                "modules": len(own),  # timed ones; see "untimed"
                "self_ms": round(sum(t[0] for t in own.values()) / 1000, 1),
                "extra_modules": len(extra),
                "extra_self_ms": round(sum(t[0] for t in extra.values()) / 1000, 1),
                "packages": [{"package": p, "self_ms": round(us / 1000, 1)}
                             for p, us in sorted(by_package.items(), key=lambda kv: -kv[1])],
                "imports": [{"module": m, "self_ms": round(t[0] / 1000, 2), "cumulative_ms": round(t[1] / 1000, 2)}
                            for m, t in sorted(extra.items(), key=lambda kv: -kv[1][0])],
                "untimed": sorted(unlisted),  # loaded beyond the baseline, but not seen by -X importtime
                "systems": systems,
                "foreign_systems": foreign_systems(systems),
            })
    return {"runs": runs, "python": prepared.python, "cases": results,
            "ok": not any(r["foreign_systems"] for r in results)}


def printer(top: int) -> Any:
    def show(report: dict[str, Any]) -> None:
        print(f"median of {report['runs']} runs under -X importtime (self = the module's own import, "
              f"cumulative = with what it imports)")
        for c in report["cases"]:
            print()
            print(f"{c['command']}  vs baseline {c['baseline']}")
            print(f"  baseline: {c['baseline_modules']} modules, {c['baseline_self_ms']} ms;"
                  f" command: {c['modules']} modules, {c['self_ms']} ms;"
                  f" beyond the baseline: {c['extra_modules']} modules, {c['extra_self_ms']} ms")
            print("  by package: " + ", ".join(f"{p['package']} {p['self_ms']}" for p in c["packages"]))
            print(f"  {'self ms':>8} {'cumul ms':>9}  module")
            for row in c["imports"][:top]:
                print(f"  {row['self_ms']:>8.2f} {row['cumulative_ms']:>9.2f}  {row['module']}")
            if len(c["imports"]) > top:
                print(f"  ... {len(c['imports']) - top} more")
            if c["untimed"]:
                print("  also loaded, untimed (importlib or implicit parent): " + ", ".join(c["untimed"]))
            print("  systems loaded: " + ", ".join(c["systems"]))
            if c["foreign_systems"]:
                print("  ANOTHER SYSTEM LOADED: " + ", ".join(c["foreign_systems"]))
    return show


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Imports of sprawl commands beyond their Typer baseline.")
    parser.add_argument("--runs", type=int, default=11, help="runs of each side (default 11)")
    parser.add_argument("--top", type=int, default=25, help="modules to list per case (default 25)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this case (repeatable)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    cases = [c for c in CASES if not args.only or c.name in args.only]
    if not cases:
        parser.error(f"no case named {args.only}; the cases are: {', '.join(c.name for c in CASES)}")
    return conclude(lambda: analyse(cases, args.runs), args.json, printer(args.top))


if __name__ == "__main__":
    sys.exit(main())
