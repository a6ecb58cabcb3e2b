"""Crash suite: SIGKILL real `python -m sprawl_cli` processes in the middle of their saves,
in a game of each of the five systems (its changes: tests/reliability/systems.py).

After every kill the save file must load, hold byte for byte either the state
before the command or the state after it, and the next command must leave no
temp file and no orphan journal entry behind.

`new` (of each system) and `aftermath` (two files, the campaign and the game, in
one step) are killed the same way in tests of their own.

A quarter of the kills are decided by a stop: the process stops itself (SIGSTOP) just before
one of the change's files lands and is killed there (tests/reliability/stopper.py), so every
run has kills inside a write, whatever the machine's load. Of the others, half are triggered
by the first trace of the write (the change's record appended to the save's write-ahead log,
then its files); the other half are timed, and their delay is steered towards the write: it
starts at the time the first triggered kill of that command saw the write begin, then after
each kill it moves later when the kill landed before the write began and earlier when it
landed after the new file was in place (a stochastic search, so machine speed does not matter).
"""

from __future__ import annotations

import random
import signal
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.factory import new_args
from tests.reliability.conftest import NAMES, PLF, PROFILES, SAVE, SUIT, Folder, game_of

SEED = ["--seed", "11"]  # every random roll is reproducible, so "after" can be computed beside it

# The changes the suite kills, in turn, per system (tests/reliability/systems.py): each one
# writes a journal entry and the save file.
COMMANDS: dict[str, list[list[str]]] = {name: [list(c) for c in PROFILES[name].changes] for name in NAMES}
# Kills per system: the quick tier spreads the 40 it always made over the five systems.
KILLS = {"quick": 8, "release": 100}
# Where the stopped kills land: a change with its record in the log and none of its files written.
LOGGED = ("after", "sprawl_cli.save.wal:Log.append", 1)


def traced(game: Folder, before_steps: list[int], before_redo: list[int], before_log: int) -> bool:
    """Whether a change has begun to write: its record in the save's log, a temp file, a new
    journal or redo entry."""
    return bool(game.temps() or game.log_size() != before_log or game.journal_steps() != before_steps
                or game.redo_steps() != before_redo)


def classify(game: Folder, before: bytes, after: bytes, killed: bool, before_steps: list[int],
             before_redo: list[int], before_log: int) -> str:
    """Where the kill landed: before the write began, during it (its record in the log, a temp
    file, an orphan journal or redo entry beside the old save), after the new save was in
    place, or missed (the process had already finished)."""
    now = game.save.read_bytes()
    assert now in (before, after), "the save file is neither the old nor the new state"
    if not killed:
        return "missed"
    if now == after and after != before:
        return "after"
    return "during" if traced(game, before_steps, before_redo, before_log) else "before"


class Aim:
    """A kill delay that homes in on the write window: later after a kill that landed
    before the write, earlier after one that landed after it, in shrinking steps."""

    def __init__(self, start: float, rng: random.Random) -> None:
        self.delay = self.start = start
        self.rng = rng
        self.kills = 0

    def next(self) -> float:
        return max(0.0, self.delay + self.rng.uniform(-0.002, 0.002))

    def landed(self, where: str) -> None:
        self.kills += 1
        step = max(0.0005, 0.012 / (1 + self.kills) ** 0.5)
        if where == "before":
            self.delay += step
        elif where in ("after", "missed"):
            self.delay -= step


def watch(game: Folder, proc: Any, before_steps: list[int], before_redo: list[int], before_log: int,
          limit: float = 10.0) -> None:
    """Return as soon as the process leaves a trace of a write (`traced`), or has ended."""
    deadline = time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < deadline:
        if traced(game, before_steps, before_redo, before_log):
            return
        time.sleep(0.0002)


