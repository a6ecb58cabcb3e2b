"""What mutation testing of the campaign code (issue 38) found untested: the reading of an old
(schema 1) campaign file part by part, the history's JSON, and a campaign's own aftermath
table read from a file.

Mutants left alive, each read and equivalent (no input tells them from the original):
- `sprawl/campaign.py`, `old_member` #65-68: "name" or "state" among the keys kept as they
  are (`XXnameXX`, `NAME`, `XXstateXX`, `STATE`): the member already has that key with that
  very value, so `update` writes it again unchanged.
- `old_game` #161, #163: `zip(strict=None)` or no `strict` for `strict=False` (all False).
- `as_it_is` #3: `copy.copy` for `copy.deepcopy`: no step changes anything nested in the part
  it is handed, only its top level, which a shallow copy already keeps apart.
- `aftermath_table` #9, #14-17, #19, #25-27: the campaign table's meanings, name, title, roll,
  ruling and note: `resolve_aftermath`, its only reader, reads each row's result alone.
- `own_table` #10, #14, #15, #18, #19 and `character_of` #4, #8, #9: the `Where` (or the path
  in the file) handed to `from_data`, which it reads only to name a broken key; the table and
  every sheet were checked when the campaign was loaded, so nothing is broken by then.
- kernel `campaign.py`, `after_game` #32: `or True` on `member`, which is never None there
  (`record_book_game` refused any character missing from the campaign first).
- `rosters_from_book` #32, #33: the `Where` and the squad's index handed to `next_leader` as
  None, read only to name a broken sheet; `living` read the same sheets of the same squad just
  before, with the right ones, and refused any broken one first. (#36, #37, the one or the
  other left out, fail at the call since `next_leader`'s index has no default.)

The kernel's `book_json` #13, #14, #17-20, #23, #24 and `next_leader` #15, #16 of the run of
2026-12-01 (the `Where` and index with which `campaign show` reads the living to find a dead
leader's stand-in) are killed since by `tests/test_campaign_kernel_mutants.py`, and
`next_leader`'s index has no default any more (its mutant could never matter: every caller
hands the index). That module's docstring lists the kernel's survivors of its last run.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from sprawl_cli.systems.sprawl.campaign import HOUSE_LABEL, aftermath_words, migrate_v1, old_game, old_member
from tests.factory import PLF, ROOT, SUIT

OLD_FILE = ROOT / "tests" / "data" / "sprawl-campaign-v1.yaml"


# --- a character as the old books kept it -------------------------------------------------------

KNIFE = {"name": "Knife", "kind": "melee", "power": 1}
HURT = {"game": 1, "attribute": "guts", "before": 4, "after": 3}
ATTRS = {"shooting": 3, "brawling": 2, "quickness": 4, "smarts": 4, "guts": 3, "strength": 2, "toughness": 3,
         "health": 3}


def test_an_old_member_becomes_a_sheet_its_injuries_and_its_record():
    old = {"name": "Babs", **ATTRS, "state": "dead", "weapons": [KNIFE], "injuries": [HURT],
           "record": {"games": 2, "hits": 1, "damage_taken": 1, "shots": 3}}
    member = old_member(copy.deepcopy(old))
    assert member == {"name": "Babs", "sheet": {**ATTRS, "weapons": [KNIFE]}, "state": "dead", "games": 2,
                      "record": {"shots": 3, "hits": 1, "damage_taken": 1}, "extra": {"injuries": [HURT]}}
    assert list(member["record"]) == ["shots", "hits", "damage_taken"]  # in the order the game gives them


def test_an_old_member_without_state_injuries_or_record():
    member = old_member({"name": "Babs", **ATTRS, "luck": 2})
    assert member == {"name": "Babs", "sheet": dict(ATTRS), "state": "active", "games": 0, "record": {}, "luck": 2}


def test_a_member_already_in_the_new_shape_is_left_as_it_is():
    new = {"name": "Babs", "sheet": {**ATTRS, "weapons": [KNIFE]}, "state": "active", "games": 1,
           "record": {"hits": 1, "shots": 2}}
    assert old_member(new) is new and list(new["record"]) == ["hits", "shots"]
    assert old_member("Babs") == "Babs"


# --- a game as the old books kept it --------------------------------------------------------------


def old_game_data() -> dict[str, Any]:
    """Side A fields two (Ann, taken out and dead; Abe, fled), side B one (Bo, hurt)."""
    return {
        "number": 1, "squads": ["A", "B"], "rounds": 2, "winner": "B", "reason": "A conceded", "date": "d",
        "table": "T",
        "characters": [
            {"name": "Ann", "squad": "A", "record": {"shots": 1, "games": 1}, "health": 0, "max_health": 3,
             "out_of_action": True, "out_of_play": False},
            {"name": "Abe", "squad": "A", "record": {"hits": 2, "games": 1}, "health": 2, "max_health": 2,
             "out_of_action": False, "out_of_play": True},
            {"name": "Bo", "squad": "B", "record": {"damage_taken": 3}, "health": 1, "max_health": 4,
             "out_of_action": False, "out_of_play": False},
        ],
        "aftermath": [{"name": "Ann", "roll": 1, "result": "dead"}],
        "series": {"rounds": [0, 1, 2], "health": {"Ann": [3, 1, 0], "Abe": [2, 2, 2], "Bo": [4, 4, 1]},
                   "casualties": {"A": [0, 0, 2], "B": [0, 0, 0]}, "hits": {"A": [0, 1, 1], "B": [0, 0, 2]}},
        "save": "s", "step": 3,
    }


ANN = {"name": "Ann", "roll": 1, "result": "dead", "attribute": None, "attribute_roll": None, "before": None,
       "after": None}


def test_an_old_game_in_the_kernels_shape():
    assert old_game(old_game_data()) == {
        "number": 1, "squads": ["A", "B"], "rounds": 2, "winner": "B", "reason": "A conceded", "date": "d",
        "characters": [
            {"name": "Ann", "squad": "A", "record": {"shots": 1}, "statuses": ["out_of_action"], "gone": True,
             "state": "dead", "end": "Out of Action"},
            {"name": "Abe", "squad": "A", "record": {"hits": 2}, "statuses": ["out_of_play"], "gone": True,
             "state": "active", "end": "Out of Play (fled)"},
            {"name": "Bo", "squad": "B", "record": {"damage_taken": 3}, "statuses": [], "gone": False,
             "state": "active", "end": "Health 1/4"},
        ],
        "table": "T", "results": [ANN], "aftermath": aftermath_words("T", [ANN]), "rounds_axis": [0, 1, 2],
        "series": {"health": {"A": [5, 3, 2], "B": [4, 4, 1]}, "hits": {"A": [0, 1, 1], "B": [0, 0, 2]},
                   "standing": {"A": [2, 2, 0], "B": [1, 1, 1]}, "casualties": {"A": [0, 0, 2], "B": [0, 0, 0]}},
        "save": "s", "step": 3,
    }


def test_an_old_game_without_table_aftermath_or_health():
    data = old_game_data()
    del data["table"], data["aftermath"]
    for c in data["characters"]:
        del c["health"], c["max_health"]
    game = old_game(data)
    assert game["table"] == HOUSE_LABEL and game["results"] == []
    assert game["aftermath"] == aftermath_words(HOUSE_LABEL, [])
    assert game["characters"][2]["end"] == "Health 0/0"


def test_an_old_games_series_with_measures_or_sides_missing():
    data = old_game_data()
    del data["series"]["hits"], data["series"]["casualties"]
    series = old_game(data)["series"]
    assert {m: series[m] for m in ("hits", "standing", "casualties")} == {
        "hits": {"A": [], "B": []}, "standing": {"A": [], "B": []}, "casualties": {"A": [], "B": []}}
    data = old_game_data()
    del data["series"]["hits"]["B"], data["series"]["casualties"]["B"]
    series = old_game(data)["series"]
    assert (series["hits"]["B"], series["standing"]["B"], series["casualties"]["B"]) == ([], [], [])


def test_an_old_games_health_of_uneven_length_adds_up_what_all_have():
    data = old_game_data()
    data["series"]["health"]["Abe"] = [2, 2]  # a hand edit: one round short
    assert old_game(data)["series"]["health"]["A"] == [5, 3]


def test_a_game_already_in_the_new_shape_or_not_a_game_is_left_as_it_is():
    new = {"number": 1, "series": {"health": {}}, "rounds_axis": [0, 1]}
    assert old_game(copy.deepcopy(new)) == new
    assert old_game({"number": 1}) == {"number": 1}
    assert old_game({"number": 1, "series": [1]}) == {"number": 1, "series": [1]}
    assert old_game("game") == "game"


def test_migrate_leaves_what_is_not_a_list_for_the_strict_read_to_name():
    for data in ({"squads": 3, "games": "x"}, {"squads": ["x", {"name": "A", "characters": "Babs"}]}):
        assert migrate_v1(copy.deepcopy(data)) == data


# --- the history's JSON ---------------------------------------------------------------------------


def test_the_history_json_of_an_old_files_second_game(sprawl):
    (sprawl.folder / "sprawl-campaign.yaml").write_bytes(OLD_FILE.read_bytes())
    second = sprawl.json("campaign", "history")["games"][1]
    assert set(second) == {"number", "date", "squads", "winner", "rounds", "reason", "table", "aftermath",
                           "out_of_action", "fled", "standing", "records"}
    assert {k: second[k] for k in ("number", "date", "squads", "winner", "rounds", "reason", "table")} == {
        "number": 2, "date": "2026-11-25", "squads": ["People's Liberation Front", "S.U.I.T. #13"],
        "winner": "People's Liberation Front", "reason": "S.U.I.T. #13 has nobody left able to act (R25)",
        "rounds": 1, "table": "Mean streets"}
    assert second["out_of_action"] == ["Wilson", "Gordo", "Rafter", "Newton", "Wishbone"] and second["fled"] == []
    assert second["records"]["Lang"] == {"shots": 1, "hits": 2, "damage_dealt": 0, "damage_taken": 0,
                                         "put_out_of_action": 0, "times_out_of_action": 0}


def test_a_game_kept_without_a_standing_series_has_no_standing(sprawl):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("end")
    sprawl.json("aftermath")
    path = sprawl.folder / "sprawl-campaign.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    standing:\n")
    end = text.index("    casualties:\n", start)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert sprawl.json("campaign", "history")["games"][0]["standing"] == {}


# --- a campaign's own table, from a file ------------------------------------------------------------


@pytest.mark.parametrize(("text", "message"), [
    (None, "nothere.yaml: no such aftermath table"),
    ("rows: 3\n", "table.yaml:1: key 'rows': should be a list"),
    ("rows: []\n", "table.yaml:1: key 'rows': needs rows covering the rolls 1 to 10"),
])
def test_a_table_file_that_cannot_serve_is_refused_in_one_line(sprawl, snapshot, text, message):
    name = "nothere.yaml" if text is None else "table.yaml"
    if text is not None:
        (sprawl.folder / name).write_text(text, encoding="utf-8")
    before = snapshot(sprawl.folder)
    result = sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", name)
    assert result.exit_code == 1 and result.stderr == f"error: {message}\n"
    assert snapshot(sprawl.folder) == before
    assert json.loads(sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", name,
                             "--json").stdout)["error"] == message


def rows_file(sprawl, rows: list[dict[str, Any]]) -> str:
    table = {"rows": rows}
    (sprawl.folder / "rows.json").write_text(json.dumps(table), encoding="utf-8")
    return "rows.json"


@pytest.mark.parametrize(("rows", "message"), [
    ([{"low": 2, "high": 10, "result": "dead"}], "key 'rows': no row covers the roll(s) 1; cover 1 to 10"),
    ([{"low": 1, "high": 3, "result": "dead"}, {"low": 5, "high": 6, "result": "dead"},
      {"low": 9, "high": 9, "result": "dead"}], "key 'rows': no row covers the roll(s) 4, 7, 8, 10; cover 1 to 10"),
    ([{"low": 1, "high": 4, "result": "dead"}, {"low": 4, "result": "recovered"}],
     "key 'rows.1': the roll 4 is covered twice (rows 0 and 1)"),
    ([{"low": 1, "result": "maimed"}], "key 'rows.0.result': 'maimed' is not a result; use dead, injured, recovered"),
])
def test_a_table_files_rows_are_refused_naming_the_row(sprawl, rows, message):
    result = sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", rows_file(sprawl, rows))
    assert result.exit_code == 1 and result.stderr == f"error: rows.json:1: {message}\n"


def test_a_campaign_without_that_game_says_which_it_has(sprawl):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    result = sprawl("campaign", "report")
    assert result.stderr == ("error: no game of this campaign has been recorded yet; play one and run "
                             "`sprawl aftermath`\n")
    (sprawl.folder / "sprawl-campaign.yaml").write_bytes(OLD_FILE.read_bytes())
    result = sprawl("campaign", "report", "3")
    assert result.exit_code == 1 and result.stderr == "error: no game 3 in this campaign; it has games 1 to 2\n"


def test_the_books_keep_the_games_save_and_the_aftermaths_step(sprawl):
    """What `recover` and `undo` find the game by: its save file and the journal step of its aftermath."""
    import yaml

    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("end")
    step = sprawl.json("status")["step"]
    sprawl.json("aftermath")
    [game] = yaml.safe_load((sprawl.folder / "sprawl-campaign.yaml").read_text(encoding="utf-8"))["games"]
    assert (game["save"], game["step"]) == (str(sprawl.save.resolve()), step + 1)


def test_who_the_aftermath_killed_is_dead_in_the_games_entry(sprawl):
    """The aftermath runs after the game went into the books: its deaths reach the game's entry
    (the JSON's `dead`, the report, the history), dated the day it was recorded."""
    import time

    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("set", "Babs", "out_of_action", "on", "--nearby", "none")
    sprawl.json("end")
    before = time.strftime("%Y-%m-%d")
    done = sprawl.json("aftermath", "--dice", "1")
    days = {before, time.strftime("%Y-%m-%d")}
    assert done["dead"] == ["Babs"] and done["results"][0]["result"] == "dead"
    assert "| Babs | 0 | 0 | 0 | 0 | 0 | 1 | dead (struck from the campaign) |" in sprawl("campaign", "report").stdout
    [game] = sprawl.json("campaign", "history")["games"]
    assert game["date"] in days
    assert "Babs died." in sprawl("campaign", "history").stdout


def test_a_system_without_an_aftermath_still_says_who_died(sprawl, monkeypatch, tmp_path):
    """The kernel's words when the system rolls nothing but its verdict kills someone (as Savage
    Worlds' does for a character finished off): Coinflip (tests/coinflip/), told Cy died."""
    from sprawl_cli import systems
    from tests.coinflip.system import Coinflip

    monkeypatch.setitem(systems.REGISTRY, "coinflip", "tests.coinflip")
    monkeypatch.setattr(Coinflip, "fate", lambda self, game, c: "dead" if c.name == "Cy" else "active")
    for squad, names in (("Heads", "Ann, Bo"), ("Tails", "Cy, Di")):
        (tmp_path / f"{squad}.yaml").write_text(
            f"system: coinflip\nsquad: {squad}\ncharacters:\n"
            + "".join(f"  - {{name: {n.strip()}}}\n" for n in names.split(",")), encoding="utf-8")
    sprawl.json("campaign", "new", "--squad", str(tmp_path / "Heads.yaml"), "--squad", str(tmp_path / "Tails.yaml"))
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("end")
    done = sprawl("aftermath", env={"NO_COLOR": "1"})
    assert done.exit_code == 0, done.stderr
    path = (sprawl.folder / "sprawl-campaign.yaml").resolve()
    assert done.stdout.splitlines() == [
        "After game 1: no aftermath in this system; nothing is rolled.", "  Cy dies in the campaign.",
        f"Recorded in {path} as game 1, with every character's record; `sprawl undo` takes it back."]


# --- the aftermath in words -------------------------------------------------------------------------


def test_the_aftermath_in_words():
    from sprawl_cli.systems.sprawl.campaign import result_words

    assert aftermath_words(HOUSE_LABEL, []) == ["Rolled on the house table (R26; the rules give no table of their own).",
                                                "Nobody went Out of Action, so nobody rolled."]
    assert aftermath_words("Mean streets", [ANN]) == ["Rolled on the campaign's own table, Mean streets (R26).",
                                                      "Ann: rolled 1, dead"]
    hurt = dict(ANN, roll=2, result="injured", attribute="health", attribute_roll=8, before=1, after=1)
    assert result_words(hurt) == "Ann: rolled 2, lasting injury: Health -1 (already 1, it stays there), d8 8"
    assert result_words(dict(hurt, before=2)) == "Ann: rolled 2, lasting injury: Health -1 (2 to 1), d8 8"
    # What an old file's hand edit could hold: a result of its own, an attribute beside a recovery.
    assert result_words(dict(ANN, result="maimed")) == "Ann: rolled 1, maimed"
    assert result_words(dict(hurt, result="recovered")) == "Ann: rolled 2, recovers fully"


# --- a new game from the campaign ---------------------------------------------------------------------


def test_a_campaign_game_keeps_each_squads_roster_and_its_own_keys(sprawl):
    """What a roster gave beyond its characters reaches the campaign's games: the roster file a
    squad came from (in the save) and a system's own squad keys (Savage Worlds' `gm`)."""
    import yaml

    rosters = ROOT / "rosters" / "savage-worlds"
    sprawl.json("campaign", "new", "--system", "savage-worlds", "--squad", str(rosters / "expedition.yaml"),
                "--squad", str(rosters / "cult.yaml"))
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    assert sprawl.json("status")["gm"] == ["Cult of the Eye"]
    save = yaml.safe_load(sprawl.save.read_text(encoding="utf-8"))
    assert [s["roster"] for s in save["squads"]] == [str(rosters / "expedition.yaml"), str(rosters / "cult.yaml")]


def test_a_broken_sheet_of_a_system_that_keeps_it_whole_is_named_when_fielded(sprawl, snapshot):
    """Gunplay keeps its character as the sheet, read only when a game fields it: the refusal
    names the key in the campaign file."""
    rosters = ROOT / "rosters" / "gunplay"
    sprawl.json("campaign", "new", "--system", "gunplay", "--squad", str(rosters / "crows.yaml"),
                "--squad", str(rosters / "wardens.yaml"))
    path = sprawl.folder / "sprawl-campaign.yaml"
    text = path.read_text(encoding="utf-8")
    assert "      melee: 0\n" in text
    path.write_text(text.replace("      melee: 0\n", "      melee: zero\n", 1), encoding="utf-8")
    before = snapshot(sprawl.folder)
    result = sprawl("new", "--campaign", "sprawl-campaign.yaml")
    assert result.exit_code == 1 and result.stderr == (
        "error: sprawl-campaign.yaml: key 'squads.0.characters.0.sheet.melee': should be a whole number, not 'zero'\n")
    assert snapshot(sprawl.folder) == before


def test_a_squad_with_nobody_alive_has_nobody_to_lead_it(sprawl):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    for name in ("Babs", "Razz", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on", "--nearby", "none")
    sprawl.json("aftermath", "--dice", "1,1,1,1,1")
    show = sprawl.json("campaign", "show")
    assert [(s["leader"], s["next_leader"]) for s in show["squads"]] == [("Babs", ""), ("Wilson", "Wilson")]
    assert "leads People's Liberation Front" not in sprawl("campaign", "show").stdout
