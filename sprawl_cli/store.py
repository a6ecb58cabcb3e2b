"""The save file and its journal: load, validate, migrate, lock, save atomically, undo.

The current state of a game is one YAML file (`sprawl-game.yaml`), small and
hand-editable. Its history lives beside it in a journal folder
(`sprawl-game.yaml.journal/`), one JSON file per change, so a command reads and
writes the same amount however long the game has run.

Safety, in order of what can go wrong:
- every command that changes the game holds an exclusive lock on
  `<save>.lock` for its whole read-change-write, so two terminals queue;
- each file is written to a temp file, fsynced and renamed over the old one,
  so a kill at any instant leaves the old or the new file; temp files left by
  a killed command are removed by the next one;
- a change is journalled before the save file is replaced; a journal entry
  newer than the save file (the command died between the two) is discarded.
- a change may also rewrite companion files (the campaign file, for
  `sprawl aftermath`): the entry keeps each one's text before and after
  (`files`), they are written after the entry and before the save, and an
  orphaned entry puts them back, so game and campaign move in one step that
  `undo` and `redo` take back and put back together.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import SaveFileError
from sprawl_cli.model import Fields, Game
from sprawl_cli.schema import Where, from_data, to_data

if TYPE_CHECKING:
    from sprawl_cli.yamlio import Lines

SCHEMA_VERSION = 1

UNDO_LIMIT = 200  # changes that keep their "before" state; older ones stay in the log only
LOCK_TIMEOUT = 60.0

# Numbered migrations: MIGRATIONS[n] turns a version-n save into version n+1.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}


def migration(version: int) -> Callable[[Migration], Migration]:
    """Register the function that upgrades a save of `version` to `version + 1`."""

    def register(fn: Migration) -> Migration:
        MIGRATIONS[version] = fn
        return fn

    return register


def migrate(data: dict[str, Any], source: str, current: int = SCHEMA_VERSION,
            migrations: dict[int, Migration] | None = None, what: str = "sprawl save file") -> dict[str, Any]:
    """Bring plain save data up to `current`, one numbered step at a time
    (`migrations` defaults to the save file's own list; the campaign file has its own).

    Raises:
        SaveFileError: the version is missing, newer than this program, or has no path.
    """
    steps = MIGRATIONS if migrations is None else migrations
    version = data.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveFileError(f"{source}: key 'schema_version' should be a whole number from 1; is this a {what}?")
    if version > current:
        raise SaveFileError(
            f"{source}: saved by a newer sprawl (schema {version}, this one reads up to {current}); upgrade sprawl"
        )
    while version < current:
        step = steps.get(version)
        if step is None:
            raise SaveFileError(f"{source}: no migration from schema {version}; upgrade sprawl")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


# --- atomic files ----------------------------------------------------------


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


TEMP_MARK = ".tmp-"


def atomic_write(path: Path, text: str | bytes) -> None:
    """Replace `path` with `text` so that a crash leaves the old or the new file.

    Raises:
        SaveFileError: the disk refused (full, read-only, I/O error); the old file is untouched.
    """
    tmp = path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}-{time.monotonic_ns() % 10**9}")
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as problem:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        reason = problem.strerror or errno.errorcode.get(problem.errno or 0, str(problem))
        raise SaveFileError(f"could not write {path}: {reason}; the previous version is untouched") from None
    _fsync_dir(path.parent)


def make_folder(path: Path) -> None:
    """Create a folder of the save's (journal, redo) if missing.

    Raises:
        SaveFileError: the disk refused.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise SaveFileError(f"could not create {path}: {problem.strerror or problem}; nothing was changed") from None


def remove_stray_temps(folder: Path, name: str) -> None:
    """Delete temp files a killed command left behind (call with the lock held)."""
    prefix = f".{name}{TEMP_MARK}"
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if entry.startswith(prefix):
            with contextlib.suppress(OSError):
                os.unlink(folder / entry)


def digest(data: Any) -> str:
    import hashlib

    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


@contextlib.contextmanager
def lock_file(path: Path, notify: Callable[[str], None] = lambda _m: None) -> Iterator[None]:
    """Hold `<path>.lock` exclusively, first come first served (waiting up to LOCK_TIMEOUT),
    and clear temp files a killed command left beside `path`.

    A command that finds the lock held, or others already waiting, takes a ticket in
    `<path>.lock.queue/` (named by the time it came and its process) and tries the lock
    only when no live ticket is older than its own: later commands never get in first.

    Raises:
        SaveFileError: the lock cannot be made, or is held too long by another command.
    """
    import fcntl

    lock_path = path.with_name(path.name + ".lock")
    queue = lock_path.with_name(lock_path.name + ".queue")
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as problem:
        raise SaveFileError(f"cannot lock {path}: {problem.strerror}; is the folder writable?") from None
    ticket: Path | None = None
    try:
        try:
            if _waiting(queue):
                raise BlockingIOError  # others came first: take a ticket behind them
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            ticket = _take_ticket(queue)
            notify(f"waiting for another sprawl command{_holder(fd)} to finish with {path} ...")
            deadline = time.monotonic() + LOCK_TIMEOUT
            while True:
                ahead = _ahead_of(ticket) if ticket is not None else 0
                if not ahead:
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        pass
                if time.monotonic() > deadline:
                    who = _holder(fd).strip(", ") or "another sprawl command"
                    line = f", with {ahead} more waiting before this one" if ahead else ""
                    raise SaveFileError(f"{path} is still in use after {LOCK_TIMEOUT:.0f}s: {who} holds it{line}; "
                                        "finish or stop that one, then try again")
                time.sleep(0.02)
        _claim(fd)
        remove_stray_temps(path.parent, path.name)
        yield
    finally:
        if ticket is not None:
            with contextlib.suppress(OSError):
                os.unlink(ticket)
        os.close(fd)  # closing releases the lock


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # alive, but another user's
        return True
    return True


def _live_tickets(queue: Path) -> list[str]:
    """The tickets of waiting commands still running, oldest first; a dead one's is removed."""
    try:
        names = sorted(os.listdir(queue))
    except OSError:
        return []
    live = []
    for name in names:
        pid = name.rpartition("-")[2]
        if pid.isdigit() and (int(pid) == os.getpid() or _alive(int(pid))):
            live.append(name)
        else:
            with contextlib.suppress(OSError):
                os.unlink(queue / name)  # a waiter killed in line keeps nobody waiting
    return live


def _waiting(queue: Path) -> bool:
    return bool(_live_tickets(queue))


def _take_ticket(queue: Path) -> Path | None:
    """A place in line (None where the folder allows none: then plain polling, as before)."""
    try:
        queue.mkdir(exist_ok=True)
        ticket = queue / f"{time.time_ns():020d}-{os.getpid()}"
        os.close(os.open(ticket, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        return ticket
    except OSError:
        return None


def _ahead_of(ticket: Path) -> int:
    """How many live tickets are older than `ticket`."""
    live = _live_tickets(ticket.parent)
    return live.index(ticket.name) if ticket.name in live else 0


def _claim(fd: int) -> None:
    """Say in the lock file who holds it (pid and command line), for a waiting terminal.
    Best effort: a lock file that cannot say so still locks."""
    import sys

    words = " ".join(["sprawl", *sys.argv[1:]])[:200]
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {words}".encode("utf-8", "replace"), 0)


def _holder(fd: int) -> str:
    """Who holds the lock, as the holder wrote it (", `sprawl hide Babs` (process 1234 ...),"), or ""."""
    try:
        text = os.pread(fd, 256, 0).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    pid, _, words = text.partition(" ")
    if pid.isdigit() and words:
        return f", `{words}` (process {pid}, which may be waiting for an answer in its terminal),"
    return ""


def read_companion(path: str) -> str | None:
    """A companion file's text, or None when it does not exist."""
    from sprawl_cli.filekind import plain_file

    plain_file(path, "file")
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise SaveFileError(f"cannot read {path}: {problem.strerror}") from None


def put_companion(path: str, text: str | None) -> None:
    """Write (or, for None, remove) a companion file."""
    if text is None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    else:
        atomic_write(Path(path), text)


def companions(entry: dict[str, Any]) -> dict[str, dict[str, str | None]]:
    """The entry's companion files ({path: {"before", "after"}}), or none."""
    files = entry.get("files")
    return files if isinstance(files, dict) else {}


def check_companions(entry: dict[str, Any], expect: str, done: str) -> None:
    """Refuse to undo (expect="after") or redo (expect="before") a change whose
    companion files were changed since by something else.

    A file already at `done` is accepted too: a command killed half-way through
    an undo or redo left it there, and finishing the job is right.

    Raises:
        SaveFileError: a companion file holds neither text.
    """
    for path, texts in companions(entry).items():
        now = read_companion(path)
        if now != texts.get(expect) and now != texts.get(done):
            raise SaveFileError(
                f"{path} changed after this step (another game's aftermath?), so it cannot be "
                f"{'undone' if expect == 'after' else 'redone'} without losing that; nothing was changed"
            )


# --- the store ---------------------------------------------------------------

# The text last read or written for each save path, with its parsed data, so a
# long-lived process (a `sprawl play` session) does not parse again the file it
# has just written (bench/play_latency.py). Only a byte-for-byte match is used,
# so a change made by another command or a hand edit is always read afresh; the
# data is never handed out for changing (game_from_data builds new objects).
_PARSED: dict[str, tuple[str, Any, dict[Any, int]]] = {}

# Every save also writes its parsed data beside it (`<save>.cache`, JSON), together with
# the save's own text. A later command whose save text is that same text takes the data
# from there and never imports PyYAML, which is most of what a read such as `status`
# costs (bench/startup.py). Any other text (a hand edit, a copy from elsewhere, a save
# whose cache write was cut short) is parsed as before, so the cache can be stale, torn,
# missing or garbage without changing what is read. It holds no line numbers: a
# problem found in cached data is reported after parsing the text again, with its line.
#
# The cache is a speed-up, never a source of truth: its first line is an HMAC of the rest
# under a key only this user can read (`cache_key`), so data that a hand, another machine
# or a torn write put there, and not this user's sprawl parsing that text, is not used.
CACHE_FORMAT = 2


def cache_key(create: bool = False) -> bytes | None:
    """This user's key for signing caches (`$XDG_STATE_HOME/sprawl/cache.key`, mode 600),
    made on the first save; None when it cannot be read (or made)."""
    try:
        folder = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "sprawl"
    except (RuntimeError, KeyError):  # no home to be found: no cache, never an error
        return None
    path = folder / "cache.key"
    for _ in range(2):
        try:
            key = path.read_bytes()
            return key if len(key) == 32 else None
        except OSError:
            if not create:
                return None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue  # another command made it just now: read that one
        except OSError:
            return None
        try:
            os.write(fd, os.urandom(32))
        finally:
            os.close(fd)
    return None


def _signature(key: bytes, body: bytes) -> bytes:
    """Keyed BLAKE2b of `body`: a MAC by design (no HMAC construction needed). Taken from
    CPython's `_blake2` itself where it can be: `hashlib` first loads OpenSSL, ~9 ms of
    every `status` for a hash it would not use."""
    try:
        from _blake2 import blake2b
    except ImportError:  # a Python built without its own BLAKE2
        from hashlib import blake2b
    return blake2b(body, key=key, digest_size=32).hexdigest().encode()


def read_cache(path: Path, text: str) -> Any | None:
    """The parsed data `path` (a save's cache) keeps for exactly `text`, signed by this
    user's sprawl, else None."""
    from sprawl_cli.yamlio import MAX_BYTES

    key = cache_key()
    if key is None:
        return None
    try:
        with open(path, "rb") as handle:
            raw = handle.read(4 * MAX_BYTES)  # the text and its data, of a save under MAX_BYTES
        signature, _, body = raw.partition(b"\n")
        if signature != _signature(key, body):  # a local file: no secret to time
            return None
        kept = json.loads(body)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(kept, dict) or kept.get("format") != CACHE_FORMAT or kept.get("text") != text:
        return None
    return kept.get("data")


def write_cache(path: Path, text: str, data: Any) -> None:
    """Keep `data`, parsed from `text`, in `path`, signed: best effort, never an error.

    Written in place without a temp file or fsync: a reader that meets a torn or old
    cache finds its signature, text or JSON wrong and parses the save instead.
    """
    try:
        key = cache_key(create=True)
        if key is None:
            raise OSError("no key to sign the cache with")
        body = json.dumps({"format": CACHE_FORMAT, "text": text, "data": data}, separators=(",", ":")).encode()
        with open(path, "wb") as handle:
            handle.write(_signature(key, body) + b"\n" + body)
    except (OSError, TypeError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(path)


@dataclass(eq=False, repr=False)
class Change(Fields):
    """A working copy of the game that a command changes; kept only if the command succeeds."""

    game: Any  # the system's own Game
    summary: list[str] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    kind: str = ""
    # Companion files this change rewrites, path -> new text (the campaign file for
    # `aftermath`); written with the save in one step that undo takes back (see store).
    files: dict[str, str] = field(default_factory=dict)
    _stack: contextlib.ExitStack | None = None

    def hold(self, manager: contextlib.AbstractContextManager[Any]) -> None:
        """Enter `manager` (e.g. a companion file's lock) until the change is saved."""
        assert self._stack is not None, "hold() is for the body of flow.change_game()"
        self._stack.enter_context(manager)


class GameStore:
    """One save file, its lock and its journal."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock_path = path.with_name(path.name + ".lock")
        self.journal = path.with_name(path.name + ".journal")
        self.redo_dir = self.journal / "redo"
        self.prev = path.with_name(path.name + ".prev")  # the game `new --force` replaced
        self.cache = path.with_name(path.name + ".cache")  # the save's parsed data (read_cache)
        # The game as `new` made it (step 0): the state `repair` falls back on when no change
        # has been journalled (or every one was undone). Beside the journal folder, not in it,
        # so that the first change is still the one that makes the folder.
        self.first = path.with_name(path.name + ".first.json")
        self.first_kept = path.with_name(path.name + ".first.json.old")  # while `new` replaces it

    # --- locking -------------------------------------------------------
    @contextlib.contextmanager
    def locked(self, notify: Callable[[str], None] = lambda _m: None, create: bool = False) -> Iterator[None]:
        """Hold the save file's lock for a whole read-change-write. Unless the command
        `create`s the save, a missing one is refused first, so no lock file is left behind.

        Raises:
            SaveFileError: no save (points to `sprawl new`), the lock cannot be made, or
                another command holds it too long.
        """
        if not create and not self.path.exists():
            self.load()  # raises the "no game here: sprawl new" error
        self.check_kinds()
        with lock_file(self.path, notify):
            remove_stray_temps(self.path.parent, self.prev.name)
            remove_stray_temps(self.path.parent, self.first.name)
            self.settle_first()
            if self.journal.is_dir():
                for folder in (self.journal, self.redo_dir, self.undone_dir):
                    for entry in os.listdir(folder) if folder.is_dir() else ():
                        if TEMP_MARK in entry:
                            with contextlib.suppress(OSError):
                                os.unlink(folder / entry)
            yield

    def check_kinds(self) -> None:
        """Refuse a FIFO, a device or a folder where the save or a file beside it belongs, and
        anything but a folder where its journal does, from `os.stat` alone: nothing is opened,
        so nothing hangs (issue 34).

        Raises:
            SaveFileError: one line naming the path.
        """
        from sprawl_cli.filekind import folder_or_nothing, plain_file

        plain_file(self.path, "save file")
        for beside in (self.cache, self.lock_path, self.prev, self.first, self.first_kept):
            plain_file(beside, "file sprawl keeps beside the save")
        for folder in (self.journal, self.redo_dir, self.undone_dir):
            folder_or_nothing(folder, "journal")

    # --- the state -----------------------------------------------------
    def exists(self) -> bool:
        return self.path.exists()

    def load(self) -> Game[Any]:
        """The game in the save file, validated and migrated.

        Raises:
            SaveFileError: missing (points to `sprawl new`), broken or hostile.
        """
        from sprawl_cli import yamlio

        self.check_kinds()
        if not self.path.exists():
            if self.repairable():
                raise SaveFileError(f"the save file {self.path} is missing, but its journal is here; "
                                    "`sprawl repair` rebuilds the save from it")
            raise SaveFileError(
                f"no game at {self.path}; start one with `sprawl new --squad FILE --squad FILE` "
                "(or point --game / SPRAWL_GAME at your save file)"
            )
        try:
            text = yamlio.read_text(self.path, "sprawl save file")
            key = os.path.abspath(self.path)
            known = _PARSED.get(key)
            if known is not None and known[0] == text:
                data = known[1]
            else:
                data = read_cache(self.cache, text)
            if data is not None:
                try:
                    return game_from_data(data, {}, str(self.path))
                except SaveFileError:
                    pass  # parsed again below, for the message with its line
            data, lines = yamlio.parse(text, str(self.path))
            if isinstance(data, dict) and data.get("schema_version") == SCHEMA_VERSION:
                _PARSED[key] = (text, data, lines)
            return game_from_data(data, lines, str(self.path))
        except SaveFileError as problem:
            if "newer sprawl" not in problem.message and self.repairable():
                raise SaveFileError(f"{problem.message}. `sprawl repair` rebuilds the save from its journal "
                                    "(keeping this file beside it)") from None
            raise

    def repairable(self) -> bool:
        """Whether the journal keeps a state to rebuild the save from."""
        if self.first.is_file():
            return True
        try:
            return any(name.endswith(".json") and name[:-5].isdigit() for name in os.listdir(self.journal))
        except OSError:
            return False

    def repair(self) -> tuple[Game[Any], int, Path | None]:
        """Rebuild the save from the newest state in the journal; a damaged save is kept
        beside it as `<save>.damaged`. Returns the game, its step and where the old file went.

        Raises:
            SaveFileError: the journal keeps no state (nothing to rebuild from).
        """
        found = self.latest_state()
        if found is None:
            raise SaveFileError(f"the journal beside {self.path} keeps no state to rebuild from; "
                                "start a new game with `sprawl new`")
        step, data = found
        game = game_from_data(data, {}, f"{self._entry_path(step) if step else self.first} (after)")
        game.step = step
        kept: Path | None = None
        if self.path.exists():
            kept = self.path.with_name(self.path.name + ".damaged")
            try:
                atomic_write(kept, self.path.read_bytes())
            except OSError as problem:
                raise SaveFileError(f"could not keep the damaged save aside: {problem.strerror}; "
                                    "nothing was changed") from None
        self._clear_redo()
        self.save(game)
        return game, step, kept

    def adopt(self, game: Game[Any]) -> dict[str, Any] | None:
        """If the save differs from the state the journal says it should have, it was edited
        by hand: return the journal's state (plain data) so the edit can be journalled as a
        change of its own; else None."""
        try:
            entry = self.read_entry(game.step)
        except SaveFileError:
            return None
        if entry is None or not isinstance(entry.get("after"), dict):
            return None
        now = game_to_data(game)
        if digest(entry["after"]) == digest(now):
            return None
        try:  # read the journal's state as the save is read, so only real differences count
            known = game_to_data(game_from_data(entry["after"], {}, "journal"))
        except SaveFileError:
            return None
        known["step"] = now.get("step")
        if digest(known) == digest(now):
            return None
        return known

    def save(self, game: Game[Any]) -> None:
        self._write(*self._render(game))

    @staticmethod
    def _render(game: Game[Any]) -> tuple[str, dict[str, Any]]:
        """The save file's text for `game`, and the data it holds.

        Raises:
            BadInput: the game has gone past the rounds a save holds (numbers.ROUNDS): written,
                it would be a save no command reads again.
        """
        from sprawl_cli import yamlio
        from sprawl_cli.numbers import ROUNDS

        if game.round > ROUNDS:
            from sprawl_cli.errors import BadInput

            raise BadInput(f"round {game.round} is past the {ROUNDS} rounds a save holds; end the game "
                           "(`sprawl end`)")

        header = "# sprawl save file: the current state of one game. Safe to read; edit with care.\n"
        data = game_to_data(game)
        return header + yamlio.dump(data), data

    def _write(self, text: str, data: dict[str, Any]) -> None:
        atomic_write(self.path, text)
        _PARSED[os.path.abspath(self.path)] = (text, data, {})
        write_cache(self.cache, text, data)

    def start(self, game: Game[Any]) -> None:
        """Save a brand-new game; an existing one and its journal are kept as `.prev`.

        The old save is copied aside, not moved, so a kill at any instant leaves
        the old game or the new one at the save path, never none. The old journal
        goes aside last: entries a kill leaves beside the step-0 game are orphans,
        which the next change discards.

        Raises:
            SaveFileError: the old game could not be copied aside or the new one written;
            the save path still holds the old game.
        """
        import shutil

        prev_journal = self.journal.with_name(self.journal.name + ".prev")
        replacing = self.path.exists()
        if replacing:
            try:
                old = self.path.read_bytes()
            except OSError as problem:
                raise SaveFileError(f"could not set the old game at {self.path} aside: {problem.strerror}; "
                                    "nothing was changed") from None
            shutil.rmtree(prev_journal, ignore_errors=True)
            atomic_write(self.prev, old)
        # The new game's first state is written before the game itself, the old game's first state
        # kept aside (`.first.json.old`) until the new game is in place: a disk that refuses either
        # write puts it back, so nothing changes. A kill between leaves the kept one for the next
        # command under the lock to settle (`settle_first`): the first state names the save text
        # it belongs to, so the one that matches the save stays.
        game.step = 0
        text, data = self._render(game)
        had_first = True
        try:
            os.replace(self.first, self.first_kept)
        except FileNotFoundError:
            had_first = False  # the first game here (or one from before issue 25)
        except OSError as problem:
            raise SaveFileError(f"could not set {self.first} aside: {problem.strerror}; nothing was changed") from None
        try:
            atomic_write(self.first, json.dumps({"step": 0, "save": digest(text), "after": data},
                                                separators=(",", ":")))
            self._write(text, data)
        except SaveFileError:
            with contextlib.suppress(OSError):
                if had_first:
                    os.replace(self.first_kept, self.first)
                else:
                    os.unlink(self.first)
            raise
        if self.journal.exists():
            with contextlib.suppress(OSError):
                if replacing:
                    shutil.rmtree(prev_journal, ignore_errors=True)
                    os.replace(self.journal, prev_journal)
            shutil.rmtree(self.journal, ignore_errors=True)
        with contextlib.suppress(OSError):
            os.unlink(self.first_kept)

    def settle_first(self) -> None:
        """After a `new` killed between its writes: keep the first state whose save text is the
        save's (the new game's, if it landed), else put the old game's back."""
        if not self.first_kept.exists():
            return
        try:
            first = self.read_entry(0, self.first)
            ours = first is not None and first.get("save") == digest(self.path.read_text(encoding="utf-8"))
        except (SaveFileError, OSError, ValueError):
            ours = False
        with contextlib.suppress(OSError):
            if ours:
                os.unlink(self.first_kept)
            else:
                os.replace(self.first_kept, self.first)

    # --- the journal ---------------------------------------------------
    def _entry_path(self, step: int, folder: Path | None = None) -> Path:
        return (folder or self.journal) / f"{step:06d}.json"

    def read_entry(self, step: int, folder: Path | None = None) -> dict[str, Any] | None:
        """The journal entry of `step` (in `folder`, default the journal; a path to a .json
        file is read as it is), or None when there is none.

        Raises:
            SaveFileError: it cannot be read or is damaged.
        """
        path = folder if folder is not None and folder.suffix == ".json" else self._entry_path(step, folder)
        from sprawl_cli.filekind import plain_file

        plain_file(path, "journal entry")
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as problem:
            raise SaveFileError(f"cannot read the journal entry {path}: {problem.strerror}") from None
        try:
            entry = json.loads(raw.decode("utf-8"))
        except ValueError:
            raise SaveFileError(f"the journal entry {path} is damaged; move it aside to go on") from None
        if not isinstance(entry, dict):
            raise SaveFileError(f"the journal entry {path} is damaged; move it aside to go on")
        return entry

    def discard_orphans(self, game: Game[Any]) -> None:
        """Drop journal entries newer than the save (a command died between the two writes),
        newest first, putting back any companion file such an entry had already written.

        Only the entry made from exactly this game's state is such an orphan;
        older entries left beside a new game (a `new` killed before it moved the
        old journal aside) are dropped without touching any file. A companion
        file that holds neither the orphan's text before nor after was changed by
        something else since; it is left as it is.
        """
        orphans = []
        step = game.step + 1
        while self._entry_path(step).exists():
            orphans.append(step)
            step += 1
        for step in reversed(orphans):
            try:
                entry = self.read_entry(step) or {}
            except SaveFileError:
                entry = {}  # a half-written entry: its companions were never written
            files = companions(entry)
            if files and step == game.step + 1 and digest(entry.get("before")) == digest(game_to_data(game)):
                for path, texts in files.items():
                    if read_companion(path) == texts.get("after"):
                        put_companion(path, texts.get("before"))
            with contextlib.suppress(OSError):
                os.unlink(self._entry_path(step))

    def commit(self, before: Game[Any], after: Game[Any], entry: dict[str, Any]) -> None:
        """Journal the change from `before` to `after`, then save `after`.

        `entry["files"]`, when given, maps companion paths to {"before", "after"}
        texts: they are written after the entry and before the save file, so
        a kill between leaves an orphaned entry that `discard_orphans` rolls back.

        Raises:
            SaveFileError: a write failed; the save file still holds `before`
            (a companion already written is put back).
        """
        make_folder(self.journal)
        self.discard_orphans(before)
        after.step = before.step + 1
        entry = dict(entry, step=after.step, number=self.next_number(before.step), seq=time.time_ns(),
                     before=game_to_data(before), after=game_to_data(after))
        self._apply(before, after, entry)
        self._clear_redo()
        self._forget_before(after.step - UNDO_LIMIT)

    def _apply(self, base: Game[Any], after: Game[Any], entry: dict[str, Any]) -> None:
        """Write a change in crash-safe order: its journal entry, its companion files, the save.

        Raises:
            SaveFileError: a write failed; what was written is rolled back to `base`.
        """
        atomic_write(self._entry_path(after.step), json.dumps(entry, separators=(",", ":")))
        try:
            for path, texts in companions(entry).items():
                put_companion(path, texts["after"])
            self.save(after)
        except SaveFileError:
            self.discard_orphans(base)  # the entry just written, and any companion it wrote
            raise

    def _forget_before(self, step: int) -> None:
        if step < 1:
            return
        entry = self.read_entry(step)
        if entry is not None and "before" in entry:
            del entry["before"]
            entry.pop("after", None)  # only the newest states serve repair and hand-edit checks
            entry.pop("files", None)  # companion texts serve undo only
            with contextlib.suppress(SaveFileError):
                atomic_write(self._entry_path(step), json.dumps(entry, separators=(",", ":")))

    def _clear_redo(self) -> None:
        if self.redo_dir.is_dir():
            for entry in os.listdir(self.redo_dir):
                with contextlib.suppress(OSError):
                    os.unlink(self.redo_dir / entry)

    def entries(self, last: int | None = None, upto: int | None = None) -> list[dict[str, Any]]:
        """Journal entries in order (the last `last` of them), up to step `upto`."""
        if upto is None:
            return []
        first = 1 if last is None else max(1, upto - last + 1)
        found = []
        for step in range(first, upto + 1):
            entry = self.read_entry(step)
            if entry is not None:
                found.append(entry)
        return found

    def next_number(self, upto: int) -> int:
        """The number the next journal entry gets: one more than any entry's so far, standing or
        undone, so that no two entries of a game share one (`step` is where an entry stands in
        the game, which an undo gives to the next change). Reads the newest of each; a journal
        written before entries were numbered is counted whole, as `history` numbers it."""
        names = sorted(n for n in os.listdir(self.undone_dir) if n.endswith(".json") and TEMP_MARK not in n) \
            if self.undone_dir.is_dir() else []
        newest: list[dict[str, Any] | None] = []
        with contextlib.suppress(SaveFileError):  # a damaged entry numbers nothing; `log` says so
            newest.append(self.read_entry(upto) if upto > 0 else None)
            newest.append(self.read_entry(0, self.undone_dir / names[-1]) if names else None)
        found = [e for e in newest if e is not None]
        if all(isinstance(e.get("number"), int) for e in found):
            return max((int(e["number"]) for e in found), default=0) + 1
        try:
            return max((int(e["number"]) for e in self.history(upto)), default=0) + 1
        except SaveFileError:  # a damaged old entry: number on from what could be read
            return max([upto] + [int(e.get("number") or e.get("step") or 0) for e in found]) + 1

    def history(self, upto: int, last: int | None = None) -> list[dict[str, Any]]:
        """What happened, in the order it happened: the changes that stand (up to step `upto`)
        and the ones undone since (`undone: true`), the last `last` of them."""
        found = [dict(e, undone=False) for e in self.entries(upto=upto)]
        folder = self.undone_dir
        for name in sorted(os.listdir(folder)) if folder.is_dir() else []:
            if name.endswith(".json") and TEMP_MARK not in name:
                with contextlib.suppress(SaveFileError):
                    record = self.read_entry(0, folder / name)
                    if record is not None:
                        found.append(dict(record, undone=True))
        standing = {e.get("seq") for e in found if not e["undone"] and e.get("seq") is not None}
        # An undo killed before its save left its record beside the entry that still stands.
        found = [e for e in found if not (e["undone"] and e.get("seq") in standing)]
        found.sort(key=lambda e: (int(e.get("seq") or 0), int(e.get("step") or 0)))
        for place, e in enumerate(found, 1):  # an entry written before entries were numbered
            if not isinstance(e.get("number"), int):
                e["number"] = place
        return found[-last:] if last else found

    @property
    def undone_dir(self) -> Path:
        return self.journal / "undone"

    def _keep_undone(self, entries: list[dict[str, Any]], written: list[Path]) -> None:
        """Keep what an undo takes back in the log (its dice too), marked undone; each file is
        added to `written` before it is written.

        Raises:
            SaveFileError: the disk refused (the caller takes back what was written).
        """
        make_folder(self.undone_dir)
        for entry in entries:
            record = {k: v for k, v in entry.items() if k not in ("before", "after", "files")}
            record["undone_at"] = time.strftime("%Y-%m-%dT%H:%M:%S")
            seq = int(entry.get("seq") or time.time_ns())
            written.append(self.undone_dir / f"{seq:020d}-{entry.get('step', 0):06d}.json")
            atomic_write(written[-1], json.dumps(record, separators=(",", ":")))

    def _unkeep_undone(self, entry: dict[str, Any]) -> None:
        seq = entry.get("seq")
        if seq is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.undone_dir / f"{int(seq):020d}-{entry.get('step', 0):06d}.json")

    def last_undone(self, game: Game[Any]) -> dict[str, Any] | None:
        """The change `redo` would put back (the latest one undone), or None."""
        item = self.read_entry(game.step + 1, self.redo_dir)
        entry = item.get("entry") if item is not None else None
        return entry if isinstance(entry, dict) else None

    def latest_state(self) -> tuple[int, dict[str, Any]] | None:
        """The newest state the journal keeps (a change's state after it, or the new game's), with its step."""
        steps = []
        for name in os.listdir(self.journal) if self.journal.is_dir() else []:
            stem = name[:-5] if name.endswith(".json") else ""
            if stem.isdigit():
                steps.append(int(stem))
        for step in sorted(steps, reverse=True):
            with contextlib.suppress(SaveFileError):
                entry = self.read_entry(step)
                if entry is not None and isinstance(entry.get("after"), dict):
                    return step, entry["after"]
        with contextlib.suppress(SaveFileError):  # no change stands: the game as `new` made it
            first = self.read_entry(0, self.first)
            if first is not None and isinstance(first.get("after"), dict):
                return 0, first["after"]
        return None

    def undo(self, game: Game[Any], count: int) -> tuple[Game[Any], list[dict[str, Any]]]:
        """The game as it was `count` changes ago, and the entries undone (newest first).

        Raises:
            SaveFileError: fewer changes can be undone than asked.
        """
        if count < 1:
            raise SaveFileError("undo needs a count of 1 or more")
        undone: list[dict[str, Any]] = []
        state = game
        for _ in range(count):
            entry = self.read_entry(state.step) if state.step > 0 else None
            if entry is None or "before" not in entry:
                have = len(undone)
                if state.step == 0 or entry is None:
                    reason = "nothing more to undo" if have == 0 else f"only {have} change(s) could be undone"
                else:
                    reason = f"changes older than the last {UNDO_LIMIT} can no longer be undone"
                raise SaveFileError(f"{reason}; nothing was changed")
            previous = game_from_data(entry["before"], {}, f"{self._entry_path(state.step)} (before)")
            undone.append({"entry": entry, "after": game_to_data(state)})
            state = previous
        checked: set[str] = set()
        for item in undone:  # newest first: a file must still hold what the newest change to it wrote
            fresh = {k: v for k, v in companions(item["entry"]).items() if k not in checked}
            check_companions({"files": fresh}, "after", "before")
            checked.update(fresh)
        make_folder(self.redo_dir)
        written: list[Path] = []
        try:
            for item in undone:
                written.append(self._entry_path(item["entry"]["step"], self.redo_dir))
                atomic_write(written[-1], json.dumps(item, separators=(",", ":")))
            self._keep_undone([item["entry"] for item in undone], written)
            for item in undone:  # newest first, so a file changed twice ends at its oldest text
                for path, texts in companions(item["entry"]).items():
                    put_companion(path, texts.get("before"))
            self.save(state)
        except SaveFileError:
            # The disk refused: take back what this undo wrote, so no file changes.
            for item in reversed(undone):
                for path, texts in companions(item["entry"]).items():
                    with contextlib.suppress(SaveFileError):
                        if read_companion(path) == texts.get("before"):
                            put_companion(path, texts.get("after"))
            for redo_file in written:
                with contextlib.suppress(OSError):
                    os.unlink(redo_file)
            raise
        for item in undone:
            with contextlib.suppress(OSError):
                os.unlink(self._entry_path(item["entry"]["step"]))
        return state, [item["entry"] for item in undone]

    def redo(self, game: Game[Any]) -> tuple[Game[Any], dict[str, Any]]:
        """Re-apply the change most recently undone.

        Raises:
            SaveFileError: nothing to redo (or the game changed since the undo).
        """
        item = self.read_entry(game.step + 1, self.redo_dir)
        if item is None or not isinstance(item.get("entry"), dict) or "after" not in item:
            raise SaveFileError("nothing to redo; nothing was changed")
        entry = item["entry"]
        if digest(entry.get("before")) != digest(game_to_data(game)):
            self._clear_redo()
            raise SaveFileError("the game changed since that undo, so it cannot be redone; nothing was changed")
        after = game_from_data(item["after"], {}, f"{self._entry_path(game.step + 1, self.redo_dir)}")
        check_companions(entry, "before", "after")
        make_folder(self.journal)
        self._apply(game, after, entry)
        with contextlib.suppress(OSError):
            os.unlink(self._entry_path(after.step, self.redo_dir))
        self._unkeep_undone(entry)
        return after, entry


def game_to_data(game: Game[Any]) -> dict[str, Any]:
    data: dict[str, Any] = to_data(game)
    # The two keys a reader looks for first go first.
    return {"schema_version": data.pop("schema_version"), "system": data.pop("system"), **data}


def game_from_data(data: Any, lines: Lines, source: str) -> Game[Any]:
    """A Game of the save's system (no `system:` is SPRAWL) from plain data, checked for shape and sense.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli import systems
    from sprawl_cli.errors import BadInput

    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: not a sprawl save file (expected a map with schema_version and system)")
    data = migrate(data, source, SCHEMA_VERSION)  # read now: a default would be fixed at import
    where = Where(source, lines)
    named = data.setdefault("system", systems.DEFAULT)
    if not isinstance(named, str):
        where.fail(("system",), f"should be the name of a game system: {', '.join(systems.names())}")
    try:
        system = systems.get(named)
    except BadInput as problem:
        where.fail(("system",), problem.message)
    game = from_data(system.game_type(), data, where)
    check_game(game, where, system.phases)
    system.check_game(game, where)
    return game


def check_game(game: Game[Any], where: Where, phases: tuple[str, ...]) -> None:
    """The kernel's cross-checks a hand edit could break: squads, turn, names."""
    if not game.squads:
        where.fail(("squads",), "a game needs at least one squad")
    if phases and game.phase not in phases:
        where.fail(("phase",), f"'{game.phase}' is not a phase; use one of {', '.join(phases)}")
    if not 0 <= game.side < len(game.squads):
        where.fail(("side",), f"should be a squad index from 0 to {len(game.squads) - 1}")
    from sprawl_cli.names import name_fault
    from sprawl_cli.numbers import CHANGES, ROUNDS

    # Issue 34: each number within what a game can hold (numbers.py says why each bound).
    for key, most in (("round", ROUNDS), ("turn", ROUNDS * max(len(game.squads), len(game.characters)))):
        if not 1 <= getattr(game, key) <= most:
            where.fail((key,), f"should be from 1 to {most}")
    if not 0 <= game.step <= CHANGES:
        where.fail(("step",), f"should be from 0 to {CHANGES}")
    if game.rounds is not None and not 1 <= game.rounds <= ROUNDS:
        where.fail(("rounds",), f"the round limit should be from 1 to {ROUNDS} (or leave it out)")
    for j, squad in enumerate(game.squads):
        fault = name_fault(squad.name)
        if fault is not None:
            where.fail(("squads", j, "name"), f"this name {fault}")
    if game.settings.dice not in ("random", "physical"):
        where.fail(("settings", "dice"), "should be random or physical")
    names: set[str] = set()
    squads = {s.name for s in game.squads}
    for i, c in enumerate(game.characters):
        path: tuple[object, ...] = ("characters", i)
        fault = name_fault(c.name)
        if fault is not None:
            where.fail(path + ("name",), f"this name {fault}")
        if c.name.lower() in names:
            where.fail(path + ("name",), f"two characters are called '{c.name}'")
        names.add(c.name.lower())
        if c.squad not in squads:
            where.fail(path + ("squad",), f"no squad called '{c.squad}'")
        statuses = getattr(c, "statuses", None)  # the kernel's `Statuses`: each status at most once
        if isinstance(statuses, list) and len(set(statuses)) != len(statuses):
            twice = next(j for j, s in enumerate(statuses) if s in statuses[:j])
            where.fail(path + ("statuses", twice), f"'{statuses[twice]}' is listed twice for {c.name}; keep it once")
    for j, squad in enumerate(game.squads):
        for k, member in enumerate(squad.members):
            if member.lower() not in names:
                where.fail(("squads", j, "members", k), f"no character called '{member}'")
        if squad.leader and squad.leader.lower() not in names:
            where.fail(("squads", j, "leader"), f"no character called '{squad.leader}'")
    if game.scenario is not None:  # a house feature: sprawl_cli/scenario.py
        from sprawl_cli.scenario import check_saved

        check_saved(game, where)


def differences(old: Any, new: Any, path: str = "", limit: int = 6) -> list[str]:
    """What a hand edit changed, as `characters.Babs.health: 3 -> 1` lines (at most `limit`)."""
    found: list[str] = []

    def walk(a: Any, b: Any, where: str) -> None:
        if len(found) >= limit or a == b:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in list(a) + [k for k in b if k not in a]:
                if key != "step":
                    walk(a.get(key), b.get(key), f"{where}.{key}" if where else str(key))
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                label = x.get("name") if isinstance(x, dict) and isinstance(x.get("name"), str) else str(i)
                walk(x, y, f"{where}.{label}")
            return
        found.append(f"{where}: {json.dumps(a)} -> {json.dumps(b)}")

    walk(old, new, path)
    return found
