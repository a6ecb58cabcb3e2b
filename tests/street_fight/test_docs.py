"""The turn of play in docs/street-fight.md runs as shown: every command, every line it shows."""

from __future__ import annotations

from typing import Any

from tests.factory import ROOT, ROSTERS

DOC = ROOT / "docs" / "street-fight.md"


def session() -> list[tuple[list[str], list[str]]]:
    """(command arguments, the lines the page shows for it), from the page's `$ sprawl` blocks."""
    text = DOC.read_text().split("## Commands")[0].replace("\\\n", " ")
    steps: list[tuple[list[str], list[str]]] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside and line.startswith("$ sprawl "):
            command = line[len("$ sprawl "):].split("#")[0]
            steps.append((command.replace("rosters/", f"{ROSTERS}/").split(), []))
        elif inside and steps and line.strip():
            steps[-1][1].append(line)
    return steps


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_page_runs_as_shown(sprawl: Any) -> None:
    steps = session()
    assert len(steps) > 15 and sum(len(shown) for _, shown in steps) > 20
    for args, shown in steps:
        result = sprawl(*args, env={"COLUMNS": "250", "NO_COLOR": "1"})
        assert result.exit_code == 0, (args, result.stderr)
        for line in shown:
            assert flat(line) in flat(result.stdout), (args, line, result.stdout)
