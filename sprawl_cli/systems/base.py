"""The one interface between the kernel and a rule system.

The kernel (save file, journal, undo, `new`, `status`, `next`, `set`, `log`,
`end`, `concede`, `play`, `--json`, dice, campaign books) knows a system only
through a `System` object: its package's module-level `SYSTEM`, found by name
in `sprawl_cli.systems.REGISTRY` and imported only when a game of that system
is loaded (or a lookup names it). Everything else, from the character sheet to
the turn, is the system's own.

A system package looks like this (`docs/ARCHITECTURE.md` says more):

    systems/<name>/__init__.py   SYSTEM = TheSystem()  (cheap to import)
    systems/<name>/model.py      Character, Settings, Game(kernel Game[Character])
    systems/<name>/roster.py     roster files: read and check (file:line:key errors)
    systems/<name>/<chapter>.py  pure rules handed their dice: outcomes as data
    systems/<name>/views.py      outcomes -> lines of Rich markup
    systems/<name>/cli.py        its Typer commands (thin: `flow.act(...)`)
    systems/<name>/reference.py  its `rules` topics, in the project's own words
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.model import Squad

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.dice import Dice
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.reference import Topic
    from sprawl_cli.schema import Where
    from sprawl_cli.table import Table


@dataclass
class Outcome:
    """What a kernel-run step of a system did (`next`, `set`, `new`): the same data
    feeds `--json`, the log (the lines, plain) and the terminal (the lines, Rich)."""

    data: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)  # Rich markup

    def to_json(self) -> dict[str, Any]:
        return self.data


@dataclass
class Roster:
    """One squad as read from a roster file of some system."""

    squad: Squad  # its name, leader ("" where a system has none), members and the file it came from
    characters: list[Any]  # the system's own Character objects, in roster order
    extra: dict[str, Any] = field(default_factory=dict)  # system-specific squad keys (e.g. gm: true)


@dataclass
class NewGame:
    """What `sprawl new` was told, beyond the rosters."""

    rounds: int | None = None
    physical: bool = False
    settings: dict[str, str] = field(default_factory=dict)  # `--setting KEY=VALUE`
    map_file: Path | None = None  # systems played on a map
    flags: dict[str, bool] = field(default_factory=dict)  # system flags such as no_tens


class System:
    """A rule system as the kernel sees it. Subclass it; override what your game needs.

    Class attributes:
        name: the save file's `system:` value and `--system NAME` ("gunplay").
        title: how people write it ("Gunplay").
        package: the package holding it ("sprawl_cli.systems.gunplay").
        commands: command name -> (module under the package, one-line help). These are the
            system's own commands; the kernel adds new/status/next/set/log/undo/redo/end/...
            A system may also define `roll`, `odds` and `table` (lookups with `--system`).
        groups: the names in `commands` that are whole click groups, not single commands.
        name_params: argument names whose values are character names, for Tab completion.
        statuses: what `set NAME STATUS on|off` accepts.
        phases: the phases `status` may show, in order.
    """

    name: str = ""
    title: str = ""
    package: str = ""
    commands: dict[str, tuple[str, str]] = {}
    groups: frozenset[str] = frozenset()
    lookups: frozenset[str] = frozenset({"roll", "odds", "table"})  # commands that work without a game
    name_params: frozenset[str] = frozenset({"name", "target", "attacker", "defender"})
    new_flags: dict[str, str] = {}  # extra `new` flags (--no-tens) -> help; they land in NewGame.flags
    statuses: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[Game[Any]]:
        """The system's Game dataclass, which the save file is read into."""
        raise NotImplementedError

    def check_game(self, game: Game[Any], where: Where) -> None:
        """Cross-checks a hand edit could break (ranges, names, references).

        Raises:
            SaveFileError: via `where.fail(path, message)`.
        """

    # --- rosters and new games --------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        """A roster file's data (already parsed; its `system:` key, checked, taken out) as a squad.

        Raises:
            SaveFileError: via `where.fail`, naming the key.
        """
        raise NotImplementedError

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game[Any], Outcome]:
        """A fresh game from its squads (first roster first), with whatever `new` rolls
        (initiative, random weapons) recorded in the outcome.

        Raises:
            BadInput / RuleRefusal: too few or too many squads, a bad setting.
        """
        raise NotImplementedError

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: Game[Any], only: Piece | None) -> dict[str, Any]:
        """`status --json`: at least system, round, side, phase, over, winner, reason, and
        characters each with name, squad, statuses."""
        raise NotImplementedError

    def status_view(self, console: Console, game: Game[Any], only: Piece | None) -> None:
        """`status` on a terminal: the system's own table."""
        raise NotImplementedError

    def advance(self, game: Game[Any], dice: Dice, table: Table) -> Outcome:
        """`next`: move on one phase / turn / round with the bookkeeping that comes with it.

        Raises:
            RuleRefusal: something must be done first (`--force` overrules through `table.refuse`).
        """
        raise NotImplementedError

    def set_status(self, game: Game[Any], character: Piece, status: str, on: bool, table: Table) -> Outcome:
        """`set NAME STATUS on|off`: a referee's correction.

        Raises:
            BadInput: not one of `statuses`.
        """
        raise NotImplementedError

    def status_marks(self, game: Game[Any]) -> list[str]:
        """Short marks for `play`'s status line after round, side and phase (`down: Ann, Bo`).
        Default: each of `statuses` with the characters showing it (then any other shown status),
        and the characters gone from the game under `out`."""
        seen: dict[str, list[str]] = {s: [] for s in self.statuses}
        for c in game.characters:
            if not c.gone:
                for status in c.shown_statuses:
                    seen.setdefault(status, []).append(c.name)
        marks = [f"{status}: {', '.join(who)}" for status, who in seen.items() if who]
        gone = [c.name for c in game.characters if c.gone]
        return marks + ([f"out: {', '.join(gone)}"] if gone else [])

    def option_values(self, game: Game[Any], command: str, option: str, arguments: list[str]) -> list[str] | None:
        """What Tab offers for `option` (its long name) of `command`, given the command's arguments
        typed so far; None when the system has nothing to say (then click's own completion).
        Default: `--weapon` offers the weapons of the character named first."""
        if option != "--weapon":
            return None
        from sprawl_cli.errors import SprawlError

        try:
            who = game.character(arguments[0]) if arguments else None
        except SprawlError:
            return []
        weapons = getattr(who, "weapons", None) or []
        return [str(getattr(w, "name", w)) for w in weapons]

    def end_lines(self, game: Game[Any]) -> list[str]:
        """What to say when the game has just ended (by `end` or `concede`)."""
        return []

    # --- lookups -----------------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        """`rules` topics (`sprawl_cli.reference.Topic(name, title, markdown)`), in the project's own words."""
        return ()

    # --- books -------------------------------------------------------------------
    def journal_extras(self, game: Game[Any]) -> dict[str, Any]:
        """Per-change facts the battle report charts (kept in every journal entry)."""
        return {}

    def record(self, game: Game[Any], character: Piece) -> dict[str, int]:
        """What `character` did in this game, for the campaign's books."""
        return {}


Loader = Callable[[], System]
