"""What `odds` needs, from the game (figures by name) or from options alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sprawl_cli.errors import UsageProblem
from sprawl_cli.systems.street_fight.chance import Situation, read_cover
from sprawl_cli.systems.street_fight.close import fighting_modifiers
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.shooting import Order, situation
from sprawl_cli.systems.street_fight.weapons import Weapon, weapon

if TYPE_CHECKING:
    from sprawl_cli.context import Context


def _game(ctx: Context) -> Game:
    game = ctx.load_game()
    if game.system != "street-fight":
        raise UsageProblem(f"the game in {ctx.game_path} is {game.system}, not street-fight; "
                           "give the odds by options instead of names")
    return cast(Game, game)


def shot_inputs(ctx: Context, name: str | None, target: str | None, arm_name: str | None, distance: float,
                cover: str, target_moving: bool, firer_moving: bool, aim_turns: int, frontage: float | None,
                overwatch: bool, large: bool, targets: str | None) -> tuple[Weapon, Situation, int]:
    """Raises:
    UsageProblem: half a pair of names, or neither names nor --weapon."""
    from sprawl_cli.table import parse_names

    count = 1
    if targets:
        count = int(targets) if targets.strip().isdigit() else len(parse_names(targets))
        if count < 1:
            raise UsageProblem("--targets should be 1 or more")
    spread = frontage or 0.0
    if name is not None:
        if target is None:
            raise UsageProblem("give both figures: `odds shoot NAME TARGET --distance IN`")
        game = _game(ctx)
        shooter, victim = game.character(name), game.character(target)
        order = Order(distance, read_cover(cover), target_moving, frontage, overwatch)
        return weapon(shooter.weapon), situation(game, shooter, victim, order, spread), count
    if arm_name is None:
        raise UsageProblem("give the weapon (`--weapon LMG`) or two figures of the game (`odds shoot NAME TARGET`)")
    watch = ("large" if large else "point") if overwatch else ""
    s = Situation(distance, read_cover(cover), False, "--target-moving" if target_moving else "",
                  "--firer-moving" if firer_moving else "", aim_turns, watch, spread)
    return weapon(arm_name), s, count


def fight_inputs(ctx: Context, name: str | None, target: str | None, charged: bool, cover: bool,
                 attacker_mod: int, defender_mod: int, defender_charged: bool = False) -> tuple[int, int]:
    """The two modifiers, from the figures' state (as if they fought now) or from options."""
    if name is None:
        return attacker_mod + charged, defender_mod + cover + defender_charged
    if target is None:
        raise UsageProblem("give both figures: `odds fight NAME TARGET`")
    game = _game(ctx)
    a, d = game.character(name), game.character(target)
    a_terms = fighting_modifiers(a, charged=charged)
    d_terms = fighting_modifiers(d, charged=defender_charged, cover=cover)
    a_extra = 0 if d.name in a.engaged_with else -1 if a.engaged_with else 0  # joining adds an enemy
    d_extra = 0 if a.name in d.engaged_with else -1 if d.engaged_with else 0
    return (sum(t.amount for t in a_terms) + a_extra + attacker_mod,
            sum(t.amount for t in d_terms) + d_extra + defender_mod)


def morale_left(ctx: Context, side: str | None, left: int | None) -> int:
    if left is not None:
        return left
    if side is None:
        raise UsageProblem("give the figures left (`odds morale --left 4`) or a squad of the game")
    game = _game(ctx)
    return len(game.standing(game.squad(side)))