@pytest.mark.parametrize("system", NAMES)
def test_kill_during_save_leaves_old_or_new_state(system: str, tmp_path: Path, release: bool,
                                                  figures: dict[str, Any]) -> None:
    commands = COMMANDS[system]
    kills = KILLS["release" if release else "quick"]
    # On a busy machine timing is noisier: go on (up to three times as long) until enough
    # kills have landed inside a write for the run to prove something.
    wanted_inside = 10 if release else 1
    rng = random.Random(20240611)
    folder = game_of(system, tmp_path / "game")
    pristine = Folder(tmp_path / "pristine")
    folder.copy_to(pristine)
    reference = Folder(tmp_path / "reference")
    people = PROFILES[system].people

    # Timed kills: each kind's delay starts at the time its first triggered kill saw the write
    # begin (so no run is spent measuring), and is steered from there.
    aim: dict[str, Aim] = {}
    landed: Counter[str] = Counter()
    by_mode: dict[str, Counter[str]] = {"timed": Counter(), "triggered": Counter(), "stopped": Counter()}
    by_kind: dict[str, Counter[str]] = {}

    i = 0
    while i < kills or (landed["during"] < wanted_inside and i < 3 * kills):
        i += 1
        if i % len(commands) == 1 or len(commands) == 1:
            pristine.copy_to(folder)  # start each round of commands from the same game
        args = [*commands[(i - 1) % len(commands)], *SEED]
        kind = args[0]
        before = folder.save.read_bytes()
        before_steps, before_redo, before_log = folder.journal_steps(), folder.redo_steps(), folder.log_size()
        folder.copy_to(reference)
        expected = reference.run(*args)
        assert expected.exit_code == 0, f"{args}: {expected.stderr}"
        after = reference.save.read_bytes()

        # Every other kill is triggered instead: the parent watches the folder and kills
        # a random 0-3 ms after the first trace of the write appears, whatever the load (the
        # first trace is the change's record in the log; its files follow within a few ms).
        # Every fourth kill is decided by a stop, not a time: the process stops itself once the
        # change's record is in the log, before any of its files, and is killed there. These land
        # inside the write on any machine, however loaded.
        mode = "stopped" if i % 4 == 0 else "timed" if i % 2 == 1 and kind in aim else "triggered"
        started = time.perf_counter()
        if mode == "stopped":
            proc = folder.stopped(*LOGGED, *args)
        elif mode == "timed":
            proc = folder.popen(*args)
            time.sleep(aim[kind].next())
        else:
            proc = folder.popen(*args)
            watch(folder, proc, before_steps, before_redo, before_log)
            if kind not in aim and proc.poll() is None:
                aim[kind] = Aim(time.perf_counter() - started, rng)
            time.sleep(rng.uniform(0, 0.003))
        proc.send_signal(signal.SIGKILL)
        code = proc.wait(timeout=30)
        where = classify(folder, before, after, code == -signal.SIGKILL, before_steps, before_redo, before_log)
        landed[where] += 1
        by_mode[mode][where] += 1
        by_kind.setdefault(kind, Counter())[where] += 1
        if mode == "stopped":
            assert where == "during", f"{args} stopped with its record in the log, killed: {where}"
        if mode == "timed":
            aim[kind].landed(where)

        # The file always loads ...
        status = folder.run("status", "--json")
        assert status.exit_code == 0, f"after a kill ({where}) the save does not load: {status.stderr}"
        # ... and the next command finishes the job: no temp file, no orphan journal entry.
        if folder.save.read_bytes() == before:
            folder.ok(*args)
            assert folder.save.read_bytes() == after, "re-running the killed command gave another state"
        else:
            folder.ok("log", "--last", "1")  # a read-only command: it may leave traces, ...
            toggle = PROFILES[system].toggles[0]
            on = toggle not in next(c for c in folder.json("status")["characters"]
                                    if c["name"] == people[-1])["statuses"]
            folder.ok("set", people[-1], toggle, "on" if on else "off")  # ... but the next change cleans them up
            folder.ok("undo")
        assert not folder.temps(), f"temp files remain: {folder.temps()}"
        step_now = [e for e in folder.json("log")["entries"] if not e["undone"]]
        assert folder.journal_steps() == list(range(1, len(step_now) + 1)), "orphan or missing journal entries"

    assert landed["during"] > 0, f"no kill landed inside a write: {dict(landed)}"
    figures.setdefault("crash", {})[system] = {
        "kills": i,
        "landed": dict(landed),
        "by_command": {kind: dict(counts) for kind, counts in by_kind.items()},
        "by_mode": {mode: dict(counts) for mode, counts in by_mode.items()},
        "first_trace_ms": {kind: round(a.start * 1000, 1) for kind, a in aim.items()},
        "final_delay_ms": {kind: round(a.delay * 1000, 1) for kind, a in aim.items()},
    }


