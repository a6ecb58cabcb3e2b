"""Roster files: every validation message (file, line, key) and the `roster` and `gear` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sprawl_cli.systems.sprawl.roster import HOUSE_GEAR
from tests.factory import PLF, ROOT, SUIT
from tests.test_store import one_error

# Line numbers matter below: each case names the line its problem is on.
GOOD = """\
squad: Test Squad
leader: Ana
characters:
  - name: Ana
    shooting: 3
    brawling: 2
    quickness: 4
    smarts: 3
    guts: 3
    strength: 2
    toughness: 3
    health: 3
    weapons: [Pistol, Knife]
  - name: Bo
    shooting: 2
    brawling: 4
    quickness: 3
    smarts: 2
    guts: 3
    strength: 4
    toughness: 2
    health: 2
    weapons: [Club]
"""

ATTRS = ["--shooting", "3", "--brawling", "2", "--quickness", "4", "--smarts", "3",
         "--guts", "3", "--strength", "2", "--toughness", "2", "--health", "3"]


def write(folder: Path, text: str, name: str = "squad.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# --- validation: every problem SPEC lists, with file, line and key -------------------------

PROBLEMS = [
    # (what, old text, new text, line, key, words in the message)
    ("no characters", GOOD, "squad: Test Squad\nleader: Ana\ncharacters: []\n", 3, "characters",
     "at least one character"),
    ("characters missing", GOOD, "squad: Test Squad\nleader: Ana\n", 1, "characters", "at least one character"),
    ("missing attribute", "    guts: 3\n    strength: 4\n", "    strength: 4\n", 14, "characters.1.guts", "missing"),
    ("not a whole number", "    shooting: 2\n", "    shooting: 2.5\n", 15, "characters.1.shooting",
     "whole number"),
    ("a word, not a number", "    shooting: 2\n", "    shooting: two\n", 15, "characters.1.shooting",
     "whole number"),
    ("negative", "    brawling: 4\n", "    brawling: -1\n", 16, "characters.1.brawling", "from 0 to 20, not -1"),
    ("health below 1", "    health: 2\n", "    health: 0\n", 22, "characters.1.health", "from 1 to 20, not 0"),
    ("toughness below 1", "    toughness: 2\n", "    toughness: 0\n", 21, "characters.1.toughness", "from 1 to 20, not 0"),
    ("leader not in squad", "leader: Ana\n", "leader: Zed\n", 2, "leader", "'Zed' is not in the squad"),
    ("duplicate names", "  - name: Bo\n", "  - name: ana\n", 14, "characters.1.name", "two characters"),
    ("unknown weapon", "[Club]", "[Lazer]", 23, "characters.1.weapons.0", "no weapon 'Lazer'"),
    ("unknown key", "    health: 2\n", "    health: 2\n    luck: 3\n", 23, "characters.1.luck", "unknown key"),
    ("bad inline weapon", "[Club]", "[{name: Bat, kind: club, power: 1}]", 23, "characters.1.weapons.0.kind",
     "not a kind"),
]


@pytest.mark.parametrize("what,old,new,line,key,words", PROBLEMS, ids=[p[0] for p in PROBLEMS])
def test_check_names_file_line_and_key(sprawl, what, old, new, line, key, words):
    assert old in GOOD
    text = GOOD.replace(old, new, 1) if old != GOOD else new
    path = write(sprawl.folder, text)
    message = one_error(sprawl("roster", "check", str(path)))
    assert message.startswith(f"{path}:{line}: key '{key}': "), message
    assert words in message
    assert path.read_text(encoding="utf-8") == text


def test_the_good_roster_passes(sprawl):
    path = write(sprawl.folder, GOOD)
    result = sprawl("roster", "check", str(path))
    assert result.exit_code == 0, result.stderr
    assert "Test Squad, 2 characters" in " ".join(result.stdout.split())


def test_sample_rosters_pass_check(sprawl):
    data = sprawl.json("roster", "check", PLF, SUIT)
    assert data["ok"] is True
    assert [(f["squad"], f["characters"]) for f in data["files"]] == [("People's Liberation Front", 5),
                                                                      ("S.U.I.T. #13", 5)]


def test_check_reports_every_bad_file_and_exits_1(sprawl):
    bad = write(sprawl.folder, GOOD.replace("leader: Ana", "leader: Zed"), "bad.yaml")
    result = sprawl("roster", "check", PLF, str(bad))
    message = one_error(result)
    assert message.startswith(f"{bad}:2: key 'leader'")
    assert result.stdout == ""
    result = sprawl("roster", "check", PLF, str(bad), "--json")
    assert result.exit_code == 1 and json.loads(result.stdout) == {"error": message}


def test_check_missing_file_and_hostile_yaml(sprawl):
    assert "no such roster file" in one_error(sprawl("roster", "check", "nope.yaml"))
    path = write(sprawl.folder, "squad: !!python/object/apply:os.system ['echo hi']\n")
    assert one_error(sprawl("roster", "check", str(path))).startswith(f"{path}:1: the tag")


# --- show -------------------------------------------------------------------------------------


def test_show_json_has_attributes_weapons_and_leader(sprawl):
    data = sprawl.json("roster", "show", PLF)
    assert data["squad"] == "People's Liberation Front" and data["leader"] == "Babs"
    babs = data["characters"][0]
    assert babs["leader"] is True and not any(c["leader"] for c in data["characters"][1:])
    assert {k: babs[k] for k in ("shooting", "brawling", "quickness", "smarts", "guts", "strength",
                                 "toughness", "health")} == {
        "shooting": 3, "brawling": 2, "quickness": 4, "smarts": 4, "guts": 3, "strength": 2,
        "toughness": 3, "health": 3}
    pistol = babs["weapons"][0]
    assert pistol["name"] == "Pistol" and pistol["kind"] == "gun" and pistol["reliability"] == 2
    assert data["gear"] == {"file": str(Path(PLF).parent / "gear.yaml"), "house_values": True}


def test_show_card_marks_leader_and_prints_numbers(sprawl, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    result = sprawl("roster", "show", SUIT)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Wilson ★" in out and "Gordo ★" not in out
    row = next(line for line in out.splitlines() if "Gordo" in line)
    assert [cell.strip() for cell in row.split("│")[2:10]] == ["2", "5", "3", "2", "4", "5", "4", "4"]
    rocket = next(line for line in out.splitlines() if "Rocket Launcher" in line and "launcher" in line)
    assert "4" in rocket and '≤ 16" (+0)' in rocket and '3"' in rocket
    assert "house values" in out


# --- new / add / edit / remove --------------------------------------------------------------


def test_new_add_edit_remove_make_a_playable_roster(sprawl):
    path = sprawl.folder / "owls.yaml"
    data = sprawl.json("roster", "new", str(path), "--squad", "Night Owls", "--leader", "Vex")
    assert data == {"file": str(path), "squad": "Night Owls", "leader": "Vex", "characters": []}
    # An empty roster is not yet a squad; the leader must come first.
    assert "at least one character" in one_error(sprawl("roster", "check", str(path)))
    assert "add its leader 'Vex' first" in one_error(sprawl("roster", "add", str(path), "Kit", *ATTRS))
    sprawl.json("roster", "add", str(path), "Vex", *ATTRS, "--weapon", "pistol", "--weapon", "KNIFE")
    sprawl.json("roster", "add", str(path), "Kit", *ATTRS, "-w", "Shotgun")
    data = sprawl.json("roster", "add", str(path), "Moth", *ATTRS)
    assert [c["name"] for c in data["characters"]] == ["Vex", "Kit", "Moth"]
    assert [w["name"] for w in data["characters"][0]["weapons"]] == ["Pistol", "Knife"]  # the gear's spelling
    data = sprawl.json("roster", "edit", str(path), "kit", "--guts", "5", "--weapon", "SMG", "--rename", "Kestrel")
    kestrel = data["characters"][1]
    assert kestrel["name"] == "Kestrel" and kestrel["guts"] == 5 and kestrel["shooting"] == 3
    assert [w["name"] for w in kestrel["weapons"]] == ["SMG"]
    data = sprawl.json("roster", "remove", str(path), "Moth")
    assert [c["name"] for c in data["characters"]] == ["Vex", "Kestrel"]
    assert sprawl("roster", "check", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "weapons: [Pistol, Knife]" in text and text.startswith("# sprawl roster")
    # The roster made by commands starts a game.
    started = sprawl("new", "--squad", str(path), "--squad", SUIT)
    assert started.exit_code == 0, started.stderr
    assert sprawl.character("Kestrel")["max_health"] == 3


def test_new_refuses_to_overwrite_without_force(sprawl):
    path = write(sprawl.folder, GOOD)
    message = one_error(sprawl("roster", "new", str(path), "--squad", "X", "--leader", "Y"))
    assert "already exists" in message and "--force" in message
    assert path.read_text(encoding="utf-8") == GOOD
    assert sprawl("roster", "new", str(path), "--squad", "X", "--leader", "Y", "--force").exit_code == 0
    assert "squad: X" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("squad", "leader", "said"), [
    ("O\u202ewls", "Vex", "--squad: this name holds the character U+202E"),
    ("Owls", "V" * 41, "--leader: this name is 41 characters long"),
    ("Owls", "V\x00x", "--leader: this name holds the character U+0000"),
])
def test_new_refuses_a_name_no_game_can_hold(sprawl, squad, leader, said):
    path = sprawl.folder / "owls.yaml"
    assert said in one_error(sprawl("roster", "new", str(path), "--squad", squad, "--leader", leader))
    assert not path.exists()


def test_leader_renamed_stays_leader(sprawl):
    path = write(sprawl.folder, GOOD)
    data = sprawl.json("roster", "edit", str(path), "Ana", "--rename", "Anya")
    assert data["leader"] == "Anya" and data["characters"][0]["leader"] is True
    data = sprawl.json("roster", "edit", str(path), "Bo", "--leader")
    assert data["leader"] == "Bo"


REFUSED = [
    (("add", "Cy", "--shooting", "3"), "missing --brawling"),
    (("add", "bo", *ATTRS), "already has a character called 'bo'"),
    (("add", "Cy", *ATTRS, "--weapon", "Lazer"), "no weapon 'Lazer'"),
    (("add", "Cy", *ATTRS[:-1], "0"), "'--health': '0' is out of bounds; give a whole number from 1 to 20"),
    (("edit", "Ann", "--guts", "2"), "did you mean 'Ana'?"),
    (("edit", "Bo", "--shooting", "-2"), "'--shooting': '-2' is out of bounds; give a whole number from 0 to 20"),
    (("edit", "Bo", "--toughness", "0"), "'--toughness': '0' is out of bounds; give a whole number from 1 to 20"),
    (("edit", "Bo", "--guts", "21"), "'--guts': '21' is out of bounds; give a whole number from 0 to 20"),
    (("edit", "Bo", "--weapon", "Pistl"), "did you mean 'Pistol'?"),
    (("edit", "Bo", "--rename", "ANA"), "already has a character called 'ANA'"),
    (("edit", "Bo", "--weapon", "Club", "--no-weapons"), "not both"),
    (("remove", "Ana"), "leads Test Squad"),
    (("remove", "Zed"), "no character named 'Zed'"),
    # issue 34: a name no game can hold is refused where it is typed
    (("add", "K" * 100, *ATTRS), "this name is 100 characters long; a name holds at most 40"),
    (("add", "Ki\x1bt", *ATTRS), "holds the character U+001B"),
    (("edit", "Bo", "--rename", "B\u202eo"), "holds the character U+202E"),
]


# Printable ASCII ids: pytest escapes a control character in an id again each time it collects
# the module in one process, so an id holding one cannot be run by name a second time (mutmut).
@pytest.mark.parametrize("args,words", REFUSED, ids=["".join(ch if " " <= ch <= "~" else "?" for ch in " ".join(a[:2]))
                                                    + f"-{i}" for i, (a, _) in enumerate(REFUSED)])
def test_refused_edits_leave_the_file_byte_identical(sprawl, args, words):
    path = write(sprawl.folder, "# my squad\n" + GOOD)
    before = path.read_bytes()
    result = sprawl("roster", args[0], str(path), *args[1:])
    if "out of bounds" in words:  # a number past its bound is a usage error, as every command's (issue 34)
        assert result.exit_code == 2 and result.stderr.count("error:") == 1
        message = result.stderr
    else:
        message = one_error(result)
    assert words in message
    assert path.read_bytes() == before
    assert [p.name for p in sprawl.folder.iterdir()] == ["squad.yaml"]  # no temp file left


def test_removing_the_last_character_is_refused(sprawl):
    path = write(sprawl.folder, "squad: Solo\nleader: Ana\ncharacters:\n" + GOOD.split("characters:\n")[1]
                 .split("  - name: Bo")[0])
    sprawl.json("roster", "edit", str(path), "Ana", "--leader")
    before = path.read_bytes()
    result = sprawl("roster", "remove", str(path), "Ana")
    assert "leads Solo" in one_error(result) and path.read_bytes() == before


def test_an_edit_of_a_broken_file_is_refused_with_its_line(sprawl):
    path = write(sprawl.folder, GOOD.replace("health: 2", "health: lots"))
    before = path.read_bytes()
    message = one_error(sprawl("roster", "edit", str(path), "Ana", "--guts", "4"))
    assert message.startswith(f"{path}:22: key 'characters.1.health'")
    assert path.read_bytes() == before


def test_rewrite_keeps_opening_comments_warns_about_others_and_inline_weapons(sprawl):
    text = "# Opening note.\n# Second line.\n\n" + GOOD.replace("[Club]", "[Club]  # a bat really").replace(
        "weapons: [Pistol, Knife]",
        "weapons:\n      - Pistol\n      - {name: Zapper, kind: gun, power: 2, reliability: 3, short: {max: 6, mod: 0}}")
    path = write(sprawl.folder, text)
    result = sprawl("roster", "edit", str(path), "Bo", "--guts", "4")
    assert result.exit_code == 0, result.stderr
    assert "warning: comments in" in result.stderr and "not kept" in result.stderr
    new = path.read_text(encoding="utf-8")
    assert new.startswith("# Opening note.\n# Second line.\n\nsquad: Test Squad")
    assert "a bat really" not in new
    data = sprawl.json("roster", "show", str(path))
    zapper = data["characters"][0]["weapons"][1]
    assert zapper == {"name": "Zapper", "kind": "gun", "power": 2, "reliability": 3, "short": {"max": 6.0, "mod": 0}}
    # No stray comments left to lose now: no warning the second time.
    again = sprawl("roster", "edit", str(path), "Bo", "--guts", "3")
    assert again.exit_code == 0 and "warning" not in again.stderr


def test_hash_inside_a_quoted_name_is_not_a_comment(sprawl):
    path = sprawl.folder / "suit.yaml"
    path.write_bytes(Path(SUIT).read_bytes())
    result = sprawl("roster", "edit", str(path), "Gordo", "--guts", "5")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert sprawl.json("roster", "show", str(path))["squad"] == "S.U.I.T. #13"


# --- gear -----------------------------------------------------------------------------------------


def test_gear_lists_the_house_list_labelled(sprawl, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    data = sprawl.json("gear")
    assert data["file"] == str(HOUSE_GEAR) and data["house_values"] is True
    assert "HOUSE VALUES" in data["note"] and "GEAR page" in data["note"]
    names = [w["name"] for w in data["weapons"]]
    assert "Pistol" in names and "Rocket Launcher" in names
    text = sprawl("gear")
    assert text.exit_code == 0 and "HOUSE VALUES" in text.stdout and "Grenade Launcher" in text.stdout


def test_gear_beside_the_roster_wins(sprawl):
    write(sprawl.folder, "weapons:\n  - {name: Lazer, kind: gun, power: 5, reliability: 4, short: {max: 9, mod: 0}}\n",
          "gear.yaml")
    roster = write(sprawl.folder, GOOD.replace("[Pistol, Knife]", "[Lazer]").replace("[Club]", "[]"))
    data = sprawl.json("gear", "--roster", str(roster))
    assert data["file"] == str(sprawl.folder / "gear.yaml") and data["house_values"] is False
    assert "note" not in data and [w["name"] for w in data["weapons"]] == ["Lazer"]
    assert sprawl("roster", "check", str(roster)).exit_code == 0
    # The house Pistol is not in this list.
    assert "no weapon 'Pistol'" in one_error(sprawl("roster", "edit", str(roster), "Bo", "--weapon", "Pistol"))
    # rosters/sprawl/gear.yaml is the house list unchanged, so it is labelled as such.
    assert sprawl.json("gear", "--roster", PLF)["house_values"] is True


def test_gear_with_a_missing_roster_is_refused(sprawl):
    assert "no roster file" in one_error(sprawl("gear", "--roster", "nope.yaml"))


def test_show_lists_inline_weapons_apart_from_the_gear_list(sprawl):
    path = sprawl.folder / "inline.yaml"
    path.write_text(
        "squad: Inline\nleader: Zed\ncharacters:\n  - {name: Zed, shooting: 3, brawling: 3, quickness: 3, smarts: 3,"
        " guts: 3, strength: 3, toughness: 3, health: 3, weapons: [Pistol, {name: Zapper, kind: gun, power: 2,"
        " reliability: 2, short: {max: 6, mod: 0}}]}\n"
    )
    result = sprawl("roster", "show", str(path), env={"NO_COLOR": "1", "COLUMNS": "120"})
    assert result.exit_code == 0
    tables = result.stdout.split("Weapons (from", 1)[1]
    listed, _, inline = tables.partition("defined in")
    assert "Pistol" in listed and "Zapper" in inline and "Zapper" not in listed


@pytest.mark.parametrize("folder", ["rosters", "rosters/sprawl"])
def test_the_sample_squads_and_their_gear_are_found_at_both_paths(sprawl, folder):
    # rosters/sprawl/ holds SPRAWL's samples; rosters/plf.yaml, suit.yaml and gear.yaml are links
    # to them (the spec names rosters/gear.yaml, and scripts use rosters/plf.yaml).
    plf, suit = ROOT / folder / "plf.yaml", ROOT / folder / "suit.yaml"
    assert sprawl.json("roster", "show", str(plf))["gear"] == {"file": str(ROOT / folder / "gear.yaml"),
                                                                "house_values": True}
    assert sprawl.json("gear", "--roster", str(suit))["file"] == str(ROOT / folder / "gear.yaml")
    assert sprawl("roster", "check", str(plf), str(suit)).exit_code == 0
    assert sprawl("new", "--squad", str(plf), "--squad", str(suit)).exit_code == 0
    assert (ROOT / folder / "gear.yaml").resolve() == HOUSE_GEAR.resolve()


def test_the_old_sample_paths_are_relative_links_into_rosters_sprawl():
    for name in ("plf.yaml", "suit.yaml", "gear.yaml"):
        link = ROOT / "rosters" / name
        assert link.is_symlink() and str(link.readlink()) == f"sprawl/{name}"
