"""Ranged Combat: `shoot` and `los` (issue 5). `sprawl odds shoot` reuses the options here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import click
import typer

from sprawl_cli.api import MOST_INCHES

if TYPE_CHECKING:
    from sprawl_cli.systems.sprawl.ranged import Situation

app = typer.Typer(add_completion=False)

# The options of a shot, shared with `sprawl odds shoot`.
Attacker = Annotated[str, typer.Argument(help="Who shoots (or throws, or fires).")]
Target = Annotated[str, typer.Argument(help="Who is shot at (with --spot: beside whom the blast is aimed).")]
WeaponOpt = Annotated[Optional[str], typer.Option("--weapon", "-w", help="The weapon (default: the first ranged one that works).")]
RangeOpt = Annotated[Optional[str], typer.Option(
    "--range", "-r", click_type=click.Choice(["short", "long"]), help="The weapon's range band (default short; R13).")]
CoverOpt = Annotated[str, typer.Option(
    "--cover", "-c", click_type=click.Choice(["none", "partial", "full"]), help="Cover: partial +1, full +2 (R13).")]
RunningOpt = Annotated[bool, typer.Option("--target-running", help="The target is running or ran last turn: +2 (R13).")]
SmallOpt = Annotated[bool, typer.Option("--small", help="Small target (under 1/2\"): +1 (R13).")]
LargeOpt = Annotated[bool, typer.Option("--large", help="Large target (over 2\"): -1 (R13).")]
ModsOpt = Annotated[Optional[list[int]], typer.Option("--mod", "-m", help="A free modifier to the Difficulty; repeat for more.")]
LedgeOpt = Annotated[Optional[str], typer.Option("--near-ledge", metavar="NAMES", help="Victims within 1\" of a ledge (R7).")]
BlastOpt = Annotated[Optional[str], typer.Option("--blast", metavar="NAMES|none", help="Who else a blast catches (R16).")]
BlastScatteredOpt = Annotated[Optional[str], typer.Option(
    "--blast-scattered", metavar="NAMES|none", help="After a scatter: who is within the blast where it landed (R16).")]
SpotOpt = Annotated[bool, typer.Option("--spot", help="Grenades and rockets: aim at the ground beside TARGET, +1 (R13).")]
DistanceOpt = Annotated[Optional[float], typer.Option(
    "--distance", min=0, max=MOST_INCHES, metavar="INCHES", help="Measured distance: checks throwing range (R17) or picks the band.")]


def situation(weapon: str | None, range_: str | None, cover: str, target_running: bool, small: bool, large: bool,
              mod: list[int] | None, near_ledge: str | None, spot: bool, distance: float | None) -> Situation:
    """The shot's options as a Situation.

    Raises:
        UsageProblem: --small and --large together.
    """
    from sprawl_cli.api import UsageProblem, parse_names
    from sprawl_cli.systems.sprawl.ranged import Situation

    if small and large:
        raise UsageProblem("a target is --small or --large, not both")
    return Situation(
        weapon=weapon, range=range_, cover=cover, target_running=target_running,
        size="small" if small else "large" if large else "normal", mods=tuple(mod or ()), spot=spot,
        distance=distance, near_ledge=tuple(parse_names(near_ledge or "")),
    )


@app.command()
def shoot(
    attacker: Attacker,
    target: Target,
    weapon: WeaponOpt = None,
    range_: RangeOpt = None,
    cover: CoverOpt = "none",
    target_running: RunningOpt = False,
    small: SmallOpt = False,
    large: LargeOpt = False,
    mod: ModsOpt = None,
    near_ledge: LedgeOpt = None,
    blast: BlastOpt = None,
    spot: SpotOpt = False,
    distance: DistanceOpt = None,
    blast_scattered: BlastScatteredOpt = None,
) -> None:
    """Shoot, throw a grenade or fire a rocket at TARGET: Difficulty, hits, misfire, scatter,
    damage, pins and panic (R4-R9, R13-R17).

    Example: sprawl shoot Razz Wilson --cover partial --range long
    """
    from sprawl_cli.api import act
    from sprawl_cli.systems.sprawl.ranged import shoot as take_shot
    from sprawl_cli.systems.sprawl.views.ranged import shot_lines

    plan = situation(weapon, range_, cover, target_running, small, large, mod, near_ledge, spot, distance)
    act("shoot", lambda game, dice, table: take_shot(game, game.character(attacker), game.character(target), plan,
                                                     dice, table),
        lambda result, game: shot_lines(result.to_json(), game.settings.rule_of_tens),
        actor=attacker, blast=blast, blast_scattered=blast_scattered)


@app.command()
def los(
    looker: Annotated[Optional[str], typer.Argument(help="Who is looking (for the log).")] = None,
    target: Annotated[Optional[str], typer.Argument(help="At whom (for the log).")] = None,
) -> None:
    """Line of sight in doubt: roll a d10, even means the target is visible (R13).

    Example: sprawl los Razz Wilson
    """
    from sprawl_cli.api import UsageProblem, act
    from sprawl_cli.systems.sprawl.ranged import line_of_sight
    from sprawl_cli.systems.sprawl.views.ranged import sight_lines

    if looker is not None and target is None:
        raise UsageProblem("give both LOOKER and TARGET, or neither")
    act("los", lambda game, dice, _table: line_of_sight(dice, game.character(looker) if looker else None,
                                                        game.character(target) if target else None),
        lambda sight, _game: sight_lines(sight))
