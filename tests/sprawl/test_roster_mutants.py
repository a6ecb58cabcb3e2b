"""Rules edges of roster files that mutation over `roster.py` found untested (2026-12-02, third session).

`roster.py` was run whole with its own tests (`test_roster.py`, the roster CLI tests, the roster
header and loose-input tests); each test below kills the survivors named beside it.

Equivalent survivors (no input can tell them from the code):

- `roster_to_data` 6, 10-13: the dict that writes a character's `max_toughness` and `max_health`
  under `toughness` and `health` (its keys mangled, or looked up with None). Its only caller,
  `roster edit/add/remove`, hands it characters fresh from the file, whose Toughness and Health
  equal their maxima, so reading the current values writes the same numbers.
- `roster_to_data` 16, 19, 20: the default of `getattr(c, attr, 0)` made None, 1 or dropped:
  every attribute name is a field of `Character`, so the default is never read.
- `roster_from_data` 27: a roster that names no system is SPRAWL's, and the default "sprawl" made
  "SPRAWL" is folded to the same registry key by `system_key`.
- `roster_from_data` 158: the index kept for each name seen (None instead): only whether a name
  was seen is read.
- `character_from` 84, 91, 92: the `where` and the key handed to the second `weapon_item` call,
  which runs only after the same call inside `problems.check` passed, so it never fails and never
  reads them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sprawl_cli.systems.sprawl.model import Squad, Weapon
from sprawl_cli.api import Where
from sprawl_cli.systems.sprawl.roster import load_roster, roster_from_data
from tests.factory import SUIT
from tests.sprawl.test_roster import GOOD, write
from tests.test_store import one_error


def refused(sprawl, old: str, new: str, count: int = -1) -> tuple[Path, str]:
    """`roster check` of the good roster with `old` made `new` (the first `count` of them, default
    every one): the file and its one error line."""
    path = write(sprawl.folder, GOOD.replace(old, new, count))
    return path, one_error(sprawl("roster", "check", str(path)))


def test_load_roster_uses_the_gear_it_is_handed(tmp_path: Path) -> None:
    # load_roster 12: the gear handed in, not the house list found from the path.
    path = write(tmp_path, GOOD.replace("[Club]", "[Zapper]"))
    gear = {name.lower(): Weapon(name=name, kind="melee", power=2) for name in ("Zapper", "Pistol", "Knife")}
    roster = load_roster(path, gear)
    assert [w.name for w in roster.characters[1].weapons] == ["Zapper"]


def test_a_roster_with_no_characters_yet_is_shown(sprawl) -> None:
    # load_roster 13, 18: `roster show` of a roster `roster new` just wrote (allow_empty).
    path = sprawl.folder / "owls.yaml"
    assert sprawl("roster", "new", str(path), "--squad", "Night Owls", "--leader", "Vex").exit_code == 0
    data = sprawl.json("roster", "show", str(path))
    assert data["squad"] == "Night Owls" and data["characters"] == []
    roster = load_roster(path, allow_empty=True)
    # roster_from_data 91, 92: its squad has no members yet and names its file.
    assert roster.squad == Squad("Night Owls", "Vex", [], str(path)) and roster.characters == []


def test_a_character_that_is_not_a_map_is_named_by_its_place(sprawl) -> None:
    # character_from 2-7: the place and the words of a character given as a bare name.
    path, message = refused(sprawl, "  - name: Bo\n", "  - Cy\n  - name: Bo\n")
    assert message == f"{path}:14: key 'characters.1': each character is a map of name, attributes and weapons"


def test_an_unknown_character_key_lists_the_keys_a_character_has(sprawl) -> None:
    # character_from 18: the list of keys, joined by commas.
    path, message = refused(sprawl, "    health: 2\n", "    health: 2\n    luck: 3\n")
    assert message == (f"{path}:23: key 'characters.1.luck': unknown key; a character has name, shooting, "
                       "brawling, quickness, smarts, guts, strength, toughness, health, weapons")


def test_a_character_may_leave_out_its_weapons(sprawl) -> None:
    # character_from 49, 51: no `weapons:` key is an empty list, not a refusal.
    path = write(sprawl.folder, GOOD.replace("    weapons: [Club]\n", ""))
    data = sprawl.json("roster", "show", str(path))
    assert [c["weapons"] for c in data["characters"] if c["name"] == "Bo"] == [[]]


def test_weapons_that_are_not_a_list_are_refused_by_their_key(sprawl) -> None:
    # character_from 55-66: the words and key of a `weapons:` that is one name, not a list, and
    # the rest of the character still read (no crash on the weapons left out).
    path, message = refused(sprawl, "[Club]", "Club")
    assert message == f"{path}:23: key 'characters.1.weapons': should be a list of weapon names or weapon maps"


def test_the_same_weapon_twice_is_refused_by_its_key(sprawl) -> None:
    # character_from 94, 95: a weapon named twice, in any case.
    path, message = refused(sprawl, "[Club]", "[Club, club]")
    assert message == f"{path}:23: key 'characters.1.weapons': names the same weapon twice"


@pytest.mark.parametrize("name", ['""', '"  "', "5", "[Bo]"], ids=["empty", "blank", "number", "list"])
def test_a_character_needs_a_name_that_is_words(sprawl, name: str) -> None:
    # check_name 1, 4-7: an empty, blank or non-text name, word for word with its key.
    path, message = refused(sprawl, "  - name: Bo\n", f"  - name: {name}\n")
    assert message == f"{path}:14: key 'characters.1.name': every character needs a name"


@pytest.mark.parametrize("name,words", [
    ("None", "'none' means nobody in --nearby and --blast, so no character can be called that; rename it"),
    ('"Bo, Jr"', "'Bo, Jr' has a comma, which separates names in --nearby and --blast; rename it"),
], ids=["none", "comma"])
def test_a_name_the_name_lists_cannot_give_is_refused_word_for_word(sprawl, name: str, words: str) -> None:
    # check_name 31 (and the comma beside it).
    path = write(sprawl.folder, GOOD.replace("  - name: Bo\n", f"  - name: {name}\n"))
    assert one_error(sprawl("roster", "check", str(path))) == f"{path}:14: key 'characters.1.name': {words}"


def test_a_missing_attribute_is_refused_word_for_word(sprawl) -> None:
    # check_attribute 9.
    path = write(sprawl.folder, GOOD.replace("    guts: 3\n    strength: 4\n", "    strength: 4\n"))
    assert one_error(sprawl("roster", "check", str(path))) == f"{path}:14: key 'characters.1.guts': is missing"


def test_attributes_at_their_bounds_are_taken(sprawl) -> None:
    # check_attribute 29, 30: 0 (1 for Toughness and Health) and 20 are within the bounds.
    text = (GOOD.replace("    shooting: 2\n", "    shooting: 0\n").replace("    strength: 4\n", "    strength: 20\n")
            .replace("    toughness: 2\n", "    toughness: 1\n").replace("    health: 2\n", "    health: 1\n"))
    path = write(sprawl.folder, text)
    bo = next(c for c in sprawl.json("roster", "show", str(path))["characters"] if c["name"] == "Bo")
    assert (bo["shooting"], bo["strength"], bo["toughness"], bo["health"]) == (0, 20, 1, 1)


def test_a_roster_that_is_not_a_map_is_refused_at_its_top(sprawl) -> None:
    # roster_from_data 3: the whole file's key, `(top)`.
    path = write(sprawl.folder, "- Ana\n- Bo\n")
    message = one_error(sprawl("roster", "check", str(path)))
    assert message == f"{path}:1: key '(top)': a roster is a map with squad, leader and characters"


def test_a_game_takes_no_roster_without_characters(sprawl) -> None:
    # roster_from_data 1: only `roster show` and `roster add` accept an empty roster (allow_empty);
    # `new` reads a roster without it and refuses one `roster new` just wrote.
    path = sprawl.folder / "owls.yaml"
    assert sprawl("roster", "new", str(path), "--squad", "Night Owls", "--leader", "Vex").exit_code == 0
    message = one_error(sprawl("new", "--squad", str(path), "--squad", SUIT))
    assert message == f"{path}:4: key 'characters': a squad needs at least one character"
    assert [p.name for p in sprawl.folder.iterdir()] == ["owls.yaml"]  # no game was written


def test_every_problem_of_a_file_is_said_once_in_one_line(sprawl) -> None:
    # Problems.raise_any 3: the problems joined by "; ", in the order found.
    text = "squad: S\nleader: A\nsystem: gunplay\nluck: 1\ncharacters: []\n"
    path = write(sprawl.folder, text)
    message = one_error(sprawl("roster", "check", str(path)))
    assert message == (f"{path}:4: key 'luck': unknown key; a roster has system, squad, leader, characters; "
                       f"{path}:3: key 'system': this roster is for 'gunplay', not SPRAWL")


def test_a_binary_gear_file_is_named_a_gear_list(sprawl) -> None:
    # load_gear 3, 6: the kind of file the refusal names.
    path = write(sprawl.folder, GOOD)
    gear = sprawl.folder / "gear.yaml"
    gear.write_bytes(b"\x00\x01")
    assert one_error(sprawl("roster", "check", str(path))) == f"{gear}: this is a binary file, not a gear list"


@pytest.mark.parametrize("text,words", [
    ("weapons:\n  - {name: Bat, kind: club, power: 1}\n",
     ":2: key 'weapons.0.kind': 'club' is not a kind; use one of melee, gun, thrown, launcher"),
    ("guns: []\n", ":1: key 'weapons': a gear file is a map with a `weapons:` list"),
    ("weapons: 5\n", ":1: key 'weapons': a gear file is a map with a `weapons:` list"),
    ("- 1\n", ":1: key 'weapons': a gear file is a map with a `weapons:` list"),
], ids=["bad kind", "no weapons key", "weapons not a list", "a list"])
def test_a_bad_gear_file_is_refused_by_its_line_and_key(sprawl, text: str, words: str) -> None:
    # load_gear 7-10 and the checks beside them: a gear file's problems name the gear file.
    path = write(sprawl.folder, GOOD)
    gear = write(sprawl.folder, text, "gear.yaml")
    assert one_error(sprawl("roster", "check", str(path))) == f"{gear}{words}"


INLINE = [  # (an inline weapon, its key under the weapon, the words)
    ("{name: Bat, kind: melee}", "power", "is missing"),
    ("{name: Bat, kind: melee, power: x}", "power", "should be a whole number, not 'x'"),
    ("{name: ' ', kind: melee, power: 1}", "name", "a weapon needs a name"),
    ("{name: Gat, kind: gun, power: 2, short: {max: 8, mod: 0}}", "reliability",
     "a gun needs a reliability (the Difficulty of clearing a jam)"),
    ("{name: Gat, kind: gun, power: 2, reliability: 2}", "short",
     "a gun or launcher needs a short range band, e.g. {max: 8, mod: 0}"),
    ("{name: Tube, kind: launcher, power: 2}", "short",
     "a gun or launcher needs a short range band, e.g. {max: 8, mod: 0}"),
    ("{name: Gat, kind: gun, power: 21, reliability: 2, short: {max: 8, mod: 0}}", "power",
     "should be from 0 to 20, not 21"),
    ("{name: Nade, kind: thrown, power: 2, uses: 0}", "uses", "should be from 1 to 100, not 0"),
]


@pytest.mark.parametrize("weapon,key,words", INLINE, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(INLINE)])
def test_an_inline_weapons_problem_is_named_by_its_line_and_key(sprawl, weapon: str, key: str, words: str) -> None:
    # weapon_from 4, 8 and each check of a weapon defined in a roster.
    path, message = refused(sprawl, "[Club]", f"[{weapon}]")
    assert message == f"{path}:23: key 'characters.1.weapons.0.{key}': {words}"


def test_a_melee_weapon_needs_no_reliability_or_range(sprawl) -> None:
    path = write(sprawl.folder, GOOD.replace("[Club]", "[{name: Bat, kind: melee, power: 1}]"))
    bo = next(c for c in sprawl.json("roster", "show", str(path))["characters"] if c["name"] == "Bo")
    assert bo["weapons"] == [{"name": "Bat", "kind": "melee", "power": 1}]


GUN = "{name: Gat, kind: gun, power: 2, reliability: 2, short: {max: 8, mod: 0}"
NUMBERS = [  # (the weapon's extra fields, its key, the words): each number just past a bound
    (", power: -1", "power", "should be from 0 to 20, not -1"),
    (", reliability: 101", "reliability", "should be from 0 to 100, not 101"),
    (", uses: 101", "uses", "should be from 1 to 100, not 101"),
    (", blast: 1001", "blast", "should be from 0 to 1000, not 1001"),
    (", blast: -0.5", "blast", "should be from 0 to 1000, not -0.5"),
    (", long: {max: 1001, mod: 0}", "long.max", "should be from 0 to 1000, not 1001"),
    (", long: {max: 12, mod: -101}", "long.mod", "should be from -100 to 100, not -101"),
    (", long: {max: 12, mod: 101}", "long.mod", "should be from -100 to 100, not 101"),
]


@pytest.mark.parametrize("extra,key,words", NUMBERS, ids=[f"{k}-{i}" for i, (_, k, _) in enumerate(NUMBERS)])
def test_each_number_of_a_weapon_is_refused_past_its_bound(sprawl, extra: str, key: str, words: str) -> None:
    # check_weapon_numbers 5, 6 and the other keys and bounds of its list.
    weapon = GUN.replace(f", {key}: 2", "")  # the field tried is given once
    path, message = refused(sprawl, "[Club]", f"[{weapon}{extra}}}]")
    assert message == f"{path}:23: key 'characters.1.weapons.0.{key}': {words}"


def test_a_weapons_numbers_at_their_bounds_are_taken(sprawl) -> None:
    weapon = ("{name: Gat, kind: gun, power: 20, reliability: 100, uses: 100, blast: 1000,"
              " short: {max: 0, mod: -100}, long: {max: 1000, mod: 100}}")
    path = write(sprawl.folder, GOOD.replace("[Club]", f"[{weapon}]"))
    assert sprawl("roster", "check", str(path)).exit_code == 0
    weapon = weapon.replace("power: 20", "power: 0").replace("reliability: 100", "reliability: 0").replace(
        "uses: 100", "uses: 1").replace("blast: 1000", "blast: 0")
    path = write(sprawl.folder, GOOD.replace("[Club]", f"[{weapon}]"))
    assert sprawl("roster", "check", str(path)).exit_code == 0


@pytest.mark.parametrize("text,line,key,words", [
    ("leader: Ana\ncharacters: []\n", 1, "squad", "is missing"),
    ("squad: S\nleader: 5\ncharacters: []\n", 2, "leader", "should be a name"),
    ("squad: ' '\nleader: Ana\ncharacters: []\n", 1, "squad", "should be a name"),
], ids=["no squad", "a number", "blank"])
def test_a_squad_and_leader_must_be_names(sprawl, text: str, line: int, key: str, words: str) -> None:
    # roster_from_data 49: a missing, blank or non-text squad or leader is refused, not a crash.
    path = write(sprawl.folder, text)
    assert one_error(sprawl("roster", "check", str(path))) == f"{path}:{line}: key '{key}': {words}"


def test_a_squad_name_no_game_can_hold_is_refused_by_its_key(sprawl) -> None:
    # roster_from_data 67-73: the name's fault, said under the squad's key.
    path, message = refused(sprawl, "squad: Test Squad", "squad: " + "K" * 41)
    assert message == f"{path}:1: key 'squad': this name is 41 characters long; a name holds at most 40"


def test_an_empty_roster_read_from_data_without_a_file_names_none() -> None:
    # roster_from_data 97-100: a roster read from data alone has "" for its file, not "None".
    roster = roster_from_data({"squad": "Owls", "leader": "Vex"}, Where("data", {}), allow_empty=True)
    assert roster.squad == Squad("Owls", "Vex", [], "") and roster.characters == []


THIRD = """  - name: {name}
    shooting: 1
    brawling: 1
    quickness: 1
    smarts: 1
    guts: 1
    strength: 1
    toughness: 1
    health: 1
