"""Pool tests exactly as rulings R1-R4, dice sources, and exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.dice import AskDice, RandomDice, RecordingDice, ScriptedDice, parse_faces
from sprawl_cli.errors import BadInput, DiceShortage
from sprawl_cli.systems.sprawl.pool import (
    count_successes, difficulty_of, net_successes, odds, success_distribution, test_pool,
)
from tests.factory import exact_success_counts


@pytest.mark.parametrize(
    ("faces", "tens", "expected"),
    [
        ((4, 5, 7, 10), True, 3),  # R2: the text's Razz example, with the Rule of Tens on
        ((4, 5, 7, 10), False, 2),  # ... and as the text counts it, Tens off
        ((6, 6, 6), True, 0),  # R1: 6 is not a success
        ((7, 8, 9), True, 3),
        ((10, 10), True, 4),
        ((1, 1, 1), True, 0),
        ((), True, 0),
    ],
)
def test_successes(faces, tens, expected):
    assert count_successes(faces, tens) == expected


def test_zero_means_ten():
    assert parse_faces("4,5,7,0") == [4, 5, 7, 10]
    assert parse_faces("4 5 7 10") == [4, 5, 7, 10]


@pytest.mark.parametrize("bad", ["11", "-1", "x", "3.5"])
def test_bad_faces(bad):
    with pytest.raises(BadInput, match=bad.lstrip("-") if bad != "-1" else "-1"):
        parse_faces(bad)


@pytest.mark.parametrize(("base", "mods", "expected"), [(1, [], 1), (1, [2], 3), (1, [-1], 1), (1, [-5, 1], 1), (3, [1, 1], 5)])
def test_difficulty_never_below_one(base, mods, expected):
    assert difficulty_of(base, mods) == expected  # R3


@pytest.mark.parametrize(
    ("raw", "difficulty", "net"),
    [(0, 1, 0), (1, 1, 1), (3, 1, 3), (2, 3, 0), (3, 3, 1), (5, 3, 3)],
)
def test_net_successes(raw, difficulty, net):
    assert net_successes(raw, difficulty) == net  # R4


def test_pool_test_with_cover_example():
    # The text's cover example: Difficulty 3; 4,5,7,10 has 3 successes with Tens on (R2) and passes.
    result = test_pool(ScriptedDice([4, 5, 7, 10]), 4, 3, "Razz: Shooting")
    assert (result.successes, result.passed, result.net) == (3, True, 1)
    off = test_pool(ScriptedDice([4, 5, 7, 10]), 4, 3, "Razz: Shooting", tens=False)
    assert (off.successes, off.passed, off.net) == (2, False, 0)


def test_scripted_dice_run_out_names_the_roll():
    dice = ScriptedDice([7, 8])
    with pytest.raises(DiceShortage, match="Razz: Shooting needs 4d10 and --dice has only 2 left"):
        dice.roll(4, "Razz: Shooting")


def test_scripted_dice_ask_for_the_rest():
    asked: list[str] = []
    more = AskDice(lambda prompt: asked.append(prompt) or "9 1", lambda _w: None)
    dice = ScriptedDice([7, 8], more)
    assert dice.roll(4, "Razz: Shooting") == (7, 8, 9, 1)
    assert asked == ["Razz: Shooting, 2 more d10"]


def test_leftover_faces():
    dice = ScriptedDice([1, 2, 3])
    dice.roll(1, "x")
    assert dice.leftover == [2, 3]


def test_ask_dice_reasks_on_typos():
    answers = iter(["7 8", "7 x 9", "7,8,0"])
    warnings: list[str] = []
    dice = AskDice(lambda _p: next(answers), warnings.append)
    assert dice.roll(3, "Babs: Smarts") == (7, 8, 10)
    assert len(warnings) == 2


def test_ask_dice_end_of_input_refuses():
    def nothing(_prompt: str) -> str:
        raise EOFError

    with pytest.raises(DiceShortage, match="Babs: Smarts"):
        AskDice(nothing, lambda _w: None).roll(2, "Babs: Smarts")


def test_recording_keeps_labels():
    dice = RecordingDice(ScriptedDice([3, 10]))
    dice.roll(2, "Wes: Brawling")
    assert [(r.label, r.faces) for r in dice.rolls] == [("Wes: Brawling", (3, 10))]


def test_random_dice_are_seeded_and_in_range():
    a = RandomDice(42).roll(200, "x")
    assert a == RandomDice(42).roll(200, "x")
    assert set(a) <= set(range(1, 11)) and len(set(a)) == 10


def exact_by_enumeration(pool: int, difficulty: int, tens: bool) -> tuple[Fraction, dict[int, Fraction]]:
    net: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, 11), repeat=pool):
        k = net_successes(count_successes(faces, tens), difficulty)
        net[k] = net.get(k, Fraction(0)) + Fraction(1, 10**pool)
    return 1 - net.get(0, Fraction(0)), net


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 4), st.integers(1, 6), st.booleans())
def test_odds_match_enumeration(pool, difficulty, tens):
    p_pass, net = exact_by_enumeration(pool, difficulty, tens)
    got = odds(pool, difficulty, tens)
    assert got.p_pass == pytest.approx(float(p_pass), abs=1e-12)
    for k, p in net.items():
        assert got.net.get(k, 0.0) == pytest.approx(float(p), abs=1e-12)
    assert sum(got.net.values()) == pytest.approx(1.0)


def test_odds_of_large_pools_match_exact_counts():
    """Against the exact count of outcomes (integer convolution of one die's 6/3/1 faces):
    pools too big to enumerate, tail and middle, with and without the Rule of Tens."""
    for tens in (True, False):
        counts = exact_success_counts(400, tens)
        for difficulty in (1, 150, 200, 201, 260, 801):
            exact = Fraction(sum(counts[difficulty:]), 10**400)
            assert odds(400, difficulty, tens).p_pass == pytest.approx(float(exact), rel=1e-9, abs=1e-300)
    assert odds(400, 801).p_pass == 0.0  # past the 800 successes 400 dice can show
    assert odds(400, 200).p_pass == pytest.approx(0.5, abs=0.05)  # the mean is 200: about a coin flip
    big = odds(1000, 300)  # 9 standard deviations under the mean of 500: 1 - 5e-24, less rounding
    assert big.p_pass == pytest.approx(1.0, abs=1e-12) and big.p_pass <= 1.0
    assert sum(success_distribution(8, tens=False)) > 1.0  # rounding: 1.0000000000000002 ...
    assert odds(8, 0, tens=False).p_pass == 1.0  # ... is held at exactly 1
    assert sum(big.net.values()) == pytest.approx(1.0)
    with pytest.raises(BadInput, match="1000"):
        success_distribution(1001)


@pytest.mark.parametrize("tens", [True, False])
@pytest.mark.parametrize("pool", [1, 2, 7, 60, 333])
def test_each_chance_is_the_exact_count_divided_once(pool: int, tens: bool) -> None:
    """Whole-number counts, one division each: every chance is the exact fraction rounded once,
    equal to the float of the exact count, bit for bit (the linear recurrence, not a sum of
    rounded products)."""
    counts = exact_success_counts(pool, tens)
    while counts[-1] == 0:
        counts.pop()
    assert success_distribution(pool, tens) == [c / 10**pool for c in counts]


def test_the_dice_records_are_immutable_named_tuples() -> None:
    from sprawl_cli.dice import Roll
    from sprawl_cli.systems.sprawl.pool import Odds, PoolResult

    roll = Roll("Ada: Shooting", (7,))
    assert roll == ("Ada: Shooting", (7,), "d10") and roll.die == "d10"
    label, faces, die = Roll("Ada: Injury", (3,), "d8")
    assert (label, faces, die) == ("Ada: Injury", (3,), "d8")
    assert repr(roll) == "Roll(label='Ada: Shooting', faces=(7,), die='d10')"
    assert len({roll, Roll("Ada: Shooting", (7,))}) == 1
    with pytest.raises(AttributeError):
        roll.label = "Bo: Shooting"  # type: ignore[misc]
    result = PoolResult("Test", (4, 7), 1, 1, 1, True)
    assert (result.faces, result.successes, result.difficulty, result.net, result.passed) == ((4, 7), 1, 1, 1, True)
    assert repr(result) == "PoolResult(label='Test', faces=(4, 7), successes=1, difficulty=1, net=1, passed=True)"
    chance = Odds(2, 1, False, 0.5, {0: 0.5})
    assert (chance.pool, chance.difficulty, chance.tens, chance.p_pass, chance.net) == (2, 1, False, 0.5, {0: 0.5})


def test_the_pool_rules_defaults_are_the_rule_of_tens_and_difficulty_1() -> None:
    assert count_successes((10,)) == 2  # the Rule of Tens unless told otherwise (R2)
    assert difficulty_of() == 1 and difficulty_of(modifiers=[2]) == 3  # R3: a Test starts at 1
    assert success_distribution(1) == [0.6, 0.3, 0.1]


def test_a_distribution_without_tens_ends_at_the_pool_size() -> None:
    # No die scores two without the Rule of Tens, so the impossible counts above the pool
    # are dropped: they would otherwise show as 0% rows of `odds`.
    assert success_distribution(2, tens=False) == pytest.approx([0.36, 0.48, 0.16])
    assert len(success_distribution(2, tens=False)) == 3
    assert len(success_distribution(3, tens=True)) == 7
    assert success_distribution(0) == [1.0]


def test_a_negative_pool_is_refused_in_words() -> None:
    with pytest.raises(BadInput, match="a pool of -1 dice makes no sense; give 0 or more"):
        success_distribution(-1)


def test_the_json_of_a_test_and_of_its_odds() -> None:
    result = test_pool(ScriptedDice([4, 7, 10]), 3, 2, "Test")
    assert result.to_json() == {"faces": [4, 7, 10], "successes": 3, "difficulty": 2, "net": 2, "passed": True}
    chance = odds(1, 3, tens=False)  # three successes from one die: never
    assert chance.to_json() == {"pool": 1, "difficulty": 3, "rule_of_tens": False, "p_pass": 0.0, "net": {"0": 1.0}}
    assert odds(2, 1).to_json()["pool"] == 2


def test_sprawls_faces_in_the_log() -> None:
    from sprawl_cli.systems.sprawl.views import die, logged_faces

    assert logged_faces([7, 10], "d10") == "\\[[die.hit]7[/] [die.ten]10[/]]"
    assert logged_faces([1, 4], None) == "\\[[die.one]1[/] [die.miss]4[/]]"  # a journal from before dice were named
    assert logged_faces([3], "d8") is None and logged_faces(["KS"], "card") is None
    assert die(10, tens=False) == "[die.hit]10[/]"  # one success without the Rule of Tens
