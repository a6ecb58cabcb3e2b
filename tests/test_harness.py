"""The test harness itself: a missing tool fails under CI=true instead of skipping."""

from __future__ import annotations

import pytest

from sprawl_cli import testing
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
    monkeypatch.setattr(testing, "_RUNS", {})
    first, second = harness.clean_environ()["SPRAWL_SEED"], harness.clean_environ()["SPRAWL_SEED"]
    assert first != second and first != "1"
    monkeypatch.setattr(testing, "_RUNS", {})  # another run of the suite: the same seeds again
    assert [harness.clean_environ()["SPRAWL_SEED"] for _ in range(2)] == [first, second]
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_x.py::test_z (call)")
    assert harness.clean_environ()["SPRAWL_SEED"] not in (first, second)  # another test, other dice
    assert harness.clean_environ(SPRAWL_SEED="7")["SPRAWL_SEED"] == "7"  # a test's own seed wins


def test_the_kits_runner_seeds_its_dice_by_the_test_unless_told(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    # An outside author's conformance run rolls the same dice every time too.
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_x.py::test_y (call)")
    monkeypatch.setattr(testing, "_RUNS", {})
    runner = testing.SprawlRunner(tmp_path, tmp_path / "state")
    rolls = [runner.json("roll", "6")["faces"] for _ in range(2)]
    monkeypatch.setattr(testing, "_RUNS", {})
    assert [runner.json("roll", "6")["faces"] for _ in range(2)] == rolls
    told = [runner.json("roll", "6", "--seed", "5")["faces"] for _ in range(2)]
    assert told[0] == told[1]
