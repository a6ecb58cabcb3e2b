"""Exact odds (no sampling): a shot's hit and kill (F3, F4), a burst's casualties (F6),
a round of close combat (F9) and a morale test (F10); and what `odds` needs to ask for them,
from the game (figures by name) or from options alone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, cast

from sprawl_cli.api import UsageProblem
from sprawl_cli.systems.street_fight.chance import Modifier, Situation, hit_chance, read_cover
from sprawl_cli.systems.street_fight.close import KILLING_TOTAL, fighting_modifiers
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.shooting import Order, situation
from sprawl_cli.systems.street_fight.weapons import Weapon, weapon

if TYPE_CHECKING:
    from sprawl_cli.api import Context

D10 = range(1, 11)


def p_hit(chance: int) -> Fraction:
    """F3: the share of d100 faces at or under the chance (none when it is under 1)."""
    return Fraction(min(max(chance, 0), 100), 100)


def p_kill(arm: Weapon) -> Fraction:
    """F4: a d10 at or over the weapon's number."""
    return Fraction(sum(1 for f in D10 if f >= arm.kill), 10)


def _json(p: Fraction) -> dict[str, Any]:
    return {"p": float(p), "exact": f"{p.numerator}/{p.denominator}"}


@dataclass(frozen=True)
class ShotOdds:
    weapon: str
    chance: int
    modifiers: tuple[Modifier, ...]
    hit: Fraction
    kill: Fraction  # given a hit
    rounds: str  # "" single shot, "d10/2" or "d10"
    targets: int
    casualties: tuple[Fraction, ...]  # P(0), P(1), ... P(targets) casualties from the whole shot or burst

    @property
    def casualty(self) -> Fraction:
        """One shot: it hits and kills."""
        return self.hit * self.kill

    @property
    def expected(self) -> Fraction:
        return sum((n * p for n, p in enumerate(self.casualties)), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {"weapon": self.weapon, "chance": self.chance, "modifiers": [m.to_json() for m in self.modifiers],
                "p_hit": float(self.hit), "p_kill": float(self.kill), "p_casualty": float(self.casualty),
                "exact": {"p_hit": str(self.hit), "p_kill": str(self.kill), "p_casualty": str(self.casualty)},
                "rounds": self.rounds or None, "targets": self.targets,
                "casualties": [{"count": n, **_json(p)} for n, p in enumerate(self.casualties)],
                "expected_casualties": float(self.expected)}


def capped_binomial(shots: int, p: Fraction, cap: int) -> list[Fraction]:
    """Casualties from `shots` shots each killing with `p`, when shots stop once `cap` are down."""
    out = [Fraction(0)] * (cap + 1)
    for k in range(shots + 1):
        out[min(k, cap)] += comb(shots, k) * p ** k * (1 - p) ** (shots - k)
    return out


def shot_odds(arm: Weapon, s: Situation, targets: int = 1) -> ShotOdds:
    """The exact odds of `shoot` with `arm` in `s` (targets alike, shots cycling over them: F6)."""
    spread = s.frontage or (1.0 if targets > 1 and arm.automatic else 0.0)
    chance, terms = hit_chance(arm, replace(s, frontage=spread))
    kill = p_kill(arm)
    if not arm.automatic:
        p = p_hit(chance) * kill
        return ShotOdds(arm.name, chance, tuple(terms), p_hit(chance), kill, "", 1, (1 - p, p))
    cap = min(targets, max(arm.rounds_fired(face) for face in D10))  # no burst downs more than its rounds
    total = [Fraction(0)] * (cap + 1)
    for face in D10:
        n = arm.rounds_fired(face)
        per_shot, _ = hit_chance(arm, replace(s, frontage=min(spread, float(n))))
        for count, p in enumerate(capped_binomial(n, p_hit(per_shot) * kill, cap)):
            total[count] += p / 10
    return ShotOdds(arm.name, chance, tuple(terms), p_hit(chance), kill, arm.rounds, targets, tuple(total))


@dataclass(frozen=True)
class FightOdds:
    attacker_mod: int
    defender_mod: int
    attacker_kills: Fraction
    attacker_wins: Fraction  # without a kill: combat goes on
    draw: Fraction
    defender_wins: Fraction
    defender_kills: Fraction

    def to_json(self) -> dict[str, Any]:
        names = ("attacker_kills", "attacker_wins", "draw", "defender_wins", "defender_kills")
        return {"attacker_mod": self.attacker_mod, "defender_mod": self.defender_mod,
                **{f"p_{n}": float(getattr(self, n)) for n in names},
                "exact": {f"p_{n}": str(getattr(self, n)) for n in names}}


def fight_odds(attacker_mod: int, defender_mod: int) -> FightOdds:
    """F9: every pair of d10 faces, weighed alike."""
    counts = [0] * 5
    for a in D10:
        for d in D10:
            at, dt = a + attacker_mod, d + defender_mod
            if at == dt:
                counts[2] += 1
            elif at > dt:
                counts[0 if at >= KILLING_TOTAL else 1] += 1
            else:
                counts[4 if dt >= KILLING_TOTAL else 3] += 1
    p = [Fraction(c, 100) for c in counts]
    return FightOdds(attacker_mod, defender_mod, *p)


def morale_odds(left: int) -> Fraction:
    """F10: a d10 under the figures left."""
    return Fraction(sum(1 for f in D10 if f < left), 10)


# --- what `odds` is asked about: figures of the game, or options alone --------------


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
    from sprawl_cli.api import parse_names

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
