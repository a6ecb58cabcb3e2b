"""The save's write-ahead log (sprawl_cli/save/wal.py): one synced record a change, replayed after
a crash of the machine, finished or taken back after a killed command.

A power cut is played by putting back, by hand, the files a change wrote unsynced (as the disk
would have them had they never reached it) and giving the log another boot's first line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save import atomic, wal
from sprawl_cli.save import walrecord as record
from sprawl_cli.store import GameStore
from tests.factory import new_args

SAVE = "sprawl-game.yaml"
OTHER_BOOT = b"sprawl-wal 1 00000000-0000-4000-8000-000000000000\n"


def log_of(sprawl) -> Path:
    return sprawl.folder / f"{SAVE}.wal"


def game_files(folder: Path) -> dict[str, bytes]:
    """Every file of the game but the log, its lock and the save's parsed copy."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith((".wal", ".lock", ".cache"))}


def put_back(folder: Path, files: dict[str, bytes]) -> None:
    """Make the game's files what `files` holds: what a disk that never got the unsynced writes has."""
    for name in set(game_files(folder)) - set(files):
        (folder / name).unlink()
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / f"{SAVE}.cache").unlink(missing_ok=True)


def reboot(sprawl) -> None:
    """Give the log the first line of another boot."""
    log = log_of(sprawl)
    head, _, rest = log.read_bytes().partition(b"\n")
    log.write_bytes(OTHER_BOOT + rest)


# --- the record format ---------------------------------------------------------------------------

names = st.text(st.characters(blacklist_characters="/\0"), min_size=1, max_size=30).filter(lambda n: n != "..")
ops = st.lists(st.builds(
    wal.Op, st.sampled_from([wal.PLAIN, wal.SAVE, wal.COMPANION]), names,
    st.none() | st.binary(max_size=60), st.none() | st.binary(max_size=60), st.booleans()), max_size=5)


@given(ops)
def test_a_record_reads_back_as_written(written):
    frame = record.encode(written)
    assert frame.startswith(record.START) and frame.endswith(record.END)
    assert record.decode(frame[record.HEAD.size:-record.TAIL.size]) == written


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_any_bytes_decode_to_operations_or_none(payload):
    found = record.decode(payload)
    assert found is None or all(isinstance(op, wal.Op) for op in found)


def records_of(tmp_path: Path, count: int) -> tuple[wal.Log, bytes]:
    log = wal.Log(tmp_path / SAVE)
    for i in range(count):
        log.append([wal.Op(wal.PLAIN, f"f{i}", b"x" * i, None)])
    return log, log.path.read_bytes()


def test_a_record_cut_short_anywhere_ends_the_log(tmp_path):
    log, whole = records_of(tmp_path, 3)
    _, found, end = log.records()
    assert end == len(whole)
    last = found[-1][0]
    for cut in range(last, len(whole)):
        log.path.write_bytes(whole[:cut])
        assert [ops[0].path for _, ops in log.records()[1]] == ["f0", "f1"], cut


def test_a_record_cut_short_is_cut_off_before_the_next_is_appended(tmp_path):
    log, whole = records_of(tmp_path, 3)
    last = log.records()[1][-1][0]
    for cut in range(last + 1, len(whole)):
        log.path.write_bytes(whole[:cut])
        start, ops = log.last() or (None, [])
        assert (start, ops[0].path) == (log.records()[1][-1][0], "f1") and log.path.read_bytes() == whole[:last]
        log.append([wal.Op(wal.PLAIN, "f9", b"z", None)])
        assert [ops[0].path for _, ops in log.records()[1]] == ["f0", "f1", "f9"], cut
    assert log.last() == (len(whole[:last]), [wal.Op(wal.PLAIN, "f9", b"z", None)])


def test_a_record_altered_anywhere_ends_the_log(tmp_path):
    log, whole = records_of(tmp_path, 2)
    last = log.records()[1][-1][0]
    for at in range(last, len(whole)):
        altered = bytearray(whole)
        altered[at] ^= 0x41
        log.path.write_bytes(bytes(altered))
        assert [ops[0].path for _, ops in log.records()[1]] == ["f0"], at


def test_a_record_whose_lengths_overrun_it_is_not_read():
    op = record.OPERATION.pack(wal.PLAIN, 1, 5, 10, -1) + b"name" + b"short"
    assert record.decode(op) is None
    assert record.decode(record.OPERATION.pack(7, 1, 0, -1, -1)) is None  # no such role
    assert record.decode(record.OPERATION.pack(wal.PLAIN, 1, 0, -2, -1)) is None  # no such length


