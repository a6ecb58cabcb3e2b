"""Roster files, a new game, status JSON, `set`, `next` through the System hooks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.schema import Where, from_data, to_data
from sprawl_cli.systems.base import NewGame, Roster
from sprawl_cli.systems.gunplay.system import SYSTEM
from sprawl_cli.systems.gunplay.model import Game
from sprawl_cli.yamlio import parse
from tests.gunplay.build import dice, table

ROSTERS = Path(__file__).resolve().parents[2] / "rosters" / "gunplay"


def load(path: Path) -> Roster:
    data, lines = parse(path.read_text(), str(path))
    return SYSTEM.read_roster(data, Where(str(path), lines), path)


def read_text(text: str) -> Roster:
    data, lines = parse(text, "r.yaml")
    return SYSTEM.read_roster(data, Where("r.yaml", lines), Path("r.yaml"))


def sample_game(**how: Any) -> Game:
    rosters = [load(ROSTERS / "crows.yaml"), load(ROSTERS / "wardens.yaml")]
    game, out = SYSTEM.new_game(rosters, NewGame(**how), dice(5, 8), table())
    assert isinstance(game, Game)
    assert out.data["first"] == "Wardens"
    return game


def test_sample_rosters_read() -> None:
    crows = load(ROSTERS / "crows.yaml")
    assert [c.name for c in crows.characters] == ["Vic", "Marla", "Dutch"]
    assert crows.characters[0].shooting == 1 and crows.characters[1].weapons[0].far_damage == 1
    ruth = load(ROSTERS / "wardens.yaml").characters[1]
    assert ruth.weapons[0].rof == 2 and ruth.weapons[0].ranges == [12, 24, 48]


@pytest.mark.parametrize(("text", "message"), [
    ("system: gunplay\nsquad: X\ncharacters: []\n", "r.yaml:3: key 'characters'"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - {name: A, weapons: [Laser]}\n", "no weapon 'Laser'"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - {name: A, shooting: two}\n", "key 'characters.0.shooting'"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - {name: A, speed: 3}\n", "unknown key"),
    ("system: gunplay\nsquad: X\nleader: A\ncharacters:\n  - {name: A}\n", "key 'leader'"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - {name: A}\n  - {name: a}\n", "two characters"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - name: A\n    weapons: [{name: G, damage: 1, ranges: [3, 2, 1]}]\n",
     "three growing"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - name: A\n    weapons: [{name: G, damage: 1, ranges: [1, 2, 3]}]\n",
     "rate of fire"),
    ("system: gunplay\nsquad: X\ncharacters:\n  - name: A\n    weapons: [Knife, knife]\n", "same weapon twice"),
])
def test_bad_rosters_name_the_key(text: str, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        read_text(text)


def test_new_game_rolls_initiative_and_status_has_the_contract_fields() -> None:
    game = sample_game()
    data = SYSTEM.status_json(game, None)
    for key in ("system", "round", "side", "phase", "over", "winner", "reason", "characters"):
        assert key in data
    assert data["system"] == "gunplay" and data["side"] == "Wardens" and data["phase"] == "activation"
    vic = data["characters"][0]
    assert {k: vic[k] for k in ("name", "squad", "statuses", "wounds", "actions_left", "activated")} == {
        "name": "Vic", "squad": "Crows", "statuses": [], "wounds": 0, "actions_left": 2, "activated": False}


def test_the_game_survives_the_save_file_round_trip() -> None:
    game = sample_game(settings={"die": "d20"}, rounds=4)
    data = to_data(game)
    back = from_data(Game, data, Where("g.yaml", {}))
    assert back == game and back.settings.die == "d20"
    SYSTEM.check_game(back, Where("g.yaml", {}))


def test_new_game_refusals() -> None:
    crows = load(ROSTERS / "crows.yaml")
    with pytest.raises(BadInput, match="no setting"):
        SYSTEM.new_game([crows, load(ROSTERS / "wardens.yaml")], NewGame(settings={"dice": "x"}), dice(), table())
    with pytest.raises(BadInput, match="die=d10"):
        SYSTEM.new_game([crows, load(ROSTERS / "wardens.yaml")], NewGame(settings={"die": "d10"}), dice(), table())


def test_set_status_and_next() -> None:
    game = sample_game()
    vic = game.character("Vic")
    SYSTEM.set_status(game, vic, "down", True, table())
    assert vic.statuses == ["down"]
    SYSTEM.set_status(game, vic, "prone", True, table())
    assert vic.statuses == ["prone"]
    with pytest.raises(BadInput, match="not a gunplay status"):
        SYSTEM.set_status(game, vic, "pinned", True, table())
    for c in game.characters:
        c.activated = True
    out = SYSTEM.advance(game, dice(12, 1), table())
    assert out.data["first"] == "Crows" and game.round == 2 and game.side == 0


def test_removing_a_whole_squad_ends_the_game() -> None:
    game = sample_game()
    for name in ("Vic", "Marla", "Dutch"):
        SYSTEM.set_status(game, game.character(name), "removed", True, table())
    assert game.over and game.winner == "Wardens"


def test_reference_labels_every_ruling() -> None:
    text = " ".join(f"{t.title} {t.text}" for t in SYSTEM.reference())
    for n in range(1, 9):
        assert f"G{n}" in text
    assert "house" in text.lower()


def test_hand_edits_the_checks_catch() -> None:
    game = sample_game()
    game.initiative = [{"Nobody": 3}]
    with pytest.raises(SaveFileError, match="initiative"):
        SYSTEM.check_game(game, Where("g.yaml", {}))
    game = sample_game()
    game.characters[0].statuses = ["pinned"]
    with pytest.raises(SaveFileError, match="not a status"):
        SYSTEM.check_game(game, Where("g.yaml", {}))
    game = sample_game()
    game.active = "Ghost"
    with pytest.raises(SaveFileError, match="active"):
        SYSTEM.check_game(game, Where("g.yaml", {}))
