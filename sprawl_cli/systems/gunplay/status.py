"""Gunplay's `status`: the JSON fields of the game and its characters, and the terminal view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import to_data
from sprawl_cli.systems.gunplay.model import Character, Game

if TYPE_CHECKING:
    from rich.console import Console

HOUSE = [
    "G5: the weapons are the text's example table, used as house gear",
    "G6: a hit on a character already down adds the wound without a Toughness test",
    "G3: a prone character that moves or charges gets up",
    "G7: a down character whose recovery could only be impossible is removed at once",
    "G9: an aim does not count for a quick move-and-fire either, as for a cautious one",
    "G10: an aim lapses when its activation ends; it never carries over to a later turn",
]


def character_json(c: Character) -> dict[str, Any]:
    return {"name": c.name, "squad": c.squad, "statuses": c.shown_statuses, "wounds": c.wounds,
            "actions_left": 0 if c.activated else c.actions_left, "activated": c.activated,
            "aiming_at": c.aiming_at, "shooting": c.shooting, "melee": c.melee,
            "weapons": [to_data(w) for w in c.weapons]}


def status(game: Game, only: Character | None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {"turn": game.turn, "active": game.active, "order": [game.squads[i].name for i in game.order],
            "initiative": [dict(r) for r in game.initiative], "die": game.settings.die, "house": list(HOUSE),
            "characters": [character_json(c) for c in people]}


def status_view(console: Console, game: Game, only: Character | None) -> None:
    from rich.table import Table as RichTable

    from sprawl_cli.api import escape, print_table

    title = f"Gunplay, turn {game.round}" + (f" of {game.rounds}" if game.rounds else "")
    now = f"{game.active} is mid-activation" if game.active else f"{game.current_squad.name} to activate"
    if game.over:
        result = f"{game.winner} wins" if game.winner else "no winner"
        now = f"game over: {game.reason}" if game.draw else f"game over: {result} ({game.reason})"
    grid = RichTable(title=f"{escape(title)}: {escape(now)}", title_justify="left")
    for heading in ("Name", "Squad", "Wounds", "Actions", "Statuses", "Weapons"):
        grid.add_column(heading)
    for c in [only] if only is not None else game.characters:
        actions = "-" if c.gone else "done" if c.activated else str(c.actions_left)
        mark = " (acting)" if game.active == c.name else ""
        grid.add_row(f"[name]{escape(c.name)}[/]{mark}", escape(c.squad), str(c.wounds), actions,
                     ", ".join(c.shown_statuses) or "-", ", ".join(escape(w.name) for w in c.weapons) or "unarmed")
    print_table(console, grid)
    console.print("[rule]House rulings in play: G3, G5, G6, G7, G9, G10 (`sprawl rules house` says what they are).[/]")
    if game.settings.die == "d20":
        console.print("[rule]Setting: d20 ladder (5 / 10 / 15).[/]")
