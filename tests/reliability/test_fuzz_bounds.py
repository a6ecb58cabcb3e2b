"""Extreme values in every option of every command, and hostile numbers and names in the save
(issue 34), for each of the five systems.

Hypothesis builds command lines from a system's own commands and every option each one
takes (read from the commands themselves, so a new option is fuzzed the day it lands), with
the values no game can hold: NaN, infinities, huge and negative numbers, empty and very
long strings, control and bidirectional characters. It also writes saves whose numbers and
names are replaced by such values. Whatever it makes:

- exit 0, 1 or 2, never a traceback or an "internal error";
- a refusal is exactly one `error:` line, and changes no file byte for byte;
- `status --json` is always one valid JSON object (no bare NaN or Infinity);
- no command hangs: each line runs under a harness bound (an interval timer that raises in
  the test, failing it), never a sleep that decides a verdict.

The figures (lines tried, refused, accepted, hangs, internal errors) go to docs/reliability.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import hypothesis.strategies as st
import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from tests import harness
from tests.reliability.conftest import NAMES, PROFILES, Folder, check_refusal
from tests.test_numbers import every_command

# Values no game can hold, and the plain ones around them, so both sides of a bound are tried.
EXTREME = ["nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e400", "-1e400", "1e308", "1" + "0" * 40,
           "-" + "9" * 25, "3000000", "1000001", "-1", "-0", "0", "1", "1.5", "0x10", "1_000", "", " ",
           "x" * 5000, "\x00", "a\x00b", "\x1b[2J", "\u202egnp.eliF", "a\nb", "\t", "\u2066x\u2069", "é" * 300]
# Options left out: --debug asks for tracebacks; --help and --version print and stop.
SKIPPED = {"debug", "help", "version"}
# Commands left out: `play` is an interactive session and `serve` a server that runs until stopped
# (each has its own tests).
LEFT_OUT = {"play", "serve"}
LINES = {"quick": 80, "release": 1500}
SAVES = {"quick": 40, "release": 800}
BOUND_SECONDS = 30  # the most one command line may take on a busy 2-core machine before it counts as a hang


class Hang(Exception):
    """A command line ran past the harness bound."""


@contextlib.contextmanager
def bounded(argv: list[str]) -> Iterator[None]:
    """Raise Hang in the test if the body runs past BOUND_SECONDS (a harness-level bound: the
    interval timer interrupts even a blocked open() of a FIFO)."""
    def fire(_signum: int, _frame: Any) -> None:
        raise Hang(f"{argv!r} ran past {BOUND_SECONDS}s")

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, BOUND_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _commands(system: str) -> list[tuple[list[str], list[click.Option]]]:
    """(command path, its options) for every command of `system`'s games, as the kernel builds it
    (with the system's table options), read once: the strategy draws from a fixed list."""
    return [(path.split(), [p for p in command.params if isinstance(p, click.Option) and p.name not in SKIPPED])
            for path, command in every_command(system) if path.split()[0] not in LEFT_OUT]


def lines_of(system: str) -> st.SearchStrategy[list[str]]:
    """Command lines of `system`: a command, a few arguments, and some of its options, each
    with an extreme value (or, for a flag, itself)."""
    profile = PROFILES[system]
    words = st.one_of(st.sampled_from(EXTREME), st.sampled_from(profile.people))

    def line(entry: tuple[list[str], list[click.Option]]) -> st.SearchStrategy[list[str]]:
        path, options = entry
        if not options:
            return st.tuples(st.just(path), st.lists(words, max_size=3)).map(lambda t: [*t[0], *t[1]])

        def given(param: click.Option) -> st.SearchStrategy[list[str]]:
            spelt = next((o for o in param.opts if o.startswith("--")), param.opts[0])
            if param.is_flag:
                return st.just([spelt])
            return st.sampled_from(EXTREME).map(lambda value: [f"{spelt}={value}"])

        chosen = st.lists(st.sampled_from(options).flatmap(given), min_size=1, max_size=3)
        return st.tuples(st.just(path), st.lists(words, max_size=3), chosen).map(
            lambda t: [*t[0], *t[1], *(word for option in t[2] for word in option)])

    return st.sampled_from(_commands(system)).flatmap(line)


def no_bare_constant(word: str) -> Any:
    raise AssertionError(f"status --json printed a bare {word}, which is not JSON")


def status_is_json(game: Folder, environ: dict[str, str]) -> None:
    """`status --json`, whatever the save: one JSON object (exit 0), or one refusal line."""
    argv = ["status", "--json"]
    with bounded(argv):
        result = harness.invoke(argv, environ=environ)
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    data = json.loads(lines[0], parse_constant=no_bare_constant)
    assert isinstance(data, dict)
    if result.exit_code:
        check_refusal(result.exit_code, result.stderr, result.stdout)
        assert set(data) == {"error"}


def run(game: Folder, argv: list[str], counts: dict[str, int], environ: dict[str, str]) -> int:
    """One line on the live game, with every check; its exit code."""
    before = game.files()
    counts["tried"] += 1
    try:
        with bounded(argv):
            result = harness.invoke(argv, environ=environ)
    except Hang:
        counts["hangs"] += 1
        raise
    assert result.exit_code in (0, 1, 2), f"{argv}: exit {result.exit_code}"
    if "internal error" in result.stderr:
        counts["internal_errors"] += 1
    assert "Traceback" not in result.stderr + result.stdout, argv
    if result.exit_code:
        counts["refused"] += 1
        check_refusal(result.exit_code, result.stderr, result.stdout)
        assert game.files() == before, f"refused {argv} changed a file"
    else:
        counts["accepted"] += 1
    return result.exit_code


def _environ(game: Folder) -> dict[str, str]:
    return {"SPRAWL_GAME": str(game.save), "PATH": os.environ.get("PATH", ""),
            "XDG_STATE_HOME": os.environ.get("XDG_STATE_HOME", "")}


def _counts() -> dict[str, int]:
    return {"tried": 0, "refused": 0, "accepted": 0, "hangs": 0, "internal_errors": 0}


@pytest.mark.parametrize("system", NAMES)
def test_every_option_of_every_command_with_extreme_values(system: str, tmp_path: Path, release: bool,
                                                          figures: dict[str, Any],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is the crash suite's business
    monkeypatch.chdir(tmp_path)  # a path-taking option given "1.5" writes here, in the test's folder
    game = Folder(tmp_path)
    game.new(*PROFILES[system].new_extra, system=system)
    environ = _environ(game)
    counts = _counts()

    @settings(max_examples=LINES["release" if release else "quick"], deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(argv=lines_of(system))
    def fuzz(argv: list[str]) -> None:
        if run(game, argv, counts, environ) == 0:
            status_is_json(game, environ)
            status = game.json("status")
            if status["over"] or status.get("system") != system:
                game.new("--seed", "5", "--force", system=system)  # play on in a game of this system

    fuzz()
    assert counts["refused"] and counts["hangs"] == counts["internal_errors"] == 0
    figures.setdefault("extreme_options", {})[system] = counts


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every number and text in a save's data, with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, i))
    elif isinstance(data, (int, float, str)) and not isinstance(data, bool):
        yield path, data


# What a hostile save puts in place of a number or a text of the valid one.
HOSTILE = st.one_of(
    st.sampled_from([float("nan"), float("inf"), float("-inf"), 10**40, -10**40, 3_000_000, 1_000_001, -5, -1,
                     1e308, 2.5, 0]),
    st.integers(), st.floats(),
    st.sampled_from(["", "x" * 10_000, "a\x00b", "a\x1b[2Jb", "Ba\u202ebs", "d12+1000000", "d4-999", "a\nb"]),
)


@pytest.mark.parametrize("system", NAMES)
def test_hostile_numbers_and_names_in_the_save(system: str, tmp_path: Path, release: bool, figures: dict[str, Any],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    monkeypatch.chdir(tmp_path)
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    game.new(*PROFILES[system].new_extra, system=system)
    valid = game.save.read_text(encoding="utf-8")
    first = game.files()
    leaves = list(_leaves(yaml.safe_load(valid)))
    profile = PROFILES[system]
    commands = [["status"], ["next"], ["log"], ["report"], ["undo"], list(profile.fault_change),
                ["set", profile.people[0], profile.toggles[0], "on"]]
    environ = _environ(game)
    counts = _counts()

    @settings(max_examples=SAVES["release" if release else "quick"], deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(where=st.lists(st.sampled_from(leaves), min_size=1, max_size=3), values=st.lists(HOSTILE, min_size=3,
                                                                                          max_size=3),
           command=st.sampled_from(commands))
    def fuzz(where: list[tuple[tuple[Any, ...], Any]], values: list[Any], command: list[str]) -> None:
        for name in set(game.files()) - set(first):  # back to the fresh game's files
            (game.path / name).unlink()
        data = yaml.safe_load(valid)
        for (path, _), value in zip(where, values):
            spot = data
            for key in path[:-1]:
                spot = spot[key]
            spot[path[-1]] = value
        for name, body in first.items():
            (game.path / name).write_bytes(body)
        game.save.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        run(game, command, counts, environ)
        status_is_json(game, environ)

    fuzz()
    assert counts["refused"] and counts["hangs"] == counts["internal_errors"] == 0
    figures.setdefault("hostile_saves_fuzzed", {})[system] = counts
