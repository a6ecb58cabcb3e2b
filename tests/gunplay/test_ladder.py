"""G1: the difficulty ladder, shifts, dice modifiers, the d20 setting and exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.gunplay.ladder import COLUMNS, ROLLED, check_column, roll_test, shifted
from sprawl_cli.systems.gunplay.odds import odds, p_hits, p_success
from tests.gunplay.build import dice, leftover


@pytest.mark.parametrize(("column", "shift", "expected"), [
    ("hard", 1, "moderate"), ("hard", -1, "impossible"), ("easy", 1, "automatic"), ("easy", 2, "automatic"),
    ("moderate", -1, "hard"), ("moderate", -5, "impossible"), ("moderate", 3, "automatic"), ("hard", 0, "hard"),
    ("automatic", -4, "impossible"), ("automatic", -3, "hard"),
])
def test_positive_shifts_move_left_negative_right_and_stop_at_the_ends(column: str, shift: int, expected: str) -> None:
    assert shifted(column, shift) == expected


@pytest.mark.parametrize(("column", "number"), [("easy", 3), ("moderate", 6), ("hard", 9)])
def test_strictly_greater_succeeds_and_equal_fails(column: str, number: int) -> None:
    assert not roll_test(dice(number), "x", column).success
    assert roll_test(dice(number + 1), "x", column).success
    test = roll_test(dice(number), "x", column, modifier=1)
    assert test.success and test.target_number == number and test.rolls == (number,)


def test_shifts_are_summed_before_moving() -> None:
    # +1 and -2 together are one step right: moderate becomes hard, never automatic on the way.
    assert roll_test(dice(10), "x", "moderate", shift=1 - 2).column == "hard"


@pytest.mark.parametrize(("column", "success"), [("automatic", True), ("impossible", False)])
def test_automatic_and_impossible_are_not_rolled(column: str, success: bool) -> None:
    d = dice(12)
    test = roll_test(d, "x", column)
    assert test.success is success and test.rolls == () and test.target_number is None
    assert leftover(d) == [12]


def test_past_easy_is_automatic_even_with_a_bad_modifier() -> None:
    assert roll_test(dice(), "x", "easy", shift=1, modifier=-10).success


@pytest.mark.parametrize(("column", "number"), [("easy", 5), ("moderate", 10), ("hard", 15)])
def test_d20_setting_reads_5_10_15(column: str, number: int) -> None:
    test = roll_test(dice(number, number + 1), "x", column, count=2, sides=20)
    assert test.target_number == number and test.successes == (False, True)


def test_d20_faces_above_12_are_accepted() -> None:
    assert roll_test(dice(20), "x", "hard", sides=20).success


def test_several_dice_each_count() -> None:
    test = roll_test(dice(4, 3, 12), "x", "easy", count=3)
    assert test.hits == 2 and test.successes == (True, False, True)


def test_column_names_are_checked() -> None:
    assert check_column(" Hard ") == "hard"
    with pytest.raises(BadInput, match="not a difficulty column"):
        check_column("tricky", ROLLED)
    with pytest.raises(BadInput):
        check_column("automatic", ROLLED)


def test_known_odds() -> None:
    assert p_success("easy") == Fraction(9, 12)
    assert p_success("hard") == Fraction(3, 12)
    assert p_success("hard", 1, -1) == Fraction(5, 12)  # moderate, beat 6 with -1: 8-12
    assert p_success("hard", -1) == 0 and p_success("easy", 1, -20) == 1
    assert p_success("hard", modifier=-3) == 0  # needs 13 on a d12
    assert p_success("easy", modifier=5) == 1
    assert p_success("moderate", sides=20) == Fraction(10, 20)
    assert odds("hard", 1).to_json()["column"] == "moderate"


def enumerate_odds(column: str, shift: int, modifier: int, sides: int) -> Fraction:
    """Brute force: shift one step at a time, then count the faces that pass."""
    index = COLUMNS.index(column)
    for _ in range(abs(shift)):
        index += -1 if shift > 0 else 1
        index = max(0, min(4, index))
    final = COLUMNS[index]
    if final in ("automatic", "impossible"):
        return Fraction(int(final == "automatic"))
    number = {12: {"easy": 3, "moderate": 6, "hard": 9}, 20: {"easy": 5, "moderate": 10, "hard": 15}}[sides][final]
    return Fraction(sum(1 for f in range(1, sides + 1) if f + modifier > number), sides)


@given(st.sampled_from(ROLLED), st.integers(-6, 6), st.integers(-15, 15), st.sampled_from([12, 20]))
def test_odds_match_enumeration(column: str, shift: int, modifier: int, sides: int) -> None:
    assert p_success(column, shift, modifier, sides) == enumerate_odds(column, shift, modifier, sides)


@given(st.sampled_from(ROLLED), st.integers(-3, 3), st.integers(-4, 4), st.integers(1, 3))
def test_hit_counts_match_enumeration_of_every_face_combination(column: str, shift: int, modifier: int,
                                                                count: int) -> None:
    import itertools

    final = shifted(column, shift)
    tally = [0] * (count + 1)
    for faces in itertools.product(range(1, 13), repeat=count):
        test = roll_test(dice(*faces), "x", column, shift, modifier, count=count)
        tally[test.hits if final != "automatic" else count] += 1
    total = 12 ** count
    assert p_hits(column, shift, modifier, count) == [Fraction(t, total) for t in tally]
    assert sum(p_hits(column, shift, modifier, count)) == 1
