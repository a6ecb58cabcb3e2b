"""The exact odds of a shot before it is rolled (`sprawl odds shoot A T`).

Enumerated, not sampled: the Shooting test's success distribution gives the net
hits (R4); each hit count gives a damage pool of hits + Power whose points are
binomial with 4 chances in 10 per die (7-10, a 10 counting once, R6); each
point count meets the Toughness test's success distribution (Tens per the
game's setting, R2); what is left comes off Health, never more than it has.
Grenades and rockets are taken as a direct hit on TARGET (with `--spot`: as if
TARGET is caught in the blast); nobody caught by a scatter is counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import Any

from sprawl_cli.systems.sprawl.pool import net_successes, success_distribution
from sprawl_cli.systems.sprawl.model import Character, Game
from sprawl_cli.systems.sprawl.ranged import Aim, Situation, aim
from sprawl_cli.systems.sprawl.tables import INCAPACITATION
from sprawl_cli.systems.sprawl.turn import require_on_table

DAMAGE_DIE = 0.4  # R6: 7, 8, 9 or 10 is one point; no Rule of Tens on damage


@dataclass
class ShotOdds:
    aim: Aim
    toughness: int
    health: int
    p_hit: float
    p_pin: float
    p_zero_health: float
    p_out_of_action: float
    p_misfire: float
    p_scatter: float
    p_fall: float | None
    expected_health_lost: float
    hits: dict[int, float]
    health_lost: dict[int, float]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.aim.attacker,
            "target": self.aim.target,
            **self.aim.to_json(),
            "toughness": self.toughness,
            "health": self.health,
            "p_hit": self.p_hit,
            "p_pin": self.p_pin,
            "p_zero_health": self.p_zero_health,
            "p_out_of_action": self.p_out_of_action,
            "p_misfire": self.p_misfire,
            "p_scatter": self.p_scatter,
            "p_fall": self.p_fall,
            "expected_health_lost": self.expected_health_lost,
            "hits": {str(k): p for k, p in self.hits.items()},
            "health_lost": {str(k): p for k, p in self.health_lost.items()},
            "notes": list(self.aim.notes) + list(self.notes),
        }


def binomial(n: int, p: float) -> list[float]:
    """P(k successes of n) for k = 0..n."""
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _chance(results: tuple[str, ...]) -> float:
    """The chance that an incapacitation d10 gives one of `results` (R8)."""
    return sum(1 for roll in range(1, 11) if INCAPACITATION.lookup(roll).result in results) / 10


def shot_odds(game: Game, attacker: Character, target: Character, situation: Situation) -> ShotOdds:
    """The exact chances of one shot from the characters' current state.

    Raises:
        RuleRefusal: a character is off the table.
        BadInput: options that do not fit together.
    """
    require_on_table(attacker, "shoot")
    require_on_table(target, "be shot at")
    plan = aim(game, attacker, target, situation)
    tens = game.settings.rule_of_tens
    notes = _warnings(attacker, target, plan)

    hits: dict[int, float] = {}
    for raw, p in enumerate(success_distribution(plan.pool, tens)):
        k = net_successes(raw, plan.difficulty)
        hits[k] = hits.get(k, 0.0) + p
    hits = dict(sorted(hits.items()))
    p_hit = sum(p for k, p in hits.items() if k > 0)

    toughness = success_distribution(target.toughness, tens)  # on the table: Toughness 1 or more (R8)
    health_lost: dict[int, float] = {0: 0.0}
    p_zero = 0.0
    for k, p_k in hits.items():
        if k == 0:
            health_lost[0] += p_k
            continue
        for points, p_points in enumerate(binomial(k + plan.weapon.power, DAMAGE_DIE)):
            # R6: no Toughness roll when there is nothing to negate.
            resisted = toughness if points else [1.0]
            for saved, p_saved in enumerate(resisted):
                p = p_k * p_points * p_saved
                left = points - min(points, saved)
                lost = min(left, target.health)
                health_lost[lost] = health_lost.get(lost, 0.0) + p
                # R8: reaching 0, or taking another point at 0, rolls for incapacitation.
                if left >= max(1, target.health):
                    p_zero += p
    health_lost = dict(sorted(health_lost.items()))
    p_out = p_zero * _chance(("out_of_action",))

    # R14: no successes at all (every die 1-6) and at least one 1 among them.
    p_misfire = 0.6**plan.pool - 0.5**plan.pool
    # R15: every failed grenade or rocket scatters, a misfired one included.
    p_scatter = (1.0 - p_hit) if plan.weapon.explosive else 0.0
    p_fall = None
    if target.name.lower() in (n.strip().lower() for n in situation.near_ledge):
        # R7: every hit pins; a pinned victim still on the table tests Quickness and
        # falls on no successes at all (every die 1-6).
        p_fall = (p_hit - p_out) * 0.6**target.quickness
    return ShotOdds(
        plan, target.toughness, target.health, p_hit, p_hit, p_zero, p_out, p_misfire, max(0.0, p_scatter), p_fall,
        sum(k * p for k, p in health_lost.items()), hits, health_lost, notes,
    )


def _warnings(attacker: Character, target: Character, plan: Aim) -> list[str]:
    """What would stop this shot from being taken now (the odds are given anyway)."""
    notes = []
    if target.has("hidden"):
        notes.append(f"{target.name} is hidden: it cannot be shot until spotted (R13, R19)")
    if target.squad == attacker.squad:
        notes.append(f"{target.name} is in {attacker.name}'s own squad")
    why = attacker.usable(plan.weapon)
    if why:
        notes.append(f"{attacker.name}'s {plan.weapon.name} cannot fire now: {why.replace('_', ' ')} (R14)")
    if plan.out_of_range:
        notes.append(f"Out of range: {plan.out_of_range}")
    if plan.weapon.explosive:
        notes.append("A grenade or rocket is counted as landing on target; whoever a scatter or the blast "
                     "catches is not counted" if not plan.spot else
                     f"Aiming at a spot: counted as if {target.name} is caught when it lands on target")
    return notes
