"""Street-Fight's own commands. Each is one call to its rules through the kernel's flow."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Optional

import click
import typer

from sprawl_cli.api import MOST_INCHES, REACH, current

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console

    from sprawl_cli.api import Dice, Table
    from sprawl_cli.systems.street_fight.model import Game

app = typer.Typer(add_completion=False)

COVERS = ("none", "quarter", "half", "three-quarters")
Name = Annotated[str, typer.Argument(help="The figure (case-insensitive).")]
Target = Annotated[str, typer.Argument(help="The enemy figure.")]
Cover = Annotated[str, typer.Option("--cover", metavar="none|quarter|half|three-quarters",
                                    click_type=click.Choice(COVERS, case_sensitive=False),
                                    help="The target's cover (F3).")]
TargetMoving = Annotated[bool, typer.Option("--target-moving", help="The target is moving (F3); sprawl already "
                                                                   "knows about figures that moved this turn.")]
Frontage = Annotated[Optional[float], typer.Option("--frontage", min=0, max=MOST_INCHES, help="Inches a burst is spread over (F6).")]
Overwatch = Annotated[bool, typer.Option("--overwatch", help="Overwatch fire during the enemy's turn (F7).")]


def act(kind: str, rule: Callable[[Game, Dice, Table], Any], view: Callable[[Any], list[str]],
        actor: str | None = None, door: str | None = None, **given: Any) -> None:
    from sprawl_cli.api import act as run

    run(kind, rule, lambda outcome, game: view(outcome), actor=actor, door=door, **given)


@app.command()
def move(
    name: Name,
    inches: Annotated[Optional[float], typer.Option("--inches", "-i", min=0, max=MOST_INCHES, help="How far (default 5; up to 9 dashing).")] = None,
    into_cover: Annotated[bool, typer.Option("--into-cover", help="It ends the move in cover (not after a dash).")] = False,
) -> None:
    """Move a figure up to 5", or up to 9" with no firing or entering cover this turn (F2). A figure falling
    back that ends in cover begins to shelter (F10).

    Example: sprawl move Vex --inches 4 --into-cover
    """
    from sprawl_cli.systems.street_fight import movement
    from sprawl_cli.systems.street_fight.views import move_lines

    act("move", lambda game, dice, table: movement.move(game, game.character(name), inches, into_cover, table),
        move_lines, actor=name)


@app.command()
def aim(name: Name) -> None:
    """Spend this turn aiming: +10% to the figure's next shot per turn aimed, 3 turns at most (F3).
    Declared in the Movement phase; moving or firing ends it.

    Example: sprawl aim Orla
    """
    from sprawl_cli.systems.street_fight import movement
    from sprawl_cli.systems.street_fight.views import aim_lines

    act("aim", lambda game, dice, table: movement.aim(game, game.character(name), table), aim_lines,
        actor=name)


@app.command()
def overwatch(
    name: Name,
    large: Annotated[bool, typer.Option("--large", help="A large area such as a courtyard: -20% instead of -10%.")] = False,
) -> None:
    """Hold still and hold fire this turn, covering a point of aim; fire at the enemy crossing it
    during their turn with `shoot NAME TARGET --overwatch` (F7).

    Example: sprawl overwatch Cole --large
    """
    from sprawl_cli.systems.street_fight import movement
    from sprawl_cli.systems.street_fight.views import overwatch_lines

    act("overwatch", lambda game, dice, table: movement.overwatch(game, game.character(name), large, table),
        overwatch_lines, actor=name)


@app.command()
def shoot(
    name: Name,
    target: Target,
    distance: Annotated[list[float], typer.Option("--distance", "-d", min=0, max=MOST_INCHES, help="Inches to the target; a burst "
                                                  "at several figures: once per target, in the order of --targets.")],
    cover: Annotated[Optional[list[str]], typer.Option("--cover", metavar="none|quarter|half|three-quarters",
                                                       click_type=click.Choice(COVERS, case_sensitive=False),
                                                       help="The target's cover (F3); a burst at several figures: "
                                                            "once per target, like --distance. Not given: none, "
                                                            "or asked for a target the save has in cover.")] = None,
    target_moving: TargetMoving = False,
    frontage: Frontage = None,
    overwatch: Overwatch = False,
    targets: Annotated[Optional[str], typer.Option("--targets", metavar="NAMES",
                                                   help="A burst's targets, in order, cycling (F6).")] = None,
    keeps_cover: Annotated[bool, typer.Option("--keeps-cover", help="The target fired some other way: it keeps "
                                                                    "its cover (F8).")] = False,
    crossed: Annotated[Optional[str], typer.Option("--crossed", metavar="moved|fired|no",
                                                   help="--overwatch: the target moved through the point of aim, "
                                                        "or fired from it (F7); asked when not given.")] = None,
) -> None:
    """Fire at TARGET: the hit chance with every modifier, a d100 per shot and a d10 kill roll on each
    hit (F3-F8). Automatic weapons roll their rounds first. A burst at several figures takes a
    distance and a cover for each, in the order of --targets (one for all is asked about; --yes).

    Example: sprawl shoot Mags Brant --frontage 3 --targets Brant,Cole -d 8 -d 10 --cover half --cover none
    """
    from sprawl_cli.systems.street_fight.shooting import Order
    from sprawl_cli.systems.street_fight.shooting import shoot as fire
    from sprawl_cli.systems.street_fight.views import shooting_lines
    from sprawl_cli.api import parse_names

    covers = tuple(c.lower() for c in cover or ())
    order = Order(distance[0], covers[0] if covers else None, target_moving, frontage, overwatch,
                  tuple(parse_names(targets or "")), keeps_cover, tuple(distance), covers)
    act("shoot", lambda game, dice, table: fire(game, game.character(name), game.character(target), order,
                                                dice, table), shooting_lines,
        actor=name, door="shoot --overwatch" if overwatch else None, crossed=crossed)


@app.command()
def fight(
    name: Name,
    target: Target,
    charged: Annotated[Optional[bool], typer.Option("--charged/--no-charged", help="It charged into contact this "
                                                    "turn (a move of 5\" or less), or not; asked when it moved "
                                                    "5\" or less this turn.")] = None,
    cover: Annotated[Optional[bool], typer.Option("--cover/--no-cover", help="The defender fights from cover, or "
                                                  "not; not given: as the save has it (`move --into-cover`).")] = None,
    defender_charged: Annotated[Optional[bool], typer.Option("--defender-charged/--no-defender-charged",
                                                             help="TARGET charged into contact in its own move this "
                                                                  "turn (5\" or less), or not; asked when it moved "
                                                                  "5\" or less this turn.")] = None,
    contact: Annotated[Optional[str], typer.Option("--contact", metavar="NAMES|none",
                                                   help="Other enemies within 1\" of NAME or TARGET at its first "
                                                        "fight this turn (F9: -1 per attacker beyond the first); "
                                                        "asked when someone could be.")] = None,
) -> None:
    """A round of close combat (F9): NAME's d10 then TARGET's, each with its modifiers; the higher total
    wins and, at 8 or more, the loser is a casualty. Otherwise both stay in combat. A new combat asks
    whether the two are within 1" (`--yes` says they are); a figure's first fight of the turn asks who
    else is within 1" of it (`--contact NAMES|none`), so every enemy on it counts from that fight on.
    A figure that moved 5" or less this turn is asked whether it charged (`--charged`/`--no-charged`);
    the defender's cover is the save's unless `--cover`/`--no-cover` says otherwise.

    Example: sprawl fight Tully Dee --charged --yes
    """
    from sprawl_cli.systems.street_fight.close import fight as brawl
    from sprawl_cli.systems.street_fight.views import fight_lines

    act("fight", lambda game, dice, table: brawl(game, game.character(name), game.character(target), charged,
                                                 cover, dice, table, defender_charged), fight_lines,
        actor=name, contact=contact)


@app.command()
def morale(side: Annotated[str, typer.Argument(help="The squad that tests.")]) -> None:
    """Test a squad's morale by hand (F10): a d10 under the figures it has left holds. `next` into the
    Morale phase rolls the tests due by itself.

    Example: sprawl morale Wardens
    """
    from sprawl_cli.systems.street_fight import morale as rules
    from sprawl_cli.systems.street_fight.views import morale_lines

    act("morale", lambda game, dice, table: rules.test_by_hand(game, game.squad(side), dice, table), morale_lines)


# --- lookups -------------------------------------------------------------------------


def _emit(data: dict[str, Any], lines: list[str]) -> None:
    from sprawl_cli.api import print_lines

    ctx = current()

    def view(console: Console) -> None:
        print_lines(console, lines)

    ctx.emit(data, view)


@app.command()
def roll(
    what: Annotated[str, typer.Argument(metavar="weapon|d10|d100", help="What to roll.")] = "weapon",
) -> None:
    """Roll a d100 on the weapons table (F5), or a plain d10 or d100.

    Example: sprawl roll weapon
    """
    from sprawl_cli.api import UsageProblem
    from sprawl_cli.systems.street_fight.weapons import roll_weapon

    ctx = current()
    key = what.strip().lower()
    if key == "weapon":
        face, arm = roll_weapon(ctx.dice(), "Weapon")
        ctx.check_leftover_dice()
        _emit({"roll": face, "weapon": arm.name}, [f"d100 {face:02d} → {arm.name} (F5)"])
    elif key in ("d10", "d100"):
        face = ctx.dice().roll(1, "Roll", int(key[1:]))[0]
        ctx.check_leftover_dice()
        _emit({"die": key, "roll": face}, [f"{key}: {face}"])
    else:
        raise UsageProblem(f"'{what}' is not something to roll; use weapon, d10 or d100")


@app.command()
def odds(
    what: Annotated[str, typer.Argument(metavar="shoot|fight|morale", help="Which odds.")],
    name: Annotated[Optional[str], typer.Argument(help="From the game: the shooter or attacker.")] = None,
    target: Annotated[Optional[str], typer.Argument(help="From the game: the target or defender.")] = None,
    weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="shoot without a game: the weapon.")] = None,
    distance: Annotated[float, typer.Option("--distance", "-d", min=0, max=MOST_INCHES, help="shoot: inches to the target.")] = 0.0,
    cover: Cover = "none",
    target_moving: TargetMoving = False,
    firer_moving: Annotated[bool, typer.Option("--firer-moving", help="shoot without a game: the firer moves.")] = False,
    aim_turns: Annotated[int, typer.Option("--aim", min=0, max=REACH, help="shoot without a game: turns aimed.")] = 0,
    frontage: Frontage = None,
    overwatch: Overwatch = False,
    large: Annotated[bool, typer.Option("--large", help="shoot --overwatch: a large area (-20%).")] = False,
    targets: Annotated[Optional[str], typer.Option("--targets", metavar="N|NAMES",
                                                   help="shoot: how many figures the burst spreads over.")] = None,
    charged: Annotated[bool, typer.Option("--charged", help="fight: the attacker charged.")] = False,
    in_cover: Annotated[bool, typer.Option("--defender-cover", help="fight: the defender is in cover.")] = False,
    defender_charged: Annotated[bool, typer.Option("--defender-charged", help="fight: the defender charged "
                                                   "in its own move this turn.")] = False,
    attacker_mod: Annotated[int, typer.Option("--attacker-mod", help="fight without a game: the attacker's modifier.")] = 0,
    defender_mod: Annotated[int, typer.Option("--defender-mod", help="fight without a game: the defender's modifier.")] = 0,
    left: Annotated[Optional[int], typer.Option("--left", min=0, max=REACH, help="morale: figures left standing.")] = None,
) -> None:
    """Exact odds, computed: `odds shoot` a shot's hit and kill and a burst's casualty counts (F3-F6),
    from the game (`odds shoot NAME TARGET --distance IN`) or from options (`--weapon LMG --distance 8`);
    `odds fight` a round of close combat (F9); `odds morale --left N` a morale test (F10).

    Examples: sprawl odds shoot --weapon LMG --distance 4 --frontage 6 --targets 3; sprawl odds fight --attacker-mod 1
    """
    from sprawl_cli.systems.street_fight import odds as exact
    from sprawl_cli.systems.street_fight.odds import fight_inputs, morale_left, shot_inputs
    from sprawl_cli.systems.street_fight.views import fight_odds_lines, shot_odds_lines

    key = what.strip().lower()
    ctx = current()
    if key == "shoot":
        arm, situation, count = shot_inputs(ctx, name, target, weapon, distance, cover, target_moving, firer_moving,
                                            aim_turns, frontage, overwatch, large, targets)
        shot = exact.shot_odds(arm, situation, count)
        _emit(shot.to_json(), shot_odds_lines(shot))
    elif key == "fight":
        a_mod, d_mod = fight_inputs(ctx, name, target, charged, in_cover, attacker_mod, defender_mod,
                                    defender_charged)
        result = exact.fight_odds(a_mod, d_mod)
        _emit(result.to_json(), fight_odds_lines(result))
    elif key == "morale":
        n = morale_left(ctx, name, left)
        p = exact.morale_odds(n)
        _emit({"left": n, "p_pass": float(p), "exact": str(p)},
              [f"Morale with {n} figure{'s' * (n != 1)} left: a d10 under {n} holds, {float(p):.0%} (F10)"])
    else:
        from sprawl_cli.api import UsageProblem

        raise UsageProblem(f"'{what}' has no odds here; use shoot, fight or morale")


@app.command()
def table(name: Annotated[str, typer.Argument(metavar="weapons", help="The table.")] = "weapons") -> None:
    """The weapons table with its d100 bands (F5).

    Example: sprawl table weapons
    """
    from sprawl_cli.api import UsageProblem
    from sprawl_cli.systems.street_fight.weapons import WEAPONS

    if name.strip().lower() != "weapons":
        raise UsageProblem(f"'{name}' is not a Street-Fight table; the one table is: weapons")
    rows = [{"d100": w.band, "weapon": w.name, "bonus": w.bonus, "increment": w.increment,
             "rounds": w.rounds or None, "kill": w.kill, "close_combat": w.combat,
             "heavy": w.heavy} for w in WEAPONS]
    lines = [f"{r['d100']:>5}  {r['weapon']:<13} {r['bonus']:+d}%  {r['increment']}\" increments  "
             f"{(r['rounds'] or 'single shot'):<11}  kills on {r['kill']}+" for r in rows]
    _emit({"table": "weapons", "rows": rows}, lines + ["The HMG cannot fire after moving and takes no aim bonus."])
