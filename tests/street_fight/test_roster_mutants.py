"""Street-Fight rosters and a save's cross-checks, pinned where a mutation run (mutmut 3) of
roster.py found the tests loose: every message word for word, and the edges a save may hold.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where
from sprawl_cli.systems.base import Roster
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.roster import check_game, read_roster
from sprawl_cli.yamlio import parse
from tests.street_fight.build import game

HEAD = "system: street-fight\nsquad: X\n"
KINDS = "pistol, rifle, scoped rifle, assault rifle, LMG, HMG"


def read(text: str) -> Roster:
    data, lines = parse(HEAD + text, "r.yaml")
    return read_roster(data, Where("r.yaml", lines), "r.yaml")


@pytest.mark.parametrize("text, message", [
    ("leader: Zed\ncharacters:\n  - {name: A, weapon: pistol}\n",
     "r.yaml:3: key 'leader': should name one of the squad's characters"),
    ("leader: 3\ncharacters:\n  - {name: A, weapon: pistol}\n",
     "r.yaml:3: key 'leader': should name one of the squad's characters"),
    ("characters:\n  - A\n", "r.yaml:4: key 'characters.0': each character is a map of name and weapon"),
    ("characters:\n  - {name: A, weapon: pistol, speed: 3}\n",
     "r.yaml:4: key 'characters.0.speed': unknown key; a character has name, weapon"),
    ("characters:\n  - {weapon: pistol}\n", "r.yaml:4: key 'characters.0.name': every character needs a name"),
    ("characters:\n  - {name: ' ', weapon: pistol}\n", "r.yaml:4: key 'characters.0.name': every character needs a name"),
    ("characters:\n  - {name: A}\n", f"r.yaml:4: key 'characters.0.weapon': is missing; give one of {KINDS}, or random"),
    ("characters:\n  - {name: A, weapon: }\n",
     f"r.yaml:4: key 'characters.0.weapon': an empty value is not a weapon we know; use one of {KINDS}, or random"),
    ("characters:\n  - {name: A, weapon: ' '}\n",
     f"r.yaml:4: key 'characters.0.weapon': an empty value is not a weapon we know; use one of {KINDS}, or random"),
    ("characters:\n  - {name: A, weapon: 3}\n",
     f"r.yaml:4: key 'characters.0.weapon': '3' is not a weapon we know; use one of {KINDS}, or random"),
    ("characters:\n  - {name: A, weapon: laser}\n",
     f"r.yaml:4: key 'characters.0.weapon': 'laser' is not a weapon; use one of {KINDS}, or random"),
])
def test_each_roster_mistake_is_named_at_its_key(text: str, message: str) -> None:
    with pytest.raises(SaveFileError) as caught:
        read(text)
    assert str(caught.value) == message


def test_a_roster_with_a_leader_a_random_weapon_and_a_loose_name() -> None:
    roster = read("leader: A\ncharacters:\n  - {name: ' A ', weapon: ' Random '}\n  - {name: B, weapon: scoped_rifle}\n")
    assert (roster.squad.name, roster.squad.leader, roster.squad.members, roster.squad.roster) == \
        ("X", "A", ["A", "B"], "r.yaml")
    assert [(c.name, c.squad, c.weapon) for c in roster.characters] == [("A", "X", "random"), ("B", "X", "scoped rifle")]
    assert read("characters:\n  - {name: A, weapon: HMG}\n").squad.leader == ""


@pytest.mark.parametrize("text, message", [
    ("system: gunplay\nsquad: X\ncharacters: []\n",
     "r.yaml:1: key 'system': this roster is for 'gunplay', not Street-Fight (street-fight)"),
    ("system: street-fight\nsquad: X\nspeed: 2\ncharacters: []\n",
     "r.yaml:3: key 'speed': unknown key; a Street-Fight roster has system, squad, leader, characters"),
])
def test_the_roster_header_names_the_system_by_its_title(text: str, message: str) -> None:
    data, lines = parse(text, "r.yaml")
    with pytest.raises(SaveFileError) as caught:
        read_roster(data, Where("r.yaml", lines), "r.yaml")
    assert str(caught.value) == message


def edit(change: Callable[[Game], object]) -> str | None:
    g = game({"Ada": "rifle", "Al": "LMG"}, {"Bo": "pistol"})
    change(g)
    try:
        check_game(g, Where("g.yaml", {}))
    except SaveFileError as caught:
        return str(caught)
    return None


def at(i: int, key: str, value: object) -> Callable[[Game], object]:
    return lambda g: setattr(g.characters[i], key, value)


@pytest.mark.parametrize("change, message", [
    (lambda g: setattr(g, "phase", "lunch"),
     "g.yaml: key 'phase': 'lunch' is not a phase; use one of movement, shooting, close, morale"),
    (lambda g: setattr(g.settings, "morale", "maybe"), "g.yaml: key 'settings.morale': should be one of on, off"),
    (lambda g: setattr(g.settings, "initiative", "x"), "g.yaml: key 'settings.initiative': should be one of each, once"),
    (lambda g: setattr(g, "order", [0, 0]), "g.yaml: key 'order': should list each side index once (0, 1)"),
    (lambda g: setattr(g, "position", 2), "g.yaml: key 'position': should be from 0 to 1"),
    (lambda g: setattr(g, "position", -1), "g.yaml: key 'position': should be from 0 to 1"),
    (lambda g: setattr(g, "side", 1 - g.side), "g.yaml: key 'side': should be the side at `position` in `order`"),
    (at(0, "weapon", "laser"), f"g.yaml: key 'characters.0.weapon': 'laser' is not one of {KINDS}"),
    (at(0, "statuses", ["pinned"]),
     "g.yaml: key 'characters.0.statuses': 'pinned' is not a stored status (casualty, overwatch, falling_back, "
     "sheltering; casualty, moved, ran, aiming, overwatch, in_combat, falling_back, sheltering show)"),
    (at(0, "engaged_with", ["Ghost"]), "g.yaml: key 'characters.0.engaged_with': 'Ghost' is not a character of this game"),
    (at(0, "aim_turns", -1), "g.yaml: key 'characters.0': aim_turns and moved_inches cannot be negative"),
    (at(1, "moved_inches", -0.5), "g.yaml: key 'characters.1': aim_turns and moved_inches cannot be negative"),
    (at(0, "aim_turns", 2), "g.yaml: key 'characters.0.aim_turns': should be at most 1, the turns played so far, not 2"),
    (lambda g: setattr(g.morale[1], "squad", "Ghost"), "g.yaml: key 'morale.1.squad': 'Ghost' is not a squad of this game"),
])
def test_each_hand_edit_the_checks_catch_is_named(change: Callable[[Game], object], message: str) -> None:
    assert edit(change) == message


@pytest.mark.parametrize("change", [
    lambda g: (setattr(g, "position", 1), setattr(g, "side", g.order[1])),
    at(0, "engaged_with", ["Bo"]),
    at(0, "aim_turns", 1),
    at(1, "moved_inches", 0.0),
])
def test_the_edges_a_save_may_hold(change: Callable[[Game], object]) -> None:
    assert edit(change) is None


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

roster.py
- read_roster: `data.get("leader", None)` or with no default, for `""`: a missing leader is read
  only as `leader and ...` and stored as `leader or ""`, the same for None and "".
"""
