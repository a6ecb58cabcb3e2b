"""Map files (S1), pinned where a mutation run (mutmut 3.8.1) of mapfile.py found the tests
loose: every message whole, with the file, line and column it names, for rows written as a
block (any indent), as a list (quoted or not), on one line (quoted or not), and as a save's rows.

Survivors left, all equivalent (2 on 2026-12-02; 17 of 248 on 2026-11-28):

- the loader handed to `yaml.compose` dropped (1): PyYAML's default loader then composes the
  same nodes, with the same marks, for a file `parse` has already read as YAML.
- `node.style != "XX>XX"` (1): a folded block's node starts on the line of `map:` and ends on a
  later one, so the line test after it refuses it anyway.

Gone since 2026-11-28: the fallback line `1` of `lines.get` for an unknown key, for `name` and
for `map` (9 survivors), now read straight from the lines the YAML reader records for every key
it read; and the lookup of the C loader (6 more), now the safe loader outright (the file is
small, and `parse` has bounded its size and depth already).

A real mistake the run turned up: a block of blank rows with an explicit indent (`map: |2` over
rows of spaces) was refused naming column 1 instead of the first space's own column; the indent
is now read off the block's first line (its length less the first row's).
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.systems.scratch_grid.mapfile import MapFile, check_rows, read_map_text

USE = "use '#' wall, 'o' obstacle, '.' open, '^' rough, '~' water, 'E' exit, '=' tight place"
BLOCK = "write the map as a literal block (map: |) so each row keeps its own line"


@pytest.mark.parametrize("text, message", [
    ("grid: square\nmap: |\n  ..\nsize: 3\n", "m.yaml:4: unknown key 'size'; a map file has grid, map, name"),
    ("name: Y\ngrid: cube\nmap: |\n  ..\n", "m.yaml:2: key 'grid' is 'cube'; write grid: square or grid: hex"),
    ("name: Y\nmap: |\n  ..\n", "m.yaml:1: key 'grid' is missing; write grid: square or grid: hex"),
    ("grid: hex\nname: [1]\nmap: |\n  ..\n", "m.yaml:2: key 'name' should be text"),
    ("grid: hex\n", "m.yaml: key 'map' is missing; give the rows as a block (map: |)"),
    ("grid: hex\nmap:\n  - '..'\n  - 5\n", "m.yaml:4: map row 2 should be text, not 5"),
    ("grid: hex\nmap:\n  - '..'\n  - \".x\"\n", f"m.yaml:4:7: 'x' is not a map symbol; {USE}"),
    ("grid: hex\nmap:\n  - ..\n  - .x\n", f"m.yaml:4:6: 'x' is not a map symbol; {USE}"),
    ("grid: hex\nmap: 5\n", "m.yaml:2: key 'map' should be a block of rows (map: |)"),
    ("grid: hex\nmap: |\n    ...\n    ...\n    .x.\n", f"m.yaml:5:6: 'x' is not a map symbol; {USE}"),
    ("grid: hex\nmap: |\n  ...\n  .. \n", f"m.yaml:4:5: a space is not a map symbol; {USE}"),
    ("grid: hex\nmap: |\n  ...\n  ..X\n", f"m.yaml:4:5: 'X' is not a map symbol; {USE}"),
    ("grid: hex\nmap: |2\n     \nname: Y\n", f"m.yaml:3:3: a space is not a map symbol; {USE}"),
    ("grid: hex\nmap: |\n\n  ..\n", "m.yaml: the map has no rows; give at least one row of symbols ("
     "'#' wall, 'o' obstacle, '.' open, '^' rough, '~' water, 'E' exit, '=' tight place)"),
    ("grid: hex\nmap: '..x'\n", f"m.yaml:2:9: 'x' is not a map symbol; {USE}"),
    ("grid: hex\nmap: ..x\n", f"m.yaml:2:8: 'x' is not a map symbol; {USE}"),
    ("grid: hex\nmap: \"...\\n..x\"\n", f"m.yaml:2: {BLOCK}"),
    ("grid: hex\nmap: >\n  ..x\n", f"m.yaml:2: {BLOCK}"),
    ("grid: hex\nmap: \"..\\t\"\n", f"m.yaml:2:9: a tab is not a map symbol; {USE}"),
    ("grid: hex\nmap: |\n  ...\n  ..\n",
     "m.yaml:4:5: row 2 has 2 spaces but row 1 has 3; every row must be as long as the first"),
    ("grid: hex\nmap: |\n  " + "." * 27 + "\n",
     "m.yaml:3:29: the map is 27 columns wide; at most 26 (columns are named a to z)"),
    ("grid: hex\nmap: |\n" + "  ..\n" * 100, "m.yaml:102:3: the map has 100 rows; at most 99 fit names like a99"),
    ("- 1\n", "m.yaml: a map file is a YAML map with the keys grid and map"),
    ("grid: [\n", "m.yaml:2: not valid YAML: did not find expected node content"),
])
def test_map_file_messages_whole(text: str, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        read_map_text(text, "m.yaml")
    assert str(caught.value) == message


@pytest.mark.parametrize("rows, message", [
    (["." * 27], "save: map row 1, column 27: the map is 27 columns wide; at most 26 (columns are named a to z)"),
    (["..."] * 100, "save: map row 100, column 1: the map has 100 rows; at most 99 fit names like a99"),
    (["..", ".\t"], f"save: map row 2, column 2: a tab is not a map symbol; {USE}"),
])
def test_a_saves_rows_are_named_by_row_and_column(rows: list[str], message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        check_rows(rows, "save")
    assert str(caught.value) == message


def test_a_map_without_a_name() -> None:
    assert read_map_text("grid: square\nmap: |\n  ..\n", "m.yaml") == MapFile("square", [".."], "", "m.yaml")
