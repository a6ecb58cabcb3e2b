"""Builders for Gunplay rule tests: characters, a two-squad game, scripted dice."""

from __future__ import annotations

from typing import Any

from sprawl_cli.model import Squad
from sprawl_cli.systems.gunplay.gear import house_weapon
from sprawl_cli.systems.gunplay.model import Character, Game, Weapon
from sprawl_cli.table import ScriptedTable
from tests.factory import dice as dice
from tests.factory import leftover as leftover


def gear(*names: str) -> list[Weapon]:
    found = [house_weapon(n) for n in names]
    assert all(w is not None for w in found)
    return [w for w in found if w is not None]


def person(name: str, *weapons: str, **values: Any) -> Character:
    return Character(name=name, squad="", weapons=gear(*weapons), **values)


def game(red: list[Character], blue: list[Character], *more: list[Character], side: int = 0,
         die: str = "d12") -> Game:
    """Squads Red, Blue (and Green, Gold...) in that order; `side` activates first."""
    names = ["Red", "Blue", "Green", "Gold", "Grey"]
    teams = [red, blue, *more]
    squads = []
    everyone: list[Character] = []
    for squad_name, team in zip(names, teams, strict=False):
        for c in team:
            c.squad = squad_name
        squads.append(Squad(squad_name, "", [c.name for c in team]))
        everyone += team
    g = Game(squads=squads, characters=everyone)
    g.settings.die = die
    g.order = [(side + k) % len(teams) for k in range(len(teams))]
    g.side = side
    return g


def table(**kwargs: Any) -> ScriptedTable:
    return ScriptedTable(**kwargs)
