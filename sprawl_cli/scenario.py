"""Scenarios (a house feature, for every system): objectives, victory points and the end they
decide. docs/scenarios.md describes the file.

A scenario file is read and checked strictly here (`read_scenario`: file, line and key), then
checked against the game `new` made (`start`: its sides, figures and map). What happens at the
table are pure changes of the game: `take`, `drop`, `hold`, `reach`, `destroy` (the
`objective` commands), `after_change` (after every command: an item falls with its carrier,
a figure to take out is out, and on a map who holds and who reached what), `round_ended`
(`next`: what scores at the end of a round, and the round limit) and `settle` (the end of the
game: what scores then, and who won on points). A system says what "out of the game" means and
where its figures stand through its hooks (`System.out_of_game`, `leave_game`, `on_spaces`...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput
from sprawl_cli.model import Objective, Place, Scenario, Score
from sprawl_cli.table import refuse

if TYPE_CHECKING:
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.schema import Where
    from sprawl_cli.systems.base import System
    from sprawl_cli.table import Table

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


# --- who is who ------------------------------------------------------------------------------
def scenario_of(game: Game[Any]) -> Scenario:
    """The game's scenario.

    Raises:
        BadInput: the game has none.
    """
    if game.scenario is None:
        raise BadInput("this game has no scenario; start one with `sprawl new --scenario FILE`")
    return game.scenario


def objective(scenario: Scenario, name: str, *kinds: str) -> Objective:
    """The objective called `name` (case-insensitive, a unique beginning will do), of one of `kinds`.

    Raises:
        BadInput: no such objective, or one of another kind.
    """
    wanted = name.strip().lower()
    exact = [o for o in scenario.objectives if o.name.lower() == wanted]
    starts = [o for o in scenario.objectives if o.name.lower().startswith(wanted)] if wanted else []
    found = exact or (starts if len(starts) == 1 else [])
    if not found:
        names = ", ".join(o.name for o in scenario.objectives)
        raise BadInput(f"no objective called '{name}'; the objectives are: {names}")
    if found[0].kind not in kinds:
        raise BadInput(f"'{found[0].name}' is a {found[0].kind} objective, not one to {' or '.join(kinds)}")
    return found[0]


def may_score(scenario: Scenario, o: Objective, squad: str, game: Game[Any]) -> bool:
    """Whether `squad` may score `o`: any side, or the side whose role the objective names."""
    if o.side == "any":
        return True
    index = next(i for i, s in enumerate(game.squads) if s.name == squad)
    return index < len(scenario.sides) and scenario.sides[index] == o.side


def role_of(scenario: Scenario, game: Game[Any], squad: str) -> str:
    index = next(i for i, s in enumerate(game.squads) if s.name == squad)
    return scenario.sides[index] if index < len(scenario.sides) else "either"


@dataclass
class Event:
    """One thing the scenario noticed or scored."""

    what: str  # scored | dropped | left | held
    objective: str
    side: str = ""
    figure: str = ""
    points: int = 0
    why: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "objective": self.objective, "side": self.side or None,
                "figure": self.figure or None, "points": self.points, "why": self.why}


@dataclass
class ObjectiveOutcome:
    """An `objective` command: what it changed and what the scenario made of it."""

    command: str  # take | drop | hold | reach | destroy
    objective: str
    figure: str | None = None
    side: str | None = None
    place: str | None = None  # reach: the place it got to
    events: list[Event] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    over: bool = False
    winner: str | None = None
    reason: str | None = None
    draw: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"command": self.command, "objective": self.objective, "figure": self.figure, "side": self.side,
                "place": self.place,
                "events": [e.to_json() for e in self.events], "points": dict(self.points),
                "over": self.over, "winner": self.winner, "reason": self.reason, "draw": self.draw}


def _score(game: Game[Any], scenario: Scenario, o: Objective, side: str, why: str) -> Event:
    from sprawl_cli.ending import end_game

    scenario.points[side] = scenario.points.get(side, 0) + o.points
    scenario.scores.append(Score(game.round, o.name, side, o.points, why))
    if scenario.first_to is not None and scenario.points[side] >= scenario.first_to and not game.over:
        scenario.settled = True
        end_game(game, side, f"{side} reached {scenario.first_to} points ({scenario.name})")
    return Event("scored", o.name, side=side, points=o.points, why=why)


# --- the objective commands ------------------------------------------------------------------
def take(game: Game[Any], system: System, table: Table, name: str, item: str) -> ObjectiveOutcome:
    """`objective take NAME ITEM`: the figure picks up the item where it lies (an item whose
    carrier fell already lies where it fell).

    Raises:
        BadInput: no such figure or item, the item is carried or gone.
        RuleRefusal: the figure is out of the game, or not at the item on a map (forceable).
    """
    scenario = scenario_of(game)
    o = objective(scenario, item, "take")
    who = game.character(name)
    if o.done:
        raise BadInput(f"'{o.name}' is no longer on the table ({o.by} carried it off)")
    if o.carrier:
        raise BadInput(f"{o.carrier} carries '{o.name}'; it must be dropped first "
                       f"(`sprawl objective drop {o.name}`)")
    if system.out_of_game(game, who):
        refuse(table, f"{who.name} is out of the game and cannot take '{o.name}'")
    if o.lies and system.plays_on_map:
        place = _place(scenario, o.lies)
        spaces = place.spaces if place else [o.lies]
        if not _on_or_next_to(game, system, who, spaces):
            refuse(table, f"'{o.name}' lies {lying(o.lies)}; {who.name} must stand on it or next to it")
    o.carrier, o.lies = who.name, ""
    return _finish(game, system, ObjectiveOutcome("take", o.name, figure=who.name, side=who.squad))


def drop(game: Game[Any], system: System, item: str) -> ObjectiveOutcome:
    """`objective drop ITEM`: its carrier puts it down where it stands.

    Raises:
        BadInput: nobody carries it.
    """
    scenario = scenario_of(game)
    o = objective(scenario, item, "take")
    if not o.carrier:
        raise BadInput(f"nobody carries '{o.name}'")
    who = game.character(o.carrier)
    o.carrier, o.lies = "", system.position(game, who) or f"where {who.name} stood"
    return _finish(game, system, ObjectiveOutcome("drop", o.name, figure=who.name, side=who.squad,
                                                  events=[Event("dropped", o.name, figure=who.name,
                                                                why=lying(o.lies))]))


def hold(game: Game[Any], system: System, place: str, side: str | None) -> ObjectiveOutcome:
    """`objective hold PLACE SIDE|none`: the table says who holds the place now.

    Raises:
        BadInput: on a map (holding is read off the figures there), or no such place or side.
    """
    scenario = scenario_of(game)
    if system.plays_on_map:
        raise BadInput(f"on {system.title} who holds a place is read off the map (`sprawl status`); "
                       "move the figures instead")
    held = [o for o in scenario.objectives if o.kind == "hold" and o.place.lower() == place.strip().lower()]
    if not held:
        held = [objective(scenario, place, "hold")]
    squad = game.squad(side).name if side else ""
    for o in held:
        o.holder = squad
    return _finish(game, system, ObjectiveOutcome("hold", held[0].name, side=squad or None,
                                                  events=[Event("held", o.name, side=squad) for o in held]))


def reach(game: Game[Any], system: System, table: Table, name: str, place: str) -> ObjectiveOutcome:
    """`objective reach NAME PLACE`: the figure got to the place (an exit, a table edge).

    Raises:
        BadInput: on a map (reaching is read off the figures' spaces), no such place, or the
            figure scored it already.
        RuleRefusal: the figure is out of the game, or its side may not score it (forceable).
    """
    scenario = scenario_of(game)
    if system.plays_on_map:
        raise BadInput(f"on {system.title} reaching a place is read off the map: move {name} onto it")
    who = game.character(name)
    goals = [o for o in scenario.objectives if o.kind == "reach" and o.place.lower() == place.strip().lower()]
    if not goals:
        goals = [objective(scenario, place, "reach")]
    if system.out_of_game(game, who):
        refuse(table, f"{who.name} is out of the game and cannot reach {goals[0].place}")
    out = ObjectiveOutcome("reach", goals[0].name, figure=who.name, side=who.squad, place=goals[0].place)
    fresh = [o for o in goals if who.name not in o.reached]
    if not fresh:
        raise BadInput(f"{who.name} got to {goals[0].place} already; it scores there once")
    scorable = [o for o in fresh if may_score(scenario, o, who.squad, game)]
    if not scorable:
        refuse(table, f"{who.name} ({who.squad}) scores nothing at {goals[0].place}: "
                      f"'{goals[0].name}' is the {goals[0].side}'s to reach")
        scorable = fresh  # the referee overrules: it scores all the same
    out.events += _reached(game, system, scenario, who, scorable)
    return _finish(game, system, out)


def destroy(game: Game[Any], system: System, table: Table, thing: str, name: str) -> ObjectiveOutcome:
    """`objective destroy THING NAME`: the figure destroyed the thing; its side scores.

    Raises:
        BadInput: no such objective, or already destroyed.
        RuleRefusal: the figure's side may not score it (forceable).
    """
    scenario = scenario_of(game)
    o = objective(scenario, thing, "destroy")
    who = game.character(name)
    if o.done:
        raise BadInput(f"'{o.name}' is destroyed already (by {o.by})")
    if not may_score(scenario, o, who.squad, game):
        refuse(table, f"'{o.name}' is the {o.side}'s to destroy, and {who.squad} is the "
                      f"{role_of(scenario, game, who.squad)}")
    o.done, o.by = True, who.squad
    out = ObjectiveOutcome("destroy", o.name, figure=who.name, side=who.squad)
    out.events.append(_score(game, scenario, o, who.squad, f"{who.name} destroyed {o.name}"))
    return _finish(game, system, out)


def _reached(game: Game[Any], system: System, scenario: Scenario, who: Piece, goals: list[Objective]) -> list[Event]:
    events = []
    for o in goals:
        o.reached.append(who.name)
        events.append(_score(game, scenario, o, who.squad, f"{who.name} reached {o.place}"))
    if any(o.leaves for o in goals):
        for item in scenario.objectives:
            if item.kind == "take" and item.carrier == who.name and not item.done:
                item.done, item.by, item.carrier = True, who.squad, ""
                events.append(_score(game, scenario, item, who.squad, f"{who.name} carried {item.name} off"))
        system.leave_game(game, who)
        events.append(Event("left", goals[0].name, side=who.squad, figure=who.name,
                            why=f"{who.name} left the game at {goals[0].place}"))
    return events


def _finish(game: Game[Any], system: System, out: ObjectiveOutcome) -> ObjectiveOutcome:
    scenario = scenario_of(game)
    out.events += after_change(game, system)
    out.points = dict(scenario.points)
    out.over, out.winner, out.reason, out.draw = game.over, game.winner, game.reason, game.draw
    return out


# --- what the scenario notices on its own ----------------------------------------------------
def after_change(game: Game[Any], system: System) -> list[Event]:
    """After any change: items fall with carriers out of the game, figures to take out that are
    out score, and on a map who holds each place and who reached one. When the game has just
    ended (last figure standing, a concession), the end-of-game objectives are scored."""
    scenario = game.scenario
    if scenario is None:
        return []
    events: list[Event] = []
    if system.plays_on_map:
        events += _read_map(game, system, scenario)
    for o in scenario.objectives:
        if o.kind == "take" and o.carrier:
            carrier = game.character(o.carrier)
            if system.out_of_game(game, carrier):
                o.carrier, o.lies = "", system.position(game, carrier) or f"where {carrier.name} fell"
                events.append(Event("dropped", o.name, figure=carrier.name, why=f"{carrier.name} is out "
                                    f"of the game: {o.name} lies {lying(o.lies)}"))
        if o.kind == "eliminate" and not o.done and system.out_of_game(game, game.character(o.figure)):
            target = game.character(o.figure)
            others = [s.name for s in game.squads if s.name != target.squad]
            o.done = True
            if len(others) == 1:
                o.by = others[0]
                events.append(_score(game, scenario, o, others[0], f"{target.name} is out of the game"))
    if game.over and not scenario.settled:
        events += settle(game, system)
    return events


def _read_map(game: Game[Any], system: System, scenario: Scenario) -> list[Event]:
    events = []
    for o in scenario.objectives:
        place = _place(scenario, o.place)
        if place is None:
            continue
        there = [c for c in system.on_spaces(game, place.spaces) if not system.out_of_game(game, c)]
        if o.kind == "hold":
            holder = _holder(game, system, there)
            if holder != o.holder:
                o.holder = holder
                events.append(Event("held", o.name, side=holder, why=f"{holder or 'nobody'} holds {o.place}"))
        if o.kind == "reach":
            for c in there:
                if c.name not in o.reached and may_score(scenario, o, c.squad, game) and not game.over:
                    events += _reached(game, system, scenario, c, [o])
    return events


def _holder(game: Game[Any], system: System, there: list[Any]) -> str:
    """The side holding a place from who stands on it: one side only, and at least one of its
    figures there not in an enemy's zone of control (a figure there that is, contests)."""
    sides = {c.squad for c in there}
    if len(sides) != 1:
        return ""
    free = [c for c in there if not system.contested(game, c)]
    return free[0].squad if free else ""


def _place(scenario: Scenario, name: str) -> Place | None:
    return next((p for p in scenario.places if p.name.lower() == name.lower()), None)


def _on_or_next_to(game: Game[Any], system: System, who: Any, spaces: list[str]) -> bool:
    return any(c.name == who.name for c in system.on_spaces(game, spaces, reach=1))


def after_command(game: Game[Any], system: System, round_before: int, over_before: bool) -> list[Event]:
    """After any command (`next`, a deal, an attack...): if it ended a round (the round moved on,
    or the round limit ended the game), what scores at that round's end; else what the scenario
    notices on its own (`after_change`)."""
    scenario = scenario_of(game)
    limit = scenario.rounds
    if game.round > round_before or (game.over and not over_before and limit is not None and round_before >= limit):
        return round_ended(game, system, round_before, over_before)
    return after_change(game, system)


def round_ended(game: Game[Any], system: System, ended: int, was_over: bool) -> list[Event]:
    """`next` ended round `ended`: holds that score at its end score, and at the round limit the
    game ends on points (the system's own round-limit result is replaced by the scenario's)."""
    scenario = game.scenario
    if scenario is None:
        return []
    events = after_change(game, system) if not game.over else []
    at_limit = scenario.rounds is not None and ended >= scenario.rounds
    for o in scenario.objectives:
        if o.kind == "hold" and o.holder and (o.each_round or ended in o.rounds) and not scenario.settled:
            if may_score(scenario, o, o.holder, game):
                events.append(_score(game, scenario, o, o.holder, f"{o.holder} held {o.place} at the end "
                                                                   f"of {system.round_word} {ended}"))
    if at_limit and not was_over and not scenario.settled:
        game.over = False  # the system's own round-limit result gives way to the scenario's
        game.winner, game.reason, game.draw = None, None, False
        events += settle(game, system, f"the {system.round_word} limit ({scenario.rounds}) was reached")
    elif game.over and not scenario.settled:
        events += settle(game, system)
    return events


def settle(game: Game[Any], system: System, limit: str | None = None) -> list[Event]:
    """The end of the game: holds scored at the end, figures protected, items carried; then,
    when the rounds ran out (`limit` says so), the side with the most points wins (equal: a draw).
    A game that ended otherwise keeps its result, and its points are still reported."""
    from sprawl_cli.ending import end_game

    scenario = scenario_of(game)
    scenario.settled = True
    events = []
    for o in scenario.objectives:
        if o.kind == "hold" and o.at_end and o.holder and may_score(scenario, o, o.holder, game):
            events.append(_score(game, scenario, o, o.holder, f"{o.holder} held {o.place} at the end"))
        if o.kind == "protect":
            figure = game.character(o.figure)
            if not system.out_of_game(game, figure) or _left(game, figure):
                o.done, o.by = True, figure.squad
                events.append(_score(game, scenario, o, figure.squad, f"{figure.name} came through"))
        if o.kind == "take" and o.carrier and may_score(scenario, o, game.character(o.carrier).squad, game):
            side = game.character(o.carrier).squad
            o.done, o.by = True, side
            events.append(_score(game, scenario, o, side, f"{o.carrier} carries {o.name} at the end"))
    if limit is not None and not game.over:
        best = max(scenario.points.values())
        leaders = [s for s, p in scenario.points.items() if p == best]
        tally = ", ".join(f"{s} {p}" for s, p in scenario.points.items())
        if len(leaders) == 1:
            end_game(game, leaders[0], f"{limit}: {leaders[0]} has the most points ({tally})")
        else:
            end_game(game, None, f"{limit}: the points are level ({tally})", draw=True)
    return events


def _left(game: Game[Any], figure: Any) -> bool:
    """A figure that left the game through a reach objective came through it."""
    scenario = scenario_of(game)
    return any(o.kind == "reach" and o.leaves and figure.name in o.reached for o in scenario.objectives)


# --- what status shows -------------------------------------------------------------------------
def status_json(game: Game[Any]) -> dict[str, Any] | None:
    """The scenario in `status --json`: its words, each objective as it stands, the points."""
    scenario = game.scenario
    if scenario is None:
        return None
    return {
        "name": scenario.name, "brief": scenario.brief, "source": scenario.source,
        "sides": {s.name: role_of(scenario, game, s.name) for s in game.squads},
        "rounds": scenario.rounds, "first_to": scenario.first_to, "special": list(scenario.special),
        "places": [{"name": p.name, "about": p.about, "spaces": list(p.spaces)} for p in scenario.places],
        "objectives": [{"name": o.name, "kind": o.kind, "points": o.points, "side": o.side,
                        "place": o.place or None, "figure": o.figure or None, "state": state_words(o),
                        "holder": o.holder or None, "carrier": o.carrier or None, "lies": o.lies or None,
                        "done": o.done, "by": o.by or None, "reached": list(o.reached)}
                       for o in scenario.objectives],
        "points": dict(scenario.points),
        "scores": [{"round": s.round, "objective": s.objective, "side": s.side, "points": s.points, "why": s.why}
                   for s in scenario.scores],
    }


def state_words(o: Objective) -> str:
    """Where an objective stands, in a few words."""
    if o.kind == "hold":
        return f"held by {o.holder}" if o.holder else "held by nobody"
    if o.kind == "take":
        if o.done:
            return f"carried off by {o.by}"
        return f"carried by {o.carrier}" if o.carrier else f"lies {lying(o.lies or 'its place')}"
    if o.kind == "reach":
        return f"reached by {', '.join(o.reached)}" if o.reached else "not reached"
    if o.kind == "destroy":
        return f"destroyed by {o.by}" if o.done else "standing"
    if o.kind == "eliminate":
        return "taken out" if o.done else f"{o.figure} still in the game"
    return f"{o.figure} came through" if o.done else f"{o.figure} to protect"


def lying(where: str) -> str:
    """Where an item lies, as words: "at c4", "where Babs fell"."""
    return where if where.startswith("where ") else f"at {where}"


def scoring_words(o: Objective) -> str:
    """What an objective scores, in a few words."""
    who = "" if o.side == "any" else f" ({o.side})"
    if o.kind == "hold":
        when = ("each round" if o.each_round else "at the end" if o.at_end
                else "at the end of round " + ", ".join(str(r) for r in o.rounds))
        return f"hold {o.place}{who}: {o.points} {when}"
    if o.kind == "reach":
        return f"reach {o.place}{who}: {o.points} a figure" + (", which leaves" if o.leaves else "")
    if o.kind == "take":
        return f"take and carry {o.name}{who}: {o.points}"
    if o.kind == "destroy":
        return f"destroy {o.name}{who}: {o.points}"
    if o.kind == "protect":
        return f"protect {o.figure}: {o.points} to its side"
    return f"take out {o.figure}: {o.points} to its enemies"


def status_lines(game: Game[Any]) -> list[str]:
    """The scenario under `status` on a terminal (Rich markup)."""
    from sprawl_cli.render import escape

    scenario = game.scenario
    if scenario is None:
        return []
    word = system_word(game)
    limit = f", {scenario.rounds} {word}{'s' if scenario.rounds != 1 else ''}" if scenario.rounds else ""
    first = f", first to {scenario.first_to} points wins" if scenario.first_to else ""
    points = ", ".join(f"{escape(s)} {p}" for s, p in scenario.points.items())
    lines = [f"[bold]Scenario:[/] {escape(scenario.name)} (house{limit}{first}). Points: {points}."]
    for o in scenario.objectives:
        lines.append(f"  {escape(o.name)}: {escape(scoring_words(o))}; now {escape(state_words(o))}")
    lines += [f"  [dim]special: {escape(s)}[/]" for s in scenario.special]
    return lines


def system_word(game: Game[Any]) -> str:
    """What the game's system calls a round ("turn" in some)."""
    from sprawl_cli import systems

    return systems.get(game.system).round_word


def event_lines(events: list[Event]) -> list[str]:
    """What the scenario noticed or scored, as the referee says it (Rich markup)."""
    from sprawl_cli.render import escape

    lines = []
    for e in events:
        if e.what == "scored":
            lines.append(f"[bold]{escape(e.side)} scores {e.points}[/] ({escape(e.objective)}): {escape(e.why)}.")
        elif e.what == "dropped":
            lines.append(f"{escape(e.objective)} is dropped: {escape(e.why)}.")
        elif e.what == "left":
            lines.append(f"{escape(e.why)}.")
        elif e.what == "held":
            lines.append(f"{escape(e.objective)}: {escape(e.why)}.")
    return lines


def outcome_lines(out: ObjectiveOutcome) -> list[str]:
    """An `objective` command as the referee says it (Rich markup)."""
    from sprawl_cli.ending import over_lines
    from sprawl_cli.render import escape

    head = {
        "take": f"{escape(out.figure or '')} takes {escape(out.objective)}.",
        "drop": f"{escape(out.figure or '')} drops {escape(out.objective)}.",
        "hold": f"{escape(out.side or 'Nobody')} holds {escape(out.objective)}.",
        "reach": f"{escape(out.figure or '')} reaches {escape(out.place or out.objective)}.",
        "destroy": f"{escape(out.figure or '')} destroys {escape(out.objective)}.",
    }[out.command]
    events = [e for e in out.events if not (out.command == "drop" and e.what == "dropped" and e.figure == out.figure)
              and not (out.command == "hold" and e.what == "held")]
    points = ", ".join(f"{escape(s)} {p}" for s, p in out.points.items())
    return [head, *event_lines(events), f"Points: {points}.",
            *over_lines({"over": out.over, "winner": out.winner, "reason": out.reason, "draw": out.draw})]


# --- the books ---------------------------------------------------------------------------------
def book_entry(game: Game[Any]) -> dict[str, Any]:
    """What a campaign's book and a battle report keep of the scenario: its name, the points,
    each objective's outcome and the points it brought each side."""
    scenario = scenario_of(game)
    return {"name": scenario.name, "brief": scenario.brief, "special": list(scenario.special),
            "points": dict(scenario.points),
            "objectives": [{"name": o.name, "kind": o.kind, "outcome": state_words(o),
                            "points": {side: sum(s.points for s in scenario.scores
                                                 if s.objective == o.name and s.side == side)
                                       for side in scenario.points}}
                           for o in scenario.objectives]}


def book_lines(entry: dict[str, Any]) -> list[str]:
    """A scenario's result in the books, in words (plain): the points, then each objective."""
    points = ", ".join(f"{side} {p}" for side, p in entry["points"].items())
    lines = [f"Scenario {entry['name']} (house): {points} points."]
    for o in entry["objectives"]:
        won = ", ".join(f"{side} {p}" for side, p in o["points"].items() if p) or "no points"
        lines.append(f"{o['name']} ({o['kind']}): {o['outcome']}; {won}.")
    return lines + [f"Special rule: {rule}" for rule in entry.get("special", [])]
