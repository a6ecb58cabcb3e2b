"""A scenario in words and JSON: what `status` shows of it, the lines of its events and of
an `objective` command, and what the campaign's books keep of it.
"""


from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.model import Objective, Scenario
from sprawl_cli.scenario.scoring import Event, ObjectiveOutcome, lying, role_of, scenario_of

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.schema import Where

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
