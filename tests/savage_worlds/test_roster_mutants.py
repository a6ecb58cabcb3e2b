"""Roster files and the save's cross-checks, what the mutation run of roster.py found
unchecked: every refusal word for word with the key it names, each number at both edges of
what it accepts, what a character and a weapon read as (defaults and all), and every
cross-check a hand edit of the save can break.

roster.py again (2026-12-02, second session, all 1,076 mutants): its 27 survivors were all gaps
in the save's bounds (Toughness, Parry and Pace at either end, a move of exactly 1,000 inches,
a weapon's rate of fire, armour piercing and shots, a count paid of 10, the joker setting's
refusal), killed by the tests after the 2026-12-02 marks below and run again by name: none is
left.
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.base import NewGame, Roster
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.roster import check_game, read_roster
from sprawl_cli.systems.savage_worlds.setup import new_game

ATTRS = {"agility": "d6", "smarts": "d6", "spirit": "d6", "strength": "d6", "vigor": "d6"}


def person(**values: Any) -> dict[str, Any]:
    return {"name": "Ada", "wild_card": True, **ATTRS, **values}


def roster(*people: Any, **top: Any) -> dict[str, Any]:
    return {"system": "savage-worlds", "squad": "Heroes", "characters": list(people or [person()]), **top}


def read(data: dict[str, Any]) -> Roster:
    return read_roster(data, Where("r.yaml", {}), "r.yaml")


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises(SaveFileError) as caught:
        read(data)
    return str(caught.value)


def armed(**weapon: Any) -> dict[str, Any]:
    return roster(person(weapons=[{"name": "Gun", "damage": "2d6", **weapon}]))


def test_a_character_and_its_weapons_read_whole_with_every_key() -> None:
    out = read(roster(
        person(name=" Ada ", agility=8, smarts="D10", skills={"Fighting": "d8", "shooting": 6}, toughness=9, parry=7,
               armor=2, pace=5, weapons=[
                   {"name": " Rifle ", "damage": "2D8 + 1", "range": "24 / 48 / 96", "rof": 12, "ap": 100,
                    "shots": 1000, "skill": "shooting", "template": "small"},
                   {"name": "Club", "damage": "str+d4", "rof": 1, "ap": 0, "shots": 1}]),
        person(name="Goon", wild_card=False, group="thugs", pace=0, armor=0, toughness=1, parry=1),
        gm=True))
    ada, goon = out.characters
    assert (ada.name, ada.squad, ada.wild_card, ada.agility, ada.smarts, ada.skills) == (
        "Ada", "Heroes", True, "d8", "d10", {"fighting": "d8", "shooting": "d6"})
    assert (ada.toughness, ada.parry, ada.armor, ada.pace, ada.group) == (9, 7, 2, 5, None)
    assert ada.weapons == [Weapon("Rifle", "2d8+1", range="24/48/96", rof=12, template="small", ap=100,
                                  skill="shooting", shots=1000), Weapon("Club", "str+d4", shots=1)]
    assert (goon.wild_card, goon.group, goon.pace, goon.armor, goon.toughness, goon.parry) == (
        False, "thugs", 0, 0, 1, 1)
    assert out.extra == {"gm": True} and out.squad.leader == "Ada" and out.squad.members == ["Ada", "Goon"]
    assert out.squad.roster == "r.yaml"


def test_a_character_left_plain_takes_the_defaults_and_extras_only_lead_when_alone() -> None:
    plain = read(roster(person(name="Goon", wild_card=False)))
    goon = plain.characters[0]
    assert (goon.wild_card, goon.skills, goon.weapons, goon.group) == (False, {}, [], None)
    assert plain.extra == {"gm": False} and plain.squad.leader == "Goon"
    data = roster(person(name="Goon"), person(name="Boss"))
    del data["characters"][0]["wild_card"]
    assert read(data).squad.leader == "Boss" and read(data).characters[0].wild_card is False


@pytest.mark.parametrize(("data", "message"), [
    (roster(gm="yes"), "key 'gm': should be true or false"),
    (roster(colour="red"), "key 'colour': unknown key; a Savage Worlds roster has system, squad, gm, characters"),
    (roster(system="gunplay"), "key 'system': this roster is for 'gunplay', not Savage Worlds (savage-worlds)"),
    (roster(person(), person(name="ADA")), "key 'characters.1.name': two characters are called 'ADA'"),
    (roster(["Ada"]), "key 'characters.0': a character is a map with name, wild_card and the five attributes"),
    (roster(person(height=3)), "key 'characters.0.height': unknown key; expected one of name, wild_card, agility, "
                               "smarts, spirit, strength, vigor, skills, toughness, parry, armor, pace, group, "
                               "weapons"),
    (roster({"wild_card": True, **ATTRS}), "key 'characters.0.name': is missing"),
    (roster({"name": "Ada", **{k: v for k, v in ATTRS.items() if k != "vigor"}}),
     "key 'characters.0.vigor': is missing"),
    (roster(person(wild_card="yes")), "key 'characters.0.wild_card': should be true or false"),
    (roster(person(agility=7)), "key 'characters.0.agility': 'd7' is not a trait die: write d4, d6, d8, d10 or d12, "
                                "optionally +N (d12+1)"),
    (roster(person(agility=True)), "key 'characters.0.agility': 'True' is not a trait die"),
    (roster(person(skills=["fighting"])), "key 'characters.0.skills': should be a map of skill to die, like "
                                          "{fighting: d8}"),
    (roster(person(skills={"fighting": "d3"})), "key 'characters.0.skills.fighting': 'd3' is not a trait die"),
    (roster(person(name="  ")), "key 'characters.0.name': should be some text"),
    (roster(person(name=5)), "key 'characters.0.name': should be some text"),
    (roster(person(toughness=0)), "key 'characters.0.toughness': should be a whole number from 1 to 100, not 0"),
    (roster(person(toughness=101)), "key 'characters.0.toughness': should be a whole number from 1 to 100, not 101"),
    (roster(person(parry=0)), "key 'characters.0.parry': should be a whole number from 1 to 100, not 0"),
    (roster(person(parry=101)), "key 'characters.0.parry': should be a whole number from 1 to 100, not 101"),
    (roster(person(armor=-1)), "key 'characters.0.armor': should be a whole number from 0 to 100, not -1"),
    (roster(person(armor=101)), "key 'characters.0.armor': should be a whole number from 0 to 100, not 101"),
    (roster(person(pace=-1)), "key 'characters.0.pace': should be a whole number from 0 to 100, not -1"),
    (roster(person(pace=101)), "key 'characters.0.pace': should be a whole number from 0 to 100, not 101"),
    (roster(person(pace=True)), "key 'characters.0.pace': should be a whole number from 0 to 100, not True"),
    (roster(person(pace="6")), "key 'characters.0.pace': should be a whole number from 0 to 100, not '6'"),
    (roster(person(group="g")), "key 'characters.0.group': a Wild Card gets its own card; groups are for Extras"),
    (roster(person(wild_card=False, group=" ")), "key 'characters.0.group': should be some text"),
    (roster(person(weapons={"name": "Gun"})), "key 'characters.0.weapons': should be a list of weapons"),
    (roster(person(weapons=["Gun"])), "key 'characters.0.weapons.0': a weapon is a map with name and damage (and "
                                      "range, rof, template)"),
    (armed(colour="red"), "key 'characters.0.weapons.0.colour': unknown key; expected one of name, damage, range, "
                          "rof, template, ap, skill, shots"),
    (roster(person(weapons=[{"damage": "2d6"}])), "key 'characters.0.weapons.0.name': is missing"),
    (roster(person(weapons=[{"name": "Gun"}])), "key 'characters.0.weapons.0.damage': is missing"),
    (armed(name=" "), "key 'characters.0.weapons.0.name': should be some text"),
    (armed(damage=6), "key 'characters.0.weapons.0.damage': should be some text"),
    (armed(damage="2d7"), "key 'characters.0.weapons.0.damage': damage '2d7': d7 is not a d4-d12"),
    (armed(range="12/24"), "key 'characters.0.weapons.0.range': '12/24' is not a range: write short/medium/long, "
                           "like 12/24/48"),
    (armed(range="12/24/x"), "key 'characters.0.weapons.0.range': '12/24/x' is not a range"),
    (armed(range="0/24/48"), "key 'characters.0.weapons.0.range': '0/24/48' is not a range"),
    (armed(range="12/11/48"), "key 'characters.0.weapons.0.range': '12/11/48' is not a range"),
    (armed(range="12/24/23"), "key 'characters.0.weapons.0.range': '12/24/23' is not a range"),
    (armed(rof=0), "key 'characters.0.weapons.0.rof': should be a whole number from 1 to 12, not 0"),
    (armed(rof=13), "key 'characters.0.weapons.0.rof': should be a whole number from 1 to 12, not 13"),
    (armed(template="huge", range="5/10/20"), "key 'characters.0.weapons.0.template': use one of small, medium, "
                                              "large"),
    (armed(template="small"), "key 'characters.0.weapons.0.range': an area-effect weapon needs a range"),
    (armed(ap=-1), "key 'characters.0.weapons.0.ap': should be a whole number from 0 to 100, not -1"),
    (armed(ap=101), "key 'characters.0.weapons.0.ap': should be a whole number from 0 to 100, not 101"),
    (armed(shots=0), "key 'characters.0.weapons.0.shots': should be a whole number from 1 to 1000, not 0"),
    (armed(shots=1001), "key 'characters.0.weapons.0.shots': should be a whole number from 1 to 1000, not 1001"),
    (armed(skill="Fighting"), "key 'characters.0.weapons.0.skill': use one of fighting, shooting, throwing"),
])
def test_a_bad_roster_is_refused_naming_the_key_word_for_word(data: dict[str, Any], message: str) -> None:
    said = refusal(data)
    assert said.startswith("r.yaml: ") and message in said, said


def test_a_weapon_with_each_skill_and_a_range_at_its_edges_is_read() -> None:
    for skill in ("fighting", "shooting", "throwing"):
        assert read(armed(skill=skill)).characters[0].weapons[0].skill == skill
    assert read(armed(range="1/1/1")).characters[0].weapons[0].range == "1/1/1"
    assert read(armed(range=None, template=None, shots=None, skill=None)).characters[0].weapons[0] == Weapon(
        "Gun", "2d6")
    for template in ("small", "medium", "large"):
        assert read(armed(range="5/10/20", template=template)).characters[0].weapons[0].template == template


def game() -> Game:
    heroes = read(roster(person(), person(name="Cy", wild_card=False)))
    thugs = read(roster(person(name="Boss"), squad="Thugs", gm=True))
    return new_game([heroes, thugs], NewGame())


def broken(edit: Any) -> str:
    g = game()
    edit(g)
    with pytest.raises(SaveFileError) as caught:
        check_game(g, Where("save", {}))
    return str(caught.value)


def test_an_untouched_game_and_every_edge_a_hand_edit_may_reach_pass() -> None:
    g = game()
    ada, cy = g.character("Ada"), g.character("Cy")
    ada.wounds, cy.wounds = 3, 1
    ada.card, ada.bennies, ada.moved, ada.aim = "RJ", 0, 0.0, "Boss"
    ada.fired, ada.spent = {"Gun": 0}, {"Gun": 0}
    g.pools["Heroes"] = 0
    g.order = [{"name": "Ada", "card": "RJ"}]
    g.acting, g.cut_in, g.gm = 0, "Cy", ["Thugs"]
    g.soakable = {"Ada": {"before": {"wounds": 0, "statuses": []}, "taken": 1}}
    g.settings.damage, g.phase = "hand", "action"
    g.soakable["Ada"]["soaked"] = 0
    g.waiting = {"name": "Cy", "target": "Boss", "done": False}
    g.standoff_order = [{"name": "Boss", "total": 5, "standing": 5}]
    ada.paid = 0
    g.settings.players, g.settings.allies = {"Heroes": 12}, {"Cy": "Ada"}  # the edges of the table's choices
    check_game(g, Where("save", {}))
    g.settings.players["Heroes"] = 1
    check_game(g, Where("save", {}))


@pytest.mark.parametrize(("edit", "message"), [
    (lambda g: setattr(g.characters[0], "agility", "d5"), "key 'characters.0.agility': 'd5' is not a trait die"),
    (lambda g: g.characters[0].skills.__setitem__("notice", "d2"),
     "key 'characters.0.skills.notice': 'd2' is not a trait die"),
    (lambda g: setattr(g.characters[0], "squad", "Elves"), "key 'characters.0.squad': no squad 'Elves'"),
    (lambda g: setattr(g.characters[0], "statuses", ["sleepy"]),
     "key 'characters.0.statuses': 'sleepy' is not a status; use shaken, incapacitated, on_hold, defending, prone"),
    (lambda g: setattr(g.characters[0], "wounds", 4), "key 'characters.0.wounds': a Wild Card has 0-3 wounds, an "
                                                      "Extra 0 or 1"),
    (lambda g: setattr(g.characters[0], "wounds", -1), "key 'characters.0.wounds': a Wild Card has 0-3 wounds"),
    (lambda g: setattr(g.characters[1], "wounds", 2), "key 'characters.1.wounds': a Wild Card has 0-3 wounds"),
    (lambda g: setattr(g.characters[0], "card", "1S"), "key 'characters.0.card': '1S' is not a card"),
    (lambda g: setattr(g.characters[0], "bennies", -1), "key 'characters.0.bennies': should be a whole number from 0 to 1000, not -1"),
    (lambda g: setattr(g.characters[0], "moved", -0.5), "key 'characters.0.moved': should be from 0 to 1000 inches"),
    (lambda g: setattr(g.characters[0], "fired", {"Gun": -1}), "key 'characters.0.fired.Gun': should be a whole number from 0 to 1000, not -1"),
    (lambda g: setattr(g.characters[0], "spent", {"Gun": -1}), "key 'characters.0.spent.Gun': should be a whole number from 0 to 1000, not -1"),
    (lambda g: setattr(g.characters[0], "aim", "Nobody"), "key 'characters.0.aim': no character 'Nobody'"),
    (lambda g: g.pools.__setitem__("Elves", 1), "key 'pools.Elves': no such squad"),
    (lambda g: g.pools.__setitem__("Heroes", -1), "key 'pools.Heroes': should be a whole number from 0 to 1000, not -1"),
    (lambda g: setattr(g, "order", [{"name": "Ada"}]),
     "key 'order.0': should be {name, card} with a card of the deck"),
    (lambda g: setattr(g, "order", [{"name": "Ada", "card": "ZZ"}]), "key 'order.0': should be {name, card}"),
    (lambda g: setattr(g, "acting", -1), "key 'acting': cannot be negative"),
    # issue 34: the other side of each bound
    (lambda g: setattr(g.characters[0], "bennies", 1001), "key 'characters.0.bennies': should be a whole number from 0 to 1000, not 1001"),
    (lambda g: setattr(g.characters[0], "moved", 1000.5), "key 'characters.0.moved': should be from 0 to 1000 inches"),
    (lambda g: setattr(g.characters[0], "armor", -5), "key 'characters.0.armor': should be a whole number from 0 to 100, not -5"),
    (lambda g: setattr(g.characters[0], "armor", 101), "key 'characters.0.armor': should be a whole number from 0 to 100, not 101"),
    (lambda g: g.pools.__setitem__("Heroes", 1001), "key 'pools.Heroes': should be a whole number from 0 to 1000, not 1001"),
    (lambda g: setattr(g, "cut_in", "Nobody"), "key 'cut_in': no character 'Nobody'"),
    (lambda g: setattr(g, "gm", ["Elves"]), "key 'gm': no squad 'Elves'"),
    (lambda g: g.deck.append("ZZ"), "key 'deck': 'ZZ' is not a card"),
    (lambda g: g.deck.append(g.deck[0]), "key 'deck': a card appears twice"),
    (lambda g: g.tests.__setitem__("Nobody", None), "key 'tests.Nobody': no such character"),
    (lambda g: g.soakable.__setitem__("Nobody", {"before": {"wounds": 0, "statuses": []}, "taken": 1}),
     "key 'soakable.Nobody': should be a character's {before: {wounds, statuses}, taken}"),
    (lambda g: g.soakable.__setitem__("Ada", []), "key 'soakable.Ada': should be"),
    (lambda g: g.soakable.__setitem__("Ada", {"before": [], "taken": 1}), "key 'soakable.Ada': should be"),
    (lambda g: g.soakable.__setitem__("Ada", {"before": {"wounds": 0, "statuses": []}, "taken": "1"}),
     "key 'soakable.Ada': should be"),
    (lambda g: g.soakable.__setitem__("Ada", {"before": {"wounds": "0", "statuses": []}, "taken": 1}),
     "key 'soakable.Ada': should be"),
    (lambda g: g.soakable.__setitem__("Ada", {"before": {"wounds": 0, "statuses": ()}, "taken": 1}),
     "key 'soakable.Ada': should be"),
    (lambda g: g.soakable.__setitem__("Ada", {"before": {"wounds": 0, "statuses": []}, "taken": 1, "soaked": "1"}),
     "key 'soakable.Ada': should be"),
    (lambda g: setattr(g.characters[0], "paid", -1), "key 'characters.0.paid': should be from 0 to 10"),
    (lambda g: setattr(g.characters[0], "paid", 11), "key 'characters.0.paid': should be from 0 to 10"),
    (lambda g: setattr(g, "waiting", {"name": "Nobody", "target": "Boss", "done": False}),
     "key 'waiting': should be {name, target, done}"),
    (lambda g: setattr(g, "waiting", {"name": "Ada", "target": "Nobody", "done": False}), "key 'waiting': should be"),
    (lambda g: setattr(g, "waiting", {"name": "Ada", "target": "Boss", "done": "no"}), "key 'waiting': should be"),
    (lambda g: setattr(g, "standoff_order", [{"name": "Nobody", "total": 1, "standing": 1}]),
     "key 'standoff_order.0': should be {name, total, standing} of a character"),
    (lambda g: setattr(g, "standoff_order", [{"name": "Ada", "total": "1", "standing": 1}]),
     "key 'standoff_order.0': should be"),
    (lambda g: setattr(g, "standoff_order", [{"name": "Ada", "total": 1}]), "key 'standoff_order.0': should be"),
    (lambda g: setattr(g.settings, "suppress", "on"), "key 'settings.suppress': should be house or off"),
    (lambda g: setattr(g.settings, "damage", "soft"), "key 'settings.damage': should be house or hand"),
    (lambda g: g.settings.players.__setitem__("Thugs", 2), "key 'settings.players.Thugs': should be a player side's "
                                                           "players, 1 to 12"),
    (lambda g: g.settings.players.__setitem__("Nobody", 2), "key 'settings.players.Nobody': should be"),
    (lambda g: g.settings.players.__setitem__("Heroes", 0), "key 'settings.players.Heroes': should be"),
    (lambda g: g.settings.players.__setitem__("Heroes", 13), "key 'settings.players.Heroes': should be"),
    (lambda g: g.settings.players.__setitem__("Heroes", "2"), "key 'settings.players.Heroes': should be"),
    (lambda g: g.settings.allies.__setitem__("Cy", "Boss"), "key 'settings.allies.Cy': should be a player's Extra "
                                                            "and a Wild Card of its side"),
    (lambda g: g.settings.allies.__setitem__("Ada", "Ada"), "key 'settings.allies.Ada': should be"),
    (lambda g: g.settings.allies.__setitem__("Cy", "Cy"), "key 'settings.allies.Cy': should be"),
    (lambda g: g.settings.allies.__setitem__("Nobody", "Ada"), "key 'settings.allies.Nobody': should be"),
    (lambda g: g.settings.allies.__setitem__("Cy", "Nobody"), "key 'settings.allies.Cy': should be"),
    (lambda g: g.settings.allies.__setitem__("Boss", "Boss"), "key 'settings.allies.Boss': should be"),
    (lambda g: setattr(g, "phase", "end"), "key 'phase': should be deal or action"),
])
def test_a_hand_edit_of_the_save_is_caught_word_for_word(edit: Any, message: str) -> None:
    said = broken(edit)
    assert said.startswith("save: ") and message in said, said


@pytest.mark.parametrize("key, low, high", [("toughness", 1, 100), ("parry", 1, 100), ("pace", 0, 100)])
def test_a_saved_characters_figures_are_bounded_at_both_ends(key: str, low: int, high: int) -> None:
    # 2026-12-02 (second session): the bounds of issue 34 in a save, each end reached and passed.
    for edge in (low, high):
        g = game()
        setattr(g.characters[0], key, edge)
        check_game(g, Where("save", {}))
    for beyond in (low - 1, high + 1):
        said = broken(lambda g: setattr(g.characters[0], key, beyond))
        assert f"key 'characters.0.{key}': should be a whole number from {low} to {high}, not {beyond}" in said


def test_a_saved_move_may_reach_its_bound_and_a_weapons_rate_of_fire_is_checked() -> None:
    # 2026-12-02 (second session), from the run of roster.py
    g = game()
    g.characters[0].moved = 1000.0
    check_game(g, Where("save", {}))
    from sprawl_cli.systems.savage_worlds.model import Weapon

    said = broken(lambda g: g.characters[0].weapons.append(Weapon("Gun", "2d6", range="12/24/48", rof=0)))
    assert "key 'characters.0.weapons.0.rof': should be a whole number from 1 to" in said, said


@pytest.mark.parametrize("field, good, bad, says", [
    ("ap", 100, 101, "from 0 to 100, not 101"), ("ap", 0, -1, "from 0 to 100, not -1"),
    ("shots", 1000, 1001, "from 1 to 1000, not 1001"), ("shots", 1, 0, "from 1 to 1000, not 0"),
])
def test_a_saved_weapons_armour_piercing_and_shots_are_bounded(field: str, good: int, bad: int, says: str) -> None:
    # 2026-12-02 (second session), from the run of roster.py
    from sprawl_cli.systems.savage_worlds.model import Weapon

    def arm(g: Game, value: int) -> None:
        g.characters[0].weapons.append(Weapon("Gun", "2d6", range="12/24/48", **{field: value}))

    g = game()
    arm(g, good)
    check_game(g, Where("save", {}))
    said = broken(lambda g: arm(g, bad))
    assert f"key 'characters.0.weapons.0.{field}': should be a whole number {says}" in said, said


def test_a_saved_count_paid_may_reach_ten_and_the_joker_setting_is_one_of_its_answers() -> None:
    # 2026-12-02 (second session), from the run of roster.py
    g = game()
    g.characters[0].paid = 10
    check_game(g, Where("save", {}))
    said = broken(lambda g: setattr(g.settings, "joker", "maybe"))
    assert "key 'settings.joker': 'maybe' is not shared, holder or empty (not said yet)" in said, said
