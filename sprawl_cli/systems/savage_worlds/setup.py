"""A new Savage Worlds game from its squads: no cards dealt yet (`deal` starts each round),
a fresh deck, and the bennies of W3."""

from __future__ import annotations

from typing import Any

from sprawl_cli.api import DECK, BadInput, NewGame, Roster
from sprawl_cli.systems.savage_worlds.limits import MOST_PLAYERS
from sprawl_cli.systems.savage_worlds.bennies import starting_bennies
from sprawl_cli.systems.savage_worlds.model import Character, Game, Settings, Squad

DAMAGE_SETTINGS = ("house", "hand")
SUPPRESS_SETTINGS = ("house", "off")
JOKER_SETTINGS = ("shared", "holder")  # W4: followers share a Wild Card's Joker +2, or the holder alone has it


def read_settings(values: dict[str, str]) -> Settings:
    """`--setting damage=house|hand`, `--setting suppress=house|off`, and the two table choices of
    the whole game: `--setting players=SIDE:N,...` (W3: how many players share a player side,
    3 bennies each; 1 unless said) and `--setting allies=EXTRA:WILD_CARD,...` (W4: which Wild
    Card's card a player's Extra acts on; its side's first unless said) and `--setting
    joker=shared|holder` (W4: whether those Extras share the +2 of their Wild Card's Joker; asked
    at the first deal where it matters unless said).

    Raises:
        BadInput: an unknown key or value.
    """
    settings = Settings()  # `dice`: the kernel's `new --physical` sets it after the hook
    for key, value in values.items():
        if key == "damage":
            if value not in DAMAGE_SETTINGS:
                raise BadInput(f"setting damage={value}: use house (W8 applied) or hand (damage reported only)")
            settings.damage = value
        elif key == "suppress":
            if value not in SUPPRESS_SETTINGS:
                raise BadInput(f"setting suppress={value}: use house (suppressive fire as the published rule) or off")
            settings.suppress = value
        elif key == "players":
            settings.players = {side: _count(side, n) for side, n in _pairs(key, value)}
        elif key == "allies":
            settings.allies = dict(_pairs(key, value))
        elif key == "joker":
            if value not in JOKER_SETTINGS:
                raise BadInput(f"setting joker={value}: use shared (a Wild Card's Extras share its Joker's +2) or "
                               "holder (the Wild Card alone has it)")
            settings.joker = value
        else:
            raise BadInput(f"no setting '{key}' in Savage Worlds; the settings are damage=house|hand, "
                           "suppress=house|off, players=SIDE:N,..., allies=EXTRA:WILD_CARD,... and "
                           "joker=shared|holder")
    return settings


def _pairs(key: str, value: str) -> list[tuple[str, str]]:
    """`A:B,C:D` -> [(A, B), (C, D)].

    Raises:
        BadInput: an item without its colon.
    """
    out: list[tuple[str, str]] = []
    for item in value.split(","):
        left, sep, right = item.partition(":")
        if not sep or not left.strip() or not right.strip():
            raise BadInput(f"setting {key}={value}: each item is NAME:VALUE, not '{item.strip()}'")
        out.append((left.strip(), right.strip()))
    return out


def _count(side: str, raw: str) -> int:
    """A side's number of players: a whole number from 1 to MOST_PLAYERS.

    Raises:
        BadInput: anything else.
    """
    if not raw.isdigit() or not 1 <= int(raw) <= MOST_PLAYERS:
        raise BadInput(f"setting players: {side} wants a number of players from 1 to {MOST_PLAYERS}, not '{raw}'")
    return int(raw)


def check_table_choices(game: Game) -> None:
    """The `players` and `allies` settings name sides and characters of this game: players only
    for a player side; an ally is a player side's Extra, with a Wild Card of its own side.
    Names are matched without regard to case and stored as the game spells them.

    Raises:
        BadInput: a name that is not so.
    """
    players: dict[str, int] = {}
    for side, count in game.settings.players.items():
        squad = game.squad(side)
        if game.is_gm(squad.name):
            raise BadInput(f"setting players: {squad.name} is the game master's side (W3: its bennies are one per "
                           "player character)")
        players[squad.name] = count
    allies: dict[str, str] = {}
    for name, leader in game.settings.allies.items():
        ally, wild = game.character(name), game.character(leader)
        if ally.wild_card or game.is_gm(ally.squad):
            raise BadInput(f"setting allies: {ally.name} is no player's Extra (only those act on a Wild Card's card)")
        if not wild.wild_card or wild.squad != ally.squad:
            raise BadInput(f"setting allies: {wild.name} is not a Wild Card of {ally.name}'s side ({ally.squad})")
        allies[ally.name] = wild.name
    game.settings.players, game.settings.allies = players, allies


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
    game = Game(squads=squads, characters=characters, settings=read_settings(how.settings),
                rounds=how.rounds, deck=list(DECK), gm=gm)
    check_table_choices(game)
    starting_bennies(game)
    return game
