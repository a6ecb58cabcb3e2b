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


def test_rules_piped_from_a_narrow_terminal_cut_no_line(sprawl: Any) -> None:
    """A real process started from a 40-column terminal (COLUMNS=40), its output piped."""
    topic = sprawl.json("rules", "house", "--system", "street-fight")["topics"][0]
    done = sprawl.process("rules", "house", "--system", "street-fight", env=harness.clean_environ(COLUMNS="40"))
    assert done.returncode == 0, done.stderr
    lines = [" ".join(line.split()).removeprefix("• ") for line in done.stdout.splitlines()]
    assert all(said in lines for said in _said(topic["text"]))


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
    sprawl.save.write_text("not: [a save", encoding="utf-8")
    repaired = sprawl("repair")
    assert repaired.exit_code == 0 and "after change #5" in repaired.stdout, repaired.stderr


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


# --- 20: loose input ------------------------------------------------------------------------


def _refused(result: Any, code: int, *words: str) -> str:
    """One `error:` line on stderr, the exit code, and the words it must quote."""
    assert result.exit_code == code, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    return str(lines[0])


@pytest.mark.parametrize("faces", ["5,,2", "5,2,", ",5,2", "5, ,2"])
def test_an_empty_die_face_is_refused(sprawl: Any, snapshot: Any, faces: str) -> None:
    sprawl.new()
    before = snapshot(sprawl.folder)
    _refused(sprawl("roll", "3", "--dice", faces), 1, f"--dice '{faces.strip()}'", "empty face", "5,7,2")
    _refused(sprawl("next", "--dice", faces), 1, "empty face")
    assert snapshot(sprawl.folder) == before
    assert sprawl.json("roll", "3", "--dice", "5, 7 ,2")["faces"] == [5, 7, 2]  # spaces around commas are fine


