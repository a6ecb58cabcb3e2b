"""SPRAWL's quick dice lookups: `roll`, `odds` (of a Test or a shot), `table`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional, cast

import typer

from sprawl_cli.systems.sprawl.cli import rangedcmds as ranged  # the options of a shot, for `odds shoot`
from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.model import Game

app = typer.Typer(add_completion=False)

Pool = Annotated[int, typer.Argument(min=0, max=1000, help="How many d10 to roll (the attribute).")]
Difficulty = Annotated[int, typer.Option("--difficulty", "-d", min=0, help="Difficulty before modifiers (R3).")]
Mods = Annotated[Optional[list[int]], typer.Option("--mod", "-m", help="A modifier to add to the Difficulty; repeat for more.")]
NoTens = Annotated[bool, typer.Option("--no-tens", help="Turn the Rule of Tens off: a 10 is one success (R2).")]


@app.command()
def roll(pool: Pool, difficulty: Difficulty = 1, mod: Mods = None, no_tens: NoTens = False) -> None:
    """Roll POOL d10 against a Difficulty: successes, net successes, pass or fail (R1-R4).

    Example: sprawl roll 4 --difficulty 1 --mod 2
    """
    from sprawl_cli.dice import difficulty_of, test_pool

    ctx = current()
    target = difficulty_of(difficulty, mod or [])
    result = test_pool(ctx.dice(), pool, target, "Test", tens=not no_tens)
    ctx.check_leftover_dice()
    data = {"pool": pool, **result.to_json(), "rule_of_tens": not no_tens}

    def view(console: Console) -> None:
        from sprawl_cli.systems.sprawl.render.dicelook import roll_view

        roll_view(console, result, pool, not no_tens)

    ctx.emit(data, view)


@app.command()
def odds(
    pool: Annotated[str, typer.Argument(help="Pool size, or `shoot` for the odds of a shot.", metavar="POOL|shoot")],
    attacker: Annotated[Optional[str], typer.Argument(help="With `shoot`: who shoots.", show_default=False)] = None,
    target: Annotated[Optional[str], typer.Argument(help="With `shoot`: at whom.", show_default=False)] = None,
    difficulty: Difficulty = 1,
    mod: Mods = None,
    no_tens: NoTens = False,
    weapon: ranged.WeaponOpt = None,
    range_: ranged.RangeOpt = None,
    cover: ranged.CoverOpt = "none",
    target_running: ranged.RunningOpt = False,
    small: ranged.SmallOpt = False,
    large: ranged.LargeOpt = False,
    near_ledge: ranged.LedgeOpt = None,
    blast: ranged.BlastOpt = None,
    spot: ranged.SpotOpt = False,
    distance: ranged.DistanceOpt = None,
) -> None:
    """Exact odds (computed, not sampled) of passing a Test and of each net-success count;
    or, as `odds shoot ATTACKER TARGET` with the options of `shoot`, the chances of a shot
    from the characters' current state: hit, pin, 0 Health, expected Health lost.

    Examples: sprawl odds 5 --difficulty 3; sprawl odds shoot Razz Wilson --cover partial
    """
    from sprawl_cli.dice import MAX_ODDS_POOL, difficulty_of
    from sprawl_cli.dice import odds as exact_odds
    from sprawl_cli.errors import UsageProblem

    ctx = current()
    if pool.lower() == "shoot":
        if attacker is None or target is None:
            raise UsageProblem("give the shot as `sprawl odds shoot ATTACKER TARGET [shoot options]`")
        if difficulty != 1 or no_tens:
            raise UsageProblem("--difficulty and --no-tens are for `odds POOL`; a shot's Difficulty comes from "
                               "its options and the game's own Rule of Tens setting")
        from sprawl_cli.systems.sprawl.ranged_odds import shot_odds

        plan = ranged.situation(weapon, range_, cover, target_running, small, large, mod, near_ledge, spot, distance)
        game = cast("Game", ctx.load_game())
        if game.system != "sprawl":
            raise UsageProblem(f"this game is {game.system}; `odds shoot` here is SPRAWL's (see `sprawl --help`)")
        shot = shot_odds(game, game.character(attacker), game.character(target), plan)

        def shot_view(console: Console) -> None:
            from sprawl_cli.render import print_lines
            from sprawl_cli.systems.sprawl.render.ranged import odds_lines

            print_lines(console, odds_lines(shot))

        ctx.emit(shot.to_json(), shot_view)
        return
    if not pool.isdigit():
        raise UsageProblem(f"POOL should be a number of dice (or `shoot`), not '{pool}'")
    shot_only = {"ATTACKER": attacker, "--weapon": weapon, "--range": range_, "--cover": cover != "none" or None,
                 "--target-running": target_running, "--small": small, "--large": large, "--near-ledge": near_ledge,
                 "--blast": blast, "--spot": spot, "--distance": distance}
    stray = [option for option, value in shot_only.items() if value not in (None, False)]
    if stray:
        raise UsageProblem(f"{stray[0]} belongs to `sprawl odds shoot ATTACKER TARGET`, not to `odds POOL`")
    size = int(pool)
    if size > MAX_ODDS_POOL:  # the same mistake as `roll 100000`, so the same exit code (2)
        raise UsageProblem(f"Invalid value for 'POOL': {size} is not in the range 0<=x<={MAX_ODDS_POOL}. "
                           "(see `sprawl odds --help`)")
    result = exact_odds(size, difficulty_of(difficulty, mod or []), tens=not no_tens)

    def view(console: Console) -> None:
        from sprawl_cli.systems.sprawl.render.dicelook import odds_view

        odds_view(console, result)

    ctx.emit(result.to_json(), view)


@app.command()
def table(
    name: Annotated[str, typer.Argument(help="incapacitation, misfire, scatter, throw or aftermath.")],
    roll: Annotated[Optional[int], typer.Argument(help="Look up this roll (for throw: the thrower's Strength).")] = None,
) -> None:
    """Show a table whole, or the row for one roll.

    Example: sprawl table incapacitation 7
    """
    from sprawl_cli.systems.sprawl.tables import table_named, table_to_json

    ctx = current()
    found = table_named(name)
    if roll is None:
        data = table_to_json(found)
        row = None
    else:
        row = found.lookup(roll)
        read = 10 if roll == 0 and found.roll == "d10" else roll  # R1: a d10 showing 0 is a ten
        data = {"table": found.name, "roll": read, "result": row.result, "meaning": row.meaning}

    def view(console: Console) -> None:
        from sprawl_cli.systems.sprawl.render.dicelook import table_view

        table_view(console, found, row, roll)

    ctx.emit(data, view)
