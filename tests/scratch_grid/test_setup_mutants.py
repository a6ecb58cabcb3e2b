"""A new game on a map (S6), pinned where a mutation run (mutmut 3.8.1) of setup.py found the
tests loose: each starting-space message whole (the roster's line, else its file; the map's
last space), the game's rounds and map file, and characters the game owns.

Survivor left, equivalent (1): the `Board` that checks starting spaces built with no grid kind
(placing reads only the map's size and terrain, the same on squares and hexes). The two
`c.at or ""` fallbacks of the 2026-11-28 run are gone (2026-12-02): starting spaces are
compared as spaces, read off each character's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.systems.base import NewGame, Roster
from sprawl_cli.systems.scratch_grid.model import Character, Squad
from sprawl_cli.systems.scratch_grid.setup import new_game
from tests.factory import ROSTERS

YARD = ROSTERS / "scratch-grid" / "yard.yaml"


def sides(red_at: str, blue_at: str = "a1", lines: bool = False) -> list[Roster]:
    red = Roster(Squad("Red", "", ["Ada"], "red.yaml"), [Character("Ada", "Red", red_at)],
                 extra={"at_lines": {"Ada": "red.yaml:4"}} if lines else {})
    blue = Roster(Squad("Blue", "", ["Zed"], "blue.yaml"), [Character("Zed", "Blue", blue_at)])
    return [red, blue]


def refused(rosters: list[Roster]) -> str:
    with pytest.raises(SaveFileError) as caught:
        new_game(rosters, NewGame(options={"map": YARD}))
    return str(caught.value)


def test_a_new_game_keeps_its_rounds_and_map_file_and_owns_its_characters() -> None:
    rosters = sides("b2")
    g = new_game(rosters, NewGame(rounds=3, options={"map": YARD}))
    assert (g.rounds, g.map_source, g.grid, len(g.map)) == (3, str(YARD), "square", 8)
    assert g.characters[0] is not rosters[0].characters[0] and g.characters[0].at == "b2"


def test_starting_spaces_that_do_not_fit_name_the_line_or_the_file() -> None:
    assert refused(sides("m1", lines=True)) == f"red.yaml:4: key 'at': m1 is off the map {YARD} (a1 to l8)"
    assert refused(sides("a9")) == f"red.yaml: key 'at': a9 is off the map {YARD} (a1 to l8)"
    assert refused(sides("f4")) == f"red.yaml: key 'at': f4 is an obstacle on the map {YARD}"
    assert refused(sides("c2")) == f"red.yaml: key 'at': c2 is a wall on the map {YARD}"
    assert refused(sides("a1")) == "blue.yaml: key 'at': Zed would start at a1, where Ada stands"


def test_no_map_no_game() -> None:
    with pytest.raises(BadInput) as caught:
        new_game(sides("b2"), NewGame())
    assert str(caught.value) == ("a Scratch:Grid game is played on a map: give --map FILE "
                                 "(e.g. rosters/scratch-grid/yard.yaml)")
    assert isinstance(YARD, Path)