"""


def test_a_name_twice_names_the_later_character(sprawl) -> None:
    # roster_from_data 156, 157: the words name the character met second, as written.
    path = write(sprawl.folder, GOOD + THIRD.format(name="ANA"))
    message = one_error(sprawl("roster", "check", str(path)))
    assert message == f"{path}:24: key 'characters.2.name': two characters are called 'ANA'"


def test_names_are_told_apart_in_lower_case(sprawl) -> None:
    # roster_from_data 143: "Straße" and "STRASSE" differ in lower case (they meet in upper case).
    path = write(sprawl.folder, GOOD + THIRD.format(name="Straße") + THIRD.format(name="STRASSE"))
    assert [c["name"] for c in sprawl.json("roster", "show", str(path))["characters"]][2:] == ["Straße", "STRASSE"]


def test_a_leader_whose_own_entry_is_broken_is_not_also_missing(sprawl) -> None:
    # roster_from_data 167-169, 171: the leader's entry fails, so it is said once, not again as
    # a leader missing from the squad.
    path, message = refused(sprawl, "    shooting: 3\n", "    shooting: two\n", 1)
    assert message == f"{path}:5: key 'characters.0.shooting': should be a whole number, not 'two'"


@pytest.mark.parametrize("leader", ["None", "XXXX"])
def test_a_leader_called_none_is_missing_though_a_character_has_no_name(sprawl, leader: str) -> None:
    # roster_from_data 170, 172, 175: a character without a name is no character called "None".
    path = write(sprawl.folder, GOOD.replace("leader: Ana", f"leader: {leader}").replace("  - name: Bo\n", "  -\n"))
    message = one_error(sprawl("roster", "check", str(path)))
    assert message.endswith(f"{path}:2: key 'leader': '{leader}' is not in the squad; the leader must be one of its "
                            "characters")


def test_a_rosters_squad_names_its_file_or_none(sprawl) -> None:
    # roster_from_data 198-203: the squad of a full roster keeps the file it came from, "" for none.
    path = write(sprawl.folder, GOOD)
    assert load_roster(path).squad == Squad("Test Squad", "Ana", ["Ana", "Bo"], str(path))
    data = {"squad": "Test Squad", "leader": "Ana", "characters": [
        {"name": "Ana", **{a: 1 for a in ("shooting", "brawling", "quickness", "smarts", "guts", "strength",
                                          "toughness", "health")}}]}
    assert roster_from_data(data, Where("data", {})).squad == Squad("Test Squad", "Ana", ["Ana"], "")
