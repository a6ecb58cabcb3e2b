"""The web stack of `sprawl serve` (the `table` extra) is imported by that command alone
(issue 26): every other command keeps its start-up, read from `sys.modules` as
tests/test_startup_imports.py reads it."""

from __future__ import annotations

import pytest

from tests import harness
from tests.factory import PLF, SUIT
from tests.test_startup_imports import imported

WEB = ("starlette", "uvicorn", "watchfiles", "segno", "anyio", "h11", "sprawl_cli.web")


def web_modules(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m in WEB or m.startswith(tuple(w + "." for w in WEB)))


@pytest.mark.parametrize("args", [
    ["status", "--json"], ["status"], ["log"], ["report"], ["report", "--format", "html"], ["--help"],
    ["roll", "4", "--dice", "4,5,7,10", "--json"], ["set", "Razz", "pinned", "on"],
])
def test_no_other_command_imports_the_web_stack(tmp_path, args):
    new = harness.run(["new", "--squad", PLF, "--squad", SUIT], tmp_path)
    assert new.returncode == 0, new.stderr
    assert web_modules(imported(args, tmp_path)) == []


def test_serve_help_needs_no_web_stack(tmp_path):
    # Its help (and its refusal without the extra) come before the stack is imported.
    assert web_modules(imported(["serve", "--help"], tmp_path)) == []
