"""`sprawl report` (issue 26): the battle report of the game in the save, for every system,
finished or not, in Markdown and HTML; and the live page's drawing (`render/table_page.py`)
without a server: what it shows, what it never shows (a file path), a damaged save."""

from __future__ import annotations

import re

import pytest

from sprawl_cli.render.table_page import command_words, game_view
from tests import harness
from tests.factory import ROOT, new_args

R = ROOT / "rosters"
# system -> (new's arguments, a character, the status that takes it out of the game)
GAMES = {  # system -> (a character, the status that takes it out of the game)
    "sprawl": ("Razz", "out_of_action"),
    "gunplay": ("Vic", "removed"),
    "street-fight": ("Vex", "casualty"),
    "savage-worlds": ("Priestess", "incapacitated"),
    "scratch-grid": ("Vex", "escaped"),
}
WORD = {"gunplay": "turn"}  # what a system calls a round, where not "round"
HOUSE = {"sprawl": "GEAR", "gunplay": "G5", "savage-worlds": "W8", "scratch-grid": "S5"}


def start(sprawl, system):
    who, out = GAMES[system]
    result = sprawl("--seed", "3", "new", *new_args(system))
    assert result.exit_code == 0, result.stderr
    return who, out


@pytest.mark.parametrize("system", list(GAMES))
def test_a_report_of_a_game_in_progress_says_who_fell_and_how(sprawl, system):
    who, out = start(sprawl, system)
    fell = sprawl("set", who, out, "on", *(("--nearby", "none") if system == "sprawl" else ()))  # SPRAWL's option only
    assert fell.exit_code == 0, fell.stderr
    result = sprawl("report")
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    squads = {c["squad"] for c in sprawl.json("status")["characters"]}
    assert text.startswith("# Battle report: ")
    assert "game 1" not in text.splitlines()[0]  # a game in the save is no campaign's game N
    word = WORD.get(system, "round")
    assert f"Still being played: {word} 1" in text
    assert f"## {word.capitalize()} by {word}" in text and f"| {word.capitalize()} |" in text
    other = "round" if word == "turn" else "turn"
    assert f"Still being played: {other}" not in text and f"## {other.capitalize()} by" not in text
    assert "## Aftermath" not in text and "struck from the campaign" not in text
    for squad in squads:
        assert squad in text.replace("\\", "")
    falls = text.split("## How they fell", 1)[1].split("\n## ", 1)[0]
    assert f"**{who}**" in falls and f"set {who} {out} on" in falls.replace("'", "")
    assert "## Change by change" in text
    if system in HOUSE:
        house = text.split("## House rulings", 1)[1].split("\n## ", 1)[0]
        assert "*House:*" in house and HOUSE[system] in house
    assert "Report by sprawl" in text


