"""G2/G3: initiative, alternating activations of two actions, skipping, `done`, `next`."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.gunplay.movement import move
from sprawl_cli.systems.gunplay.turn import aim, done, end_turn, roll_initiative, simple_action
from tests.gunplay.build import dice, game, leftover, person, table


def two_a_side() -> tuple:
    r1, r2 = person("Ann", "Pistol"), person("Bo", "Pistol")
    b1, b2 = person("Cy", "Pistol"), person("Di", "Pistol")
    return game([r1, r2], [b1, b2]), r1, r2, b1, b2


def test_highest_d12_goes_first_and_the_roll_is_in_side_order() -> None:
    g, *_ = two_a_side()
    d = dice(4, 9)
    out = roll_initiative(g, d)
    assert out.winner == "Blue" and out.order == ["Blue", "Red"] and g.side == 1
    assert [r.label for r in d.rolls] == ["Red: Initiative", "Blue: Initiative"]
    assert out.rolls == [{"Red": 4, "Blue": 9}]


def test_ties_are_rolled_again() -> None:
    g, *_ = two_a_side()
    d = dice(7, 7, 2, 5)
    out = roll_initiative(g, d)
    assert out.rolls == [{"Red": 7, "Blue": 7}, {"Red": 2, "Blue": 5}] and out.winner == "Blue"
    assert leftover(d) == []


def three_sides() -> object:
    return game([person("A")], [person("B")], [person("C")], [person("D")])


def test_more_sides_even_winner_goes_clockwise_in_roster_order() -> None:
    g = three_sides()
    out = roll_initiative(g, dice(3, 8, 5, 1))  # Blue wins with an even 8
    assert out.direction == "clockwise" and out.order == ["Blue", "Green", "Gold", "Red"]


def test_more_sides_odd_winner_goes_counter_clockwise() -> None:
    g = three_sides()
    out = roll_initiative(g, dice(3, 9, 5, 1))
    assert out.direction == "counter-clockwise" and out.order == ["Blue", "Red", "Gold", "Green"]


def test_only_the_tied_sides_roll_again() -> None:
    g = three_sides()
    d = dice(11, 2, 11, 4, 6, 10)  # Red and Green tie on 11; then Red 6, Green 10 (even)
    out = roll_initiative(g, d)
    assert out.rolls[1] == {"Red": 6, "Green": 10}
    assert out.winner == "Green" and out.order == ["Green", "Gold", "Red", "Blue"]


def test_two_actions_end_the_activation_and_the_other_side_goes() -> None:
    g, ann, bo, cy, di = two_a_side()
    first = simple_action(g, ann, table(), "pass")
    assert not first.activation_over and g.active == "Ann" and g.side == 0
    second = move(g, ann, dice(), table())
    assert second.activation_over and ann.activated and g.active is None and g.side == 1


def test_an_activation_is_not_split_around_anothers() -> None:
    g, ann, bo, cy, di = two_a_side()
    simple_action(g, ann, table(), "pass")
    with pytest.raises(RuleRefusal, match="middle of an activation"):
        simple_action(g, bo, table(), "pass")


def test_not_your_sides_go_is_refused_and_force_overrules() -> None:
    g, ann, bo, cy, di = two_a_side()
    with pytest.raises(RuleRefusal, match="Red activate a character now, not Blue"):
        simple_action(g, cy, table(), "pass")
    forced = table(force=True)
    simple_action(g, cy, forced, "pass")
    assert g.active == "Cy" and forced.overruled


def test_activated_character_cannot_go_again() -> None:
    g, ann, bo, cy, di = two_a_side()
    done(g, ann, table())
    done(g, cy, table())
    with pytest.raises(RuleRefusal, match="already activated"):
        simple_action(g, ann, table(), "pass")


def test_a_side_with_nobody_left_is_skipped() -> None:
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy")
    g = game([ann, bo], [cy])
    done(g, ann, table())
    assert g.side == 1
    done(g, cy, table())
    assert g.side == 0  # Blue is out of characters; Red goes again
    done(g, bo, table())
    with pytest.raises(RuleRefusal, match="already activated"):
        done(g, cy, table())


def test_removed_characters_are_skipped_and_cannot_act() -> None:
    ann, bo, cy = person("Ann"), person("Bo"), person("Cy", statuses=["down", "removed"])
    g = game([ann], [bo, cy])
    done(g, ann, table())
    done(g, bo, table())
    with pytest.raises(BadInput, match="removed"):
        simple_action(g, cy, table(), "pass")


def test_aim_is_lost_by_any_other_action() -> None:
    g, ann, bo, cy, di = two_a_side()
    aim(g, ann, cy, table())
    assert ann.aiming_at == "Cy"
    simple_action(g, ann, table(), "interact")
    assert ann.aiming_at is None


def test_aim_at_a_friend_is_refused() -> None:
    g, ann, bo, cy, di = two_a_side()
    with pytest.raises(RuleRefusal, match="own side"):
        aim(g, ann, bo, table())


def test_next_needs_everyone_activated_then_resets_and_rolls_initiative() -> None:
    g, ann, bo, cy, di = two_a_side()
    with pytest.raises(RuleRefusal, match="Ann, Bo, Cy, Di"):
        end_turn(g, dice(), table())
    for c in (ann, cy, bo, di):
        done(g, c, table())
    out = end_turn(g, dice(2, 8), table())
    assert g.round == 2 and out.initiative is not None and out.initiative.winner == "Blue"
    assert all(not c.activated and c.actions_left == 2 for c in (ann, bo, cy, di))
    assert g.side == 1


def test_next_forced_lists_who_never_went() -> None:
    g, ann, bo, cy, di = two_a_side()
    done(g, ann, table())
    out = end_turn(g, dice(5, 3), table(force=True))
    assert out.waiting == ["Bo", "Cy", "Di"]


def test_round_limit_ends_the_game() -> None:
    g, ann, bo, cy, di = two_a_side()
    g.rounds = 1
    for c in (ann, cy, bo, di):
        done(g, c, table())
    out = end_turn(g, dice(), table())
    assert out.over and g.over and "limit" in (g.reason or "")
    # a finished game refuses every command in the kernel's flow: tests/gunplay/test_cli.py


def test_down_character_must_recover_first() -> None:
    g, ann, bo, cy, di = two_a_side()
    ann.add("down")
    ann.wounds = 1
    with pytest.raises(RuleRefusal, match="recover Ann"):
        move(g, ann, dice(), table())


def test_quick_move_over_difficult_ground_is_tested_at_the_named_column() -> None:
    g, ann, bo, cy, di = two_a_side()
    ann.add("prone")
    out = move(g, ann, dice(6), table(), quick=True, difficult="moderate")
    assert out.inches == 6 and out.test is not None and not out.passed
    assert not ann.has("prone")
    with pytest.raises(BadInput):
        move(g, ann, dice(6), table(), quick=True, difficult="tricky")


def test_a_concession_between_two_sides_says_who_gave_up_and_who_won() -> None:
    from sprawl_cli.systems.gunplay.turn import concede

    g, ann, bo, cy, di = two_a_side()
    out = concede(g, g.squad_of(cy))
    assert out.to_json() == {"kind": "concede", "squad": "Blue", "over": True, "winner": "Red",
                             "reason": "Blue conceded", "draw": False}


def test_next_says_what_the_referee_forced_and_nothing_when_nobody_did() -> None:
    from sprawl_cli.systems.gunplay.turn import advance

    g, ann, bo, cy, di = two_a_side()
    out = advance(g, dice(5, 3), table(force=True))
    assert out.data["forced"] == ["not everyone has activated this turn: Ann, Bo, Cy, Di still to go"]
    for c in (ann, cy, bo, di):
        done(g, c, table(force=True))
    assert advance(g, dice(5, 3), table()).data["forced"] == []


def test_an_aim_out_of_turn_is_refused_through_the_table() -> None:
    g, ann, bo, cy, di = two_a_side()
    t = table(force=True)
    out = aim(g, cy, ann, t)
    assert t.overruled == ["Red activate a character now, not Blue (G2: the sides alternate)"]
    assert out.to_json() == {"name": "Cy", "action": "aim", "actions_left": 1, "activation_over": False,
                             "target": "Ann", "lapsed": False}
