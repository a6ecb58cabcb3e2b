"""The one interface between the kernel and a rule system.

The kernel (save file, journal, undo, `new`, `status`, `next`, `set`, `log`,
`end`, `concede`, `play`, `--json`, dice, campaign books) knows a system only
through a `System` object: the module-level `SYSTEM` of its package's
`system.py`, found by name (`sprawl_cli.systems`: built in, or an entry point) and imported only
when a game of that system is loaded (or a lookup needs it). To route a
command line the kernel reads only the package's `__init__` (`COMMANDS`).
Everything else, from the character sheet to the turn, is the system's own.

A system package looks like this, the same names in every one (`docs/ARCHITECTURE.md`
says more, and has a table of where each job is in each system):

    systems/<name>/__init__.py   COMMANDS (LOOKUPS, GROUPS): its commands, plain data
    systems/<name>/system.py     SYSTEM = TheSystem(): the hooks below, each delegating
    systems/<name>/model.py      Character, Settings, Game(kernel Game[Character])
    systems/<name>/roster.py     roster files: read and check (file:line:key errors)
    systems/<name>/setup.py      new_game: a new game from rosters and `new`'s settings
    systems/<name>/turn.py       whose turn, what each did, `next`
    systems/<name>/status.py     `status`: its JSON and its terminal view
    systems/<name>/referee.py    the referee's corrections (`set`), nothing else
    systems/<name>/odds.py       exact odds, where it has an `odds` lookup
    systems/<name>/<chapter>.py  pure rules handed their dice: outcomes as data
    systems/<name>/views.py      outcomes -> lines of Rich markup (or a views/ package)
    systems/<name>/cli.py        its Typer commands, thin: `flow.act(...)` (or a cli/ package)
    systems/<name>/reference.py  its `rules` topics, in the project's own words
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from sprawl_cli.errors import BadInput, SprawlError
from sprawl_cli.model import Fields, Squad, record
from sprawl_cli.systems.bookhooks import BookHooks, GameT, PieceT
from sprawl_cli.systems.scenariohooks import ScenarioHooks

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.contract import StatusJson
    from sprawl_cli.dice import Dice
    from sprawl_cli.ending import Ending
    from sprawl_cli.gate import Check, Door
    from sprawl_cli.model import Piece
    from sprawl_cli.reference import Topic
    from sprawl_cli.schema import Where
    from sprawl_cli.systems.newoptions import NewOption
    from sprawl_cli.table import Table
    from sprawl_cli.turntrack import TurnTrack


def check_sides(rosters: Sequence[Roster], what: str = "a game") -> None:
    """Two squads or more, no squad name twice, no character name in two squads (in any case):
    what every system's game and campaign needs, checked by the kernel before a system builds one.

    Raises:
        BadInput: saying which, and what to do.
    """
    from sprawl_cli.names import name_fault
    from sprawl_cli.numbers import quoted

    if len(rosters) < 2:
        raise BadInput(f"{what} needs two squads or more: give --squad FILE for each")
    squads: set[str] = set()
    seen: dict[str, str] = {}
    for r in rosters:
        for who, name in [("the squad", r.squad.name), *(("the character", c.name) for c in r.characters)]:
            fault = name_fault(name)
            if fault is not None:
                raise BadInput(f"{who} '{quoted(name)}' of {r.squad.roster or 'a roster'}: its name {fault}; "
                               "rename it in its roster")
        if r.squad.name.lower() in squads:
            raise BadInput(f"two squads are called '{r.squad.name}'; rename one in its roster")
        squads.add(r.squad.name.lower())
        for c in r.characters:
            if c.name.lower() in seen:
                raise BadInput(f"the name '{c.name}' is used in both {seen[c.name.lower()]} and {r.squad.name}; "
                               "every character needs its own name: rename one in its roster")
            seen[c.name.lower()] = r.squad.name


@record
class Outcome(Fields):
    """What a kernel-run step of a system did (`next`, `set`, `new`): the same data
    feeds `--json`, the log (the lines, plain) and the terminal (the lines, Rich)."""

    data: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)  # Rich markup

    def to_json(self) -> dict[str, Any]:
        return self.data


@record
class Roster(Fields):
    """One squad as read from a roster file of some system."""

    squad: Squad  # its name, leader ("" where a system has none), members and the file it came from
    characters: list[Any]  # the system's own Character objects, in roster order
    extra: dict[str, Any] = field(default_factory=dict)  # system-specific squad keys (e.g. gm: true)


def roster_header(data: Any, where: Where, system: str, title: str, keys: Sequence[str]) -> tuple[str, list[Any]]:
    """What every system's roster shares, checked in the same words for all: a map of the
    system's `keys` only, a `system:` naming this system (or none), a squad name and a
    non-empty list of characters. Returns (the squad's name, the characters' data).

    Raises:
        SaveFileError: via `where.fail`, naming the key.
    """
    from sprawl_cli.systems import key as system_key

    if not isinstance(data, dict):
        where.fail((), f"a {title} roster is a map with {', '.join(keys)}")
    for key in data:
        if key not in keys:
            where.fail((key,), f"unknown key; a {title} roster has {', '.join(keys)}")
    named = data.get("system", system)
    if not isinstance(named, str) or system_key(named) != system:
        where.fail(("system",), f"this roster is for {named!r}, not {title} ({system})")
    squad = data.get("squad")
    if not isinstance(squad, str) or not squad.strip():
        where.fail(("squad",), "is missing" if "squad" not in data else "should be a name")
    from sprawl_cli.names import name_fault

    fault = name_fault(squad.strip())
    if fault is not None:
        where.fail(("squad",), f"this name {fault}")
    people = data.get("characters")
    if not isinstance(people, list) or not people:
        where.fail(("characters",), "a squad needs a list of at least one character")
    return squad.strip(), people


def check_unique_names(names: Sequence[str], where: Where) -> None:
    """No two characters of a roster share a name (in any case).

    Raises:
        SaveFileError: via `where.fail`, at the second one's name.
    """
    from sprawl_cli.names import name_fault

    seen: set[str] = set()
    for i, name in enumerate(names):
        fault = name_fault(name)
        if fault is not None:
            where.fail(("characters", i, "name"), f"this name {fault}")
        if name.lower() in seen:
            where.fail(("characters", i, "name"), f"two characters are called '{name}'")
        seen.add(name.lower())


@record
class NewGame(Fields):
    """What `sprawl new` was told, beyond the rosters."""

    rounds: int | None = None
    physical: bool = False
    settings: dict[str, str] = field(default_factory=dict)  # `--setting KEY=VALUE`
    flags: dict[str, bool] = field(default_factory=dict)  # the system's `new_flags` given, by parameter name
    options: dict[str, Any] = field(default_factory=dict)  # its `new_options` given, by parameter name


class System(BookHooks[GameT, PieceT], ScenarioHooks[GameT, PieceT]):
    """A rule system as the kernel sees it. Subclass it; override what your game needs.

    Class attributes:
        name: the save file's `system:` value and `--system NAME` ("coinflip").
        title: how people write it ("Coinflip").
        package: the package holding it ("coinflip", or "sprawl_cli.systems.NAME" for a built-in one).
        commands: command name -> (module under the package, one-line help): the package's
            `COMMANDS`. These are the system's own commands; the kernel adds
            new/status/next/set/log/undo/redo/end/... A system may also define `roll`, `odds`
            and `table` (lookups with `--system`; `LOOKUPS` says which work without a game).
        groups: the names in `commands` that are whole click groups, not single commands (`GROUPS`).
        name_params: argument names whose values are character names, for Tab completion.
        statuses: what `set NAME STATUS on|off` accepts.
        phases: the phases `status` may show, in order.
        round_word: what the game calls one round of play ("turn" where the rules say so), for the log and
            the play session's status line.
        face_hint: for a system that deals no cards, what `--dice` takes, to explain a token
            that is not a number (empty: cards are welcome, and the message names them).
        doors: command -> `gate.Door`: what each game-changing command is, costs and must pass
            (`sprawl_cli.gate`); every command of `commands` that is not a lookup needs one,
            and a command without one cannot change a game. The kernel's `next`, `set`,
            `concede` and `end` have doors of their own unless the system declares them.
        checks: check name -> `gate.Check`: the turn referee's questions the doors name.
    """

    name: str = ""
    title: str = ""
    package: str = ""
    commands: dict[str, tuple[str, str]] = {}
    groups: frozenset[str] = frozenset()
    lookups: frozenset[str] = frozenset({"roll", "odds", "table"})  # commands that work without a game
    name_params: frozenset[str] = frozenset({"name", "target", "attacker", "defender"})
    new_flags: dict[str, str] = {}  # extra `new` flags (flag -> help); they land in NewGame.flags
    new_options: dict[str, NewOption] = {}  # extra `new` options with a value; they land in NewGame.options
    list_params: frozenset[str] = frozenset()  # parameters that take names separated by commas, or none
    plays_on_map: bool = False  # a scenario's places are spaces of its map (`space_problem`, `on_spaces`)
    statuses: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()
    round_word: str = "round"
    face_hint: str = ""
    doors: Mapping[str, Door] = {}
    checks: Mapping[str, Check] = {}

    def actor(self, game: GameT, name: str) -> Piece:
        """Who acts, for the gate, from the name a command was given (by default a character
        of the game; a system whose groups act as one may answer for a group's name).

        Raises:
            BadInput: no such character.
        """
        who: Piece = game.character(name)
        return who

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[GameT]:
        """The system's Game dataclass, which the save file is read into."""
        raise NotImplementedError

    def check_game(self, game: GameT, where: Where) -> None:
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

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[GameT, Outcome]:
        """A fresh game from its squads (first roster first), with whatever `new` rolls
        (initiative, random weapons) recorded in the outcome.

        Raises:
            BadInput / RuleRefusal: too few or too many squads, a bad setting.
        """
        raise NotImplementedError

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: GameT, only: PieceT | None) -> dict[str, Any]:
        """The system's own part of `status --json`: at least `characters`, each with name,
        squad, statuses (the kernel adds what every game has: `status_json`)."""
        raise NotImplementedError

    def status_json(self, game: GameT, only: PieceT | None) -> StatusJson:
        """`status --json`: what every game has (`contract.SHARED_STATUS`), built here once for
        every system, then the system's own `status`, checked against the contract."""
        from sprawl_cli.contract import read_status

        shared = {"system": game.system, "round": game.round, "rounds": game.rounds,
                  "side": game.current_squad.name, "phase": game.phase,
                  "over": game.over, "winner": game.winner, "draw": game.draw, "reason": game.reason}
        own = read_status(self.title, self.status(game, only))
        if game.scenario is not None:  # a house feature: only a game played to a scenario has it
            from sprawl_cli.scenario.words import status_json

            own["scenario"] = status_json(game)
        return cast("StatusJson", {**shared, **own})

    def status_view(self, console: Console, game: GameT, only: PieceT | None) -> None:
        """`status` on a terminal: the system's own table."""
        raise NotImplementedError

    def advance(self, game: GameT, dice: Dice, table: Table) -> Outcome:
        """`next`: move on one phase / turn / round with the bookkeeping that comes with it.

        Raises:
            RuleRefusal: something must be done first (`--force` overrules through `table.refuse`).
        """
        raise NotImplementedError

    def set_status(self, game: GameT, character: PieceT, status: str, on: bool, table: Table) -> Outcome:
        """`set NAME STATUS on|off`: a referee's correction.

        Raises:
            BadInput: not one of `statuses`.
        """
        raise NotImplementedError

    def status_marks(self, game: GameT) -> list[str]:
        """Short marks for `play`'s status line after round, side and phase (`down: Ann, Bo`).
        Default: each of `statuses` with the characters showing it (then any other shown status),
        and the characters gone from the game under `out`."""
        seen: dict[str, list[str]] = {s: [] for s in self.statuses}
        for c in game.characters:
            if not c.gone:
                for status in c.shown_statuses:
                    seen.setdefault(status, []).append(c.name)
        marks = [f"{status.replace('_', ' ')}: {', '.join(who)}" for status, who in seen.items() if who]
        gone = [c.name for c in game.characters if c.gone]
        return marks + ([f"out: {', '.join(gone)}"] if gone else [])

    def turn_track(self, game: GameT) -> TurnTrack:
        """Whose go it is and who comes next (`sprawl_cli.turntrack`): the order of play as the
        system knows it, each place (a character, a group, a side, a card) now, next, to come,
        done, on hold, surprised or out, with its mark and notes in the system's own words. The
        live page opens with it and `play`'s status line names the one now. Default: the sides
        in roster order, the side to play now, with the round and the phase."""
        from sprawl_cli.turntrack import sides_track

        phase = f", {game.phase.replace('_', ' ')}" if game.phase else ""
        return sides_track(game, f"{self.round_word.capitalize()} {game.round}{phase}")

    def glance(self, game: GameT, character: PieceT) -> list[str]:
        """What a player needs of `character` at a glance, beyond its statuses, as short phrases
        in the system's words ("2 wounds (-2)", "2 actions left", "card Q♥"): the live page's
        character card. Nothing a player does not need (sheets, yes/no flags, keys as data)."""
        return []

    def side_glance(self, game: GameT, squad: Squad) -> list[str]:
        """The same for a side (a pool it draws on, its morale tests due), for the page's side heading."""
        return []

    def option_values(self, game: GameT, command: str, option: str, arguments: list[str]) -> list[str] | None:
        """What Tab offers for `option` (its long name) of `command`, given the command's arguments
        typed so far; None when the system has nothing to say (then click's own completion).
        Default: `--weapon` offers the weapons of the character named first."""
        if option != "--weapon":
            return None
        try:
            who = game.character(arguments[0]) if arguments else None
        except SprawlError:
            return []
        weapons = getattr(who, "weapons", None) or []
        return [str(getattr(w, "name", w)) for w in weapons]

    def concede(self, game: GameT, squad: Squad) -> Ending:
        """`concede SIDE`: by default the game ends, and with two sides the other one wins. A
        system where the others play on among three or more sides overrides this."""
        from sprawl_cli.ending import concede

        return concede(game, squad)

    def end_lines(self, game: GameT) -> list[str]:
        """What to say when the game has just ended (by `end` or `concede`)."""
        return []

    # --- lookups -----------------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        """`rules` topics (`sprawl_cli.reference.Topic(name, title, markdown)`), in the project's own words."""
        return ()

    def logged_faces(self, faces: Sequence[int | str], die: str | None) -> str | None:
        """A logged roll's faces as Rich markup for `sprawl log`, read as this system reads
        them (`die` is "d10", "d12"... or "card"; None in a journal written before rolls
        named their die). None shows them as they are."""
        return None


Loader = Callable[[], System]
