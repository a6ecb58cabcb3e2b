"""SPRAWL as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import NewGame, Outcome, Roster, System

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import (
        Book, BookGame, Check, Dice, Door, Member, Part, Piece, Table, Topic, TurnTrack, Where,
    )
    from sprawl_cli.systems.sprawl.model import Character, Game


WEAPON_KINDS = {"shoot": ("gun", "thrown", "launcher"), "brawl": ("melee",)}  # what --weapon takes, for Tab


class Sprawl(System["Game", "Character"]):
    name = "sprawl"
    title = "SPRAWL"
    package = "sprawl_cli.systems.sprawl"
    name_params = frozenset({"name", "attacker", "target", "defender", "spotter", "hider", "looker", "nearby",
                             "blast", "blast_scattered", "near_ledge"})
    new_flags = {"no-tens": "Play without the Rule of Tens (R2)."}
    list_params = frozenset({"nearby", "blast", "blast_scattered", "near_ledge"})
    phases = ("movement", "ranged", "close", "recovery")

    # The gate's table, read only by a command that changes the game: `status` never imports it
    # nor the gate's classes, 9 million instructions of its start-up (bench/instructions.py).
    @property
    def doors(self) -> Mapping[str, Door]:  # type: ignore[override]
        from sprawl_cli.systems.sprawl.doors import DOORS

        return DOORS

    @property
    def checks(self) -> Mapping[str, Check]:  # type: ignore[override]
        from sprawl_cli.systems.sprawl.doors import CHECKS

        return CHECKS

    @property
    def statuses(self) -> tuple[str, ...]:  # type: ignore[override]
        from sprawl_cli.systems.sprawl.referee import SETTABLE

        return tuple(SETTABLE)

    # --- scenarios (the kernel's, a house feature) -----------------------------
    def out_of_game(self, game: Game, character: Character) -> bool:
        """Down, Out of Action or Out of Play: a carrier drops what it carries."""
        return bool(character.gone or character.has("down"))

    def leave_game(self, game: Game, character: Character) -> None:
        """Out of Play: it left the table at the scenario's exit."""
        character.add("out_of_play")

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[Game]:
        from sprawl_cli.systems.sprawl.model import Game

        return Game

    def check_game(self, game: Game, where: Where) -> None:
        from sprawl_cli.systems.sprawl.checks import check_game

        check_game(game, where)

    # --- rosters and new games ------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.sprawl.roster import roster_from_data

        return roster_from_data(data, where, source)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
        from sprawl_cli.systems.sprawl.setup import new_game
        from sprawl_cli.systems.sprawl.turn import start_turn

        game = new_game(rosters, how.rounds, not how.flags.get("no_tens", False))
        start_turn(game, dice)
        return game, Outcome(dict(self.status_json(game, None)))

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: Game, only: Character | None) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.status import game_json

        return game_json(game, only)

    def status_view(self, console: Console, game: Game, only: Character | None) -> None:
        from sprawl_cli.systems.sprawl.phases import todo
        from sprawl_cli.systems.sprawl.status import status_view

        status_view(console, game, only.name if only else None, todo(game))

    def advance(self, game: Game, dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.views.game import advance_lines
        from sprawl_cli.systems.sprawl.turn import advance

        step = advance(game, dice, table)
        return Outcome(step.to_json(), advance_lines(step))

    def set_status(self, game: Game, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.referee import set_status
        from sprawl_cli.systems.sprawl.views.game import set_lines

        result = set_status(game, character, status, on, None, None)
        return Outcome(result.to_json(), set_lines(character.name, result))

    def status_marks(self, game: Game) -> list[str]:
        marks = []
        for status in ("pinned", "down", "panicked"):
            # A Down character is pinned too (R8): it is listed once, under down.
            who = [c.name for c in game.characters if c.has(status) and not c.gone
                   and not (status == "pinned" and c.has("down"))]
            if who:
                marks.append(f"{status}: {', '.join(who)}")
        gone = [c.name for c in game.characters if c.gone]
        return marks + ([f"out: {', '.join(gone)}"] if gone else [])

    def option_values(self, game: Game, command: str, option: str, arguments: list[str]) -> list[str] | None:
        if option == "--terrain":  # `move` crosses any of them; `charge` only open or difficult ground
            return ["open", "difficult", "treacherous"] if command == "move" else ["open", "difficult"]
        if option != "--weapon":
            return None
        if command == "odds" and arguments[:1] == ["shoot"]:  # `odds shoot ATTACKER TARGET` takes shoot's options
            command, arguments = "shoot", arguments[1:]
        from sprawl_cli.api import SprawlError

        try:
            who = game.character(arguments[0]) if arguments else None
        except SprawlError:
            return []
        if who is None:
            return []
        kinds = WEAPON_KINDS.get(command)
        names = [w.name for w in who.weapons if kinds is None or w.kind in kinds]
        if command == "brawl":
            names.append("Fists")  # R12: every character can fight bare-handed
        return names

    def end_lines(self, game: Game) -> list[str]:
        return []

    # --- lookups and books ----------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.systems.sprawl.reference import TOPICS

        return TOPICS

    def logged_faces(self, faces: Sequence[int | str], die: str | None) -> str | None:
        from sprawl_cli.systems.sprawl.views import logged_faces

        return logged_faces(faces, die)

    def journal_extras(self, game: Game) -> dict[str, Any]:
        people = game.characters
        return {
            "health": {c.name: c.health for c in people},
            "gone": [c.name for c in people if c.gone],
            "hits": {c.name: c.record.hits for c in people},  # the battle report's series
        }

    def book_start(self, game: Game) -> dict[str, Any] | None:
        people = game.characters
        return {"health": {c.name: c.max_health for c in people}, "hits": {c.name: 0 for c in people}}

    def record(self, game: Game, character: Character) -> dict[str, int]:
        c = character
        r = c.record
        return {"shots": r.shots, "hits": r.hits, "damage_dealt": r.damage_dealt, "damage_taken": c.damage_taken,
                "put_out_of_action": r.put_out_of_action, "times_out_of_action": r.times_out_of_action}

    def end_words(self, game: Game, character: Character) -> str:
        c = character
        if c.has("out_of_action"):
            return "Out of Action"
        return "Out of Play (fled)" if c.has("out_of_play") else f"Health {c.health}/{c.max_health}"

    def fled(self, part: Part) -> bool:
        # Out of Play (off the table edge) is not Out of Action: R26 rolls nothing for it.
        return "out_of_play" in part.statuses and "out_of_action" not in part.statuses

    def house_rulings(self, game: Game) -> list[str]:
        # The rules' GEAR page is missing (README, `sprawl rules gear`).
        return ["Weapon numbers are house values (rosters/sprawl/gear.yaml) unless a roster gave its own: "
                "the rules' GEAR page is missing."]

    # --- the campaign's books: R26's aftermath, sheets and injuries (campaign.py) ----------
    campaign_options = {"table": ("FILE", "The campaign's own aftermath table (R26): YAML or JSON shaped like "
                                          "`sprawl table aftermath --json`.")}

    def campaign_settings(self, options: dict[str, str]) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import load_table

        return {"aftermath_table": load_table(Path(options["table"]))} if options.get("table") else {}

    def campaign_migrate(self, version: int, data: dict[str, Any]) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import migrate_v1

        return migrate_v1(data) if version == 1 else data

    def campaign_read(self, data: dict[str, Any], where: Where) -> Book:
        from sprawl_cli.systems.sprawl.campaign import check_book

        book = super().campaign_read(data, where)
        check_book(book, where)
        return book

    def campaign_character(self, character: Character) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import sheet_of

        return sheet_of(character)

    def character_from_sheet(self, name: str, sheet: dict[str, Any], squad: str, where: Where,
                             at: tuple[object, ...]) -> Piece:
        from sprawl_cli.systems.sprawl.campaign import character_of

        return character_of(sheet, squad, name, where, at)

    def stand_in(self, characters: list[Character]) -> str:
        # H10: the living character with the most Smarts (the first in roster order on a tie), as in R24.
        return max(characters, key=lambda c: c.smarts).name

    def aftermath(self, game: Game, book: Book, entry: BookGame, dice: Dice) -> list[str] | None:
        from sprawl_cli.systems.sprawl.campaign import aftermath_words, resolve_aftermath
        from sprawl_cli.systems.sprawl.report import aftermath_lines

        rolled = resolve_aftermath(game, book, dice, entry.number)
        entry.table, entry.results = rolled.table, [r.to_json() for r in rolled.results]
        entry.aftermath = aftermath_words(rolled.table, entry.results)
        return aftermath_lines(rolled)

    def aftermath_label(self, book: Book) -> str:
        from sprawl_cli.systems.sprawl.campaign import table_label

        return table_label(book)

    def campaign_member(self, member: Member) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import RECORD_KEYS, injuries
        from sprawl_cli.systems.sprawl.model import ATTRIBUTES

        # SPEC: the record has its seven counters from the start, 0 until a game adds to them.
        return {"name": member.name, "state": member.state, **{a: member.sheet.get(a) for a in ATTRIBUTES},
                "injuries": injuries(member),
                "record": {"games": member.games, **{k: member.record.get(k, 0) for k in RECORD_KEYS}}}

    def campaign_columns(self, member: Member) -> dict[str, str]:
        from sprawl_cli.systems.sprawl.report import member_columns

        return member_columns(member)

    # --- the table's view (the live page, `play`'s status line) -----------------------
    def turn_track(self, game: Game) -> TurnTrack:
        from sprawl_cli.systems.sprawl.track import turn_track

        return turn_track(game)

    def glance(self, game: Game, character: Character) -> list[str]:
        from sprawl_cli.systems.sprawl.track import glance

        return glance(game, character)


SYSTEM = Sprawl()
