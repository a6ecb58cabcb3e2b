"""The `objective` commands as pure changes of the game: `take`, `drop`, `hold`, `reach`,
`destroy`; each then lets the scenario notice what follows (`scoring.after_change`).
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput
from sprawl_cli.scenario.scoring import (
    Event,
    ObjectiveOutcome,
    after_change,
    find_place,
    lying,
    may_score,
    objective,
    on_or_next_to,
    reached,
    role_of,
    scenario_of,
    score,
)
from sprawl_cli.table import refuse

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.systems.base import System
    from sprawl_cli.table import Table

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
        place = find_place(scenario, o.lies)
        spaces = place.spaces if place else [o.lies]
        if not on_or_next_to(game, system, who, spaces):
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
    out.events += reached(game, system, scenario, who, scorable)
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
    out.events.append(score(game, scenario, o, who.squad, f"{who.name} destroyed {o.name}"))
    return _finish(game, system, out)


def _finish(game: Game[Any], system: System, out: ObjectiveOutcome) -> ObjectiveOutcome:
    scenario = scenario_of(game)
    out.events += after_change(game, system)
    out.points = dict(scenario.points)
    out.over, out.winner, out.reason, out.draw = game.over, game.winner, game.reason, game.draw
    return out
