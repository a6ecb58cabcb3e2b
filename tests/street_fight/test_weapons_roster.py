"""F5 weapons, random weapons, and roster files."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.street_fight.model import Character
from sprawl_cli.systems.street_fight.roster import read_roster
from sprawl_cli.systems.street_fight.weapons import weapon, weapon_for_roll
from sprawl_cli.model import Squad
from sprawl_cli.systems.street_fight.model import Settings
from sprawl_cli.systems.street_fight.setup import new_game
from tests.street_fight.build import dice, leftover


@pytest.mark.parametrize("face, name", [(1, "pistol"), (50, "pistol"), (51, "rifle"), (70, "rifle"),
                                        (71, "scoped rifle"), (80, "scoped rifle"), (81, "assault rifle"),
                                        (90, "assault rifle"), (91, "LMG"), (99, "LMG"), (100, "HMG")])
def test_d100_bands(face: int, name: str) -> None:
    assert weapon_for_roll(face).name == name


@pytest.mark.parametrize("name, bonus, inc, kill, rounds", [
    ("pistol", 0, 2, 5, ""), ("rifle", 10, 4, 4, ""), ("scoped rifle", 20, 4, 4, ""),
    ("assault rifle", 10, 3, 4, "d10/2"), ("LMG", 0, 4, 3, "d10"), ("HMG", 0, 5, 2, "d10")])
def test_table(name: str, bonus: int, inc: int, kill: int, rounds: str) -> None:
    w = weapon(name)
    assert (w.bonus, w.increment, w.kill, w.rounds) == (bonus, inc, kill, rounds)
    assert w.heavy == (name == "HMG")


def test_names_are_forgiving_but_not_loose() -> None:
    assert weapon("Scoped-Rifle").name == "scoped rifle"
    assert weapon("lmg").name == "LMG"
    with pytest.raises(BadInput, match="not a Street-Fight weapon"):
        weapon("bazooka")


@pytest.mark.parametrize("face, rounds", [(1, 1), (2, 1), (3, 2), (9, 5), (10, 5)])
def test_assault_rifle_rounds_round_up(face: int, rounds: int) -> None:
    assert weapon("assault rifle").rounds_fired(face) == rounds
    assert weapon("LMG").rounds_fired(face) == face


def where() -> Where:
    return Where("r.yaml", {})


def test_roster_reads() -> None:
    r = read_roster({"system": "street-fight", "squad": "Rats", "characters": [
        {"name": "Ada", "weapon": "scoped rifle"}, {"name": "Bo", "weapon": "random"}]}, where(), "r.yaml")
    assert r.squad.name == "Rats" and r.squad.roster == "r.yaml"
    assert [(c.name, c.weapon) for c in r.characters] == [("Ada", "scoped rifle"), ("Bo", "random")]


@pytest.mark.parametrize("data, key", [
    ({"system": "street-fight", "squad": "R", "characters": [{"name": "A", "weapon": "sword"}]}, "characters.0.weapon"),
    ({"system": "street-fight", "squad": "R", "characters": [{"name": "A"}]}, "characters.0.weapon"),
    ({"system": "street-fight", "squad": "R", "characters": []}, "characters"),
    ({"system": "street-fight", "characters": [{"name": "A", "weapon": "rifle"}]}, "squad"),
    ({"system": "street-fight", "squad": "R", "characters": [{"name": "A", "weapon": "rifle", "hp": 3}]},
     "characters.0.hp"),
    ({"system": "street-fight", "squad": "R", "characters": [{"name": "A", "weapon": "rifle"},
                                                              {"name": "a", "weapon": "rifle"}]}, "characters.1.name"),
    ({"system": "street-fight", "squad": "R", "colour": "red", "characters": [{"name": "A", "weapon": "rifle"}]},
     "colour"),
])
def test_roster_refusals_name_the_key(data: dict[str, object], key: str) -> None:
    with pytest.raises(SaveFileError, match=f"key '{key}'"):
        read_roster(data, where(), "r.yaml")


def test_new_rolls_random_weapons_in_roster_order_then_initiative() -> None:
    chars = [Character("A", "Red", "random"), Character("B", "Red", "rifle"), Character("C", "Blue", "random")]
    squads = [Squad("Red", "", ["A", "B"]), Squad("Blue", "", ["C"])]
    d = dice(100, 75, 3, 8)
    g, started = new_game(squads, chars, Settings(), None, d)
    assert leftover(d) == []
    assert [(c.name, c.weapon, c.weapon_roll) for c in g.characters] == [
        ("A", "HMG", 100), ("B", "rifle", None), ("C", "scoped rifle", 75)]
    assert started.to_json()["weapons"] == [{"name": "A", "roll": 100, "weapon": "HMG"},
                                            {"name": "C", "roll": 75, "weapon": "scoped rifle"}]
    assert [g.squads[i].name for i in g.order] == ["Blue", "Red"]
    assert g.current_squad.name == "Blue" and g.phase == "movement"


@pytest.mark.parametrize("file", ["dock-rats.yaml", "wardens.yaml"])
def test_sample_rosters_read(file: str) -> None:
    from pathlib import Path

    from sprawl_cli.yamlio import load

    path = Path(__file__).resolve().parents[2] / "rosters" / "street-fight" / file
    data, lines = load(path, "roster")
    r = read_roster(data, Where(str(path), lines), str(path))
    assert len(r.characters) == 4 and r.squad.members == [c.name for c in r.characters]


def test_a_bad_weapon_names_its_line() -> None:
    from sprawl_cli.yamlio import parse

    data, lines = parse("system: street-fight\nsquad: R\ncharacters:\n  - name: A\n    weapon: spear\n", "r.yaml")
    with pytest.raises(SaveFileError, match=r"r.yaml:5: key 'characters.0.weapon': 'spear' is not a weapon"):
        read_roster(data, Where("r.yaml", lines), "r.yaml")
