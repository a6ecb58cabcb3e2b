"""Issue 38's campaign rows, through the command line with scripted dice: a three-game SPRAWL
campaign (fled apart from Out of Action, a dead leader's stand-in, an injury that changed
nothing, the gear file the report names), a new campaign's seven counters, the reading of an
old (schema 1) campaign file, and the campaign sheet's checks at load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.factory import PLF, ROOT, SUIT

PLF_NAME = "People's Liberation Front"
SUIT_NAME = "S.U.I.T. #13"
OLD_FILE = ROOT / "tests" / "data" / "sprawl-campaign-v1.yaml"
COUNTERS = ("games", "shots", "hits", "damage_dealt", "damage_taken", "put_out_of_action", "times_out_of_action")


def people(show: dict) -> dict[str, dict]:
    return {c["name"]: c for s in show["squads"] for c in s["characters"]}


def out(sprawl, *names: str, status: str = "out_of_action") -> None:
    for name in names:
        sprawl.json("set", name, status, "on", "--nearby", "none")


def plain(result) -> str:
    assert result.exit_code == 0, result.stderr
    return " ".join(result.stdout.split())  # the terminal width may wrap a line anywhere


def test_a_three_game_campaign(sprawl, monkeypatch):
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)

    # --- game 1: Lang flees off the table, Mutt goes Out of Action ------------------------------
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    out(sprawl, "Lang", status="out_of_play")
    out(sprawl, "Mutt")
    sprawl.json("end", "--winner", "S.U.I.T.")
    done = sprawl.json("aftermath", "--dice", "2,8")  # Mutt only (R26): injured, d8 8: Health 2 to 1
    assert [(r["name"], r["after"]) for r in done["results"]] == [("Mutt", 1)]
    [game] = sprawl.json("campaign", "history")["games"]
    assert game["out_of_action"] == ["Mutt"] and game["fled"] == ["Lang"]
    report = sprawl("campaign", "report").stdout
    assert "| Lang | 0 | 0 | 0 | 0 | 0 | 0 | Out of Play (fled) |" in report
    assert "| Mutt | 0 | 0 | 0 | 0 | 0 | 1 | Out of Action |" in report
    assert "5 fielded, 2 lost." in report  # a casualty either way
    assert ("- Weapon numbers are house values (rosters/sprawl/gear.yaml) unless a roster gave its own: "
            "the rules' GEAR page is missing.") in report
    assert (ROOT / "rosters" / "sprawl" / "gear.yaml").is_file()

    # --- game 2: Mutt, at Health 1, is injured in Health again (it stays 1); Babs the leader dies ----
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--force")
    out(sprawl, "Babs", "Mutt")
    sprawl.json("end", "--winner", "S.U.I.T.")
    done = sprawl.json("aftermath", "--dice", "1,3,8")
    assert [(r["name"], r["result"], r["before"], r["after"]) for r in done["results"]] == [
        ("Babs", "dead", None, None), ("Mutt", "injured", 1, 1)]
    show = sprawl.json("campaign", "show")
    mutt = people(show)["Mutt"]
    assert [(i["game"], i["before"], i["after"]) for i in mutt["injuries"]] == [(1, 2, 1), (2, 1, 1)]
    assert mutt["health"] == 1
    # Babs (Smarts 4) is dead: Razz and Lang have Smarts 3, and Razz comes first in the roster (H10).
    assert [(s["leader"], s["next_leader"]) for s in show["squads"]] == [("Babs", "Razz"), ("Wilson", "Wilson")]
    monkeypatch.setenv("COLUMNS", "200")  # one line a character
    text = plain(sprawl("campaign", "show", env={"NO_COLOR": "1"}))
    assert "Health -1 (game 1)" in text and "(game 2)" not in text  # the injury that changed nothing
    assert "† Babs 3" in text and "Razz ★" in text and "Babs ★" not in text
    assert f"Babs is dead: Razz leads {PLF_NAME} in the next game." in text
    assert "★ leads the next game, † dead" in text

    # --- game 3: Razz leads, as `campaign show` said ------------------------------------------
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--force")
    assert sprawl.json("status")["squads"][0]["leader"] == "Razz"
    out(sprawl, "Wilson")
    sprawl.json("concede", "S.U.I.T.")
    sprawl.json("aftermath", "--dice", "7")
    history = sprawl.json("campaign", "history")["games"]
    assert [(g["out_of_action"], g["fled"]) for g in history] == [(["Mutt"], ["Lang"]), (["Babs", "Mutt"], []),
                                                                  (["Wilson"], [])]
    who = people(sprawl.json("campaign", "show"))
    assert who["Lang"]["record"]["games"] == 3 and who["Babs"]["record"]["games"] == 2
    assert who["Mutt"]["record"]["times_out_of_action"] == 2 and who["Lang"]["record"]["times_out_of_action"] == 0


def test_a_new_campaign_shows_all_seven_counters(sprawl):
    shown = sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    for c in people(shown).values():
        assert c["record"] == dict.fromkeys(COUNTERS, 0)
    assert list(people(sprawl.json("campaign", "show"))["Babs"]["record"]) == list(COUNTERS)


def test_an_old_character_without_a_record_shows_seven_zeros(sprawl):
    text = OLD_FILE.read_text(encoding="utf-8")
    old = ("    record: {shots: 0, hits: 0, damage_dealt: 0, put_out_of_action: 0, times_out_of_action: 0, games: 2,\n"
           "      damage_taken: 0}\n  - name: Razz\n")
    assert old in text
    (sprawl.folder / "sprawl-campaign.yaml").write_text(text.replace(old, "  - name: Razz\n", 1), encoding="utf-8")
    assert people(sprawl.json("campaign", "show"))["Babs"]["record"] == dict.fromkeys(COUNTERS, 0)


# --- an old campaign file (schema 1) ---------------------------------------------------------


def test_an_old_files_games_keep_fled_dead_and_injured_apart(sprawl):
    (sprawl.folder / "sprawl-campaign.yaml").write_bytes(OLD_FILE.read_bytes())
    first = sprawl.json("campaign", "history")["games"][0]
    assert first["out_of_action"] == ["Razz", "Wes", "Mutt"] and first["fled"] == ["Lang"]
    assert first["standing"][PLF_NAME] == 1  # Lang fled: lost to his side, like the three who fell
    report = sprawl("campaign", "report", "1").stdout
    assert f"## {PLF_NAME}\n\n5 fielded, 4 lost." in report
    assert "| Razz | 0 | 0 | 0 | 3 | 0 | 1 | dead (struck from the campaign) |" in report
    assert "| Wes | 0 | 0 | 0 | 0 | 0 | 1 | Out of Action |" in report
    assert "| Mutt | 0 | 0 | 0 | 0 | 0 | 1 | Out of Action |" in report
    assert "| Lang | 0 | 0 | 0 | 0 | 0 | 0 | Out of Play (fled) |" in report
    assert report.count("died and is struck from the campaign") == 1
    lines = plain(sprawl("campaign", "history"))
    assert "Razz died." in lines and "Wes died." not in lines and "Mutt died." not in lines


def test_an_old_character_without_a_state_is_active(sprawl):
    text = OLD_FILE.read_text(encoding="utf-8")
    old = "    health: 3\n    state: active\n    weapons:\n    - name: Pistol\n"
    assert text.startswith(text[:text.index(old)]) and text.index(old) < text.index("  - name: Razz")
    (sprawl.folder / "sprawl-campaign.yaml").write_text(
        text.replace(old, "    health: 3\n    weapons:\n    - name: Pistol\n", 1), encoding="utf-8")
    assert people(sprawl.json("campaign", "show"))["Babs"]["state"] == "active"
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    assert "Babs" in [c["name"] for c in sprawl.json("status")["characters"]]


# --- the campaign sheet's checks --------------------------------------------------------------


BABS_SHEET = "      toughness: 3\n      health: 3\n      weapons:\n      - name: Pistol\n        kind: gun\n"


@pytest.fixture
def campaign(sprawl) -> Path:
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    path = sprawl.folder / "sprawl-campaign.yaml"
    assert BABS_SHEET in path.read_text(encoding="utf-8")
    return path


def hand_edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


BABS = "squads.0.characters.0"


@pytest.mark.parametrize(("old", "new", "key", "message"), [
    ("      toughness: 3\n", "      toughness: 0\n", f"{BABS}.sheet.toughness", "should be 1 or more"),
    ("      health: 3\n", "      health: 0\n", f"{BABS}.sheet.health", "should be 1 or more"),
    ("      shooting: 3\n", "      shooting: -1\n", f"{BABS}.sheet.shooting", "should be 0 or more"),
    ("      shooting: 3\n", "      shooting: three\n", f"{BABS}.sheet.shooting", "should be a whole number, not 'three'"),
    ("      strength: 2\n", "      strength: -1\n", f"{BABS}.sheet.strength", "should be 0 or more"),
    ("    extra: {}\n", "    extra: {grudges: 2}\n", f"{BABS}.extra.grudges",
     "unknown key; a SPRAWL character's notes are its injuries"),
    ("    record: {}\n", "    record: {kills: 2}\n", f"{BABS}.record.kills",
     "unknown counter; a SPRAWL record counts shots, hits, damage_dealt, damage_taken, put_out_of_action, "
     "times_out_of_action"),
    ("        kind: gun\n", "        kind: laser\n", f"{BABS}.sheet.weapons.0.kind",
     "'laser' is not a kind; use one of melee, gun, thrown, launcher"),
    ("    extra: {}\n", "    extra: {injuries: [{game: one, attribute: guts, before: 4, after: 3}]}\n",
     f"{BABS}.extra.injuries.0.game", "should be a whole number, not 'one'"),
    ("    extra: {}\n", "    extra: {injuries: [{game: 1, attribute: luck, before: 4, after: 3}]}\n",
     f"{BABS}.extra.injuries.0.attribute", "'luck' is not an attribute"),
    ("settings: {}\n", "settings: {weather: rain}\n", "settings.weather",
     "unknown key; a SPRAWL campaign's setting is its aftermath_table"),
])
def test_a_broken_sheet_is_refused_at_load_naming_the_key(sprawl, campaign, snapshot, old, new, key, message):
    hand_edit(campaign, old, new)
    before = snapshot(sprawl.folder)
    for command in (("campaign", "show"), ("new", "--campaign", "sprawl-campaign.yaml")):
        result = sprawl(*command)
        assert result.exit_code == 1, result.stdout
        assert result.stderr.count("\n") == 1 and "sprawl-campaign.yaml:" in result.stderr
        assert result.stderr.endswith(f"key '{key}': {message}\n")
    assert snapshot(sprawl.folder) == before  # no save of a game nobody could read


@pytest.mark.parametrize(("old", "new"), [
    ("      toughness: 3\n", "      toughness: 1\n"),
    ("      health: 3\n", "      health: 1\n"),
    ("      shooting: 3\n", "      shooting: 0\n"),
    ("    record: {}\n", "    record: {shots: 2, times_out_of_action: 1}\n"),
    ("    extra: {}\n", "    extra: {injuries: [{game: 1, attribute: guts, before: 4, after: 3}]}\n"),
])
def test_the_lowest_values_and_known_counters_are_accepted(sprawl, campaign, old, new):
    hand_edit(campaign, old, new)
    babs = people(sprawl.json("campaign", "show"))["Babs"]
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    fielded = sprawl.character("Babs")
    assert (babs["toughness"], babs["health"], babs["shooting"]) == (
        fielded["attributes"]["toughness"], fielded["attributes"]["health"], fielded["attributes"]["shooting"])
    assert sprawl.json("status")["characters"]  # the save it wrote reads back


def test_a_game_record_with_an_unknown_counter_is_refused(sprawl, campaign):
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    out(sprawl, "Babs", "Razz", "Wes", "Lang", "Mutt")
    sprawl.json("aftermath", "--dice", "5,5,5,5,5")
    text = campaign.read_text(encoding="utf-8")
    games = text.index("games:\n- number: 1")
    part = text.index("    record: {", games)
    campaign.write_text(text[:part] + "    record: {kills: 1, " + text[part + len("    record: {"):],
                        encoding="utf-8")
    result = sprawl("campaign", "history")
    assert result.exit_code == 1 and result.stderr.endswith(
        "key 'games.0.characters.0.record.kills': unknown counter; a SPRAWL record counts shots, hits, "
        "damage_dealt, damage_taken, put_out_of_action, times_out_of_action\n")


def test_an_aftermath_table_of_another_die_is_refused(sprawl, tmp_path):
    table = json.loads(sprawl("table", "aftermath", "--json").stdout)
    table["roll"] = "d6"
    (tmp_path / "d6.json").write_text(json.dumps(table), encoding="utf-8")
    result = sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", "d6.json")
    assert result.exit_code == 1 and "rolled on a d10, not 'd6'" in result.stderr
    assert not (sprawl.folder / "sprawl-campaign.yaml").exists()
    table["roll"] = "d10"
    (tmp_path / "d10.json").write_text(json.dumps(table), encoding="utf-8")
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", "d10.json")
    path = sprawl.folder / "sprawl-campaign.yaml"
    kept = path.read_text(encoding="utf-8")
    hand_edit(path, "    roll: d10\n", "    roll: d6\n")
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and "key 'settings.aftermath_table.roll'" in result.stderr
    path.write_text(kept[:kept.index("settings:\n")] + "settings:\n  aftermath_table: {rows: 3}\n", encoding="utf-8")
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and result.stderr.endswith("key 'settings.aftermath_table.rows': should be a list\n")
