"""The write-ahead log's corners that mutation testing found untested (sprawl_cli/save/wal.py,
save/walrecord.py and the boot functions of save/atomic.py).

Each test drives the log directly, in a temp folder: a record taken back or settled (with no
save in it, with a write refused), a replay of a companion file a power cut lost or one edited
by hand, a replay's writes made durable once at the end, the syncs of `apply` and `settle` with
and without a log, the last record read from the end, the sync of each file system, a boot id's
bounds and the words of a refused write. Two of them found bugs, fixed in wal.py: files put back
by `settle` were not synced before their record went, and an append whose seek failed cut the
log to nothing. The sixth session's run of `settle` (2026-12-02, 50 mutants) added a finished
change's files before its save, left as they are.

Mutants left, each the same program (docs/reliability.md, "The save's write-ahead log"):

- `wal.Log.records` 13 (`<` for `<=` in `at + HEAD.size <= len(data)`): where a record's head
  ends exactly at the end of the log there is no room for its payload's tail, and the loop
  breaks on it anyway.
- `wal.Log.last` 18, 25, 26, 27 (`max(1, ...)` for `max(0, ...)`; the tail padded with spaces,
  padded on the right, or read with `read()`): they differ only for a log shorter than a tail
  (8 bytes), where the record's start comes out below 0 whatever was read, so `last` reads the
  log from the front (`records`) in every one.
- `wal.Log.last` 35, 36 (`start > 0`, `start >= 1`): a record found at offset 0 begins with the
  log's first line (`sprawl-wal 1 ...`), never with a record's head, so it is read from the front
  either way; `last` is only called on a log that begins with this boot's first line.
- `wal.Log.last` 39, 40 (`read()`, `read(size + start)` for `read(size - start)`): the handle
  is at `start`, so each reads to the end of the log, the same bytes (the log does not grow
  under the lock).
- `wal.Log.replay` 28 and `wal.Log.apply` 6 (None for False): falsy, as False is, in the one
  test made of it (`if sync`, `if written`).
- `wal._syncfs` 2, 4, 5 (`use_errno` None, left out, False): it only decides whether ctypes keeps
  a copy of errno for `ctypes.get_errno`, which nothing reads.
- `walrecord.encode` 8, `walrecord.decode` 39, `wal.Batch.write` 10 (`"UTF-8"` for `"utf-8"`):
  the same codec.
- `wal.Log.append` 20 (`start = -2` for `-1`): any start below 0 says the seek never answered.
- `wal.Log.where` 1 (an absolute path joined to the save's folder): pathlib's `/` with an
  absolute right side is that side, so the branch for it gives the same path.
"""

from __future__ import annotations

import ctypes
import errno
import os
from pathlib import Path

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.save import atomic, wal
from sprawl_cli.save import walrecord as record

SAVE = "sprawl-game.yaml"


def a_log(folder: Path) -> wal.Log:
    log = wal.Log(folder / SAVE)
    assert log.kept  # these tests need Linux's boot id
    return log


def write(folder: Path, files: dict[str, bytes | None]) -> None:
    for name, data in files.items():
        if data is None:
            (folder / name).unlink(missing_ok=True)
        else:
            (folder / name).write_bytes(data)


def read(folder: Path, *names: str) -> list[bytes | None]:
    return [record.read_bytes(folder / name) for name in names]


# --- the record ----------------------------------------------------------------------------------


def test_operations_differing_in_anything_are_not_equal():
    op = wal.Op(wal.PLAIN, "a", b"x", None)
    assert op == wal.Op(wal.PLAIN, "a", b"x", None)
    assert op != wal.Op(wal.PLAIN, "b", b"x", None)
    assert op != wal.Op(wal.PLAIN, "a", b"x", None, sync=False)
    assert op != "a"


