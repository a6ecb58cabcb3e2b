"""Terminal views of the campaign's books: the squads between games (with the cells a
system adds, `System.campaign_columns`) and the list of games played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.render import escape, name

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from sprawl_cli.books import Book, BookGame, BookSquad
    from sprawl_cli.systems.base import System


def book_view(console: Console, system: System, book: Book) -> None:
    """`campaign show`: each squad's characters, alive or dead, with the system's cells (its sheet,
    its notes) and their records added up (in the order the system counts them)."""
    from sprawl_cli.campaign import next_leader
    from sprawl_cli.schema import Where

    for i, squad in enumerate(book.squads):
        leads = next_leader(system, squad, Where("campaign", {}), i)
        grid = squad_grid(system, squad, leads, wrap=False)
        if console.measure(grid, options=console.options.update_width(10_000)).maximum > console.width:
            grid = squad_grid(system, squad, leads, wrap=True)
        console.print(grid)
        if leads and leads != squad.leader:
            console.print(f"{name(squad.leader)} is dead: {name(leads)} leads {name(squad.name)} in the next game.")
    console.print("[rule]★ leads the next game, † dead[/]")
    console.print(f"Aftermath: {escape(system.aftermath_label(book))}. Games played: {len(book.games)}.")


def squad_grid(system: System, squad: BookSquad, leads: str, wrap: bool) -> Table:
    """One squad of `campaign show`: name (a star for `leads`, who leads the next game), the
    system's first cell (its sheet), games, the record (`wrap`: each heading's words on lines
    of their own) and the system's other cells."""
    from rich.table import Table

    keys = list(dict.fromkeys(k for m in squad.characters for k in m.record))
    cells = [system.campaign_columns(m) for m in squad.characters]
    heads = list(dict.fromkeys(h for c in cells for h in c))
    grid = Table(title=escape(squad.name), title_justify="left", title_style="bold", box=None, padding=(0, 1),
                 pad_edge=False, show_edge=False)
    grid.add_column("name", no_wrap=True)
    for head in heads[:1]:
        grid.add_column(escape(head), no_wrap=True)
    grid.add_column("games", justify="right")
    for key in keys:
        grid.add_column(escape(key.replace("_", "\n" if wrap else " ")), justify="right")
    for head in heads[1:]:
        grid.add_column(escape(head))
    for m, own in zip(squad.characters, cells, strict=True):
        label = escape(m.name) + (" ★" if m.name == leads else "")
        grid.add_row(f"[bad]† {label}[/]" if m.dead else label, *(own.get(h, "") for h in heads[:1]),
                     str(m.games), *(str(m.record.get(k, 0)) for k in keys), *(own.get(h, "") for h in heads[1:]))
    return grid


NO_GAMES = "No games recorded yet: play one with `sprawl new --campaign FILE`, then `sprawl aftermath`."


def game_line(g: BookGame) -> str:
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
        if g.scenario:
            from sprawl_cli.scenario.words import book_lines

            lines.extend(f"  {escape(line)}" for line in book_lines(g.scenario)[:1])
        lines.extend(f"  {escape(line)}" for line in g.aftermath)
        lines.extend(f"  {name(c.name)} died." for c in g.characters if c.state == "dead")
    return lines
