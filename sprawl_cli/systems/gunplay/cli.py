"""Gunplay's own commands: thin Typer wrappers, each one `flow.act(kind, rule, view)`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from sprawl_cli.api import MOST_INCHES, current

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.gunplay.model import Game

app = typer.Typer(add_completion=False)

Name = Annotated[str, typer.Argument(help="A character (case-insensitive).")]
Target = Annotated[str, typer.Argument(help="The character aimed at, fired at or struck.")]
WeaponOpt = Annotated[Optional[str], typer.Option("--weapon", "-w", help="The weapon to use (default: the first gun to fire, the most damaging melee weapon to strike).")]
Shifts = Annotated[Optional[list[int]], typer.Option("--shift", "-s", help="A column shift: + easier, - harder; repeat for more (G1).")]
Mods = Annotated[Optional[list[int]], typer.Option("--mod", "-m", help="A dice modifier; repeat for more (G1).")]
Column = Annotated[str, typer.Option("--column", "-c", help="The starting column: easy, moderate or hard (G1).")]
Die = Annotated[Optional[str], typer.Option("--die", help="d12 (default) or d20 (the d20 ladder, 5/10/15); default: the game's setting.")]


def _lines(view: Any) -> Any:
    """The outcome's view, how the game ended if it just did, then whose go it is, as
    `flow.act` wants it: (outcome, game) -> lines."""
    from sprawl_cli.systems.gunplay.views import result_lines, whose_go

    return lambda outcome, game: view(outcome) + result_lines(game) + whose_go(game)


def _act(kind: str, rule: Any, view: Any, actor: str) -> None:
    from sprawl_cli.api import act

    act(kind, rule, _lines(view), actor=actor)


@app.command()
def move(
    name: Name,
    quick: Annotated[bool, typer.Option("--quick", "-q", help="A quick move: up to 6\" in a straight line (G3).")] = False,
    difficult: Annotated[Optional[str], typer.Option("--difficult", help="Crossing difficult ground: the column of its test (easy, moderate, hard), or none; asked of a quick move.")] = None,
) -> None:
    """One move action: cautious (up to 3") or quick (up to 6" in a straight line) (G3). A quick move
    asks whether its line is straight (`--yes` says it is) and what difficult ground it crosses
    (`--difficult COLUMN`, or `--difficult none`).

    Example: sprawl move Marla --quick --difficult moderate --yes
    """
    from sprawl_cli.systems.gunplay.movement import move as rule
    from sprawl_cli.systems.gunplay.views import move_lines

    _act("move", lambda g, d, t: rule(g, g.character(name), d, t, quick, difficult), move_lines, actor=name)


@app.command()
def aim(name: Name, target: Target) -> None:
    """One action: aim at TARGET; a fire at it as the next action is one column easier (G4).

    Example: sprawl aim Kit Vic
    """
    from sprawl_cli.systems.gunplay.turn import aim as rule
    from sprawl_cli.systems.gunplay.views import action_lines

    _act("aim", lambda g, d, t: rule(g, g.character(name), g.character(target), t), action_lines, actor=name)


@app.command()
def fire(
    name: Name,
    target: Target,
    cover: Annotated[Optional[str], typer.Option("--cover", help="The target's cover: open (easy), some (33%+, moderate), lots (67%+, hard); asked when not given.")] = None,
    range_: Annotated[Optional[str], typer.Option("--range", "-r", help="The range band: close, effective (-1), extreme (-2); asked when neither it nor --distance is given.")] = None,
    distance: Annotated[Optional[float], typer.Option("--distance", "-d", min=0, max=MOST_INCHES, help="Inches to the target: picks the band from the weapon's ranges.")] = None,
    moving: Annotated[Optional[str], typer.Option("--moving", help="Moved and fired as one action: cautious (no aim) or quick (-1 shift).")] = None,
    weapon: WeaponOpt = None,
    shift: Shifts = None,
    mod: Mods = None,
) -> None:
    """One action: fire at TARGET, one d12 per point of rate of fire; each success hits (G4). Line of
    sight, the cover and the range band are asked when no option gives them (`--yes`, `--cover`,
    `--range` or `--distance`).

    Example: sprawl fire Kit Vic --cover lots --distance 20
    """
    from sprawl_cli.systems.gunplay.firing import Shot
    from sprawl_cli.systems.gunplay.firing import fire as rule
    from sprawl_cli.systems.gunplay.views import fire_lines

    shot = Shot(cover=cover, band=range_, distance=distance, moving=moving, weapon=weapon,
                shifts=list(shift or []), mods=list(mod or []))
    _act("fire", lambda g, d, t: rule(g, g.character(name), g.character(target), shot, d, t), fire_lines, actor=name)


def _melee(kind: str, name: str, target: str, weapon: str | None) -> None:
    from sprawl_cli.systems.gunplay.melee import strike as rule
    from sprawl_cli.systems.gunplay.views import melee_lines

    _act(kind, lambda g, d, t: rule(g, g.character(name), g.character(target), d, t, weapon, kind == "charge"),
         melee_lines, actor=name)


@app.command()
def strike(name: Name, target: Target, weapon: WeaponOpt = None) -> None:
    """One action of melee: both roll a d12, the lower strikes first, equal rolls together (G8).

    Example: sprawl strike Dutch Ruth --weapon Knife
    """
    _melee("strike", name, target, weapon)


@app.command()
def charge(name: Name, target: Target, weapon: WeaponOpt = None) -> None:
    """One action: a quick move into contact and a strike, one column easier (G3, G8).

    Example: sprawl charge "Sheriff Hale" Dutch
    """
    _melee("charge", name, target, weapon)


@app.command()
def recover(name: Name) -> None:
    """A down character's first action: the recovery test; success leaves it prone (G7).

    Example: sprawl recover Vic
    """
    from sprawl_cli.systems.gunplay.toughness import recover as rule
    from sprawl_cli.systems.gunplay.views import recovery_lines

    _act("recover", lambda g, d, t: rule(g, g.character(name), d, t), recovery_lines, actor=name)


def _simple(kind: str, name: str) -> None:
    from sprawl_cli.systems.gunplay.turn import simple_action
    from sprawl_cli.systems.gunplay.views import action_lines

    _act(kind, lambda g, d, t: simple_action(g, g.character(name), t, kind), action_lines, actor=name)


@app.command()
def interact(name: Name) -> None:
    """One action: work a door, a switch or another object in contact (G3); asks whether it is in
    contact (`--yes` says it is).

    Example: sprawl interact Ruth --yes
    """
    _simple("interact", name)


@app.command("pass")
def pass_(name: Name) -> None:
    """Spend one action doing nothing (G3).

    Example: sprawl pass Kit
    """
    _simple("pass", name)


@app.command()
def done(name: Name) -> None:
    """End NAME's activation now, with any actions left unused (G3).

    Example: sprawl done Vic
    """
    from sprawl_cli.systems.gunplay.turn import done as rule
    from sprawl_cli.systems.gunplay.views import action_lines

    _act("done", lambda g, d, t: rule(g, g.character(name), t), action_lines, actor=name)


@app.command(name="set")
def set_(
    name: Name,
    status: Annotated[str, typer.Argument(help="down, prone or removed; or wounds.")],
    value: Annotated[str, typer.Argument(help="on or off; a number for wounds.", metavar="on|off|N")],
) -> None:
    """Referee: put a status on or off a character, or correct its wounds (logged, undoable).

    Example: sprawl set Vic wounds 2
    """
    if status.strip().lower() != "wounds":
        from sprawl_cli.api import set_command as kernel_set

        kernel_set(name, status, value)
        return
    from sprawl_cli.api import Bound, UsageProblem, quoted
    from sprawl_cli.systems.gunplay.referee import set_wounds

    from sprawl_cli.systems.gunplay.model import WOUNDS_LIMIT

    try:
        wounds = int(Bound(0, WOUNDS_LIMIT).parse(value))
    except ValueError as bad:
        raise UsageProblem(f"`set {quoted(name)} wounds` wants a whole number of wounds: {bad}") from None
    _act("set", lambda g, _d, t: set_wounds(g, g.character(name), wounds, t), lambda outcome: outcome.lines, actor=name)


def _die(die: str | None) -> int:
    """The die of a lookup: `--die`, else the loaded gunplay game's setting, else d12.

    Raises:
        BadInput: not d12 or d20.
    """
    from sprawl_cli.api import BadInput

    if die is None:
        return _game_sides()
    key = die.strip().lower()
    if key not in ("d12", "d20"):
        raise BadInput(f"--die {die}: use d12 or d20")
    return int(key[1:])


def _game_sides() -> int:
    ctx = current()
    try:
        if not ctx.game_path.exists():
            return 12
        game: Game = ctx.load_game()  # type: ignore[assignment]
    except Exception:  # noqa: BLE001 - a lookup never fails because of an unrelated save file
        return 12
    if getattr(game, "system", "") != "gunplay":
        return 12
    return game.die_sides()


@app.command()
def roll(column: Column, shift: Shifts = None, mod: Mods = None, die: Die = None) -> None:
    """Roll one test on the difficulty ladder: beat the column's number after the dice modifiers (G1).

    Example: sprawl roll --system gunplay --column hard --shift 1 --mod -1
    """
    from sprawl_cli.systems.gunplay.ladder import ROLLED, check_column, roll_test
    from sprawl_cli.systems.gunplay.system import FACE_HINT
    from sprawl_cli.systems.gunplay.views import roll_lines

    ctx = current()
    start = check_column(column, ROLLED)
    sides = _die(die)
    ctx.face_hint = FACE_HINT
    test = roll_test(ctx.dice(), "Test", start, sum(shift or []), sum(mod or []), sides=sides)
    ctx.check_leftover_dice()
    data = dict(test.to_json(), die=f"d{sides}")
    ctx.emit(data, lambda console: _print(console, roll_lines(test)))


@app.command()
def odds(
    column: Column,
    shift: Shifts = None,
    mod: Mods = None,
    die: Die = None,
    rof: Annotated[int, typer.Option("--rof", min=1, max=20, help="Dice rolled (a weapon's rate of fire): also the chance of each number of hits.")] = 1,
) -> None:
    """The exact chance (counted, not sampled) of passing one test on the ladder (G1); with
    --rof N, of each number of hits from N dice (G4).

    Example: sprawl odds --system gunplay --column hard --shift 1 --mod -1
    """
    from sprawl_cli.systems.gunplay.ladder import ROLLED, check_column
    from sprawl_cli.systems.gunplay.odds import odds as exact
    from sprawl_cli.systems.gunplay.odds import p_hits
    from sprawl_cli.systems.gunplay.views import hits_lines, odds_lines

    ctx = current()
    start, total_shift, total_mod, sides = check_column(column, ROLLED), sum(shift or []), sum(mod or []), _die(die)
    result = exact(start, total_shift, total_mod, sides)
    data = result.to_json()
    lines = odds_lines(result)
    if rof > 1:
        spread = p_hits(start, total_shift, total_mod, rof, sides)
        data["rof"] = rof
        data["hits"] = {str(k): float(p) for k, p in enumerate(spread)}
        lines += hits_lines(spread)
    ctx.emit(data, lambda console: _print(console, lines))


def _print(console: Console, lines: list[str]) -> None:
    from sprawl_cli.api import print_lines

    print_lines(console, lines)
