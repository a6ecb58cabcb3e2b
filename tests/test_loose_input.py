"""Issue 24, items 18-20, through the real command line: `rules` piped cuts nothing, a journal
entry keeps its number for life, and loose input (an empty die face, a modifier past any die's
reach, a hand-edited save with impossible values, completion of a command name) is refused
or finished properly."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests import harness

SYSTEMS = ("sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid")


# --- 18: `rules ... | cat` cuts no line ---------------------------------------------------


def _said(markdown: str) -> list[str]:
    """Each paragraph and list item of a topic as a reader sees it: no backticks or emphasis
    marks, its words on one line."""
    blocks = re.split(r"\n\s*\n|\n(?=- )", markdown)
    out = []
    for block in blocks:
        if all(line.startswith("    ") for line in block.splitlines() if line.strip()):  # code: line by line
            out += [" ".join(line.split()) for line in block.splitlines() if line.strip()]
            continue
        text = re.sub(r"[`*]", "", block).strip()
        text = re.sub(r"^- ", "", text)
        text = " ".join(text.split())
        if text:
            out.append(text)
    return out


@pytest.mark.parametrize("system", SYSTEMS)
def test_rules_piped_cut_no_line(sprawl: Any, system: str) -> None:
    """Not on a terminal, every paragraph and list item of every topic is printed whole, on one
    line, however narrow the terminal it was started from."""
    topics = sprawl.json("rules", "--system", system)["topics"]
    result = sprawl("rules", "--system", system, env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.stderr
    lines = [" ".join(line.split()).removeprefix("• ") for line in result.stdout.splitlines()]
    for topic in topics:
        for said in _said(topic["text"]):
            assert said in lines, f"{topic['topic']}: not whole on one line: {said[:60]}..."
    assert all(line == line.rstrip() for line in result.stdout.splitlines()), "no padding after the text"


def test_rules_on_a_terminal_still_wrap_at_its_width(sprawl: Any) -> None:
    """On a terminal the reference wraps at the terminal's width (COLUMNS), as before."""
    from io import StringIO

    from rich.console import Console

    from sprawl_cli.render import print_markdown

    out = StringIO()
    console = Console(file=out, width=50, force_terminal=True, color_system=None)
    print_markdown(console, "A paragraph " + "that goes on " * 10 + "\n\n- an item " + "that goes on " * 10)
    assert out.getvalue().count("\n") > 4 and max(len(x) for x in out.getvalue().splitlines()) <= 50
    assert harness.invoke(["rules", "house", "--system", "street-fight"]).exit_code == 0


# --- 19: every journal entry keeps one number for life --------------------------------------


def _numbers(sprawl: Any) -> list[tuple[int, bool]]:
    return [(e["number"], e["undone"]) for e in sprawl.json("log")["entries"]]


def test_a_change_after_an_undo_gets_a_number_of_its_own(sprawl: Any) -> None:
    sprawl.new()
    sprawl.json("next")
    sprawl.json("next")
    assert sprawl.json("undo")["undone"][0]["number"] == 2
    sprawl.json("next")  # takes step 2 again, but not number 2
    assert _numbers(sprawl) == [(1, False), (2, True), (3, False)]
    shown = [line.split()[0] for line in sprawl("log").stdout.splitlines() if line.startswith("#")]
    assert shown == ["#1", "#2", "#3"]
    assert sprawl.json("status")["undone"] is None
    sprawl.json("next")
    assert sprawl.json("undo")["undone"][0]["number"] == 4
    assert sprawl.json("status")["undone"]["number"] == 4
    assert "#4 (next --json) was undone" in sprawl("status").stdout
    assert sprawl.json("redo")["redone"]["number"] == 4  # put back, it is the same change
    assert _numbers(sprawl) == [(1, False), (2, True), (3, False), (4, False)]
    sprawl.json("undo", "2")
    sprawl.json("next")
    assert _numbers(sprawl) == [(1, False), (2, True), (3, True), (4, True), (5, False)]


def test_a_journal_written_before_entries_were_numbered_still_reads(sprawl: Any) -> None:
    """Old entries (no `number`) are numbered in the order they happened, and the next change
    follows on from them."""
    import json

    sprawl.new()
    for _ in range(2):
        sprawl.json("next")
    sprawl.json("undo")
    sprawl.json("next")
    for path in (sprawl.folder / "sprawl-game.yaml.journal").rglob("*.json"):
        entry = json.loads(path.read_text(encoding="utf-8"))
        for held in (entry, entry.get("entry") or {}):
            held.pop("number", None)
        path.write_text(json.dumps(entry), encoding="utf-8")
    assert _numbers(sprawl) == [(1, False), (2, True), (3, False)]
    sprawl.json("next")
    assert _numbers(sprawl) == [(1, False), (2, True), (3, False), (4, False)]
    sprawl.json("undo")
    sprawl.json("next")
    assert _numbers(sprawl) == [(1, False), (2, True), (3, False), (4, True), (5, False)]
