"""A Street-Fight game survives the save file, and hand edits that break it are caught."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where, from_data, to_data
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.movement import aim, move
from sprawl_cli.systems.street_fight.roster import check_game
from tests.street_fight.build import game, table


def played() -> Game:
    g = game({"Ada": "rifle", "Al": "LMG"}, {"Bo": "scoped rifle", "Bea": "HMG"}, initiative="once")
    move(g, g.character("Ada"), 7, False, table())
    aim(g, g.character("Al"), table())
    g.character("Bo").engaged_with = ["Ada"]
    g.character("Ada").engaged_with = ["Bo"]
    g.morale_of("Blue").tests_due = 1
    return g


def test_round_trip() -> None:
    g = played()
    back = from_data(Game, to_data(g), Where("save.yaml", {}))
    assert back == g
    check_game(back, Where("save.yaml", {}))
    assert back.character("Ada").shown_statuses == ["moved", "ran", "in_combat"]


@pytest.mark.parametrize("path, value, key", [
    (("phase",), "ranged", "phase"), (("settings", "initiative"), "sometimes", "settings.initiative"),
    (("order",), [0, 0], "order"), (("position",), 5, "position"),
    (("characters", 0, "weapon"), "sword", "characters.0.weapon"),
    (("characters", 0, "statuses"), ["pinned"], "characters.0.statuses"),
    (("characters", 0, "engaged_with"), ["Nobody"], "characters.0.engaged_with"),
])
def test_hand_edits_are_caught(path: tuple[object, ...], value: object, key: str) -> None:
    data = to_data(played())
    spot = data
    for p in path[:-1]:
        spot = spot[p]
    spot[path[-1]] = value
    g = from_data(Game, data, Where("save.yaml", {}))
    with pytest.raises(SaveFileError, match=f"key '{key}'"):
        check_game(g, Where("save.yaml", {}))
