"""The hooks of `System` that feed the campaign's books and the battle reports: what every
journal entry keeps, what a character did, a sheet between games, the aftermath. Each has a
default that suits a system whose text has no campaign rules; `System` inherits them.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING, Any, Generic

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    from sprawl_cli.books import Book, BookGame, Member, Part
    from sprawl_cli.dice import Dice
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.schema import Where

    # A system's own game and character classes: `class Mine(System[MyGame, MyCharacter])`
    # types every hook with them, so a hook needs no cast. A bare `System`, as the kernel
    # holds any system, is `System[Any, Any]`. Only a type checker reads the bounds and the
    # defaults (typing_extensions, until Python 3.13's TypeVar has them); a plain TypeVar
    # serves at run time, where importing typing_extensions would cost every command.
    GameT = TypeVar("GameT", bound=Game[Any], default=Any)
    PieceT = TypeVar("PieceT", bound=Piece, default=Any)
else:
    GameT = typing.TypeVar("GameT")
    PieceT = typing.TypeVar("PieceT")


class BookHooks(Generic[GameT, PieceT]):
    """What a system tells the books; see `System` for the rest."""

    if TYPE_CHECKING:
        def game_type(self) -> type[GameT]: ...  # System's

    # --- books -------------------------------------------------------------------
    def journal_extras(self, game: GameT) -> dict[str, Any]:
        """Per-change facts the battle report charts (kept in every journal entry): maps of
        character names to numbers (added up per side) or of side names to numbers."""
        return {}

    def standing(self, game: GameT) -> dict[str, int]:
        """How many of each side are still standing (by default: not gone), for the books."""
        return {s.name: sum(1 for c in game.members(s) if not c.gone) for s in game.squads}

    def book_facts(self, game: GameT) -> dict[str, Any]:
        """What every journal entry keeps for the campaign's books: who is `gone`, how many each
        side has `standing`, then the system's `journal_extras` (which may replace either)."""
        return {"gone": [c.name for c in game.characters if c.gone], "standing": self.standing(game),
                **self.journal_extras(game)}

    def record(self, game: GameT, character: PieceT) -> dict[str, int]:
        """What `character` did in this game, for the campaign's books."""
        return {}

    def book_start(self, game: GameT) -> dict[str, Any] | None:
        """The journal extras as they stood before the first round (each character whole, nothing
        counted yet), for the books' series to start from; None: they start at the end of round 1."""
        return None

    def end_words(self, game: GameT, character: PieceT) -> str:
        """A character's state at the end of a game in the system's words, for its battle report;
        "": the report says it from the character's statuses."""
        return ""

    def fled(self, part: Part) -> bool:
        """A character gone from a game of its own accord (off the table) rather than taken out
        of it: the books list it apart from those taken out. Nobody flees by default."""
        return False

    # --- campaigns: what a system adds to the kernel's books (`sprawl_cli/campaign.py`) ------
    campaign_options: dict[str, tuple[str, str]] = {}  # `campaign new` options: name -> (metavar, help)

    def campaign_settings(self, options: dict[str, str]) -> dict[str, Any]:
        """The book's `settings` from the `campaign_options` given (option name -> value).

        Raises:
            SaveFileError: a file an option names is broken.
        """
        return {}

    def campaign_migrate(self, version: int, data: dict[str, Any]) -> dict[str, Any]:
        """A campaign file's data of schema `version` brought to the next: the system's own
        part of an older file (the kernel's shape is the same from one version to the next)."""
        return data

    def campaign_read(self, data: dict[str, Any], where: Where) -> Book:
        """The campaign file's books (its `system:` already checked); a system that keeps
        settings, sheets or notes of its own checks them here too.

        Raises:
            SaveFileError: via `where.fail`.
        """
        from sprawl_cli.books import read_book

        return read_book(data, where)

    def campaign_character(self, character: PieceT) -> dict[str, Any]:
        """Plain data of a fresh character's sheet, kept in the campaign between games."""
        from sprawl_cli.schema import to_data

        return dict(to_data(character))

    def character_from_sheet(self, name: str, sheet: dict[str, Any], squad: str, where: Where,
                             at: tuple[object, ...]) -> Piece:
        """A character called `name` of `squad` for a new game from its campaign sheet
        (`campaign_character`'s data).

        Raises:
            SaveFileError: via `where.fail`, when a hand edit broke the sheet.
        """
        from typing import get_args

        from sprawl_cli.schema import _hints, from_data

        game_type: Any = self.game_type()
        kind = get_args(_hints(game_type)["characters"])[0]
        character: Piece = from_data(kind, sheet, where, at)
        character.name, character.squad = name, squad
        return character

    def stand_in(self, characters: list[PieceT]) -> str:
        """Who leads a campaign's squad in a game when its leader is dead: by default the first."""
        return characters[0].name

    def fate(self, game: GameT, character: PieceT) -> str:
        """What the campaign makes of a character after a game: "active" or "dead"."""
        return "active"

    def aftermath(self, game: GameT, book: Book, entry: BookGame, dice: Dice) -> list[str] | None:
        """What the rules roll after a game, the game already in `book` as `entry`: the system
        changes the book's characters (`Member.state`, `sheet`, `extra`) and says what it rolled
        in `entry` (`table`, `results` as its JSON, `aftermath` in words). Returns the lines
        `aftermath` prints (Rich markup); None: this system has no aftermath."""
        return None

    def aftermath_label(self, book: Book) -> str:
        """The aftermath table a campaign rolls on, as `campaign show` names it."""
        from sprawl_cli.books import NO_AFTERMATH

        return NO_AFTERMATH

    def campaign_member(self, member: Member) -> dict[str, Any]:
        """A character of `campaign show --json`."""
        return {"name": member.name, "state": member.state, "sheet": member.sheet,
                "record": {"games": member.games, **member.record}}

    def campaign_columns(self, member: Member) -> dict[str, str]:
        """What `campaign show` adds to a character's row beside its record: heading -> cell."""
        return {}

    def house_rulings(self, game: GameT) -> list[str]:
        """The house rulings (SYSTEMS.md section 0) this game is played with, one sentence each,
        for its battle report; none by default."""
        return []

    def report_figure(self, game: GameT) -> str | None:
        """A drawing of the game's end (one inline SVG) for its battle report, or None."""
        return None
