"""The `sprawl play` session: one command per line, run in-process through the same boundary.

A session keeps the loaded command groups and the imported rules between lines,
so a command costs its own work and no start-up (bench/play_latency.py). Each
line is split as a shell splits words and run exactly as `sprawl WORDS` would
be, saving atomically before the next prompt, so another terminal's
`sprawl status` sees every change.

On a real terminal the prompt is prompt_toolkit's (Tab completion, history, a
status line); without one, lines are read from stdin, which makes a session
scriptable. prompt_toolkit is imported only for the terminal prompt.

The session's Tab asks click, whose parameters complete through
`sprawl_cli.complete` exactly as the shells' completion scripts do.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, cast

from sprawl_cli.complete import watch
from sprawl_cli.context import Context, Env, Options
from sprawl_cli.errors import BadInput, ExitCode

if TYPE_CHECKING:
    import click
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from sprawl_cli.cli.main import SprawlGroup
    from sprawl_cli.model import Game

LEAVE = ("quit", "exit")
SESSION_ONLY = ("play",)  # commands that make no sense inside a session


# --- one line ------------------------------------------------------------------


def word_starts(text: str) -> tuple[list[int], str]:
    """Where each word of `text` starts, as a POSIX shell reads quotes and backslashes,
    and the quote left open at the end ('' when none)."""
    starts: list[int] = []
    quote, i, fresh = "", 0, True
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                i += 1
        elif ch.isspace():
            fresh = True
        else:
            if fresh:
                starts.append(i)
                fresh = False
            if ch in "'\"":
                quote = ch
            elif ch == "\\":
                i += 1
        i += 1
    return starts, quote


def split_line(line: str) -> list[str]:
    """The words of a line as a POSIX shell splits them: a word starting with `#`
    begins a comment, and a leading `sprawl` is dropped.

    Raises:
        BadInput: an unclosed quote.
    """
    starts, _quote = word_starts(line)
    comment = next((i for i in starts if line[i] == "#"), None)
    try:
        words = shlex.split(line[:comment])
    except ValueError as problem:
        raise BadInput(f"cannot split that line ({problem}); close the quote and try again") from None
    if words and words[0] == "sprawl":
        words = words[1:]
    return words


def session_line_words(text: str) -> tuple[list[str], str, int]:
    """For completion: the finished words before the cursor, the word being typed
    (unquoted) and how many characters of `text` it spans (quotes included)."""
    starts, quote = word_starts(text)
    typing = bool(starts) and (bool(quote) or not text[-1].isspace())
    start = starts[-1] if typing else len(text)
    head, raw = text[:start], text[start:]
    try:
        words = shlex.split(head)
        typed = shlex.split(raw + quote) if raw else []
    except ValueError:
        return [], "", 0
    return words, typed[0] if typed else "", len(raw)


_HINT = re.compile(r"`sprawl (--help`)?")


class SessionStream:
    """A stream for one session line: a hint such as "`sprawl undo`" is written "`undo`",
    as it is typed at the `sprawl>` prompt ("`sprawl --help`" becomes "`help`")."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(_HINT.sub(lambda m: "`help`" if m.group(1) else "`", text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def __getattr__(self, name: str) -> Any:  # encoding, errors...: the stream's own
        return getattr(self.stream, name)


def session_stream(stream: TextIO) -> TextIO:
    return cast("TextIO", SessionStream(stream))


@dataclasses.dataclass
class Session:
    """A session on one save file: runs lines through the root group in-process."""

    group: SprawlGroup
    env: Env
    game_path: Path
    preset: Options = dataclasses.field(default_factory=Options)
    campaign: str | None = None
    seed: int | None = None
    lines_run: int = 0
    worst: int = 0

    def __post_init__(self) -> None:
        self.game_path = Path(os.path.abspath(self.game_path))
        environ = dict(self.env.vars)
        environ["SPRAWL_GAME"] = str(self.game_path)
        if self.campaign:
            environ["SPRAWL_CAMPAIGN"] = self.campaign
        environ.pop("SPRAWL_SEED", None)
        self._environ = environ
        self.watch = watch(self.game_path)

    def line_env(self) -> Env:
        """The Env for the next line: the session's streams, its save file, and its seed."""
        environ = self._environ
        if self.seed is not None:
            # Each line gets its own seed, so a seeded session replays the same
            # game without every command rolling the same faces.
            environ = dict(environ, SPRAWL_SEED=str(self.seed + self.lines_run))
        return Env(self.env.stdin, session_stream(self.env.out), session_stream(self.env.err),
                   self.env.interactive, environ)

    def run(self, line: str) -> int | None:
        """Run one line; its exit code, or None when the line asks to leave."""
        text = line.strip()
        if not text:
            return 0
        try:
            words = split_line(text)
        except BadInput as problem:
            return self._refuse(problem.message, ExitCode.USAGE)
        if not words:
            return 0
        if words[0] in LEAVE and len(words) == 1:
            return None
        if words[0] == "help":
            words = [*words[1:], "--help"] if len(words) > 1 else ["--help"]
        elif words[0] in SESSION_ONLY:
            return self._refuse("you are already in a session; type the commands themselves", ExitCode.USAGE)
        from sprawl_cli.save import cache

        kept, cache.KEEP_GAMES = cache.KEEP_GAMES, True  # one process, many commands on one save
        try:
            code = self.group.execute(words, self.line_env(), self.preset.copy())
        finally:
            cache.KEEP_GAMES = kept
        self.lines_run += 1
        self.worst = max(self.worst, code)
        return code

    def _refuse(self, message: str, code: int) -> int:
        if self.preset.json:
            import json

            self.env.out.write(json.dumps({"error": message}) + "\n")
            self.env.out.flush()
        self.env.err.write(f"error: {message}\n")
        self.env.err.flush()
        self.worst = max(self.worst, code)
        return code

    # --- reading lines -----------------------------------------------------
    def run_stream(self) -> int:
        """Read and run lines from stdin until it ends or a line says quit; the worst exit code."""
        inp = self.env.inp
        while True:
            line = inp.readline()
            if not line:
                break
            if self.run(line) is None:
                break
        return self.worst

    def run_terminal(self) -> int:
        """The prompt_toolkit prompt: Tab completion, history, the status line."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion

        from sprawl_cli.playprompt import bounded_history, history_path, tab_completes_at_once

        session_ = self

        class SprawlCompleter(Completer):
            def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
                for value, meta, replace in session_.complete(document.text_before_cursor):
                    yield Completion(value, start_position=-replace, display=value.rstrip(), display_meta=meta or None)

        history = bounded_history(history_path(self.game_path))
        prompt: PromptSession[str] = PromptSession(
            history=history,
            completer=SprawlCompleter(),
            complete_while_typing=False,
            key_bindings=tab_completes_at_once(),
            bottom_toolbar=self.status_line,  # plain text, asked for on every redraw: SaveWatch keeps it cheap
            reserve_space_for_menu=6,
        )
        err = self.env.err
        err.write(f"Playing {self.game_path}\nTab completes, `help` lists the commands, `quit` or Ctrl-D leaves.\n")
        err.flush()
        while True:
            try:
                line = prompt.prompt("sprawl> ")
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if self.run(line) is None:
                break
        return 0

    # --- completion and status ---------------------------------------------
    def complete(self, text: str) -> list[tuple[str, str, int]]:
        """Completions for the text before the cursor: (value to insert, help, characters it replaces).
        A command's name (or a group's subcommand's) is inserted with the space that ends it, as
        a shell does, so the next Tab goes on to its arguments."""
        words, incomplete, replace = session_line_words(text)
        if words and words[0] == "sprawl":
            words = words[1:]
        if words and words[0] == "help":
            words = words[1:]
            if words:
                return []
        found: list[tuple[str, str, int]] = []
        sprawl = Context(Options(game=str(self.game_path)), self.line_env())
        import click

        if not words:
            # The commands of this session's game (its system's, with the kernel's).
            for name in [*self.group.list_commands(click.Context(self.group, obj=sprawl)), "help", *LEAVE]:
                if name.startswith(incomplete) and name not in SESSION_ONLY:
                    found.append((name + " ", "", replace))
            return found
        from click.shell_completion import ShellComplete

        try:
            items = ShellComplete(self.group, {"obj": sprawl}, "sprawl", "").get_completions(words, incomplete)
            command = self.group.get_command(click.Context(self.group, obj=sprawl), words[0])
        except Exception:  # an unknown command or a bad option: nothing to offer
            return []
        subcommand = len(words) == 1 and isinstance(command, click.Group) and not incomplete.startswith("-")
        for item in items:
            if item.type != "plain":
                continue
            value = str(item.value)
            value = shlex.quote(value) if value != shlex.quote(value) else value
            found.append((value + " " if subcommand else value, item.help or "", replace))
        return found

    def status_line(self) -> str:
        """Round, side, phase and what the system marks (who is down...); or why there is no game."""
        game = self.watch.game()
        if game is None:
            return self.watch.problem or "no game"
        return status_line(game)


def status_line(game: Game[Any]) -> str:
    """The session's bottom line for `game`: round, side, phase, the card or activation up and
    the next (`System.turn_track`, where the one acting is not the side), then what its system
    marks (`System.status_marks`: the states a table most needs to see)."""
    from sprawl_cli import systems

    system = systems.get(game.system)
    word = system.round_word
    if game.over:
        from sprawl_cli.ending import rounds_played

        winner = f"{game.winner} won" if game.winner else "a draw" if game.draw else "no winner"
        points = (" | points: " + ", ".join(f"{side} {n}" for side, n in game.scenario.points.items())
                  if game.scenario is not None else "")
        return (f"Game over in {word} {game.round} ({rounds_played(game, word)}): {winner} "
                f"({game.reason or 'ended'}){points}")
    rounds = f"/{game.rounds}" if game.rounds else ""
    parts = [f"{word.capitalize()} {game.round}{rounds}", game.current_squad.name, game.phase]
    track = system.turn_track(game)
    up = [p for p in track.now() if p.who != game.current_squad.name]  # a side to play is said already
    if up:  # the card or the activation up, and who comes next
        parts.append("up: " + " and ".join(p.said() for p in up))
        coming = track.coming()
        if coming:
            parts.append("next: " + coming[0].said())
    parts.extend(system.status_marks(game))
    if game.scenario is not None:
        parts.append("points: " + ", ".join(f"{side} {n}" for side, n in game.scenario.points.items()))
    return " | ".join(p for p in parts if p)
