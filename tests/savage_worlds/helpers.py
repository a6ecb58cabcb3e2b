"""Builders for Savage Worlds rule tests: characters, games, scripted dice and tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.dice import DECK
from sprawl_cli.systems.savage_worlds.bennies import starting_bennies
from sprawl_cli.systems.savage_worlds.model import Character, Game, Weapon
from sprawl_cli.table import ScriptedTable
from tests import factory
from tests.factory import dice as dice
from tests.factory import leftover as leftover

SWORD = Weapon("Sword", "str+d8")
PISTOL = Weapon("Pistol", "2d6", range="12/24/48", rof=1, ap=1, type="piercing")
SMG = Weapon("SMG", "2d6", range="12/24/48", rof=3, type="piercing")
GRENADE = Weapon("Grenade", "3d6", range="5/10/20", template="medium", skill="throwing")
LAUNCHER = Weapon("Launcher", "4d8", range="24/48/96", template="large")


def hero(name: str, squad: str = "Heroes", wild: bool = True, **values: Any) -> Character:
    """A character with d6 in every attribute, Fighting and Shooting d8, unless given."""
    attrs = {a: values.pop(a, "d6") for a in ("agility", "smarts", "spirit", "strength", "vigor")}
    skills = values.pop("skills", {"fighting": "d8", "shooting": "d8", "throwing": "d6", "notice": "d6"})
    weapons = values.pop("weapons", [SWORD, PISTOL])
    return Character(name=name, squad=squad, wild_card=wild, skills=skills, weapons=list(weapons),
                     **attrs, **values)


def extra(name: str, squad: str = "Thugs", **values: Any) -> Character:
    return hero(name, squad, wild=False, **values)


def game(heroes: list[Character], villains: list[Character], gm: bool = True, **values: Any) -> Game:
    """Heroes (a player side) against villains (the game master's side when `gm`)."""
    g = factory.game_of(Game, [heroes, villains], names=("Heroes", "Thugs"), deck=list(DECK),
                        gm=["Thugs"] if gm else [], **values)
    starting_bennies(g)
    return g


# The table's standing answers about a shot's scene unless a test scripts its own: no cover,
# normal light, nobody else in the target's melee, nobody else under a template in cover. Rules
# ask these (never assume them); these tests say them, as a player at the table would.
SCENE = {"cover": "none", "light": "normal", "victim-cover": "none"}
CLEAR = ("--cover", "none", "--light", "normal", "--into-melee", "none")  # the same, said on a command line


@dataclass
class SceneTable(ScriptedTable):
    """A scripted table that also answers the scene questions of a shot (`SCENE`, and none in
    the melee) whenever the test did not script them; each such question is kept in `scene_asked`
    (not in `asked`, which holds the questions a test is about)."""

    scene: dict[str, str] = field(default_factory=lambda: dict(SCENE))
    scene_asked: list[str] = field(default_factory=list)

    def choose(self, option: str, question: str, choices: list[str]) -> str:
        if option in self.scene and not self.choices.get(option):
            self.scene_asked.append(option)
            return self.scene[option]
        return super().choose(option, question, choices)

    def names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        if option == "into-melee" and option not in self.lists:
            self.scene_asked.append(option)
            return []
        return super().names(option, question, choices)


def table(range: str | None = None, scene: bool = True, **kwargs: Any) -> ScriptedTable:
    """A scripted table; `range` is the answer to one range-band question (a shot with neither
    --range nor --distance asks it), given once: a second question is refused. With `scene`
    (the default) it also answers a shot's scene questions (`SceneTable`)."""
    if range is not None:
        kwargs["choices"] = {**kwargs.get("choices", {}), "range": [range]}
    return SceneTable(**kwargs) if scene else factory.table(**kwargs)
