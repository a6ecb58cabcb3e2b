"""Results -> Rich renderables. Rules never print; commands hand outcomes here.

Views are written as Rich markup lines, so the same text serves the terminal
(coloured, or plain under NO_COLOR) and, with the markup stripped by `plain`,
the game log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console

_MARKUP = re.compile(r"(?<!\\)\[/?[a-z_ #0-9.=-]*\]")


def make_console(stream: TextIO) -> Console:
    """A Console on `stream` that honours NO_COLOR, FORCE_COLOR and the terminal's width.

    When `stream` is not a terminal (`sprawl log | grep`, a file, a test), lines of text
    are never wrapped: a sentence stays on one line, so a pipe sees it whole. Tables
    still fit the width (COLUMNS, else 80)."""
    from rich.console import Console
    from rich.theme import Theme

    theme = Theme(
        {
            "die.hit": "bold green",
            "die.ten": "bold bright_yellow",
            "die.one": "bold red",
            "die.miss": "dim",
            "good": "green",
            "bad": "bold red",
            "warn": "yellow",
            "name": "bold cyan",
            "rule": "dim italic",
            "todo": "bold magenta",
        }
    )
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):  # a closed or bare stream
        terminal = False
    return Console(file=stream, theme=theme, highlight=False, emoji=False, soft_wrap=not terminal)


def escape(text: str) -> str:
    """Escape square brackets in user text so Rich does not read them as markup."""
    return text.replace("[", "\\[")


def plain(markup: str) -> str:
    """Markup-free text of a view line, for the log."""
    return _MARKUP.sub("", markup).replace("\\[", "[")


def name(text: str) -> str:
    return f"[name]{escape(text)}[/]"


def print_lines(console: Console, lines: Iterable[str]) -> None:
    for line in lines:
        console.print(line)


def bar(fraction: float, width: int = 30) -> str:
    """A horizontal bar of block characters for 0.0-1.0."""
    cells = fraction * width
    full = int(cells)
    parts = " ▏▎▍▌▋▊▉"
    rest = parts[int((cells - full) * 8)] if full < width else ""
    return ("█" * full + rest).rstrip() if fraction > 0 else ""


def forced_lines(overruled: list[str]) -> list[str]:
    """The refusals the referee overruled with --force, as the log should show them."""
    return [f"  [warn]Forced by the referee:[/] {escape(reason)}" for reason in overruled]


def faces_text(faces: Sequence[int | str]) -> str:
    """A roll's faces as they are, for the log: `[4 5 7]`, `[KS]`."""
    return "\\[" + " ".join(escape(str(f)) for f in faces) + "]" if faces else "(no dice)"


def log_view(console: Console, entries: list[dict[str, Any]],
             faces: Callable[[Sequence[int | str], str | None], str | None] = lambda _f, _d: None,
             round_word: str = "round") -> None:
    """`sprawl log`: each change with its lines and dice; undone ones dimmed and marked.
    `faces` shows a roll's faces as the game's system reads them (None: as they are);
    `round_word` is what the system calls a round."""
    if not entries:
        console.print("[dim]Nothing has happened yet.[/]")
    for e in entries:
        forced = " [bad](forced)[/]" if e.get("forced") else ""
        undone = e.get("undone")
        mark = " [warn](undone)[/]" if undone else ""
        what = escape(str(e.get("command") or e.get("kind", "")))
        head = (f"[bold]#{e.get('step')}[/] [dim]{round_word} {e.get('round')} · {escape(str(e.get('side')))} · "
                f"{e.get('phase')}[/]  [bold]{what}[/]{forced}{mark}")
        lines = [head] + [f"   {escape(str(line))}" for line in e.get("summary", []) or []]
        for roll in e.get("rolls", []) or []:
            shown = faces(roll["faces"], roll.get("die")) or faces_text(roll["faces"])
            lines.append(f"   [dim]{escape(roll['label'])}[/] {shown}")
        for line in lines:
            console.print(f"[dim]{escape(plain(line))}[/]" if undone else line)
