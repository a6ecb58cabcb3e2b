"""Duel's outcomes as lines of Rich markup, and its status table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sprawl_cli.api import escape

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_duel.model import Character, Game
    from sprawl_duel.rules import Shot


def shot_lines(shot: Shot, _game: Any) -> list[str]:
    aim = " (aimed, +1)" if shot.aim else ""
    faces = " + ".join(str(f) for f in shot.faces)
    said = (f"hit: {escape(shot.target)} has {shot.grit} Grit" + (", [bold red]down[/]" if shot.down else "")
            if shot.hit else "miss")
    return [f"{escape(shot.shooter)} shoots at {escape(shot.target)}{aim}: {faces} = {shot.total}, {said}.",
            f"{escape(shot.side)} to activate."]


def status_table(console: Console, game: Game, only: Character | None) -> None:
    """The status columns: each character's side, Grit, whether it has acted, its statuses."""
    from rich.table import Table

    from sprawl_cli.api import print_table

    console.print(f"Duel, round {game.round}: {escape(game.current_squad.name)} to activate"
                  + (f" (over: {escape(game.reason or '')})" if game.over else ""))
    table = Table("name", "side", "grit", "acted", "statuses")
    for c in [only] if only is not None else game.characters:
        table.add_row(escape(c.name), escape(c.squad), f"{c.grit}/{c.max_grit}", "yes" if c.activated else "",
                      escape(" ".join(c.shown_statuses)))
    print_table(console, table)
