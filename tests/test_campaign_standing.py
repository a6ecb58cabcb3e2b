"""Issue 24 item 2: the standing a campaign records for each side is the game's, in every system.

Each test plays a short campaign game in which a side loses people (a casualty through the rules
where that is short, else the referee's `set`), concedes it, records it with `aftermath`, and
checks the figure four ways: what `campaign history --json` says, the last row of the battle
report's round-by-round table, the journal's own count (`log --json`), and the game's `status`
read by that system's own words for who is out of the fight."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.factory import ROSTERS

CAMPAIGN = "sprawl-campaign.yaml"

# The statuses that take a character out of the fight, in each system's own words.
OUT = {
    "sprawl": {"out_of_action", "out_of_play"},
    "gunplay": {"down", "removed"},
    "street-fight": {"casualty"},
    "savage-worlds": {"incapacitated"},
    "scratch-grid": {"incapacitated", "escaped"},
}


def roster(system: str, name: str) -> str:
    return str(ROSTERS / name) if system == "sprawl" else str(ROSTERS / system / name)


def game_standing(sprawl: Any, system: str) -> dict[str, int]:
    """Each side's characters not out of the fight, from `status --json`."""
    status = sprawl.json("status")
    standing = {s: 0 for s in dict.fromkeys(c["squad"] for c in status["characters"])}
    for c in status["characters"]:
        if not OUT[system] & set(c["statuses"]) and not c.get("dead"):
            standing[c["squad"]] += 1
    return standing


def report_standing(text: str, squads: list[str]) -> dict[str, int]:
    """The last row of the Markdown report's round-by-round table, its "standing" columns."""
    table = re.split(r"## (?:Round by round|Turn by turn)\n", text, maxsplit=1)[1].strip().split("\n\n", 1)[0].splitlines()
    head = [cell.strip() for cell in table[0].strip("|").split("|")]
    last = [cell.strip() for cell in table[-1].strip("|").split("|")]
    unescape = {s: re.sub(r"\\(.)", r"\1", s) for s in head}
    return {squad: int(last[head.index(next(h for h in head if unescape[h] == f"{squad} standing"))])
            for squad in squads}


def play(sprawl: Any, system: str) -> tuple[str, list[str]]:
    """A campaign game in which the second side loses people; returns the side that concedes."""
    if system == "sprawl":
        sprawl.json("campaign", "new", "--squad", roster(system, "plf.yaml"), "--squad", roster(system, "suit.yaml"))
        sprawl.json("new", "--campaign", CAMPAIGN)
        sprawl.json("set", "Gordo", "out_of_action", "on", "--nearby", "none")
        sprawl.json("set", "Rafter", "out_of_play", "on", "--nearby", "none")
        return "S.U.I.T. #13", ["--dice", "6"]  # Gordo's aftermath roll: recovers fully
    if system == "gunplay":
        sprawl.json("campaign", "new", "--squad", roster(system, "crows.yaml"), "--squad", roster(system, "wardens.yaml"))
        sprawl.json("new", "--campaign", CAMPAIGN, "--dice", "5,8")
        assert sprawl.json("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--yes", "--dice", "1")["hits"] == 1  # Vic is down
        sprawl.json("set", "Marla", "removed", "on")
        return "Crows", []
    if system == "street-fight":
        sprawl.json("campaign", "new", "--squad", roster(system, "dock-rats.yaml"), "--squad", roster(system, "wardens.yaml"))
        sprawl.json("new", "--campaign", CAMPAIGN, "--dice", "75,9,2")
        sprawl.json("set", "Orla", "casualty", "on")
        return "Wardens", []
    if system == "savage-worlds":
        sprawl.json("campaign", "new", "--squad", roster(system, "expedition.yaml"), "--squad", roster(system, "cult.yaml"))
        sprawl.json("new", "--campaign", CAMPAIGN)
        sprawl.json("set", "Priestess", "incapacitated", "on")
        sprawl.json("set", "Hound", "incapacitated", "on")
        sprawl.json("set", "Acolyte 1", "incapacitated", "on")
        return "Cult of the Eye", []
    sprawl.json("campaign", "new", "--squad", roster(system, "wardens.yaml"), "--squad", roster(system, "raiders.yaml"))
    sprawl.json("new", "--campaign", CAMPAIGN, "--map", roster(system, "yard.yaml"))
    sprawl.json("set", "Vex", "incapacitated", "on")
    return "Raiders", []


@pytest.mark.parametrize("system", list(OUT))
def test_the_campaign_records_the_games_standing(sprawl: Any, system: str) -> None:
    loser, aftermath_dice = play(sprawl, system)
    before = game_standing(sprawl, system)
    assert before[loser] < max(before.values()), "the test needs a side that lost people"
    sprawl.json("concede", loser)
    logged = sprawl.json("log")["entries"][-1]
    assert logged["standing"] == before, "the journal counts the game's standing"
    sprawl.json("aftermath", *aftermath_dice)
    assert game_standing(sprawl, system) == before  # the aftermath changes no one in the game
    history = sprawl.json("campaign", "history")["games"]
    assert history[-1]["standing"] == before
    report = sprawl("campaign", "report", "--format", "md")
    assert report.exit_code == 0, report.stderr
    assert report_standing(report.stdout, list(before)) == before
    if system != "sprawl":  # the kernel's books chart it, and keep it in the campaign file
        sprawl.json("campaign", "report", "--format", "html", "--out", "report.html")
        page = (sprawl.folder / "report.html").read_text(encoding="utf-8")
        assert 'id="chart-standing"' in page
        from sprawl_cli import yamlio

        data, _ = yamlio.load(sprawl.folder / CAMPAIGN, "campaign")
        assert {s: v[-1] for s, v in data["games"][-1]["series"]["standing"].items()} == before


def test_a_side_figure_of_a_system_is_kept_per_side() -> None:
    """A journal figure that maps sides (Savage Worlds' benny pools) is kept as it is, not lost
    for want of a character of that name."""
    from types import SimpleNamespace

    from sprawl_cli.campaign import book_series, number_measures

    game: Any = SimpleNamespace(
        characters=[SimpleNamespace(name="Ada", squad="A"), SimpleNamespace(name="Bo", squad="B")],
        squads=[SimpleNamespace(name="A"), SimpleNamespace(name="B")], round=2)
    measures, sides = number_measures({"wounds": {"Ada": 1, "Bo": 0}, "bennies": {"A": 3, "B": 2},
                                       "gone": []}, ["A", "B"])
    assert measures == ["wounds"] and sides == ("bennies",)
    entries = [{"round": 1, "wounds": {"Ada": 1, "Bo": 0}, "bennies": {"A": 3, "B": 2}, "gone": []},
               {"round": 2, "wounds": {"Ada": 2, "Bo": 1}, "bennies": {"A": 1, "B": 2}, "gone": ["Bo"]}]
    axis, series = book_series(game, entries, measures, sides + ("standing",))
    assert axis == [1, 2]
    assert series["bennies"] == {"A": [3, 1], "B": [2, 2]}
    assert series["wounds"] == {"A": [1, 2], "B": [0, 1]}
    # A journal written before entries kept `standing`: each side's size less its casualties.
    assert series["standing"] == {"A": [1, 1], "B": [1, 0]}
