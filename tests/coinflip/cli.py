"""Coinflip's commands: the guide says the Typer object is `app`, one thin function a command."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(add_completion=False)


@app.command()
def attack(attacker: Annotated[str, typer.Argument(help="Who attacks.")],
           target: Annotated[str, typer.Argument(help="Whom.")]) -> None:
    """Flip a coin at an enemy: heads, it loses 1 Health."""
    from sprawl_cli.api import act
    from tests.coinflip.rules import attack as flip

    act("attack", lambda game, dice, table: flip(game, game.character(attacker), game.character(target), dice, table),
        lambda out, _game: [f"{out.attacker} flips {'heads' if out.coin == 1 else 'tails'}: "
                            f"{out.target} has {out.health} Health{', down' if out.down else ''}."], actor=attacker)
