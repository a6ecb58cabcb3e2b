"""SPRAWL's campaign in the terminal: the aftermath's rolls on R26's table, the
squads between games with their attributes and injuries, the games played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.render import escape, name
from sprawl_cli.render.report_views import NO_GAMES, game_line
from sprawl_cli.systems.sprawl.campaign import HOUSE_LABEL, table_label
from sprawl_cli.systems.sprawl.model import ATTRIBUTES
from sprawl_cli.systems.sprawl.report import RESULT_WORDS, aftermath_line

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.campaign import Aftermath, Campaign

RESULT_STYLE = {"dead": "bad", "injured": "warn", "recovered": "good"}


def table_title(label: str) -> str:
    return "the house table (R26)" if label == HOUSE_LABEL else f"the campaign's table '{escape(label)}' (R26)"


def aftermath_lines(result: Aftermath, campaign: str) -> list[str]:
    lines = [f"[bold]Aftermath of game {result.game}[/], rolled on {table_title(result.table)}:"]
    if not result.results:
        lines.append("  Nobody went Out of Action: nobody rolls.")
    for r in result.results:
        style = RESULT_STYLE.get(r.result, "bold")
        line = f"  {name(r.name)}: d10 {r.roll} → [{style}]{RESULT_WORDS.get(r.result, r.result)}[/]"
        if r.attribute:
            line += f", d8 {r.attribute_roll}: {r.attribute} {r.before} → {r.after}"
            if r.before == r.after:
                line += " (never below 1)"
        lines.append(line)
    lines.append(f"Recorded in {escape(campaign)} as game {result.game}; `sprawl undo` takes it back.")
    return lines


def campaign_view(console: Console, book: Campaign) -> None:
    from rich.table import Table

    for squad in book.squads:
        grid = Table(title=escape(squad.name), title_justify="left", title_style="bold", box=None, padding=(0, 1),
                     pad_edge=False, show_edge=False)
        grid.add_column("name")
        grid.add_column("attributes", no_wrap=True)
        for column in ("games", "shots", "hits", "dealt", "taken", "OoA by/of"):
            grid.add_column(column, justify="right")
        grid.add_column("injuries")
        for f in squad.characters:
            r = f.record
            label = escape(f.name) + (" ★" if f.name == squad.leader else "")
            grid.add_row(
                f"[bad]† {label}[/]" if f.dead else label,
                " ".join(str(getattr(f, a)) for a in ATTRIBUTES),
                *(str(v) for v in (r.games, r.shots, r.hits, r.damage_dealt, r.damage_taken)),
                f"{r.put_out_of_action}/{r.times_out_of_action}",
                ", ".join(f"{i.attribute} -1 (game {i.game})" for i in f.injuries) or "-",
            )
        console.print(grid)
    console.print("[rule]attributes: Sh Br Qu Sm Gu St To He (Shooting ... Health); "
                  "★ leader, † dead[/]")
    console.print(f"Aftermath table: {table_title(table_label(book))}. Games played: {len(book.games)}.")


def history_lines(book: Campaign) -> list[str]:
    if not book.games:
        return [NO_GAMES]
    lines = []
    for g in book.games:
        lines.append(game_line(g))
        lines.extend(f"  {escape(aftermath_line(r))}" for r in g.aftermath)
    return lines
