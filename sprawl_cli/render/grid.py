"""Print a Rich table quickly when it is of the plain kind the status views draw.

`sprawl status` prints one or two tables on every call, and Rich's general table
layout costs about half a millisecond a cell on a slow machine: each cell's markup
is parsed twice (once to measure, once to draw), then wrapped, padded, cropped and
shaped through Rich's whole rendering pipeline, although a status cell is one short
line. `print_table` lays out a table whose cells are single lines of markup and
which fits the console as it is, with Rich's own pieces (its markup, its box
characters, its styles), each cell parsed once; it gives the same characters in the
same styles as `console.print(table)`, which tests/test_grid.py checks on many
tables. Any other table (one that must wrap or shrink, has footers, row styles,
fixed widths, or cells that are not text) is handed to Rich unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult
    from rich.segment import Segment
    from rich.table import Table
    from rich.text import Text


# Marks the views put in cells that Rich measures as one cell each but does not list among the
# characters it knows at a glance to be one cell wide: measuring one of them makes Rich load its
# whole Unicode width table, 1.6 million instructions, the dearest single thing a `status` drew
# (the leader's star). They are measured as a plain space instead; tests/test_grid.py checks
# that Rich still gives each of them one cell.
NARROW_MARKS = ("★",)


def _cells(text: Text) -> int:
    """`text.cell_len`, without loading Rich's width table for the marks in `NARROW_MARKS`."""
    from rich.cells import cell_len

    plain = text.plain
    for mark in NARROW_MARKS:
        plain = plain.replace(mark, " ")
    return cell_len(plain)


def print_table(console: Console, table: Table) -> None:
    """`console.print(table)`, laid out directly when the table is simple and fits."""
    fast = _Laid.of(console, table)
    console.print(table if fast is None else fast)


def _simple(table: Table) -> bool:
    """Whether the table uses only what `_Laid` reproduces (everything else goes to Rich)."""
    top, _, bottom, _ = table.padding
    return (
        table.width is None and table.min_width is None and not table.expand and not table.show_footer
        and not table.show_lines and not table.leading and not table.row_styles and table.style in (None, "", "none")
        and not table.caption and not table.collapse_padding and top == 0 and bottom == 0
        and (table.title is None or isinstance(table.title, str))
        and all(not row.style and not row.end_section for row in table.rows)
        and all(
            column.width is None and column.min_width is None and column.max_width is None
            and column.ratio is None and not column.style and not column.header_style
            and not column.highlight and isinstance(column.header, str)
            and column.justify in ("left", "right", "center")
            for column in table.columns
        )
    )


