"""`sprawl status`: the game's state as the JSON that `--json` prints (SPEC section 2), and the
terminal view. Rich and the views are imported inside the view's functions: `status --json`
needs neither."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.systems.sprawl.model import FISTS, Character, Game
from sprawl_cli.api import to_data
from sprawl_cli.systems.sprawl.phases import PHASE_TITLES, todo

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.model import Weapon


def character_json(c: Character) -> dict[str, Any]:
    return {
        "name": c.name,
        "squad": c.squad,
        "health": c.health,
        "max_health": c.max_health,
        "damage_taken": c.damage_taken,
        "toughness": c.toughness,
        "max_toughness": c.max_toughness,
        "statuses": c.shown_statuses,
        "hide_successes": c.hide_successes,
        # SPEC: every character also has Fists (melee, Power 0), carried or not.
        "weapons": [dict(to_data(w), state=c.usable(w)) for w in c.weapons]
        + ([] if any(w.name.lower() == "fists" for w in c.weapons) else [dict(to_data(FISTS), state=None)]),
        "engaged_with": list(c.engaged_with),
        "acted": list(c.acted),
        "attributes": {
            "shooting": c.shooting, "brawling": c.brawling, "quickness": c.quickness, "smarts": c.smarts,
            "guts": c.guts, "strength": c.strength, "toughness": c.max_toughness, "health": c.max_health,
        },
    }


def game_json(game: Game, only: Character | None = None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {
        "turn": game.turn,
        "squads": [{"name": s.name, "leader": s.leader, "members": list(s.members)} for s in game.squads],
        "characters": [character_json(c) for c in people],
        "todo": todo(game),
        "settings": to_data(game.settings),
        "step": game.step,
    }


def health_bar(health: int, most: int) -> str:
    colour = "green" if health * 2 > most else ("yellow" if health > 0 else "red")
    return f"[{colour}]{'■' * health}[/][dim]{'□' * (most - health)}[/] {health}/{most}"


def header(game: Game) -> str:
    from sprawl_cli.api import escape, name

    if game.over:
        from sprawl_cli.api import rounds_played  # only for a game that has ended: off status's start-up

        won = (f"{escape(game.winner)} wins" if game.winner
               else "a draw, nobody wins" if game.draw else "no winner declared")
        return (f"[bold]Game over[/] in round {game.round} ({rounds_played(game)}): {won} — "
                f"{escape(game.reason or '')}")
    limit = f" of {game.rounds}" if game.rounds else ""
    return (f"[bold]Round {game.round}{limit}[/] · {name(game.current_squad.name)}'s turn · "
            f"[bold]{PHASE_TITLES[game.phase]} Phase[/]")


def _weapon_cell(c: Character, w: Weapon) -> str:
    """A weapon's name, with why it cannot be used now (jammed, out of ammo...)."""
    from sprawl_cli.api import escape

    why = c.usable(w)
    return escape(w.name) + (f" [warn]({why.replace('_', ' ')})[/]" if why else "")


def status_view(console: Console, game: Game, only: str | None, todo: list[str]) -> None:
    from rich.table import Table

    from sprawl_cli.api import escape, print_lines, print_table
    from sprawl_cli.systems.sprawl.views import badge

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
