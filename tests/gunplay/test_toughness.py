"""G6/G7: wounds, Toughness, down, recovery and removal."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.gunplay.toughness import recover, recovery_column, take_hit, toughness_column
from sprawl_cli.systems.gunplay.turn import check_game_end, simple_action
from tests.gunplay.build import dice, game, leftover, person, table


@pytest.mark.parametrize(("damage", "before", "column"), [
    (0, 0, "automatic"), (1, 0, "easy"), (2, 0, "moderate"), (2, 1, "hard"), (1, 3, "impossible"), (0, 3, "hard"),
])
def test_toughness_column(damage: int, before: int, column: str) -> None:
    assert toughness_column(damage, before) == column


def test_automatic_toughness_is_not_rolled_and_impossible_goes_down_unrolled() -> None:
    a = person("Ann")
    g = game([a], [person("Bo")])
    d = dice(12)
    assert not take_hit(g, a, 0, d).down and leftover(d) == [12]
    a.wounds = 2
    v = take_hit(g, a, 2, d)
    assert v.down and v.toughness_roll is None and v.toughness_column == "impossible" and a.wounds == 3


def test_down_is_on_its_back_not_prone() -> None:
    a = person("Ann", statuses=["prone"])
    g = game([a], [person("Bo")])
    take_hit(g, a, 1, dice(3))
    assert a.statuses == ["down"]


def test_fourth_wound_while_down_removes_and_the_last_side_standing_wins() -> None:
    a = person("Ann", wounds=3, statuses=["down"])
    g = game([a], [person("Bo")])
    v = take_hit(g, a, 1, dice())
    assert v.removed and a.gone and not g.over  # the caller ends the game once the exchange is over
    check_game_end(g)
    assert g.over and g.winner == "Blue" and not g.draw


def down_game(wounds: int):
    a = person("Ann", wounds=wounds, statuses=["down"])
    b = person("Bo")
    return game([a], [b]), a, b


@pytest.mark.parametrize(("wounds", "column"), [(0, "automatic"), (1, "easy"), (2, "moderate"), (3, "hard"),
                                                (4, "impossible")])
def test_recovery_column(wounds: int, column: str) -> None:
    assert recovery_column(wounds) == column


def test_recovery_success_makes_prone_and_leaves_one_action() -> None:
    g, a, b = down_game(2)
    out = recover(g, a, dice(7), table())
    assert out.success and a.statuses == ["prone"] and out.actions_left == 1 and not out.activation_over
    assert out.column == "moderate" and out.rolls == [7]
    simple_action(g, a, table(), "pass")
    assert a.activated


def test_recovery_failure_adds_a_wound_and_ends_the_activation() -> None:
    g, a, b = down_game(1)
    out = recover(g, a, dice(3), table())
    assert not out.success and a.wounds == 2 and a.down and out.activation_over and g.side == 1
    assert not out.removed


def test_failed_recovery_at_hard_removes() -> None:
    g, a, b = down_game(3)
    out = recover(g, a, dice(9), table())
    assert out.removed and a.gone and g.over and g.winner == "Blue"


def test_recover_when_not_down_is_refused() -> None:
    a, b = person("Ann"), person("Bo")
    g = game([a], [b])
    with pytest.raises(RuleRefusal, match="not down"):
        recover(g, a, dice(), table())


def test_a_forced_recovery_that_fails_on_a_prone_character_leaves_it_down_only() -> None:
    a = person("Ann", wounds=1, statuses=["prone"])
    g = game([a], [person("Bo")])
    out = recover(g, a, dice(1), table(force=True))
    assert not out.success and a.statuses == ["down"] and out.statuses == ["down"]


def test_recovery_with_no_wounds_is_automatic() -> None:
    g, a, b = down_game(0)
    d = dice(1)
    assert recover(g, a, d, table()).success and leftover(d) == [1]


def test_set_to_four_wounds_while_down_is_removed_on_recovery() -> None:
    g, a, b = down_game(4)
    out = recover(g, a, dice(), table())
    assert out.removed and out.column == "impossible"


def test_d20_recovery() -> None:
    a = person("Ann", wounds=3, statuses=["down"])
    g = game([a], [person("Bo")], die="d20")
    out = recover(g, a, dice(16), table())
    assert out.success and out.target_number == 15
