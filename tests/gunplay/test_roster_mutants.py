"""Gunplay roster files and a save's cross-checks, pinned where a mutation run (mutmut 3) of
roster.py found the tests loose: every message word for word, and each bound on both sides.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.gunplay.model import Game, Weapon
from sprawl_cli.systems.gunplay.system import SYSTEM
from tests.gunplay.test_roster_and_referee import read_text, sample_game

HEAD = "system: gunplay\nsquad: X\ncharacters:\n"
AT = "r.yaml:4: key 'characters.0"
RANGES = "should be three growing inch limits: close, effective, extreme"


@pytest.mark.parametrize("line, message", [
    ("- Ann", "': each character is a map of name, weapons and optional shooting / melee"),
    ("- {weapons: []}", ".name': every character needs a name"),
    ("- {name: ' '}", ".name': every character needs a name"),
    ("- {name: A, shooting: 13}", ".shooting': should be a whole-number dice modifier from -12 to 12, not 13"),
    ("- {name: A, melee: -13}", ".melee': should be a whole-number dice modifier from -12 to 12, not -13"),
    ("- {name: A, melee: true}", ".melee': should be a whole-number dice modifier from -12 to 12, not True"),
    ("- {name: A, weapons: Knife}", ".weapons': should be a list of weapon names or weapon maps"),
    ("- {name: A, weapons: [3]}", ".weapons.0': a weapon is a gear name or a map of name, damage, rof, ranges"),
    ("- {name: A, weapons: [Laser]}", ".weapons.0': no weapon 'Laser' in the house gear (Pistol, Rifle, Shotgun, "
                                      "Knife, Unarmed); or define it inline with name, damage, rof and ranges"),
    ("- {name: A, weapons: [{name: G, damage: 1, speed: 2}]}",
     ".weapons.0.speed': unknown key; a weapon has name, damage, rof, ranges, far_damage"),
    ("- {name: A, speed: 2}", ".speed': unknown key; a character has name, weapons, shooting, melee"),
    ("- {name: A, weapons: [{damage: 1}]}", ".weapons.0.name': a weapon needs a name"),
    ("- {name: A, weapons: [{name: '', damage: 1}]}", ".weapons.0.name': a weapon needs a name"),
    ("- {name: A, weapons: [{name: G, damage: 21}]}", ".weapons.0.damage': should be a whole number from 0 to 20, not 21"),
    ("- {name: A, weapons: [{name: G, damage: -1}]}", ".weapons.0.damage': should be a whole number from 0 to 20, not -1"),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 0, ranges: [1, 2, 3]}]}",
     ".weapons.0.rof': should be a whole number from 1 to 20, not 0"),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 21, ranges: [1, 2, 3]}]}",
     ".weapons.0.rof': should be a whole number from 1 to 20, not 21"),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, far_damage: -1, ranges: [1, 2, 3]}]}",
     ".weapons.0.far_damage': should be a whole number from 0 to 20, not -1"),
    ("- {name: A, weapons: [{name: G, damage: 1.5}]}", ".weapons.0.damage': should be a whole number from 0 to 20, "
                                                       "not 1.5"),
    ("- {name: A, weapons: [{name: G, rof: 1, ranges: [1, 2, 3]}]}", ".weapons.0.damage': is missing"),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, ranges: [1, 2]}]}", ".weapons.0.ranges': " + RANGES),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, ranges: [0, 2, 3]}]}", ".weapons.0.ranges': " + RANGES),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, ranges: 5}]}", ".weapons.0.ranges': " + RANGES),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, ranges: [1.5, 2, 3]}]}", ".weapons.0.ranges': " + RANGES),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1, ranges: [3, 2, 1]}]}", ".weapons.0.ranges': " + RANGES),
    ("- {name: A, weapons: [{name: G, damage: 1, ranges: [1, 2, 3]}]}",
     ".weapons.0.rof': a gun needs a rate of fire (dice per fire)"),
    ("- {name: A, weapons: [{name: G, damage: 1, rof: 1}]}",
     ".weapons.0.ranges': a weapon with rof or far_damage is a gun and needs its three ranges"),
    ("- {name: A, weapons: [{name: G, damage: 1, far_damage: 1}]}",
     ".weapons.0.ranges': a weapon with rof or far_damage is a gun and needs its three ranges"),
    ("- {name: A, weapons: [Knife, {name: KNIFE, damage: 2}]}", ".weapons': names the same weapon twice"),
])
def test_each_roster_mistake_is_named_at_its_key(line: str, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        read_text(HEAD + "  " + line + "\n")
    assert str(caught.value) == AT + message


def test_the_edges_of_every_number_are_accepted_and_names_trimmed() -> None:
    roster = read_text(HEAD + "  - {name: ' Ann ', shooting: 12, melee: -12, weapons: [{name: ' Gat ', damage: 20, "
                       "rof: 20, far_damage: 20, ranges: [1, 1, 2]}, {name: Bat, damage: 0}, ' pistol ']}\n")
    ann = roster.characters[0]
    assert (ann.name, ann.squad, ann.shooting, ann.melee) == ("Ann", "X", 12, -12)
    assert ann.weapons == [Weapon("Gat", 20, 20, [1, 1, 2], 20), Weapon("Bat", 0, 0, [], None),
                           Weapon("Pistol", 1, 1, [9, 18, 36], None)]
    assert roster.squad.members == ["Ann"] and roster.squad.roster == "r.yaml"
    plain = read_text(HEAD + "  - {name: Bo}\n").characters[0]
    assert (plain.shooting, plain.melee, plain.weapons) == (0, 0, [])


def edit(change: Callable[[Game], object]) -> str | None:
    game = sample_game()
    change(game)
    try:
        SYSTEM.check_game(game, Where("g.yaml", {}))
    except SaveFileError as caught:
        return str(caught)
    return None


def add_weapon(weapon: Weapon) -> Callable[[Game], object]:
    return lambda g: g.characters[0].weapons.append(weapon)


WEAPON_RANGE = "g.yaml: key 'characters.0.weapons.2': damage and rof run from 0 to 20, as in a roster"
GUN = "g.yaml: key 'characters.0.weapons.2': a gun needs three ranges and a rof of 1 or more"


@pytest.mark.parametrize("change, message", [
    (lambda g: setattr(g.settings, "die", "d6"), "g.yaml: key 'settings.die': should be d12 or d20"),
    (lambda g: setattr(g, "active", "Ghost"), "g.yaml: key 'active': 'Ghost' is not a character of this game"),
    (lambda g: setattr(g, "order", [-1, 0]), "g.yaml: key 'order': should list each squad index once"),
    (lambda g: setattr(g, "order", [0, 2]), "g.yaml: key 'order': should list each squad index once"),
    (lambda g: setattr(g, "order", [0, 0]), "g.yaml: key 'order': should list each squad index once"),
    (lambda g: setattr(g, "order", [1]), "g.yaml: key 'order': should list each squad index once"),
    (lambda g: setattr(g, "initiative", [{"Nobody": 3}]),
     "g.yaml: key 'initiative.0.Nobody': should be a squad of this game and a face of a d12"),
    (lambda g: setattr(g, "initiative", [{"Crows": 0}]),
     "g.yaml: key 'initiative.0.Crows': should be a squad of this game and a face of a d12"),
    (lambda g: setattr(g, "initiative", [{"Crows": 13}]),
     "g.yaml: key 'initiative.0.Crows': should be a squad of this game and a face of a d12"),
    (lambda g: setattr(g.characters[0], "statuses", ["pinned"]),
     "g.yaml: key 'characters.0.statuses': 'pinned' is not a status; use down, prone, removed"),
    (lambda g: setattr(g.characters[0], "wounds", -1), "g.yaml: key 'characters.0.wounds': should be a whole number "
                                                         "from 0 to 20"),
    (lambda g: setattr(g.characters[0], "wounds", 21), "g.yaml: key 'characters.0.wounds': should be a whole number "
                                                         "from 0 to 20"),
    (lambda g: setattr(g.characters[1], "shooting", 13),
     "g.yaml: key 'characters.1.shooting': should be a dice modifier from -12 to 12, not 13"),
    (lambda g: setattr(g.characters[1], "melee", -13),
     "g.yaml: key 'characters.1.melee': should be a dice modifier from -12 to 12, not -13"),
    (lambda g: setattr(g.characters[0], "actions_left", 3), "g.yaml: key 'characters.0.actions_left': should be 0, 1 "
                                                              "or 2"),
    (lambda g: setattr(g.characters[0], "actions_left", -1), "g.yaml: key 'characters.0.actions_left': should be 0, "
                                                               "1 or 2"),
    (lambda g: setattr(g.characters[0], "aiming_at", "Ghost"),
     "g.yaml: key 'characters.0.aiming_at': 'Ghost' is not a character of this game"),
    (add_weapon(Weapon("Z", 21)), WEAPON_RANGE),
    (add_weapon(Weapon("Z", -1)), WEAPON_RANGE),
    (add_weapon(Weapon("Z", 1, 1, [1, 2, 3], 21)), WEAPON_RANGE),
    (add_weapon(Weapon("Z", 1, 1, [1, 2, 3], -1)), WEAPON_RANGE),
    (add_weapon(Weapon("Z", 1, 21, [1, 2, 3])), WEAPON_RANGE),
    (add_weapon(Weapon("Z", 1, 1, [1, 2])), GUN),
    (add_weapon(Weapon("Z", 1, 0, [1, 2, 3])), GUN),
])
def test_each_hand_edit_the_checks_catch_is_named(change: Callable[[Game], object], message: str) -> None:
    assert edit(change) == message


@pytest.mark.parametrize("change", [
    lambda g: setattr(g.settings, "die", "d20"),
    lambda g: setattr(g, "active", "Vic"),
    lambda g: setattr(g, "order", [1, 0]),
    lambda g: setattr(g, "order", []),
    lambda g: setattr(g, "initiative", [{"Crows": 12, "Wardens": 1}]),
    lambda g: setattr(g.characters[0], "wounds", 20),
    lambda g: setattr(g.characters[0], "wounds", 0),
    lambda g: setattr(g.characters[1], "melee", -12),
    lambda g: setattr(g.characters[1], "shooting", 12),
    lambda g: setattr(g.characters[0], "actions_left", 0),
    lambda g: setattr(g.characters[0], "aiming_at", "Ruth"),
    add_weapon(Weapon("Z", 20, 20, [1, 2, 3], 20)),
    add_weapon(Weapon("Z", 0, 0, [], 0)),
])
def test_the_edges_a_save_may_hold(change: Callable[[Game], object]) -> None:
    assert edit(change) is None


def test_a_d20_games_initiative_faces_run_to_20() -> None:
    def twenty(g: Game) -> None:
        g.settings.die = "d20"
        g.initiative = [{"Crows": 20}]
    assert edit(twenty) is None

    def past(g: Game) -> None:
        g.settings.die = "d20"
        g.initiative = [{"Crows": 21}]
    assert edit(past) == "g.yaml: key 'initiative.0.Crows': should be a squad of this game and a face of a d20"


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

roster.py
"""
