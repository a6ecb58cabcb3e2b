"""Results -> Rich renderables. Rules never print; commands hand outcomes here.

Views are written as Rich markup lines, so the same text serves the terminal
(coloured, or plain under NO_COLOR) and, with the markup stripped by `plain`,
the game log.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
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


def die(face: int | str, tens: bool = True) -> str:
    """One face, coloured: 10s (double with the Rule of Tens), other successes, 1s, misses.
    A card (a logged deal) is shown as it is named."""
    if isinstance(face, str):
        return escape(face)
    if face == 10:
        return f"[die.ten]{'10' if tens else '10'}[/]"
    if face >= 7:
        return f"[die.hit]{face}[/]"
    if face == 1:
        return f"[die.one]1[/]"
    return f"[die.miss]{face}[/]"


def dice(faces: Sequence[int | str], tens: bool = True) -> str:
    """Faces as a coloured list: `[4 5 7 10]`."""
    if not faces:
        return "(no dice)"
    return "\\[" + " ".join(die(f, tens) for f in faces) + "]"


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


def faces_text(faces: Sequence[int | str], die: str = "d10") -> str:
    """A roll's faces for the log: d10s coloured as SPRAWL reads them, any other die or card plain."""
    if die == "d10" and all(isinstance(f, int) for f in faces):
        return dice([int(f) for f in faces])
    return "\\[" + " ".join(escape(str(f)) for f in faces) + "]" if faces else "(no dice)"


def log_view(console: Console, entries: list[dict[str, Any]]) -> None:
    """`sprawl log`: each change with its lines and dice; undone ones dimmed and marked."""
    if not entries:
        console.print("[dim]Nothing has happened yet.[/]")
    for e in entries:
        forced = " [bad](forced)[/]" if e.get("forced") else ""
        undone = e.get("undone")
        mark = " [warn](undone)[/]" if undone else ""
        what = escape(str(e.get("command") or e.get("kind", "")))
        head = (f"[bold]#{e.get('step')}[/] [dim]round {e.get('round')} · {escape(str(e.get('side')))} · "
                f"{e.get('phase')}[/]  [bold]{what}[/]{forced}{mark}")
        lines = [head] + [f"   {escape(str(line))}" for line in e.get("summary", []) or []]
        for roll in e.get("rolls", []) or []:
            lines.append(f"   [dim]{escape(roll['label'])}[/] {faces_text(roll['faces'], roll.get('die', 'd10'))}")
        for line in lines:
            console.print(f"[dim]{escape(plain(line))}[/]" if undone else line)
