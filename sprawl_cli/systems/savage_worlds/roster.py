"""Savage Worlds roster files: read and check a squad (file:line:key errors), and the
cross-checks a hand-edited save must pass."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import DECK, BadInput, Roster, Where, check_unique_names, roster_header
from sprawl_cli.systems.savage_worlds.blasts import BAND_TIMES
from sprawl_cli.systems.savage_worlds.damage import damage_terms
from sprawl_cli.systems.savage_worlds.limits import MAX_ROF, MOST_ACTIONS, MOST_BENNIES, MOST_PLAYERS
from sprawl_cli.systems.savage_worlds.model import (
    ATTRIBUTES, STATUSES, SYSTEM_NAME, WILD_CARD_WOUNDS, Character, Game, Squad, Weapon, read_die,
)

ROSTER_KEYS = ("system", "squad", "gm", "characters")
CHARACTER_KEYS = ("name", "wild_card", *ATTRIBUTES, "skills", "toughness", "parry", "armor", "pace", "group",
                  "weapons")
WEAPON_KEYS = ("name", "damage", "range", "rof", "template", "ap", "skill", "shots", "type")
WEAPON_TYPES = ("blunt", "cutting", "piercing", "shotgun")  # W7; a shotgun is blunt at short range
SKILLS_FOR_WEAPONS = ("fighting", "shooting", "throwing")
TEMPLATES = ("small", "medium", "large")
assert tuple(BAND_TIMES) == ("short", "medium", "long")


def _die(where: Where, path: tuple[Any, ...], value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = f"d{value}"  # a bare 8 reads as d8
    try:
        return str(read_die(str(value)))
    except BadInput as problem:
        where.fail(path, str(problem))


def _int(where: Where, path: tuple[Any, ...], value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        where.fail(path, f"should be a whole number from {low} to {high}, not {value!r}")
    return value


def _text(where: Where, path: tuple[Any, ...], value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        where.fail(path, "should be some text")
    return value.strip()


def _unknown(where: Where, path: tuple[Any, ...], data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    for key in data:
        if key not in allowed:
            where.fail(path + (key,), f"unknown key; expected one of {', '.join(allowed)}")


def read_weapon(where: Where, path: tuple[Any, ...], data: Any) -> Weapon:
    if not isinstance(data, dict):
        where.fail(path, "a weapon is a map with name and damage (and range, rof, template)")
    _unknown(where, path, data, WEAPON_KEYS)
    for key in ("name", "damage"):
        if key not in data:
            where.fail(path + (key,), "is missing")
    name = _text(where, path + ("name",), data["name"])
    damage = _text(where, path + ("damage",), data["damage"]).lower().replace(" ", "")
    try:
        damage_terms(damage)
    except BadInput as problem:
        where.fail(path + ("damage",), str(problem))
    weapon = Weapon(name=name, damage=damage)
    if data.get("range") is not None:
        text = str(data["range"]).replace(" ", "")
        parts = text.split("/")
        if len(parts) != 3 or not all(p.isdigit() for p in parts) or not 0 < int(parts[0]) <= int(parts[1]) \
                <= int(parts[2]):
            where.fail(path + ("range",), f"'{data['range']}' is not a range: write short/medium/long, like 12/24/48")
        weapon.range = text
    if "rof" in data:
        weapon.rof = _int(where, path + ("rof",), data["rof"], 1, MAX_ROF)
    if data.get("template") is not None:
        if data["template"] not in TEMPLATES:
            where.fail(path + ("template",), f"use one of {', '.join(TEMPLATES)}")
        weapon.template = data["template"]
    if "ap" in data:
        weapon.ap = _int(where, path + ("ap",), data["ap"], 0, 100)
    if data.get("shots") is not None:
        weapon.shots = _int(where, path + ("shots",), data["shots"], 1, 1000)
    if data.get("skill") is not None:
        if data["skill"] not in SKILLS_FOR_WEAPONS:
            where.fail(path + ("skill",), f"use one of {', '.join(SKILLS_FOR_WEAPONS)}")
        weapon.skill = data["skill"]
    if data.get("type") is not None:
        if data["type"] not in WEAPON_TYPES:
            where.fail(path + ("type",), f"use one of {', '.join(WEAPON_TYPES)}")
        weapon.type = data["type"]
    if weapon.template and not weapon.ranged:
        where.fail(path + ("range",), "an area-effect weapon needs a range")
    return weapon


def read_character(where: Where, path: tuple[Any, ...], data: Any, squad: str) -> Character:
    if not isinstance(data, dict):
        where.fail(path, "a character is a map with name, wild_card and the five attributes")
    _unknown(where, path, data, CHARACTER_KEYS)
    for key in ("name", *ATTRIBUTES):
        if key not in data:
            where.fail(path + (key,), "is missing")
    wild = data.get("wild_card", False)  # left out: an Extra
    if not isinstance(wild, bool):
        where.fail(path + ("wild_card",), "should be true or false")
    ag, sm, sp, st, vi = (_die(where, path + (a,), data[a]) for a in ATTRIBUTES)
    skills_data = data.get("skills") or {}
    if not isinstance(skills_data, dict):
        where.fail(path + ("skills",), "should be a map of skill to die, like {fighting: d8}")
    skills = {str(k).lower(): _die(where, path + ("skills", k), v) for k, v in skills_data.items()}
    c = Character(name=_text(where, path + ("name",), data["name"]), squad=squad, wild_card=wild,
                  agility=ag, smarts=sm, spirit=sp, strength=st, vigor=vi, skills=skills)
    if data.get("toughness") is not None:
        c.toughness = _int(where, path + ("toughness",), data["toughness"], 1, 100)
    if data.get("parry") is not None:
        c.parry = _int(where, path + ("parry",), data["parry"], 1, 100)
    if "armor" in data:
        c.armor = _int(where, path + ("armor",), data["armor"], 0, 100)
    if "pace" in data:
        c.pace = _int(where, path + ("pace",), data["pace"], 0, 100)
    if data.get("group") is not None:
        c.group = _text(where, path + ("group",), data["group"])
        if c.wild_card:
            where.fail(path + ("group",), "a Wild Card gets its own card; groups are for Extras")
    weapons = data.get("weapons") or []
    if not isinstance(weapons, list):
        where.fail(path + ("weapons",), "should be a list of weapons")
    c.weapons = [read_weapon(where, path + ("weapons", i), w) for i, w in enumerate(weapons)]
    return c


def read_roster(data: dict[str, Any], where: Where, source: str) -> Roster:
    """A roster's data as a squad (SYSTEMS.md's roster keys).

    Raises:
        SaveFileError: via `where.fail`, naming the key.
    """
    squad, chars = roster_header(data, where, SYSTEM_NAME, "Savage Worlds", ROSTER_KEYS)
    gm = data.get("gm", False)
    if not isinstance(gm, bool):
        where.fail(("gm",), "should be true or false")
    characters = [read_character(where, ("characters", i), c, squad) for i, c in enumerate(chars)]
    check_unique_names([c.name for c in characters], where)
    leader = next((c.name for c in characters if c.wild_card), characters[0].name)
    return Roster(squad=Squad(squad, leader, [c.name for c in characters], source), characters=characters,
                  extra={"gm": gm})


def _bounded(where: Where, path: tuple[Any, ...], c: Character) -> None:
    """A saved character's numbers within the roster's bounds and the table's (issue 34): a hand edit
    of armor to 10**40, or -5, is refused as a roster's would be."""
    from sprawl_cli.api import MOST_INCHES, REACH

    for key, low, high in (("toughness", 1, 100), ("parry", 1, 100), ("armor", 0, 100), ("pace", 0, 100),
                           ("bennies", 0, MOST_BENNIES), ("run_roll", 0, REACH)):
        value = getattr(c, key)
        if value is not None:
            _int(where, path + (key,), value, low, high)
    if not 0 <= c.moved <= MOST_INCHES:
        where.fail(path + ("moved",), f"should be from 0 to {MOST_INCHES} inches")
    for key, counts in (("fired", c.fired), ("spent", c.spent)):
        for weapon, count in counts.items():
            _int(where, path + (key, weapon), count, 0, 1000)
    for j, w in enumerate(c.weapons):
        _int(where, path + ("weapons", j, "rof"), w.rof, 1, MAX_ROF)
        _int(where, path + ("weapons", j, "ap"), w.ap, 0, 100)
        if w.shots is not None:
            _int(where, path + ("weapons", j, "shots"), w.shots, 1, 1000)


