"""Views of the game itself: `next`, damage victims, panic, `set` and `damage` (the status view: status.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import escape, name
from sprawl_cli.systems.sprawl.views import badge, dice
from sprawl_cli.systems.sprawl.phases import PHASE_TITLES

if TYPE_CHECKING:
    from sprawl_cli.systems.sprawl.damage import Victim
    from sprawl_cli.systems.sprawl.morale import PanicTest
    from sprawl_cli.systems.sprawl.turn import Advance

def advance_lines(step: Advance) -> list[str]:
    lines: list[str] = []
    start = step.turn_start
    if start is not None:
        lines.append(f"[bold]Round {step.round}[/]: {name(start.squad)}'s turn begins.")
        if start.overwatch_ended:
            lines.append(f"  Overwatch ends for {escape(', '.join(start.overwatch_ended))} (R20).")
        if start.routing:
            r = start.routing
            test = r.get("test")
            rolled = f" {escape(r['roller'])} rolls Smarts {dice(test['faces'])} needing {test['difficulty']}:" if test else ""
            verdict = "[bad]the squad routs and loses[/]" if r["routed"] else "[good]the squad holds[/]"
            lines.append(f"  Routing check (R24): {r['shaken']} of {r['size']} shaken.{rolled} {verdict}.")
        for flee in start.flee:
            lines.append(f"  {name(flee['name'])} is panicked and flees [bold]{flee['inches']}\"[/] first, "
                         "away from the enemy toward cover or the nearest edge (R10).")
    if step.over:
        lines.append(f"[bold]The game is over:[/] {escape(step.reason or '')}")
    else:
        lines.append(f"Now: [bold]{PHASE_TITLES[step.phase]} Phase[/] of {name(step.side)}.")
        lines.extend(f"  • {escape(t)}" for t in step.todo)
    return lines


def victim_lines(v: Victim | dict[str, Any], tens: bool = True) -> list[str]:
    """A damaged character, step by step, from a Victim or its JSON."""
    d = v if isinstance(v, dict) else v.to_json()
    lines = []
    who = name(d["name"])
    if d["damage_faces"]:
        lines.append(f"  Damage on {who}: {dice(d['damage_faces'], False)} → {d['damage']} point(s) (a 10 counts once)")
    elif d["damage"]:
        lines.append(f"  {who} takes {d['damage']} point(s)")
    if d["toughness_faces"]:
        lines.append(f"  {who} resists with Toughness {dice(d['toughness_faces'], tens)} → {d['negated']} negated")
    if d["health_lost"]:
        lines.append(f"  {who} loses [bad]{d['health_lost']} Health[/] → {d['health']} left")
    elif d["damage"] or d["damage_faces"]:
        lines.append(f"  {who} loses no Health")
    if d.get("pinned") and "pinned" in d["statuses"] and "down" not in d["statuses"]:
        lines.append(f"  {who} is [warn]pinned[/]: lay the model on its back (R7)")
    inc = d.get("incapacitation")
    if inc:
        words = {"recovery": "Recovery: stays pinned, +1 Health / -1 Toughness when it gets up",
                 "down": "Down: turn the model face down",
                 "out_of_action": "Out of Action: remove the model"}[inc["result"]]
        lines.append(f"  {who} hits 0 Health; incapacitation d10 {dice([inc['roll']])} → [bold]{words}[/] (R8)")
    if d.get("disengaged"):
        lines.append(f"  At 0 Health the fight is over for {who}: no longer engaged with "
                     f"{escape(', '.join(d['disengaged']))} (R12)")
    ledge = d.get("ledge")
    if ledge:
        verdict = "[bad]falls off the ledge[/]: `sprawl fall NAME INCHES`" if ledge["fell"] else "keeps its footing"
        lines.append(f"  Near a ledge: Quickness {dice(ledge['faces'], tens)} → {verdict} (R7, R22)")
    for note in d.get("notes", []):
        lines.append(f"  [dim]{escape(note)}[/]")
    return lines


def panic_lines(tests: list[PanicTest] | list[dict[str, Any]], tens: bool = True) -> list[str]:
    lines = []
    for t in tests:
        d = t if isinstance(t, dict) else t.to_json()
        who = name(d["name"])
        if d["panicked"]:
            lines.append(f"  Panic test: {who} Guts {dice(d['faces'], tens)} needing {d['needed']} → "
                         f"[bad]panics[/] and flees [bold]{d['flee_inches']}\"[/] away from the enemy now (R9)")
            if d.get("lost"):
                lost = " and ".join(s.replace("_", " ") for s in d["lost"])
                lines.append(f"  {who} is no longer {lost}: take the marker away (R9, R20)")
            for free in d.get("free_attacks", []):
                from sprawl_cli.systems.sprawl.views.close import free_attack_lines  # close imports this module

                lines.append(f"  {who} turns its back in close combat (R12)")
                lines.extend(free_attack_lines(free, tens))
        else:
            lines.append(f"  Panic test: {who} Guts {dice(d['faces'], tens)} needing {d['needed']} → [good]holds[/]")
    return lines


def set_lines(who: str, result: Any) -> list[str]:
    """`set NAME STATUS on|off`: the statuses it has now."""
    line = f"{escape(who)}: {result.status} {'on' if result.on else 'off'} → " + (
        " ".join(badge(s) for s in result.statuses) or "no statuses")
    return [line]


def damage_lines(result: Any, points: int, game: Any) -> list[str]:
    """`damage NAME POINTS`: the referee's damage, then what it led to (R8, R9)."""
    tens = game.settings.rule_of_tens
    lines = [f"Referee: {points} damage to {escape(result.victim.name)}."]
    lines += victim_lines(result.victim, tens) + panic_lines(result.panic, tens)
    if game.over:
        lines.append(f"[bold]The game is over:[/] {escape(game.reason or '')}")
    return lines
