"""A scenario file: read and checked strictly (file, line and key), checked against the game
`new` made (`start`), and checked again in a save (`check_saved`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput
from sprawl_cli.model import Objective, Place, Scenario
from sprawl_cli.scenario.scoring import scenario_of

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.schema import Where
    from sprawl_cli.systems.base import System

KINDS = ("hold", "reach", "take", "destroy", "protect", "eliminate")
ROLES = ("attacker", "defender", "either")
MAX_POINTS = 1000
MAX_ROUNDS = 100
MAX_TEXT = 2000
MAX_NAME = 60
MAX_ITEMS = 50  # objectives, places, special rules: a scenario has a handful

TOP_KEYS = ("scenario", "system", "brief", "sides", "rounds", "first_to", "special", "places", "objectives")
COMMON = ("name", "kind", "points", "about")
KEYS = {  # the keys each kind of objective takes, beyond COMMON
    "hold": ("place", "side", "scores"),
    "reach": ("place", "side", "leaves"),
    "take": ("place", "side"),
    "destroy": ("side",),
    "protect": ("figure",),
    "eliminate": ("figure",),
}


# --- the file ------------------------------------------------------------------------------
def read_scenario(path: Path) -> tuple[Scenario, Where]:
    """The scenario file at `path`, checked on its own (its names are checked against a game
    by `start`).

    Raises:
        SaveFileError: naming the file, line and key of the first problem.
    """
    from sprawl_cli import yamlio
    from sprawl_cli.schema import Where

    data, lines = yamlio.load(path, "scenario file")
    where = Where(str(path), lines)
    if not isinstance(data, dict):
        where.fail((), "a scenario file is a map of keys (scenario, brief, objectives...)")
    for key in data:
        if key not in TOP_KEYS:
            where.fail((key,), f"unknown key; expected one of {', '.join(TOP_KEYS)}")
    name = _text(data, ("scenario",), where, MAX_NAME)
    system = _text(data, ("system",), where, MAX_NAME, required=False)
    brief = _text(data, ("brief",), where, MAX_TEXT)
    sides = _list(data, "sides", where, required=False)
    for i, role in enumerate(sides):
        if role not in ROLES:
            where.fail(("sides", i), f"a side's role is one of {', '.join(ROLES)}, not {role!r}")
    rounds = _number(data, ("rounds",), where, 1, MAX_ROUNDS, required=False)
    first_to = _number(data, ("first_to",), where, 1, MAX_POINTS * MAX_ITEMS, required=False)
    special = _list(data, "special", where, required=False)
    for i, rule in enumerate(special):
        if not isinstance(rule, str) or not rule.strip() or len(rule) > MAX_TEXT:
            where.fail(("special", i), f"a special rule is text of up to {MAX_TEXT} characters")
    places = _places(data, where)
    objectives = [_objective(raw, ("objectives", i), where, places, sides)
                  for i, raw in enumerate(_list(data, "objectives", where, required=True))]
    if not objectives:
        where.fail(("objectives",), "a scenario has at least one objective")
    seen: set[str] = set()
    for i, o in enumerate(objectives):
        if o.name.lower() in seen:
            where.fail(("objectives", i, "name"), f"two objectives are called '{o.name}'")
        seen.add(o.name.lower())
    return Scenario(name=name, brief=brief, objectives=objectives, sides=list(sides), rounds=rounds,
                    first_to=first_to, special=[r.strip() for r in special], places=list(places.values()), source=str(path), system=system), where


def _text(data: dict[str, Any], path: tuple[object, ...], where: Where, longest: int, required: bool = True) -> str:
    key = path[-1]
    if key not in data:
        if required:
            where.fail(path, "is missing")
        return ""
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        where.fail(path, f"should be text, not {value!r}")
    if len(value) > longest:
        where.fail(path, f"is {len(value)} characters long; keep it under {longest}")
    return value.strip()


def _number(data: dict[str, Any], path: tuple[object, ...], where: Where, low: int, high: int,
            required: bool = True) -> int | None:
    key = path[-1]
    if key not in data:
        if required:
            where.fail(path, "is missing")
        return None
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        where.fail(path, f"should be a whole number from {low} to {high}, not {value!r}")
    return value


def _list(data: dict[str, Any], key: str, where: Where, required: bool) -> list[Any]:
    if key not in data:
        if required:
            where.fail((key,), "is missing")
        return []
    value = data[key]
    if not isinstance(value, list):
        where.fail((key,), "should be a list")
    if len(value) > MAX_ITEMS:
        where.fail((key,), f"has {len(value)} entries; a scenario keeps to {MAX_ITEMS}")
    return value


def _places(data: dict[str, Any], where: Where) -> dict[str, Place]:
    raw = data.get("places", {})
    if not isinstance(raw, dict):
        where.fail(("places",), "should be a map of place names to their words (and spaces, on a map)")
    if len(raw) > MAX_ITEMS:
        where.fail(("places",), f"has {len(raw)} places; a scenario keeps to {MAX_ITEMS}")
    places: dict[str, Place] = {}
    for key, value in raw.items():
        path: tuple[object, ...] = ("places", key)
        if not isinstance(key, str) or not key.strip() or len(key) > MAX_NAME:
            where.fail(path, "a place's name is short text")
        if isinstance(value, str):
            value = {"about": value}
        if not isinstance(value, dict):
            where.fail(path, "should be its words, or a map of about and spaces")
        for k in value:
            if k not in ("about", "spaces"):
                where.fail(path + (k,), "unknown key; expected one of about, spaces")
        about = _text(value, path + ("about",), where, MAX_TEXT, required=False)
        spaces = value.get("spaces", [])
        if not isinstance(spaces, list) or ("spaces" in value and not spaces) or len(spaces) > 400 or not all(
                isinstance(s, str) and 0 < len(s) <= 8 for s in spaces):
            where.fail(path + ("spaces",), "should be a list of map spaces (as c4)")
        places[key.lower()] = Place(key.strip(), about, [s.lower() for s in spaces])
    return places


def _objective(raw: Any, path: tuple[object, ...], where: Where, places: dict[str, Place],
               sides: list[str]) -> Objective:
    if not isinstance(raw, dict):
        where.fail(path, "an objective is a map of name, kind, points...")
    kind = raw.get("kind")
    if kind not in KINDS:
        where.fail(path + ("kind",), f"should be one of {', '.join(KINDS)}, not {kind!r}"
                   if "kind" in raw else "is missing")
    for key in raw:
        if key not in COMMON + KEYS[kind]:
            where.fail(path + (key,), f"unknown key for a {kind} objective; expected one of "
                                      f"{', '.join(COMMON + KEYS[kind])}")
    o = Objective(name=_text(raw, path + ("name",), where, MAX_NAME), kind=kind,
                  points=_number(raw, path + ("points",), where, 0, MAX_POINTS) or 0,
                  about=_text(raw, path + ("about",), where, MAX_TEXT, required=False))
    if "side" in raw:
        roles = [r for r in sides if r != "either"]
        if raw["side"] != "any" and raw["side"] not in roles:
            allowed = ", ".join(["any", *roles])
            where.fail(path + ("side",), f"should be {allowed} (the roles under `sides`), not {raw['side']!r}")
        o.side = raw["side"]
    if kind in ("hold", "reach") or "place" in raw:
        place = _text(raw, path + ("place",), where, MAX_NAME)
        if place.lower() not in places:
            known = ", ".join(p.name for p in places.values()) or "none: add them under `places`"
            where.fail(path + ("place",), f"no place called '{place}'; the places are: {known}")
        o.place = places[place.lower()].name
        o.lies = o.place if kind == "take" else ""
    if kind == "hold":
        scores = raw.get("scores", "each round")
        if scores == "each round":
            o.each_round = True
        elif scores == "end":
            o.at_end = True
        elif isinstance(scores, list) and scores and all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= MAX_ROUNDS for r in scores):
            o.rounds = sorted(set(scores))
        else:
            where.fail(path + ("scores",), f"should be `each round`, `end` or a list of rounds (as [2, 4]), "
                                           f"not {scores!r}")
    if kind == "reach":
        leaves = raw.get("leaves", False)
        if not isinstance(leaves, bool):
            where.fail(path + ("leaves",), f"should be true or false, not {leaves!r}")
        o.leaves = leaves
    if kind in ("protect", "eliminate"):
        o.figure = _text(raw, path + ("figure",), where, MAX_NAME)
    return o


def start(scenario: Scenario, where: Where, game: Game[Any], system: System) -> None:
    """Check the scenario against the game `new` made, then keep it in the game.

    Raises:
        SaveFileError: a side, figure, place or space the game does not have (file, line, key).
    """
    from sprawl_cli import systems

    if scenario.system and systems.key(scenario.system) != game.system:
        where.fail(("system",), f"this scenario is for {scenario.system!r}, and this game is {game.system!r}")
    if scenario.sides and len(scenario.sides) != len(game.squads):
        where.fail(("sides",), f"the scenario is for {len(scenario.sides)} sides and this game has "
                               f"{len(game.squads)}")
    if scenario.rounds is None and scenario.first_to is None and game.rounds is None:
        where.fail(("rounds",), "is missing: a scenario ends at a round limit, or at `first_to` points "
                                "(or give `new --rounds N`)")
    if scenario.rounds is None:
        scenario.rounds = game.rounds
    for i, o in enumerate(scenario.objectives):
        if o.figure:
            try:
                o.figure = game.character(o.figure).name
            except BadInput as problem:
                where.fail(("objectives", i, "figure"), str(problem))
        if o.kind == "hold" and o.rounds and scenario.rounds and o.rounds[-1] > scenario.rounds:
            where.fail(("objectives", i, "scores"), f"round {o.rounds[-1]} is past the round limit "
                                                    f"({scenario.rounds})")
    for place in scenario.places:
        if system.plays_on_map and not place.spaces:
            where.fail(("places", place.name), f"{system.title} is played on a map: give the place's `spaces`")
        if place.spaces and not system.plays_on_map:
            where.fail(("places", place.name, "spaces"),
                       f"names map spaces, and {system.title} is played without a map; describe the place instead")
        for j, space in enumerate(place.spaces):
            why = system.space_problem(game, space)
            if why:
                where.fail(("places", place.name, "spaces", j), why)
    game.rounds = scenario.rounds
    scenario.points = {s.name: 0 for s in game.squads}
    game.scenario = scenario


def check_saved(game: Game[Any], where: Where) -> None:
    """The scenario in a save, checked for what a hand edit could break: kinds, roles, points,
    and the figures, sides and places it names.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    scenario = scenario_of(game)
    names = {c.name for c in game.characters}
    squads = {s.name for s in game.squads}
    places = {p.name for p in scenario.places}
    for i, role in enumerate(scenario.sides):
        if role not in ROLES:
            where.fail(("scenario", "sides", i), f"a side's role is one of {', '.join(ROLES)}")
    for side in scenario.points:
        if side not in squads:
            where.fail(("scenario", "points", side), f"no squad called '{side}'")
    for i, o in enumerate(scenario.objectives):
        at: tuple[object, ...] = ("scenario", "objectives", i)
        if o.kind not in KINDS:
            where.fail(at + ("kind",), f"should be one of {', '.join(KINDS)}")
        if not 0 <= o.points <= MAX_POINTS:
            where.fail(at + ("points",), f"should be from 0 to {MAX_POINTS}")
        for key in ("figure", "carrier"):
            if getattr(o, key) and getattr(o, key) not in names:
                where.fail(at + (key,), f"no character called '{getattr(o, key)}'")
        if o.kind in ("protect", "eliminate") and not o.figure:
            where.fail(at + ("figure",), "is missing")
        if o.kind in ("hold", "reach") and o.place not in places:
            where.fail(at + ("place",), f"no place called '{o.place}'")
        for key in ("holder", "by"):
            if getattr(o, key) and getattr(o, key) not in squads:
                where.fail(at + (key,), f"no squad called '{getattr(o, key)}'")
        for j, name in enumerate(o.reached):
            if name not in names:
                where.fail(at + ("reached", j), f"no character called '{name}'")
