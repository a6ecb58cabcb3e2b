"""The test harness itself: a missing tool fails under CI=true instead of skipping."""

from __future__ import annotations

import pytest

from tests import harness
from tests.reliability.conftest import commands_that_load


@pytest.mark.parametrize("ci, outcome", [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_tool_skips_only_outside_ci(monkeypatch: pytest.MonkeyPatch, ci: str, outcome: type) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="no-such-tool-4711 is not installed"):
        harness.need_tool("no-such-tool-4711")


@pytest.mark.parametrize("ci, outcome", [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_command_that_does_not_load_skips_only_outside_ci(monkeypatch: pytest.MonkeyPatch, ci: str,
                                                            outcome: type) -> None:
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="these commands do not load: nosuchcommand"):
        commands_that_load(["status", "nosuchcommand"])
    assert commands_that_load(["status", "shoot"]) == ["status", "shoot"]


def test_the_scrub_drops_every_sprawl_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPRAWL_GAME", "elsewhere.yaml")
    monkeypatch.setenv("_SPRAWL_COMPLETE", "bash_complete")
    monkeypatch.setenv("SPRAWLING", "kept")  # only the prefix with its underscore is sprawl's
    environ = harness.clean_environ(EXTRA="1")
    assert "SPRAWL_GAME" not in environ and "_SPRAWL_COMPLETE" not in environ
    assert environ["SPRAWLING"] == "kept" and environ["EXTRA"] == "1"


def test_each_command_of_a_test_rolls_from_a_seed_of_its_own_the_same_in_every_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPRAWL_SEED", "1")  # the developer's shell: scrubbed like every SPRAWL_ setting
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_x.py::test_y (call)")
    monkeypatch.setattr(harness, "_RUNS", {})
    first, second = harness.clean_environ()["SPRAWL_SEED"], harness.clean_environ()["SPRAWL_SEED"]
    assert first != second and first != "1"
    monkeypatch.setattr(harness, "_RUNS", {})  # another run of the suite: the same seeds again
    assert [harness.clean_environ()["SPRAWL_SEED"] for _ in range(2)] == [first, second]
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_x.py::test_z (call)")
    assert harness.clean_environ()["SPRAWL_SEED"] not in (first, second)  # another test, other dice
    assert harness.clean_environ(SPRAWL_SEED="7")["SPRAWL_SEED"] == "7"  # a test's own seed wins
