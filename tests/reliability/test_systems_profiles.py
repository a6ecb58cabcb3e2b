"""The per-system profiles the reliability suites share (tests/reliability/systems.py) still
fit the rules: each change succeeds in turn from the fresh game and writes a journal entry,
and each toggle shows in `status --json` when put on and is gone when taken off.

A rule change that makes one of them refuse fails here, by name, instead of as a puzzling
failure inside the crash or concurrency suite.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.conftest import NAMES, PROFILES, game_of


@pytest.mark.parametrize("system", NAMES)
def test_every_change_of_the_profile_succeeds_and_is_journalled(system: str, tmp_path: Path) -> None:
    game = game_of(system, tmp_path / "game")
    assert game.json("status")["system"] == system
    for change in PROFILES[system].changes:
        steps = game.journal_steps()
        before = game.save.read_bytes()
        result = game.run(*change, "--seed", "11")
        assert result.exit_code == 0, f"{change}: {result.stderr}"
        assert game.save.read_bytes() != before, f"{change} did not change the save"
        if change[0] != "undo":
            assert len(game.journal_steps()) == len(steps) + 1, f"{change} wrote no journal entry"


@pytest.mark.parametrize("system", NAMES)
def test_every_toggle_shows_on_and_goes_off(system: str, tmp_path: Path) -> None:
    game = game_of(system, tmp_path / "game")
    profile = PROFILES[system]
    assert len(set(profile.people)) == len(profile.people)
    assert {c["name"] for c in game.json("status")["characters"]} == set(profile.people)
    who = profile.people[0]
    for status in profile.toggles:
        game.ok("set", who, status, "on")
        assert status in next(c for c in game.json("status")["characters"] if c["name"] == who)["statuses"]
        game.ok("set", who, status, "off")
        assert status not in next(c for c in game.json("status")["characters"] if c["name"] == who)["statuses"]