def check_game(game: Game, where: Where) -> None:
    """Cross-checks a hand edit could break.

    Raises:
        SaveFileError: via `where.fail`.
    """
    names = {c.name for c in game.characters}
    squads = {s.name for s in game.squads}
    for i, c in enumerate(game.characters):
        path: tuple[Any, ...] = ("characters", i)
        for a in ATTRIBUTES:
            _die(where, path + (a,), getattr(c, a))
        for k, v in c.skills.items():
            _die(where, path + ("skills", k), v)
        if c.squad not in squads:
            where.fail(path + ("squad",), f"no squad '{c.squad}'")
        for s in c.statuses:
            if s not in STATUSES:
                where.fail(path + ("statuses",), f"'{s}' is not a status; use {', '.join(STATUSES)}")
        if not 0 <= c.wounds <= WILD_CARD_WOUNDS or (not c.wild_card and c.wounds > 1):
            where.fail(path + ("wounds",), "a Wild Card has 0-3 wounds, an Extra 0 or 1")
        if c.card is not None and c.card not in DECK:
            where.fail(path + ("card",), f"'{c.card}' is not a card")
        _bounded(where, path, c)
        if not 0 <= c.paid <= MOST_ACTIONS:
            where.fail(path + ("paid",), f"should be from 0 to {MOST_ACTIONS}")
        if c.aim is not None and c.aim not in names:
            where.fail(path + ("aim",), f"no character '{c.aim}'")
    if game.settings.joker not in ("", "shared", "holder"):
        where.fail(("settings", "joker"), f"'{game.settings.joker}' is not shared, holder or empty (not said yet)")
    for side, pool in game.pools.items():
        if side not in squads:
            where.fail(("pools", side), "no such squad")
        _int(where, ("pools", side), pool, 0, MOST_BENNIES)
    for i, entry in enumerate(game.order):
        if set(entry) != {"name", "card"} or entry["card"] not in DECK:
            where.fail(("order", i), "should be {name, card} with a card of the deck")
    if game.acting < 0:
        where.fail(("acting",), "cannot be negative")
    if game.cut_in is not None and game.cut_in not in names:
        where.fail(("cut_in",), f"no character '{game.cut_in}'")
    waiting = game.waiting
    if waiting is not None and (waiting.get("name") not in names or waiting.get("target") not in names
                                or not isinstance(waiting.get("done"), bool)):
        where.fail(("waiting",), "should be {name, target, done}: a holder that lost its interrupt, and its target")
    for i, place in enumerate(game.standoff_order):
        if place.get("name") not in names or not isinstance(place.get("total"), int) \
                or not isinstance(place.get("standing"), int):
            where.fail(("standoff_order", i), "should be {name, total, standing} of a character")
    for side in game.gm:
        if side not in squads:
            where.fail(("gm",), f"no squad '{side}'")
    for card in game.deck:
        if card not in DECK:
            where.fail(("deck",), f"'{card}' is not a card")
    if len(set(game.deck)) != len(game.deck):
        where.fail(("deck",), "a card appears twice")
    for name in game.tests:
        if name not in names:
            where.fail(("tests", name), "no such character")
    for name, hit in game.soakable.items():
        before = hit.get("before") if isinstance(hit, dict) else None
        if name not in names or not isinstance(before, dict) or not isinstance(hit.get("taken"), int) \
                or not isinstance(before.get("wounds"), int) or not isinstance(before.get("statuses"), list) \
                or not isinstance(hit.get("soaked", 0), int):
            where.fail(("soakable", name), "should be a character's {before: {wounds, statuses}, taken}")
    if game.settings.damage not in ("house", "hand"):
        where.fail(("settings", "damage"), "should be house or hand")
    if game.settings.suppress not in ("house", "off"):
        where.fail(("settings", "suppress"), "should be house or off")
    squads = {sq.name for sq in game.squads}
    for side, count in game.settings.players.items():
        if side not in squads or side in game.gm or not isinstance(count, int) or not 1 <= count <= MOST_PLAYERS:
            where.fail(("settings", "players", side), f"should be a player side's players, 1 to {MOST_PLAYERS}")
    people = {c.name: c for c in game.characters}
    for ally, leader in game.settings.allies.items():
        extra, chief = people.get(ally), people.get(leader)
        if (extra is None or chief is None or extra.wild_card or not chief.wild_card or extra.squad != chief.squad
                or extra.squad in game.gm):
            where.fail(("settings", "allies", ally), "should be a player's Extra and a Wild Card of its side")
    if game.phase not in ("deal", "action"):
        where.fail(("phase",), "should be deal or action")
