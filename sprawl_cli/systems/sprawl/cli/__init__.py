"""SPRAWL's commands: this package holds one Typer module per group (`odds`, `table`, `referee`,
`roster`, `movement`, `ranged`, `close`), and `roll`, its quickest lookup, here in the
package's own module: a command in `cli/dice.py` would make every `roll` load the package and
then the module, 0.4M instructions more (bench/instructions.py; `COMMANDS` names it `cli`).

`roll` is written for start-up, which every `roll` pays (bench/startup.py): no `from __future__
import annotations`, since Typer would compile each annotation kept as text at every run; and
options given as defaults (`x: int = typer.Option(...)`) rather than in `Annotated`, whose
aliases cost more to build and to read. `odds` shares the options below.
"""

from typing import TYPE_CHECKING

import typer

from sprawl_cli.api import REACH, current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)

DIFFICULTY = typer.Option(1, "--difficulty", "-d", min=0, max=REACH, help="Difficulty before modifiers (R3).")
MODS = typer.Option(None, "--mod", "-m", help="A modifier to add to the Difficulty; repeat for more.")
NO_TENS = typer.Option(False, "--no-tens", help="Turn the Rule of Tens off: a 10 is one success (R2).")


@app.command()
def roll(
    pool: int = typer.Argument(..., min=0, max=1000, help="How many d10 to roll (the attribute)."),
    difficulty: int = DIFFICULTY,
    mod: list[int] | None = MODS,
    no_tens: bool = NO_TENS,
) -> None:
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
        from sprawl_cli.systems.sprawl.views.dicelook import roll_view

        roll_view(console, result, pool, not no_tens)

    ctx.emit(data, view)