# A first game (nothing to set aside) runs the same kernel code whatever the system: SPRAWL's
# covers it; every system's `new` is killed replacing a game in progress.
NEW_CASES = [pytest.param(system, replace, id=f"{system}-{'replace' if replace else 'first'}")
             for system in NAMES for replace in ((False, True) if system == "sprawl" else (True,))]


@pytest.mark.parametrize(("system", "replace"), NEW_CASES)
def test_kill_during_new_keeps_a_loadable_game(system: str, tmp_path: Path, release: bool,
                                               replace: bool, figures: dict[str, Any]) -> None:
    """`new` (with --force over a game in progress) sets the old game aside and saves the
    new one: a kill at any instant leaves the old or the new game loadable at the save path."""
    # SPRAWL keeps its 12 quick kills; the other systems' `new` is the same kernel code
    # behind their own roster reading, so a few quick kills each (the long tier: 20 each).
    kills = (150 if system == "sprawl" else 20) if release else (12 if system == "sprawl" else 3)
    rng = random.Random(7)
    folder = game_of(system, tmp_path / "game")
    args = ["new", *new_args(system, swap=True), "--force", *SEED]
    profile = PROFILES[system]
    folder.ok("set", profile.people[0], profile.toggles[0], "on")  # the old game differs from the new one
    if not replace:
        folder.save.unlink()  # a first game: nothing to set aside
    pristine = Folder(tmp_path / "pristine")
    folder.copy_to(pristine)
    reference = Folder(tmp_path / "reference")
    pristine.copy_to(reference)
    reference.ok(*args)
    after = reference.save.read_bytes()
    old = folder.save.read_bytes() if replace else None
    start = time.perf_counter()
    folder.process(*args)
    aim = Aim(0.8 * (time.perf_counter() - start), rng)
    landed: Counter[str] = Counter()
    wanted_inside = (20 if system == "sprawl" else 5) if release else (2 if system == "sprawl" else 1)

    def traces() -> bool:  # a temp file, the old game set aside, or the old first state kept aside
        return (bool(folder.temps()) or (replace and (folder.path / (SAVE + ".prev")).exists())
                or (folder.path / (SAVE + ".first.json.old")).exists())

    i = 0
    while i < kills or (landed["during"] < wanted_inside and i < 3 * kills):
        i += 1
        pristine.copy_to(folder)
        # As in the save test, every fourth kill is decided by a stop: once the first file is
        # written (the old game set aside, or the new game's first state), and every other one
        # is triggered by the first trace of the write.
        stopped, timed = i % 4 == 0, i % 2 == 1
        if stopped:
            proc = folder.stopped("after", "sprawl_cli.store:atomic_write", 1, *args)
        elif timed:
            proc = folder.popen(*args)
            time.sleep(aim.next())
        else:
            proc = folder.popen(*args)
            deadline = time.monotonic() + 10
            while proc.poll() is None and not traces() and time.monotonic() < deadline:
                time.sleep(0.0002)
            time.sleep(rng.uniform(0, 0.004))
        proc.send_signal(signal.SIGKILL)
        killed = proc.wait(timeout=30) == -signal.SIGKILL
        now = folder.save.read_bytes() if folder.save.exists() else None
        assert now in (old, after), "a killed `new` left neither the old game nor the new one"
        if now is not None:
            assert folder.run("status", "--json").exit_code == 0
        where = ("missed" if not killed else "after" if now == after
                 else "during" if traces() else "before")
        landed[where] += 1
        assert where == "during" or not stopped, f"`new` stopped inside its writes, killed: {where}"
        if timed:
            aim.landed(where)
    # A run whose kills all missed the write would prove nothing.
    assert landed["during"] > 0, f"no kill landed inside the write of `new`: {dict(landed)}"
    figures.setdefault("crash_new", {}).setdefault(system, {})["replace" if replace else "first"] = {
        "kills": i, "landed": dict(landed)}


