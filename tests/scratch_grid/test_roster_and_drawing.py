"""Rosters (file:line:key errors), the save file's cross-checks, the terminal map and the SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sprawl_cli import yamlio
from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.render import plain
from sprawl_cli.schema import Where, from_data, to_data
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.scratch_grid.drawing import map_lines, reach_lines
from sprawl_cli.systems.scratch_grid.model import Game
from sprawl_cli.systems.scratch_grid.movement import reach
from sprawl_cli.systems.scratch_grid.roster import check_game, read_roster
from sprawl_cli.systems.scratch_grid.setup import new_game
from sprawl_cli.systems.scratch_grid.svg import map_svg
from tests.factory import ROSTERS
from tests.scratch_grid.kit import ch, game

HERE = ROSTERS / "scratch-grid"


def roster(text: str, name: str = "r.yaml") -> object:
    data, lines = yamlio.parse(text, name)
    return read_roster(data, Where(name, lines), name)


@pytest.mark.parametrize("text, words", [
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2, speed: 3}\n", "r.yaml:3: key 'characters.0.speed': unknown key"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: 2b}\n", "r.yaml:3: key 'characters.0.at': should be a space like c4"),
    ("squad: A\ncharacters:\n  - {name: Ada}\n", "key 'characters.0.at'"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2, flying: -1}\n", "key 'characters.0.flying': should be a whole number from 0 to 20"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2}\n  - {name: ada, at: b3}\n", "two characters are called 'ada'"),
    ("squad: A\ncharacters: []\n", "key 'characters'"),
    ("characters:\n  - {name: Ada, at: b2}\n", "key 'squad'"),
    ("squad: A\nleader: Ada\ncharacters:\n  - {name: Ada, at: b2}\n", "r.yaml:2: key 'leader': unknown key"),
])
def test_roster_mistakes_name_the_line_and_key(text: str, words: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        roster(text)
    assert words in str(caught.value)


def sample_game(board: str = "yard.yaml") -> Game:
    rosters = []
    for file in ("wardens.yaml", "raiders.yaml"):
        data, lines = yamlio.load(HERE / file, "roster")
        rosters.append(read_roster(data, Where(str(HERE / file), lines), HERE / file))
    return new_game(rosters, NewGame(options={"map": HERE / board}))


def test_the_sample_squads_fit_both_sample_maps() -> None:
    for board, grid in (("yard.yaml", "square"), ("marsh.yaml", "hex")):
        g = sample_game(board)
        assert g.grid == grid and len(g.on_map()) == 6 and g.current_squad.name == "Wardens"


def test_the_save_round_trips_and_is_checked() -> None:
    g = sample_game("marsh.yaml")
    data = to_data(g)
    where = Where("save.yaml", {})
    back = from_data(Game, data, where)
    assert back == g
    check_game(back, where)
    back.characters[1].at = back.characters[0].at
    with pytest.raises(SaveFileError, match="both stand at b2"):
        check_game(back, where)
    back.characters[1].at = "l1"
    with pytest.raises(SaveFileError, match="l1 is a wall"):
        check_game(back, where)
    back.characters[1].at = "a4"
    back.map[2] = back.map[2][:3] + "x" + back.map[2][4:]
    with pytest.raises(SaveFileError, match="map row 3, column 4: 'x' is not a map symbol"):
        check_game(back, where)


def test_the_terminal_map_shows_coordinates_terrain_and_sides() -> None:
    g = game(["#.~", "^E=", "o.."], [ch("Ada", "b1")], [ch("Zed", "c3", statuses=["incapacitated"])], grid="hex")
    lines = [plain(line) for line in map_lines(g)]
    assert lines[0].split() == ["a", "b", "c"]
    assert lines[1] == " 1 # A ~"
    assert lines[2] == " 2  ^ E ="  # the hex row sits half a space right
    assert lines[3] == " 3 o · z"  # an incapacitated character in lower case


def test_reach_is_shaded_with_its_costs() -> None:
    g = game([".....", "..^..", "....."], [ch("Ada", "a2")])
    costs = reach(g, g.character("Ada"))
    lines = [plain(line) for line in reach_lines(g, g.character("Ada"), costs, "4 spaces")]
    assert lines[2] == " 2 A 1 3 3 4"  # the rough c2 costs 2 more
    assert "may end a move on the 14 shaded spaces" in " ".join(lines)


def test_the_svg_is_well_formed_and_draws_every_space_and_character() -> None:
    for board, shape in (("yard.yaml", "rect"), ("marsh.yaml", "polygon")):
        g = sample_game(board)
        text = map_svg(g, reach(g, g.character("Ada")))
        root = ET.fromstring(text)
        ns = "{http://www.w3.org/2000/svg}"
        cells = [e for e in root.iter(f"{ns}{shape}") if e.get("data-space")]
        assert len(cells) == 12 * 8
        assert len(list(root.iter(f"{ns}circle"))) == 6
        assert map_svg(g) == map_svg(g)  # pure: same game, same drawing


def test_the_svg_escapes_names() -> None:
    g = game(["..."], [ch("<Ada & co>", "a1")], [ch("Zed", "c1")])
    ET.fromstring(map_svg(g))
