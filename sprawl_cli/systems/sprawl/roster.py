"""Roster files (one squad each) and the gear list, validated with file:line:key messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sprawl_cli.api import Roster, SaveFileError, Where, from_data, system_key as system_key, to_data
from sprawl_cli.systems.sprawl.checks import check_weapon_numbers
from sprawl_cli.systems.sprawl.model import ATTRIBUTES, MOST_ATTRIBUTE, WEAPON_KINDS, Character, Squad, Weapon

HOUSE_GEAR = Path(__file__).parent / "data" / "gear.yaml"
ROSTER_KEYS = ("system", "squad", "leader", "characters")
CHARACTER_KEYS = ("name",) + ATTRIBUTES + ("weapons",)


def gear_path_for(roster: Path | None) -> Path:
    """A gear.yaml beside the roster wins; otherwise the house list shipped with sprawl."""
    if roster is not None:
        beside = roster.parent / "gear.yaml"
        if beside.is_file():
            return beside
    return HOUSE_GEAR


def load_gear(path: Path) -> dict[str, Weapon]:
    """The weapons of a gear file by lower-case name.

    Raises:
        SaveFileError: naming the file, line and key of a bad entry.
    """
    from sprawl_cli.api import yamlio

    data, lines = yamlio.load(path, "gear list")
    where = Where(str(path), lines)
    if not isinstance(data, dict) or not isinstance(data.get("weapons"), list):
        where.fail(("weapons",), "a gear file is a map with a `weapons:` list")
    gear: dict[str, Weapon] = {}
    for i, item in enumerate(data["weapons"]):
        weapon = weapon_from(item, where, ("weapons", i))
        gear[weapon.name.lower()] = weapon
    return gear


def weapon_from(item: Any, where: Where, path: tuple[object, ...]) -> Weapon:
    weapon = from_data(Weapon, item, where, path)
    if not weapon.name.strip():
        where.fail(path + ("name",), "a weapon needs a name")
    if weapon.kind not in WEAPON_KINDS:
        where.fail(path + ("kind",), f"'{weapon.kind}' is not a kind; use one of {', '.join(WEAPON_KINDS)}")
    check_weapon_numbers(weapon, where, path)  # uses below 1 among them: leave `uses` out for unlimited
    if weapon.kind == "gun" and weapon.reliability is None:
        where.fail(path + ("reliability",), "a gun needs a reliability (the Difficulty of clearing a jam)")
    if weapon.kind in ("gun", "launcher") and weapon.short is None:
        where.fail(path + ("short",), "a gun or launcher needs a short range band, e.g. {max: 8, mod: 0}")
    return weapon


def load_roster(path: Path, gear: dict[str, Weapon] | None = None, allow_empty: bool = False) -> Roster:
    """A squad and fresh characters from a roster file.

    `allow_empty` accepts a roster that has no characters yet (one `roster new`
    just made, before its leader is added); a game never takes such a roster.

    Raises:
        SaveFileError: naming the file, line and key of every kind of problem SPEC lists.
    """
    from sprawl_cli.api import yamlio

    data, lines = yamlio.load(path, "roster file")
    return roster_from_data(data, Where(str(path), lines), path, gear, allow_empty)


class Problems:
    """Every problem found in one file, so a check reports them all at once (issue 12)."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def check(self, test: Callable[..., object], *args: Any) -> bool:
        """Run `test(*args)`; a SaveFileError is kept instead of raised. True when it passed."""
        try:
            test(*args)
        except SaveFileError as problem:
            self.found.append(problem.message)
            return False
        return True

    def raise_any(self) -> None:
        if self.found:
            raise SaveFileError("; ".join(dict.fromkeys(self.found)))


