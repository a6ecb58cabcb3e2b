"""The save file's guarantees (issue 3): strict loading, hostile YAML, the lock, atomic
replacement, the journal (orphans, undo, redo, its bound) and `new --force`'s backup."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sprawl_cli import store, yamlio
from sprawl_cli.save import atomic
from sprawl_cli.save import journal as savejournal
from sprawl_cli.save import data as savedata
from sprawl_cli.save import cache as savecache
from tests import harness
from tests.factory import NEXT_ANSWERS, PLF, SUIT, new_args

SAVE = "sprawl-game.yaml"


def line_of(text: str, pattern: str, nth: int = 0) -> int:
    """1-based line of the nth line matching `pattern` (a regex anchored at the line start)."""
    found = [i + 1 for i, line in enumerate(text.splitlines()) if re.match(pattern, line)]
    return found[nth]


def sub_first(text: str, pattern: str, new: str) -> str:
    changed, count = re.subn(pattern, new, text, count=1, flags=re.M)
    assert count == 1, pattern
    return changed


def one_error(result) -> str:
    """The single `error:` line of a refused command: exit 1, no traceback, nothing else."""
    assert result.exit_code == 1, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and "internal error" not in lines[0]
    return lines[0][len("error: "):]


BILLION_LAUGHS = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
"""

# (id, change to the save text, line the message names (a function of the text) or None, words)
CORRUPT = [
    ("bad yaml", lambda t: sub_first(t, r"^phase: movement", "phase: [movement"), "any", "not valid YAML"),
    ("wrong type", lambda t: sub_first(t, r"^round: 1$", "round: first"),
     lambda t: line_of(t, "round:"), "key 'round': should be a whole number"),
    ("unknown key", lambda t: t + "colour: blue\n", lambda t: line_of(t, "colour:"), "key 'colour': unknown key"),
    ("missing key", lambda t: sub_first(t, r"^  max_health: 3\n", ""),
     lambda t: line_of(t, "- name: Babs"), "key 'characters.0.max_health': is missing"),
    ("negative health", lambda t: sub_first(t, r"^  health: 3$", "  health: -1"),
     lambda t: line_of(t, "  health: -1"), "key 'characters.0.health': should be from 0"),
    ("negative round", lambda t: sub_first(t, r"^round: 1$", "round: -2"),
     lambda t: line_of(t, "round:"), "key 'round': should be from 1 to 1000"),
    ("negative hide successes", lambda t: sub_first(t, r"^  hide_successes: 0$", "  hide_successes: -3"),
     lambda t: line_of(t, "  hide_successes: -3"), "cannot be negative"),
    ("unknown status", lambda t: sub_first(t, r"^  statuses: \[\]$", "  statuses: [asleep]"),
     lambda t: line_of(t, "  statuses: \\[asleep"), "key 'characters.0.statuses.0': 'asleep' is not a status"),
    ("other system", lambda t: sub_first(t, r"^system: sprawl$", "system: chess"),
     lambda t: line_of(t, "system:"), "no game system 'chess'"),
    ("newer schema", lambda t: sub_first(t, r"^schema_version: 1$", "schema_version: 99"), None,
     "newer sprawl (schema 99"),
    ("not a map", lambda t: "- just\n- a list\n", None, "not a sprawl save file"),
    ("empty", lambda t: "", None, "not a sprawl save file"),
    ("python tag", lambda t: sub_first(t, r"^phase: movement$", "phase: !!python/object/apply:os.system ['touch pwned']"),
     lambda t: line_of(t, "phase:"), "the tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed"),
    ("billion laughs", lambda t: BILLION_LAUGHS, lambda t: 1, "anchors and aliases"),
    ("deeply nested lists", lambda t: "[" * 200_000 + "]" * 200_000 + "\n", lambda t: 1, "nested too deeply"),
    ("deeply nested block", lambda t: "- " * 200_000 + "x\n", lambda t: 1, "nested too deeply"),
    ("5 MB", lambda t: t + "# " + "x" * (5 * 1024 * 1024) + "\n", None, "far too large"),
    ("binary", lambda t: bytes(range(256)) * 8, None, "binary file"),
    ("not utf-8", lambda t: t.encode() + "# café\n".encode("latin-1"), None, "not UTF-8"),
]


@pytest.mark.parametrize("command", [("status",), ("set", "Razz", "pinned", "on"), ("undo",), ("log",)],
                         ids=["status", "set", "undo", "log"])
@pytest.mark.parametrize("what,change,line,words", CORRUPT, ids=[c[0] for c in CORRUPT])
def test_a_corrupt_save_is_one_error_line_and_changes_nothing(sprawl, snapshot, command, what, change, line, words):
    sprawl.new()
    sprawl.json("set", "Wes", "ran", "on")  # a journal too, so undo has something to lose
    good = sprawl.save.read_text(encoding="utf-8")
    bad = change(good)
    if isinstance(bad, bytes):
        sprawl.save.write_bytes(bad)
    else:
        sprawl.save.write_text(bad, encoding="utf-8")
    before = snapshot(sprawl.folder)
    message = one_error(sprawl(*command))
    assert message.startswith(SAVE), message
    if line == "any":
        assert re.match(rf"{SAVE}:\d+: ", message), message
    elif line is not None:
        assert message.startswith(f"{SAVE}:{line(bad)}: "), message
    assert words in message
    assert snapshot(sprawl.folder) == before
    assert not (sprawl.folder / "pwned").exists()


def test_json_error_for_a_corrupt_save(sprawl):
    sprawl.new()
    sprawl.save.write_text("schema_version: 99\n", encoding="utf-8")
    result = sprawl("status", "--json")
    assert result.exit_code == 1 and "newer sprawl" in json.loads(result.stdout)["error"]


