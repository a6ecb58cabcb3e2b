"""Map files (S1): YAML with `grid: square|hex` and `map:`, a block of equal rows.

    grid: square
    name: The Yard        # optional
    map: |
      ##########
      #..^^..~~E
      #..o...=.#

Every mistake is reported with the file, line and column of the symbol at fault
(`yard.yaml:5:7: 'x' is not a map symbol ...`). The same checks guard the map
rows kept in a save file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sprawl_cli.api import SaveFileError, yaml_parse as parse, yaml_read_text as read_text
from sprawl_cli.systems.scratch_grid.grid import GRIDS, MAX_COLUMNS, MAX_ROWS, TERRAIN

KEYS = ("grid", "map", "name")
SYMBOLS = ", ".join(f"'{s}' {what}" for s, what in TERRAIN.items())


@dataclass(frozen=True)
class MapFile:
    grid: str
    rows: list[str]
    name: str
    source: str


def read_map(path: Path) -> MapFile:
    """Read and check a map file.

    Raises:
        SaveFileError: naming the file, line and column of the first mistake.
    """
    source = str(path)
    return read_map_text(read_text(path, "map file"), source)


def read_map_text(text: str, source: str) -> MapFile:
    data, lines = parse(text, source)
    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: a map file is a YAML map with the keys grid and map")
    for key in data:
        if key not in KEYS:
            raise SaveFileError(f"{source}:{lines[(key,)]}: unknown key '{key}'; a map file has "
                                f"{', '.join(KEYS)}")
    grid = data.get("grid")
    if grid not in GRIDS:
        line = lines.get(("grid",), 1)
        got = "is missing" if grid is None else f"is {grid!r}"
        raise SaveFileError(f"{source}:{line}: key 'grid' {got}; write grid: square or grid: hex")
    name = data.get("name", "")
    if not isinstance(name, str):
        raise SaveFileError(f"{source}:{lines[('name',)]}: key 'name' should be text")
    if "map" not in data:
        raise SaveFileError(f"{source}: key 'map' is missing; give the rows as a block (map: |)")
    rows, places = _rows(text, data["map"], lines, source)
    check_rows(rows, source, places)
    return MapFile(grid, rows, name, source)


def _rows(text: str, value: Any, lines: dict[tuple[object, ...], int],
          source: str) -> tuple[list[str], list[tuple[int, int]]]:
    """The rows and, for each, the file line and column where it starts (read off the YAML
    nodes: a literal block keeps one row a line; a list gives each row its own item)."""
    import yaml

    key_line = lines[("map",)]
    root = yaml.compose(text, Loader=yaml.SafeLoader)  # parse() has checked its size and depth
    assert isinstance(root, yaml.MappingNode)  # parse() has read it as a map already
    node = next(v for k, v in root.value if k.value == "map")
    if isinstance(value, list):
        rows, places = [], []
        for i, item in enumerate(value):
            item_node = node.value[i]
            if not isinstance(item, str):
                raise SaveFileError(f"{source}:{item_node.start_mark.line + 1}: map row {i + 1} should be text, "
                                    f"not {item!r}")
            quoted = 1 if item_node.style in ("'", '"') else 0
            rows.append(item)
            places.append((item_node.start_mark.line + 1, item_node.start_mark.column + 1 + quoted))
        return rows, places
    if not isinstance(value, str):
        raise SaveFileError(f"{source}:{key_line}: key 'map' should be a block of rows (map: |)")
    rows = value.rstrip("\n").split("\n")
    if node.style == "|":
        # A block's first line is its indent and then its first row (which may itself start with
        # spaces when the block gives its indent as `|2`).
        indent = len(text.splitlines()[node.start_mark.line + 1]) - len(rows[0])
        return rows, [(node.start_mark.line + 2 + i, indent + 1) for i in range(len(rows))]
    if len(rows) == 1 and node.style != ">" and node.start_mark.line == node.end_mark.line:
        quoted = 1 if node.style in ("'", '"') else 0
        return rows, [(node.start_mark.line + 1, node.start_mark.column + 1 + quoted)]
    raise SaveFileError(f"{source}:{key_line}: write the map as a literal block (map: |) so each row "
                        "keeps its own line")


def check_rows(rows: list[str], source: str, places: list[tuple[int, int]] | None = None) -> None:
    """S1: at least one row, all of one length, only map symbols; at most 26 columns and 99 rows.

    Raises:
        SaveFileError: `source:line:column: what is wrong`.
    """
    def at(row: int, column: int = 0) -> str:
        if places is None:
            return f"{source}: map row {row + 1}, column {column + 1}"
        line, first = places[row]
        return f"{source}:{line}:{first + column}"

    if not rows or not rows[0]:
        raise SaveFileError(f"{source}: the map has no rows; give at least one row of symbols ({SYMBOLS})")
    if len(rows) > MAX_ROWS:
        raise SaveFileError(f"{at(MAX_ROWS)}: the map has {len(rows)} rows; at most {MAX_ROWS} fit names like a99")
    width = len(rows[0])
    if width > MAX_COLUMNS:
        raise SaveFileError(f"{at(0, MAX_COLUMNS)}: the map is {width} columns wide; at most {MAX_COLUMNS} "
                            "(columns are named a to z)")
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            if symbol not in TERRAIN:
                shown = "a space" if symbol == " " else "a tab" if symbol == "\t" else f"'{symbol}'"
                raise SaveFileError(f"{at(r, c)}: {shown} is not a map symbol; use {SYMBOLS}")
        if len(row) != width:
            column = min(len(row), width)
            raise SaveFileError(f"{at(r, column)}: row {r + 1} has {len(row)} spaces but row 1 has {width}; "
                                "every row must be as long as the first")
