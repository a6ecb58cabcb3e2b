"""F5: the weapons table, and the d100 that arms a figure whose roster says `random`."""

from __future__ import annotations

from dataclasses import dataclass

from sprawl_cli.api import BadInput, Dice


@dataclass(frozen=True)
class Weapon:
    name: str  # as the table writes it
    low: int  # the d100 band that rolls it (F5)
    high: int
    bonus: int  # added to the hit chance (F3)
    increment: int  # inches per range increment (F3)
    kill: int  # F4: a kill roll of this or more is a casualty
    rounds: str = ""  # "" single shot; "d10/2" or "d10" for automatic weapons (F6)
    heavy: bool = False  # the HMG: no firing after moving, no aim bonus
    combat: int = 0  # F9: its close-combat modifier

    @property
    def automatic(self) -> bool:
        return bool(self.rounds)

    def rounds_fired(self, face: int) -> int:
        """The rounds a rounds-die face gives (d10/2 rounds up: F5)."""
        return (face + 1) // 2 if self.rounds == "d10/2" else face

    @property
    def band(self) -> str:
        return "00" if self.low == 100 else f"{self.low:02d}-{self.high:02d}"


WEAPONS: tuple[Weapon, ...] = (
    Weapon("pistol", 1, 50, 0, 2, 5),
    Weapon("rifle", 51, 70, 10, 4, 4),
    Weapon("scoped rifle", 71, 80, 20, 4, 4),
    Weapon("assault rifle", 81, 90, 10, 3, 4, rounds="d10/2"),
    Weapon("LMG", 91, 99, 0, 4, 3, rounds="d10", combat=-1),
    Weapon("HMG", 100, 100, 0, 5, 2, rounds="d10", heavy=True, combat=-2),
)
WEAPON_NAMES = tuple(w.name for w in WEAPONS)


def weapon(name: str) -> Weapon:
    """The F5 weapon called `name` (any case; `-`/`_` for spaces).

    Raises:
        BadInput: not on the table.
    """
    wanted = name.strip().lower().replace("-", " ").replace("_", " ")
    for w in WEAPONS:
        if w.name.lower() == wanted:
            return w
    raise BadInput(f"'{name}' is not a Street-Fight weapon; use one of: {', '.join(WEAPON_NAMES)} (or random)")


def weapon_for_roll(face: int) -> Weapon:
    """F5: the weapon a d100 face (1-100, 100 being 00) arms a figure with."""
    return next(w for w in WEAPONS if w.low <= face <= w.high)


def roll_weapon(dice: Dice, who: str) -> tuple[int, Weapon]:
    face = dice.roll(1, f"{who}: Weapon", 100)[0]
    return face, weapon_for_roll(face)
