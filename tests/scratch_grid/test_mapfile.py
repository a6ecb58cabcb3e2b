"""S1: map files are read strictly, every mistake named by file, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.systems.scratch_grid.mapfile import read_map, read_map_text
from tests.factory import ROSTERS

SAMPLES = ROSTERS / "scratch-grid"


@pytest.mark.parametrize("file, grid", [("yard.yaml", "square"), ("marsh.yaml", "hex")])
def test_the_sample_maps_read(file: str, grid: str) -> None:
    found = read_map(SAMPLES / file)
    assert found.grid == grid
    assert len({len(r) for r in found.rows}) == 1
    assert {s for r in found.rows for s in r} == set("#o.^~E=")  # every symbol is shown off


def test_a_block_map() -> None:
    found = read_map_text("grid: hex\nname: Pond\nmap: |\n  ..~\n  .E#\n", "pond.yaml")
    assert (found.grid, found.rows, found.name) == ("hex", ["..~", ".E#"], "Pond")


def test_a_list_of_rows_is_accepted_too() -> None:
    assert read_map_text("grid: square\nmap:\n  - '..#'\n  - '.E.'\n", "m.yaml").rows == ["..#", ".E."]


@pytest.mark.parametrize("text, where, words", [
    ("grid: square\nmap: |\n  ....\n  ..x.\n", "m.yaml:4:5", "'x' is not a map symbol"),
    ("grid: square\nmap: |\n    ....\n    .. .\n", "m.yaml:4:7", "a space is not a map symbol"),
    ("grid: square\nmap: |\n  ....\n  ...\n", "m.yaml:4:6", "row 2 has 3 spaces but row 1 has 4"),
    ("grid: square\nmap: |\n  ....\n  .....\n", "m.yaml:4:7", "row 2 has 5 spaces"),
    ("grid: square\nmap: \"..x\"\n", "m.yaml:2:9", "'x' is not"),
    ("grid: hex\nmap:\n  - '....'\n  - '..Q.'\n", "m.yaml:4:8", "'Q' is not a map symbol"),
    ("grid: squares\nmap: |\n  ..\n", "m.yaml:1", "key 'grid' is 'squares'; write grid: square or grid: hex"),
    ("map: |\n  ..\n", "m.yaml:1", "key 'grid' is missing"),
    ("grid: hex\n", "m.yaml", "key 'map' is missing"),
    ("grid: hex\nmap: 7\n", "m.yaml:2", "should be a block of rows"),
    ("grid: hex\nmap: >\n  ..\n  ..\n", "m.yaml:2", "literal block"),
    ("grid: hex\nsize: 3\nmap: |\n  ..\n", "m.yaml:2", "unknown key 'size'"),
    ("grid: hex\nmap: |\n  " + "." * 27 + "\n", "m.yaml:3:29", "27 columns wide; at most 26"),
    ("- a\n- b\n", "m.yaml", "a YAML map with the keys grid and map"),
    ("grid: hex\nmap: ''\n", "m.yaml", "no rows"),
])
def test_mistakes_name_file_line_and_column(text: str, where: str, words: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        read_map_text(text, "m.yaml")
    message = str(caught.value)
    assert message.startswith(where + ":"), message
    assert any(w in message for w in words.split("|")), message


def test_a_tab_is_named_as_such() -> None:
    with pytest.raises(SaveFileError, match=r"m.yaml:3:4: a tab is not a map symbol"):
        read_map_text("grid: hex\nmap: |\n  .\t.\n", "m.yaml")


def test_a_missing_or_binary_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="no such map file"):
        read_map(tmp_path / "none.yaml")
    (tmp_path / "bin.yaml").write_bytes(b"grid: hex\0")
    with pytest.raises(SaveFileError, match="binary"):
        read_map(tmp_path / "bin.yaml")
