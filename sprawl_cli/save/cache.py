"""What a save holds, kept parsed: in memory for a long-lived process, and signed beside the save.

Neither is ever a source of truth: each is used only for a save whose text is byte for byte the
text it was parsed from, so a hand edit or another command's change is always read afresh.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sprawl_cli.model import Game

# The text last read or written for each save path, with its parsed data, so a
# long-lived process (a `sprawl play` session) does not parse again the file it
# has just written (bench/play_latency.py). Only a byte-for-byte match is used,
# so a change made by another command or a hand edit is always read afresh; the
# data is never handed out for changing (game_from_data builds new objects).
PARSED: dict[str, tuple[str, Any, dict[Any, int]]] = {}
# The text this process last wrote to each save path, with its journal entry beside it: a save
# that still holds exactly that text was not edited by hand since (`GameStore.adopt`).
WRITTEN: dict[str, str] = {}
# A long-lived process also keeps the game each save text was read as, pickled (`game_of`):
# a change reads its save twice (once to ask its questions, once under the lock), and
# building a game from data costs several times what unpickling it does (bench/play_latency.py).
# On only while a session runs a line (`play.Session.run`): a one-shot command reads each text
# once, and a process that is not in a session never reads what one kept.
KEEP_GAMES = False
GAMES: dict[str, tuple[str, bytes]] = {}

# Every save also writes its parsed data beside it (`<save>.cache`), together with
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
#
# Its body is a header line, then the text and the data in `marshal`'s format: built into the
# interpreter, so reading it imports nothing (the `json` module was 5 M instructions of every
# `status`), and it keeps the data exactly as the YAML reader gave it. `marshal` is no format for
# untrusted bytes; the signature is checked before it reads any, and the header names this
# format and the interpreter, whose `marshal` may differ from another's.
CACHE_FORMAT = 3
HEADER = f"sprawl-cache {CACHE_FORMAT} {sys.implementation.cache_tag} {marshal.version}\n".encode()


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
        if signature != _signature(key, body) or not body.startswith(HEADER):  # a local file: no secret to time
            return None
        kept = marshal.loads(body[len(HEADER):])
    except (OSError, ValueError, EOFError, TypeError, RecursionError):
        return None
    if not isinstance(kept, tuple) or len(kept) != 2 or kept[0] != text:
        return None
    return kept[1]


def game_of(key: str, text: str, data: Any, source: str) -> Game[Any]:
    """The game `data` (parsed from `text`, the save at `key`) holds: built from the data, or,
    in a long-lived process that built it from this very text before, unpickled afresh.

    Raises:
        SaveFileError: the data is not a game this version can hold.
    """
    import pickle

    kept = GAMES.get(key) if KEEP_GAMES else None
    if kept is not None and kept[0] == text:
        game: Game[Any] = pickle.loads(kept[1])
        return game
    from sprawl_cli.save.data import game_from_data

    game = game_from_data(data, {}, source)
    if KEEP_GAMES:
        GAMES[key] = (text, pickle.dumps(game, pickle.HIGHEST_PROTOCOL))
    return game


def write_cache(path: Path, text: str, data: Any) -> None:
    """Keep `data`, parsed from `text`, in `path`, signed: best effort, never an error.

    Written without a temp file or fsync: a reader that meets a torn, old or missing cache
    finds its signature, text or JSON wrong and parses the save instead. The old cache is
    removed and a new file made, not truncated and written again: on ext4 a file truncated
    to nothing and written again is flushed to the disk when closed (its `auto_da_alloc`),
    a millisecond of every change for a file that needs no durability.
    """
    try:
        key = cache_key(create=True)
        if key is None:
            raise OSError("no key to sign the cache with")
        body = HEADER + marshal.dumps((text, data))
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        with open(path, "xb") as handle:
            handle.write(_signature(key, body) + b"\n" + body)
    except (OSError, TypeError, ValueError):
        with contextlib.suppress(OSError):
            os.unlink(path)