@pytest.mark.parametrize("fields", [(7, 1, 1, -1, -1), (wal.PLAIN, 1, 1, -2, -1), (wal.PLAIN, 1, 1, -1, -2)])
def test_an_operation_of_no_role_or_length_is_not_read_whatever_its_name(fields):
    assert record.decode(record.OPERATION.pack(*fields) + b"a") is None
    good = (wal.PLAIN, 1, 1, -1, -1)
    assert record.decode(record.OPERATION.pack(*good) + b"a") == [wal.Op(wal.PLAIN, "a", None, None)]


def test_a_batch_keeps_what_undoes_each_operation(tmp_path):
    # A file written twice is undone to what the first write left; the save keeps its digest; an
    # operation that is not undoable keeps nothing.
    write(tmp_path, {"a": b"a1", SAVE: b"s1"})
    batch = wal.Batch(a_log(tmp_path))
    batch.write(tmp_path / "a", "a2")
    batch.write(tmp_path / "a", None)
    batch.write(tmp_path / "new", b"n")
    batch.write(tmp_path / SAVE, "s2", wal.SAVE)
    batch.write(tmp_path / "old", None, sync=False, undoable=False)
    assert [(op.path, op.after, op.before) for op in batch.ops] == [
        ("a", b"a2", b"a1"), ("a", None, b"a2"), ("new", b"n", None), (SAVE, b"s2", record.sha(b"s1")),
        ("old", None, None)]


def test_a_missing_log_has_no_first_line_and_no_records(tmp_path):
    log = a_log(tmp_path)
    assert log.records() == (b"\n", [], 0)
    log.append([wal.Op(wal.PLAIN, "a", b"x", None)])
    head, found, end = log.records()
    assert head == atomic.log_header(log.boot) and len(found) == 1 and end == log.size()


def four_records(folder: Path) -> tuple[wal.Log, bytes, int]:
    """A log of four records; the whole log and where its last record starts."""
    log = a_log(folder)
    for i in range(4):
        start = log.append([wal.Op(wal.PLAIN, f"f{i}", b"x" * i, None)])
    return log, log.path.read_bytes(), start


def test_the_last_record_is_read_from_the_end_of_the_log(tmp_path, monkeypatch):
    log, _, start = four_records(tmp_path)
    monkeypatch.setattr(wal.Log, "records", lambda self: pytest.fail("the whole log was read"))
    assert log.last() == (start, [wal.Op(wal.PLAIN, "f3", b"xxx", None)])


def test_a_last_record_altered_anywhere_is_cut_off(tmp_path):
    log, whole, start = four_records(tmp_path)
    for at in range(start, len(whole)):
        altered = bytearray(whole)
        altered[at] ^= 0x41
        log.path.write_bytes(bytes(altered))
        found = log.last()
        assert found is not None and found[1][0].path == "f2", at
        assert log.path.read_bytes() == whole[:start], at


def test_a_log_of_its_first_line_alone_has_no_last_record_and_is_left_as_it_is(tmp_path, monkeypatch):
    # An append killed after the first line reached the file and before its record did.
    log = a_log(tmp_path)
    log.path.write_bytes(atomic.log_header(log.boot))
    synced = counted_fsyncs(monkeypatch)
    assert log.last() is None
    assert log.path.read_bytes() == atomic.log_header(log.boot) and synced == []


def test_a_missing_log_is_empty(tmp_path):
    log = a_log(tmp_path)
    assert log.size() == 0 and log.last() is None


# --- taking back and settling ----------------------------------------------------------------------


def test_taking_back_the_first_record_removes_the_log(tmp_path):
    log = a_log(tmp_path)
    assert log.append([wal.Op(wal.PLAIN, "a", b"x", None)]) == 0
    log.drop(0)
    assert not log.path.exists()
    log.drop(0)  # gone already: nothing to take back, no error
    log.cut(0)
    log.drop(None)  # no log kept
    assert not log.path.exists()


def test_taking_back_a_later_record_cuts_the_log_before_it(tmp_path):
    log = a_log(tmp_path)
    log.append([wal.Op(wal.PLAIN, "a", b"x", None)])
    whole = log.path.read_bytes()
    start = log.append([wal.Op(wal.PLAIN, "b", b"y", None)])
    assert start == len(whole)
    log.drop(start)
    assert log.path.read_bytes() == whole