class _Laid:
    """A simple table's cells parsed once and its column widths known: a renderable."""

    def __init__(self, table: Table, cells: list[list[Text]], widths: list[int]) -> None:
        self.table = table
        self.cells = cells  # one list per line: the header's (if shown), then each row's
        self.widths = widths  # each column's width with its padding, as Rich computes it

    @classmethod
    def of(cls, console: Console, table: Table) -> _Laid | None:
        if not table.columns or not _simple(table):
            return None
        columns = table.columns
        lines: list[list[object]] = []
        if table.show_header:
            lines.append([column.header for column in columns])
        bodies = [list(column.cells) for column in columns]
        lines.extend([body[i] for body in bodies] for i in range(len(table.rows)))
        if not lines:
            return None  # Rich gives an empty column the whole width
        cells: list[list[Text]] = []
        widths = [0] * len(columns)
        for line in lines:
            parsed: list[Text] = []
            for i, cell in enumerate(line):
                if not isinstance(cell, str):
                    return None
                text = console.render_str(cell, highlight=False)
                if "\n" in text.plain or "\t" in text.plain:
                    return None
                widths[i] = max(widths[i], _cells(text))
                parsed.append(text)
            cells.append(parsed)
        widths = [(width + _padding(table, i)) or 1 for i, width in enumerate(widths)]
        if sum(widths) + _extra(table) > console.options.max_width:
            return None  # Rich shrinks and wraps the columns: leave that to it
        return cls(table, cells, widths)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment
        from rich.style import Style

        table = self.table
        widths = self.widths
        table_width = sum(widths) + _extra(table)
        if isinstance(table.title, str) and table.title:  # _simple() let no other title through
            title = console.render_str(table.title, style=Style.pick_first(table.title_style, "table.title"),
                                       highlight=False)
            yield from console.render(title, options.update(width=table_width, highlight=table.highlight, height=None,
                                                            justify=table.title_justify))
        border = console.get_style(table.border_style or "")
        box = table.box.substitute(options, safe=table.safe_box if table.safe_box is not None else console.safe_box) \
            if table.box else None
        if box is not None and not table.show_header:
            box = box.get_plain_headed_box()
        edge = table.show_edge and box is not None
        new_line = Segment.line()
        if edge and box is not None:
            yield Segment(box.get_top(widths), border)
            yield new_line
        header_style = console.get_style(table.header_style or "")
        last = len(self.cells) - 1
        for index, row in enumerate(self.cells):
            heading = index == 0 and table.show_header
            style = header_style if heading else None
            sides = None
            if box is not None:
                which = 0 if index == 0 else (2 if index == last else 1)
                sides = ((box.head_left, box.head_right, box.head_vertical), (box.mid_left, box.mid_right, box.mid_vertical),
                         (box.foot_left, box.foot_right, box.foot_vertical))[which]
            if edge and sides is not None:
                yield Segment(sides[0], border)
            for i, text in enumerate(row):
                yield from self._cell(console, text, i, style)
                if sides is not None and i < len(row) - 1:
                    yield Segment(sides[2], border)
            if edge and sides is not None:
                yield Segment(sides[1], border)
            yield new_line
            if heading and box is not None:
                yield Segment(box.get_row(widths, "head", edge=table.show_edge), border)
                yield new_line
        if edge and box is not None:
            yield Segment(box.get_bottom(widths), border)
            yield new_line

    def _cell(self, console: Console, text: Text, i: int, style: object) -> list[Segment]:
        """One cell's segments: its padding, its text justified in the column, in the cell's style."""
        from rich.segment import Segment

        table = self.table
        left, right = _sides(table, i)
        room = self.widths[i] - left - right
        if room <= 0:
            # A column of empty cells: Rich draws no line in it and fills the gap in the cell's
            # style, or unstyled when no column of the row draws a line at all.
            drawn = any(w > sum(_sides(table, j)) for j, w in enumerate(self.widths))
            return [Segment(" " * self.widths[i], style if drawn else None)]  # type: ignore[arg-type]
        justify = table.columns[i].justify
        if justify != "left" and text.plain != text.plain.rstrip():
            text = text.copy()
            text.rstrip()  # as Rich does before it pads a cell on the left
        spare = room - _cells(text)
        before = spare if justify == "right" else (spare // 2 if justify == "center" else 0)
        after = spare - before
        parts: list[Segment] = []
        if left:
            parts.append(Segment(" " * left))
        if before:
            parts.append(Segment(" " * before))
        parts.extend(text.render(console))
        if after:
            parts.append(Segment(" " * after))
        if right:
            parts.append(Segment(" " * right))
        if style:
            return list(Segment.apply_style(parts, style))  # type: ignore[arg-type]
        return parts


def _sides(table: Table, i: int) -> tuple[int, int]:
    """The padding left and right of column `i`'s cells (none at the table's edges unless pad_edge)."""
    _, right, _, left = table.padding
    if not table.pad_edge:
        if i == 0:
            left = 0
        if i == len(table.columns) - 1:
            right = 0
    return left, right


def _padding(table: Table, i: int) -> int:
    left, right = _sides(table, i)
    return left + right


def _extra(table: Table) -> int:
    """The width the box takes: a divider between columns, and two edges if shown."""
    if table.box is None:
        return 0
    return len(table.columns) - 1 + (2 if table.show_edge else 0)
