"""Scratch:Grid outcomes as lines of Rich markup (the log keeps them plain).

Each view says what happened on the map and, where the tool cannot know, what
the referee decided (S5, house).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.api import escape, name

if TYPE_CHECKING:
    from sprawl_cli.systems.scratch_grid.actions import EvadeOutcome, HealOutcome
    from sprawl_cli.systems.scratch_grid.referee import StatusChange
    from sprawl_cli.systems.scratch_grid.attacks import AttackOutcome, Victim
    from sprawl_cli.systems.scratch_grid.interrupts import Interruption
    from sprawl_cli.systems.scratch_grid.movement import MoveOutcome
    from sprawl_cli.systems.scratch_grid.sight import Sight
    from sprawl_cli.systems.scratch_grid.turn import Advance

RESULT = {"hit": "[good]hit[/]", "miss": "[warn]miss[/]", "pass": "[dim]passes[/]"}


def interrupt_lines(i: Interruption, who: str) -> list[str]:
    lines = [f"  [warn]{escape(n)}[/]" for n in i.notes]
    if not i.offered:
        return lines
    offered = ", ".join(name(n) for n in i.offered)
    lines.append(f"  Interrupting attacks (S4) open to {offered}.")
    for r in i.results:
        lines.append(f"    {name(r['name'])}: {RESULT[r['result']]}")
    if i.hit_by:
        lines.append(f"  [bad]{name(i.hit_by)} stops {name(who)}[/]: its turn ends, any evasion is lost, and it "
                     "may not escape on its next turn (S4).")
    return lines


def move_lines(o: MoveOutcome) -> list[str]:
    who = name(o.name)
    route = " → ".join(o.path)
    spent = f"{o.cost} space{'s' if o.cost != 1 else ''} of movement"
    if o.destination == "off the map":
        head = f"{who} makes for the way out: {route} ({spent})."
    else:
        head = f"{who} moves {route} ({spent}; allowance {escape(o.allowance)})."
    lines = [head, *interrupt_lines(o.interruption, o.name)]
    if o.stopped_by:
        lines.append(f"  It stops at {o.path[-1]}: {escape(o.stopped_by)}.")
    if o.escaped:
        how = "through the exit" if o.via == "exit" else "off the edge of the map"
        lines.append(f"  [good]{who} escapes {how}[/] (S5).")
    if o.next_to:
        lines.append(f"  Next to {', '.join(name(n) for n in o.next_to)}: its move is over (S2).")
    lines += [f"  [warn]{escape(n)}[/]" for n in o.notes]
    return lines


def _victim(v: Victim) -> str:
    if v.result == "miss":
        return f"  {name(v.name)}: {RESULT['miss']}."
    if v.immobilised:
        return f"  {name(v.name)}: {RESULT['hit']}, immobilised to the end of its next turn (S3)."
    change = f"{v.before} → [bad]{v.after}[/]" if v.after != v.before else f"still {v.after}"
    return f"  {name(v.name)}: {RESULT['hit']}, {change} (S5)."


def sight_line(s: Sight) -> str:
    if s.clear:
        via = f" through {', '.join(s.crossed)}" if s.crossed else ""
        return f"Line of sight {s.start} → {s.end}{via}: [good]clear[/]."
    if s.between:
        return (f"Line of sight {s.start} → {s.end}: [bad]blocked[/] where it passes between {s.between[0]} and "
                f"{s.between[1]}, which both block (S3).")
    return f"Line of sight {s.start} → {s.end}: [bad]blocked at {s.blocked_by}[/] (S3)."


def attack_lines(o: AttackOutcome) -> list[str]:
    who = name(o.attacker)
    if o.kind == "blast":
        caught = ", ".join(name(n) for n in o.caught) or "nobody"
        lines = [f"{who} blasts {o.at} ({o.distance} spaces away): the area {', '.join(o.spaces)} catches {caught}."]
    else:
        lines = [f"{who} makes a {o.kind} attack on {name(o.target or '')} at {o.at} "
                 f"({o.distance} space{'s' if o.distance != 1 else ''} away)."]
    if o.sight is not None:
        lines.append("  " + sight_line(o.sight))
    lines += interrupt_lines(o.interruption, o.attacker)
    if o.interruption.hit_by:
        lines.append("  The attack never lands.")
        return lines
    lines += [_victim(v) for v in o.victims]
    for m in o.moved:
        lines.append(f"  {name(m['name'])} goes {m['from']} → {m['to']} (S3).")
    lines += [f"  [warn]{escape(n)}[/]" for n in o.notes]
    return lines


def evade_lines(o: EvadeOutcome) -> list[str]:
    lines = [f"{name(o.name)} tries to evade."] + interrupt_lines(o.interruption, o.name)
    if o.evading:
        lines.append(f"  {name(o.name)} is evading until its next turn: the referee adds its bonus against attacks.")
    return lines


def heal_lines(o: HealOutcome) -> list[str]:
    verb = "revive" if o.before == "incapacitated" else "heal"
    if o.result == "miss":
        return [f"{name(o.healer)} tries to {verb} {name(o.patient)}, without success."]
    return [f"{name(o.healer)} {verb}s {name(o.patient)}: {o.before} → [good]{o.after}[/] (S5)."]


def status_change_lines(o: StatusChange) -> list[str]:
    if not o.changed:
        return [f"{name(o.name)} is already {'' if o.on else 'not '}{o.status}; nothing changed."]
    extra = f" ({'; '.join(o.notes)})" if o.notes else ""
    return [f"{name(o.name)}: {o.status} {'on' if o.on else 'off'}{extra}."]


def advance_lines(o: Advance) -> list[str]:
    lines = []
    if o.idle:
        lines.append(f"[dim]Did nothing this turn: {', '.join(o.idle)}.[/]")
    for lift in o.lifted:
        lines.append(f"{name(lift['name'])} is no longer {lift['status']}.")
    if o.over:
        lines.append(f"[bold]The game is over[/]: {escape(o.reason or '')}.")
        return lines
    lines.append(f"Round {o.round}, turn {o.turn}: [bold]{escape(o.side)}[/] to play (each may move once and act once, S6).")
    if o.evasion_lapsed:
        lines.append(f"Evasion ends for {', '.join(name(n) for n in o.evasion_lapsed)}.")
    return lines
