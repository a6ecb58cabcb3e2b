"""Scratch:Grid's own commands: map, move, los, attack, evade, escape, heal.

Each is thin: parse, then the kernel's one flow (`flow.act`) with a rule and
its view; `map` and `los` only look, so they read the game without changing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import click
import typer

app = typer.Typer(add_completion=False)

KINDS = ["close", "hold", "knockout", "ranged", "blast"]  # S3 (the rules check them again)
Name = Annotated[str, typer.Argument(help="A character (case-insensitive).")]
Interrupts = Annotated[Optional[str], typer.Option(
    "--interrupts", metavar="NAME=hit|miss|pass,...|none",
    help="The referee's call on each interrupting attack offered (S4); asked on a terminal otherwise.")]


@app.command(name="map")
def map_(
    reach: Annotated[Optional[str], typer.Option("--reach", metavar="NAME", help="Shade every space NAME could still end a move on this turn, with its cost (S2, S6); nothing once it has moved, and why.")] = None,
    svg: Annotated[Optional[Path], typer.Option("--svg", metavar="FILE", help="Also write the map as an SVG drawing to FILE ('-' prints it instead of the map).")] = None,
) -> None:
    """Draw the map: terrain, coordinates and every character by side (S1).

    Example: sprawl map --reach Ada
    """
    from sprawl_cli.api import current, print_lines
    from sprawl_cli.systems.scratch_grid.drawing import legend_lines, map_lines, reach_lines
    from sprawl_cli.systems.scratch_grid.movement import allowance_of, reach_now
    from sprawl_cli.systems.scratch_grid.svg import map_svg

    ctx = current()
    game: Any = ctx.load_game()
    mover = game.character(reach) if reach is not None else None
    shown = reach_now(game, mover) if mover is not None else None
    costs = shown.spaces if shown is not None else None
    data: dict[str, Any] = {
        "grid": game.grid, "width": game.board.width, "height": game.board.height, "map": list(game.map),
        "characters": [{"name": c.name, "squad": c.squad, "at": c.at, "statuses": c.shown_statuses}
                       for c in game.characters],
        "reach": None if mover is None or shown is None else {"name": mover.name, "from": mover.at,
                                                               **shown.to_json()},
    }
    if svg is not None:
        drawing = map_svg(game, costs)
        if str(svg) == "-":
            ctx.env.out.write(drawing + "\n")
            ctx.env.out.flush()
            return
        _write_svg(svg, drawing + "\n")
        data["svg"] = str(svg)
    if mover is not None and shown is not None:
        lines = reach_lines(game, mover, shown.spaces, allowance_of(mover).describe(), shown.why_not, shown.next_turn)
    else:
        lines = map_lines(game) + legend_lines(game)
    if svg is not None:
        lines.append(f"SVG drawing written to {svg}.")
    ctx.emit(data, lambda console: print_lines(console, lines))


def _write_svg(path: Path, text: str) -> None:
    """`map --svg FILE`: the drawing, written whole or not at all.

    Raises:
        BadInput: the folder is missing, FILE is a folder, or the disk refused.
    """
    from sprawl_cli.api import BadInput, SaveFileError, atomic_write

    if path.is_dir():
        raise BadInput(f"--svg {path} is a folder: give a file name, like {path / 'map.svg'}")
    if not path.parent.is_dir():
        raise BadInput(f"--svg {path}: there is no folder {path.parent}; give a file in a folder that exists")
    existed = path.exists()
    try:
        atomic_write(path, text)
    except SaveFileError as problem:
        why = str(problem).split(";")[0]
        raise BadInput(f"--svg {path}: {why}{'; the file there is untouched' if existed else ''}") from None


@app.command()
def move(name: Name, space: Annotated[str, typer.Argument(help="Where to, like c4.")], interrupts: Interrupts = None) -> None:
    """Move NAME to SPACE by the cheapest legal path (S2); refused with the reason when it cannot.
    Ending on an exit space escapes (S5).

    Example: sprawl move Ada e3 --interrupts none
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.scratch_grid.movement import move as rule
    from sprawl_cli.systems.scratch_grid.views import move_lines

    act("move", lambda game, _dice, table: rule(game, game.character(name), space, table, interrupts),
        lambda outcome, _game: move_lines(outcome), actor=name)


