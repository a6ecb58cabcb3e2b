"""Street-Fight as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import NewGame, Outcome, Roster, System
from sprawl_cli.systems.street_fight.doors import CHECKS, DOORS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import Dice, Squad, Table, Topic, TurnTrack, Where
    from sprawl_cli.systems.street_fight.model import Character, Game


class StreetFight(System["Game", "Character"]):
    name = "street-fight"
    title = "Street-Fight"
    package = "sprawl_cli.systems.street_fight"
    doors = DOORS
    checks = CHECKS
    name_params = frozenset({"name", "target", "attacker", "defender"})
    statuses = ("casualty", "moved", "ran", "aiming", "overwatch", "in_combat", "falling_back", "sheltering",
                "in_cover")
    phases = ("movement", "shooting", "close", "morale")

    # --- scenarios (the kernel's, a house feature) -----------------------------
    def leave_game(self, game: Game, character: Character) -> None:
        """A casualty (house): off the table at the scenario's exit, counted as one for morale."""
        character.add("casualty")

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[Game]:
        from sprawl_cli.systems.street_fight.model import Game

        return Game

    def check_game(self, game: Game, where: Where) -> None:
        from sprawl_cli.systems.street_fight.roster import check_game

        check_game(game, where)

    # --- rosters and new games ------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.street_fight.roster import read_roster

        return read_roster(data, where, str(source))

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
        from sprawl_cli.systems.street_fight.setup import new_game, read_settings
        from sprawl_cli.systems.street_fight.views import started_lines

        settings = read_settings(how.settings)
        characters = [c for r in rosters for c in r.characters]
        game, started = new_game([r.squad for r in rosters], characters, settings, how.rounds, dice)
        return game, Outcome(started.to_json(), started_lines(started))

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: Game, only: Character | None) -> dict[str, Any]:
        from sprawl_cli.systems.street_fight.status import game_json

        return game_json(game, only)

    def status_view(self, console: Console, game: Game, only: Character | None) -> None:
        from sprawl_cli.systems.street_fight.turn import todo
        from sprawl_cli.systems.street_fight.views import status_table

        status_table(console, game, only.name if only else None)
        from sprawl_cli.api import escape

        for line in todo(game):
            console.print(f"[todo]{escape(line)}[/]")  # the kernel's consoles highlight nothing

    def advance(self, game: Game, dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.street_fight.turn import advance
        from sprawl_cli.systems.street_fight.views import advance_lines

        step = advance(game, dice, table)
        return Outcome(step.to_json(), advance_lines(step))

    def set_status(self, game: Game, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.street_fight.referee import set_status

        result = set_status(game, character, status, on)
        cover = ["in cover"] if character.in_cover and not character.gone else []  # a column of its own
        state = ", ".join([*result.statuses, *cover]) or "no statuses"
        note = f" ({result.note})" if result.note else ""
        return Outcome(result.to_json(), [f"{character.name}: {result.status} {'on' if on else 'off'}{note}; now {state}"])

    # --- lookups and books ----------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.systems.street_fight.reference import TOPICS

        return TOPICS

    def journal_extras(self, game: Game) -> dict[str, Any]:
        people = game.characters
        return {"hits": {c.name: c.record.hits for c in people}}  # the kernel's book_facts says who is gone

    def record(self, game: Game, character: Character) -> dict[str, int]:
        from sprawl_cli.api import to_data

        return dict(to_data(character.record))

    # --- the table's view (the live page, `play`'s status line) -----------------------
    def turn_track(self, game: Game) -> TurnTrack:
        from sprawl_cli.systems.street_fight.track import turn_track

        return turn_track(game)

    def glance(self, game: Game, character: Character) -> list[str]:
        from sprawl_cli.systems.street_fight.track import glance

        return glance(game, character)

    def side_glance(self, game: Game, squad: Squad) -> list[str]:
        from sprawl_cli.systems.street_fight.track import side_glance

        return side_glance(game, squad)


SYSTEM = StreetFight()
