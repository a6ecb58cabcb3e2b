"""A new game of SPRAWL from its rosters (and `new`'s options: `--rounds`, `--no-tens`)."""

from __future__ import annotations

from typing import Any

from sprawl_cli.systems.sprawl.model import Game


def new_game(rosters: list[Any], rounds: int | None = None, rule_of_tens: bool = True) -> Game:
    """A game of these rosters (the kernel has checked the sides: `base.check_sides`); the
    first takes the first turn (R23).

    Raises:
        BadInput: a round limit under 1.
    """
    from sprawl_cli.api import BadInput
    from sprawl_cli.systems.sprawl.model import Settings

    squads = [r.squad for r in rosters]
    characters = [c for r in rosters for c in r.characters]
    if rounds is not None and rounds < 1:
        raise BadInput("--rounds should be 1 or more")
    return Game(squads=squads, characters=characters, rounds=rounds, settings=Settings(rule_of_tens=rule_of_tens))