def test_deep_nesting_does_not_crash_the_real_program(sprawl):
    """libyaml's composer recursed until it crashed (a segfault) on deep nests; the real program says no."""
    sprawl.save.write_text("[" * 200_000 + "\n", encoding="utf-8")
    done = sprawl.process("status", env=clean_env())
    assert done.returncode == 1 and done.stderr == f"error: {SAVE}:1: nested too deeply\n"


@pytest.fixture(params=["libyaml", "pure"])
def yaml_parser(request, monkeypatch):
    """Each test below runs on libyaml's parser (whatever version the wheel bundles) and on
    PyYAML's own, which sprawl uses where libyaml is missing: both must give our words."""
    import yaml

    if request.param == "pure":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    elif not getattr(yaml, "__with_libyaml__", False):
        harness.missing("PyYAML was built without libyaml")
    return request.param


NESTS = [
    ("flow, closed", "[" * 200_000 + "]" * 200_000 + "\n", 1),
    ("flow, never closed", "[" * 200_000 + "\n", 1),
    ("block", "- " * 200_000 + "x\n", 1),
    ("maps", "{a: " * 5000 + "\n", 1),
    # Under the count of openers that triggers a scan first: libyaml from 0.2.5 stops at a
    # depth of 1000 with words of its own, older libyaml and PyYAML's parser go on.
    ("1500 deep, short", "[" * 1500 + "]" * 1500 + "\n", 1),
    ("past ours on line 3", "a: 1\nb: 2\nc: " + "[" * (yamlio.MAX_DEPTH + 1) + "]" * (yamlio.MAX_DEPTH + 1) + "\n", 3),
]


@pytest.mark.parametrize("text,line", [n[1:] for n in NESTS], ids=[n[0] for n in NESTS])
def test_a_deep_nest_gets_our_words_from_either_parser(yaml_parser, text, line):
    with pytest.raises(store.SaveFileError) as refused:
        yamlio.parse(text, SAVE)
    assert str(refused.value) == f"{SAVE}:{line}: nested too deeply"


def test_the_deepest_nest_allowed_is_read_by_either_parser(yaml_parser):
    # MAX_DEPTH collections around a value: the value sits at depth MAX_DEPTH
    text = "[" * yamlio.MAX_DEPTH + "1" + "]" * yamlio.MAX_DEPTH + "\n"
    data, _ = yamlio.parse(text, SAVE)
    for _ in range(yamlio.MAX_DEPTH):
        assert isinstance(data, list) and len(data) == 1
        data = data[0]
    assert data == 1


def test_one_deeper_than_allowed_is_refused_by_either_parser(yaml_parser):
    deeper = yamlio.MAX_DEPTH + 1
    with pytest.raises(store.SaveFileError, match="nested too deeply"):
        yamlio.parse("[" * deeper + "1" + "]" * deeper + "\n", SAVE)


def test_broken_yaml_that_is_not_deep_is_still_named_as_broken(yaml_parser):
    with pytest.raises(store.SaveFileError) as refused:
        yamlio.parse("a: [1, 2\nb: 3\n", SAVE)
    assert str(refused.value).startswith(f"{SAVE}:2: not valid YAML: ")


# --- migrations ---------------------------------------------------------------------------


