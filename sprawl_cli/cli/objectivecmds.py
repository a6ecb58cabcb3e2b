"""`objective`: the table's account of a scenario's objectives (a house feature, for every
system): take, drop, hold, reach, destroy. Each is one change, journalled and undoable; the
rules are `sprawl_cli/scenario/objectives.py`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from sprawl_cli.scenario.scoring import ObjectiveOutcome
    from sprawl_cli.systems.base import System
    from sprawl_cli.table import Table

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="A scenario's objectives: take, drop, hold, reach, destroy (house).")


def _act(rule: Callable[[Any, System, Table], ObjectiveOutcome]) -> None:
    from sprawl_cli.cli.flow import act
    from sprawl_cli.cli.main import current
    from sprawl_cli.scenario.words import outcome_lines

    ctx = current()
    act("objective", lambda game, _dice, table: rule(game, ctx.system_of(game), table),
        lambda outcome, _game: outcome_lines(outcome))


@app.command()
def take(
    name: Annotated[str, typer.Argument(help="The figure that picks it up.")],
    item: Annotated[str, typer.Argument(help="The item (a take objective of the scenario).")],
) -> None:
    """NAME picks up ITEM where it lies (on a map: standing on it or next to it).

    Example: sprawl objective take Babs "data core"
    """
    from sprawl_cli.scenario.objectives import take as rule

    _act(lambda game, system, table: rule(game, system, table, name, item))


@app.command()
def drop(item: Annotated[str, typer.Argument(help="The item its carrier puts down.")]) -> None:
    """ITEM's carrier puts it down where it stands (a carrier out of the game drops it by itself).

    Example: sprawl objective drop "data core"
    """
    from sprawl_cli.scenario.objectives import drop as rule

    _act(lambda game, system, _table: rule(game, system, item))


@app.command()
def hold(
    place: Annotated[str, typer.Argument(help="The place (or its hold objective).")],
    side: Annotated[str, typer.Argument(help="The side there now, or none.")],
) -> None:
    """SIDE holds PLACE from now on (none: nobody); what scores at a round's end reads it.
    On a map, who holds a place is read off the figures and never told.

    Example: sprawl objective hold crossroads "S.U.I.T. #13"
    """
    from sprawl_cli.scenario.objectives import hold as rule

    _act(lambda game, system, _table: rule(game, system, place, None if side.strip().lower() == "none" else side))


@app.command()
def reach(
    name: Annotated[str, typer.Argument(help="The figure that got there.")],
    place: Annotated[str, typer.Argument(help="The place (or its reach objective).")],
) -> None:
    """NAME got to PLACE (an exit, a table edge): its side scores, and it leaves the game where
    the scenario says so. On a map, reaching is read off the figures' spaces.

    Example: sprawl objective reach Babs "north edge"
    """
    from sprawl_cli.scenario.objectives import reach as rule

    _act(lambda game, system, table: rule(game, system, table, name, place))


@app.command()
def destroy(
    thing: Annotated[str, typer.Argument(help="The thing (a destroy objective of the scenario).")],
    name: Annotated[str, typer.Argument(help="The figure that destroyed it.")],
) -> None:
    """NAME destroyed THING: its side scores.

    Example: sprawl objective destroy generator Babs
    """
    from sprawl_cli.scenario.objectives import destroy as rule

    _act(lambda game, system, table: rule(game, system, table, thing, name))