def roster_from_data(data: Any, where: Where, path: Path | None = None, gear: dict[str, Weapon] | None = None,
                     allow_empty: bool = False) -> Roster:
    """A Roster from roster data; every problem in it is reported in one error.

    Raises:
        SaveFileError: each problem as FILE:LINE: key 'KEY': what is wrong, joined by "; ".
    """
    if not isinstance(data, dict):
        where.fail((), "a roster is a map with squad, leader and characters")
    problems = Problems()
    for key in data:
        if key not in ROSTER_KEYS:
            problems.check(where.fail, (key,), f"unknown key; a roster has {', '.join(ROSTER_KEYS)}")
    named = data.get("system", "sprawl")
    if not isinstance(named, str) or system_key(named) != "sprawl":
        problems.check(where.fail, ("system",), f"this roster is for '{data.get('system')}', not SPRAWL")
    from sprawl_cli.api import name_fault

    for key in ("squad", "leader"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            problems.check(where.fail, (key,), "is missing" if key not in data else "should be a name")
        elif name_fault(data[key].strip()) is not None:
            problems.check(where.fail, (key,), f"this name {name_fault(data[key].strip())}")
    problems.raise_any()
    people = data.get("characters")
    if allow_empty and people in (None, []):
        name, leader = data["squad"].strip(), data["leader"].strip()
        return Roster(Squad(name, leader, [], str(path) if path else ""), [])
    if not isinstance(people, list) or not people:
        where.fail(("characters",), "a squad needs at least one character")
    if gear is None:
        gear = load_gear(gear_path_for(path))
    squad_name = data["squad"].strip()
    characters: list[Character] = []
    seen: dict[str, int] = {}
    for i, person in enumerate(people):
        at: tuple[object, ...] = ("characters", i)
        made: list[Character] = []
        if not problems.check(lambda: made.append(character_from(person, where, at, squad_name, gear))):
            continue
        characters.extend(made)
        key = characters[-1].name.lower()
        if key in seen:
            problems.check(where.fail, at + ("name",), f"two characters are called '{characters[-1].name}'")
        seen[key] = i
    leader = data["leader"].strip()
    match = [c.name for c in characters if c.name.lower() == leader.lower()]
    named = {str(p.get("name", "")).strip().lower() for p in people if isinstance(p, dict)}
    if not match and leader.lower() not in named:
        problems.check(where.fail, ("leader",), f"'{leader}' is not in the squad; the leader must be one of its "
                                                "characters")
    problems.raise_any()
    squad = Squad(squad_name, match[0], [c.name for c in characters], str(path) if path else "")
    return Roster(squad, characters)


def character_from(person: Any, where: Where, at: tuple[object, ...], squad: str, gear: dict[str, Weapon]) -> Character:
    """One character; every problem in it is reported together (SaveFileError)."""
    if not isinstance(person, dict):
        where.fail(at, "each character is a map of name, attributes and weapons")
    problems = Problems()
    for key in person:
        if key not in CHARACTER_KEYS:
            problems.check(where.fail, at + (key,), f"unknown key; a character has {', '.join(CHARACTER_KEYS)}")
    name = person.get("name")
    problems.check(check_name, name, where, at + ("name",))
    values: dict[str, int] = {}
    for attr in ATTRIBUTES:
        if problems.check(check_attribute, person, attr, where, at):
            values[attr] = person[attr]
    weapons: list[Weapon] = []
    raw_weapons = person.get("weapons", [])
    if not isinstance(raw_weapons, list):
        problems.check(where.fail, at + ("weapons",), "should be a list of weapon names or weapon maps")
        raw_weapons = []
    for j, item in enumerate(raw_weapons):
        if problems.check(weapon_item, item, gear, where, at + ("weapons", j)):
            weapons.append(weapon_item(item, gear, where, at + ("weapons", j)))
    if len({w.name.lower() for w in weapons}) != len(weapons):
        problems.check(where.fail, at + ("weapons",), "names the same weapon twice")
    problems.raise_any()
    assert isinstance(name, str)
    return Character(
        name=name.strip(), squad=squad,
        shooting=values["shooting"], brawling=values["brawling"], quickness=values["quickness"],
        smarts=values["smarts"], guts=values["guts"], strength=values["strength"],
        max_toughness=values["toughness"], max_health=values["health"],
        toughness=values["toughness"], health=values["health"], weapons=weapons,
    )


def check_name(name: object, where: Where, at: tuple[object, ...]) -> None:
    """A character's name: not empty, and one that name lists (`--nearby`, `--blast`) can give."""
    if not isinstance(name, str) or not name.strip():
        where.fail(at, "every character needs a name")
    from sprawl_cli.api import name_fault

    fault = name_fault(name.strip())
    if fault is not None:
        where.fail(at, f"this name {fault}")
    if "," in name:
        where.fail(at, f"'{name.strip()}' has a comma, which separates names in --nearby and --blast; rename it")
    if name.strip().lower() == "none":
        where.fail(at, "'none' means nobody in --nearby and --blast, so no character can be called that; rename it")


def check_attribute(person: dict[str, Any], attr: str, where: Where, at: tuple[object, ...]) -> None:
    value = person.get(attr)
    if attr not in person:
        where.fail(at + (attr,), "is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        where.fail(at + (attr,), f"should be a whole number, not {value!r}")
    lowest = 1 if attr in ("health", "toughness") else 0
    if not lowest <= value <= MOST_ATTRIBUTE:
        where.fail(at + (attr,), f"should be from {lowest} to {MOST_ATTRIBUTE}, not {value}")


def weapon_item(item: Any, gear: dict[str, Weapon], where: Where, spot: tuple[object, ...]) -> Weapon:
    """A weapon by gear-list name, or defined inline."""
    if isinstance(item, str):
        found = gear.get(item.strip().lower())
        if found is None:
            where.fail(spot, f"no weapon '{item}' in the gear list; see `sprawl gear`, or define it inline")
        return Weapon(**vars(found))
    return weapon_from(item, where, spot)


def roster_to_data(roster: Roster, gear: dict[str, Weapon] | None = None) -> dict[str, Any]:
    """Plain roster data (weapons by name where the gear list has them unchanged)."""
    people = []
    for c in roster.characters:
        entry: dict[str, Any] = {"name": c.name}
        for attr in ATTRIBUTES:
            entry[attr] = {"toughness": c.max_toughness, "health": c.max_health}.get(attr, getattr(c, attr, 0))
        entry["weapons"] = [
            w.name if gear is not None and gear.get(w.name.lower()) == w else to_data(w) for w in c.weapons
        ]
        people.append(entry)
    return {"squad": roster.squad.name, "leader": roster.squad.leader, "characters": people}


__all__ = ["Roster", "load_roster", "load_gear", "gear_path_for", "roster_to_data", "SaveFileError"]
