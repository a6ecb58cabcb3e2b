"""F10 morale pinned where a mutation run (mutmut 3) of morale.py found the tests loose: the
test's whole JSON, what falling back clears, the by-hand test's note for each reason, the refusal.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.street_fight import morale
from sprawl_cli.systems.street_fight.model import Game
from tests.street_fight.build import dice, game, leftover, table


def six_blue(**settings: str) -> Game:
    return game({"Ada": "rifle", "Al": "rifle"}, {f"B{i}": "pistol" for i in range(1, 7)}, **settings)


def test_a_failed_test_sends_everyone_back_and_ends_their_overwatch_and_shelter() -> None:
    g = six_blue()
    for name in ("B1", "B2"):  # 2 of 6: a third, one test due
        morale.casualty(g, g.character(name), g.character("Ada"))
    g.character("B3").add("overwatch")
    g.character("B4").add("sheltering")
    g.character("B4").sheltering_turn = 1
    g.character("B5").aim_turns = 2
    d = dice(9)  # 4 left: a 9 is not under 4
    out = morale.test(g, g.squad("Blue"), d)
    assert out.to_json() == {"squad": "Blue", "left": 4, "roll": 9, "passed": False, "cause": "Ada",
                             "falling_back": ["B3", "B4", "B5", "B6"], "note": None}
    assert [(r.label, r.die) for r in d.rolls] == [("Blue: Morale", "d10")]
    for name in ("B3", "B4", "B5", "B6"):
        assert g.character(name).statuses == ["falling_back"]
    assert g.character("B4").sheltering_turn is None and g.character("B5").aim_turns == 0
    assert g.morale_of("Blue").tests_due == 0 and leftover(d) == []


def test_a_by_hand_test_under_a_third_says_how_many_were_lost() -> None:
    g = six_blue()
    morale.casualty(g, g.character("B1"), g.character("Ada"))
    out = morale.test_by_hand(g, g.squad("Blue"), dice(2), table())
    assert out.to_json() == {"squad": "Blue", "left": 5, "roll": 2, "passed": True, "cause": "Ada",
                             "falling_back": [],
                             "note": "no test was due (1 of 6 figures lost, under a third, F10): tested by hand"}


def test_a_by_hand_test_of_a_single_figure_has_no_cause_and_says_why() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"B1": "pistol"})
    out = morale.test_by_hand(g, g.squad("Blue"), dice(2), table())
    assert out.to_json() == {"squad": "Blue", "left": 1, "roll": 2, "passed": False, "cause": None,
                             "falling_back": ["B1"],
                             "note": "no test was due (it began as a single figure, F10): tested by hand"}


def test_a_by_hand_test_with_morale_off_says_so() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"B1": "pistol", "B2": "rifle"}, morale="off")
    out = morale.test_by_hand(g, g.squad("Blue"), dice(1), table())
    assert out.note == "no test was due (the morale setting is off, F10): tested by hand"
    assert out.passed is True and out.left == 2


def test_a_by_hand_test_that_was_due_carries_no_note() -> None:
    g = six_blue()
    for name in ("B1", "B2"):
        morale.casualty(g, g.character(name), g.character("Al"))
    out = morale.test_by_hand(g, g.squad("Blue"), dice(3), table())
    assert out.to_json()["note"] is None and out.cause == "Al" and out.passed is True


def test_a_squad_with_nobody_standing_cannot_test_even_forced() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"B1": "pistol", "B2": "pistol", "B3": "pistol"}, morale="off")
    g.character("B1").add("casualty")
    g.character("B2").add("casualty")
    g.character("B3").add("casualty")
    with pytest.raises(RuleRefusal) as caught:
        morale.test_by_hand(g, g.squad("Blue"), dice(), table(force=True))
    assert str(caught.value) == "Blue has no figure standing to test morale"


def test_a_casualty_drops_what_it_was_doing_and_both_books_add_up() -> None:
    g = six_blue()
    b3, ada = g.character("B3"), g.character("Ada")
    for status in ("overwatch", "falling_back", "sheltering"):
        b3.add(status)
    b3.in_cover, b3.aim_turns = True, 2
    b3.record.times_casualty = 1
    ada.record.casualties_caused = 1
    morale.casualty(g, b3, ada)
    assert b3.statuses == ["casualty"] and b3.in_cover is False and b3.aim_turns == 0
    assert b3.record.times_casualty == 2 and ada.record.casualties_caused == 2
    assert g.morale_of("Blue").last_cause == "Ada"


def test_the_game_ends_with_the_last_squad_standing_or_with_nobody() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    morale.casualty(g, g.character("Bo"), g.character("Ada"))
    assert (g.over, g.winner, g.reason) == (True, "Red", "Red is the last squad standing")
    g2 = game({"Ada": "rifle"}, {"Bo": "pistol"})
    g2.character("Ada").add("casualty")
    g2.character("Bo").add("casualty")
    morale.check_game_end(g2)
    assert (g2.over, g2.winner, g2.reason) == (True, None, "no squad has a figure standing")


def test_a_full_turn_in_cover_ends_the_shelter_names_who_and_clears_the_turn() -> None:
    g = six_blue()
    b3, b4, b5 = g.character("B3"), g.character("B4"), g.character("B5")
    for c in (b3, b4, b5):
        c.add("sheltering")
    b3.sheltering_turn, b4.sheltering_turn = 1, 2  # B5 has no turn recorded: it stays
    g.round = 3  # B3 sheltered through turn 2; B4 reached cover on turn 2, so turn 3 is its full turn
    assert morale.end_shelter(g) == ["B3"]
    assert b3.sheltering_turn is None and not b3.has("sheltering")
    assert b4.sheltering_turn == 2 and b4.has("sheltering") and b5.has("sheltering")
    g.round = 4
    assert morale.end_shelter(g) == ["B4"]
    assert b4.sheltering_turn is None and b4.statuses == []


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

morale.py
- test: the morale die's `10` sides dropped: a roll's sides default to 10.
"""
