"""The referee's SPRAWL corrections: `set` (with a gun for jams, a count for hiding) and `damage`."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from sprawl_cli.api import REACH

app = typer.Typer(add_completion=False)


@app.command(name="set")
def set_(
    name: Annotated[str, typer.Argument(help="The character.")],
    status: Annotated[str, typer.Argument(help="pinned, down, panicked, overwatch, hidden, out_of_action, ...")],
    value: Annotated[str, typer.Argument(help="on or off", metavar="on|off")],
    weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="The gun for jammed / out_of_ammo.")] = None,
    count: Annotated[Optional[int], typer.Option("--count", min=1, max=REACH, help="Required with `hidden on`: the hiding roll's successes a spotter must match (R19).")] = None,
) -> None:
    """Referee: put a status on or off a character (logged, undoable).

    Example: sprawl set Razz pinned off
    """
    from sprawl_cli.api import UsageProblem, act
    from sprawl_cli.systems.sprawl.referee import set_status
    from sprawl_cli.systems.sprawl.views.game import set_lines

    if value.lower() not in ("on", "off"):
        raise UsageProblem(f"the last word should be on or off, not '{value}'")
    act("set", lambda game, _dice, _table: set_status(game, game.character(name), status, value.lower() == "on",
                                                      weapon, count),
        lambda result, _game: set_lines(result.name, result))


@app.command()
def damage(
    name: Annotated[str, typer.Argument(help="The character.")],
    points: Annotated[int, typer.Argument(min=0, max=REACH, help="Health to take off.")],
    near_ledge: Annotated[bool, typer.Option("--near-ledge", help="It lies within 1\" of a ledge: pinned at "
                                                                  "0 Health, it tests its footing (R7).")] = False,
) -> None:
    """Referee: take POINTS straight off Health (no Toughness roll, no pin); 0 Health still brings R8.

    Example: sprawl damage Newton 2
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.sprawl.referee import referee_damage
    from sprawl_cli.systems.sprawl.views.game import damage_lines

    act("damage", lambda game, dice, table: referee_damage(game, game.character(name), points, dice, table,
                                                           ledge=near_ledge),
        lambda result, game: damage_lines(result, points, game))
