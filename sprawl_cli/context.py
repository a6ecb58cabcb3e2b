"""One object that carries what a command needs from the outside world.

The save path, the options every command accepts, the dice source, the
consoles and the way to ask the players something. Tests swap the `Env`
(streams, terminal or not) the way httpie's tests swap its Environment.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sprawl_cli.errors import BadInput
from sprawl_cli.systems import DEFAULT

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.dice import AskDice, RecordingDice, Roll, ScriptedDice
    from sprawl_cli.model import Game
    from sprawl_cli.cli.answers import CliTable, ReplayTable
    from sprawl_cli.save.reader import SaveReader
    from sprawl_cli.store import GameStore
    from sprawl_cli.systems.base import System

DEFAULT_GAME = "sprawl-game.yaml"
DEFAULT_CAMPAIGN = "sprawl-campaign.yaml"


def peek_system(path: Path) -> str | None:
    """The `system:` of the save at `path`, read without parsing the YAML (for choosing the
    commands a line may use); None when there is no readable save. A save without the key
    is SPRAWL's."""
    import re

    from sprawl_cli.filekind import kind_of

    if kind_of(path) is not None:  # never open a FIFO or a device to peek: loading it says what is wrong
        return None
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = re.search(r"^system:[ \t]*['\"]?([A-Za-z0-9_-]+)", text, re.MULTILINE)
    return found.group(1).lower().replace("_", "-") if found else DEFAULT


# Env and Options are plain classes rather than dataclasses: every command creates both,
# and a dataclass costs most of a millisecond to define at import (bench/startup.py).


