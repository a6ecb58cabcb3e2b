"""Shared fixtures: a CLI runner in a temporary folder with the sample rosters."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from sprawl_cli.cli.main import cli
from sprawl_cli.context import Env
from tests.factory import ROSTERS

PLF = str(ROSTERS / "plf.yaml")
SUIT = str(ROSTERS / "suit.yaml")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--release", action="store_true", default=False,
                     help="run the long release-check mode of the reliability suites")


@pytest.fixture
def release(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--release"))


class Sprawl:
    """Runs `sprawl ARGS` in-process with CliRunner, in a temp folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.runner = CliRunner()

    @property
    def save(self) -> Path:
        return self.folder / "sprawl-game.yaml"

    def __call__(self, *args: str, input: str | None = None, terminal: bool = False,
                 env: dict[str, str] | None = None) -> Result:
        environ = {k: v for k, v in os.environ.items() if not k.startswith("SPRAWL_")}
        environ.update(env or {})
        return self.runner.invoke(cli, list(args), input=input, obj=Env(interactive=terminal, environ=environ),
                                  catch_exceptions=False)

    def json(self, *args: str, **kwargs: Any) -> Any:
        result = self(*args, "--json", **kwargs)
        assert result.exit_code == 0, result.output + result.stderr
        return json.loads(result.stdout)

    def new(self, *extra: str) -> Result:
        result = self("new", "--squad", PLF, "--squad", SUIT, *extra)
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
