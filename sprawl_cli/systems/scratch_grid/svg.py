"""The map as a standalone SVG drawing, for battle reports to embed: a pure function.

Squares are drawn as squares, hexes as pointy-topped hexagons with every second
row half a space to the right (S1). Terrain is coloured, characters are discs
in their side's colour with their letter, coordinates run along the top and
left, and an optional reach (space -> cost) is shaded with the costs written in.
"""

from __future__ import annotations

import math
import string
from html import escape

from sprawl_cli.systems.scratch_grid.drawing import tokens
from sprawl_cli.systems.scratch_grid.grid import TERRAIN, Space, shifted, space_name
from sprawl_cli.systems.scratch_grid.model import Game

FILLS = {"#": "#4a4a4a", "o": "#9c7a54", ".": "#f3efe3", "^": "#d8b36a", "~": "#7fb2de", "E": "#6dbf6d",
         "=": "#c6a3d9"}
SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#e6a117", "#17becf")
MARGIN = 24


def _centre(game: Game, space: Space, size: float) -> tuple[float, float]:
    column, row = space
    if game.grid == "square":
        return MARGIN + (column + 0.5) * size, MARGIN + (row + 0.5) * size
    radius = size / math.sqrt(3)
    x = MARGIN + (column + 0.5 + (0.5 if shifted(row) else 0)) * size
    return x, MARGIN + radius + row * 1.5 * radius


def _shape(game: Game, space: Space, size: float, fill: str, extra: str = "") -> str:
    x, y = _centre(game, space, size)
    if game.grid == "square":
        half = size / 2
        return (f'<rect x="{x - half:.2f}" y="{y - half:.2f}" width="{size:.2f}" height="{size:.2f}" '
                f'fill="{fill}"{extra}/>')
    radius = size / math.sqrt(3)
    points = " ".join(f"{x + radius * math.cos(math.radians(a)):.2f},{y + radius * math.sin(math.radians(a)):.2f}"
                      for a in (-90, -30, 30, 90, 150, 210))
    return f'<polygon points="{points}" fill="{fill}"{extra}/>'


def map_svg(game: Game, reach: dict[str, int] | None = None, size: float = 28.0, title: str = "") -> str:
    """The game's map and everyone on it as SVG text (no I/O, no randomness)."""
    board = game.board
    if game.grid == "square":
        width, height = board.width * size, board.height * size
    else:
        radius = size / math.sqrt(3)
        width = (board.width + 0.5) * size
        height = radius * 2 + (board.height - 1) * 1.5 * radius
    total_w, total_h = width + 2 * MARGIN, height + 2 * MARGIN
    heading = title or f"Scratch:Grid map ({board.width}x{board.height} {game.grid})"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
           f'width="{total_w:.0f}" height="{total_h:.0f}" font-family="sans-serif" font-size="{size * 0.42:.1f}">',
           f"<title>{escape(heading)}</title>",
           f'<rect width="{total_w:.0f}" height="{total_h:.0f}" fill="#ffffff"/>']
    for space in board.spaces():
        symbol = board.terrain(space)
        label = f"{space_name(space)} {TERRAIN[symbol]}"
        out.append(_shape(game, space, size, FILLS[symbol], f' stroke="#9a9a9a" stroke-width="0.6"'
                                                          f' data-space="{label}"'))
        if symbol in ("o", "^", "~", "E", "="):
            x, y = _centre(game, space, size)
            out.append(f'<text x="{x:.2f}" y="{y + size * 0.15:.2f}" text-anchor="middle" fill="#333333" '
                       f'opacity="0.55">{escape(symbol)}</text>')
    for name, cost in (reach or {}).items():
        space = board.space(name)
        x, y = _centre(game, space, size)
        out.append(_shape(game, space, size, "#2e8b57", ' opacity="0.35"'))
        out.append(f'<text x="{x:.2f}" y="{y + size * 0.15:.2f}" text-anchor="middle" fill="#0b3d20" '
                   f'font-weight="bold">{cost}</text>')
    for column in range(board.width):
        x, _ = _centre(game, (column, 0), size)
        out.append(f'<text x="{x:.2f}" y="{MARGIN - 6}" text-anchor="middle" fill="#555555">'
                   f"{string.ascii_lowercase[column]}</text>")
    for row in range(board.height):
        _, y = _centre(game, (0, row), size)
        out.append(f'<text x="{MARGIN - 6}" y="{y + size * 0.15:.2f}" text-anchor="end" fill="#555555">'
                   f"{row + 1}</text>")
    token = tokens(game)
    for c in game.on_map():
        index = next(i for i, s in enumerate(game.squads) if s.name == c.squad)
        colour = SIDE_COLOURS[index % len(SIDE_COLOURS)]
        x, y = _centre(game, c.space, size)
        faded = ' opacity="0.45"' if c.down else ""
        out.append(f'<g{faded}><title>{escape(c.name)} ({escape(c.squad)}) at {c.at}'
                   f'{": " + escape(", ".join(c.shown_statuses)) if c.shown_statuses else ""}</title>'
                   f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{size * 0.36:.2f}" fill="{colour}" stroke="#ffffff" '
                   f'stroke-width="1.5"/><text x="{x:.2f}" y="{y + size * 0.15:.2f}" text-anchor="middle" '
                   f'fill="#ffffff" font-weight="bold">{escape(token[c.name])}</text></g>')
    out.append("</svg>")
    return "\n".join(out)
