#!/usr/bin/env python3
"""A baseline app run under `sprawl`'s own garbage-collector policy (sprawl_cli/__main__.py):
collection off while the program loads, everything frozen at exit.

    python bench/baselines/same_gc.py hello.py

`sprawl` turns Python's cyclic collector off for its start-up, which a plain Typer app does
not do; the cases against these baselines (marked "context" in bench/startup.py) show how
much of `sprawl`'s lead over the framework's own hello-world that policy is, and how its own
code compares with a framework app that had it too.
"""

import gc
import runpy
import sys
from pathlib import Path

gc.disable()
app = Path(__file__).with_name(sys.argv.pop(1))
sys.argv[0] = str(app)
try:
    runpy.run_path(str(app), run_name="__main__")
finally:
    gc.freeze()
