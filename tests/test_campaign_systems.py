"""Campaigns of every system through the CLI: `campaign new` from each system's rosters, a short
game from the campaign played to its end with scripted dice, `aftermath` (which rolls nothing in
a system without one), `campaign show` and `history` with the system's own records, and the
battle report in Markdown and in HTML (self-contained, inline SVG charts)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.factory import ROSTERS

CAMPAIGN = "sprawl-campaign.yaml"


def here(system: str, name: str) -> str:
    return str(ROSTERS / system / name)


def start(sprawl: Any, system: str, first: str, second: str, *extra: str) -> dict[str, Any]:
    made = sprawl.json("campaign", "new", "--squad", here(system, first), "--squad", here(system, second))
    assert made["system"] == system and len(made["squads"]) == 2
    return sprawl.json("new", "--campaign", CAMPAIGN, *extra)  # the campaign's own system: no --system


def finish(sprawl: Any, loser: str) -> dict[str, Any]:
    sprawl.json("concede", loser)
    data = sprawl.json("aftermath")  # nothing to roll: no --dice given, and none would be enough
    assert data["game"] == 1 and data["table"] == "no aftermath in this system" and data["results"] == []
    return data


def member(show: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for s in show["squads"] for c in s["characters"] if c["name"] == name)


def reports(sprawl: Any, *words: str) -> tuple[str, str]:
    text = sprawl("campaign", "report", "--format", "md")
    assert text.exit_code == 0, text.stderr
    sprawl.json("campaign", "report", "1", "--format", "html", "--out", "report.html")
    page = (sprawl.folder / "report.html").read_text(encoding="utf-8")
    for word in ("Battle report: game 1", "won after", "no aftermath in this system", *words):
        assert word.lower() in text.stdout.lower(), word
        assert word.lower() in page.lower(), word
    assert not re.search(r"(src|href)\s*=", page) and "<script" not in page and "http" not in page
    charts = re.findall(r'<svg width="100%"[^>]*viewBox=', page)
    assert charts, "no chart"
    assert 'name="viewport"' in page
    return text.stdout, page


def test_gunplay_campaign(sprawl: Any) -> None:
    data = start(sprawl, "gunplay", "crows.yaml", "wardens.yaml", "--dice", "5,8")
    assert data["system"] == "gunplay" and data["side"] == "Wardens"
    shot = sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--dice", "1", "--yes")  # automatic hit; Toughness 1
    assert shot["hits"] == 1
    done = finish(sprawl, "Crows")
    assert done["records"]["Kit"]["hits"] == 1
    show = sprawl.json("campaign", "show")
    assert show["system"] == "gunplay" and show["games"][0]["winner"] == "Wardens"
    kit = member(show, "Kit")
    assert kit["state"] == "active" and kit["record"]["games"] == 1 and kit["record"]["hits"] == 1
    assert member(show, "Vic")["record"]["games"] == 1
    history = sprawl.json("campaign", "history")["games"]
    assert history[0]["records"]["Kit"]["hits"] == 1 and history[0]["aftermath"] == []
    text, page = reports(sprawl, "Crows", "Wardens", "Kit", "Vic", "Hits")
    assert "| Kit |" in text and "<td>Kit</td>" in page
    # A second game from the same campaign: the records add up.
    sprawl.json("new", "--campaign", CAMPAIGN, "--dice", "5,8")
    sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--dice", "1", "--yes")
    sprawl.json("concede", "Crows")
    assert sprawl.json("aftermath")["game"] == 2
    assert member(sprawl.json("campaign", "show"), "Kit")["record"]["hits"] == 2
    # The step that put the game into the campaign is undone like any other.
    sprawl.json("undo")
    show = sprawl.json("campaign", "show")
    assert len(show["games"]) == 1 and member(show, "Kit")["record"]["hits"] == 1


def test_street_fight_campaign(sprawl: Any) -> None:
    start(sprawl, "street-fight", "dock-rats.yaml", "wardens.yaml", "--dice", "75,9,2")
    for _ in range(4):
        sprawl.json("next")
    # Vex is on Dee too (F9: -1 for Dee in both fights). Dee holds: 5 against 6.
    sprawl.json("fight", "Mags", "Dee", "--cover", "--yes", "--contact", "Vex", "--dice", "6,6")
    fight = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--dice", "9,9")  # 9 against 8: a casualty
    assert fight["casualty"] == "Dee"
    finish(sprawl, "Wardens")
    show = sprawl.json("campaign", "show")
    assert show["system"] == "street-fight" and show["games"][0]["winner"] == "Dock Rats"
    assert member(show, "Dee")["record"]["games"] == 1
    assert show["squads"][0]["characters"][0]["record"].keys() >= {"games"}
    text, page = reports(sprawl, "Dock Rats", "Wardens", "Vex", "Dee")
    assert "out of the game" in text  # Dee went down


def test_savage_worlds_campaign(sprawl: Any) -> None:
    start(sprawl, "savage-worlds", "expedition.yaml", "cult.yaml")
    sprawl.json("deal", "--dice", "KS,10H,RJ,2C,5D")
    sprawl.json("next")  # past the Priestess's Joker: Ada's King is up
    shot = sprawl.json("shoot", "Ada", "Priestess", "--range", "medium", "--actions", "1", "--dice", "6,2,4,3", "--cover", "none", "--light", "normal", "--into-melee", "none")
    assert shot["victims"][0]["result"] == "shaken"
    teams = [s["name"] for s in sprawl.json("campaign", "show")["squads"]]
    finish(sprawl, teams[1])
    show = sprawl.json("campaign", "show")
    assert show["system"] == "savage-worlds" and show["games"][0]["winner"] == teams[0]
    priestess = member(show, "Priestess")
    assert priestess["state"] == "active" and set(priestess["record"]) >= {"games", "wounds", "incapacitated", "dead"}
    assert priestess["sheet"], "the campaign keeps each character's sheet"
    reports(sprawl, teams[0], teams[1], "Ada", "Priestess", "Wounds", "House rulings",
            "W8 damage effects are a house ruling")


def test_scratch_grid_campaign_draws_the_map(sprawl: Any) -> None:
    yard = here("scratch-grid", "yard.yaml")
    start(sprawl, "scratch-grid", "wardens.yaml", "raiders.yaml", "--map", yard)
    sprawl.json("move", "Ada", "j2", "--force")
    hit = sprawl.json("attack", "Ada", "Vex", "--kind", "close", "--result", "hit")
    assert hit["victims"][0]["after"] == "injured"
    teams = [s["name"] for s in sprawl.json("campaign", "show")["squads"]]
    finish(sprawl, teams[1])
    show = sprawl.json("campaign", "show")
    assert show["system"] == "scratch-grid" and member(show, "Ada")["record"]["games"] == 1
    _, page = reports(sprawl, "Ada", "Vex")
    assert '<figure class="map" id="map"><svg' in page and "the map at the end of the game" in page


def test_a_campaign_game_of_another_system_needs_its_campaign(sprawl: Any) -> None:
    sprawl.json("campaign", "new", "--squad", here("gunplay", "crows.yaml"), "--squad", here("gunplay", "wardens.yaml"))
    result = sprawl("new", "--campaign", CAMPAIGN, "--system", "street-fight")
    assert result.exit_code == 1 and "gunplay" in result.stderr
    bad = sprawl("campaign", "new", "--squad", here("gunplay", "crows.yaml"), "--squad",
                 here("gunplay", "wardens.yaml"), "--table", "x.yaml", "--campaign", "other.yaml")
    assert bad.exit_code == 1 and bad.stderr == "error: --table is not an option of Gunplay campaigns\n"


@pytest.mark.parametrize("system", ["gunplay", "street-fight", "savage-worlds", "scratch-grid"])
def test_a_campaign_of_mixed_systems_is_refused(sprawl: Any, system: str) -> None:
    first = {"gunplay": "crows.yaml", "street-fight": "dock-rats.yaml", "savage-worlds": "cult.yaml",
             "scratch-grid": "wardens.yaml"}[system]
    result = sprawl("campaign", "new", "--squad", here(system, first), "--squad", str(ROSTERS / "plf.yaml"))
    assert result.exit_code == 1 and "system" in result.stderr


def test_a_systems_campaign_option_is_its_own(sprawl: Any, snapshot: Any) -> None:
    """`campaign new --table` is SPRAWL's (R26's table), registered by SPRAWL: its campaigns'
    `campaign new --help` lists it, another system's does not and refuses it as unknown."""
    assert "--table" in sprawl("campaign", "new", "--help").stdout
    assert "--table" not in sprawl("campaign", "new", "--system", "gunplay", "--help").stdout
    sprawl.json("campaign", "new", "--squad", here("gunplay", "crows.yaml"), "--squad", here("gunplay", "wardens.yaml"))
    before = snapshot(sprawl.folder)
    result = sprawl("campaign", "new", "--system", "gunplay", "--squad", here("gunplay", "crows.yaml"), "--squad",
                    here("gunplay", "wardens.yaml"), "--table", "x.yaml", "--force")
    assert result.exit_code == 2 and "--table" in result.stderr and "Traceback" not in result.stderr
    assert snapshot(sprawl.folder) == before


