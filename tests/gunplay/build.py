"""Builders for Gunplay rule tests: characters, a two-squad game, scripted dice."""

from __future__ import annotations

from typing import Any

from sprawl_cli.systems.gunplay.gear import house_weapon
from sprawl_cli.systems.gunplay.model import Character, Game, Weapon
from tests import factory
from tests.factory import dice as dice
from tests.factory import leftover as leftover
from tests.factory import table as table


def gear(*names: str) -> list[Weapon]:
    found = [house_weapon(n) for n in names]
    assert all(w is not None for w in found)
    return [w for w in found if w is not None]


def person(name: str, *weapons: str, **values: Any) -> Character:
    return Character(name=name, squad="", weapons=gear(*weapons), **values)


def game(red: list[Character], blue: list[Character], *more: list[Character], side: int = 0,
         die: str = "d12") -> Game:
    """Squads Red, Blue (and Green, Gold...) in that order; `side` activates first."""
    teams = [red, blue, *more]
    g = factory.game_of(Game, teams, leaders=False)
    g.settings.die = die
    g.order = [(side + k) % len(teams) for k in range(len(teams))]
    g.side = side
    return g
