#!/usr/bin/env python3
"""How much CPU Scratch:Grid's path finder takes, and how that grows with the map and the extras.

Run with the Python of the venv `sprawl` is installed in (it imports `sprawl_cli`):

    python bench/paths.py                  # the table; exit 1 when a goal is missed
    python bench/paths.py --rounds 5       # median of 5 runs per figure (default 3)
    python bench/paths.py --only open      # one kind of map: open, yard, marsh, maze, mixed
    python bench/paths.py --json

Each figure is the median CPU time (time.process_time, so the load other people put on
the machine does not count) of one rule call in this process, the game already loaded:
`reach` (what `map --reach NAME` shades), `move` to the dearest space in reach (a move
that succeeds: its search, its interrupts check, its bookkeeping) and `move` to the far
end of the map (refused: the search and the diagnosis that says why). The mover stands in
the middle of the map, on the first open space, with quickness, flying, acrobatics and
swimming all at LEVEL; the other side is off the map.

Maps: `open` is open ground only; `yard` and `marsh` repeat rosters/scratch-grid/yard.yaml
(squares) and marsh.yaml (hexes) over the whole map, so rough ground, water, tight places,
walls and obstacles are everywhere; `maze` repeats a tile of walled corridors (squares: long
ways round, few ways through); `mixed` a tile with every kind of ground in small patches
(squares, no ground more than a few spaces wide: the most ways of paying for a move that no
other way beats, the hardest case for the search). Goal (issue 24): every extra at 20 on the
largest map (26 x 99), each figure at most 50 ms. The table also gives the labels the search
kept (a space and a way of paying for the move there that no other way to it beats) and, with
`--command`, the CPU of the whole `sprawl map --reach NAME --json` beyond `sprawl map --json`
on the same save (start-up and loading paid by both), as a real process.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 50.0
SIZES = ((12, 8), (26, 25), (26, 50), (26, 99))
LEVELS = (0, 4, 10, 20)
KINDS = ("open", "yard", "marsh", "maze", "mixed")
TILES = {  # kind -> (grid, tile): square tiles of the benchmark's own, repeated like the rosters' maps
    "maze": ("square", [".....#......",
                        ".###.#.####.",
                        ".#.....#....",
                        ".#.#####.##.",
                        "...#......#.",
                        "####.####.#.",
                        ".......#....",
                        ".#####...###"]),
    "mixed": ("square", ["..^^~~==..o.",
                         ".#^^~~==.^^.",
                         "..~~..^^.~~.",
                         "o.~~#.^^.~~=",
                         "==..^^~~..^^",
                         "==.o^^~~#.^^",
                         "..~~..==..~~",
                         ".^~~o.==.#~~"]),
}


def rows_of(kind: str, width: int, height: int) -> tuple[str, list[str]]:
    """(grid, rows) of a map of that kind and size."""
    if kind == "open":
        return "square", ["." * width] * height
    if kind in TILES:
        grid, tile = TILES[kind]
    else:
        import yaml

        data = yaml.safe_load((ROOT / "rosters" / "scratch-grid" / f"{kind}.yaml").read_text())
        grid, tile = data["grid"], data["map"].splitlines()
    rows = [(row * (width // len(row) + 1))[:width] for row in tile]
    return grid, [rows[r % len(rows)] for r in range(height)]


def game_on(kind: str, width: int, height: int, level: int) -> Any:
    from sprawl_cli.systems.scratch_grid.model import Character, Game, Squad
    from sprawl_cli.systems.scratch_grid.turn import start_turn

    grid, rows = rows_of(kind, width, height)
    middle = next((c, r) for r in range(height // 2, height) for c in range(width // 2, width) if rows[r][c] == ".")
    at = f"{chr(ord('a') + middle[0])}{middle[1] + 1}"
    mover = Character(name="Ned", squad="Red", at=at, quickness=level, flying=level, acrobatics=level,
                      swimming=level)
    other = Character(name="Far", squad="Blue", at=None)
    g = Game(squads=[Squad("Red", "", ["Ned"]), Squad("Blue", "", ["Far"])], characters=[mover, other],
             grid=grid, map=rows)
    start_turn(g)
    return g


def cpu_ms(work: Callable[[], object], rounds: int, prepare: Callable[[], object] | None = None) -> float:
    from sprawl_cli.systems.scratch_grid.paths import _moves

    times = []
    for _ in range(rounds):
        if prepare is not None:
            prepare()
        _moves.cache_clear()  # a command is a process of its own: it builds the table of steps once
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def measure(kind: str, width: int, height: int, level: int, rounds: int) -> dict[str, Any]:
    from sprawl_cli.errors import RuleRefusal
    from sprawl_cli.systems.scratch_grid.grid import space_name
    from sprawl_cli.systems.scratch_grid.movement import allowance_of, field_for, move, reach
    from sprawl_cli.systems.scratch_grid.paths import Search
    from sprawl_cli.table import ScriptedTable

    g = game_on(kind, width, height, level)
    ned = g.character("Ned")
    costs = reach(g, ned)
    labels = Search(field_for(g, ned), ned.space, allowance_of(ned)).kept()
    dearest = max(costs, key=lambda s: (costs[s], s)) if costs else None
    corner = next(space_name((c, 0)) for c in range(width) if g.board.terrain((c, 0)) not in "#o")
    games: list[Any] = []

    def fresh() -> None:
        games[:] = [copy.deepcopy(g)]

    def go(where: str) -> Callable[[], object]:
        def run() -> object:
            try:
                return move(games[0], games[0].character("Ned"), where, ScriptedTable(), "none")
            except RuleRefusal as refusal:
                return refusal
        return run

    return {
        "map": kind, "size": f"{width}x{height}", "level": level, "spaces": len(costs), "labels": labels,
        "reach_ms": cpu_ms(lambda: reach(g, ned), rounds),
        "move_ms": cpu_ms(go(dearest or corner), rounds, fresh), "move_to": dearest,
        "refused_ms": None if corner in costs else cpu_ms(go(corner), rounds, fresh), "refused_to": corner,
    }


def command_cpu(rounds: int) -> dict[str, Any]:
    """The whole `map --reach Ned --json` against `map --json`, both real processes on the same save."""
    sprawl = Path(sys.executable).with_name("sprawl")
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        (here / "board.yaml").write_text("grid: square\nmap: |\n" + "".join(f"  {'.' * 26}\n" for _ in range(99)))
        (here / "red.yaml").write_text("system: scratch-grid\nsquad: Red\ncharacters:\n  - {name: Ned, at: m50, "
                                       "quickness: 20, flying: 20, acrobatics: 20, swimming: 20}\n")
        (here / "blue.yaml").write_text("system: scratch-grid\nsquad: Blue\ncharacters:\n  - {name: Ada, at: a1}\n")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("SPRAWL_", "PYTHON"))}

        def run(*args: str) -> float:
            before = os.times()
            subprocess.run([str(sprawl), *args], cwd=here, env=env, check=True, stdout=subprocess.DEVNULL)
            after = os.times()
            return (after.children_user - before.children_user + after.children_system - before.children_system) * 1000

        run("new", "--system", "scratch-grid", "--squad", "red.yaml", "--squad", "blue.yaml", "--map", "board.yaml")
        plain, reaching = [], []
        for i in range(rounds + 2):  # two warm-up pairs, order flipping
            pair = [("map", "--json"), ("map", "--reach", "Ned", "--json")]
            times = [run(*args) for args in (pair if i % 2 else pair[::-1])]
            if i >= 2:
                plain.append(times[0] if i % 2 else times[1])
                reaching.append(times[1] if i % 2 else times[0])
    return {"map_ms": statistics.median(plain), "map_reach_ms": statistics.median(reaching),
            "extra_ms": statistics.median(r - p for r, p in zip(reaching, plain, strict=True))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs per figure; the median is kept")
    parser.add_argument("--only", action="append", choices=KINDS, help="one kind of map")
    parser.add_argument("--command", action="store_true", help="also time the whole `map --reach` command")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    options = parser.parse_args()
    rows = []
    for kind in options.only or KINDS:
        cases = [(w, h, 20) for w, h in SIZES] + [(26, 99, level) for level in LEVELS if level != 20]
        for width, height, level in cases:
            rows.append(measure(kind, width, height, level, options.rounds))
    judged = [r for r in rows if r["size"] == "26x99" and r["level"] == 20]
    over = [r for r in judged if max(r["reach_ms"], r["move_ms"], r["refused_ms"] or 0) > GOAL_MS]
    command = command_cpu(max(options.rounds, 5)) if options.command else None
    if options.json:
        print(json.dumps({"goal_ms": GOAL_MS, "rows": rows, "command": command, "over_goal": len(over)}, indent=1))
        return 1 if over else 0
    print(f"{'map':6} {'size':7} {'level':>5} {'spaces':>6} {'labels':>7} {'reach ms':>9} {'move ms':>8} "
          f"{'refused ms':>10}")
    for r in rows:
        mark = ""
        if r in judged:
            mark = "  OVER GOAL" if r in over else "  within goal"
        print(f"{r['map']:6} {r['size']:7} {r['level']:>5} {r['spaces']:>6} {r['labels']:>7} {r['reach_ms']:>9.1f} "
              f"{r['move_ms']:>8.1f} {'-' if r['refused_ms'] is None else format(r['refused_ms'], '.1f'):>10}{mark}")
    print(f"goal: {GOAL_MS:.0f} ms of CPU for each figure on 26x99 at level 20 (median of {options.rounds} runs)")
    print("growth of `reach` (CPU ms; labels kept):")
    for kind in dict.fromkeys(r["map"] for r in rows):
        by_size = [r for r in rows if r["map"] == kind and r["level"] == 20]
        by_level = sorted((r for r in rows if r["map"] == kind and r["size"] == "26x99"), key=lambda r: r["level"])
        print(f"  {kind:6} by size at level 20: " + ", ".join(f"{r['size']} {r['reach_ms']:.1f} ({r['labels']})"
                                                            for r in by_size))
        print(f"  {'':6} by level on 26x99:    " + ", ".join(f"{r['level']} {r['reach_ms']:.1f} ({r['labels']})"
                                                            for r in by_level))
    if command:
        print(f"whole command, open 26x99, level 20: `map --json` {command['map_ms']:.0f} ms, "
              f"`map --reach Ned --json` {command['map_reach_ms']:.0f} ms: {command['extra_ms']:.0f} ms more "
              "(CPU, medians)")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
