"""The Movement Phase: `move`, `charge`, `hide`, `spot`, `overwatch`, `jump`, `fall`,
`safe`, `edge` (issue 4). Each is one call to `systems.sprawl.movement`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Optional

import click
import typer

from sprawl_cli.api import MOST_INCHES, current

if TYPE_CHECKING:
    from sprawl_cli.api import Dice, Table
    from sprawl_cli.systems.sprawl.model import Game

app = typer.Typer(add_completion=False)

Name = Annotated[str, typer.Argument(help="The character.")]


def act(kind: str, rule: Callable[[Game, Dice, Table], Any], view: Callable[[Any, bool], list[str]],
        actor: str | None = None) -> None:
    """The kernel's one flow, with SPRAWL's views (which colour dice by the Rule of Tens)."""
    from sprawl_cli.api import act as run

    run(kind, rule, lambda outcome, game: view(outcome, game.settings.rule_of_tens), actor=actor)


@app.command()
def move(
    name: Name,
    run: Annotated[bool, typer.Option("--run", help="Run: double the allowance, and nothing else this turn.")] = False,
    terrain: Annotated[Optional[str], typer.Option("--terrain", metavar="open|difficult|treacherous",
                                                   click_type=click.Choice(["open", "difficult", "treacherous"],
                                                                           case_sensitive=False),
                                                   help="The ground it moves over (default open).")] = None,
    climb: Annotated[bool, typer.Option("--climb", help="It climbs an obstacle 1\"-2\" high on the way.")] = False,
    across: Annotated[Optional[float], typer.Option("--across", min=0, max=MOST_INCHES, metavar="INCHES",
                                                    help="Running: inches of difficult ground it crosses.")] = None,
    ladder: Annotated[bool, typer.Option("--ladder",
                                         help="Up a ladder or stairs (difficult ground, no running).")] = False,
) -> None:
    """How far a character may move or run over this ground, and the tests that go with it (R18).

    Example: sprawl move Babs --run --terrain difficult --across 3
    """
    from sprawl_cli.systems.sprawl.views.movement import move_lines
    from sprawl_cli.systems.sprawl import movement

    terrain = terrain.strip().lower() if terrain else None
    act("move", lambda game, dice, table: movement.move(
        game, game.character(name), dice, table, run=run, terrain=terrain, climb=climb, across=across,
        ladder=ladder), move_lines, actor=name)


@app.command()
def charge(
    name: Name,
    target: Annotated[str, typer.Argument(help="The enemy it charges.")],
    terrain: Annotated[Optional[str], typer.Option("--terrain", metavar="open|difficult",
                                                   click_type=click.Choice(["open", "difficult", "treacherous"],
                                                                           case_sensitive=False),
                                                   help="The ground it charges over (default open).")] = None,
    across: Annotated[Optional[float], typer.Option("--across", min=0, max=MOST_INCHES, metavar="INCHES",
                                                    help="Over difficult ground: the inches of it crossed.")] = None,
    short: Annotated[bool, typer.Option("--short", help="The target was out of reach: it moves its full "
                                                        "allowance and stops, engaging nobody.")] = False,
) -> None:
    """Charge an enemy: moved as if running, up to double Quickness; on contact the two are
    engaged in close combat (R12, R18). Difficult ground halves it and needs the runner's
    Quickness test; nobody charges over treacherous ground.

    Example: sprawl charge Wes Gordo
    """
    from sprawl_cli.systems.sprawl.views.movement import charge_lines
    from sprawl_cli.systems.sprawl import movement

    ground = terrain.strip().lower() if terrain else None
    act("charge", lambda game, dice, table: movement.charge(
        game, game.character(name), game.character(target), dice, table, terrain=ground, across=across,
        short=short), charge_lines, actor=name)


@app.command()
def hide(name: Name) -> None:
    """Try to hide after moving (or standing still): a Smarts test whose successes a spotter must match (R19).

    Example: sprawl hide Babs --yes
    """
    from sprawl_cli.systems.sprawl.views.movement import hide_lines
    from sprawl_cli.systems.sprawl import movement

    act("hide", lambda game, dice, table: movement.hide(game, game.character(name), dice, table), hide_lines, actor=name)


@app.command()
def spot(
    spotter: Annotated[str, typer.Argument(help="Who looks.")],
    hider: Annotated[str, typer.Argument(help="The hidden enemy.")],
) -> None:
    """Look for a hidden enemy within the spotter's Smarts in inches (R19).

    Example: sprawl spot Wilson Babs --yes
    """
    from sprawl_cli.systems.sprawl.views.movement import spot_lines
    from sprawl_cli.systems.sprawl import movement

    act("spot", lambda game, dice, table: movement.spot(
        game, game.character(spotter), game.character(hider), dice, table), spot_lines, actor=spotter)


@app.command()
def overwatch(name: Name) -> None:
    """Put a character on overwatch: it gives up its turn to shoot once in the enemy's (R20).

    Example: sprawl overwatch Razz
    """
    from sprawl_cli.systems.sprawl.views.movement import overwatch_lines
    from sprawl_cli.systems.sprawl import movement

    act("overwatch", lambda game, dice, table: movement.overwatch(game, game.character(name), table),
        overwatch_lines, actor=name)


@app.command()
def jump(name: Name) -> None:
    """Jump across a gap: 1\" per Quickness success, and nothing else this turn (R21).

    Example: sprawl jump Mutt
    """
    from sprawl_cli.systems.sprawl.views.movement import jump_lines
    from sprawl_cli.systems.sprawl import movement

    act("jump", lambda game, dice, table: movement.jump(game, game.character(name), dice, table), jump_lines, actor=name)


@app.command()
def fall(
    name: Name,
    inches: Annotated[float, typer.Argument(min=0, max=MOST_INCHES, help="How far it fell, in inches.")],
    near_ledge: Annotated[bool, typer.Option("--near-ledge", help="It lies within 1\" of a ledge: pinned at "
                                                                  "0 Health, it tests its footing (R7).")] = False,
) -> None:
    """A character falls: more than 1\" deals the inches as damage, resisted by Toughness (R22).

    Example: sprawl fall Newton 3 --nearby none
    """
    from sprawl_cli.systems.sprawl.views.movement import fall_lines
    from sprawl_cli.systems.sprawl import movement

    act("fall", lambda game, dice, table: movement.fall(game, game.character(name), inches, dice, table,
                                                        ledge=near_ledge), fall_lines, actor=name)


@app.command()
def safe(name: Name) -> None:
    """A panicked character reached safety: it stops fleeing (R10).

    Example: sprawl safe Razz
    """
    from sprawl_cli.systems.sprawl.views.movement import flight_lines
    from sprawl_cli.systems.sprawl import movement

    act("safe", lambda game, dice, table: movement.safe(game, game.character(name)), flight_lines, actor=name)


@app.command()
def edge(name: Name) -> None:
    """A panicked character reached the table edge: Out of Play for the rest of the game (R10).

    Example: sprawl edge Razz
    """
    from sprawl_cli.systems.sprawl.views.movement import flight_lines
    from sprawl_cli.systems.sprawl import movement

    act("edge", lambda game, dice, table: movement.edge(game, game.character(name)), flight_lines, actor=name)
