"""F3 The hit chance, each modifier kept with the ruling it comes from (also used by `odds`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput
from sprawl_cli.systems.street_fight.model import MAX_AIM
from sprawl_cli.systems.street_fight.weapons import Weapon

COVER = {"none": 0, "quarter": 25, "half": 50, "three-quarters": 75}  # F3: 25 per degree
COVER_NAMES = tuple(COVER)
HELD_COVER = ("half", "three-quarters")  # F8 applies to these


@dataclass(frozen=True)
class Modifier:
    amount: int
    label: str
    source: str  # the ruling ("F3") or where the fact came from

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "label": self.label, "source": self.source}


@dataclass(frozen=True)
class Situation:
    """Everything about one shot that changes its chance."""

    distance: float
    cover: str = "none"
    cover_given_away: bool = False  # F8: the target fired from this cover since it last moved
    target_moving: str = ""  # why the target counts as moving ("" when it does not)
    firer_moving: str = ""  # why the firer counts as moving
    aim_turns: int = 0
    overwatch: str = ""  # "" | "point" | "large" (F7)
    frontage: float = 0.0  # inches a burst is spread over (F6); 0 is no spread


def measured(value: float, option: str) -> float:
    """A distance in inches as given.

    Raises:
        BadInput: not a finite number of 0 or more.
    """
    if not math.isfinite(value) or value < 0:
        raise BadInput(f"{option} should be a number of inches, 0 or more, not {value}")
    return float(value)


def read_cover(text: str) -> str:
    """Raises:
    BadInput: not one of the cover degrees."""
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    key = {"3/4": "three-quarters", "1/2": "half", "1/4": "quarter", "three-quarter": "three-quarters"}.get(key, key)
    if key not in COVER:
        raise BadInput(f"'{text}' is not a cover degree; use {', '.join(COVER_NAMES)}")
    return key


def increments(distance: float, step: int) -> int:
    """F3: range increments, rounding up (a fraction of one counts as a whole)."""
    return math.ceil(round(distance / step, 9))


def modifiers(arm: Weapon, s: Situation) -> list[Modifier]:
    """F3 (with F6, F7, F8): every term of the hit chance after the base 100."""
    measured(s.distance, "--distance")
    measured(s.frontage, "--frontage")
    terms: list[Modifier] = []
    n = increments(s.distance, arm.increment)
    terms.append(Modifier(-10 * n, f"range {s.distance:g}\": {n} increment{'s' * (n != 1)} of {arm.increment}\"", "F3"))
    if s.cover != "none":
        if s.cover_given_away and s.cover in HELD_COVER:
            terms.append(Modifier(0, f"{s.cover} cover given away by firing from it since it last moved", "F8"))
        else:
            terms.append(Modifier(-COVER[s.cover], f"{s.cover} cover", "F3"))
    if s.target_moving:
        terms.append(Modifier(-20, f"moving target ({s.target_moving})", "F3"))
    if s.firer_moving:
        terms.append(Modifier(-20, f"moving firer ({s.firer_moving})", "F3"))
    if s.overwatch:
        large = s.overwatch == "large"
        terms.append(Modifier(-20 if large else -10, "overwatch on a large area" if large else "overwatch", "F7"))
    elif s.aim_turns and not arm.heavy:
        turns = min(MAX_AIM, s.aim_turns)
        capped = f", counting {MAX_AIM}" if s.aim_turns > MAX_AIM else ""
        terms.append(Modifier(10 * turns, f"aimed {s.aim_turns} turn{'s' * (s.aim_turns != 1)}{capped}", "F3"))
    if s.frontage > 0:
        inches = math.ceil(round(s.frontage, 9))
        terms.append(Modifier(-10 * inches, f"fire spread over {s.frontage:g}\" ({inches}\" or part)", "F6"))
    if arm.bonus:
        terms.append(Modifier(arm.bonus, f"{arm.name} bonus", "F5"))
    return terms


def hit_chance(arm: Weapon, s: Situation) -> tuple[int, list[Modifier]]:
    """F3: 100 plus every modifier; a d100 at or under it hits, under 1 cannot hit."""
    terms = modifiers(arm, s)
    return 100 + sum(t.amount for t in terms), terms
