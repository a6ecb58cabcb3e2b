"""F10 morale: the third-of-the-squad trigger, each casualty after, falling back, sheltering."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.street_fight import morale
from sprawl_cli.systems.street_fight.movement import move
from sprawl_cli.systems.street_fight.shooting import Order, shoot
from tests.street_fight.build import dice, game, leftover, table, to_phase

SIX = {n: "pistol" for n in ("B1", "B2", "B3", "B4", "B5", "B6")}


def down(g, name: str, by: str = "Ada") -> None:  # type: ignore[no-untyped-def]
    morale.casualty(g, g.character(name), g.character(by))


def test_tests_start_at_a_third_and_follow_each_casualty() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, SIX)
    down(g, "B1")
    assert g.morale_of("Blue").tests_due == 0
    down(g, "B2")  # 2 of 6: a third
    assert g.morale_of("Blue").tests_due == 1
    down(g, "B3")
    assert g.morale_of("Blue").tests_due == 2


@pytest.mark.parametrize("size, first", [(2, 1), (3, 1), (4, 2), (5, 2), (7, 3)])
def test_a_third_rounds_up(size: int, first: int) -> None:
    g = game({"Ada": "rifle"}, {f"B{i}": "pistol" for i in range(size)})
    for i in range(first):
        assert g.morale_of("Blue").tests_due == 0
        down(g, f"B{i}")
    assert g.morale_of("Blue").tests_due == 1


def test_next_into_morale_rolls_the_tests_due_in_initiative_order() -> None:
    from sprawl_cli.systems.street_fight.turn import advance

    g = game({"Ada": "rifle", "Al": "rifle", "Ann": "rifle"}, SIX, first=(2, 9))
    for n in ("B1", "B2", "B3"):
        down(g, n)
    down(g, "Ada", by="B4")
    to_phase(g, "close", "Red")
    d = dice(2, 3, 1)
    a = advance(g, d, table())
    assert leftover(d) == [] and (a.phase, a.side) == ("morale", "Blue")
    assert [r.label for r in d.rolls] == ["Blue: Morale", "Blue: Morale", "Red: Morale"]
    assert [(t.squad, t.left, t.roll, t.passed) for t in a.morale] == [
        ("Blue", 3, 2, True), ("Blue", 3, 3, False), ("Red", 2, 1, True)]
    assert g.character("B4").has("falling_back") and not g.character("Al").has("falling_back")
    assert a.morale[1].cause == "Ada"


def test_after_a_failure_the_other_tests_due_are_moot() -> None:
    g = game({"Ada": "rifle"}, SIX)
    for n in ("B1", "B2", "B3"):
        down(g, n)
    d = dice(9)
    done = morale.tests_due(g, d)
    assert len(done) == 1 and not done[0].passed and g.morale_of("Blue").tests_due == 0


def test_a_pass_is_a_roll_under_the_figures_left() -> None:
    g = game({"Ada": "rifle"}, SIX)
    for n in ("B1", "B2"):
        down(g, n)
    d = dice(3, 4)
    t = morale.test_by_hand(g, g.squad("Blue"), d, table())
    assert (t.left, t.roll, t.passed) == (4, 3, True)
    assert t.note == ""
    t = morale.test_by_hand(g, g.squad("Blue"), d, table())  # none due now: tested by hand all the same
    assert (t.roll, t.passed, t.cause) == (4, False, "Ada") and "no test was due" in t.note
    assert set(t.falling_back) == {"B3", "B4", "B5", "B6"}
    assert leftover(d) == []


def test_falling_back_then_sheltering_a_full_turn() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol", "Bea": "pistol"}, first=(9, 2))
    down(g, "Bea")
    to_phase(g, "morale", "Red", 9)  # Blue fails: 9 is not under 1
    bo = g.character("Bo")
    assert bo.shown_statuses == ["falling_back"]
    to_phase(g, "shooting", "Blue", 9, 2)
    with pytest.raises(RuleRefusal, match="falling back"):
        shoot(g, bo, g.character("Ada"), Order(3), dice(), table())
    to_phase(g, "movement", "Blue", 9, 2)
    with pytest.raises(RuleRefusal, match="cannot enter cover"):
        move(g, bo, 7, True, table())
    m = move(g, bo, 5, True, table())
    assert m.sheltering and bo.shown_statuses == ["moved", "sheltering"]
    assert g.round == 3
    to_phase(g, "movement", "Blue", 9, 2)
    assert bo.has("sheltering")  # turn 4: the full turn in cover
    with pytest.raises(RuleRefusal, match="sheltering"):
        move(g, bo, 1, False, table())
    to_phase(g, "movement", "Red", 9, 2)
    assert g.round == 5 and not bo.has("sheltering")


def test_one_figure_squads_and_the_setting_off_never_test() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    down(g, "Bo")
    assert g.morale_of("Blue").tests_due == 0 and g.over and g.winner == "Red"
    g = game({"Ada": "rifle"}, {"Bo": "pistol", "Bea": "pistol"}, morale="off")
    down(g, "Bo")
    assert g.morale_of("Blue").tests_due == 0
    t = morale.test_by_hand(g, g.squad("Blue"), dice(2), table())
    assert t.passed is False and "setting is off" in t.note
    g.character("Bea").add("casualty")  # by hand, so the game goes on
    with pytest.raises(RuleRefusal, match="no figure standing"):
        morale.test_by_hand(g, g.squad("Blue"), dice(), table(force=True))
