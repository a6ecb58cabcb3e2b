"""Shared fixtures: sprawl run in a temporary folder (through tests/harness.py) with the sample rosters."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from hypothesis import settings

from tests import harness
from tests.factory import PLF, SUIT, new_args

__all__ = ["PLF", "SUIT", "Sprawl"]

# CI must never go red by chance: there every hypothesis test plays the same examples
# each run (derived from the test itself). Locally they vary, and a failure prints the
# seed that replays it (`pytest --hypothesis-seed=N`).
# No example is ever judged by how long it took (hypothesis's deadline): on a busy
# 2-core machine a slow example is a slow machine, not a failure.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True)
settings.load_profile("ci" if harness.in_ci() else "local")


def pytest_configure(config: pytest.Config) -> None:
    # The key that signs save caches lives in the user's state folder: the tests make their
    # own, in a folder of their own, never the developer's.
    import os
    import tempfile

    os.environ["XDG_STATE_HOME"] = config._sprawl_state = tempfile.mkdtemp(prefix="sprawl-tests-state-")  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    import shutil

    shutil.rmtree(getattr(config, "_sprawl_state", ""), ignore_errors=True)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker hands its reliability figures to the controller."""
    from tests.reliability.figures import FIGURES, KEY

    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output[KEY] = json.dumps(FIGURES)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller merges what each worker measured (pytest-xdist's hook)."""
    from tests.reliability.figures import KEY, merge

    merge(json.loads(getattr(node, "workeroutput", {}).get(KEY, "{}")))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from tests.reliability.figures import summary

    summary(terminalreporter)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--release", action="store_true", default=False,
                     help="the long tier: every test that asks for `release` runs at its release size")


@pytest.fixture
def release(request: pytest.FixtureRequest) -> bool:
    """True under `--release`: crash kills by the hundred, big property runs, the release
    sizes of the reliability suites. A test that asks for it is marked `long`, so
    `pytest --release -m long` runs just the long tier (as .ci/run does after the rest)."""
    return bool(request.config.getoption("--release"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests that ask for `release` are marked `long`; those marked `release_only` exist in the
    long tier alone and are deselected (not skipped: a skip in CI is a failure) without it."""
    kept, dropped = [], []
    for item in items:
        if "release" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.long)
        released = config.getoption("--release") or item.get_closest_marker("release_only") is None
        (kept if released else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


class Sprawl:
    """Runs `sprawl ARGS` in-process (harness.invoke), in a temp folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def save(self) -> Path:
        return self.folder / "sprawl-game.yaml"

    def __call__(self, *args: str, input: str | None = None, terminal: bool = False,
                 env: dict[str, str] | None = None) -> Result:
        return harness.invoke(args, input=input, terminal=terminal, env=env)

    def process(self, *args: str, installed: bool = False, **kwargs: Any) -> Any:
        """`sprawl ARGS` as a real process in the folder (harness.run)."""
        return harness.run(args, self.folder, installed=installed, **kwargs)

    def json(self, *args: str, **kwargs: Any) -> Any:
        result = self(*args, "--json", **kwargs)
        assert result.exit_code == 0, result.output + result.stderr
        return json.loads(result.stdout)

    def new(self, *extra: str, system: str = "sprawl", swap: bool = False) -> Result:
        """A game of `system` between its sample squads (tests/factory.py `SAMPLES`)."""
        result = self("new", *new_args(system, swap), *extra)
        assert result.exit_code == 0, result.stderr
        return result

    def character(self, name: str) -> dict[str, Any]:
        data = self.json("status")
        return next(c for c in data["characters"] if c["name"] == name)


@pytest.fixture
def sprawl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Sprawl:
    monkeypatch.chdir(tmp_path)
    return Sprawl(tmp_path)


@pytest.fixture
def snapshot() -> Callable[[Path], dict[str, bytes]]:
    """Every file under a folder, byte for byte, to prove a refused command changed nothing."""

    def take(folder: Path) -> dict[str, bytes]:
        return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
                and not p.name.endswith(".lock")}

    return take