def test_a_record_without_a_save_is_taken_back_whole(tmp_path):
    # No operation is the point of no return, so a change killed or refused part-way puts back
    # every file it wrote, last first, and its record goes.
    log = a_log(tmp_path)
    write(tmp_path, {"kept": b"old", "made": None})
    batch = wal.Batch(log)
    batch.write(tmp_path / "kept", b"new")
    batch.write(tmp_path / "made", b"fresh")
    batch.write(tmp_path / "kept", b"newer")
    start = log.append(batch.ops)
    write(tmp_path, {"kept": b"newer", "made": b"fresh"})
    log.settle(start, batch.ops)
    assert read(tmp_path, "kept", "made") == [b"old", None]
    assert not log.path.exists()


def around_the_save(log: wal.Log, folder: Path) -> list[wal.Op]:
    """A change writing `a`, then the save, then `b`, recorded after an earlier record (so
    taking it back cuts the log rather than removing it)."""
    if log.kept:
        log.append([wal.Op(wal.PLAIN, "earlier", b"e", None)])
    write(folder, {"a": b"a1", SAVE: b"s1", "b": b"b1"})
    batch = wal.Batch(log)
    batch.write(folder / "a", b"a2")
    batch.write(folder / SAVE, b"s2", wal.SAVE)
    batch.write(folder / "b", b"b2")
    return batch.ops


def counted_fsyncs(monkeypatch) -> list[int]:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    return synced


def no_boot(monkeypatch, folder: Path) -> wal.Log:
    monkeypatch.setattr(atomic, "_boot", [None])
    log = wal.Log(folder / SAVE)
    assert not log.kept
    return log


@pytest.mark.parametrize("kept", [True, False])
def test_a_change_past_its_save_is_finished_synced_only_where_no_log_is_kept(tmp_path, monkeypatch, kept):
    # Where the log is kept its record makes the change durable; where none is, each file is a
    # crash-safe write of its own (its bytes and its folder synced).
    log = a_log(tmp_path) if kept else no_boot(monkeypatch, tmp_path)
    ops = around_the_save(log, tmp_path)
    start = log.append(ops) if kept else None
    write(tmp_path, {"a": b"a2", SAVE: b"s2"})
    synced = counted_fsyncs(monkeypatch)
    log.settle(start, ops)
    assert read(tmp_path, "a", SAVE, "b") == [b"a2", b"s2", b"b2"]
    assert len(synced) == (0 if kept else 2)


def test_a_finished_change_leaves_the_files_before_its_save_as_they_are(tmp_path):
    # Settling a change past its save writes only what comes after the save: a file written
    # before it (done with the change, then changed by hand) is not the record's to put back.
    log = a_log(tmp_path)
    ops = around_the_save(log, tmp_path)
    start = log.append(ops)
    write(tmp_path, {"a": b"by hand", SAVE: b"s2"})
    log.settle(start, ops)
    assert read(tmp_path, "a", SAVE, "b") == [b"by hand", b"s2", b"b2"]


@pytest.mark.parametrize("kept", [True, False])
def test_a_change_short_of_its_save_is_taken_back_durably_before_its_record_goes(tmp_path, monkeypatch, kept):
    # The files put back are crash-safe writes of their own (each file and its folder synced)
    # before the record is cut off the log and the log synced: once the record is gone nothing
    # else keeps them, and a power cut losing them would leave the change's files beside the
    # old save (a campaign file holding an aftermath the game never had).
    log = a_log(tmp_path) if kept else no_boot(monkeypatch, tmp_path)
    ops = around_the_save(log, tmp_path)
    earlier = log.size()
    start = log.append(ops) if kept else None
    write(tmp_path, {"a": b"a2"})
    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append("log" if kept and os.fstat(fd).st_ino == os.stat(log.path).st_ino else "other")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    log.settle(start, ops)
    assert read(tmp_path, "a", SAVE, "b") == [b"a1", b"s1", b"b1"]
    assert synced == (["other", "other", "log"] if kept else ["other", "other"])
    assert log.size() == earlier