@pytest.mark.parametrize(("role", "name"), [
    (wal.PLAIN, "../elsewhere"), (wal.SAVE, "a/../../b"), (wal.PLAIN, "/etc/passwd"), (wal.SAVE, "/tmp/x"),
    (wal.PLAIN, ""), (wal.PLAIN, "a\0b")])
def test_a_record_naming_a_file_no_change_writes_is_not_read(role, name):
    frame = record.encode([wal.Op(role, name, b"x", None)])
    assert record.decode(frame[record.HEAD.size:-record.TAIL.size]) is None


def test_the_log_records_paths_beside_the_save_as_relative(tmp_path):
    log = wal.Log(tmp_path / SAVE)
    assert log.name_of(tmp_path / f"{SAVE}.journal" / "000001.json") == f"{SAVE}.journal/000001.json"
    elsewhere = tmp_path.parent / "campaign.yaml"
    assert log.name_of(elsewhere) == str(elsewhere)
    assert log.where(f"{SAVE}.journal/000001.json") == tmp_path / f"{SAVE}.journal" / "000001.json"


def test_a_refused_append_leaves_the_log_as_it_was(tmp_path, monkeypatch):
    log, whole = records_of(tmp_path, 1)
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "Input/output error")))
    with pytest.raises(SaveFileError, match="Input/output error"):
        log.append([wal.Op(wal.PLAIN, "g", b"y", None)])
    assert log.path.read_bytes() == whole
    fresh = wal.Log(tmp_path / "other.yaml")
    with pytest.raises(SaveFileError):
        fresh.append([wal.Op(wal.PLAIN, "g", b"y", None)])
    assert not fresh.path.exists()  # a log made for the refused record goes again


# --- a crash of the machine -------------------------------------------------------------------------


