"""`sprawl report` of a SPRAWL game: its campaign books' entry (records, Health round by round,
casualties, hits) made from the save and its journal without rolling R26, drawn by the
campaign report (`report.py`) and finished by the kernel's `gamereport`."""

from __future__ import annotations

from typing import Any

from sprawl_cli.gamereport import finish, played_date
from sprawl_cli.systems.base import System
from sprawl_cli.systems.sprawl.campaign import Campaign, PlayedCharacter, PlayedGame, game_record, series_from
from sprawl_cli.systems.sprawl.model import Game
from sprawl_cli.systems.sprawl.report import render

# The rules' GEAR page is missing (README, `sprawl rules gear`).
HOUSE = ("weapon numbers are house values (rosters/gear.yaml) unless a roster gave its own: "
         "the rules' GEAR page is missing",)


def report(system: System, game: Game, entries: list[dict[str, Any]], fmt: str) -> str:
    """The battle report of the game in the save, in `fmt` (md or html)."""
    entry = PlayedGame(number=1, squads=[s.name for s in game.squads], rounds=game.round, winner=game.winner,
                       reason=game.reason, date=played_date(entries), series=series_from(game, entries))
    for squad in game.squads:
        for c in game.members(squad):
            entry.characters.append(PlayedCharacter(c.name, c.squad, game_record(c), c.health, c.max_health,
                                                    c.has("out_of_action"), c.has("out_of_play")))
    return finish(system, game, entries, fmt, render(Campaign(squads=[]), entry, fmt), entry, HOUSE)
