"""F1 the turn pinned where a mutation run (mutmut 3) of turn.py found the tests loose: what
each phase asks for, word for word in each of its cases, the settings' refusals, the checks'
refusals, and a new game's and a `next`'s JSON.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.street_fight import morale
from sprawl_cli.systems.street_fight.model import Character, Game, Settings, Squad
from sprawl_cli.systems.street_fight.setup import new_game, read_settings
from sprawl_cli.systems.street_fight.turn import advance, may_shoot, require_enemies, require_steady, todo
from tests.street_fight.build import dice, game, leftover, table, to_phase

MOVES = ('Red moves: up to 5" a figure, or up to 9" with no firing or entering cover this turn (F2); declare `aim` '
         'or `overwatch` now (F3, F7)')
FIGHTS = '(`fight NAME TARGET`, `--charged` after a move of 5" or less; a new fight asks for contact within 1", a first fight who else is in contact): '


def sixes() -> Game:
    return game({"Ada": "rifle", "Al": "HMG", "Ari": "pistol"}, {"Bo": "pistol", "Bea": "LMG", "Ben": "pistol"})


def test_the_movement_phase_names_who_falls_back_away_from_whom_who_watches_and_who_shelters() -> None:
    g = sixes()
    assert todo(g) == [MOVES]
    g.character("Ada").add("falling_back")
    g.morale_of("Red").last_cause = "Bo"
    g.character("Bo").add("overwatch")
    g.character("Ari").add("sheltering")
    g.character("Ari").sheltering_turn = 1
    assert todo(g) == [MOVES, "Falling back to cover directly away from Bo (`move NAME --inches N --into-cover`): Ada",
                       "On overwatch against this move (`shoot NAME TARGET --overwatch`): Bo", "Sheltering (F10): Ari"]
    g.morale_of("Red").last_cause = ""
    assert todo(g)[1] == "Falling back to cover (`move NAME --inches N --into-cover`): Ada"


def test_the_shooting_phase_names_only_who_may_fire() -> None:
    g = sixes()
    g.character("Al").moved_inches = 2  # an HMG that moved (F5)
    g.character("Ari").fired_turn = 1
    to_phase(g, "shooting", "Red")
    assert todo(g) == ["Red shoots (`shoot NAME TARGET --distance IN`): Ada"]


def test_the_close_combat_phase_lists_the_fights_left_in_order() -> None:
    g = sixes()
    for a, b in (("Ada", "Bo"), ("Al", "Bea")):
        g.character(a).engaged_with = [b]
        g.character(b).engaged_with = [a]
    g.character("Al").fought = ["Bea"]
    to_phase(g, "close", "Red")
    assert todo(g) == ["Red fights " + FIGHTS + "combats to fight: Ada vs Bo"]
    out = advance(g, dice(), table())
    assert out.to_json() == {"round": 1, "side": "Blue", "phase": "close", "initiative": None, "morale": [],
                             "sheltered": [], "todo": ["Blue fights " + FIGHTS + "combats to fight: Bea vs Al, Bo vs Ada"],
                             "over": False, "reason": None}


def test_the_close_combat_phase_with_no_fight_at_all() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"}, morale="off")
    to_phase(g, "close", "Red")
    assert todo(g) == ["Red fights " + FIGHTS + "no combat in progress"]


def three_sides() -> Game:
    chars = [Character("Ada", "Red", "rifle"), Character("Bo", "Blue", "pistol"), Character("Gil", "Green", "pistol")]
    squads = [Squad("Red", "", ["Ada"]), Squad("Blue", "", ["Bo"]), Squad("Green", "", ["Gil"])]
    d = dice(9, 5, 2)
    g, started = new_game(squads, chars, Settings(morale="off"), None, d)
    assert started.to_json() == {"weapons": [], "initiative": {"order": ["Red", "Blue", "Green"],
                                                               "rolls": {"Red": [9], "Blue": [5], "Green": [2]}},
                                 "todo": [MOVES]}
    assert leftover(d) == []
    return g


def test_a_random_weapon_is_rolled_on_a_d100_named_for_its_figure() -> None:
    chars = [Character("Ada", "Red", "random"), Character("Bo", "Blue", "pistol")]
    d = dice(100, 7, 3)
    g, started = new_game([Squad("Red", "", ["Ada"]), Squad("Blue", "", ["Bo"])], chars, Settings(), None, d)
    assert [(r.label, r.die) for r in d.rolls] == [("Ada: Weapon", "d100"), ("Red: Initiative", "d10"),
                                                   ("Blue: Initiative", "d10")]
    assert started.to_json()["weapons"] == [{"name": "Ada", "roll": 100, "weapon": "HMG"}]
    assert g.character("Ada").weapon == "HMG" and g.character("Ada").weapon_roll == 100


def test_a_new_game_keeps_its_turn_limit_and_its_settings() -> None:
    chars = [Character("Ada", "Red", "rifle"), Character("Bo", "Blue", "pistol")]
    g, _ = new_game([Squad("Red", "", ["Ada"]), Squad("Blue", "", ["Bo"])], chars, Settings(morale="off"), 3,
                    dice(6, 2))
    assert g.rounds == 3 and g.settings.morale == "off"
    assert [m.squad for m in g.morale] == ["Red", "Blue"]


def test_the_close_combat_phase_of_a_side_not_fighting_names_the_fights_elsewhere_and_those_already_fought() -> None:
    g = three_sides()
    g.character("Bo").engaged_with = ["Gil"]
    g.character("Gil").engaged_with = ["Bo"]
    to_phase(g, "close", "Red")
    assert todo(g) == ["Red fights " + FIGHTS + "none of theirs in combat (engaged elsewhere: Bo vs Gil, Gil vs Bo)"]
    g.character("Ada").engaged_with = ["Bo"]
    g.character("Ada").fought = ["Bo"]
    assert todo(g) == ["Red fights " + FIGHTS + "every combat of theirs has fought its round this turn (Ada vs Bo)"]


def test_the_morale_phase_rolls_what_is_due_and_names_what_is_still_due() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"Bo": "pistol", "Bea": "pistol", "Cy": "pistol"})
    morale.casualty(g, g.character("Bo"), g.character("Ada"))  # 1 of 3: a third
    to_phase(g, "close", "Blue")
    out = advance(g, dice(1), table())
    assert out.to_json() == {
        "round": 1, "side": "Red", "phase": "morale", "initiative": None,
        "morale": [{"squad": "Blue", "left": 2, "roll": 1, "passed": True, "cause": "Ada", "falling_back": [],
                    "note": None}],
        "sheltered": [], "todo": ["Morale (F10): any tests due were rolled as the phase began"], "over": False,
        "reason": None}
    g.morale_of("Blue").tests_due = 2
    assert todo(g) == ["Morale (F10): any tests due were rolled as the phase began; still due: Blue (2)"]


@pytest.mark.parametrize("raw, message", [
    ({"dice": "loaded"}, "setting dice should be random or physical, not 'loaded'"),
    ({"speed": "fast"}, "'speed' is not a Street-Fight setting; use initiative, morale"),
    ({"morale": "maybe"}, "setting morale should be on or off, not 'maybe'"),
])
def test_each_bad_setting_says_what_it_takes(raw: dict[str, str], message: str) -> None:
    with pytest.raises(BadInput) as caught:
        read_settings(raw)
    assert str(caught.value) == message


def test_settings_are_read_in_full() -> None:
    s = read_settings({"dice": "physical", "initiative": "once"})
    assert (s.dice, s.initiative, s.morale) == ("physical", "once", "on")
    assert read_settings({"dice": "random", "morale": "off"}).dice == "random"


def test_fighting_oneself_or_a_friend_is_refused_in_words() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"Bo": "pistol"})
    with pytest.raises(BadInput) as itself:
        require_enemies(g, g.character("Ada"), g.character("Ada"), table(), "fight")
    assert str(itself.value) == "Ada cannot fight itself"
    with pytest.raises(RuleRefusal) as friend:
        require_enemies(g, g.character("Ada"), g.character("Al"), table(), "fight")
    assert str(friend.value) == "Al is on Ada's own side (Red) (add --force to overrule as referee)"


@pytest.mark.parametrize("busy", ["overwatch", "falling_back", "sheltering", "engaged"])
def test_a_figure_busy_with_anything_else_may_not_shoot(busy: str) -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    ada = g.character("Ada")
    assert may_shoot(g, ada) is True
    if busy == "engaged":
        ada.engaged_with = ["Bo"]
    else:
        ada.add(busy)
    assert may_shoot(g, ada) is False


def test_sheltering_with_no_turn_recorded_counts_from_this_turn() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    ada = g.character("Ada")
    ada.add("sheltering")
    with pytest.raises(RuleRefusal) as caught:
        require_steady(g, ada, table(), "shoot")
    assert str(caught.value) == ("Ada is sheltering until the end of turn 2 and cannot shoot (F10) "
                                 "(add --force to overrule as referee)")


def test_lists_of_names_in_what_the_movement_phase_asks_are_joined_with_commas() -> None:
    g = sixes()
    for name in ("Ada", "Ari"):
        g.character(name).add("falling_back")
    for name in ("Bo", "Bea"):
        g.character(name).add("overwatch")
    assert todo(g)[1:] == ["Falling back to cover (`move NAME --inches N --into-cover`): Ada, Ari",
                           "On overwatch against this move (`shoot NAME TARGET --overwatch`): Bo, Bea"]


def test_a_save_in_the_morale_phase_with_morale_off_goes_on_to_a_new_turn() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"}, morale="off")
    g.phase, g.position = "morale", 1
    g.side = g.order[1]
    out = advance(g, dice(4, 6), table())
    assert (out.round, out.phase, g.turn) == (2, "movement", 2)


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

turn.py
- _rank: the initiative die's `10` sides dropped: a roll's sides default to 10.
- _enter_side: `overwatch_large = True` for `False` as a side's Movement phase begins: the flag is
  read only while the figure is on overwatch, and declaring overwatch sets it first.
- start_turn, advance: `rolled = ""` for `None` (no initiative this turn): it is read only as true
  or false (`Advance.to_json`, the view's `if a.initiative`), the same for "" and None.
- advance: `len(phases) + 1` for `- 1` as the place of a phase the setting leaves out: both are
  past the last phase, so a new turn begins either way.
- phase_refusal: the word "phase" left out of the call to the gate's `phase_refusal` (2026-12-02
  run): "phase" is that function's default word.
"""


