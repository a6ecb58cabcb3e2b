"""`status` for Scratch:Grid: the JSON every script reads, and the terminal view
(the map, then each squad's characters with their space, health and what is left of their turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import escape, print_lines, print_table, to_data
from sprawl_cli.systems.scratch_grid.model import Character, Game

if TYPE_CHECKING:
    from rich.console import Console

HOUSE = ["S5 (house): the tool rolls no Scratch dice; the referee calls every hit or miss"]


def character_json(game: Game, c: Character) -> dict[str, Any]:
    return {
        "name": c.name, "squad": c.squad, "at": c.at, "statuses": c.shown_statuses, "health": c.health,
        "moved": c.moved, "acted": c.acted, "turn_over": c.turn_over,
        "quickness": c.quickness, "flying": c.flying, "acrobatics": c.acrobatics, "swimming": c.swimming,
        "immobilised_until": c.immobilised_turn if c.has("immobilised") else None,
        "delayed_until": c.delayed_turn if c.has("delayed") else None,
        "no_escape_until": c.no_escape_turn if c.no_escape_turn is not None and c.no_escape_turn >= game.turn
        else None,
        "interrupted_by": list(c.interrupted_by),
        "record": to_data(c.record),
    }


def game_json(game: Game, only: Character | None = None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {
        "turn": game.turn,
        "squads": [{"name": s.name, "members": list(s.members)} for s in game.squads],
        "characters": [character_json(game, c) for c in people],
        "grid": game.grid, "map": list(game.map), "map_file": game.map_source or None,
        "house": HOUSE, "settings": to_data(game.settings), "step": game.step,
    }


def _turn_left(game: Game, c: Character) -> str:
    if c.gone or c.down or not game.is_turn_of(c):
        return ""
    if c.turn_over:
        return "[dim]turn ended (S4)[/]"
    left = [w for w, spent in (("move", c.moved), ("action", c.acted)) if not spent]
    return " + ".join(left) if left else "[dim]done[/]"


def status_view(console: Console, game: Game, only: Character | None) -> None:
    from rich.table import Table

    from sprawl_cli.systems.scratch_grid.drawing import legend_lines, map_lines, side_style, tokens

    head = f"[bold]Scratch:Grid[/] — round {game.round}" + (f" of {game.rounds}" if game.rounds else "")
    if game.over:
        head += f" — [bold]game over[/]: {escape(game.reason or '')}"
    else:
        head += f", turn {game.turn}: [bold]{escape(game.current_squad.name)}[/] to play"
    console.print(head)
    if only is None:
        print_lines(console, map_lines(game) + legend_lines(game))
    token = tokens(game)
    for squad in game.squads:
        grid = Table(title=escape(squad.name), title_justify="left", title_style=side_style(game, squad.name),
                     show_edge=False, pad_edge=False)
        for column in ("", "name", "at", "health", "statuses", "moves", "this turn"):
            grid.add_column(column)
        shown = [c for c in game.members(squad) if only is None or c is only]
        for c in shown:
            statuses = [s for s in c.shown_statuses if s not in ("injured", "incapacitated")]
            extras = ", ".join(f"{w} {getattr(c, w)}" for w in ("quickness", "flying", "acrobatics", "swimming")
                               if getattr(c, w))
            health = {"healthy": "[good]healthy[/]", "injured": "[warn]injured[/]",
                      "incapacitated": "[bad]incapacitated[/]"}[c.health]
            grid.add_row(f"[{side_style(game, c.squad)}]{escape(token[c.name])}[/]", f"[name]{escape(c.name)}[/]",
                         c.at or "—", health, " ".join(statuses), extras, _turn_left(game, c))
        if shown:
            print_table(console, grid)
    console.print(f"[rule]{HOUSE[0]}.[/]")
