"""`sprawl odds`: exact odds of a Test, or of a shot with the options of `shoot`.

No `from __future__ import annotations` (as in `roll`, cli/__init__.py): Typer would compile each of the
seventeen parameters' annotations, kept as text, at every run.
"""

from typing import TYPE_CHECKING, Annotated, Optional, cast

import typer

from sprawl_cli.api import current
from sprawl_cli.systems.sprawl.cli import DIFFICULTY, MODS, NO_TENS  # roll's options
from sprawl_cli.systems.sprawl.cli import ranged  # the options of a shot, for `odds shoot`

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.model import Game

app = typer.Typer(add_completion=False)


@app.command()
def odds(
    pool: Annotated[str, typer.Argument(help="Pool size, or `shoot` for the odds of a shot.", metavar="POOL|shoot")],
    attacker: Annotated[Optional[str], typer.Argument(help="With `shoot`: who shoots.", show_default=False)] = None,
    target: Annotated[Optional[str], typer.Argument(help="With `shoot`: at whom.", show_default=False)] = None,
    difficulty: int = DIFFICULTY,
    mod: Optional[list[int]] = MODS,
    no_tens: bool = NO_TENS,
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
    from sprawl_cli.systems.sprawl.pool import MAX_ODDS_POOL, difficulty_of
    from sprawl_cli.systems.sprawl.pool import odds as exact_odds
    from sprawl_cli.api import UsageProblem

    ctx = current()
    if pool.lower() == "shoot":
        if attacker is None or target is None:
            raise UsageProblem("give the shot as `sprawl odds shoot ATTACKER TARGET [shoot options]`")
        if difficulty != 1 or no_tens:
            raise UsageProblem("--difficulty and --no-tens are for `odds POOL`; a shot's Difficulty comes from "
                               "its options and the game's own Rule of Tens setting")
        from sprawl_cli.systems.sprawl.odds import shot_odds

        plan = ranged.situation(weapon, range_, cover, target_running, small, large, mod, near_ledge, spot, distance)
        game = cast("Game", ctx.load_game())
        if game.system != "sprawl":
            raise UsageProblem(f"this game is {game.system}; `odds shoot` here is SPRAWL's (see `sprawl --help`)")
        shot = shot_odds(game, game.character(attacker), game.character(target), plan)

        def shot_view(console: "Console") -> None:
            from sprawl_cli.api import print_lines
            from sprawl_cli.systems.sprawl.views.ranged import odds_lines

            print_lines(console, odds_lines(shot))

        ctx.emit(shot.to_json(), shot_view)
        return
    from sprawl_cli.api import Bound, quoted

    if not pool.isdigit():
        raise UsageProblem(f"POOL should be a number of dice (or `shoot`), not '{quoted(pool)}'")
    shot_only = {"ATTACKER": attacker, "--weapon": weapon, "--range": range_, "--cover": cover != "none" or None,
                 "--target-running": target_running, "--small": small, "--large": large, "--near-ledge": near_ledge,
                 "--blast": blast, "--spot": spot, "--distance": distance}
    stray = [option for option, value in shot_only.items() if value not in (None, False)]
    if stray:
        raise UsageProblem(f"{stray[0]} belongs to `sprawl odds shoot ATTACKER TARGET`, not to `odds POOL`")
    try:  # the same bound as `roll`'s, in the same words, by the kernel's one parser
        size = int(Bound(0, MAX_ODDS_POOL).parse(pool))
    except ValueError as bad:
        raise UsageProblem(f"Invalid value for 'POOL': {bad} (see `sprawl odds --help`)") from None
    result = exact_odds(size, difficulty_of(difficulty, mod or []), tens=not no_tens)

    def view(console: "Console") -> None:
        from sprawl_cli.systems.sprawl.views.dicelook import odds_view

        odds_view(console, result)

    ctx.emit(result.to_json(), view)
