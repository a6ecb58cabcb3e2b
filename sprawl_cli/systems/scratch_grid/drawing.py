"""The map drawn for a terminal (`map`, `status`): Rich markup lines.

Each space is two characters wide; on a hex map every second row is drawn half
a space (one character) to the right, as S1 lays it out. Characters show as a
letter in their side's colour (lower case when incapacitated), with a legend.
With `--reach`, the spaces the mover may end on are shaded and show the cost
of getting there (a `+` past 9), so the plain text of the log says it too.
"""

from __future__ import annotations

import string

from sprawl_cli.api import escape
from sprawl_cli.systems.scratch_grid.grid import TERRAIN, Space, shifted, space_name
from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.turn import possessive

SIDE_STYLES = ("bold cyan", "bold red", "bold green", "bold magenta", "bold yellow", "bold blue")
GLYPHS = {"#": ("#", "white on grey35"), "o": ("o", "bold dark_orange3"), ".": ("·", "grey50"),
          "^": ("^", "yellow"), "~": ("~", "bright_blue"), "E": ("E", "bold bright_green"),
          "=": ("=", "magenta")}
REACH_STYLE = "on dark_green"


def tokens(game: Game) -> dict[str, str]:
    """One letter per character: its initial, else another letter of its name, else any free one."""
    chosen: dict[str, str] = {}
    used: set[str] = set()
    for c in game.characters:
        options = [ch.upper() for ch in c.name if ch.isalpha()] + list(string.ascii_uppercase + string.digits)
        token = next((t for t in options if t not in used), "?")
        used.add(token)
        chosen[c.name] = token
    return chosen


def side_style(game: Game, squad: str) -> str:
    index = next(i for i, s in enumerate(game.squads) if s.name == squad)
    return SIDE_STYLES[index % len(SIDE_STYLES)]


def map_lines(game: Game, reach: dict[str, int] | None = None, mover: Character | None = None) -> list[str]:
    """The map with coordinates, terrain and characters; `reach` shades the spaces a mover may end on."""
    board = game.board
    token = tokens(game)
    at: dict[Space, Character] = {c.space: c for c in game.on_map()}
    hexes = board.grid == "hex"
    header = "   " + " ".join(string.ascii_lowercase[:board.width])
    lines = [f"[dim]{header}[/]"]
    for row in range(board.height):
        cells = []
        for column in range(board.width):
            space = (column, row)
            name = space_name(space)
            who = at.get(space)
            if who is not None:
                letter = token[who.name].lower() if who.down else token[who.name]
                style = side_style(game, who.squad) + (" reverse" if who is mover else "")
                cells.append(f"[{style}]{escape(letter)}[/]")
            elif reach is not None and name in reach:
                cost = reach[name]
                cells.append(f"[bold white {REACH_STYLE}]{cost if cost <= 9 else '+'}[/]")
            else:
                glyph, style = GLYPHS[board.terrain(space)]
                cells.append(f"[{style}]{glyph}[/]")
        indent = " " if hexes and shifted(row) else ""
        lines.append(f"[dim]{row + 1:>2}[/] {indent}" + " ".join(cells))
    return lines


def legend_lines(game: Game) -> list[str]:
    token = tokens(game)
    lines = []
    for squad in game.squads:
        style = side_style(game, squad.name)
        people = []
        for c in game.members(squad):
            where = c.at or "escaped"
            statuses = [s for s in c.shown_statuses if s != "escaped"]
            extra = f" ({', '.join(statuses)})" if statuses else ""
            people.append(f"[{style}]{escape(token[c.name])}[/] {escape(c.name)} {where}{extra}")
        lines.append(f"[{style}]{escape(squad.name)}[/]: " + ", ".join(people))
    terrain = " ".join(f"[{GLYPHS[s][1]}]{GLYPHS[s][0]}[/] {what.split()[0]}" for s, what in TERRAIN.items())
    lines.append(f"[dim]{board_title(game)}:[/] {terrain}")
    return lines


def board_title(game: Game) -> str:
    shape = "hexes" if game.grid == "hex" else "squares"
    return f"{game.board.width}x{game.board.height} {shape}"


def reach_lines(game: Game, c: Character, reach: dict[str, int], allowance: str, why_not: str | None = None,
                next_turn: bool = False) -> list[str]:
    """`map --reach NAME`: the map shaded, and what the numbers mean; with nothing shaded, why
    (`why_not`); for a side not playing (`next_turn`), that the shading is for its next turn."""
    lines = map_lines(game, reach, c)
    who = escape(c.name) + (f" at {c.at}" if c.at is not None else "")
    when = f"It is {escape(possessive(game.current_squad.name))} turn; on its side's next turn, " if next_turn else ""
    if why_not is not None:
        lines.append(f"Nothing is shaded: {escape(why_not)}.")
    elif reach:
        lines.append(f"{when}{who} may end a move on the {len(reach)} shaded "
                     f"space{'s' if len(reach) != 1 else ''} (the number is the movement it costs; "
                     f"it has {allowance}).")
    else:
        lines.append(f"{when}{who} cannot move anywhere: walls, obstacles or enemies close every way (S2).")
    return lines + legend_lines(game)
