"""Duel's command: one thin function, which hands the rule to the kernel's `act`."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(add_completion=False)


@app.command()
def shoot(shooter: Annotated[str, typer.Argument(help="Who takes the activation.")],
          target: Annotated[str, typer.Argument(help="The enemy shot at.")],
          aim: Annotated[bool, typer.Option("--aim", help="Take careful aim: +1 to the roll.")] = False) -> None:
    """A character takes its activation: 2d6 at an enemy, 7 or more takes one Grit."""
    from sprawl_cli.api import act
    from sprawl_duel.rules import shoot as rule
    from sprawl_duel.views import shot_lines

    act("shoot", lambda game, dice, table: rule(game, game.character(shooter), game.character(target), dice, aim),
        shot_lines, actor=shooter)
