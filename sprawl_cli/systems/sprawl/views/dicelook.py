"""Views for the quick lookups: a roll, odds as a bar chart, a table, the reference."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.api import bar, print_lines
from sprawl_cli.systems.sprawl.views import dice

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.pool import Odds, PoolResult
    from sprawl_cli.systems.sprawl.tables import LookupTable, Row


def pool_line(result: PoolResult, tens: bool = True) -> str:
    """`Shooting 4d10 vs 2: [4 5 7 10] 3 successes -> passed, 2 net`."""
    verdict = (
        f"[good]passed[/], {result.net} net success{'es' if result.net != 1 else ''}"
        if result.passed
        else "[bad]failed[/]"
    )
    count = f"{result.successes} success{'es' if result.successes != 1 else ''}"
    return f"{len(result.faces)}d10 vs Difficulty {result.difficulty}: {dice(result.faces, tens)}  {count} → {verdict}"


def roll_view(console: Console, result: PoolResult, pool: int, tens: bool) -> None:
    lines = [pool_line(result, tens)]
    if tens and 10 in result.faces:
        lines.append("[rule]each 10 counts as two successes (Rule of Tens, R2)[/]")
    print_lines(console, lines)


def odds_view(console: Console, odds: Odds) -> None:
    lines = [
        f"{odds.pool}d10 vs Difficulty {odds.difficulty}"
        f"{'' if odds.tens else ' (Rule of Tens off)'}: "
        f"[bold]{odds.p_pass:.1%}[/] to pass",
    ]
    shown = [(k, p) for k, p in odds.net.items() if p >= 0.0005 or k == 0]
    top = max((p for _, p in shown), default=1.0) or 1.0
    for k, p in shown:
        label = "fail" if k == 0 else f"net {k}"
        style = "bad" if k == 0 else "good"
        lines.append(f"  {label:>7} [{style}]{bar(p / top, 30):<30}[/] {p:6.1%}")
    hidden = len(odds.net) - len(shown)
    if hidden:
        lines.append(f"  [dim]({hidden} rarer outcomes under 0.05% not drawn)[/]")
    print_lines(console, lines)


def table_view(console: Console, table: LookupTable, row: Row | None, roll: int | None) -> None:
    from rich.table import Table

    from sprawl_cli.systems.sprawl.views.compass import compass, describe

    if row is not None:
        console.print(f"[bold]{table.title}[/]  {table.roll} {roll}: [bold]{row.result}[/] — {row.meaning}")
        if table.name == "scatter" and isinstance(row.result, int):
            print_lines(console, compass(row.result))
        return
    grid = Table(title=f"{table.title} ({table.ruling})", title_justify="left")
    grid.add_column(table.roll, justify="right")
    grid.add_column("result")
    grid.add_column("meaning")
    for r in table.rows:
        meaning = r.meaning
        if table.name == "scatter" and isinstance(r.result, int):
            meaning = f"{describe(r.result)}"
        grid.add_row(r.span, str(r.result), meaning)
    console.print(grid)
    if table.name == "scatter":
        print_lines(console, compass())
    if table.note:
        console.print(f"[rule]{table.note}[/]")
