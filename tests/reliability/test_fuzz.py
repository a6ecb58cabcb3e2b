"""Fuzzed command lines: hypothesis builds argument lists from command names, option
names, character names, numbers and junk, and runs them on a live game of each of the
five systems (from that system's own commands and words).

Whatever the line: no traceback, no "internal error", exit 0, 1 or 2; a failure
prints exactly one `error:` line and changes no file; a success with --json
prints exactly one JSON object.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from sprawl_cli.cli.line import commands_of
from tests import harness
from tests.reliability.conftest import NAMES as SYSTEMS
from tests.reliability.conftest import PLF, PROFILES, SUIT, Folder, check_refusal, commands_that_load

# Every registered command (the test checks they all load); `play` is an interactive
# session and `serve` a server that runs until stopped: each has its own tests.
NAMES = sorted(n for n in commands_of("sprawl") if n not in ("play", "serve"))
OPTIONS = ["--json", "--dice", "--seed", "--force", "--yes", "--nearby", "--weapon", "--last", "--squad", "--rounds",
           "--range", "--cover", "--mod", "--difficulty", "--no-tens", "--run", "--terrain", "--blast", "--near-ledge",
           "--spot", "--distance", "--winner", "--small", "--large", "--target-running", "--climb", "-n", "-w",
           "--help", "--version", "--physical", "--format", "--out"]  # not --debug: it asks for tracebacks
WORDS = ["Babs", "babs", "WILSON", "Gordo", "Nobody", "Razz", "Newton", "none", "Babs,Razz", "on", "off", "yes",
         "pinned", "down", "panicked", "overwatch", "hidden", "out_of_action", "ran", "safe", "jammed", "engaged",
         "short", "long", "partial", "full", "difficult", "treacherous", "Pistol", "Grenade", "Fists", "ask",
         "incapacitation", "misfire", "scatter", "throw", "aftermath", "md", "html", PLF, SUIT]
NUMBERS = ["0", "1", "2", "3", "7", "10", "-1", "-5", "1.5", "1e3", "99999999999999999999999", "0x10", "1,2,3",
           "7,7,7,7,7,7,7,7,7,7", "0,0,0", "11", ""]
JUNK = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
VALUED = ["--dice", "--seed", "--nearby", "--weapon", "--last", "--mod", "--difficulty", "--range", "--cover",
          "--blast", "--rounds"]
# Plausible words and numbers come up most often, so many lines get past parsing into the rules.
TOKEN = st.one_of(st.sampled_from(WORDS), st.sampled_from(NUMBERS), st.sampled_from(WORDS), st.sampled_from(OPTIONS),
                  st.tuples(st.sampled_from(VALUED), st.sampled_from(WORDS + NUMBERS)).map(lambda t: f"{t[0]}={t[1]}"),
                  JUNK, st.sampled_from(["--game", "--campaign"]).map(lambda o: f"{o}=other.yaml"))
CHARACTER = st.sampled_from(["Babs", "Razz", "Wes", "Wilson", "Gordo", "Newton", "wishbone", "Nobody"])
SMALL = st.integers(-1, 12).map(str)
# Lines shaped like real use, so the fuzz reaches the rules and the save, not only the parser.
SHAPED = st.one_of(
    st.tuples(st.just("set"), CHARACTER, st.sampled_from(WORDS[12:22]), st.sampled_from(["on", "off", "maybe"])),
    st.tuples(st.just("damage"), CHARACTER, SMALL),
    st.tuples(st.sampled_from(["roll", "odds"]), SMALL),
    st.tuples(st.just("table"), st.sampled_from(WORDS[32:37]), SMALL),
    st.tuples(st.sampled_from(["status", "move", "hide", "overwatch", "jump", "safe", "edge", "recover", "break"]),
              CHARACTER),
    st.tuples(st.sampled_from(["shoot", "brawl", "charge", "spot"]), CHARACTER, CHARACTER),
    st.tuples(st.sampled_from(["next", "undo", "redo", "log", "rout", "end"])),
    st.tuples(st.just("undo"), SMALL),
).map(list)
EXTRA = st.lists(st.one_of(st.sampled_from(["--yes", "--force", "--json", "--nearby=none", "--run"]),
                           st.tuples(st.sampled_from(VALUED), st.sampled_from(NUMBERS[:10] + WORDS[:8])).map(
                               lambda t: f"{t[0]}={t[1]}")), max_size=3)
RANDOM = st.tuples(st.sampled_from(NAMES + ["", "nosuch", "-x"]), st.lists(TOKEN, max_size=6)).map(
    lambda t: [t[0], *t[1]] if t[0] else t[1])
ARGV = st.one_of(RANDOM, st.tuples(SHAPED, EXTRA).map(lambda t: t[0] + t[1]))

# Lines per system: SPRAWL's many commands get the most.
LINES = {"quick": {"sprawl": 200, "other": 50}, "release": {"sprawl": 3000, "other": 500}}
KERNEL_OPTIONS = ["--json", "--dice", "--seed", "--force", "--yes", "--last", "--squad", "--rounds", "--winner",
                  "--help", "--version", "--format", "--out"]  # not --debug: it asks for tracebacks


def argv_of(system: str) -> tuple[list[str], st.SearchStrategy[list[str]]]:
    """A game of another system's commands, and the lines the fuzzer builds for it: its own
    commands, options and words (tests/reliability/systems.py) with the kernel's and junk."""
    profile = PROFILES[system]
    names = sorted(n for n in commands_of(system) if n not in ("play", "serve"))
    options = [*KERNEL_OPTIONS, *profile.options]
    words = [*profile.words, *profile.people, "Nobody", "none", "on", "off", *profile.toggles]
    valued = ["--dice", "--seed", "--last", *profile.options]
    token = st.one_of(st.sampled_from(words), st.sampled_from(NUMBERS), st.sampled_from(options),
                      st.tuples(st.sampled_from(valued), st.sampled_from(words + NUMBERS)).map(lambda t: f"{t[0]}={t[1]}"),
                      JUNK)
    person = st.sampled_from([*profile.people, "Nobody", profile.people[0].lower()])
    shaped = st.one_of(
        st.tuples(st.just("set"), person, st.sampled_from([*profile.toggles, *profile.words[:4]]),
                  st.sampled_from(["on", "off", "maybe"])),
        st.tuples(st.sampled_from(names), person),
        st.tuples(st.sampled_from(names), person, person),
        st.tuples(st.sampled_from(["next", "undo", "redo", "log", "status"])),
        st.tuples(st.just("undo"), SMALL),
        st.just(tuple(profile.fault_change)),
    ).map(list)
    extra = st.lists(st.one_of(st.sampled_from(["--yes", "--force", "--json"]),
                               st.tuples(st.sampled_from(valued), st.sampled_from(NUMBERS[:10] + words[:8])).map(
                                   lambda t: f"{t[0]}={t[1]}")), max_size=3)
    random_line = st.tuples(st.sampled_from([*names, "", "nosuch", "-x"]), st.lists(token, max_size=6)).map(
        lambda t: [t[0], *t[1]] if t[0] else t[1])
    return names, st.one_of(random_line, st.tuples(shaped, extra).map(lambda t: t[0] + t[1]))