def test_the_kernels_books_name_no_system() -> None:
    """The campaign's books and reports are the kernel's for every system: no SPRAWL word in them."""
    from pathlib import Path

    kernel = Path(__file__).resolve().parent.parent / "sprawl_cli"
    files = ["books.py", "campaign.py", "campaign_file.py", "report.py", "gamereport.py", "render/report_html.py",
             "render/report_views.py", "systems/bookhooks.py",
             "cli/campaigncmds.py", "cli/choices.py", "systems/base.py"]
    words = ["SPRAWL", "R26", "Out of Action", "house table", "--table", "injur", "Health", "d8", "Smarts"]
    found = [(name, word) for name in files for word in words
             if word in (kernel / name).read_text(encoding="utf-8").replace("SPRAWL_", "")]
    assert found == []


def test_a_campaign_file_of_schema_1_of_another_system_reads_as_it_did(sprawl: Any) -> None:
    """The kernel's books kept their shape from schema 1 to 2: a Gunplay campaign written by the
    older sprawl shows, and reports, exactly what that sprawl printed (kept beside it), but for
    Gunplay's own word for a round ("turn"), which the report has used since issue 37."""
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parent / "data"
    (sprawl.folder / CAMPAIGN).write_bytes((data / "gunplay-campaign-v1.yaml").read_bytes())
    shown = sprawl.json("campaign", "show")
    shown.pop("campaign")
    assert [s.pop("next_leader") for s in shown["squads"]] == ["", ""]  # new since; Gunplay names no leaders
    assert shown == json.loads((data / "gunplay-campaign-v1.show.json").read_text(encoding="utf-8"))
    report = sprawl("campaign", "report")
    assert report.stdout == (data / "gunplay-campaign-v1.report.md").read_text(encoding="utf-8")