def test_the_notes_join_several_names_with_commas_and_say_when_nobody_can_fire() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"Bo": "pistol", "Bea": "pistol"})
    to_phase(g, "shooting", "Red")
    for name in ("Ada", "Al"):
        g.character(name).statuses.append("sheltering")
    assert todo(g) == ["Red shoots (`shoot NAME TARGET --distance IN`): nobody can fire",
                       "Sheltering (F10): Ada, Al"]
    g.morale_of("Red").tests_due, g.morale_of("Blue").tests_due = 1, 2
    g.phase = "morale"
    assert todo(g)[0] == "Morale (F10): any tests due were rolled as the phase began; still due: Red (1), Blue (2)"


def test_a_combat_with_one_of_the_acting_side_is_not_named_as_engaged_elsewhere() -> None:
    g = three_sides()
    g.character("Bo").engaged_with = ["Gil"]
    g.character("Gil").engaged_with = ["Bo", "Ada"]
    g.character("Ada").engaged_with = ["Gil"]
    to_phase(g, "close", "Red")
    g.character("Ada").fought = ["Gil"]
    assert todo(g) == ["Red fights " + FIGHTS + "every combat of theirs has fought its round this turn (Ada vs Gil)"]
    g.character("Ada").engaged_with, g.character("Ada").fought = [], []
    assert todo(g) == ["Red fights " + FIGHTS + "none of theirs in combat (engaged elsewhere: Bo vs Gil, Gil vs Bo)"]


def test_the_combats_fought_this_turn_are_listed_with_commas() -> None:
    g = sixes()
    to_phase(g, "close", "Red")
    ada, al, bo, bea = (g.character(n) for n in ("Ada", "Al", "Bo", "Bea"))
    for mine, theirs in ((ada, bo), (al, bea)):
        mine.engaged_with, theirs.engaged_with = [theirs.name], [mine.name]
        mine.fought, theirs.fought = [theirs.name], [mine.name]
    assert todo(g)[0] == FIGHTS.replace("(`fight", "Red fights (`fight", 1) + (
        "every combat of theirs has fought its round this turn (Ada vs Bo, Al vs Bea)")
