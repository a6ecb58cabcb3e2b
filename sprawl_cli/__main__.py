"""The process's entry: the `sprawl` script and `python -m sprawl_cli` both start here.

Python's cyclic garbage collector is off while the program loads. Start-up allocates
hundreds of thousands of objects (modules, functions, classes, Typer's and click's
parameters) that live until the process ends: collecting among them frees nothing, and it
cost about 4% of a short command's instructions (bench/instructions.py). Once the command is
loaded they are frozen (moved where no collection looks again) and collection is back on
for the command's own work, `play` and `serve` included (`collect_from_here` in
cli/main.py); at exit everything is frozen again, so the interpreter's last collection has
nothing to walk.
"""

from __future__ import annotations

import gc


def main() -> None:
    """Console-script entry point; never returns (the command's exit ends the process). It
    imports nothing before the collector is off, not even `typing`."""
    gc.disable()
    from sprawl_cli.cli.main import run

    run()


if __name__ == "__main__":
    main()