class Env:
    """The outside world: streams, whether a person is at a terminal, environment."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None,
                 interactive: bool | None = None, environ: dict[str, str] | None = None) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self.interactive = interactive
        self.environ = environ
        self.mid_line = False  # a question is on stderr, waiting for its answer (an interrupt starts a new line)

    @property
    def out(self) -> TextIO:
        return self.stdout or sys.stdout

    @property
    def err(self) -> TextIO:
        return self.stderr or sys.stderr

    @property
    def inp(self) -> TextIO:
        return self.stdin or sys.stdin

    @property
    def vars(self) -> Mapping[str, str]:
        """The environment variables (read only: a command never changes them)."""
        return self.environ if self.environ is not None else os.environ

    @property
    def is_terminal(self) -> bool:
        if self.interactive is not None:
            return self.interactive
        try:
            return self.inp.isatty()
        except (AttributeError, ValueError):
            return False

    def ask(self, prompt: str) -> str:
        """Show `prompt` on stderr and read one line; EOFError when input ends."""
        self.err.write(f"{prompt}: ")
        self.err.flush()
        self.mid_line = True
        line = self.inp.readline()
        if not line:
            raise EOFError
        self.mid_line = False
        return line.rstrip("\n")


class Options:
    """The options every command accepts (SPEC section 2)."""

    def __init__(self, game: str | None = None, seed: int | None = None, dice: str | None = None, json: bool = False,
                 campaign: str | None = None, system: str | None = None, answers: dict[str, str] | None = None,
                 yes: bool = False, force: bool = False, debug: bool = False) -> None:
        self.game = game
        self.seed = seed
        self.dice = dice
        self.json = json
        self.campaign = campaign
        self.system = system
        self.answers = dict(answers or {})  # the game system's table options given (`--some-option` -> "some_option")
        self.yes = yes
        self.force = force
        self.debug = debug

    def copy(self) -> Options:
        """A copy that a command may change (a `sprawl play` line starts from the session's)."""
        return Options(**vars(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Options({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"


class Context:
    """What one command invocation runs with."""

    def __init__(self, options: Options, env: Env | None = None, argv: list[str] | None = None) -> None:
        self.options = options
        self.env = env or Env()
        self.argv = argv or []
        self._dice: RecordingDice | None = None
        self._scripted: ScriptedDice | None = None
        self.table_used: CliTable | None = None
        self.answers_asked: set[str] = set()  # the answer options a question of this command read
        # The loaded game's `settings: {dice: physical}`: then every roll is asked for,
        # even by a command that forgets to pass physical= to dice().
        self.physical_game = False
        # What `--dice` takes in the game's system when it deals no cards (`System.face_hint`).
        self.face_hint = ""

    # --- paths -----------------------------------------------------------
    @property
    def game_path(self) -> Path:
        return Path(self.options.game or self.env.vars.get("SPRAWL_GAME") or DEFAULT_GAME)

    def campaign_path(self, remembered: str | None = None) -> Path:
        """--campaign, else SPRAWL_CAMPAIGN, else the game's own campaign, else the default."""
        return Path(self.options.campaign or self.env.vars.get("SPRAWL_CAMPAIGN") or remembered or DEFAULT_CAMPAIGN)

    def store(self) -> GameStore:
        """The save, to read and change (a command that changes the game)."""
        from sprawl_cli.store import GameStore

        return GameStore(self.game_path)

    def reader(self) -> SaveReader:
        """The save, to read only: none of the modules that write it are loaded."""
        from sprawl_cli.save.reader import SaveReader

        return SaveReader(self.game_path)

    # --- dice ------------------------------------------------------------
    @property
    def seed(self) -> int | None:
        if self.options.seed is not None:
            return self.options.seed
        raw = self.env.vars.get("SPRAWL_SEED")
        if raw is None or raw.strip() == "":
            return None
        from sprawl_cli.numbers import SEED

        try:  # the bound of --seed, by the same parser
            return int(SEED.parse(raw))
        except ValueError as bad:
            raise BadInput(f"SPRAWL_SEED: {bad}") from None

    def _asker(self) -> AskDice:
        from sprawl_cli.dice import AskDice

        return AskDice(self.env.ask, self.warn)

    def dice(self, physical: bool = False) -> RecordingDice:
        """The dice for this command (one source per invocation).

        `physical` is the game's `dice: physical` setting: every roll is asked for.
        """
        if self._dice is None:
            from sprawl_cli.dice import Dice, RandomDice, RecordingDice, ScriptedDice, read_token, split_tokens

            spec = self.options.dice
            source: Dice
            if spec is not None and spec.strip().lower() == "ask":
                source = self._asker()
            elif spec is not None:
                more = self._asker() if self.env.is_terminal else None
                self._scripted = ScriptedDice([read_token(t, self.face_hint) for t in split_tokens(spec, "--dice ")], more)
                if not self._scripted.leftover and spec.strip():
                    raise BadInput(f"--dice '{spec}' has no faces")
                source = self._scripted
            elif physical or self.physical_game:
                source = self._asker()
            else:
                source = RandomDice(self.seed)
            self._dice = RecordingDice(source)
        return self._dice

    def finish(self) -> None:
        """After a command succeeded: say so if --dice faces were given to a command that rolled
        nothing, or a table option (`Menu.table_options`) that no question of the command read (an
        answer to a question the game's settings had already settled, say)."""
        spec = self.options.dice
        if spec is not None and spec.strip().lower() != "ask" and self._dice is None:
            self.warn(f"--dice {spec} was not used: this command rolls no dice")
        # The system's table options (every command of its games takes them) that no question
        # read; a command's own options are its to read, asked or not.
        for name, text in self.options.answers.items():
            option = name.replace("_", "-")
            if option not in self.answers_asked:
                self.warn(f"--{option} {text} was not used: nothing this command did asked it")

    def check_leftover_dice(self) -> None:
        if self._scripted is not None and self._scripted.leftover:
            faces = ",".join(str(f) for f in self._scripted.leftover)
            self.warn(f"{len(self._scripted.leftover)} face(s) of --dice were not used: {faces}")

    # --- table questions ---------------------------------------------------
    def table(self, **given: str | None) -> CliTable:
        """The table-question answerer; `given` holds a command's own answer options (name -> text)."""
        from sprawl_cli.cli.answers import CliTable

        # Both kinds under the option's name as a question asks it (`--victim-cover`: "victim-cover");
        # click keeps a table option under its parameter name ("victim_cover").
        answers: dict[str, str | None] = {k.replace("_", "-"): v for k, v in self.options.answers.items()}
        answers.update({k.replace("_", "-"): v for k, v in given.items()})
        self.table_used = CliTable(self, answers, force=self.options.force)
        return self.table_used

    def replay(self, answers: list[tuple[str, Any]], rolls: list[Any]) -> tuple[ReplayTable, RecordingDice]:
        """A table and dice that give a rehearsed command's answers and faces again, so the
        command can run under the lock without asking anyone (see `cli.flow.act`)."""
        from sprawl_cli.dice import RecordingDice, ScriptedDice
        from sprawl_cli.cli.answers import ReplayTable

        tokens = [str(face) for roll in rolls for face in roll.faces]
        self._dice = RecordingDice(ScriptedDice(tokens))
        table = ReplayTable(list(answers), force=self.options.force)
        self.table_used = table  # type: ignore[assignment]
        return table, self._dice

    # --- output ------------------------------------------------------------
    @property
    def console(self) -> Console:
        from sprawl_cli.render import make_console

        return make_console(self.env.out)

    def warn(self, message: str) -> None:
        self.note(f"warning: {message}")

    def note(self, message: str) -> None:
        """A line for the person on stderr (never pollutes --json), shown as error lines are
        (`numbers.shown_line`: what a command line or a save gave never steers the terminal)."""
        from sprawl_cli.numbers import shown_line

        self.env.err.write(f"{shown_line(message)}\n")
        self.env.err.flush()

    def drawn(self, data: dict[str, Any], view: Callable[[Console], None] | None = None) -> str:
        """What `emit` prints, drawn now and printed later (`say`): a command that must not write
        its files and then fail in its view (`new`) draws first."""
        if self.options.json:
            return dumps(data) + "\n"
        if view is None:
            return ""
        console = self.console
        with console.capture() as captured:
            view(console)
        return captured.get()

    def say(self, text: str) -> None:
        """Print what `drawn` drew."""
        self.env.out.write(text)
        self.env.out.flush()

    def emit(self, data: dict[str, Any], view: Callable[[Console], None] | None = None) -> None:
        """Print the result: one JSON object with --json, else the Rich view."""
        if self.options.json:
            self.env.out.write(dumps(data) + "\n")
        elif view is not None:
            view(self.console)
        self.env.out.flush()

    # --- the game ------------------------------------------------------------
    def system_of(self, game: Game[Any]) -> System:
        """The rule system that plays `game`."""
        from sprawl_cli import systems

        return systems.get(game.system)

    def load_game(self) -> Game[Any]:
        """The current game, read-only (no lock needed: saves are atomic)."""
        game = self.reader().load()
        self.physical_game = game.settings.dice == "physical"
        self.face_hint = self.system_of(game).face_hint
        return game

    def rolls(self) -> list[Roll]:
        """Every roll this command has made so far, in order (for its journal entry)."""
        return list(self._dice.rolls) if self._dice is not None else []


__all__ = ["Context", "Env", "Options"]

# --- `--json` output ---------------------------------------------------------------------
# One object on a line, exactly as `json.dumps(data)` writes it. Importing `json` compiles the
# regular expressions of its decoder, about a fifth of what `sprawl roll --json` costs on top
# of a bare Typer app (bench/startup.py), and printing needs none of them: `dumps` writes plain
# data (str, int, float, bool, None, list, tuple, dict with text keys) itself, text with nothing
# to escape as it is and other text with the C string encoder `json` uses, and hands anything
# else to `json.dumps`; tests/test_jsonout.py checks the two agree byte for byte. It lives here,
# beside `emit`, rather than in a module of its own: one module fewer costs every `--json`
# command about 0.5M instructions (bench/instructions.py).


def dumps(data: Any) -> str:
    """`json.dumps(data)` with its defaults."""
    try:
        return _write(data)
    except (TypeError, RecursionError, ImportError):  # not plain data (a non-text key, an object), or
        pass  # an interpreter without json's C encoder: json decides
    import json

    return json.dumps(data)


def _ascii(text: str) -> str:
    """`text` as json writes it: quoted, with quotes, backslashes, control characters and
    anything beyond ASCII escaped."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'  # nothing to escape, as in most keys and names
    from _json import encode_basestring_ascii  # the C encoder json.dumps uses (loaded once, when needed)

    return encode_basestring_ascii(text)


def _write(value: Any) -> str:
    if isinstance(value, str):
        return _ascii(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (float("inf"), float("-inf")):
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_write(item) for item in value) + "]"
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise TypeError
        return "{" + ", ".join(f"{_ascii(key)}: {_write(item)}" for key, item in value.items()) + "}"
    raise TypeError