@app.command()
def los(looker: Name, target: Annotated[str, typer.Argument(help="A character or a space.")]) -> None:
    """Line of sight from LOOKER's centre to TARGET's (S3): walls, obstacles and LOOKER's enemies block.

    Example: sprawl los Ada Vex
    """
    from sprawl_cli.api import current, print_lines
    from sprawl_cli.systems.scratch_grid.attacks import look
    from sprawl_cli.systems.scratch_grid.views import sight_line

    ctx = current()
    game: Any = ctx.load_game()
    sight = look(game, game.character(looker), target)
    ctx.emit(sight.to_json(), lambda console: print_lines(console, [sight_line(sight)]))


@app.command()
def attack(
    attacker: Name,
    target: Annotated[str, typer.Argument(help="The character attacked (for a blast, a character or a space).")],
    kind: Annotated[str, typer.Option("--kind", "-k", click_type=click.Choice(KINDS, case_sensitive=False),
                                      help="close, hold, knockout, ranged or blast.")],
    at: Annotated[Optional[str], typer.Option("--at", metavar="SPACE", help="A blast's target space; after a hold, where the target goes (the holder's space swaps them).")] = None,
    result: Annotated[Optional[str], typer.Option("--result", "-r", metavar="hit|miss", help="The referee's call (S5); for a blast also NAME=hit,NAME=miss. Asked on a terminal otherwise.")] = None,
    interrupts: Interrupts = None,
) -> None:
    """ATTACKER attacks TARGET (S3): close attacks reach the spaces next to it, ranged ones and blasts
    need a line of sight; the referee says whether it hits (S5, house).

    Example: sprawl attack Ada Vex --kind ranged --result hit
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.scratch_grid.attacks import attack as rule
    from sprawl_cli.systems.scratch_grid.views import attack_lines

    act("attack", lambda game, _dice, table: rule(game, game.character(attacker), target, kind.strip().lower(), table,
                                                  at, result, interrupts),
        lambda outcome, _game: attack_lines(outcome), actor=attacker)


@app.command()
def evade(name: Name, interrupts: Interrupts = None) -> None:
    """NAME evades until its next turn (its action; S4): opponents next to it may interrupt.

    Example: sprawl evade Cress --interrupts Mord=miss
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.scratch_grid.actions import evade as rule
    from sprawl_cli.systems.scratch_grid.views import evade_lines

    act("evade", lambda game, _dice, table: rule(game, game.character(name), table, interrupts),
        lambda outcome, _game: evade_lines(outcome), actor=name)


@app.command()
def escape(name: Name, interrupts: Interrupts = None) -> None:
    """NAME leaves the map (S5) by the cheapest way within its move: an exit space or over the edge.

    Example: sprawl escape Ada
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.scratch_grid.movement import escape as rule
    from sprawl_cli.systems.scratch_grid.views import move_lines

    act("escape", lambda game, _dice, table: rule(game, game.character(name), table, interrupts),
        lambda outcome, _game: move_lines(outcome), actor=name)


@app.command()
def heal(
    healer: Name,
    patient: Name,
    result: Annotated[Optional[str], typer.Option("--result", "-r", click_type=click.Choice(["hit", "miss"], case_sensitive=False),
                                                  help="The referee's call (S5): hit, it works; miss, it fails and the action is spent. Asked on a terminal otherwise.")] = None,
) -> None:
    """HEALER heals the injured ally next to it, or revives an incapacitated one (S5); the referee
    says whether it works.

    Example: sprawl heal Brannock Cress --result hit
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.scratch_grid.actions import heal as rule
    from sprawl_cli.systems.scratch_grid.views import heal_lines

    act("heal", lambda game, _dice, table: rule(game, game.character(healer), game.character(patient), table,
                                                None if result is None else result.strip().lower()),
        lambda outcome, _game: heal_lines(outcome), actor=healer)
