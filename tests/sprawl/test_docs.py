"""docs/sprawl.md cannot drift: its round of SPRAWL (once the README's walkthrough) runs as
written and prints what it shows, and every command and option its examples name exists."""

from __future__ import annotations

import shlex
import shutil

import pytest

from tests.factory import ROOT
from tests.test_readme import check_command, command_lines, console_steps, tidy

DOC = (ROOT / "docs" / "sprawl.md").read_text(encoding="utf-8")


def test_walkthrough_runs_and_prints_what_the_doc_shows(sprawl, monkeypatch):
    steps = console_steps(DOC)
    assert len(steps) >= 15, "docs/sprawl.md lost its walkthrough"
    shutil.copytree(ROOT / "rosters", sprawl.folder / "rosters", symlinks=False)
    monkeypatch.setenv("COLUMNS", "100")
    for command, shown in steps:
        args = shlex.split(command)
        assert args[0] == "sprawl"
        result = sprawl(*args[1:], env={"NO_COLOR": "1"})
        if shown.startswith("error:"):  # the page shows a refusal on purpose
            assert result.exit_code == 1, f"$ {command} was not refused"
            assert tidy(result.stderr) == tidy(shown), f"$ {command} was refused differently"
            continue
        assert result.exit_code == 0, f"$ {command}\n{result.stderr}"
        assert tidy(result.stdout) == tidy(shown), f"$ {command} printed something else"


@pytest.mark.parametrize("system,words", command_lines(DOC), ids=lambda w: " ".join(w[:3]) if isinstance(w, list) else w)
def test_commands_and_options_in_the_doc_exist(system, words):
    check_command(system, words, "docs/sprawl.md")
