"""SPRAWL as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from sprawl_cli.api import NewGame, Outcome, Roster, System

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import (
        Book, BookGame, Check, Dice, Door, Game as KernelGame, Member, Part, Piece, Table, Topic, TurnTrack, Where,
    )
    from sprawl_cli.systems.sprawl.model import Character, Game


# The kernel hands each hook the game and pieces this system made; these two only tell the type
# checker so. They replace `typing.cast`, whose type argument is never read at run time: every
# change to it is a mutant no test can catch (docs/reliability.md, 2026-12-02, third session).
def own_game(game: KernelGame[Any]) -> Game:
    return game  # type: ignore[return-value]


@overload
def own(piece: Piece) -> Character: ...


@overload
def own(piece: None) -> None: ...


def own(piece: Piece | None) -> Character | None:
    return piece  # type: ignore[return-value]


WEAPON_KINDS = {"shoot": ("gun", "thrown", "launcher"), "brawl": ("melee",)}  # what --weapon takes, for Tab


class Sprawl(System):
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
    def out_of_game(self, game: KernelGame[Any], character: Any) -> bool:
        """Down, Out of Action or Out of Play: a carrier drops what it carries."""
        return bool(character.gone or character.has("down"))

    def leave_game(self, game: KernelGame[Any], character: Any) -> None:
        """Out of Play: it left the table at the scenario's exit."""
        character.add("out_of_play")

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[KernelGame[Any]]:
        from sprawl_cli.systems.sprawl.model import Game

        return Game

    def check_game(self, game: KernelGame[Any], where: Where) -> None:
        from sprawl_cli.systems.sprawl.checks import check_game

        check_game(own_game(game), where)

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
        return game, Outcome(dict(self.status_json(game, None)))

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: KernelGame[Any], only: Piece | None) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.status import game_json

        return game_json(own_game(game), own(only))

    def status_view(self, console: Console, game: KernelGame[Any], only: Piece | None) -> None:
        from sprawl_cli.systems.sprawl.phases import todo
        from sprawl_cli.systems.sprawl.status import status_view

        status_view(console, own_game(game), only.name if only else None, todo(own_game(game)))

    def advance(self, game: KernelGame[Any], dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.views.game import advance_lines
        from sprawl_cli.systems.sprawl.turn import advance

        step = advance(own_game(game), dice, table)
        return Outcome(step.to_json(), advance_lines(step))

    def set_status(self, game: KernelGame[Any], character: Piece, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.sprawl.referee import set_status
        from sprawl_cli.systems.sprawl.views.game import set_lines

        result = set_status(own_game(game), own(character), status, on, None, None)
        return Outcome(result.to_json(), set_lines(character.name, result))

    def status_marks(self, game: KernelGame[Any]) -> list[str]:
        marks = []
        for status in ("pinned", "down", "panicked"):
            # A Down character is pinned too (R8): it is listed once, under down.
            who = [c.name for c in own_game(game).characters if c.has(status) and not c.gone
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
        from sprawl_cli.api import SprawlError

        try:
            who = own(game.character(arguments[0])) if arguments else None
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
        people = own_game(game).characters
        return {
            "health": {c.name: c.health for c in people},
            "gone": [c.name for c in people if c.gone],
            "hits": {c.name: c.record.hits for c in people},  # the battle report's series
        }

    def book_start(self, game: KernelGame[Any]) -> dict[str, Any] | None:
        people = own_game(game).characters
        return {"health": {c.name: c.max_health for c in people}, "hits": {c.name: 0 for c in people}}

    def record(self, game: KernelGame[Any], character: Piece) -> dict[str, int]:
        c = own(character)
        r = c.record
        return {"shots": r.shots, "hits": r.hits, "damage_dealt": r.damage_dealt, "damage_taken": c.damage_taken,
                "put_out_of_action": r.put_out_of_action, "times_out_of_action": r.times_out_of_action}

    def end_words(self, game: KernelGame[Any], character: Piece) -> str:
        c = own(character)
        if c.has("out_of_action"):
            return "Out of Action"
        return "Out of Play (fled)" if c.has("out_of_play") else f"Health {c.health}/{c.max_health}"

    def fled(self, part: Part) -> bool:
        # Out of Play (off the table edge) is not Out of Action: R26 rolls nothing for it.
        return "out_of_play" in part.statuses and "out_of_action" not in part.statuses

    def house_rulings(self, game: KernelGame[Any]) -> list[str]:
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

    def campaign_character(self, character: Piece) -> dict[str, Any]:
        from sprawl_cli.systems.sprawl.campaign import sheet_of

        return sheet_of(own(character))

    def character_from_sheet(self, name: str, sheet: dict[str, Any], squad: str, where: Where,
                             at: tuple[object, ...]) -> Piece:
        from sprawl_cli.systems.sprawl.campaign import character_of

        return character_of(sheet, squad, name, where, at)

    def stand_in(self, characters: list[Piece]) -> str:
        # H10: the living character with the most Smarts (the first in roster order on a tie), as in R24.
        return max(characters, key=lambda c: own(c).smarts).name

    def aftermath(self, game: KernelGame[Any], book: Book, entry: BookGame, dice: Dice) -> list[str] | None:
        from sprawl_cli.systems.sprawl.campaign import aftermath_words, resolve_aftermath
        from sprawl_cli.systems.sprawl.report import aftermath_lines

        rolled = resolve_aftermath(own_game(game), book, dice, entry.number)
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
    def turn_track(self, game: KernelGame[Any]) -> TurnTrack:
        from sprawl_cli.systems.sprawl.track import turn_track

        return turn_track(own_game(game))

    def glance(self, game: KernelGame[Any], character: Piece) -> list[str]:
        from sprawl_cli.systems.sprawl.track import glance

        return glance(own_game(game), own(character))


SYSTEM = Sprawl()
