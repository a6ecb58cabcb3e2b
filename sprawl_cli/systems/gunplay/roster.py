"""Gunplay roster files: read and check them into Characters (errors name file:line:key).

    system: gunplay
    squad: The Crows
    characters:
      - name: Vic
        weapons: [Rifle, Knife]      # house gear names, or inline maps
        shooting: 1                  # optional dice modifiers (skill), default 0
        melee: 0
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sprawl_cli.api import Roster, Squad, Where, check_unique_names, roster_header
from sprawl_cli.systems.gunplay.gear import gear_names, house_weapon
from sprawl_cli.systems.gunplay.model import STATUSES, SYSTEM_NAME, WOUNDS_LIMIT, Character, Game, Weapon

ROSTER_KEYS = ("system", "squad", "characters")
CHARACTER_KEYS = ("name", "weapons", "shooting", "melee")
WEAPON_KEYS = ("name", "damage", "rof", "ranges", "far_damage")
SKILL_LIMIT = 12  # a dice modifier beyond a d20's faces would make every test certain


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_roster(data: Any, where: Where, source: Path | str) -> Roster:
    """A Gunplay roster's data as a squad.

    Raises:
        SaveFileError: via `where.fail`, naming the key.
    """
    squad, people = roster_header(data, where, SYSTEM_NAME, "Gunplay", ROSTER_KEYS)
    characters = [read_character(person, where, ("characters", i), squad) for i, person in enumerate(people)]
    check_unique_names([c.name for c in characters], where)
    return Roster(squad=Squad(squad, "", [c.name for c in characters], str(source)), characters=characters)


def read_character(person: Any, where: Where, at: tuple[object, ...], squad: str) -> Character:
    if not isinstance(person, dict):
        where.fail(at, "each character is a map of name, weapons and optional shooting / melee")
    for key in person:
        if key not in CHARACTER_KEYS:
            where.fail(at + (key,), f"unknown key; a character has {', '.join(CHARACTER_KEYS)}")
    name = person.get("name")
    if not isinstance(name, str) or not name.strip():
        where.fail(at + ("name",), "every character needs a name")
    skills = {}
    for skill in ("shooting", "melee"):
        value = person.get(skill, 0)
        if not whole(value) or abs(value) > SKILL_LIMIT:
            where.fail(at + (skill,), f"should be a whole-number dice modifier from -{SKILL_LIMIT} to "
                                      f"{SKILL_LIMIT}, not {value!r}")
        skills[skill] = value
    items = person.get("weapons", [])
    if not isinstance(items, list):
        where.fail(at + ("weapons",), "should be a list of weapon names or weapon maps")
    weapons = [read_weapon(item, where, at + ("weapons", j)) for j, item in enumerate(items)]
    if len({w.name.lower() for w in weapons}) < len(weapons):
        where.fail(at + ("weapons",), "names the same weapon twice")
    return Character(name=name.strip(), squad=squad, weapons=weapons, shooting=skills["shooting"],
                     melee=skills["melee"])


def read_weapon(item: Any, where: Where, at: tuple[object, ...]) -> Weapon:
    """A house gear name (G5) or an inline weapon map."""
    if isinstance(item, str):
        found = house_weapon(item)
        if found is None:
            where.fail(at, f"no weapon '{item}' in the house gear ({', '.join(gear_names())}); "
                           "or define it inline with name, damage, rof and ranges")
        return found
    if not isinstance(item, dict):
        where.fail(at, "a weapon is a gear name or a map of name, damage, rof, ranges")
    for key in item:
        if key not in WEAPON_KEYS:
            where.fail(at + (key,), f"unknown key; a weapon has {', '.join(WEAPON_KEYS)}")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        where.fail(at + ("name",), "a weapon needs a name")
    numbers: dict[str, int] = {}
    for key, lowest in (("damage", 0), ("rof", 1), ("far_damage", 0)):
        if key not in item:
            continue
        value = item[key]
        if not whole(value) or value < lowest or value > 20:
            where.fail(at + (key,), f"should be a whole number from {lowest} to 20, not {value!r}")
        numbers[key] = value
    if "damage" not in numbers:
        where.fail(at + ("damage",), "is missing")
    ranges = item.get("ranges", [])
    if not isinstance(ranges, list) or (ranges and (len(ranges) != 3 or not all(whole(r) and r > 0 for r in ranges)
                                                    or sorted(ranges) != ranges)):
        where.fail(at + ("ranges",), "should be three growing inch limits: close, effective, extreme")
    if ranges and "rof" not in numbers:
        where.fail(at + ("rof",), "a gun needs a rate of fire (dice per fire)")
    if not ranges and ("rof" in numbers or "far_damage" in numbers):
        where.fail(at + ("ranges",), "a weapon with rof or far_damage is a gun and needs its three ranges")
    return Weapon(name=name.strip(), damage=numbers["damage"], rof=numbers.get("rof", 0), ranges=list(ranges),
                  far_damage=numbers.get("far_damage"))


def check_game(game: Game, where: Where) -> None:
    """Cross-checks of a save file a hand edit could break.

    Raises:
        SaveFileError: via `where.fail`.
    """
    names = {c.name for c in game.characters}
    if game.settings.die not in ("d12", "d20"):
        where.fail(("settings", "die"), "should be d12 or d20")
    if game.active is not None and game.active not in names:
        where.fail(("active",), f"'{game.active}' is not a character of this game")
    if game.order and sorted(game.order) != list(range(len(game.squads))):
        # A side left out of the order would never get its go again (next_side walks the order).
        where.fail(("order",), "should list each squad index once")
    squads = {s.name for s in game.squads}
    for k, rolls in enumerate(game.initiative):
        for squad, face in rolls.items():
            if squad not in squads or not 1 <= face <= game.die_sides():
                where.fail(("initiative", k, squad), f"should be a squad of this game and a face of a "
                                                     f"{game.settings.die}")
    for i, c in enumerate(game.characters):
        at: tuple[object, ...] = ("characters", i)
        for status in c.statuses:
            if status not in STATUSES:
                where.fail(at + ("statuses",), f"'{status}' is not a status; use {', '.join(STATUSES)}")
        if not 0 <= c.wounds <= WOUNDS_LIMIT:
            where.fail(at + ("wounds",), f"should be a whole number from 0 to {WOUNDS_LIMIT}")
        for skill in ("shooting", "melee"):  # as a roster has them
            if abs(getattr(c, skill)) > SKILL_LIMIT:
                where.fail(at + (skill,), f"should be a dice modifier from -{SKILL_LIMIT} to {SKILL_LIMIT}, "
                                          f"not {getattr(c, skill)}")
        if not 0 <= c.actions_left <= 2:
            where.fail(at + ("actions_left",), "should be 0, 1 or 2")
        if c.aiming_at is not None and c.aiming_at not in names:
            where.fail(at + ("aiming_at",), f"'{c.aiming_at}' is not a character of this game")
        for j, w in enumerate(c.weapons):
            if not 0 <= w.damage <= 20 or (w.far_damage is not None and not 0 <= w.far_damage <= 20) \
                    or w.rof > 20:
                where.fail(at + ("weapons", j), "damage and rof run from 0 to 20, as in a roster")
            if w.ranges and (len(w.ranges) != 3 or w.rof < 1):
                where.fail(at + ("weapons", j), "a gun needs three ranges and a rof of 1 or more")
