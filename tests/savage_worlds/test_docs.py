"""docs/savage-worlds.md walks a round: every `$ sprawl ...` in its transcripts is run here
in order, on the sample squads, and must print exactly what the page shows."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start

DOC = Path(__file__).resolve().parents[2] / "docs" / "savage-worlds.md"


def transcript() -> list[tuple[list[str], str]]:
    """(arguments, the lines shown after them) for each `$ sprawl` in the page's ``` blocks."""
    steps: list[tuple[list[str], str]] = []
    blocks, inside, lines = [], False, []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if inside:
                blocks.append("\n".join(lines) + "\n")
            inside, lines = not inside, []
        elif inside:
            lines.append(line)
    for block in blocks:
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, shown = chunk.partition("\n")
            steps.append((shlex.split(command)[1:], shown.strip()))
    return steps


def test_the_walked_round_prints_what_the_page_shows(sprawl: Sprawl) -> None:
    start(sprawl)
    steps = transcript()
    assert len(steps) >= 20
    assert sprawl("deal", "--dice", "QS,7H,RJ,4C,9D").exit_code == 0
    for args, shown in steps:
        result = sprawl(*args)
        printed = (result.stdout + result.stderr).strip()
        assert printed == shown, (args, printed)