def test_taking_back_a_first_record_syncs_the_folder_the_log_went_from(tmp_path, monkeypatch):
    log = a_log(tmp_path)
    write(tmp_path, {SAVE: b"s1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / "entry", b"e")
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    start = log.append(batch.ops)
    synced = counted_fsyncs(monkeypatch)
    log.settle(start, batch.ops)  # killed before it wrote anything
    assert not log.path.exists() and len(synced) == 1
    assert read(tmp_path, "entry", SAVE) == [None, b"s1"]


def refusing(monkeypatch, *names: str) -> None:
    """`put` refuses to write the files `names` (a full disk), and writes the others."""
    real = wal.put

    def put(path: Path, data: bytes | None, *, sync: bool) -> None:
        if Path(path).name in names:
            raise SaveFileError(f"could not write {path}: No space left on device")
        real(path, data, sync=sync)

    monkeypatch.setattr(wal, "put", put)


def test_a_write_refused_while_finishing_a_change_skips_that_file(tmp_path, monkeypatch):
    log = a_log(tmp_path)
    write(tmp_path, {SAVE: b"s1", "b": b"b1", "c": b"c1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    batch.write(tmp_path / "b", b"b2")
    batch.write(tmp_path / "c", b"c2")
    start = log.append(batch.ops)
    write(tmp_path, {SAVE: b"s2"})
    refusing(monkeypatch, "b")
    log.settle(start, batch.ops)
    assert read(tmp_path, SAVE, "b", "c") == [b"s2", b"b1", b"c2"]


def test_a_write_refused_while_taking_a_change_back_skips_that_file(tmp_path, monkeypatch):
    log = a_log(tmp_path)
    write(tmp_path, {"a": b"a1", "b": b"b1", SAVE: b"s1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / "a", b"a2")
    batch.write(tmp_path / "b", b"b2")
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    start = log.append(batch.ops)
    write(tmp_path, {"a": b"a2", "b": b"b2"})
    refusing(monkeypatch, "b")
    log.settle(start, batch.ops)
    assert read(tmp_path, "a", "b", SAVE) == [b"a1", b"b2", b"s1"]
    assert not log.path.exists()  # the record taken back all the same


# --- a replay after a crash of the machine --------------------------------------------------------


def lost_aftermath(folder: Path) -> tuple[wal.Log, list[wal.Op]]:
    """A change that writes a journal entry, a companion file (the campaign), the save, and
    removes a redo item, recorded and synced; none of its files reached the disk."""
    log = a_log(folder)
    write(folder, {"entry": None, "campaign.yaml": b"campaign 1", SAVE: b"save 1", "redo": b"stale"})
    batch = wal.Batch(log)
    batch.write(folder / "entry", b"entry 2")
    batch.write(folder / "campaign.yaml", b"campaign 2", wal.COMPANION)
    batch.write(folder / SAVE, b"save 2", wal.SAVE)
    batch.write(folder / "redo", None, sync=False, undoable=False)
    log.append(batch.ops)
    return log, batch.ops


NAMES = ("entry", "campaign.yaml", SAVE, "redo")


def test_a_replay_writes_a_companion_file_the_crash_lost(tmp_path):
    log, _ = lost_aftermath(tmp_path)
    log.replay(log.records()[1])
    assert read(tmp_path, *NAMES) == [b"entry 2", b"campaign 2", b"save 2", None]
    assert not log.path.exists()


def test_a_replay_leaves_a_companion_edited_by_hand_and_writes_the_rest(tmp_path):
    log, _ = lost_aftermath(tmp_path)
    write(tmp_path, {"campaign.yaml": b"edited"})
    log.replay(log.records()[1])
    assert read(tmp_path, *NAMES) == [b"entry 2", b"edited", b"save 2", None]


def test_a_replay_writes_a_save_holding_the_text_an_earlier_record_left(tmp_path):
    # The save was edited by hand between two changes, and the crash lost the edit and the second
    # change: the save holds what the first change wrote, a text the log knows.
    log = a_log(tmp_path)
    log.append([wal.Op(wal.SAVE, SAVE, b"save 2", record.sha(b"save 1"))])
    log.append([wal.Op(wal.SAVE, SAVE, b"save 3", record.sha(b"edited"))])
    write(tmp_path, {SAVE: b"save 2"})
    log.replay(log.records()[1])
    assert read(tmp_path, SAVE) == [b"save 3"]


def test_a_replay_that_cannot_write_a_file_writes_the_others(tmp_path):
    log = a_log(tmp_path)
    log.append([wal.Op(wal.PLAIN, "gone/entry", b"x", None), wal.Op(wal.PLAIN, "entry", b"y", None)])
    log.replay(log.records()[1])  # no folder `gone`: that write is refused, and skipped
    assert read(tmp_path, "gone/entry", "entry") == [None, b"y"] and not log.path.exists()


def test_a_replay_makes_its_writes_durable_once_then_removes_the_log(tmp_path, monkeypatch):
    # Every file is written unsynced; then one sync of each file system, the log removed, and
    # its folder synced: no fsync of each file (that is what the log saves).
    log, _ = lost_aftermath(tmp_path)
    done: list[object] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (done.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(wal, "make_durable", lambda folders: done.append(("durable", log.path.exists(), folders)))
    log.replay(log.records()[1])
    assert done == [("durable", True, {tmp_path}), "fsync"]
    assert read(tmp_path, *NAMES) == [b"entry 2", b"campaign 2", b"save 2", None]


# --- making files durable --------------------------------------------------------------------------


def test_each_file_system_is_synced_once(tmp_path, monkeypatch):
    folders = {tmp_path / name for name in ("a", "b", "c")}
    for folder in folders:
        folder.mkdir()
    device = {tmp_path / "a": 1, tmp_path / "b": 1, tmp_path / "c": 2}
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        found = real_stat(path, *args, **kwargs)
        return type("Stat", (), {"st_dev": device.get(Path(path), found.st_dev)})()

    synced: list[Path] = []
    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(wal, "_syncfs", lambda folder: synced.append(folder) or True)
    monkeypatch.setattr(os, "sync", lambda: synced.append(Path("everything")))
    wal.make_durable(folders | {tmp_path / "missing"})
    assert len(synced) == 2 and {device[f] for f in synced} == {1, 2}


@pytest.mark.parametrize("works", [True, False])
def test_every_file_system_is_synced_where_one_cannot_be(tmp_path, monkeypatch, works):
    called: list[str] = []
    monkeypatch.setattr(wal, "_syncfs", lambda folder: works)
    monkeypatch.setattr(os, "sync", lambda: called.append("sync"))
    wal.make_durable({tmp_path})
    assert called == ([] if works else ["sync"])


class FakeLibc:
    def __init__(self, result: int) -> None:
        self.result, self.synced = result, []

    def syncfs(self, fd: int) -> int:
        self.synced.append(os.fstat(fd).st_ino)
        return self.result


@pytest.mark.parametrize("result", [0, -1])
def test_syncfs_syncs_the_folders_own_file_system(tmp_path, monkeypatch, result):
    libc = FakeLibc(result)
    monkeypatch.setattr(ctypes, "CDLL", lambda name, use_errno=False: libc)
    assert wal._syncfs(tmp_path) is (result == 0)
    assert libc.synced == [os.stat(tmp_path).st_ino]


def test_syncfs_where_it_cannot_be_called_is_false(tmp_path, monkeypatch):
    assert wal._syncfs(tmp_path / "missing") is False
    monkeypatch.setattr(ctypes, "CDLL", lambda name, use_errno=False: object())  # no syncfs
    assert wal._syncfs(tmp_path) is False


def test_syncfs_of_this_system(tmp_path):
    assert wal._syncfs(tmp_path) is True  # Linux, glibc


# --- the words of a refused write ------------------------------------------------------------------


def test_a_refusal_without_the_systems_words_names_the_error():
    coded = OSError()
    coded.errno = errno.ENOSPC
    assert "could not write f: ENOSPC;" in str(atomic.refused(Path("f"), coded))
    assert "could not write f: odd failure;" in str(atomic.refused(Path("f"), OSError("odd failure")))
    assert "could not write f: No space left on device;" in str(
        atomic.refused(Path("f"), OSError(errno.ENOSPC, "No space left on device")))


# --- appending, emptying, recovering -----------------------------------------------------------------


def test_an_append_the_kernel_takes_in_pieces_is_written_whole(tmp_path, monkeypatch):
    log = a_log(tmp_path)
    real = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real(fd, bytes(data[:7])))
    ops = [wal.Op(wal.PLAIN, "a", b"x" * 100, b"y" * 50)]
    log.append(ops)
    assert log.records()[1] == [(len(atomic.log_header(log.boot)), ops)]


def test_the_log_is_a_file_its_user_may_write_and_others_read(tmp_path):
    old = os.umask(0o022)
    try:
        a_log(tmp_path).append([wal.Op(wal.PLAIN, "a", b"x", None)])
    finally:
        os.umask(old)
    assert os.stat(tmp_path / f"{SAVE}.wal").st_mode & 0o777 == 0o644


def test_paths_that_are_no_utf_8_are_recorded_as_they_are():
    # A file name of bytes that are no UTF-8 (os.fsdecode's surrogates) reads back the same.
    ops = [wal.Op(wal.COMPANION, "/games/caf\udce9.yaml", b"x", b"y"), wal.Op(wal.PLAIN, "j\udcff", None, None)]
    frame = record.encode(ops)
    assert record.decode(frame[record.HEAD.size:-record.TAIL.size]) == ops


def test_emptying_no_log_syncs_nothing(tmp_path, monkeypatch):
    called: list[object] = []
    monkeypatch.setattr(wal, "make_durable", called.append)
    synced = counted_fsyncs(monkeypatch)
    a_log(tmp_path).empty()
    assert called == [] and synced == []


@pytest.mark.parametrize("over", [0, 1])
def test_a_log_is_emptied_only_by_a_change_that_leaves_it_past_its_limit(tmp_path, monkeypatch, over):
    log = a_log(tmp_path)
    write(tmp_path, {SAVE: b"s1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    size = len(atomic.log_header(log.boot)) + len(record.encode(batch.ops))
    monkeypatch.setattr(wal, "LIMIT", size - over)
    log.apply(batch)
    assert read(tmp_path, SAVE) == [b"s2"]
    assert log.path.exists() is (over == 0)
    if over == 0:  # the lock's recovery never empties it: a command then refused changes no file
        monkeypatch.setattr(wal, "LIMIT", 0)
        log.recover()
        assert log.path.exists()


def test_a_write_refused_after_the_save_is_skipped(tmp_path, monkeypatch):
    log = a_log(tmp_path)
    write(tmp_path, {SAVE: b"s1", "b": b"b1", "c": b"c1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    batch.write(tmp_path / "b", None, sync=False, undoable=False)
    batch.write(tmp_path / "c", b"c2", sync=False, undoable=False)
    refusing(monkeypatch, "b")
    log.apply(batch)  # no error: the change is made, the rest only tidies
    assert read(tmp_path, SAVE, "b", "c") == [b"s2", b"b1", b"c2"]
    assert len(log.records()[1]) == 1


@pytest.mark.parametrize("kept", [True, False])
def test_a_synced_write_after_the_save_is_synced_only_where_no_log_is_kept(tmp_path, monkeypatch, kept):
    log = a_log(tmp_path) if kept else no_boot(monkeypatch, tmp_path)
    write(tmp_path, {SAVE: b"s1"})
    batch = wal.Batch(log)
    batch.write(tmp_path / SAVE, b"s2", wal.SAVE)
    batch.write(tmp_path / "b", b"b2")
    synced = counted_fsyncs(monkeypatch)
    log.apply(batch)
    assert read(tmp_path, SAVE, "b") == [b"s2", b"b2"]
    # kept: the log and, made now, its folder; none kept: the save and `b`, each file and folder.
    assert len(synced) == (2 if kept else 4)


@pytest.mark.parametrize("sync", [True, False])
def test_a_removal_syncs_its_folder_when_asked(tmp_path, monkeypatch, sync):
    write(tmp_path, {"a": b"x"})
    synced = counted_fsyncs(monkeypatch)
    wal.put(tmp_path / "a", None, sync=sync)
    wal.put(tmp_path / "missing", None, sync=sync)  # nothing to remove: nothing to sync
    assert not (tmp_path / "a").exists() and len(synced) == (1 if sync else 0)


def test_a_removal_the_disk_refuses_says_so(tmp_path, monkeypatch):
    write(tmp_path, {"a": b"x"})
    monkeypatch.setattr(os, "unlink", lambda path: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")))
    with pytest.raises(SaveFileError, match="could not write .*a: Read-only file system"):
        wal.put(tmp_path / "a", None, sync=False)


def test_no_plain_file_is_neither_written_nor_removed(tmp_path):
    (tmp_path / "folder").mkdir()
    for data in (None, b"x"):
        with pytest.raises(SaveFileError, match="folder is not a plain file; it was left as it is"):
            wal.put(tmp_path / "folder", data, sync=False)
    assert (tmp_path / "folder").is_dir()
    assert record.read_bytes(tmp_path / "folder") is None and record.plain_or_absent(tmp_path / "nothing")


@pytest.mark.parametrize(("text", "expected"), [
    (b"a", "a"), (b"a" * 40, "a" * 40), (b"a" * 41, None), (b"  b00t-1d \n", "b00t-1d"), (b"-", None), (b"a b", None)])
def test_a_boot_id_is_one_to_forty_letters_digits_and_dashes(tmp_path, monkeypatch, text, expected):
    source = tmp_path / "boot_id"
    source.write_bytes(text)
    monkeypatch.setattr(atomic, "BOOT_ID", str(source))
    monkeypatch.setattr(atomic, "_boot", [])
    assert atomic.boot_id() == expected
    source.write_bytes(b"other")
    assert atomic.boot_id() == expected  # read once a process


def test_a_companion_anywhere_is_where_its_absolute_path_says(tmp_path):
    elsewhere = tmp_path.parent / "campaign.yaml"
    assert a_log(tmp_path).where(str(elsewhere)) == elsewhere


def failing(*_args: object) -> None:
    raise OSError(errno.EIO, "Input/output error")


@pytest.mark.parametrize("fails", ["lseek", "fsync", "fsync unlink", "fsync ftruncate unlink"])
def test_an_append_refused_anywhere_leaves_the_log_as_it_was(tmp_path, monkeypatch, fails):
    # The command gets one line naming the log whatever else the disk refuses on the way
    # (cutting the record back off, removing a log made for it); where the cut can be made the
    # log is as it was (a failed seek cuts nothing: it used to cut the log to nothing).
    for made in (False, True):
        log = a_log(tmp_path)
        if made:
            log.append([wal.Op(wal.PLAIN, "a", b"x", None)])
        whole = record.read_bytes(log.path)
        with monkeypatch.context() as patch:
            for name in fails.split():
                patch.setattr(os, name, failing)
            with pytest.raises(SaveFileError, match=f"could not write {log.path}: Input/output error"):
                log.append([wal.Op(wal.PLAIN, "b", b"y", None)])
        if "ftruncate" not in fails:
            # a log made for the record and not removed again is left empty: nothing to replay
            left = b"" if whole is None and "unlink" in fails else whole
            assert record.read_bytes(log.path) == left, (fails, made)
        log.path.unlink(missing_ok=True)


def test_a_log_that_cannot_be_made_names_itself(tmp_path):
    log = a_log(tmp_path / "missing")
    with pytest.raises(SaveFileError, match=f"could not write {log.path}: No such file or directory"):
        log.append([wal.Op(wal.PLAIN, "a", b"x", None)])
