"""Roster files: the sample squads load; bad files are refused naming file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from sprawl_cli import yamlio
from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where, from_data, to_data
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.savage_worlds.model import Game
from sprawl_cli.systems.savage_worlds.roster import check_game, read_roster
from sprawl_cli.systems.savage_worlds.setup import new_game
from tests.factory import ROSTERS

FOLDER = ROSTERS / "savage-worlds"


def load(path: Path):  # type: ignore[no-untyped-def]
    data, lines = yamlio.load(path, "roster file")
    return read_roster(data, Where(str(path), lines), str(path))


def test_sample_squads_load_with_defaults() -> None:
    expedition, cult = load(FOLDER / "expedition.yaml"), load(FOLDER / "cult.yaml")
    assert cult.extra == {"gm": True} and expedition.extra == {"gm": False}
    ada = expedition.characters[0]
    assert ada.base_toughness == 2 + 4 + 1 and ada.base_parry == 6
    assert [c.group for c in cult.characters] == [None, "acolytes", "acolytes", "acolytes", "hounds"]
    game = new_game([expedition, cult], NewGame())
    assert game.pools == {"Expedition": 3, "Cult of the Eye": 2}
    assert game.character("Priestess").bennies == 2 and game.phase == "deal" and game.round == 1
    assert len(game.deck) == 54


def test_the_game_round_trips_through_the_save_format() -> None:
    game = new_game([load(FOLDER / "expedition.yaml"), load(FOLDER / "cult.yaml")], NewGame())
    back = from_data(Game, to_data(game), Where("save", {}))
    assert back == game
    check_game(back, Where("save", {}))


@pytest.mark.parametrize("text, message", [
    ("system: savage-worlds\nsquad: X\ncharacters:\n  - name: A\n    wild_card: true\n    agility: d7\n"
     "    smarts: d6\n    spirit: d6\n    strength: d6\n    vigor: d6\n", ":6: key 'characters.0.agility'"),
    ("system: savage-worlds\nsquad: X\ncharacters:\n  - name: A\n    wild_card: true\n    smarts: d6\n"
     "    spirit: d6\n    strength: d6\n    vigor: d6\n", "key 'characters.0.agility': is missing"),
    ("system: savage-worlds\nsquad: X\ncharacters:\n  - name: A\n    wild_card: false\n    agility: d6\n"
     "    smarts: d6\n    spirit: d6\n    strength: d6\n    vigor: d6\n    weapons:\n      - name: Gun\n"
     "        damage: 2d7\n", "characters.0.weapons.0.damage"),
    ("system: savage-worlds\nsquad: X\ncharacters:\n  - name: A\n    wild_card: false\n    agility: d6\n"
     "    smarts: d6\n    spirit: d6\n    strength: d6\n    vigor: d6\n    weapons:\n      - name: Gun\n"
     "        damage: 2d6\n        range: 24/12/48\n", "characters.0.weapons.0.range"),
    ("system: savage-worlds\nsquad: X\ncolor: red\ncharacters: []\n", "key 'color': unknown key"),
    ("system: savage-worlds\nsquad: X\ncharacters:\n  - name: A\n    wild_card: true\n    group: g\n"
     "    agility: d6\n    smarts: d6\n    spirit: d6\n    strength: d6\n    vigor: d6\n", "characters.0.group"),
])
def test_bad_rosters_name_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message.replace(".", r"\.")):
        load(path)


@pytest.mark.parametrize("edit, key", [
    (lambda g: g.characters[0].__setattr__("card", "ZZ"), "characters.0.card"),
    (lambda g: g.characters[0].__setattr__("wounds", 7), "characters.0.wounds"),
    (lambda g: g.characters[0].__setattr__("statuses", ["sleepy"]), "characters.0.statuses"),
    (lambda g: g.pools.__setitem__("Nobody", 1), "pools.Nobody"),
    (lambda g: g.soakable.__setitem__("Ada", {"taken": "x"}), "soakable.Ada"),
    (lambda g: g.deck.append(g.deck[0]), "deck"),
])
def test_hand_edits_are_caught(edit, key) -> None:  # type: ignore[no-untyped-def]
    game = new_game([load(FOLDER / "expedition.yaml"), load(FOLDER / "cult.yaml")], NewGame())
    edit(game)
    with pytest.raises(SaveFileError, match=f"key '{key}'"):
        check_game(game, Where("save", {}))