def test_kill_during_aftermath_keeps_game_and_campaign_together(tmp_path: Path, release: bool,
                                                                figures: dict[str, Any]) -> None:
    """`aftermath` writes two files, the campaign and then the save: a kill at any instant
    leaves each one whole, and once the campaign is next read the pair is the old one or
    the new one, never the campaign of one and the game of the other."""
    kills = 60 if release else 12
    wanted_inside = 10 if release else 2
    rng = random.Random(26)
    game = Folder(tmp_path / "camp")
    game.path.mkdir()
    campaign = game.path / "sprawl-campaign.yaml"

    def ok(*args: str) -> str:
        done = game.process(*args)  # real processes in the folder: the campaign is ./sprawl-campaign.yaml
        assert done.returncode == 0, f"{args}: {done.stderr}"
        return done.stdout

    ok("campaign", "new", "--squad", PLF, "--squad", SUIT)
    ok("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        ok("set", name, "out_of_action", "on")
    pristine = Folder(tmp_path / "pristine")
    game.copy_to(pristine)
    args = ["aftermath", *SEED]

    def pair() -> tuple[bytes, bytes]:
        return game.save.read_bytes(), campaign.read_bytes()

    before = pair()
    start = time.perf_counter()
    ok(*args)
    aim = Aim(0.85 * (time.perf_counter() - start), rng)
    after = pair()
    assert after[1] != before[1] and after[0] != before[0]

    def traces() -> bool:  # the change's record in the log comes first, then its files
        return (bool(game.temps()) or game.log_size() != before_log or game.journal_steps() != before_steps
                or campaign.read_bytes() != before[1])

    landed: Counter[str] = Counter()
    i = 0
    while i < kills or (landed["during"] < wanted_inside and i < 3 * kills):
        i += 1
        pristine.copy_to(game)
        before_steps, before_log = game.journal_steps(), game.log_size()
        stopped, timed = i % 4 == 0, i % 2 == 1  # stops: the record logged, no file written
        if stopped:
            proc = game.stopped(*LOGGED, *args)
        elif timed:
            proc = game.popen(*args)
            time.sleep(aim.next())
        else:
            proc = game.popen(*args)
            deadline = time.monotonic() + 10
            while proc.poll() is None and not traces() and time.monotonic() < deadline:
                time.sleep(0.0002)
            time.sleep(rng.uniform(0, 0.002))
        proc.send_signal(signal.SIGKILL)
        killed = proc.wait(timeout=30) == -signal.SIGKILL
        save_now, campaign_now = pair()
        assert save_now in (before[0], after[0]), "the save is neither the old game nor the new one"
        assert campaign_now in (before[1], after[1]), "the campaign file is neither the old one nor the new one"
        where = ("missed" if not killed else "after" if (save_now, campaign_now) == after
                 else "during" if traces() else "before")
        landed[where] += 1
        assert where == "during" or not stopped, f"the aftermath stopped inside its writes, killed: {where}"
        if timed:
            aim.landed(where)
        ok("campaign", "show", "--json")  # reading the campaign settles a half-done aftermath ...
        assert pair() in (before, after), f"after a kill ({where}) game and campaign disagree"
        if pair() == before:  # ... and the aftermath can then be done, once, exactly as uninterrupted
            ok(*args)
        assert pair() == after, "the aftermath after a kill gave another result"
        ok("undo")  # a change after the kill: every trace of it is gone
        assert pair() == before and not game.temps(), f"temp files remain: {game.temps()}"
    assert landed["during"] > 0, f"no kill landed inside the aftermath's writes: {dict(landed)}"
    figures["crash_aftermath"] = {"kills": i, "landed": dict(landed)}
