"""The type checker over the whole package (STYLE.md principle 8): `mypy` as
configured in pyproject.toml's [tool.mypy] must report no errors.

Without mypy the test skips and says why, except under CI=true, where it fails
(.ci/run installs the `test` extras, which include mypy and types-PyYAML)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests import harness

ROOT = Path(__file__).resolve().parent.parent


def mypy_api() -> ModuleType:
    try:
        from mypy import api
    except ImportError:
        harness.missing("mypy is not installed (pip install -e '.[test]')")
        raise
    return api


def test_config_is_strict() -> None:
    """Weakening the check is a decision to make in review, not by accident."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["sprawl_cli"]
    assert config["python_version"] == "3.11"


def test_mypy_reports_no_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    api = mypy_api()
    monkeypatch.chdir(ROOT)  # mypy reads [tool.mypy] from the pyproject.toml where it runs
    out, err, status = api.run([])
    assert status == 0, f"mypy found type errors:\n{out}{err}"
    # It really looked at the package: every module, not an empty selection.
    modules = len(list((ROOT / "sprawl_cli").rglob("*.py")))
    assert f"no issues found in {modules} source files" in out, out
