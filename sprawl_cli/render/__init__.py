"""Results -> Rich renderables. Rules never print; commands hand outcomes here.

Views are written as Rich markup lines, so the same text serves the terminal
(coloured, or plain under NO_COLOR) and, with the markup stripped by `plain`,
the game log.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console

_MARKUP = re.compile(r"(?<!\\)\[/?[a-z_ #0-9.=-]*\]")


def make_console(stream: TextIO) -> Console:
    """A Console on `stream` that honours NO_COLOR, FORCE_COLOR and the terminal's width.

    When `stream` is not a terminal (`sprawl log | grep`, a file, a test), lines of text
    are never wrapped: a sentence stays on one line, so a pipe sees it whole. Tables
    still fit the width (COLUMNS, else 80), and a cell too wide for its column is folded
    onto the next line, never cut short with "…"."""
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
    if terminal:
        return Console(file=stream, theme=theme, highlight=False, emoji=False)
    return _pipe_console()(file=stream, theme=theme, highlight=False, emoji=False, soft_wrap=True)


_PIPE: list[type[Console]] = []


def _pipe_console() -> type[Console]:
    """A Console for output that is not a terminal: it cuts no cell of a table (made once, when
    first needed, so a command that prints nothing pays nothing for it)."""
    if not _PIPE:
        from rich.console import Console

        class PipeConsole(Console):
            def print(self, *objects: Any, **options: Any) -> None:
                for shown in objects:
                    _fold_cells(shown)
                super().print(*objects, **options)

        _PIPE.append(PipeConsole)
    return _PIPE[0]


def _fold_cells(shown: Any) -> None:
    """A Rich table (and any table in its cells or in a panel) set to fold a cell too wide for its
    column onto the next line instead of cutting it short with an ellipsis."""
    panel, columns, text = (sys.modules.get(f"rich.{name}") for name in ("panel", "columns", "text"))
    if panel is not None and isinstance(shown, panel.Panel):
        _fold_cells(shown.renderable)
        return
    if columns is not None and isinstance(shown, columns.Columns):  # Typer's help text of an option
        for item in shown.renderables:
            if text is not None and isinstance(item, text.Text) and item.overflow in (None, "ellipsis"):
                item.overflow = "fold"
            _fold_cells(item)
        return
    table = sys.modules.get("rich.table")  # no table can exist before rich.table is imported
    if table is None or not isinstance(shown, table.Table):
        return
    for column in shown.columns:
        column.no_wrap = False
        if column.overflow == "ellipsis":
            column.overflow = "fold"
        for cell in column.cells:
            _fold_cells(cell)


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


def print_markdown(console: Console, text: str) -> None:
    """Markdown wrapped at the terminal's width; not on a terminal (a pipe, a file), every
    line whole: Rich draws a list item or a quote by cutting its lines at the console's width,
    so it is drawn wide enough for the longest paragraph, and the padding is taken off."""
    from rich.markdown import Markdown
    from rich.segment import Segment, Segments

    if not console.soft_wrap:
        console.print(Markdown(text))
        return
    wide = console.options.update(width=max(console.width, len(text) + 16))
    drawn: list[Segment] = []
    for line in console.render_lines(Markdown(text), wide, pad=False):
        while line and not line[-1].control and not line[-1].text.rstrip():
            line.pop()  # the padding Rich adds to every line of a list item
        if line and not line[-1].control:
            line[-1] = Segment(line[-1].text.rstrip(), line[-1].style)
        drawn += [*line, Segment.line()]
    console.print(Segments(drawn), end="")


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
        head = (f"[bold]#{e.get('number', e.get('step'))}[/] [dim]{round_word} {e.get('round')} · {escape(str(e.get('side')))} · "
                f"{e.get('phase')}[/]  [bold]{what}[/]{forced}{mark}")
        lines = [head] + [f"   {escape(str(line))}" for line in e.get("summary", []) or []]
        for roll in e.get("rolls", []) or []:
            shown = faces(roll["faces"], roll.get("die")) or faces_text(roll["faces"])
            lines.append(f"   [dim]{escape(roll['label'])}[/] {shown}")
        for line in lines:
            console.print(f"[dim]{escape(plain(line))}[/]" if undone else line)


def fold_help_tables() -> None:
    """`--help` is drawn by Typer on a console of its own: off a terminal, fold its cells as
    `make_console` does instead of cutting them. (It patches Typer's private console maker when
    that exists; if a Typer release renames it, the help is drawn as Typer draws it.)"""
    try:
        from typer import rich_utils
    except ImportError:  # pragma: no cover - Typer without Rich
        return
    made = getattr(rich_utils, "_get_rich_console", None)
    if made is None or getattr(made, "_sprawl_folds", False):
        return

    def folding(*args: Any, **kwargs: Any) -> Any:
        console = made(*args, **kwargs)
        if not console.is_terminal:
            plain = console.print

            def print_folded(*objects: Any, **options: Any) -> None:
                for shown in objects:
                    _fold_cells(shown)
                plain(*objects, **options)

            console.print = print_folded
        return console

    folding._sprawl_folds = True  # type: ignore[attr-defined]
    rich_utils._get_rich_console = folding
