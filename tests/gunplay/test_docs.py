"""docs/gunplay.md cannot drift: its walkthrough runs as written and prints what it shows,
and every command example it lists parses."""

from __future__ import annotations

import re
import shlex
import shutil
from typing import Any

import pytest

from tests.factory import ROOT

DOC = (ROOT / "docs" / "gunplay.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def tidy(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def steps() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for lang, body in BLOCK.findall(DOC):
        if lang == "console":
            for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
                command, _, shown = chunk.partition("\n")
                found.append((command.strip(), shown))
    return found


def test_walkthrough_runs_and_prints_what_the_doc_shows(sprawl: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    walk = steps()
    assert len(walk) >= 12, "the doc lost its walkthrough"
    shutil.copytree(ROOT / "rosters", sprawl.folder / "rosters")
    monkeypatch.setenv("COLUMNS", "100")
    for command, shown in walk:
        args = shlex.split(command)
        result = sprawl(*args[1:], env={"NO_COLOR": "1", "COLUMNS": "100"})
        if shown.startswith("error:"):
            assert result.exit_code == 1 and tidy(result.stderr) == tidy(shown), command
            continue
        assert result.exit_code == 0, f"$ {command}\n{result.stderr}"
        assert tidy(result.stdout) == tidy(shown), f"$ {command} printed something else"


def test_every_example_command_is_one_of_ours() -> None:
    from sprawl_cli.cli.line import commands_of

    known = set(commands_of("gunplay"))
    for lang, body in BLOCK.findall(DOC):
        if lang != "sh":
            continue
        for line in body.splitlines():
            line = line.split("#")[0].strip()
            if line.startswith("sprawl "):
                assert shlex.split(line)[1] in known, line
