"""A new game of Gunplay from its rosters, and the settings from `new`'s options."""

from __future__ import annotations

from sprawl_cli.api import BadInput, Dice, NewGame, Outcome, Roster, Squad, Table
from sprawl_cli.systems.gunplay.model import DIE_SETTINGS, Character, Game, Settings
from sprawl_cli.systems.gunplay.turn import roll_initiative


def settings_from(how: NewGame) -> Settings:
    """Raises:
    BadInput: an unknown setting or value."""
    settings = Settings()  # `dice`: the kernel's `new --physical` sets it after the hook
    for key, value in how.settings.items():
        if key != "die":
            raise BadInput(f"gunplay has no setting '{key}'; its one setting is die=d12|d20")
        if value.strip().lower() not in DIE_SETTINGS:
            raise BadInput(f"die={value} is not a choice; use die=d12 or die=d20")
        settings.die = value.strip().lower()
    return settings


def new_game(rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
    """The game of these rosters (the kernel has checked the sides: `base.check_sides`).

    Raises:
        BadInput: a bad setting."""
    from sprawl_cli.systems.gunplay.views import initiative_lines

    squads: list[Squad] = []
    characters: list[Character] = []
    for roster in rosters:
        name = roster.squad.name
        for c in roster.characters:
            c.squad = name
            characters.append(c)
        squads.append(Squad(name, "", [c.name for c in roster.characters], roster.squad.roster))
    if how.rounds is not None and how.rounds < 1:
        raise BadInput(f"--rounds {how.rounds} makes no sense; give 1 or more")
    game = Game(squads=squads, characters=characters, settings=settings_from(how), rounds=how.rounds)
    initiative = roll_initiative(game, dice)
    return game, Outcome(initiative.to_json(), initiative_lines(initiative))
