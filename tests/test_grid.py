"""render/grid.py draws a simple table exactly as Rich's own Table does: the same
characters, each in the same style, on many tables; and it hands every other
table to Rich."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box as boxes
from rich.console import Console
from rich.style import Style
from rich.table import Table
from rich.text import Text

from sprawl_cli.render import grid, make_console
from tests.factory import SAMPLES, new_args

# Cell text: words, markup of the theme's and of colours, wide characters, escapes, spaces at the ends.
WORDS = ["Ada", "■■■", "3/3", "★", "+1", "Pistol, Knife", "□", "é", "漢字", "\\[x]", "", " ", "pinned  "]
STYLES = ["bold", "dim", "red", "black on yellow", "name", "warn", "white on grey23", "italic underline"]


@st.composite
def cell(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        word = draw(st.sampled_from(WORDS))
        if draw(st.booleans()):
            word = f"[{draw(st.sampled_from(STYLES))}]{word}[/]"
        parts.append(word)
    return draw(st.sampled_from([" ", ""])).join(parts)


@st.composite
def tables(draw: st.DrawFn) -> Table:
    columns = draw(st.integers(1, 6))
    table = Table(
        title=draw(st.one_of(st.none(), cell())),
        title_justify=draw(st.sampled_from(["left", "center", "right"])),
        title_style=draw(st.one_of(st.none(), st.sampled_from(STYLES))),
        show_edge=draw(st.booleans()),
        pad_edge=draw(st.booleans()),
        show_header=draw(st.booleans()),
        box=draw(st.sampled_from([boxes.HEAVY_HEAD, boxes.SIMPLE, boxes.ROUNDED, boxes.ASCII, None])),
        padding=(0, draw(st.integers(0, 2))),
        border_style=draw(st.one_of(st.none(), st.sampled_from(STYLES))),
    )
    for _ in range(columns):
        table.add_column(draw(cell()), justify=draw(st.sampled_from(["left", "right", "center"])))
    for _ in range(draw(st.integers(0, 5))):
        table.add_row(*(draw(cell()) for _ in range(columns)))
    return table


def drawn(table: Table, width: int, fast: bool, colour: bool = True) -> tuple[str, list[Style]]:
    """What a terminal shows: the text, and the style of every character of it."""
    out = io.StringIO()
    console = make_console(out)
    console.width = width
    if colour:
        console._force_terminal = True
        console._color_system = console._detect_color_system() or None
    if fast:
        grid.print_table(console, table)
    else:
        console.print(table)
    text = Text.from_ansi(out.getvalue())
    return text.plain, [text.get_style_at_offset(console, i) for i in range(len(text.plain))]


@settings(max_examples=300, deadline=None)
@given(tables(), st.integers(20, 120))
def test_a_table_looks_the_same_drawn_either_way(table: Table, width: int) -> None:
    assert drawn(table, width, fast=True) == drawn(table, width, fast=False)


@settings(max_examples=50, deadline=None)
@given(tables(), st.integers(20, 120))
def test_plain_text_is_the_same_without_colour(table: Table, width: int) -> None:
    assert drawn(table, width, fast=True, colour=False)[0] == drawn(table, width, fast=False, colour=False)[0]


def layout_of(table: Table, width: int = 100) -> object:
    console = Console(file=io.StringIO(), width=width)
    return grid._Laid.of(console, table)


def status_like() -> Table:
    table = Table(title="PLF", title_justify="left", title_style="bold", show_edge=False, pad_edge=False)
    for name in ("name", "health", "T"):
        table.add_column(name, justify="right" if name == "T" else "left")
    table.add_row("[name]Babs[/] ★", "[green]■■■[/] 3/3", "3")
    return table


def test_a_status_table_that_fits_takes_the_fast_way() -> None:
    laid = layout_of(status_like())
    assert isinstance(laid, grid._Laid)
    assert laid.widths == [7, 9, 2]  # name 6 + 1 right pad; health 7 + 1 + 1; T 1 + 1 left pad (none at the edge)


@pytest.mark.parametrize("change", [
    lambda t: setattr(t, "show_footer", True),
    lambda t: setattr(t, "show_lines", True),
    lambda t: setattr(t, "expand", True),
    lambda t: setattr(t, "caption", "below"),
    lambda t: setattr(t, "row_styles", ["dim"]),
    lambda t: setattr(t, "width", 40),
    lambda t: setattr(t.columns[0], "width", 5),
    lambda t: setattr(t.columns[0], "style", "red"),
    lambda t: setattr(t.columns[0], "justify", "full"),
    lambda t: t.add_row("two\nlines", "x", "y"),
    lambda t: t.add_row(Text("not markup"), "x", "y"),
    lambda t: t.add_row("a very long cell " * 10, "x", "y"),
])
def test_any_other_table_is_left_to_rich(change: object) -> None:
    table = status_like()
    change(table)  # type: ignore[operator]
    assert layout_of(table) is None




def looks(output: str) -> tuple[str, list[Style]]:
    text = Text.from_ansi(output)
    console = Console()
    return text.plain, [text.get_style_at_offset(console, i) for i in range(len(text.plain))]


@pytest.mark.parametrize("system", list(SAMPLES))
def test_every_systems_status_is_drawn_the_fast_way_and_looks_as_rich_draws_it(
        system: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests import harness

    game = str(tmp_path / "game.yaml")
    started = harness.invoke(["new", *new_args(system), "--game", game, "--seed", "1"])
    assert started.exit_code == 0, started.output
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "140")
    laid: list[object] = []
    real = grid._Laid.of
    monkeypatch.setattr(grid._Laid, "of", classmethod(lambda cls, c, t: laid.append(real(c, t)) or laid[-1]))
    fast = harness.invoke(["status", "--game", game])
    assert fast.exit_code == 0, fast.output
    assert laid and all(isinstance(x, grid._Laid) for x in laid), "a status table fell back to Rich's layout"
    monkeypatch.setattr(grid, "print_table", lambda console, table: console.print(table))
    rich_way = harness.invoke(["status", "--game", game])
    assert "\x1b[" in fast.output
    assert looks(fast.output) == looks(rich_way.output)


def test_a_name_with_colons_is_printed_as_typed_not_as_an_emoji() -> None:
    out = io.StringIO()
    console = make_console(out)
    console.print("[name]Ace :fire: Jones[/]")
    assert out.getvalue() == "Ace :fire: Jones\n"


@pytest.mark.parametrize("mark", grid.NARROW_MARKS)
def test_a_mark_measured_without_richs_width_table_is_one_cell_to_rich(mark: str) -> None:
    # The fast layout measures these as one cell without asking Rich's Unicode table; should Rich
    # ever measure one otherwise, this fails before a status table comes out crooked.
    from rich.cells import get_character_cell_size

    assert get_character_cell_size(mark) == 1
    assert grid._cells(Text(f"Babs {mark}")) == Text(f"Babs {mark}").cell_len == 6
