"""Gunplay as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each hook imports the module it delegates to when it runs
(setup, status, turn, referee), and the books are kept here as in every system."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import NewGame, Outcome, Roster, System
from sprawl_cli.systems.gunplay.doors import CHECKS, DOORS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import Dice, Ending, Squad, Table, Topic, TurnTrack, Where
    from sprawl_cli.systems.gunplay.model import Character
    from sprawl_cli.systems.gunplay.model import Game as GunplayGame


FACE_HINT = "Gunplay rolls only d12s (d20s with the die=d20 setting), so give numbers, like --dice 9,4"


class Gunplay(System["GunplayGame", "Character"]):
    name = "gunplay"
    title = "Gunplay"
    package = "sprawl_cli.systems.gunplay"
    doors = DOORS
    checks = CHECKS
    statuses = ("down", "prone", "removed")
    phases = ("activation",)
    round_word = "turn"
    face_hint = FACE_HINT

    # --- scenarios (the kernel's, a house feature) -----------------------------
    def out_of_game(self, game: GunplayGame, character: Character) -> bool:
        """Down or removed: a carrier drops what it carries."""
        return bool(character.gone or character.has("down"))

    def leave_game(self, game: GunplayGame, character: Character) -> None:
        """Removed: it left the table at the scenario's exit."""
        character.add("removed")

    def game_type(self) -> type[GunplayGame]:
        from sprawl_cli.systems.gunplay.model import Game as GunplayGame

        return GunplayGame

    def check_game(self, game: GunplayGame, where: Where) -> None:
        from sprawl_cli.systems.gunplay.roster import check_game

        check_game(game, where)

    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.gunplay.roster import read_roster

        return read_roster(data, where, source)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[GunplayGame, Outcome]:
        from sprawl_cli.systems.gunplay.setup import new_game

        return new_game(rosters, how, dice, table)

    def status(self, game: GunplayGame, only: Character | None) -> dict[str, Any]:
        from sprawl_cli.systems.gunplay.status import status

        return status(game, only)

    def status_view(self, console: Console, game: GunplayGame, only: Character | None) -> None:
        from sprawl_cli.systems.gunplay.status import status_view

        status_view(console, game, only)

    def advance(self, game: GunplayGame, dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.gunplay.turn import advance

        return advance(game, dice, table)

    def set_status(self, game: GunplayGame, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.gunplay.referee import set_status

        return set_status(game, character, status, on, table)

    def concede(self, game: GunplayGame, squad: Squad) -> Ending:
        from sprawl_cli.systems.gunplay.turn import concede

        return concede(game, squad)

    def end_lines(self, game: GunplayGame) -> list[str]:
        return [f"Wounds: {', '.join(f'{c.name} {c.wounds}' for c in game.characters)}."]

    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.api import Topic
        from sprawl_cli.systems.gunplay.reference import TOPICS

        # Each line of a topic is a paragraph of its own in Markdown.
        return [Topic(key, title, text.replace("\n", "\n\n")) for key, (title, text) in TOPICS.items()]

    def journal_extras(self, game: GunplayGame) -> dict[str, Any]:
        """The battle report's series beyond the kernel's (who is gone, each side's `standing`):
        wounds, per character (the kernel adds them up per squad)."""
        return {"wounds": {c.name: c.wounds for c in game.characters}}

    def standing(self, game: GunplayGame) -> dict[str, int]:
        """How many of each side still stand: neither down nor removed."""
        gp = game
        return {s.name: sum(1 for c in gp.members(s) if not c.gone and not c.down) for s in gp.squads}

    def record(self, game: GunplayGame, character: Character) -> dict[str, int]:
        from sprawl_cli.api import to_data

        c = character
        data: dict[str, int] = to_data(c.record)
        data["wounds_taken"] = c.wounds
        data["was_removed"] = int(c.gone)
        return data

    # --- the table's view (the live page, `play`'s status line) -----------------------
    def turn_track(self, game: GunplayGame) -> TurnTrack:
        from sprawl_cli.systems.gunplay.track import turn_track

        return turn_track(game)

    def glance(self, game: GunplayGame, character: Character) -> list[str]:
        from sprawl_cli.systems.gunplay.track import glance

        return glance(game, character)


SYSTEM = Gunplay()
