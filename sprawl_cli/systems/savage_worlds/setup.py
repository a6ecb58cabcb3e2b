"""A new Savage Worlds game from its squads: no cards dealt yet (`deal` starts each round),
a fresh deck, and the bennies of W3."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import DECK, BadInput, NewGame, Roster
from sprawl_cli.systems.savage_worlds.bennies import starting_bennies
from sprawl_cli.systems.savage_worlds.model import Character, Game, Settings, Squad

DAMAGE_SETTINGS = ("house", "hand")
SUPPRESS_SETTINGS = ("house", "off")


def read_settings(values: dict[str, str], physical: bool) -> Settings:
    """`--setting damage=house|hand`, `--setting suppress=house|off`.

    Raises:
        BadInput: an unknown key or value.
    """
    settings = Settings(dice="physical" if physical else "random")
    for key, value in values.items():
        if key == "damage":
            if value not in DAMAGE_SETTINGS:
                raise BadInput(f"setting damage={value}: use house (W8 applied) or hand (damage reported only)")
            settings.damage = value
        elif key == "suppress":
            if value not in SUPPRESS_SETTINGS:
                raise BadInput(f"setting suppress={value}: use house (suppressive fire as the published rule) or off")
            settings.suppress = value
        else:
            raise BadInput(f"no setting '{key}' in Savage Worlds; the settings are damage=house|hand and "
                           "suppress=house|off")
    return settings


def new_game(rosters: list[Roster], how: NewGame) -> Game:
    """The game: squads in `new` order, characters in roster order.

    The kernel has checked the sides (`base.check_sides`): two or more, no name twice.
    """
    squads: list[Squad] = []
    characters: list[Character] = []
    gm: list[str] = []
    for roster in rosters:
        squad = roster.squad
        squads.append(Squad(squad.name, squad.leader, [c.name for c in roster.characters], squad.roster))
        characters.extend(roster.characters)
        extra: dict[str, Any] = roster.extra
        if extra.get("gm"):
            gm.append(squad.name)
    game = Game(squads=squads, characters=characters, settings=read_settings(how.settings, how.physical),
                rounds=how.rounds, deck=list(DECK), gm=gm)
    starting_bennies(game)
    return game
