"""A whole campaign through the command line: two games, the aftermath of each,
the dead staying home, injuries carried, records kept, reports written."""

from __future__ import annotations

import json
from pathlib import Path

from tests.factory import PLF, SUIT

PLF_NAME = "People's Liberation Front"
SUIT_NAME = "S.U.I.T. #13"


def people(show: dict) -> dict[str, dict]:
    return {c["name"]: c for s in show["squads"] for c in s["characters"]}


def test_two_games_of_a_campaign(sprawl):
    data = sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    assert [s["name"] for s in data["squads"]] == [PLF_NAME, SUIT_NAME]
    assert data["aftermath_table"] == "house table"

    # --- game 1 -----------------------------------------------------------------
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--rounds", "4")
    sprawl.json("damage", "Gordo", "2")
    sprawl.json("damage", "Razz", "3", "--dice", "9", "--nearby", "none")  # 0 Health, d10 9: Out of Action (R8)
    sprawl.json("set", "Wes", "out_of_action", "on")
    sprawl.json("set", "Mutt", "out_of_action", "on")
    refused = sprawl("aftermath", "--json")
    assert refused.exit_code == 1 and "not over" in json.loads(refused.stdout)["error"]
    ended = sprawl("end", "--winner", "S.U.I.T.", "--json")
    assert ended.exit_code == 0, ended.stderr
    # Roster order: Razz (d10 1: dead), Wes (d10 2: injured, d8 1: shooting),
    # Mutt (d10 3: injured, d8 8: health).
    result = sprawl.json("aftermath", "--dice", "1,2,1,3,8")
    assert result["results"] == [
        {"name": "Razz", "roll": 1, "result": "dead", "attribute": None,
         "attribute_roll": None, "before": None, "after": None},
        {"name": "Wes", "roll": 2, "result": "injured", "attribute": "shooting",
         "attribute_roll": 1, "before": 2, "after": 1},
        {"name": "Mutt", "roll": 3, "result": "injured", "attribute": "health",
         "attribute_roll": 8, "before": 2, "after": 1},
    ]
    again = sprawl("aftermath", "--dice", "5,5,5")
    assert again.exit_code == 1 and "already" in again.stderr

    show = sprawl.json("campaign", "show")
    assert show["games"] == [{"number": 1, "winner": SUIT_NAME, "rounds": 1, "reason": show["games"][0]["reason"]}]
    who = people(show)
    assert who["Razz"]["state"] == "dead" and who["Wes"]["state"] == "active"
    assert who["Wes"]["shooting"] == 1 and [i["attribute"] for i in who["Wes"]["injuries"]] == ["shooting"]
    assert who["Mutt"]["health"] == 1
    assert who["Gordo"]["record"] == {"games": 1, "shots": 0, "hits": 0, "damage_dealt": 0, "damage_taken": 2,
                                      "put_out_of_action": 0, "times_out_of_action": 0}
    assert who["Razz"]["record"]["damage_taken"] == 3 and who["Razz"]["record"]["times_out_of_action"] == 1
    for c in who.values():
        assert set(c) >= {"name", "state", "shooting", "brawling", "quickness", "smarts", "guts", "strength",
                          "toughness", "health", "injuries", "record"}

    # --- game 2: the dead stay home, injuries are carried ------------------------------
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--force")
    status = sprawl.json("status")
    names = [c["name"] for c in status["characters"]]
    assert "Razz" not in names and len(names) == 9
    mutt = next(c for c in status["characters"] if c["name"] == "Mutt")
    assert mutt["max_health"] == mutt["health"] == 1
    wes = next(c for c in status["characters"] if c["name"] == "Wes")
    assert wes["attributes"]["shooting"] == 1
    sprawl.json("next")  # to the Ranged Combat Phase
    # Lang's Shotgun at Wilson: 3 dice, 2 raw successes at Difficulty 1 = 2 hits; damage 3 + Power,
    # of which the 1s score nothing (so no Toughness roll).
    shot = sprawl.json("shoot", "Lang", "Wilson", "--yes", "--dice", "8,9,2,1,1,1,1,1")
    assert shot["hits"] == 2
    for name in ("Wilson", "Gordo", "Rafter", "Newton", "Wishbone"):
        sprawl.json("set", name, "out_of_action", "on")
    assert sprawl.json("status")["winner"] == PLF_NAME
    result = sprawl.json("aftermath", "--dice", "4,5,6,7,8")
    assert [r["result"] for r in result["results"]] == ["recovered"] * 5

    show = sprawl.json("campaign", "show")
    assert [g["winner"] for g in show["games"]] == [SUIT_NAME, PLF_NAME]
    who = people(show)
    assert who["Razz"]["record"]["games"] == 1  # stayed home
    assert who["Gordo"]["record"]["games"] == 2 and who["Gordo"]["record"]["times_out_of_action"] == 1
    assert who["Wes"]["record"]["games"] == 2
    assert (who["Lang"]["record"]["shots"], who["Lang"]["record"]["hits"]) == (1, 2)

    history = sprawl.json("campaign", "history")
    assert [g["number"] for g in history["games"]] == [1, 2]
    assert history["games"][0]["out_of_action"] == ["Razz", "Wes", "Mutt"]

    # --- reports --------------------------------------------------------------------
    md = sprawl("campaign", "report", "1")
    assert md.exit_code == 0
    assert "# Battle report: game 1, People's Liberation Front vs S.U.I.T. \\#13" in md.stdout
    assert "S.U.I.T. \\#13 won after 1 round." in md.stdout
    assert "Razz: rolled 1, dead" in md.stdout and "Shooting -1 (2 to 1), d8 1" in md.stdout
    assert "| Gordo | 0 | 0 | 0 | 2 | 0 | 0 | Health 2/4 |" in md.stdout
    assert "house table" in md.stdout
    # Round by round, from game 1's journal (each side's Health, hits so far, standing and casualties):
    # PLF lost Razz, Wes and Mutt (Razz's 3 Health) in round 1, S.U.I.T. #13 Gordo's 2.
    assert "| start | 13 | 0 | 5 | 0 | 16 | 0 | 5 | 0 |" in md.stdout
    assert "| 1 | 10 | 0 | 2 | 3 | 14 | 0 | 5 | 0 |" in md.stdout
    md2 = sprawl("campaign", "report").stdout  # the last game: Lang's 2 hits in round 1
    assert "| Lang | 1 | 2 |" in md2 and "| start | 9 | 0 | 4 | 0 | 16 | 0 | 5 | 0 |" in md2
    assert "| 1 | 9 | 2 | 4 | 0 | 16 | 0 | 0 | 5 |" in md2  # Mutt carries his injury: Health 1
    out = sprawl.json("campaign", "report", "--format", "html", "--out", "last.html")
    assert out["number"] == 2 and out["format"] == "html"
    page = (sprawl.folder / "last.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "Battle report: game 2" in page and "<svg" in page


def test_undo_takes_back_the_aftermath(sprawl):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    sprawl.json("aftermath", "--dice", "1,1,1,1,1")
    assert all(c["state"] == "dead" for c in people(sprawl.json("campaign", "show")).values()
               if c["name"] in ("Babs", "Razz", "Wes", "Lang", "Mutt"))
    sprawl.json("undo")
    show = sprawl.json("campaign", "show")
    assert show["games"] == [] and all(c["state"] == "active" for c in people(show).values())
    sprawl.json("redo")
    assert len(sprawl.json("campaign", "show")["games"]) == 1


def test_campaign_new_refuses_to_overwrite(sprawl, snapshot):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    before = snapshot(sprawl.folder)
    result = sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT)
    assert result.exit_code == 1 and "--force" in result.stderr
    assert snapshot(sprawl.folder) == before
    assert sprawl("campaign", "new", "--squad", SUIT, "--squad", PLF, "--force").exit_code == 0
    assert (sprawl.folder / "sprawl-campaign.yaml.prev").read_bytes() == before["sprawl-campaign.yaml"]