def run_line(game: Folder, argv: list[str], counts: dict[str, int], system: str = "sprawl") -> None:
    """One fuzzed command line on the live game, with every check."""
    before = game.files()
    result = harness.invoke(argv, environ={"SPRAWL_GAME": str(game.save), "PATH": os.environ.get("PATH", "")})
    counts["lines"] += 1
    assert result.exit_code in (0, 1, 2), f"{argv}: exit {result.exit_code}"
    assert "Traceback" not in result.stderr + result.stdout, argv
    if result.exit_code:
        counts["refused"] += 1
        check_refusal(result.exit_code, result.stderr, result.stdout)
        assert game.files() == before, f"refused {argv} changed a file"
    elif "--json" in argv and not {"--help", "-h", "--version"} & set(argv):
        lines = [line for line in result.stdout.splitlines() if line.strip()]
        assert len(lines) == 1 and isinstance(json.loads(lines[0]), dict), f"{argv}: {result.stdout!r}"
    status = game.json("status") if game.save.is_file() else {"over": True}
    if status["over"] or status.get("system") != system:
        game.new("--seed", "5", "--force", system=system)  # keep a game of this system in progress to play on


@pytest.mark.parametrize("system", SYSTEMS)
def test_fuzzed_command_lines_never_crash(system: str, tmp_path: Path, release: bool, figures: dict[str, Any],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    names, argv_strategy = (NAMES, ARGV) if system == "sprawl" else argv_of(system)
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is the crash suite's business
    monkeypatch.chdir(tmp_path)  # relative paths (other.yaml) land in the test's folder
    game = Folder(tmp_path)
    game.new("--seed", "5", system=system)
    commands_that_load(names, game.save)
    counts = {"lines": 0, "refused": 0}
    lines = LINES["release" if release else "quick"]["sprawl" if system == "sprawl" else "other"]

    @settings(max_examples=lines, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(argv=argv_strategy)
    def fuzz(argv: list[str]) -> None:
        run_line(game, argv, counts, system)

    fuzz()
    figures.setdefault("fuzz", {})[system] = {"command_lines": counts["lines"], "refused": counts["refused"],
                                              "commands_fuzzed": len(names)}
