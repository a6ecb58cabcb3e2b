"""Terminal views of the kernel's campaign books: the squads between games and
the list of games played (a system with books of its own draws its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.render import escape, name

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.campaign import Book
    from sprawl_cli.report import Played


def book_view(console: Console, book: Book) -> None:
    """`campaign show`: each squad's characters, alive or dead, with their records added up."""
    from rich.table import Table

    from sprawl_cli.campaign import NO_AFTERMATH

    for squad in book.squads:
        keys = sorted({k for m in squad.characters for k in m.record})
        grid = Table(title=escape(squad.name), title_justify="left", title_style="bold", box=None, padding=(0, 1),
                     pad_edge=False, show_edge=False)
        grid.add_column("name")
        grid.add_column("games", justify="right")
        for key in keys:
            grid.add_column(escape(key.replace("_", " ")), justify="right")
        for m in squad.characters:
            label = escape(m.name) + (" ★" if m.name == squad.leader else "")
            grid.add_row(f"[bad]† {label}[/]" if m.dead else label, str(m.games),
                         *(str(m.record.get(k, 0)) for k in keys))
        console.print(grid)
    console.print("[rule]★ leader, † dead[/]")
    console.print(f"Aftermath: {NO_AFTERMATH if not any(g.aftermath for g in book.games) else 'as the rules say'}. "
                  f"Games played: {len(book.games)}.")


NO_GAMES = "No games recorded yet: play one with `sprawl new --campaign FILE`, then `sprawl aftermath`."


def game_line(g: Played) -> str:
    """One game of `campaign history`: number, date, sides, winner, rounds and why it ended."""
    from sprawl_cli.report import reason_sentence

    won = f"{name(g.winner)} won" if g.winner else "no winner"
    when = f" ({escape(g.date)})" if g.date else ""
    return (f"[bold]Game {g.number}[/]{when}: {' vs '.join(name(s) for s in g.squads)}; {won} "
            f"in {g.rounds} round{'s' if g.rounds != 1 else ''}. {escape(reason_sentence(g.reason))}").rstrip()


def book_history_lines(book: Book) -> list[str]:
    if not book.games:
        return [NO_GAMES]
    lines = []
    for g in book.games:
        lines.append(game_line(g))
        lines.extend(f"  {escape(line)}" for line in g.aftermath)
        lines.extend(f"  {name(c.name)} died." for c in g.characters if c.state == "dead")
    return lines