def test_campaign_new_with_its_own_table(sprawl, tmp_path):
    table = json.loads(sprawl("table", "aftermath", "--json").stdout)
    table["title"] = "Mean streets"
    table["rows"] = [{"low": 1, "high": 6, "result": "dead", "meaning": "gone"},
                     {"low": 7, "high": 10, "result": "recovered", "meaning": "fine"}]
    (tmp_path / "mine.json").write_text(json.dumps(table))
    data = sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", "mine.json")
    assert data["aftermath_table"] == "Mean streets"
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    result = sprawl.json("aftermath", "--dice", "6,7,1,10,2")
    assert result["table"] == "Mean streets"
    assert [r["result"] for r in result["results"]] == ["dead", "recovered", "dead", "recovered", "dead"]


def test_bad_table_file_is_refused_with_its_line(sprawl, tmp_path):
    (tmp_path / "bad.yaml").write_text("rows:\n  - {low: 1, high: 5, result: dead}\n  - {low: 7, high: 10, result: recovered}\n")
    result = sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", "bad.yaml")
    assert result.exit_code == 1 and "bad.yaml:1" in result.stderr and "6" in result.stderr
    assert not (sprawl.folder / "sprawl-campaign.yaml").exists()


def test_refusals_change_nothing(sprawl, snapshot):
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and "sprawl campaign new" in result.stderr
    one = sprawl("campaign", "new", "--squad", PLF)
    assert one.exit_code == 1 and "a campaign needs two squads" in one.stderr
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.new()  # a game not from this campaign ... with the same squads, so it can be recorded
    before = snapshot(sprawl.folder)
    early = sprawl("aftermath")
    assert early.exit_code == 1 and "the game is not over yet" in early.stderr
    result = sprawl("campaign", "report")
    assert result.exit_code == 1 and "no game" in result.stderr
    result = sprawl("campaign", "report", "--format", "pdf")
    assert result.exit_code == 2 and "md or html" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_aftermath_short_of_dice_changes_nothing(sprawl, snapshot):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    before = snapshot(sprawl.folder)
    result = sprawl("aftermath", "--dice", "2")  # Babs injured; the d8 never comes
    assert result.exit_code == 1 and "Babs: Injury needs 1d8" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_aftermath_asks_for_physical_dice_by_name(sprawl):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    result = sprawl("aftermath", "--dice", "ask", input="2\n9\n4\n5\n6\n7\n8\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Babs: Aftermath, 1d10" in result.stderr and "Babs: Injury, 1d8" in result.stderr
    assert "not a d8 face" in result.stderr


def test_a_game_remembers_its_campaign(sprawl, tmp_path):
    Path(tmp_path / "books").mkdir()
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT, "--campaign", "books/c.yaml")
    sprawl.json("new", "--campaign", "books/c.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    sprawl.json("aftermath", "--dice", "5,5,5,5,5")  # no --campaign: the game knows
    assert len(sprawl.json("campaign", "show")["games"]) == 1  # nor here: the current game knows
    assert not (sprawl.folder / "sprawl-campaign.yaml").exists()


def test_a_rout_as_round_2_opens_is_a_two_round_game(sprawl):
    """H7: the round a game ended in counts once begun, in status, the campaign and the report alike."""
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for _ in range(4):
        sprawl.json("next")  # PLF's round 1 turn, then S.U.I.T.'s begins
    sprawl.json("set", "Razz", "pinned", "on")
    sprawl.json("set", "Wes", "pinned", "on")
    for _ in range(3):
        sprawl.json("next")
    # Round 2 opens with PLF's routing check (R24): 2 of 5 shaken, Babs's Smarts [1 1 1 1] needs 2.
    opened = sprawl.json("next", "--dice", "1,1,1,1")
    assert opened["over"] and opened["round"] == 2
    sprawl.json("aftermath")
    assert "Game over in round 2 (2 rounds played)" in sprawl("status").stdout
    assert sprawl.json("campaign", "show")["games"][0]["rounds"] == 2
    md = sprawl("campaign", "report").stdout
    assert "**S.U.I.T. \\#13 won after 2 rounds.** People's Liberation Front routed (R24).\n" in md
