"""Savage Worlds as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import NewGame, Outcome, Roster, System
from sprawl_cli.systems.savage_worlds.doors import CHECKS, DOORS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import Dice, Piece, Squad, Table, Topic, TurnTrack, Where
    from sprawl_cli.systems.savage_worlds.model import Character, Game


class SavageWorlds(System["Game", "Character"]):
    name = "savage-worlds"
    title = "Savage Worlds"
    package = "sprawl_cli.systems.savage_worlds"
    name_params = frozenset({"name", "target", "attacker", "defender", "victim", "other"})
    statuses = ("shaken", "incapacitated", "on_hold", "defending", "prone")
    phases = ("deal", "action")
    doors = DOORS
    checks = CHECKS

    def actor(self, game: Game, name: str) -> Piece:
        from sprawl_cli.systems.savage_worlds.rolls import group_members

        members = group_members(game, name)
        return members[0] if members else game.character(name)

    # --- scenarios (the kernel's, a house feature) -----------------------------
    def leave_game(self, game: Game, character: Character) -> None:
        """Incapacitated (house): off the table at the scenario's exit, out of the fight."""
        character.add("incapacitated")

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[Game]:
        from sprawl_cli.systems.savage_worlds.model import Game

        return Game

    def check_game(self, game: Game, where: Where) -> None:
        from sprawl_cli.systems.savage_worlds.roster import check_game

        check_game(game, where)

    # --- rosters and new games ------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.savage_worlds.roster import read_roster

        return read_roster(data, where, str(source))

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
        from sprawl_cli.systems.savage_worlds.setup import new_game

        game = new_game(rosters, how)
        pools = ", ".join(f"{k} {v}" for k, v in game.pools.items())
        return game, Outcome({}, [f"Bennies: {pools}. `deal` starts round 1."])

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: Game, only: Character | None) -> dict[str, Any]:
        from sprawl_cli.systems.savage_worlds.status import game_json

        return game_json(game, only)

    def status_view(self, console: Console, game: Game, only: Character | None) -> None:
        from sprawl_cli.systems.savage_worlds.status import status_view

        status_view(console, game, only)

    def advance(self, game: Game, dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.savage_worlds.cards import advance
        from sprawl_cli.systems.savage_worlds.views import lines

        step = advance(game, dice, table)
        data = step.to_json()
        return Outcome(data, lines("next", data))

    def set_status(self, game: Game, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.savage_worlds.referee import set_status

        return set_status(game, character, status, on)

    # --- lookups and books ----------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.api import Topic
        from sprawl_cli.systems.savage_worlds.reference import TOPICS

        return tuple(Topic(key, title, text) for key, (title, text) in TOPICS.items())

    def journal_extras(self, game: Game) -> dict[str, Any]:
        people = game.characters
        bennies = dict(game.pools)  # each side's pool, and its Wild Cards' own (a GM's, W3)
        for c in people:
            if c.bennies:
                bennies[c.squad] = bennies.get(c.squad, 0) + c.bennies
        return {
            "wounds": {c.name: c.wounds_suffered for c in people},
            "gone": [c.name for c in people if c.gone],
            "bennies": bennies,
        }

    def record(self, game: Game, character: Character) -> dict[str, int]:
        c = character
        return {"wounds": c.wounds_suffered, "incapacitated": int(c.has("incapacitated")), "dead": int(c.dead)}

    def house_rulings(self, game: Game) -> list[str]:
        from sprawl_cli.systems.savage_worlds.status import house_rulings

        return house_rulings(game)

    def fate(self, game: Game, character: Character) -> str:
        # A character finished off while helpless is dead for the campaign too; no other aftermath.
        return "dead" if character.dead else "active"

    # --- the table's view (the live page, `play`'s status line) -----------------------
    def turn_track(self, game: Game) -> TurnTrack:
        from sprawl_cli.systems.savage_worlds.track import turn_track

        return turn_track(game)

    def glance(self, game: Game, character: Character) -> list[str]:
        from sprawl_cli.systems.savage_worlds.track import glance

        return glance(character)

    def side_glance(self, game: Game, squad: Squad) -> list[str]:
        from sprawl_cli.systems.savage_worlds.track import side_glance

        return side_glance(game, squad.name)


SYSTEM = SavageWorlds()
