"""Everything a game system needs of sprawl, in one module: `from sprawl_cli.api import ...`.

A system (built in or installed from another package) imports the kernel through this module
alone (tests/test_api.py checks the built-in ones), so what the five built-in systems use is
exactly what an outside author gets. The names, by job:

- the interface: `System` (subclass it; `REQUIRED_HOOKS` it must override), `NewGame` (what
  `new` was told), `NewOption` (a `new` option with a value), `Roster`, `Outcome`, `roster_header`, `check_unique_names`, `check_sides`;
  `API_VERSION`, which a system's package `__init__` repeats as the version it was written for.
- the nouns: `Game` (subclass it), `Settings`, `Squad`, `Piece`, `Statuses`, `Fields`,
  `record` (a model dataclass with `Fields`' shared methods), `close_names`; a campaign's `Book`, `BookGame`, `Member`, `Part`.
- the status contract: `StatusJson`, `CharacterStatus`, `SHARED_STATUS`, `STATUS_LISTS`
  (sprawl_cli/contract.py): what `System.status` returns and the live page and report read.
- errors: `SprawlError` > `UsageProblem` (exit 2), `BadInput`, `RuleRefusal` (a refusal
  `--force` overrules), `GameOver`, `SaveFileError`, `DiceShortage`, `NeedsAnswer` (a question
  only the table can answer, refused without a terminal).
- dice: the `Dice` protocol, `Face`, `DECK`, `RANKS`, `SUITS`, `JOKERS`, `REACH`, `Roll`,
  `record_repr`; for tests `ScriptedDice` (faces given up front) and `RecordingDice`.
- the table: `Table` (the protocol: `confirm`, `names`, `number`, `choose`), `refuse(table,
  why)`, `parse_names`; for tests `ScriptedTable` (answers given up front).
- the gate: `Door`, `Check`, the kinds `ACTION`, `REACTION`, `TURN`, `REFEREE`, `LOOK`, `verb`,
  `phase_refusal`.
- the turn track: `TurnTrack`, `Place`, `sides_track`, `sides_of`, `over_sentence`, the states
  `NOW`, `NEXT`, `LATER`, `DONE`, `HOLD`, `SURPRISED`, `OUT`.
- endings: `Ending`, `end_game`, `other_side`, `settle`, `rounds_played`, `over_lines`.
- numbers and names: `Bound`, `quoted`, `MODIFIER`, `INCHES`, `MOST_INCHES`, `ROUNDS`,
  `name_fault`, `system_key` (a system's name as the registry spells it).
- the save file: `Where` (file:line:key errors), `from_data`, `to_data`, `yamlio` (the strict
  YAML reader and writer: `yaml_parse`, `yaml_read_text` are two of it), `atomic_write`.
- printing: `escape`, `name`, `plain`, `bar`, `print_lines`, `print_markdown`,
  `forced_lines`, `make_console`, `print_table` (a Rich table, fast); `Topic` for `rules`.
- commands: `act(kind, rule, view, actor=..., door=...)` (the one flow of a command that changes
  the game), `current()` (the running command's context: `load_game`, `emit`), `Context`,
  `set_command` (the kernel's `set`, for a system whose own `set` adds to it).

Every name is imported when first used (module-level `__getattr__`), so importing this module
costs nothing: a `roll` pays for no YAML, Rich, Typer or game model it does not use.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# The interface's version. A system's package `__init__` says which version it was written for
# (`API_VERSION = 1`); the kernel refuses to load one written for another, in one line.
# Raise it when a change breaks a system written for the version before.
API_VERSION = 1

# The hooks every system overrides: `System` has no default for them.
REQUIRED_HOOKS = ("game_type", "read_roster", "new_game", "status", "status_view", "advance", "set_status")

# name -> (module, attribute in it; "" for the module itself)
_HOMES: dict[str, tuple[str, str]] = {
    # the interface
    "System": ("sprawl_cli.systems.base", "System"),
    "NewGame": ("sprawl_cli.systems.base", "NewGame"),
    "NewOption": ("sprawl_cli.systems.newoptions", "NewOption"),
    "Roster": ("sprawl_cli.systems.base", "Roster"),
    "Outcome": ("sprawl_cli.systems.base", "Outcome"),
    "roster_header": ("sprawl_cli.systems.base", "roster_header"),
    "check_unique_names": ("sprawl_cli.systems.base", "check_unique_names"),
    "check_sides": ("sprawl_cli.systems.base", "check_sides"),
    "system_key": ("sprawl_cli.systems", "key"),
    # the nouns
    "Game": ("sprawl_cli.model", "Game"),
    "Settings": ("sprawl_cli.model", "Settings"),
    "Squad": ("sprawl_cli.model", "Squad"),
    "Piece": ("sprawl_cli.model", "Piece"),
    "Statuses": ("sprawl_cli.model", "Statuses"),
    "Fields": ("sprawl_cli.model", "Fields"),
    "record": ("sprawl_cli.model", "record"),
    "close_names": ("sprawl_cli.model", "close_names"),
    "Book": ("sprawl_cli.books", "Book"),
    "BookGame": ("sprawl_cli.books", "BookGame"),
    "Member": ("sprawl_cli.books", "Member"),
    "Part": ("sprawl_cli.books", "Part"),
    # the status contract
    "StatusJson": ("sprawl_cli.contract", "StatusJson"),
    "CharacterStatus": ("sprawl_cli.contract", "CharacterStatus"),
    "SHARED_STATUS": ("sprawl_cli.contract", "SHARED_STATUS"),
    "STATUS_LISTS": ("sprawl_cli.contract", "STATUS_LISTS"),
    # errors
    "SprawlError": ("sprawl_cli.errors", "SprawlError"),
    "UsageProblem": ("sprawl_cli.errors", "UsageProblem"),
    "BadInput": ("sprawl_cli.errors", "BadInput"),
    "RuleRefusal": ("sprawl_cli.errors", "RuleRefusal"),
    "GameOver": ("sprawl_cli.errors", "GameOver"),
    "SaveFileError": ("sprawl_cli.errors", "SaveFileError"),
    "DiceShortage": ("sprawl_cli.errors", "DiceShortage"),
    "NeedsAnswer": ("sprawl_cli.errors", "NeedsAnswer"),
    # dice
    "Dice": ("sprawl_cli.dice", "Dice"),
    "Face": ("sprawl_cli.dice", "Face"),
    "DECK": ("sprawl_cli.dice", "DECK"),
    "RANKS": ("sprawl_cli.dice", "RANKS"),
    "SUITS": ("sprawl_cli.dice", "SUITS"),
    "JOKERS": ("sprawl_cli.dice", "JOKERS"),
    "REACH": ("sprawl_cli.numbers", "REACH"),
    "Roll": ("sprawl_cli.dice", "Roll"),
    "record_repr": ("sprawl_cli.dice", "record_repr"),
    "ScriptedDice": ("sprawl_cli.dice", "ScriptedDice"),
    "RecordingDice": ("sprawl_cli.dice", "RecordingDice"),
    # the table
    "Table": ("sprawl_cli.table", "Table"),
    "refuse": ("sprawl_cli.table", "refuse"),
    "parse_names": ("sprawl_cli.table", "parse_names"),
    "ScriptedTable": ("sprawl_cli.table", "ScriptedTable"),
    # the gate
    "Door": ("sprawl_cli.gate", "Door"),
    "Check": ("sprawl_cli.gate", "Check"),
    "ACTION": ("sprawl_cli.gate", "ACTION"),
    "REACTION": ("sprawl_cli.gate", "REACTION"),
    "TURN": ("sprawl_cli.gate", "TURN"),
    "REFEREE": ("sprawl_cli.gate", "REFEREE"),
    "LOOK": ("sprawl_cli.gate", "LOOK"),
    "verb": ("sprawl_cli.gate", "verb"),
    "phase_refusal": ("sprawl_cli.gate", "phase_refusal"),
    # the turn track
    "TurnTrack": ("sprawl_cli.turntrack", "TurnTrack"),
    "Place": ("sprawl_cli.turntrack", "Place"),
    "sides_track": ("sprawl_cli.turntrack", "sides_track"),
    "sides_of": ("sprawl_cli.turntrack", "sides_of"),
    "over_sentence": ("sprawl_cli.turntrack", "over_sentence"),
    "NOW": ("sprawl_cli.turntrack", "NOW"),
    "NEXT": ("sprawl_cli.turntrack", "NEXT"),
    "LATER": ("sprawl_cli.turntrack", "LATER"),
    "DONE": ("sprawl_cli.turntrack", "DONE"),
    "HOLD": ("sprawl_cli.turntrack", "HOLD"),
    "SURPRISED": ("sprawl_cli.turntrack", "SURPRISED"),
    "OUT": ("sprawl_cli.turntrack", "OUT"),
    # endings
    "Ending": ("sprawl_cli.ending", "Ending"),
    "end_game": ("sprawl_cli.ending", "end_game"),
    "other_side": ("sprawl_cli.ending", "other_side"),
    "settle": ("sprawl_cli.ending", "settle"),
    "rounds_played": ("sprawl_cli.ending", "rounds_played"),
    "over_lines": ("sprawl_cli.ending", "over_lines"),
    # numbers and names
    "Bound": ("sprawl_cli.numbers", "Bound"),
    "quoted": ("sprawl_cli.numbers", "quoted"),
    "MODIFIER": ("sprawl_cli.numbers", "MODIFIER"),
    "INCHES": ("sprawl_cli.numbers", "INCHES"),
    "MOST_INCHES": ("sprawl_cli.numbers", "MOST_INCHES"),
    "ROUNDS": ("sprawl_cli.numbers", "ROUNDS"),
    "name_fault": ("sprawl_cli.names", "name_fault"),
    # the save file
    "Where": ("sprawl_cli.schema", "Where"),
    "from_data": ("sprawl_cli.schema", "from_data"),
    "to_data": ("sprawl_cli.schema", "to_data"),
    "yamlio": ("sprawl_cli.yamlio", ""),
    "yaml_parse": ("sprawl_cli.yamlio", "parse"),
    "yaml_read_text": ("sprawl_cli.yamlio", "read_text"),
    "atomic_write": ("sprawl_cli.save.atomic", "atomic_write"),
    # printing
    "escape": ("sprawl_cli.render", "escape"),
    "name": ("sprawl_cli.render", "name"),
    "plain": ("sprawl_cli.render", "plain"),
    "bar": ("sprawl_cli.render", "bar"),
    "print_lines": ("sprawl_cli.render", "print_lines"),
    "print_markdown": ("sprawl_cli.render", "print_markdown"),
    "forced_lines": ("sprawl_cli.render", "forced_lines"),
    "make_console": ("sprawl_cli.render", "make_console"),
    "print_table": ("sprawl_cli.render.grid", "print_table"),
    "Topic": ("sprawl_cli.reference", "Topic"),
    # commands
    "act": ("sprawl_cli.cli.flow", "act"),
    "current": ("sprawl_cli.cli.main", "current"),
    "Context": ("sprawl_cli.context", "Context"),
    "set_command": ("sprawl_cli.cli.gamecmds", "set_"),
}

# Every public name, spelled out (tests/test_api.py keeps it the same as _HOMES).
__all__ = [
    "API_VERSION", "REQUIRED_HOOKS", "System", "NewGame", "NewOption", "Roster", "Outcome", "roster_header",
    "check_unique_names", "check_sides", "system_key", "Game", "Settings", "Squad", "Piece", "Statuses",
    "Fields", "record", "close_names", "Book", "BookGame", "Member", "Part", "StatusJson", "CharacterStatus",
    "SHARED_STATUS", "STATUS_LISTS", "SprawlError", "UsageProblem", "BadInput", "RuleRefusal", "GameOver",
    "SaveFileError", "DiceShortage", "NeedsAnswer", "Dice", "Face", "DECK", "RANKS", "SUITS", "JOKERS",
    "REACH", "Roll", "record_repr", "ScriptedDice", "RecordingDice", "Table", "refuse", "parse_names",
    "ScriptedTable", "Door", "Check", "ACTION", "REACTION", "TURN", "REFEREE", "LOOK", "verb",
    "phase_refusal", "TurnTrack", "Place", "sides_track", "sides_of", "over_sentence", "NOW", "NEXT", "LATER",
    "DONE", "HOLD", "SURPRISED", "OUT", "Ending", "end_game", "other_side", "settle", "rounds_played",
    "over_lines", "Bound", "quoted", "MODIFIER", "INCHES", "MOST_INCHES", "ROUNDS", "name_fault", "Where",
    "from_data", "to_data", "yamlio", "yaml_parse", "yaml_read_text", "atomic_write", "escape", "name",
    "plain", "bar", "print_lines", "print_markdown", "forced_lines", "make_console", "print_table", "Topic",
    "act", "current", "Context", "set_command",
]

if TYPE_CHECKING:  # what mypy and an editor see; at run time each name comes from __getattr__
    from sprawl_cli import yamlio as yamlio
    from sprawl_cli.books import Book as Book
    from sprawl_cli.books import BookGame as BookGame
    from sprawl_cli.books import Member as Member
    from sprawl_cli.books import Part as Part
    from sprawl_cli.cli.flow import act as act
    from sprawl_cli.cli.gamecmds import set_ as set_command
    from sprawl_cli.cli.main import current as current
    from sprawl_cli.context import Context as Context
    from sprawl_cli.contract import SHARED_STATUS as SHARED_STATUS
    from sprawl_cli.contract import STATUS_LISTS as STATUS_LISTS
    from sprawl_cli.contract import CharacterStatus as CharacterStatus
    from sprawl_cli.contract import StatusJson as StatusJson
    from sprawl_cli.dice import DECK as DECK
    from sprawl_cli.dice import JOKERS as JOKERS
    from sprawl_cli.dice import RANKS as RANKS
    from sprawl_cli.numbers import REACH as REACH
    from sprawl_cli.dice import SUITS as SUITS
    from sprawl_cli.dice import Dice as Dice
    from sprawl_cli.dice import Face as Face
    from sprawl_cli.dice import RecordingDice as RecordingDice
    from sprawl_cli.dice import Roll as Roll
    from sprawl_cli.dice import ScriptedDice as ScriptedDice
    from sprawl_cli.dice import record_repr as record_repr
    from sprawl_cli.ending import Ending as Ending
    from sprawl_cli.ending import end_game as end_game
    from sprawl_cli.ending import other_side as other_side
    from sprawl_cli.ending import over_lines as over_lines
    from sprawl_cli.ending import rounds_played as rounds_played
    from sprawl_cli.ending import settle as settle
    from sprawl_cli.errors import BadInput as BadInput
    from sprawl_cli.errors import DiceShortage as DiceShortage
    from sprawl_cli.errors import GameOver as GameOver
    from sprawl_cli.errors import NeedsAnswer as NeedsAnswer
    from sprawl_cli.errors import RuleRefusal as RuleRefusal
    from sprawl_cli.errors import SaveFileError as SaveFileError
    from sprawl_cli.errors import SprawlError as SprawlError
    from sprawl_cli.errors import UsageProblem as UsageProblem
    from sprawl_cli.gate import ACTION as ACTION
    from sprawl_cli.gate import LOOK as LOOK
    from sprawl_cli.gate import REACTION as REACTION
    from sprawl_cli.gate import REFEREE as REFEREE
    from sprawl_cli.gate import TURN as TURN
    from sprawl_cli.gate import Check as Check
    from sprawl_cli.gate import Door as Door
    from sprawl_cli.gate import phase_refusal as phase_refusal
    from sprawl_cli.gate import verb as verb
    from sprawl_cli.model import Fields as Fields
    from sprawl_cli.model import record as record
    from sprawl_cli.model import Game as Game
    from sprawl_cli.model import Piece as Piece
    from sprawl_cli.model import Settings as Settings
    from sprawl_cli.model import Squad as Squad
    from sprawl_cli.model import Statuses as Statuses
    from sprawl_cli.model import close_names as close_names
    from sprawl_cli.names import name_fault as name_fault
    from sprawl_cli.numbers import INCHES as INCHES
    from sprawl_cli.numbers import MODIFIER as MODIFIER
    from sprawl_cli.numbers import MOST_INCHES as MOST_INCHES
    from sprawl_cli.numbers import ROUNDS as ROUNDS
    from sprawl_cli.numbers import Bound as Bound
    from sprawl_cli.numbers import quoted as quoted
    from sprawl_cli.reference import Topic as Topic
    from sprawl_cli.render import bar as bar
    from sprawl_cli.render import escape as escape
    from sprawl_cli.render import forced_lines as forced_lines
    from sprawl_cli.render import make_console as make_console
    from sprawl_cli.render import name as name
    from sprawl_cli.render import plain as plain
    from sprawl_cli.render import print_lines as print_lines
    from sprawl_cli.render import print_markdown as print_markdown
    from sprawl_cli.render.grid import print_table as print_table
    from sprawl_cli.schema import Where as Where
    from sprawl_cli.schema import from_data as from_data
    from sprawl_cli.schema import to_data as to_data
    from sprawl_cli.save.atomic import atomic_write as atomic_write
    from sprawl_cli.yamlio import parse as yaml_parse
    from sprawl_cli.yamlio import read_text as yaml_read_text
    from sprawl_cli.systems import key as system_key
    from sprawl_cli.systems.base import NewGame as NewGame
    from sprawl_cli.systems.newoptions import NewOption as NewOption
    from sprawl_cli.systems.base import Outcome as Outcome
    from sprawl_cli.systems.base import Roster as Roster
    from sprawl_cli.systems.base import System as System
    from sprawl_cli.systems.base import check_sides as check_sides
    from sprawl_cli.systems.base import check_unique_names as check_unique_names
    from sprawl_cli.systems.base import roster_header as roster_header
    from sprawl_cli.table import ScriptedTable as ScriptedTable
    from sprawl_cli.table import Table as Table
    from sprawl_cli.table import parse_names as parse_names
    from sprawl_cli.table import refuse as refuse
    from sprawl_cli.turntrack import DONE as DONE
    from sprawl_cli.turntrack import HOLD as HOLD
    from sprawl_cli.turntrack import LATER as LATER
    from sprawl_cli.turntrack import NEXT as NEXT
    from sprawl_cli.turntrack import NOW as NOW
    from sprawl_cli.turntrack import OUT as OUT
    from sprawl_cli.turntrack import SURPRISED as SURPRISED
    from sprawl_cli.turntrack import Place as Place
    from sprawl_cli.turntrack import TurnTrack as TurnTrack
    from sprawl_cli.turntrack import over_sentence as over_sentence
    from sprawl_cli.turntrack import sides_of as sides_of
    from sprawl_cli.turntrack import sides_track as sides_track


def __getattr__(attribute: str) -> Any:
    """A public name, imported from its home the first time it is asked for (then kept here)."""
    home = _HOMES.get(attribute)
    if home is None:
        raise AttributeError(f"module 'sprawl_cli.api' has no attribute {attribute!r}")
    module = import_module(home[0])
    value = getattr(module, home[1]) if home[1] else module
    globals()[attribute] = value
    return value


def __dir__() -> list[str]:
    return list(__all__)
