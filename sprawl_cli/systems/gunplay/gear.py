"""House gear (G5): the weapons a roster may name, with the numbers of the text's table.

HOUSE VALUES: the rule text gives these as example weapon stats; the project
uses them as its standard gear list. A roster may also define its own weapon
inline (`{name, damage, rof, ranges, far_damage}`).
"""

from __future__ import annotations

from sprawl_cli.systems.gunplay.model import UNARMED, Weapon

HOUSE_GEAR: tuple[Weapon, ...] = (
    Weapon(name="Pistol", damage=1, rof=1, ranges=[9, 18, 36]),
    Weapon(name="Rifle", damage=2, rof=1, ranges=[18, 36, 72]),
    Weapon(name="Shotgun", damage=2, rof=1, ranges=[12, 24, 48], far_damage=1),
    Weapon(name="Knife", damage=1),
    UNARMED,
)


def house_weapon(name: str) -> Weapon | None:
    """A fresh copy of the house weapon called `name` (any case), or None."""
    for weapon in HOUSE_GEAR:
        if weapon.name.lower() == name.strip().lower():
            return Weapon(weapon.name, weapon.damage, weapon.rof, list(weapon.ranges), weapon.far_damage)
    return None


def gear_names() -> list[str]:
    return [w.name for w in HOUSE_GEAR]
