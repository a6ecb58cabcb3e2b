"""The numbers the reliability suites measured, and the "reliability figures" section that
ends a run. With pytest-xdist each worker keeps its own, hands them over when it finishes
(`config.workeroutput`) and the controller merges them and prints the section, so a run in
parallel reports the same figures as one in a single process (tests/conftest.py wires it)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.reliability.systems import NAMES

FIGURES: dict[str, Any] = {}
KEY = "sprawl_reliability_figures"


def merge(theirs: dict[str, Any]) -> None:
    """A worker's figures into this process's: per-system figures side by side, others as given."""
    for name, values in theirs.items():
        mine = FIGURES.get(name)
        if isinstance(mine, dict) and isinstance(values, dict):
            mine.update(values)
        else:
            FIGURES[name] = values


def summary(terminalreporter: Any) -> None:
    if not FIGURES:
        return
    terminalreporter.section("reliability figures")
    for name, values in FIGURES.items():
        if isinstance(values, dict) and values and set(values) <= set(NAMES):  # one line per system
            for system in (n for n in NAMES if n in values):
                terminalreporter.write_line(f"{name}[{system}]: {json.dumps(values[system], sort_keys=True)}")
        else:
            terminalreporter.write_line(f"{name}: {json.dumps(values, sort_keys=True)}")
    out = os.environ.get("SPRAWL_RELIABILITY_FIGURES")
    if out:
        Path(out).write_text(json.dumps(FIGURES, indent=2, sort_keys=True) + "\n", encoding="utf-8")
