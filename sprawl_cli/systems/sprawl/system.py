"""SPRAWL as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sprawl_cli.systems.base import NewGame, Outcome, Played, Roster, System
from sprawl_cli.systems.sprawl import COMMANDS, GROUPS, LOOKUPS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.dice import Dice
    from sprawl_cli.model import Game as KernelGame
    from sprawl_cli.model import Piece
    from sprawl_cli.reference import Topic
    from sprawl_cli.schema import Where
    from sprawl_cli.systems.sprawl.model import Character, Game
    from sprawl_cli.table import Table


WEAPON_KINDS = {"shoot": ("gun", "thrown", "launcher"), "brawl": ("melee",)}  # what --weapon takes, for Tab


class Sprawl(System):
    name = "sprawl"
    title = "SPRAWL"
    package = "sprawl_cli.systems.sprawl"
    commands = COMMANDS
    lookups = LOOKUPS
    groups = GROUPS
    name_params = frozenset({"name", "attacker", "target", "defender", "spotter", "hider", "looker", "nearby",
                             "blast", "blast_scattered", "near_ledge"})
    new_flags = {"no-tens": "Play without the Rule of Tens (R2)."}
    list_params = frozenset({"nearby", "blast", "blast_scattered", "near_ledge"})
    phases = ("movement", "ranged", "close", "recovery")

    @property
    def statuses(self) -> tuple[str, ...]:  # type: ignore[override]
        from sprawl_cli.systems.sprawl.referee import SETTABLE

        return tuple(SETTABLE)

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[KernelGame[Any]]:
        from sprawl_cli.systems.sprawl.model import Game

        return Game

    def check_game(self, game: KernelGame[Any], where: Where) -> None:
        from sprawl_cli.systems.sprawl.checks import check_game

        check_game(cast("Game", game), where)

    # --- rosters and new games ------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.sprawl.roster import roster_from_data

        return roster_from_data(data, where, source)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[KernelGame[Any], Outcome]:
        from sprawl_cli.systems.sprawl.setup import new_game
        from sprawl_cli.systems.sprawl.turn import start_turn

        game = new_game(rosters, how.rounds, not how.flags.get("no_tens", False))
        if how.physical:
            game.settings.dice = "physical"
        start_turn(game, dice)
        return game, Outcome(self.status_json(game, None))

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: KernelGame[Any], only: Piece | None) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.status import game_json

        return game_json(cast("Game", game), cast("Character | None", only))

    def status_view(self, console: Console, game: KernelGame[Any], only: Piece | None) -> None:
        from sprawl_cli.systems.sprawl.phases import todo
        from sprawl_cli.systems.sprawl.status import status_view

        status_view(console, cast("Game", game), only.name if only else None, todo(cast("Game", game)))

    def advance(self, game: KernelGame[Any], dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.views.game import advance_lines
        from sprawl_cli.systems.sprawl.turn import advance

        step = advance(cast("Game", game), dice, table)
        return Outcome(step.to_json(), advance_lines(step))

    def set_status(self, game: KernelGame[Any], character: Piece, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.referee import set_status
        from sprawl_cli.systems.sprawl.views.game import set_lines

        result = set_status(cast("Game", game), cast("Character", character), status, on, None, None)
        return Outcome(result.to_json(), set_lines(character.name, result))

    def status_marks(self, game: KernelGame[Any]) -> list[str]:
        marks = []
        for status in ("pinned", "down", "panicked"):
            # A Down character is pinned too (R8): it is listed once, under down.
            who = [c.name for c in cast("Game", game).characters if c.has(status) and not c.gone
                   and not (status == "pinned" and c.has("down"))]
            if who:
                marks.append(f"{status}: {', '.join(who)}")
        gone = [c.name for c in game.characters if c.gone]
        return marks + ([f"out: {', '.join(gone)}"] if gone else [])

    def option_values(self, game: KernelGame[Any], command: str, option: str, arguments: list[str]) -> list[str] | None:
        if option == "--terrain":  # `move` crosses any of them; `charge` only open or difficult ground
            return ["open", "difficult", "treacherous"] if command == "move" else ["open", "difficult"]
        if option != "--weapon":
            return None
        if command == "odds" and arguments[:1] == ["shoot"]:  # `odds shoot ATTACKER TARGET` takes shoot's options
            command, arguments = "shoot", arguments[1:]
        from sprawl_cli.errors import SprawlError

        try:
            who = cast("Character", game.character(arguments[0])) if arguments else None
        except SprawlError:
            return []
        if who is None:
            return []
        kinds = WEAPON_KINDS.get(command)
        names = [w.name for w in who.weapons if kinds is None or w.kind in kinds]
        if command == "brawl":
            names.append("Fists")  # R12: every character can fight bare-handed
        return names

    def end_lines(self, game: KernelGame[Any]) -> list[str]:
        return []

    # --- lookups and books ----------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.systems.sprawl.reference import TOPICS

        return TOPICS

    def logged_faces(self, faces: Sequence[int | str], die: str | None) -> str | None:
        from sprawl_cli.systems.sprawl.views import logged_faces

        return logged_faces(faces, die)

    def journal_extras(self, game: KernelGame[Any]) -> dict[str, Any]:
        people = cast("Game", game).characters
        return {
            "health": {c.name: c.health for c in people},
            "gone": [c.name for c in people if c.gone],
            "hits": {c.name: c.record.hits for c in people},  # the battle report's series
        }

    def record(self, game: KernelGame[Any], character: Piece) -> dict[str, int]:
        from sprawl_cli.schema import to_data

        return dict(to_data(cast("Character", character).record))

    # --- SPRAWL keeps its own campaign books (campaign.py): attributes, R26, injuries ------
    def campaign_new(self, rosters: list[Roster], table_file: Path | None) -> Any:
        from sprawl_cli.systems.sprawl.campaign import CampaignSettings, campaign_from_rosters, load_table

        book = campaign_from_rosters(rosters)
        if table_file is not None:
            book.settings = CampaignSettings(aftermath_table=load_table(table_file))
        return book

    def campaign_read(self, data: dict[str, Any], where: Where) -> Any:
        from sprawl_cli.systems.sprawl.campaign import read_campaign

        return read_campaign(data, where)

    def campaign_json(self, book: Any) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import campaign_json

        return campaign_json(book)

    def campaign_view(self, console: Console, book: Any) -> None:
        from sprawl_cli.systems.sprawl.views.campaign import campaign_view

        campaign_view(console, book)

    def campaign_history(self, book: Any) -> tuple[list[dict[str, Any]], list[str]]:
        from sprawl_cli.systems.sprawl.views.campaign import history_lines
        from sprawl_cli.systems.sprawl.campaign import history_json

        return history_json(book), history_lines(book)

    def campaign_report(self, book: Any, number: int | None, fmt: str) -> tuple[int, str]:
        from sprawl_cli.systems.sprawl.report import render

        game = book.game(number)
        return game.number, render(book, game, fmt)

    def battle_report(self, game: KernelGame[Any], entries: list[dict[str, Any]], fmt: str) -> str:
        from sprawl_cli.systems.sprawl.gamereport import report

        return report(self, cast("Game", game), entries, fmt)

    def from_campaign(self, path: Path, how: NewGame, dice: Dice, table: Table) -> tuple[KernelGame[Any], Outcome]:
        from sprawl_cli.systems.sprawl.campaign import game_from_campaign
        from sprawl_cli.systems.sprawl.turn import start_turn

        game = game_from_campaign(path, how.rounds, not how.flags.get("no_tens", False))
        if how.physical:
            game.settings.dice = "physical"
        start_turn(game, dice)
        return game, Outcome()

    def campaign_aftermath(self, game: KernelGame[Any], book: Any, entries: list[dict[str, Any]], dice: Dice,
                           played: Played) -> Outcome:
        from sprawl_cli.systems.sprawl.views.campaign import aftermath_lines
        from sprawl_cli.systems.sprawl.campaign import record_game, resolve_aftermath, series_from

        sprawl_game = cast("Game", game)
        series = series_from(sprawl_game, entries)
        result = resolve_aftermath(sprawl_game, book, dice)
        record_game(book, sprawl_game, result, series, save=played.save, step=played.step, date=played.date)
        return Outcome(result.to_json(), aftermath_lines(result, played.campaign))


SYSTEM = Sprawl()