def test_an_empty_face_typed_at_a_prompt_is_asked_again(sprawl: Any) -> None:
    result = sprawl("roll", "3", "--dice", "ask", input="5,,2\n5,7,2\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "empty face" in result.stderr and "[5 7 2]" in result.stdout


@pytest.mark.parametrize(("args", "bad"), [
    (["roll", "3", "--mod", "99999999999999999999"], "99999999999999999999"),
    (["roll", "3", "--mod", "2", "--mod=-101"], "-101"),
    (["odds", "4", "-m", "1000"], "1000"),
    (["roll", "--system", "gunplay", "--column", "hard", "--mod", "101"], "101"),
    (["odds", "--system", "gunplay", "--column", "easy", "--mod", "-500"], "-500"),
    (["roll", "--system", "savage-worlds", "d8", "--mod", "100000000000000000000"], "100000000000000000000"),
    (["odds", "--system", "savage-worlds", "d8", "--wild", "--mod=-1000"], "-1000"),
    (["odds", "--system", "street-fight", "fight", "--attacker-mod", "999"], "999"),
    (["odds", "--system", "street-fight", "fight", "--defender-mod=-999"], "-999"),
    (["roll", "--system", "scratch-grid", "4", "--mod", "12345"], "12345"),
])
def test_a_modifier_past_any_dies_reach_is_refused(sprawl: Any, args: list[str], bad: str) -> None:
    _refused(sprawl(*args), 2, f"'{bad}'", "past any die's reach", "from -100 to 100")
    result = sprawl(*args, "--json")
    assert result.exit_code == 2 and "past any die's reach" in result.stdout


def test_a_modifier_within_reach_still_rolls(sprawl: Any) -> None:
    assert sprawl.json("roll", "3", "--mod", "100", "--dice", "7,8,9")["difficulty"] == 101
    assert sprawl.json("roll", "--system", "gunplay", "--column", "hard", "--mod=-100", "--dice", "12")["success"] is False


def _first(text: str, pattern: str) -> int:
    """The 1-based number of the first line of `text` matching `pattern`."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if re.match(pattern, line))


NEW = {
    "sprawl": ["new", "--squad", "rosters/plf.yaml", "--squad", "rosters/suit.yaml"],
    "gunplay": ["new", "--system", "gunplay", "--squad", "rosters/gunplay/crows.yaml",
                "--squad", "rosters/gunplay/wardens.yaml", "--dice", "5,8"],
    "street-fight": ["new", "--system", "street-fight", "--squad", "rosters/street-fight/dock-rats.yaml",
                     "--squad", "rosters/street-fight/wardens.yaml", "--dice", "75,9,2"],
    "savage-worlds": ["new", "--system", "savage-worlds", "--squad", "rosters/savage-worlds/expedition.yaml",
                      "--squad", "rosters/savage-worlds/cult.yaml"],
    "scratch-grid": ["new", "--system", "scratch-grid", "--squad", "rosters/scratch-grid/wardens.yaml",
                     "--squad", "rosters/scratch-grid/raiders.yaml", "--map", "rosters/scratch-grid/yard.yaml"],
}
A_STATUS = {"sprawl": "pinned", "gunplay": "down", "street-fight": "overwatch", "savage-worlds": "shaken",
            "scratch-grid": "injured"}
# A count each system bounds, edited far out of its range (Street-Fight keeps no such count).
A_COUNT = [("sprawl", "health"), ("gunplay", "wounds"), ("gunplay", "shooting"), ("savage-worlds", "wounds"),
           ("scratch-grid", "quickness")]


def _start(sprawl: Any, system: str) -> str:
    from tests.factory import ROOT

    args = [str(ROOT / a) if a.startswith("rosters/") else a for a in NEW[system]]
    assert sprawl(*args).exit_code == 0
    return str(sprawl.save.read_text(encoding="utf-8"))


def _edited_is_refused(sprawl: Any, snapshot: Any, text: str, line: int, new: str, *words: str) -> None:
    lines = text.splitlines(keepends=True)
    lines[line - 1] = new
    sprawl.save.write_text("".join(lines), encoding="utf-8")
    before = snapshot(sprawl.folder)
    for command in (["status"], ["next"], ["log"]):
        _refused(sprawl(*command), 1, f"sprawl-game.yaml:{line}:", *words)
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_hand_edited_status_twice_is_refused_with_its_line(sprawl: Any, snapshot: Any, system: str) -> None:
    text = _start(sprawl, system)
    line = _first(text, r"\s*statuses: \[\]")
    status = A_STATUS[system]
    indent = text.splitlines()[line - 1].split("statuses")[0]
    _edited_is_refused(sprawl, snapshot, text, line, f"{indent}statuses: [{status}, {status}]\n",
                       f"'{status}' is listed twice", "keep it once")


@pytest.mark.parametrize(("system", "key"), A_COUNT)
def test_a_hand_edited_count_out_of_range_is_refused_with_its_line(sprawl: Any, snapshot: Any, system: str,
                                                                   key: str) -> None:
    text = _start(sprawl, system)
    line = _first(text, rf"\s*{key}: \d+$")
    indent = text.splitlines()[line - 1].split(key)[0]
    _edited_is_refused(sprawl, snapshot, text, line, f"{indent}{key}: 999\n", key)


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_piped_status_table_cuts_no_cell(sprawl: Any, system: str) -> None:
    """Piped, a table still fits the width, and a cell too wide for its column goes on over the
    next line instead of ending in "…" (Savage Worlds' squad names did, at 80 columns)."""
    _start(sprawl, system)
    result = sprawl("status")
    assert result.exit_code == 0, result.stderr
    assert "…" not in result.stdout
    table = [line for line in result.stdout.splitlines() if "│" in line]
    assert table and max(len(line) for line in table) <= 80


def test_a_narrow_pipe_folds_cells_too(sprawl: Any) -> None:
    """A real process started from a 40-column terminal, its output piped."""
    sprawl.new()
    env = harness.clean_environ(COLUMNS="40")
    done = sprawl.process("status", env=env)
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout
    names = "".join(line.split("│")[0].strip() for line in done.stdout.splitlines() if "│" in line)
    assert "Wilson ★" in names and "Wishbone" in names  # folded over two lines, every letter kept


@pytest.mark.parametrize("system", SYSTEMS)
def test_piped_help_cuts_nothing(sprawl: Any, system: str) -> None:
    """Every command's --help, piped: Typer's own tables fold a long word rather than cut it
    (`log --help` ended the --campaign default in "…")."""
    from sprawl_cli.cli.line import commands_of

    _start(sprawl, system)
    for name in commands_of(system):
        result = sprawl(name, "--help")
        assert result.exit_code == 0, (name, result.stderr)
        assert "…" not in result.stdout, (name, [line for line in result.stdout.splitlines() if "…" in line])
