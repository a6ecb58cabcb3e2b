"""What a scenario scores and notices: whose objective is whose, the events it records, and
what it sees on its own after every command (an item falls with its carrier, a figure to take
out is out, on a map who holds and who reached a place), at a round's end and at the game's.
"""


from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput
from sprawl_cli.model import Objective, Place, Scenario, Score

if TYPE_CHECKING:
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.schema import Where
    from sprawl_cli.systems.base import System

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


def score(game: Game[Any], scenario: Scenario, o: Objective, side: str, why: str) -> Event:
    from sprawl_cli.ending import end_game

    scenario.points[side] = scenario.points.get(side, 0) + o.points
    scenario.scores.append(Score(game.round, o.name, side, o.points, why))
    if scenario.first_to is not None and scenario.points[side] >= scenario.first_to and not game.over:
        scenario.settled = True
        end_game(game, side, f"{side} reached {scenario.first_to} points ({scenario.name})")
    return Event("scored", o.name, side=side, points=o.points, why=why)


def reached(game: Game[Any], system: System, scenario: Scenario, who: Piece, goals: list[Objective]) -> list[Event]:
    events = []
    for o in goals:
        o.reached.append(who.name)
        events.append(score(game, scenario, o, who.squad, f"{who.name} reached {o.place}"))
    if any(o.leaves for o in goals):
        for item in scenario.objectives:
            if item.kind == "take" and item.carrier == who.name and not item.done:
                item.done, item.by, item.carrier = True, who.squad, ""
                events.append(score(game, scenario, item, who.squad, f"{who.name} carried {item.name} off"))
        system.leave_game(game, who)
        events.append(Event("left", goals[0].name, side=who.squad, figure=who.name,
                            why=f"{who.name} left the game at {goals[0].place}"))
    return events


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
                events.append(score(game, scenario, o, others[0], f"{target.name} is out of the game"))
    if game.over and not scenario.settled:
        events += settle(game, system)
    return events


def _read_map(game: Game[Any], system: System, scenario: Scenario) -> list[Event]:
    events = []
    for o in scenario.objectives:
        place = find_place(scenario, o.place)
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
                    events += reached(game, system, scenario, c, [o])
    return events


def _holder(game: Game[Any], system: System, there: list[Any]) -> str:
    """The side holding a place from who stands on it: one side only, and at least one of its
    figures there not in an enemy's zone of control (a figure there that is, contests)."""
    sides = {c.squad for c in there}
    if len(sides) != 1:
        return ""
    free = [c for c in there if not system.contested(game, c)]
    return free[0].squad if free else ""


def find_place(scenario: Scenario, name: str) -> Place | None:
    return next((p for p in scenario.places if p.name.lower() == name.lower()), None)


def on_or_next_to(game: Game[Any], system: System, who: Any, spaces: list[str]) -> bool:
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
                events.append(score(game, scenario, o, o.holder, f"{o.holder} held {o.place} at the end "
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
            events.append(score(game, scenario, o, o.holder, f"{o.holder} held {o.place} at the end"))
        if o.kind == "protect":
            figure = game.character(o.figure)
            if not system.out_of_game(game, figure) or _left(game, figure):
                o.done, o.by = True, figure.squad
                events.append(score(game, scenario, o, figure.squad, f"{figure.name} came through"))
        if o.kind == "take" and o.carrier and may_score(scenario, o, game.character(o.carrier).squad, game):
            side = game.character(o.carrier).squad
            o.done, o.by = True, side
            events.append(score(game, scenario, o, side, f"{o.carrier} carries {o.name} at the end"))
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


def lying(where: str) -> str:
    """Where an item lies, as words: "at c4", "where Babs fell"."""
    return where if where.startswith("where ") else f"at {where}"
