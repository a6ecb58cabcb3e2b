"""The comforts of `sprawl play`'s terminal prompt: a history file per game, kept short, and a
Tab that completes at once. prompt_toolkit is imported only when a terminal prompt is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prompt_toolkit.history import History

HISTORY_LIMIT = 1000  # lines kept in a game's history file


# --- history -------------------------------------------------------------------


def history_path(game_path: Path) -> Path:
    """A game's session history lives beside its save file."""
    return game_path.with_name(game_path.name + ".history")


def trim_history(path: Path, limit: int = HISTORY_LIMIT) -> None:
    """Keep only the last `limit` entries of a prompt_toolkit history file (atomically)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return
    entries = split_history(text)
    if len(entries) <= limit:
        return
    from sprawl_cli.save.atomic import atomic_write

    try:
        atomic_write(path, "".join(entries[-limit:]))
    except Exception:  # a history file is a comfort, never a reason to stop
        pass


def split_history(text: str) -> list[str]:
    """The entries of a history file: each a `# time` line and its `+text` lines."""
    entries: list[str] = []
    for line in text.splitlines(keepends=True):
        if not line.strip():
            continue  # the blank line prompt_toolkit writes before each entry is put back below
        if line.startswith("#") or not entries:
            entries.append("\n" + line if line.startswith("#") else line)
        else:
            entries[-1] += line if line.endswith("\n") else line + "\n"
    return [e for e in entries if "\n+" in e or e.startswith("+")]


def bounded_history(path: Path) -> History:
    """prompt_toolkit's FileHistory on `path`, trimmed to HISTORY_LIMIT entries first."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    trim_history(path)
    try:
        path.touch(exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(path))


def tab_completes_at_once() -> Any:
    """Tab bound to a completion worked out before the next key is read.

    prompt_toolkit's own Tab starts the completer as a background task and drops
    a Tab that arrives while an earlier task is still winding down, which a busy
    machine makes happen. Completing here is a few milliseconds of in-process
    work, so the key is answered whole, in order, however loaded the machine.
    """
    from prompt_toolkit.buffer import CompletionState
    from prompt_toolkit.completion import CompleteEvent, get_common_complete_suffix
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("tab")
    def _complete(event: Any) -> None:
        buffer = event.current_buffer
        if buffer.complete_state:  # the menu is open: Tab walks it, as by default
            buffer.complete_next()
            return
        if buffer.completer is None:
            return
        document = buffer.document
        found = list(buffer.completer.get_completions(document, CompleteEvent(completion_requested=True)))
        if len(found) == 1:
            buffer.apply_completion(found[0])
            return
        common = get_common_complete_suffix(document, found) if found else ""
        if common:
            buffer.insert_text(common)
            found = [choice.new_completion_from_position(len(common)) for choice in found]
        if found:
            buffer.complete_state = CompletionState(original_document=buffer.document, completions=found)
            buffer.on_completions_changed.fire()

    return bindings