@pytest.mark.parametrize("system", list(GAMES))
def test_an_html_report_of_a_finished_game_is_one_self_contained_page(sprawl, system, tmp_path):
    start(sprawl, system)
    ended = sprawl("end", "--yes")
    assert ended.exit_code == 0, ended.stderr
    result = sprawl("report", "--format", "html", "--output", "tonight.html", "--json")
    assert result.exit_code == 0, result.stderr
    data = sprawl_json(result.stdout)
    assert data["format"] == "html" and data["over"] is True and data["output"] == "tonight.html"
    page = (tmp_path / "tonight.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<h2>How they fell</h2>" in page
    assert "<h2>Aftermath</h2>" not in page and "Still being played" not in page
    assert not re.search(r"(src|href)\s*=", page) and "<script" not in page
    if system == "scratch-grid":
        assert 'id="map"' in page  # the field as it stands, as the campaign report draws it


def sprawl_json(text):
    import json

    return json.loads(text)


def test_the_dice_that_decided_a_fall_are_in_the_report(sprawl):
    start(sprawl, "sprawl")
    hit = sprawl("damage", "Newton", "5", "--nearby", "none", "--dice", "10")
    assert hit.exit_code == 0, hit.stderr
    text = sprawl("report").stdout
    falls = text.split("## How they fell", 1)[1].split("\n## ", 1)[0]
    assert "**Newton**" in falls and "The dice that decided it: Newton: Incapacitation \\[10\\]" in falls
    html = sprawl("report", "-f", "html").stdout
    assert "The dice that decided it: <code>Newton: Incapacitation [10]</code>" in html


def test_a_report_is_refused_without_a_game_and_for_a_bad_format(sprawl, snapshot, tmp_path):
    before = snapshot(tmp_path)
    missing = sprawl("report")
    assert missing.exit_code == 1 and "no game at" in missing.stderr
    start(sprawl, "gunplay")
    before = snapshot(tmp_path)
    bad = sprawl("report", "--format", "pdf", "--output", "x.pdf")
    assert bad.exit_code == 2 and "--format should be md or html" in bad.stderr
    assert snapshot(tmp_path) == before


def test_the_campaign_report_is_unchanged_by_the_shared_writer(sprawl, tmp_path):
    made = sprawl("campaign", "new", "--squad", str(R / "gunplay/crows.yaml"), "--squad",
                  str(R / "gunplay/wardens.yaml"))
    assert made.exit_code == 0, made.stderr
    assert sprawl("new", "--campaign", "sprawl-campaign.yaml").exit_code == 0
    assert sprawl("end", "--yes").exit_code == 0
    assert sprawl("aftermath").exit_code == 0
    written = sprawl("campaign", "report", "--out", "c.md", "--json")
    assert written.exit_code == 0, written.stderr
    assert sprawl_json(written.stdout)["out"] == "c.md"
    text = (tmp_path / "c.md").read_text()
    assert text.startswith("# Battle report: game 1, Crows vs Wardens") and "## Aftermath" in text


# --- the live page's drawing -------------------------------------------------------------


@pytest.mark.parametrize("system", list(GAMES))
def test_the_live_page_shows_sides_statuses_turn_and_no_file_path(sprawl, system, tmp_path):
    who, _ = start(sprawl, system)
    assert sprawl("log").exit_code == 0
    view = game_view(tmp_path / "sprawl-game.yaml")
    assert 'id="turn"' in view and re.search(r"(Round|Turn) 1\b", view) and 'id="now"' in view
    assert f'data-name="{who}"' in view
    assert str(tmp_path) not in view and str(ROOT) not in view and ".yaml" not in view
    assert ("<svg" in view) == (system == "scratch-grid")


def test_a_damaged_save_is_a_banner_naming_no_file(sprawl, tmp_path):
    start(sprawl, "sprawl")
    (tmp_path / "sprawl-game.yaml").write_text("schema_version: 1\nsquads: [\n", encoding="utf-8")
    view = game_view(tmp_path / "sprawl-game.yaml")
    assert 'id="banner"' in view and "cannot be read" in view
    assert str(tmp_path) not in view and "Traceback" not in view


def test_hostile_names_are_escaped_on_the_page(sprawl, tmp_path):
    start(sprawl, "gunplay")
    save = tmp_path / "sprawl-game.yaml"
    save.write_text(save.read_text().replace("Crows", "<script>Crows</script>"), encoding="utf-8")
    view = game_view(save)
    assert "<script>" not in view and "&lt;script&gt;Crows&lt;/script&gt;" in view


def test_commands_on_the_page_name_no_file():
    entry = {"command": "--game /home/me/club.yaml --seed 3 shoot Razz Wilson --range short --out=x/y.html",
             "kind": "shoot"}
    assert command_words(entry) == "--seed 3 shoot Razz Wilson --range short"


def test_serve_without_the_table_extra_refuses_in_one_line(sprawl, monkeypatch, snapshot, tmp_path):
    from sprawl_cli.cli import screencmds

    start(sprawl, "sprawl")
    monkeypatch.setattr(screencmds, "missing_stack", lambda: ["starlette", "uvicorn"])
    before = snapshot(tmp_path)
    result = sprawl("serve")
    assert result.exit_code == 1
    assert result.stderr.strip().count("\n") == 0
    assert "pip install -e '.[table]'" in result.stderr
    assert snapshot(tmp_path) == before


def test_serve_without_a_game_refuses(sprawl):
    result = sprawl("serve")
    assert result.exit_code == 1 and "no game at" in result.stderr


def test_serve_and_report_are_in_the_help():
    shown = harness.invoke(["--help"]).stdout
    assert "report" in shown and "serve" in shown


def test_a_drawing_that_fails_is_a_banner_not_a_stack_trace(sprawl, monkeypatch, tmp_path):
    from sprawl_cli.render import table_page

    start(sprawl, "street-fight")

    def broken(*_args):
        raise KeyError("a bug")

    monkeypatch.setattr(table_page, "sides", broken)
    view = game_view(tmp_path / "sprawl-game.yaml")
    assert 'id="banner"' in view and "KeyError" in view and "Traceback" not in view


def test_the_last_results_name_no_file(tmp_path):
    from sprawl_cli.render.table_page import scrubbed

    save = tmp_path / "club.yaml"
    entry = {"summary": [f"Saved to {save}.", "Kept /home/me/old/club.yaml.prev beside it."]}
    lines = scrubbed(entry, save)["summary"]
    assert lines == ["Saved to the save file.", "Kept a file beside it."]


def test_report_replaces_an_earlier_report_but_never_a_save_or_roster(sprawl, snapshot, tmp_path):
    start(sprawl, "sprawl")
    assert sprawl("report", "-o", "tonight.md").exit_code == 0
    assert sprawl("report", "-o", "tonight.md", "--format", "html").exit_code == 0  # its own report: replaced
    assert (tmp_path / "tonight.md").read_text().startswith("<!DOCTYPE html>")
    before = snapshot(tmp_path)
    refused = sprawl("report", "--output", "sprawl-game.yaml")
    assert refused.exit_code == 1 and "something other than a sprawl report" in refused.stderr
    assert snapshot(tmp_path) == before
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert sprawl("report", "--output", "notes.txt", "--force").exit_code == 0


def test_the_live_page_fetches_nothing_from_outside(sprawl, tmp_path):
    from sprawl_cli.render.table_page import SCRIPT, page

    start(sprawl, "scratch-grid")
    html = page(game_view(tmp_path / "sprawl-game.yaml"))
    # One thing is fetched, from this server: its script, so no inline script needs to run.
    assert re.findall(r"(?:src|href)\s*=\s*\"([^\"]*)\"", html) == ["page.js"]
    assert "@import" not in html and "url(" not in html
    assert "http" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert html.count("<script") == 1 and "EventSource" not in html and "new EventSource('events'" in SCRIPT


def test_the_live_page_says_when_the_game_is_over(sprawl, tmp_path):
    start(sprawl, "street-fight")
    assert sprawl("concede", "Dock Rats").exit_code == 0
    view = game_view(tmp_path / "sprawl-game.yaml")
    assert 'id="over"' in view and "Wardens won" in view and 'class="side now"' not in view


@pytest.mark.parametrize("target", [".", "sub", "sprawl-game.yaml"])
def test_a_report_never_replaces_a_folder_or_the_save_not_even_forced(sprawl, snapshot, target):
    sprawl.new()
    (sprawl.folder / "sub").mkdir()
    before = snapshot(sprawl.folder)
    for command in (("report",), ("campaign", "report")):
        result = sprawl(*command, "--out", target, "--force")
        assert result.exit_code == 1, result.stderr
        assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr
    assert snapshot(sprawl.folder) == before


HOSTILE = "R`z <img src=x onerror=alert(1)> &amp;``"  # 40 characters: the longest name a save holds


def test_a_hostile_name_in_the_markdown_report_stays_text_under_a_commonmark_parser(sprawl, tmp_path):
    """A backtick in a name used to close the code span around a command, leaving what followed
    as raw HTML wherever the report is posted; every name and free text is escaped for Markdown."""
    from markdown_it import MarkdownIt

    start(sprawl, "sprawl")
    save = tmp_path / "sprawl-game.yaml"
    save.write_text(save.read_text().replace("Razz", f"'{HOSTILE}'", 1).replace("Razz", HOSTILE), encoding="utf-8")
    assert any(c["name"] == HOSTILE for c in sprawl.json("status")["characters"])
    put = sprawl("set", HOSTILE, "out_of_action", "on", "--nearby", "none")
    assert put.exit_code == 0, put.stderr
    text = sprawl("report").stdout
    html = MarkdownIt("commonmark").render(text)
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "&amp;amp;" in html  # the name's own "&amp;" shown as typed, not read as an entity
    spans = re.findall(r"<code>(.*?)</code>", html)
    assert any(HOSTILE.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in s for s in spans), spans


@pytest.mark.parametrize("text", ["plain", "a`b", "``", "`edge", "edge`", "x ``` y", "two\nlines"])
def test_a_code_span_holds_any_text_whole(text):
    from markdown_it import MarkdownIt

    from sprawl_cli.report import code

    rendered = MarkdownIt("commonmark").render(f"say {code(text)} done")
    flat = " ".join(text.splitlines())
    assert rendered == f"<p>say <code>{flat}</code> done</p>\n".replace("&", "&amp;")


@pytest.mark.parametrize("system", list(GAMES))
def test_every_screen_calls_a_round_what_the_system_calls_it(sprawl, system, tmp_path):
    """Issue 37 item 8: the HTML report, its charts and the live page say the system's own word
    for a round (Gunplay's "turn"), never the kernel's."""
    word = WORD.get(system, "round")
    other = "round" if word == "turn" else "turn"
    who, out = start(sprawl, system)
    fell = sprawl("set", who, out, "on", *(("--nearby", "none") if system == "sprawl" else ()))
    assert fell.exit_code == 0, fell.stderr
    view = game_view(tmp_path / "sprawl-game.yaml")
    assert f"</span> {word} 1 · <strong>" in view and f"</span> {other} 1 · " not in view
    assert sprawl("end", "--yes").exit_code == 0
    result = sprawl("report", "--format", "html", "--output", "tonight.html")
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "tonight.html").read_text(encoding="utf-8")
    assert f"<h2>Over the {word}s</h2>" in page and f"at the end of each {word}." in page
    assert f'text-anchor="middle">{word}</text>' in page and f'text-anchor="middle">{other}</text>' not in page
    assert f">{word.capitalize()} 1, <code>" in page and f">{other.capitalize()} 1, <code>" not in page


@pytest.mark.parametrize("system", list(GAMES))
def test_a_concession_says_nothing_of_another_systems_rules(sprawl, system):
    """Issue 37 item 8: `concede --json` carries the kernel's fields and the system's own, never
    SPRAWL's `routing` for a game of another system (SPRAWL's own rout still has it)."""
    start(sprawl, system)
    side = sprawl.json("status")["characters"][0]["squad"]
    data = sprawl.json("concede", side, "--yes")
    assert {"kind", "squad", "over", "winner", "reason", "draw"} <= set(data)
    assert data["kind"] == "concede" and data["squad"] == side and data["over"] is True
    assert "routing" not in data
