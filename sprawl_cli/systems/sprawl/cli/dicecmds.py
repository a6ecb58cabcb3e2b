"""SPRAWL's quick dice lookups: `roll` and `table` (`odds` is oddscmds.py, which takes
the options of a shot and so imports rangedcmds: a `roll` need not pay for them).

No `from __future__ import annotations` here: Typer reads each parameter's annotation,
and one kept as text it must compile and evaluate again at every `roll` (bench/startup.py).
"""

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)

Pool = Annotated[int, typer.Argument(min=0, max=1000, help="How many d10 to roll (the attribute).")]
Difficulty = Annotated[int, typer.Option("--difficulty", "-d", min=0, help="Difficulty before modifiers (R3).")]
Mods = Annotated[Optional[list[int]], typer.Option("--mod", "-m", help="A modifier to add to the Difficulty; repeat for more.")]
NoTens = Annotated[bool, typer.Option("--no-tens", help="Turn the Rule of Tens off: a 10 is one success (R2).")]


@app.command()
def roll(pool: Pool, difficulty: Difficulty = 1, mod: Mods = None, no_tens: NoTens = False) -> None:
    """Roll POOL d10 against a Difficulty: successes, net successes, pass or fail (R1-R4).

    Example: sprawl roll 4 --difficulty 1 --mod 2
    """
    from sprawl_cli.systems.sprawl.pool import difficulty_of, test_pool

    ctx = current()
    target = difficulty_of(difficulty, mod or [])
    result = test_pool(ctx.dice(), pool, target, "Test", tens=not no_tens)
    ctx.check_leftover_dice()
    data = {"pool": pool, **result.to_json(), "rule_of_tens": not no_tens}

    def view(console: "Console") -> None:
        from sprawl_cli.systems.sprawl.render.dicelook import roll_view

        roll_view(console, result, pool, not no_tens)

    ctx.emit(data, view)


@app.command()
def table(
    name: Annotated[str, typer.Argument(help="incapacitation, misfire, scatter, throw or aftermath.")],
    roll: Annotated[Optional[int], typer.Argument(help="Look up this roll (for throw: the thrower's Strength).")] = None,
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
        from sprawl_cli.systems.sprawl.render.dicelook import table_view

        table_view(console, found, row, roll)

    ctx.emit(data, view)
