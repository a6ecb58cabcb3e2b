"""Rosters and the save's cross-checks, pinned where a mutation run (mutmut 3.8.1) of roster.py
found the tests loose: each message whole, with the file, line and key it names (the second
character and the second status, so a count starting wrong shows), and the edges of a level.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sprawl_cli import yamlio
from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.base import Roster
from sprawl_cli.systems.scratch_grid.model import Game
from sprawl_cli.systems.scratch_grid.roster import check_game, read_roster
from tests.scratch_grid.kit import ch, game

USE = "use injured, incapacitated, immobilised, evading, escaped, delayed"


def roster(text: str, lines: bool = True) -> Roster:
    data, found = yamlio.parse(text, "r.yaml")
    return read_roster(data, Where("r.yaml", found if lines else {}), "r.yaml")


@pytest.mark.parametrize("text, message", [
    ("system: gunplay\nsquad: A\ncharacters:\n  - {name: Ada, at: b2}\n",
     "r.yaml:1: key 'system': this roster is for 'gunplay', not Scratch:Grid (scratch-grid)"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2}\n  - Bob\n",
     "r.yaml:4: key 'characters.1': each character is a map with name and at"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2}\n  - {name: '  ', at: b3}\n",
     "r.yaml:4: key 'characters.1.name': every character needs a name"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2}\n  - {name: 7, at: b3}\n",
     "r.yaml:4: key 'characters.1.name': every character needs a name"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2, swimming: true}\n",
     "r.yaml:3: key 'characters.0.swimming': should be a whole number from 0 to 20, not True"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2, swimming: 21}\n",
     "r.yaml:3: key 'characters.0.swimming': should be a whole number from 0 to 20, not 21"),
    ("squad: A\ncharacters:\n  - {name: Ada, at: b2, bad: 1}\n",
     "r.yaml:3: key 'characters.0.bad': unknown key; a character has name, at, quickness, flying, acrobatics, "
     "swimming"),
])
def test_roster_messages_whole(text: str, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        roster(text)
    assert str(caught.value) == message


def test_a_roster_keeps_its_file_and_each_characters_line() -> None:
    text = "squad: A\ncharacters:\n  - {name: Ada, at: b2, swimming: 20, flying: 0}\n"
    read = roster(text)
    assert read.squad.roster == "r.yaml" and read.extra == {"at_lines": {"Ada": "r.yaml:3"}}
    assert read.characters[0].swimming == 20
    assert roster(text, lines=False).extra == {"at_lines": {"Ada": "r.yaml"}}


def board() -> Game:
    return game(["..#", "...", "..."], [ch("Ada", "a1"), ch("Al", "b1")], [ch("Zed", "c3")])


def setting(name: str, value: object) -> Callable[[Game], None]:
    return lambda g: setattr(g.characters[1], name, value)


@pytest.mark.parametrize("edit, message", [
    (lambda g: setattr(g, "grid", "cube"), "key 'grid': should be square or hex, not 'cube'"),
    (lambda g: g.map.__setitem__(1, "..x"),
     "key 'map': the map: map row 2, column 3: 'x' is not a map symbol; use '#' wall, 'o' obstacle, '.' open, "
     "'^' rough, '~' water, 'E' exit, '=' tight place"),
    (setting("statuses", ["injured", "dazed"]),
     f"key 'characters.1.statuses.1': 'dazed' is not a status here (or twice); {USE}"),
    (setting("statuses", ["evading", "evading"]),
     f"key 'characters.1.statuses.0': 'evading' is not a status here (or twice); {USE}"),
    (setting("statuses", ["injured", "incapacitated"]),
     "key 'characters.1.statuses': injured and incapacitated at once; incapacitated is enough"),
    (setting("flying", 21), "key 'characters.1.flying': should be from 0 to 20"),
    (setting("swimming", -1), "key 'characters.1.swimming': should be from 0 to 20"),
    (setting("statuses", ["escaped"]),
     "key 'characters.1.at': an escaped character has no space, and every other character has one"),
    (setting("at", None), "key 'characters.1.at': an escaped character has no space, and every other character "
                          "has one"),
    (setting("at", "zz"), "key 'characters.1.at': 'zz' is not a space of the map"),
    (setting("at", "d1"), "key 'characters.1.at': 'd1' is not a space of the map"),
    (setting("at", "c1"), "key 'characters.1.at': c1 is a wall or an obstacle"),
    (setting("at", "a1"), "key 'characters.1.at': Al and Ada both stand at a1"),
    (setting("statuses", ["immobilised"]), "key 'characters.1.immobilised_turn': immobilised needs the turn it lasts to"),
    (setting("statuses", ["delayed"]), "key 'characters.1.delayed_turn': delayed needs the turn it lasts to"),
    (setting("interrupted_by", ["Zed", "Nobody"]), "key 'characters.1.interrupted_by.1': no character named 'Nobody'"),
])
def test_save_check_messages_whole(edit: Callable[[Game], None], message: str) -> None:
    g = board()
    edit(g)
    with pytest.raises(SaveFileError) as caught:
        check_game(g, Where("save.yaml", {}))
    assert str(caught.value) == "save.yaml: " + message


def test_the_save_check_lets_the_edges_through() -> None:
    g = board()
    al = g.characters[1]
    al.flying, al.swimming, al.interrupted_by = 20, 0, ["Zed"]
    al.statuses, al.immobilised_turn, al.delayed_turn = ["immobilised", "delayed"], 2, 2
    g.characters[0].statuses, g.characters[0].at = ["escaped"], None
    check_game(g, Where("save.yaml", {}))
