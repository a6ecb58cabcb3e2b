"""`sprawl table`: SPRAWL's tables, whole or one row.

Written for start-up as `roll` is (see cli/__init__.py): no `from __future__ import annotations`,
and the parameters given as Typer defaults rather than in `Annotated`.
"""

from typing import TYPE_CHECKING

import typer

from sprawl_cli.api import REACH, current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)


@app.command()
def table(
    name: str = typer.Argument(..., help="incapacitation, misfire, scatter, throw or aftermath."),
    roll: int | None = typer.Argument(None, min=0, max=REACH, help="Look up this roll (for throw: the thrower's Strength)."),
) -> None:
    """Show a table whole, or the row for one roll.

    Example: sprawl table incapacitation 7
    """
    from sprawl_cli.systems.sprawl.tables import table_named, table_to_json

    ctx = current()
    found = table_named(name)
    if roll is None:
        data = table_to_json(found)
        row = None
    else:
        row = found.lookup(roll)
        read = 10 if roll == 0 and found.roll == "d10" else roll  # R1: a d10 showing 0 is a ten
        data = {"table": found.name, "roll": read, "result": row.result, "meaning": row.meaning}

    def view(console: "Console") -> None:
        from sprawl_cli.systems.sprawl.views.dicelook import table_view

        table_view(console, found, row, roll)

    ctx.emit(data, view)