def test_a_power_cut_after_changes_is_made_good_by_the_next_status(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    durable = game_files(sprawl.folder)  # as if every write after this one never reached the disk
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("damage", "Wilson", "1")
    sprawl.json("undo")
    sprawl.json("set", "Wes", "pinned", "on")
    expected = game_files(sprawl.folder)
    put_back(sprawl.folder, durable)
    reboot(sprawl)
    status = sprawl.json("status")
    assert game_files(sprawl.folder) == expected
    assert {c["name"] for c in status["characters"] if "pinned" in c["statuses"]} >= {"Razz", "Wes"}
    assert not log_of(sprawl).exists()  # made durable, then emptied
    assert [e["undone"] for e in sprawl.json("log")["entries"]] == [False, False, True, False]
    assert sprawl.json("undo")["undone"][0]["command"].startswith("set Wes")


def test_the_installed_program_puts_back_what_a_power_cut_lost(sprawl):
    """The same, end to end: real `sprawl` processes make the changes and read the game after."""
    assert sprawl.process("new", *new_args("sprawl", False), installed=True).returncode == 0
    durable = game_files(sprawl.folder)
    for name in ("Razz", "Wes"):
        assert sprawl.process("set", name, "pinned", "on", installed=True).returncode == 0
    expected = game_files(sprawl.folder)
    put_back(sprawl.folder, durable)
    reboot(sprawl)
    shown = sprawl.process("status", "--json", installed=True)
    assert shown.returncode == 0, shown.stderr
    pinned = {c["name"] for c in json.loads(shown.stdout)["characters"] if "pinned" in c["statuses"]}
    assert pinned >= {"Razz", "Wes"} and game_files(sprawl.folder) == expected
    assert not log_of(sprawl).exists()


def test_a_power_cut_that_kept_everything_replays_to_the_same_files(sprawl):
    sprawl.new()
    for name in ("Razz", "Wes"):
        sprawl.json("set", name, "pinned", "on")
    expected = game_files(sprawl.folder)
    reboot(sprawl)
    sprawl.json("status")
    assert game_files(sprawl.folder) == expected and not log_of(sprawl).exists()


def test_a_save_edited_by_hand_after_the_last_change_is_left_alone_by_a_replay(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    edited = sprawl.save.read_text(encoding="utf-8").replace("round: 1", "round: 2", 1)
    sprawl.save.write_text(edited, encoding="utf-8")
    reboot(sprawl)
    assert sprawl.json("status")["round"] == 2
    assert sprawl.save.read_text(encoding="utf-8") == edited


def test_a_save_emptied_by_a_power_cut_is_written_again(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    expected = sprawl.save.read_bytes()
    sprawl.save.write_bytes(b"")
    reboot(sprawl)
    sprawl.json("status")
    assert sprawl.save.read_bytes() == expected


def test_a_change_after_a_power_cut_builds_on_the_replayed_game(sprawl):
    sprawl.new()
    durable = game_files(sprawl.folder)
    sprawl.json("set", "Razz", "pinned", "on")
    put_back(sprawl.folder, durable)
    reboot(sprawl)
    sprawl.json("set", "Wes", "pinned", "on")  # the lock's recovery comes before the change reads
    pinned = {c["name"] for c in sprawl.json("status")["characters"] if "pinned" in c["statuses"]}
    assert pinned >= {"Razz", "Wes"}
    assert [e["step"] for e in sprawl.json("log")["entries"]] == [1, 2]


def test_a_log_of_garbage_from_another_boot_changes_nothing(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    expected = game_files(sprawl.folder)
    log_of(sprawl).write_bytes(OTHER_BOOT + os.urandom(300))
    sprawl.json("status")
    assert game_files(sprawl.folder) == expected and not log_of(sprawl).exists()


# --- a killed command, same boot ------------------------------------------------------------------


class Killed(BaseException):
    """Stands for the process dying at this point: nothing after it runs."""


def killed_at(monkeypatch, nth: int) -> None:
    """The process dies as it is about to make its `nth` file write or removal of a change."""
    real = wal.put
    calls = []

    def put(path: Path, data: bytes | None, *, sync: bool) -> None:
        calls.append(path)
        if len(calls) == nth:
            raise Killed
        real(path, data, sync=sync)

    monkeypatch.setattr(wal, "put", put)
    monkeypatch.setattr(wal.Log, "settle", lambda self, start, ops: None)  # a dead process settles nothing


def settled(sprawl) -> None:
    """What the next command does first under the lock."""
    with GameStore(sprawl.save).locked():
        pass


@pytest.mark.parametrize("nth", [1, 2, 3])
def test_a_change_killed_part_way_is_taken_back_before_its_save_and_finished_after(sprawl, monkeypatch, nth):
    # `set` after an undo writes its journal entry (1), the save (2), then removes the redo
    # item it makes stale (3): the save is the point of no return.
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("undo")
    before, log = game_files(sprawl.folder), log_of(sprawl).read_bytes()
    with monkeypatch.context() as patch:
        killed_at(patch, nth)
        with pytest.raises(Killed):
            sprawl("set", "Wes", "pinned", "on")
    assert log_of(sprawl).read_bytes() != log  # its record is there
    settled(sprawl)
    if nth < 3:
        assert game_files(sprawl.folder) == before and log_of(sprawl).read_bytes() == log
    else:
        assert "pinned" in sprawl.character("Wes")["statuses"]
        assert not list((sprawl.folder / f"{SAVE}.journal" / "redo").iterdir())
        assert sprawl("redo").exit_code == 1
    steps = [e["step"] for e in sprawl.json("log")["entries"] if not e["undone"]]
    assert steps == list(range(1, len(steps) + 1))


def test_a_finished_change_is_not_written_again_by_the_next_lock(sprawl, monkeypatch):
    # The last record stays in the log once its change is done: settling it again (every later
    # lock) must find its files in place and write nothing, for undo (whose redo item is written
    # after the save) as for a plain change.
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    for last in ("undo", "redo"):
        sprawl.json(last)
        calls = []
        with monkeypatch.context() as patch:
            patch.setattr(wal, "put", lambda path, data, *, sync: calls.append(path))
            settled(sprawl)
        assert calls == [], last


def test_an_interrupted_change_is_taken_back_at_once(sprawl, monkeypatch):
    # Ctrl-C inside a change (KeyboardInterrupt between two writes): the change settles itself.
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    before, log = game_files(sprawl.folder), log_of(sprawl).read_bytes()
    real = wal.put

    def put(path: Path, data: bytes | None, *, sync: bool) -> None:
        if Path(path).resolve() == sprawl.save.resolve():
            raise KeyboardInterrupt
        real(path, data, sync=sync)

    with monkeypatch.context() as patch:
        patch.setattr(wal, "put", put)
        result = sprawl("set", "Wes", "pinned", "on")
    assert result.exit_code != 0
    assert game_files(sprawl.folder) == before and log_of(sprawl).read_bytes() == log


def test_a_change_that_leaves_the_log_past_its_limit_makes_it_durable_and_empties_it(sprawl, monkeypatch):
    sprawl.new()
    sprawl.json("set", "Razz", "ran", "on")
    monkeypatch.setattr(wal, "LIMIT", log_of(sprawl).stat().st_size * 3 // 2)  # one record under, two over
    synced: list[set[Path]] = []
    monkeypatch.setattr(wal, "make_durable", synced.append)
    assert sprawl("set", "Nobody", "ran", "on").exit_code == 1  # a refused command empties nothing
    assert log_of(sprawl).exists() and not synced
    sprawl.json("set", "Razz", "pinned", "on")  # this change's record takes it past the limit
    assert synced and sprawl.folder.resolve() in {p.resolve() for p in synced[0]}
    assert not log_of(sprawl).exists()
    sprawl.json("set", "Wes", "pinned", "on")  # the next change begins a new one
    assert len(wal.Log(sprawl.save).records()[1]) == 1
    assert {"Razz", "Wes"} <= {c["name"] for c in sprawl.json("status")["characters"] if "pinned" in c["statuses"]}


def test_a_new_game_empties_the_old_games_log(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    assert log_of(sprawl).exists()
    sprawl.new("--force", swap=True)
    assert not log_of(sprawl).exists()  # no record of the old game can replay over the new one


def test_repair_empties_the_log_before_writing_the_save(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.save.write_text("not: [a game", encoding="utf-8")
    assert sprawl("repair").exit_code == 0
    assert not log_of(sprawl).exists()
    assert "pinned" in sprawl.character("Razz")["statuses"]


def test_a_status_of_this_boots_log_reads_no_more_than_its_first_line(sprawl, monkeypatch):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    assert not atomic.from_another_boot(sprawl.save)
    reboot(sprawl)
    assert atomic.from_another_boot(sprawl.save)
    log_of(sprawl).write_bytes(OTHER_BOOT)  # a log of another boot that holds no record
    assert not atomic.from_another_boot(sprawl.save)


def test_no_boot_id_is_no_boot_id(monkeypatch, tmp_path):
    for text, expected in [(b"8588a823-8026-4050-ab8b-9c7dcc17db37\n", "8588a823-8026-4050-ab8b-9c7dcc17db37"),
                           (b"", None), (b"../../etc\n", None), (b"\xff\xfe", None), (b"a" * 41, None)]:
        source = tmp_path / "boot_id"
        source.write_bytes(text)
        monkeypatch.setattr(atomic, "BOOT_ID", str(source))
        monkeypatch.setattr(atomic, "_boot", [])
        assert atomic.boot_id() == expected
    monkeypatch.setattr(atomic, "BOOT_ID", str(tmp_path / "missing"))
    monkeypatch.setattr(atomic, "_boot", [])
    assert atomic.boot_id() is None and not wal.Log(tmp_path / SAVE).kept


def test_a_log_naming_a_fifo_or_a_device_neither_reads_nor_writes_there(sprawl, tmp_path):
    # A hostile log from another boot that names a FIFO (whose read would wait forever) and a
    # device as companion files: the replay leaves both as they are and puts the game back.
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    log = wal.Log(sprawl.save)
    log.append([wal.Op(wal.COMPANION, str(fifo), b"x", None), wal.Op(wal.COMPANION, "/dev/null", b"y", None)])
    reboot(sprawl)
    assert sprawl.json("status")["round"] == 1
    assert fifo.exists() and not fifo.is_file() and Path("/dev/null").is_char_device()
    assert not log_of(sprawl).exists()


def test_a_huge_log_from_another_boot_is_read_no_further_than_a_log_can_grow(sprawl, monkeypatch):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    expected = game_files(sprawl.folder)
    with log_of(sprawl).open("wb") as handle:  # sparse: 8 GB of nothing after another boot's line
        handle.write(OTHER_BOOT)
        handle.truncate(8 << 30)
    read: list[int] = []
    real = wal.Log.records

    def counted(self):  # type: ignore[no-untyped-def]
        found = real(self)
        read.append(found[2])
        return found

    monkeypatch.setattr(wal.Log, "records", counted)
    assert sprawl.json("status")["round"] == 1
    assert read and max(read) <= wal.MOST and game_files(sprawl.folder) == expected
