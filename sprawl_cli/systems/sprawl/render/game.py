"""Views of the game itself: status, `next`, damage victims, panic, the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.render import escape, name, print_lines
from sprawl_cli.systems.sprawl.render import dice
from sprawl_cli.render.grid import print_table
from sprawl_cli.systems.sprawl.phases import PHASE_TITLES

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.model import Character, Game, Weapon
    from sprawl_cli.systems.sprawl.damage import Victim
    from sprawl_cli.systems.sprawl.morale import PanicTest
    from sprawl_cli.systems.sprawl.turn import Advance

BADGES = {
    "pinned": "black on yellow",
    "down": "white on red",
    "panicked": "black on magenta",
    "overwatch": "black on cyan",
    "hidden": "white on blue",
    "out_of_action": "white on grey23",
    "out_of_play": "white on grey23",
    "ran": "black on green",
    "engaged": "white on dark_orange3",
    "jammed": "black on yellow",
    "out_of_ammo": "black on yellow",
}


def badge(status: str) -> str:
    return f"[{BADGES.get(status, 'reverse')}]{status.replace('_', ' ')}[/]"


def health_bar(health: int, most: int) -> str:
    colour = "green" if health * 2 > most else ("yellow" if health > 0 else "red")
    return f"[{colour}]{'■' * health}[/][dim]{'□' * (most - health)}[/] {health}/{most}"


def header(game: Game) -> str:
    if game.over:
        from sprawl_cli.ending import rounds_played  # only for a game that has ended: off status's start-up

        won = f"{escape(game.winner)} wins" if game.winner else "no winner declared"
        return (f"[bold]Game over[/] in round {game.round} ({rounds_played(game)}): {won} — "
                f"{escape(game.reason or '')}")
    limit = f" of {game.rounds}" if game.rounds else ""
    return (f"[bold]Round {game.round}{limit}[/] · {name(game.current_squad.name)}'s turn · "
            f"[bold]{PHASE_TITLES[game.phase]} Phase[/]")


def _weapon_cell(c: Character, w: Weapon) -> str:
    """A weapon's name, with why it cannot be used now (jammed, out of ammo...)."""
    why = c.usable(w)
    return escape(w.name) + (f" [warn]({why.replace('_', ' ')})[/]" if why else "")


def status_view(console: Console, game: Game, only: str | None, todo: list[str]) -> None:
    from rich.table import Table

    console.print(header(game))
    for squad in game.squads:
        grid = Table(title=f"{escape(squad.name)}", title_justify="left", title_style="bold", expand=False,
                     show_edge=False, pad_edge=False)
        grid.add_column("name")
        grid.add_column("health")
        grid.add_column("T", justify="right")
        grid.add_column("wounds", justify="right")
        grid.add_column("status")
        grid.add_column("weapons")
        shown = 0
        for c in game.members(squad):
            if only is not None and c.name != only:
                continue
            shown += 1
            leader = " ★" if c.name == squad.leader else ""
            statuses = " ".join(badge(s) for s in c.shown_statuses)
            if c.has("hidden") and c.hide_successes:
                statuses += f" [dim]({c.hide_successes} to spot)[/]"
            if c.engaged_with:
                statuses += f" [dim]vs {escape(', '.join(c.engaged_with))}[/]"
            weapons = ", ".join(_weapon_cell(c, w) for w in c.weapons) or "[dim]Fists[/]"
            toughness = f"{c.toughness}" + (f"[dim]/{c.max_toughness}[/]" if c.toughness != c.max_toughness else "")
            grid.add_row(f"[name]{escape(c.name)}[/]{leader}", health_bar(c.health, c.max_health), toughness,
                         f"+{c.damage_taken}" if c.damage_taken else "", statuses, weapons)
        if shown:
            print_table(console, grid)
        if only is not None and shown:
            c = game.character(only)
            console.print("  " + " · ".join(f"{label} [bold]{value}[/]" for label, value in (
                ("Shooting", c.shooting), ("Brawling", c.brawling), ("Quickness", c.quickness),
                ("Smarts", c.smarts), ("Guts", c.guts), ("Strength", c.strength))))
    if todo and only is None:
        console.print("[todo]This phase:[/]")
        print_lines(console, [f"  • {escape(t)}" for t in todo])


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
                from sprawl_cli.systems.sprawl.render.close import free_attack_lines  # close imports this module

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
