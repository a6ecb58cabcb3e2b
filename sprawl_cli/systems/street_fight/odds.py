"""Exact odds (no sampling): a shot's hit and kill (F3, F4), a burst's casualties (F6),
a round of close combat (F9) and a morale test (F10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any

from sprawl_cli.systems.street_fight.chance import Modifier, Situation, hit_chance
from sprawl_cli.systems.street_fight.close import KILLING_TOTAL
from sprawl_cli.systems.street_fight.weapons import Weapon

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