def test_a_registered_migration_upgrades_an_old_save(sprawl, monkeypatch):
    sprawl.new()
    old = sprawl.save.read_bytes()
    seen = []

    def one_to_two(data):
        seen.append(data["schema_version"])
        data["rounds"] = 5  # whatever schema 2 changed: here, a round limit appears
        return data

    monkeypatch.setattr(savedata, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(savedata.MIGRATIONS, 1, one_to_two)
    assert sprawl.json("status")["rounds"] == 5 and seen == [1]
    assert sprawl.save.read_bytes() == old  # reading never rewrites
    sprawl.json("set", "Razz", "pinned", "on")
    text = sprawl.save.read_text(encoding="utf-8")
    assert "schema_version: 2" in text and "rounds: 5" in text
    sprawl.json("undo")  # the journal's "before" is migrated data too
    assert sprawl.json("status")["rounds"] == 5


def test_a_save_with_no_migration_path_is_refused(sprawl, snapshot, monkeypatch):
    sprawl.new()
    before = snapshot(sprawl.folder)
    monkeypatch.setattr(savedata, "SCHEMA_VERSION", 2)
    assert "no migration from schema 1" in one_error(sprawl("set", "Razz", "pinned", "on"))
    assert snapshot(sprawl.folder) == before


# --- the lock ------------------------------------------------------------------------------

def clean_env() -> dict[str, str]:
    return harness.clean_environ(NO_COLOR="1")


def test_a_second_command_waits_for_the_lock_and_says_so_at_once(sprawl):
    """Synchronised on events only: the holder keeps the lock until the test lets go, so
    however slow the machine, the waiting line must come while it is held, and the
    command cannot finish until it is released."""
    sprawl.new()
    holder = harness.hold_lock(sprawl.folder / f"{SAVE}.lock")  # held until its stdin closes
    try:
        command = harness.popen(["set", "Razz", "pinned", "on", "--json"], sprawl.folder, env=clean_env(),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert command.stderr is not None
        first = command.stderr.readline()  # blocks until the command says something
        assert "waiting for another sprawl command" in first
        assert holder.poll() is None and command.poll() is None  # still held, so still waiting
        assert "pinned" not in sprawl.character("Razz")["statuses"]  # reading needs no lock
    finally:
        assert holder.stdin is not None
        holder.stdin.close()  # let go
        holder.wait(timeout=60)
    out, err = command.communicate(timeout=120)
    assert command.returncode == 0, err
    assert json.loads(out)["status"] == "pinned"
    assert "pinned" in sprawl.character("Razz")["statuses"]


def test_waiting_commands_are_served_in_the_order_they_came(sprawl):
    """Two commands queue behind a held lock: the first to wait goes first, every time (its
    ticket is older). Each waiter's "waiting" line is the event that says it is in line."""
    sprawl.new()
    holder = harness.hold_lock(sprawl.folder / f"{SAVE}.lock")
    waiters = []
    try:
        for status, name in (("pinned", "Razz"), ("ran", "Wes"), ("hidden", "Mutt")):
            command = harness.popen(["set", name, status, "on", *(["--count", "1"] if status == "hidden" else []),
                                     "--json"], sprawl.folder, env=clean_env(),
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            assert command.stderr is not None
            assert "waiting for another sprawl command" in command.stderr.readline()
            waiters.append(command)
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=60)
    for command in waiters:
        _out, err = command.communicate(timeout=120)
        assert command.returncode == 0, err
    order = [e["command"] for e in sprawl.json("log")["entries"] if e["kind"] == "set"]
    assert [words.split()[1] for words in order] == ["Razz", "Wes", "Mutt"], order
    assert not list((sprawl.folder / f"{SAVE}.lock.queue").iterdir())  # every ticket handed back


def test_a_waiter_killed_in_line_keeps_nobody_waiting(sprawl):
    sprawl.new()
    queue = sprawl.folder / f"{SAVE}.lock.queue"
    queue.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (queue / f"{1:020d}-{dead.stdout.strip()}").touch()  # an old ticket whose process is gone
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0
    assert list(queue.iterdir()) == []


# --- atomic replacement and temp files ---------------------------------------------------------


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if atomic.TEMP_MARK in p.name]


def test_changes_leave_no_temp_files(sprawl):
    sprawl.new()
    for status in ("pinned", "ran", "overwatch"):
        sprawl.json("set", "Razz", status, "on")
    sprawl.json("undo", "2")
    sprawl.json("redo")
    assert temp_files(sprawl.folder) == []


def test_stray_temp_files_are_removed_by_the_next_command(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    strays = [sprawl.folder / f".{SAVE}.tmp-4242-17", sprawl.folder / f"{SAVE}.journal" / ".000002.json.tmp-4242-18"]
    for stray in strays:
        stray.write_text("half a file", encoding="utf-8")
    sprawl.json("set", "Razz", "ran", "off")
    assert temp_files(sprawl.folder) == []
    assert sprawl.json("log")["entries"][-1]["command"].startswith("set Razz ran off")


def test_a_failed_write_leaves_the_old_state_and_no_temp(sprawl, snapshot, monkeypatch):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    before = snapshot(sprawl.folder)
    real_replace = os.replace

    def disk_full(src, dst, *args, **kwargs):
        if Path(dst).name == SAVE:
            raise OSError(28, "No space left on device")
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", disk_full)
    message = one_error(sprawl("set", "Razz", "pinned", "on"))
    assert "No space left on device" in message and "untouched" in message
    monkeypatch.setattr(os, "replace", real_replace)
    assert snapshot(sprawl.folder) == before
    assert temp_files(sprawl.folder) == []


# --- the journal ------------------------------------------------------------------------------------


def journal(sprawl) -> Path:
    return sprawl.folder / f"{SAVE}.journal"


def test_a_journal_entry_newer_than_the_save_is_discarded(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    # A command killed after journalling step 2 but before replacing the save.
    ghost = json.loads((journal(sprawl) / "000001.json").read_text(encoding="utf-8"))
    ghost.update(step=2, command="set Ghost pinned on", summary=["never happened"])
    (journal(sprawl) / "000002.json").write_text(json.dumps(ghost), encoding="utf-8")
    assert [e["step"] for e in sprawl.json("log")["entries"]] == [1]
    sprawl.json("set", "Babs", "hidden", "on", "--count", "2")
    entries = sprawl.json("log")["entries"]
    assert [e["step"] for e in entries] == [1, 2] and entries[1]["command"].startswith("set Babs hidden on")
    # Undo takes back the real step 2, not the ghost.
    sprawl.json("undo")
    assert "hidden" not in sprawl.character("Babs")["statuses"]


def test_an_orphan_is_discarded_before_undo_too(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    after_one = sprawl.save.read_bytes()
    (journal(sprawl) / "000002.json").write_text('{"step": 2, "kind": "set"', encoding="utf-8")  # half written
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("undo")
    assert sprawl.save.read_bytes() == after_one


def test_undo_n_and_redo_round_trip_byte_for_byte(sprawl, snapshot):
    sprawl.new()
    states = [sprawl.save.read_bytes()]
    for args in (("Razz", "pinned", "on"), ("Babs", "hidden", "on", "--count", "2"), ("Wilson", "overwatch", "on")):
        sprawl.json("set", *args)
        states.append(sprawl.save.read_bytes())
    sprawl.json("next")
    states.append(sprawl.save.read_bytes())
    data = sprawl.json("undo", "4")
    assert [u["step"] for u in data["undone"]] == [4, 3, 2, 1] and data["step"] == 0
    assert sprawl.save.read_bytes() == states[0]
    for expected in states[1:]:
        sprawl.json("redo")
        assert sprawl.save.read_bytes() == expected
    before = snapshot(sprawl.folder)
    assert "nothing to redo" in one_error(sprawl("redo"))
    assert snapshot(sprawl.folder) == before
    sprawl.json("undo", "2")
    assert sprawl.save.read_bytes() == states[2]
    sprawl.json("undo")
    assert sprawl.save.read_bytes() == states[1]


def test_undo_beyond_the_beginning_is_refused_and_changes_nothing(sprawl, snapshot):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("set", "Razz", "ran", "on")
    before = snapshot(sprawl.folder)
    message = one_error(sprawl("undo", "3"))
    assert "only 2 change(s) could be undone" in message and "nothing was changed" in message
    assert snapshot(sprawl.folder) == before
    sprawl.json("undo", "2")
    before = snapshot(sprawl.folder)
    assert "nothing more to undo" in one_error(sprawl("undo"))
    assert snapshot(sprawl.folder) == before


def test_a_new_change_after_undo_clears_redo(sprawl, snapshot):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("undo")
    sprawl.json("set", "Babs", "ran", "on")
    before = snapshot(sprawl.folder)
    assert "nothing to redo" in one_error(sprawl("redo"))
    assert snapshot(sprawl.folder) == before


def test_the_journal_keeps_before_states_only_for_the_last_undo_limit(sprawl, snapshot, monkeypatch):
    monkeypatch.setattr(savejournal, "UNDO_LIMIT", 3)
    sprawl.new()
    for i in range(5):
        sprawl.json("set", "Razz", "ran", "on" if i % 2 == 0 else "off")
    entries = {int(p.stem): json.loads(p.read_text(encoding="utf-8")) for p in journal(sprawl).glob("*.json")}
    assert sorted(entries) == [1, 2, 3, 4, 5]
    assert [("before" in entries[s]) for s in range(1, 6)] == [False, False, True, True, True]
    assert [("after" in entries[s]) for s in range(1, 6)] == [False, False, True, True, True]
    assert [e["step"] for e in sprawl.json("log")["entries"]] == [1, 2, 3, 4, 5]  # the log keeps them all
    sprawl.json("undo", "3")
    before = snapshot(sprawl.folder)
    assert "older than the last 3 can no longer be undone" in one_error(sprawl("undo"))
    assert snapshot(sprawl.folder) == before


def test_new_force_keeps_the_old_game_as_prev(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    old = sprawl.save.read_bytes()
    assert sprawl("new", "--squad", SUIT, "--squad", PLF, "--force").exit_code == 0
    assert (sprawl.folder / f"{SAVE}.prev").read_bytes() == old
    assert (sprawl.folder / f"{SAVE}.journal.prev" / "000001.json").is_file()
    data = sprawl.json("status")
    assert data["step"] == 0 and data["side"] == "S.U.I.T. #13"
    assert sprawl.json("log")["entries"] == []
    assert "nothing more to undo" in one_error(sprawl("undo"))


# --- the log keeps what undo took back; hand edits; repair (issue 12) -----------------------


def test_undone_changes_stay_in_the_log_marked_with_their_dice(sprawl):
    sprawl.new()
    sprawl.json("damage", "Razz", "1")
    sprawl.json("undo")
    sprawl.json("damage", "Razz", "2")
    entries = sprawl.json("log")["entries"]
    assert [(e["command"].split()[:3], e["undone"]) for e in entries] == [
        (["damage", "Razz", "1"], True), (["damage", "Razz", "2"], False)]
    assert sprawl.json("log", "--no-undone")["entries"][0]["undone"] is False
    text = sprawl("log").stdout
    assert "(undone)" in text and text.index("damage Razz 1") < text.index("damage Razz 2")


def test_a_reroll_by_undo_shows_every_roll_in_the_log(sprawl):
    sprawl.new()
    for face in ("5", "9"):  # the incapacitation d10, re-rolled by undo until it comes out "right"
        sprawl.json("damage", "Razz", "9", "--dice", face, "--nearby", "none")
        if face == "5":
            sprawl.json("undo")
    entries = sprawl.json("log")["entries"]
    assert [(e["undone"], [r["faces"] for r in e["rolls"]]) for e in entries] == [(True, [[5]]), (False, [[9]])]


def test_status_says_the_last_change_was_undone_until_redone(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    sprawl.json("undo")
    undone = sprawl.json("status")["undone"]
    assert undone["step"] == 1 and undone["command"].startswith("set Razz ran on")
    assert "was undone; `sprawl redo` puts it back" in sprawl("status").stdout
    sprawl.json("redo")
    assert sprawl.json("status")["undone"] is None
    assert [e["undone"] for e in sprawl.json("log")["entries"]] == [False]


def test_a_hand_edit_is_journalled_and_undo_takes_it_back_first(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    journalled = sprawl.json("status")["characters"]
    sprawl.save.write_text(sprawl.save.read_text(encoding="utf-8").replace("  health: 2\n", "  health: 1\n", 1),
                           encoding="utf-8")
    edited = sprawl.save.read_text(encoding="utf-8")
    result = sprawl("undo", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["undone"][0]["hand_edit"] is True
    assert "edited by hand" in result.stderr
    assert sprawl.json("status")["characters"] == journalled
    entries = sprawl.json("log")["entries"]
    assert [e["kind"] for e in entries] == ["set", "edit"] and entries[1]["undone"] is True
    assert any("health: 2 -> 1" in line for line in entries[1]["summary"])
    sprawl.json("redo")
    assert sprawl.save.read_text(encoding="utf-8").replace("step: 2", "step: 1") == edited


def test_a_command_after_a_hand_edit_journals_the_edit_then_itself(sprawl):
    sprawl.new()
    sprawl.json("set", "Wes", "ran", "on")
    fresh = sprawl.json("status")["characters"]
    sprawl.save.write_text(sprawl.save.read_text(encoding="utf-8").replace("  health: 2\n", "  health: 1\n", 1),
                           encoding="utf-8")
    sprawl.json("set", "Razz", "ran", "on")
    assert [e["kind"] for e in sprawl.json("log")["entries"]] == ["set", "edit", "set"]
    sprawl.json("undo", "2")
    assert sprawl.json("status")["characters"] == fresh


def test_a_refused_command_after_a_hand_edit_changes_no_file(sprawl, snapshot):
    sprawl.new()
    sprawl.json("set", "Wes", "ran", "on")
    sprawl.save.write_text(sprawl.save.read_text(encoding="utf-8").replace("  health: 2\n", "  health: 1\n", 1),
                           encoding="utf-8")
    before = snapshot(sprawl.folder)
    assert sprawl("shoot", "Razz", "Nobody").exit_code == 1
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("damage", ["truncate", "delete"])
def test_repair_rebuilds_a_damaged_save_from_the_journal(sprawl, damage):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    good = sprawl.json("status")
    text = sprawl.save.read_text(encoding="utf-8")
    if damage == "truncate":
        sprawl.save.write_text(text[: len(text) // 3], encoding="utf-8")
    else:
        sprawl.save.unlink()
    for command in (["status"], ["undo"], ["log"]):
        assert "`sprawl repair`" in one_error(sprawl(*command))
    result = sprawl.json("repair")
    assert result["step"] == 1
    assert (result["kept"] is not None) == (damage == "truncate")
    assert sprawl.json("status")["characters"] == good["characters"]
    if damage == "truncate":
        assert (sprawl.folder / "sprawl-game.yaml.damaged").read_text(encoding="utf-8") == text[: len(text) // 3]
    sprawl.json("undo")  # the journal goes on working
    assert "ran" not in sprawl.character("Razz")["statuses"]


SYSTEMS = ["sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("damage", ["truncate", "delete"])
def test_repair_rebuilds_a_save_damaged_before_the_first_change(sprawl, system, damage):
    """Issue 25, item 16: `new` keeps the game's first state, so a save damaged before any
    change is rebuilt byte for byte (it used to be "the journal keeps no state")."""
    sprawl.new(system=system)
    made = sprawl.save.read_bytes()
    assert not (sprawl.folder / f"{SAVE}.journal").exists()  # the first change still makes the folder
    if damage == "truncate":
        sprawl.save.write_bytes(made[: len(made) // 2])
    else:
        sprawl.save.unlink()
    assert "`sprawl repair`" in one_error(sprawl("status"))
    result = sprawl.json("repair")
    assert (result["step"], result["number"]) == (0, 0)
    assert sprawl.save.read_bytes() == made
    assert "as `new` made it" in sprawl("repair", "--force").stdout
    assert sprawl.save.read_bytes() == made
    # the game goes on, and its first change can be undone
    assert sprawl("next", "--force", *NEXT_ANSWERS.get(system, ())).exit_code == 0
    sprawl.json("undo")
    assert sprawl.save.read_bytes() == made


@pytest.mark.parametrize("system", SYSTEMS)
def test_repair_after_every_change_was_undone_gives_the_first_state(sprawl, system):
    sprawl.new(system=system)
    made = sprawl.save.read_bytes()
    sprawl.json("next", "--force", *NEXT_ANSWERS.get(system, ()))
    sprawl.json("undo")
    sprawl.save.write_text("system: [", encoding="utf-8")
    assert sprawl.json("repair")["step"] == 0
    assert sprawl.save.read_bytes() == made


def test_repair_never_gives_back_the_game_a_new_one_replaced(sprawl):
    sprawl.new()
    sprawl.json("next")
    sprawl.new("--force", system="gunplay")
    made = sprawl.save.read_bytes()
    sprawl.save.unlink()
    assert sprawl.json("repair")["step"] == 0
    assert sprawl.save.read_bytes() == made
    assert sprawl.json("status")["system"] == "gunplay"


def test_a_new_game_the_disk_refuses_leaves_the_old_game_its_first_state(sprawl, snapshot, monkeypatch):
    sprawl.new()
    before = snapshot(sprawl.folder)
    real = store.atomic_write

    def refuse_the_save(path, text):
        if Path(path).resolve() == sprawl.save.resolve():
            raise store.SaveFileError(f"could not write {path}: No space left on device")
        real(path, text)

    with monkeypatch.context() as patch:
        patch.setattr(store, "atomic_write", refuse_the_save)
        assert "No space left" in one_error(sprawl("new", "--force", *new_args("gunplay")))
    after = snapshot(sprawl.folder)
    after.pop(f"{SAVE}.prev", None)  # the old game, copied aside before the new one was refused
    assert after == before
    sprawl.save.unlink()
    assert sprawl.json("repair")["step"] == 0 and sprawl.json("status")["system"] == "sprawl"


class Killed(BaseException):
    """A kill in the middle of `new`: nothing after it runs, not even an `except Exception`."""


@pytest.mark.parametrize("window", ["writing the first state", "writing the save", "dropping the old first state"])
def test_a_new_killed_between_its_writes_leaves_each_game_its_own_first_state(sprawl, monkeypatch, window):
    sprawl.new()
    old = sprawl.save.read_bytes()
    first = sprawl.folder / f"{SAVE}.first.json"
    real_write, real_unlink = store.atomic_write, os.unlink

    def write(path, text):
        if (window == "writing the first state" and Path(path).name == first.name
                or window == "writing the save" and Path(path).name == SAVE):
            raise Killed
        real_write(path, text)

    def unlink(path, *args, **kwargs):
        if window == "dropping the old first state" and str(path).endswith(".first.json.old"):
            raise Killed
        real_unlink(path, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(store, "atomic_write", write)
        patch.setattr(os, "unlink", unlink)
        with pytest.raises(Killed):
            sprawl("new", "--force", *new_args("gunplay"))
    assert (sprawl.folder / f"{SAVE}.first.json.old").exists()
    now = sprawl.save.read_bytes()
    assert now == old or window == "dropping the old first state"
    assert sprawl("set" if now == old else "next", *(["Razz", "ran", "on"] if now == old else ["--force"])).exit_code == 0
    assert not (sprawl.folder / f"{SAVE}.first.json.old").exists()  # the command under the lock settled it
    sprawl.json("undo")
    assert sprawl.save.read_bytes() == now
    sprawl.save.unlink()
    sprawl.json("repair")
    assert sprawl.save.read_bytes() == now  # the game at the save path got its own first state


def test_without_a_first_state_repair_still_says_there_is_nothing_to_rebuild(sprawl, snapshot):
    """A save from before issue 25 (no first state) damaged at step 0: one clear line, nothing changed."""
    sprawl.new()
    (sprawl.folder / f"{SAVE}.first.json").unlink()
    sprawl.save.write_text("system: [", encoding="utf-8")
    before = snapshot(sprawl.folder)
    assert "keeps no state to rebuild from" in one_error(sprawl("repair"))
    assert snapshot(sprawl.folder) == before


def test_repair_leaves_a_good_save_alone(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    assert "nothing to repair" in one_error(sprawl("repair"))
    assert snapshot(sprawl.folder) == before


# --- the parsed copy beside the save (save/cache.py) -----------------------------


def cache_of(sprawl) -> Path:
    return sprawl.folder / (SAVE + ".cache")


def cached(sprawl) -> dict:
    """The cache's text and data (its body after the signature line: a header, then marshal)."""
    body = cache_of(sprawl).read_bytes().partition(b"\n")[2]
    assert body.startswith(savecache.HEADER)
    text, data = marshal.loads(body[len(savecache.HEADER):])
    return {"text": text, "data": data}


def sign_cache(sprawl, body: bytes, key: bytes | None = None) -> None:
    """Write `body` as the cache, signed with `key` (this user's key by default)."""
    signature = savecache._signature(key if key is not None else savecache.cache_key(), body)
    cache_of(sprawl).write_bytes(signature + b"\n" + body)


def write_cached(sprawl, kept: dict, key: bytes | None = None) -> None:
    """Put `kept` (text and data) in the cache, signed with `key` (this user's key by default)."""
    sign_cache(sprawl, savecache.HEADER + marshal.dumps((kept["text"], kept["data"])), key)


def fresh_status(sprawl, monkeypatch) -> dict:
    """`status --json` as a new process would read the save: nothing remembered in memory."""
    monkeypatch.setattr(savecache, "PARSED", {})
    return sprawl.json("status")


def test_every_save_keeps_its_parsed_data_beside_it(sprawl):
    sprawl.new()
    kept = cached(sprawl)
    text = sprawl.save.read_text(encoding="utf-8")
    assert kept["text"] == text
    assert kept["data"] == yamlio.parse(text, SAVE)[0]
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0
    after = cached(sprawl)
    assert after["text"] == sprawl.save.read_text(encoding="utf-8") != text
    assert "pinned" in next(c for c in after["data"]["characters"] if c["name"] == "Razz")["statuses"]


def test_a_hand_edit_is_read_from_the_yaml_not_the_stale_cache(sprawl, monkeypatch):
    sprawl.new()
    sprawl.save.write_text(sub_first(sprawl.save.read_text(encoding="utf-8"), r"^round: 1$", "round: 3"),
                           encoding="utf-8")
    assert fresh_status(sprawl, monkeypatch)["round"] == 3


@pytest.mark.parametrize("junk", [b"", b"\x00\xff garbage", b"[1, 2]", b'{"format": 99}', b'{"format": 1',
                                  b'{"format": 1, "text": 5, "data": {}}'])
def test_a_damaged_cache_is_ignored(sprawl, monkeypatch, junk):
    sprawl.new()
    expected = fresh_status(sprawl, monkeypatch)
    cache_of(sprawl).write_bytes(junk)
    assert fresh_status(sprawl, monkeypatch) == expected


def test_a_cache_that_is_a_folder_is_refused_naming_it_and_nothing_changes(sprawl, monkeypatch):
    # Issue 34: a folder, a FIFO or a device where a file of the save's belongs is one clear line.
    sprawl.new()
    cache_of(sprawl).unlink()
    cache_of(sprawl).mkdir()
    before = sprawl.save.read_bytes()
    for args in (("status",), ("set", "Razz", "pinned", "on")):
        message = one_error(sprawl(*args))
        assert cache_of(sprawl).name in message and "is a folder" in message
    assert sprawl.save.read_bytes() == before
    cache_of(sprawl).rmdir()
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0


@pytest.mark.parametrize("body", [
    b"sprawl-cache 3 cpython-310 4\n",  # another interpreter's marshal: its header differs
    b"sprawl-cache 2 cpython-311 4\n",  # an older cache format
    "header", "truncated", "not a pair", "another text"], ids=str)
def test_a_signed_cache_of_another_format_or_text_is_ignored(sprawl, monkeypatch, body):
    # Signed with this user's key, so only the header and what marshal holds can turn it away.
    sprawl.new()
    expected = fresh_status(sprawl, monkeypatch)
    kept = cached(sprawl)
    forged = dict(kept, data=dict(kept["data"], round=3))  # a round the checks would accept
    whole = savecache.HEADER + marshal.dumps((forged["text"], forged["data"]))
    bodies = {"header": savecache.HEADER, "truncated": whole[:-5],
              "not a pair": savecache.HEADER + marshal.dumps([forged["text"], forged["data"]]),
              "another text": savecache.HEADER + marshal.dumps((forged["text"] + "# a note\n", forged["data"]))}
    if isinstance(body, bytes):
        body += marshal.dumps((forged["text"], forged["data"]))
    sign_cache(sprawl, bodies.get(body, body) if isinstance(body, str) else body)
    assert fresh_status(sprawl, monkeypatch) == expected
    write_cached(sprawl, forged)
    assert fresh_status(sprawl, monkeypatch)["round"] == 3  # the same, well formed: trusted


def test_cached_data_the_checks_refuse_falls_back_to_the_yaml(sprawl, monkeypatch):
    sprawl.new()
    kept = cached(sprawl)
    kept["data"]["round"] = "first"  # what the save's checks refuse: the YAML is read instead
    write_cached(sprawl, kept)
    assert fresh_status(sprawl, monkeypatch)["round"] == 1


def test_cached_data_is_used_only_when_this_users_sprawl_signed_it(sprawl, monkeypatch):
    sprawl.new()
    kept = cached(sprawl)
    kept["data"]["round"] = 3  # a forged round the checks would accept
    write_cached(sprawl, kept)
    assert fresh_status(sprawl, monkeypatch)["round"] == 3  # signed with this user's key: trusted
    write_cached(sprawl, kept, key=b"k" * 32)  # signed elsewhere (another machine, another user)
    assert fresh_status(sprawl, monkeypatch)["round"] == 1  # the save's own text is read
    body = cache_of(sprawl).read_bytes().partition(b"\n")[2]
    cache_of(sprawl).write_bytes(b"0" * 64 + b"\n" + body)  # a forged signature
    assert fresh_status(sprawl, monkeypatch)["round"] == 1
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0
    assert cached(sprawl)["data"]["round"] == 1  # the forgery never reached the save


def test_without_a_key_the_cache_is_neither_trusted_nor_fatal(sprawl, monkeypatch, tmp_path):
    sprawl.new()
    monkeypatch.setattr(savecache, "cache_key", lambda create=False: None)
    assert fresh_status(sprawl, monkeypatch)["round"] == 1
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0
    assert not cache_of(sprawl).exists()  # nothing to sign with: no cache written


def test_the_key_is_made_once_private_to_its_user(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    key = savecache.cache_key(create=True)
    made = tmp_path / "state" / "sprawl" / "cache.key"
    assert key is not None and len(key) == 32 and made.read_bytes() == key
    assert made.stat().st_mode & 0o777 == 0o600
    assert savecache.cache_key() == key and savecache.cache_key(create=True) == key


def test_a_bad_hand_edit_is_reported_with_its_line_although_a_cache_exists(sprawl, monkeypatch):
    sprawl.new()
    text = sub_first(sprawl.save.read_text(encoding="utf-8"), r"^round: 1$", "round: first")
    sprawl.save.write_text(text, encoding="utf-8")
    monkeypatch.setattr(savecache, "PARSED", {})
    message = one_error(sprawl("status"))
    assert f"{SAVE}:{line_of(text, 'round:')}: key 'round'" in message


def test_a_refused_command_leaves_the_cache_alone(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    assert sprawl("set", "Nobody", "pinned", "on").exit_code == 1
    assert snapshot(sprawl.folder) == before


def test_status_of_an_unchanged_save_never_imports_yaml(sprawl):
    probe = ("import sys; from sprawl_cli.cli.main import cli; code = cli.execute(sys.argv[1:]); "
             "print('YAML' if 'yaml' in sys.modules else 'NO YAML', file=sys.stderr); sys.exit(code)")
    sprawl.new()

    def status() -> str:
        done = subprocess.run([sys.executable, "-c", probe, "status"], cwd=sprawl.folder,
                              env=harness.clean_environ(), capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stderr.strip().splitlines()[-1]

    assert status() == "NO YAML"
    sprawl.save.write_text(sprawl.save.read_text(encoding="utf-8") + "# a note\n", encoding="utf-8")
    assert status() == "YAML"  # an edited save is parsed; the cache is only rewritten by a change


def test_the_cache_is_a_new_file_each_save_never_the_old_one_truncated(sprawl):
    # On ext4 a file truncated to nothing and written again is flushed when it is closed: a
    # millisecond of every change for a file that needs no durability. A link to the old cache
    # keeps its text only if the new cache is another file.
    sprawl.new()
    old = cache_of(sprawl).read_bytes()
    os.link(cache_of(sprawl), sprawl.folder / "old-cache")
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0
    assert (sprawl.folder / "old-cache").read_bytes() == old
    assert cache_of(sprawl).read_bytes() != old
    assert cached(sprawl)["text"] == sprawl.save.read_text(encoding="utf-8")


def builds_counted(monkeypatch) -> list[str]:
    """Every game built from data by the store's load, by source, from now on."""
    built: list[str] = []
    real = savedata.game_from_data

    def counting(data, lines, source):
        built.append(source)
        return real(data, lines, source)

    monkeypatch.setattr(savedata, "game_from_data", counting)
    return built


def test_a_long_lived_process_builds_each_save_text_once(sprawl, monkeypatch):
    sprawl.new()
    monkeypatch.setattr(savecache, "KEEP_GAMES", True)
    monkeypatch.setattr(savecache, "GAMES", {})
    built = builds_counted(monkeypatch)
    first = store.GameStore(sprawl.save).load()
    second = store.GameStore(sprawl.save).load()
    assert built == [str(sprawl.save)]  # the second load unpickled the first's game
    assert second is not first and second.characters[0] is not first.characters[0]  # each its own copy
    assert savedata.game_to_data(second) == savedata.game_to_data(first)
    second.characters[0].name = "Changed"
    assert store.GameStore(sprawl.save).load().characters[0].name == first.characters[0].name
    assert sprawl("set", "Razz", "pinned", "on").exit_code == 0  # another text: built afresh, once
    built.clear()
    after = [store.GameStore(sprawl.save).load() for _ in range(2)]
    assert built == [str(sprawl.save)]
    assert "pinned" in next(c for c in after[1].characters if c.name == "Razz").statuses


def test_a_one_shot_command_keeps_no_games(sprawl, monkeypatch):
    sprawl.new()
    monkeypatch.setattr(savecache, "GAMES", {})
    built = builds_counted(monkeypatch)
    store.GameStore(sprawl.save).load()
    store.GameStore(sprawl.save).load()
    assert built == [str(sprawl.save)] * 2 and savecache.GAMES == {}


def test_a_session_keeps_games_while_it_runs_a_line_and_only_then(sprawl, monkeypatch):
    import io

    from sprawl_cli.cli.main import cli
    from sprawl_cli.context import Env
    from sprawl_cli.play import Session

    sprawl.new()
    monkeypatch.setattr(savecache, "KEEP_GAMES", False)
    monkeypatch.setattr(savecache, "GAMES", {})
    built = builds_counted(monkeypatch)
    out = io.StringIO()
    env = Env(stdin=io.StringIO(), stdout=out, stderr=io.StringIO(), interactive=False, environ={})
    session = Session(cli, env, sprawl.save)
    assert session.run("status --json") == 0 and session.run("status --json") == 0
    assert built == [str(sprawl.save)]  # built once, then unpickled
    assert savecache.KEEP_GAMES is False  # and off again between lines
    store.GameStore(sprawl.save).load()  # outside a session what a session kept is not read
    assert built == [str(sprawl.save)] * 2


def fsyncs(monkeypatch) -> list[int]:
    """The fsyncs made from now on (each still made)."""
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    return synced


def syncs_of_changes(sprawl, monkeypatch, count: int) -> list[int]:
    """The fsyncs each of `count` changes makes, in a new game whose undo reaches two changes."""
    monkeypatch.setattr(savejournal, "UNDO_LIMIT", 2)
    sprawl.new()
    synced = fsyncs(monkeypatch)
    counts = []
    for i in range(count):
        synced.clear()
        sprawl.json("set", "Razz", "ran", "on" if i % 2 == 0 else "off")
        counts.append(len(synced))
    synced.clear()
    return counts


def test_a_change_syncs_one_file_the_log(sprawl, monkeypatch):
    # A change appends one record to the save's write-ahead log and syncs it; its journal entry,
    # the save and the entry trimmed past undo's reach are written unsynced (save/wal.py). The
    # first change also syncs the folder, once, for the log's name.
    assert syncs_of_changes(sprawl, monkeypatch, 4) == [2, 1, 1, 1]
    first = json.loads((journal(sprawl) / "000001.json").read_text(encoding="utf-8"))
    assert "before" not in first and "after" not in first  # trimmed all the same


def test_an_undo_and_a_redo_sync_one_file_the_log(sprawl, monkeypatch):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    synced = fsyncs(monkeypatch)
    sprawl.json("undo")
    assert len(synced) == 1
    undone = list((journal(sprawl) / "undone").iterdir())
    assert len(undone) == 1 and json.loads(undone[0].read_text(encoding="utf-8"))["command"].startswith("set Razz")
    assert sprawl.json("log")["entries"][-1]["undone"] is True
    synced.clear()
    sprawl.json("redo")
    assert len(synced) == 1


def test_without_a_boot_id_each_file_is_synced_as_before_the_log(sprawl, monkeypatch):
    # Where the boot cannot be told apart no log is kept: the entry and the save are crash-safe
    # writes of their own (a file and its folder each), the log's mark of an undo and a trimmed
    # entry are not synced.
    monkeypatch.setattr(atomic, "_boot", [None])
    assert syncs_of_changes(sprawl, monkeypatch, 3) == [4, 4, 4]
    synced = fsyncs(monkeypatch)
    sprawl.json("undo")
    assert len(synced) == 4
    assert not (sprawl.folder / "sprawl-game.yaml.wal").exists()


def test_an_unsynced_write_still_replaces_whole(tmp_path, monkeypatch):
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    target = tmp_path / "file.json"
    atomic.atomic_write(target, "old")
    assert len(synced) == 2  # the file, then its folder
    atomic.atomic_write(target, "new", sync=False)
    assert target.read_text() == "new" and len(synced) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]  # no temp file left


def test_a_folder_of_the_save_is_made_with_its_parents_or_refused_in_words(tmp_path):
    # `save/atomic.make_folder` (the journal's and the redo item's folders): every missing folder
    # on the way is made, one already there is fine, and a refusal names the folder and the
    # system's reason alone.
    deep = tmp_path / "one" / "two" / "journal"
    atomic.make_folder(deep)
    atomic.make_folder(deep)
    assert deep.is_dir()
    (tmp_path / "file").write_text("")
    with pytest.raises(store.SaveFileError) as caught:
        atomic.make_folder(tmp_path / "file" / "journal")
    assert str(caught.value) == f"could not create {tmp_path / 'file' / 'journal'}: Not a directory; nothing was changed"
