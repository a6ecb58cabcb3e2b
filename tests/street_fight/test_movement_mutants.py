"""F2 moving, F3 aiming, F7 overwatch pinned where a mutation run (mutmut 3) of movement.py found
the tests loose: every refusal's words (and which ones the referee may overrule), the JSON of
each declaration, and what overwatch sets.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.street_fight.model import Character, Game
from sprawl_cli.systems.street_fight.movement import aim, move, overwatch
from tests.street_fight.build import game, table, to_phase

FORCE = " (add --force to overrule as referee)"


def two() -> Game:
    return game({"Ada": "rifle", "Al": "HMG"}, {"Bo": "pistol", "Bea": "LMG"})


def engaged(g: Game, ada: Character) -> None:
    ada.engaged_with = ["Bo"]
    g.character("Bo").engaged_with = ["Ada"]


def sheltering(g: Game, ada: Character) -> None:
    ada.add("sheltering")
    ada.sheltering_turn = 1


SETUPS: dict[str, Callable[[Game, Character], None]] = {
    "engaged": engaged,
    "on overwatch": lambda g, ada: ada.add("overwatch"),
    "aiming": lambda g, ada: aim(g, ada, table()) and None,
    "a casualty": lambda g, ada: ada.add("casualty"),
    "sheltering": sheltering,
    "falling back": lambda g, ada: ada.add("falling_back"),
    "in the shooting phase": lambda g, ada: to_phase(g, "shooting", "Red"),
}

ACTIONS: dict[str, Callable[[Game, Character], object]] = {
    "move": lambda g, c: move(g, c, 2, False, table()),
    "aim": lambda g, c: aim(g, c, table()),
    "overwatch": lambda g, c: overwatch(g, c, False, table()),
}


@pytest.mark.parametrize("setup, action, message", [
    ("engaged", "move", "Ada is in close combat with Bo and stays in it until the fight is decided (F9)" + FORCE),
    ("engaged", "aim", "Ada is in close combat with Bo" + FORCE),
    ("engaged", "overwatch", "Ada is in close combat with Bo" + FORCE),
    ("on overwatch", "move", "Ada is on overwatch and must stay still this turn (F7)" + FORCE),
    ("on overwatch", "aim", "Ada is on overwatch, which takes no aim bonus (F7)" + FORCE),
    ("aiming", "move", "Ada is aiming this turn and must stay still (F3)" + FORCE),
    ("aiming", "overwatch", "Ada is aiming this turn; overwatch takes no aim bonus (F7)" + FORCE),
    ("a casualty", "move", "Ada is a casualty and cannot move"),
    ("a casualty", "aim", "Ada is a casualty and cannot aim"),
    ("a casualty", "overwatch", "Ada is a casualty and cannot go on overwatch"),
    ("sheltering", "move", "Ada is sheltering until the end of turn 2 and cannot move (F10)" + FORCE),
    ("sheltering", "aim", "Ada is sheltering until the end of turn 2 and cannot aim (F10)" + FORCE),
    ("sheltering", "overwatch", "Ada is sheltering until the end of turn 2 and cannot go on overwatch (F10)" + FORCE),
    ("falling back", "aim", "Ada is falling back to cover and cannot aim (F10); move it into cover first" + FORCE),
    ("falling back", "overwatch",
     "Ada is falling back to cover and cannot go on overwatch (F10); move it into cover first" + FORCE),
    ("in the shooting phase", "move",
     "moving belongs to the Movement phase; it is now the Shooting phase (`sprawl next` moves on)" + FORCE),
    ("in the shooting phase", "aim",
     "aiming belongs to the Movement phase; it is now the Shooting phase (`sprawl next` moves on)" + FORCE),
    ("in the shooting phase", "overwatch",
     "going on overwatch belongs to the Movement phase; it is now the Shooting phase (`sprawl next` moves on)" + FORCE),
])
def test_each_refusal_says_what_stops_it(setup: str, action: str, message: str) -> None:
    g = two()
    ada = g.character("Ada")
    SETUPS[setup](g, ada)
    with pytest.raises(RuleRefusal) as caught:
        ACTIONS[action](g, ada)
    assert str(caught.value) == message


@pytest.mark.parametrize("action, words", [("move", "move"), ("aim", "aim"), ("overwatch", "go on overwatch")])
def test_the_other_side_cannot_act_in_this_sides_movement(action: str, words: str) -> None:
    g = two()
    with pytest.raises(RuleRefusal) as caught:
        ACTIONS[action](g, g.character("Bo"))
    assert str(caught.value) == f"Bo cannot {words} now: Red is acting in this phase" + FORCE


def test_distance_refusals_name_the_option_and_what_was_moved() -> None:
    g = two()
    ada = g.character("Ada")
    with pytest.raises(BadInput) as bad:
        move(g, ada, float("nan"), False, table())
    assert str(bad.value) == "--inches should be a number of inches, 0 or more, not nan"
    with pytest.raises(RuleRefusal) as far:
        move(g, ada, 9.5, False, table())
    assert str(far.value) == "Ada can move at most 9\" in a turn (F2)" + FORCE
    move(g, ada, 4, False, table())
    with pytest.raises(RuleRefusal) as farther:
        move(g, ada, 5.5, False, table())
    assert str(farther.value) == "Ada can move at most 9\" in a turn (F2); it has moved 4\" already" + FORCE


def test_move_json_and_a_dash() -> None:
    g = two()
    ada = g.character("Ada")
    ada.aim_turns = 2
    ada.fired_since_move = True
    assert move(g, ada, 3, True, table()).to_json() == {
        "name": "Ada", "inches": 3.0, "moved": 3.0, "ran": False, "into_cover": True, "aim_lost": 2,
        "cover_regained": True, "sheltering": False, "left_combat": []}
    assert move(g, ada, 4, False, table()).to_json() == {
        "name": "Ada", "inches": 4.0, "moved": 7.0, "ran": True, "into_cover": False, "aim_lost": 0,
        "cover_regained": False, "sheltering": False, "left_combat": []}


def test_falling_back_into_cover_leaves_the_fight_and_shelters() -> None:
    g = two()
    ada = g.character("Ada")
    engaged(g, ada)
    ada.add("falling_back")
    assert move(g, ada, 4, True, table()).to_json() == {
        "name": "Ada", "inches": 4.0, "moved": 4.0, "ran": False, "into_cover": True, "aim_lost": 0,
        "cover_regained": False, "sheltering": True, "left_combat": ["Bo"]}
    assert ada.statuses == ["sheltering"] and ada.sheltering_turn == 1


def test_aim_and_overwatch_json_and_what_overwatch_sets() -> None:
    g = two()
    ada, al = g.character("Ada"), g.character("Al")
    assert aim(g, ada, table()).to_json() == {"name": "Ada", "aim_turns": 1, "bonus": 10}
    al.overwatch_spent = True
    assert overwatch(g, al, False, table()).to_json() == {"name": "Al", "large": False, "penalty": -10}
    assert al.overwatch_turn == 1 and al.overwatch_spent is False and al.overwatch_large is False
    bo = g.character("Bo")
    to_phase(g, "movement", "Blue")
    assert overwatch(g, bo, True, table()).to_json() == {"name": "Bo", "large": True, "penalty": -20}
    assert bo.overwatch_large is True and bo.has("overwatch")


@pytest.mark.parametrize("action, words", [("move", "move"), ("aim", "aim"), ("overwatch", "go on overwatch")])
def test_sheltering_with_no_turn_recorded_and_two_enemies_in_combat(action: str, words: str) -> None:
    g = two()
    ada = g.character("Ada")
    ada.add("sheltering")
    with pytest.raises(RuleRefusal) as shelter:
        ACTIONS[action](g, ada)
    assert str(shelter.value) == f"Ada is sheltering until the end of turn 2 and cannot {words} (F10)" + FORCE
    g2 = two()
    ada2 = g2.character("Ada")
    ada2.engaged_with = ["Bo", "Bea"]
    with pytest.raises(RuleRefusal) as combat:
        ACTIONS[action](g2, ada2)
    assert str(combat.value).startswith("Ada is in close combat with Bo, Bea")


def test_no_cover_after_going_over_five_inches_in_words() -> None:
    g = two()
    ada = g.character("Ada")
    move(g, ada, 4, False, table())
    with pytest.raises(RuleRefusal) as caught:
        move(g, ada, 2, True, table())
    assert str(caught.value) == ('a move of 2" after the 4" it has moved takes Ada to 6" this turn, and a figure that '
                                 'goes over 5" cannot enter cover that turn (F2); move it 5" or less in all, or leave '
                                 'out --into-cover' + FORCE)


def test_a_forced_move_ends_overwatch_but_not_a_fight() -> None:
    g = two()
    ada = g.character("Ada")
    ada.add("overwatch")
    engaged(g, ada)
    out = move(g, ada, 2, False, table(force=True))
    assert not ada.has("overwatch") and ada.engaged_with == ["Bo"] and out.left_combat == ()


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

movement.py
- none left after this round's tests.
"""
