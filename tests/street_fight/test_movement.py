"""F2 movement, aiming (F3) and overwatch (F7) declarations."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.street_fight.movement import aim, move, overwatch
from sprawl_cli.systems.street_fight.turn import advance
from tests.street_fight.build import dice, game, table, to_phase


def two():  # type: ignore[no-untyped-def]
    return game({"Ada": "rifle", "Al": "HMG"}, {"Bo": "pistol", "Bea": "LMG"})


def test_a_normal_move_and_a_dash() -> None:
    g = two()
    m = move(g, g.character("Ada"), None, False, table())
    assert (m.inches, m.ran) == (5.0, False)
    assert g.character("Ada").shown_statuses == ["moved"]
    m = move(g, g.character("Al"), 9, False, table())
    assert m.ran and g.character("Al").shown_statuses == ["moved", "ran"]


def test_moves_add_up_to_nine_at_most() -> None:
    g = two()
    ada = g.character("Ada")
    move(g, ada, 4, False, table())
    move(g, ada, 5, False, table())
    assert ada.ran
    with pytest.raises(RuleRefusal, match="at most 9"):
        move(g, ada, 0.5, False, table())


def test_no_cover_after_a_dash() -> None:
    g = two()
    with pytest.raises(RuleRefusal, match="cannot enter cover"):
        move(g, g.character("Ada"), 6, True, table())
    assert move(g, g.character("Ada"), 5, True, table()).into_cover


def test_a_dash_counts_as_moving_next_turn_too() -> None:
    g = two()
    ada = g.character("Ada")
    move(g, ada, 7, False, table())
    to_phase(g, "movement", "Red", 9, 1)
    assert g.round == 2 and ada.counts_as_moving and not ada.moved
    assert ada.shown_statuses == ["moved"]
    with pytest.raises(RuleRefusal, match="still counts as moving"):
        aim(g, ada, table())
    to_phase(g, "movement", "Red", 9, 1)
    assert not ada.counts_as_moving


def test_move_refusals() -> None:
    g = two()
    with pytest.raises(RuleRefusal, match="Red is acting"):
        move(g, g.character("Bo"), 3, False, table())
    with pytest.raises(BadInput):
        move(g, g.character("Ada"), 0, False, table())
    advance(g, dice(), table())
    advance(g, dice(), table())
    with pytest.raises(RuleRefusal, match="Movement phase"):
        move(g, g.character("Ada"), 3, False, table())
    assert move(g, g.character("Ada"), 3, False, table(force=True)).inches == 3


def test_aim_builds_a_turn_at_a_time_and_moving_ends_it() -> None:
    g = two()
    ada = g.character("Ada")
    assert aim(g, ada, table()).bonus == 10
    with pytest.raises(RuleRefusal, match="already aiming"):
        aim(g, ada, table())
    with pytest.raises(RuleRefusal, match="aiming this turn"):
        move(g, ada, 2, False, table())
    for _ in range(3):
        to_phase(g, "movement", "Red", 9, 1)
        a = aim(g, ada, table())
    assert (a.aim_turns, a.bonus) == (4, 30)
    to_phase(g, "movement", "Red", 9, 1)
    assert move(g, ada, 1, False, table()).aim_lost == 4
    assert ada.aim_turns == 0


def test_no_aim_after_moving_for_the_hmg_or_on_overwatch() -> None:
    g = two()
    move(g, g.character("Ada"), 1, False, table())
    with pytest.raises(RuleRefusal, match="has moved"):
        aim(g, g.character("Ada"), table())
    with pytest.raises(RuleRefusal, match="HMG"):
        aim(g, g.character("Al"), table())
    overwatch(g, g.character("Al"), False, table())
    with pytest.raises(RuleRefusal, match="overwatch"):
        move(g, g.character("Al"), 1, False, table())


def test_overwatch_needs_a_still_figure_and_ends_when_its_side_moves_again() -> None:
    g = two()
    ada, al = g.character("Ada"), g.character("Al")
    move(g, ada, 1, False, table())
    with pytest.raises(RuleRefusal, match="has moved"):
        overwatch(g, ada, False, table())
    o = overwatch(g, al, True, table())
    assert (o.large, o.penalty) == (True, -20)
    assert "overwatch" in al.shown_statuses
    to_phase(g, "movement", "Blue")
    assert al.has("overwatch")  # it watches through the enemy's move
    to_phase(g, "movement", "Red", 9, 1)
    assert not al.has("overwatch")
