"""F3 the hit chance and F5 the weapons table, pinned where a mutation run (mutmut 3) of
chance.py and weapons.py found the tests loose: every term's amount, words and source, the
cover words, the refusals, the d100 bands at both ends.

Survivors no input can tell from the original are listed in `EQUIVALENT` at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.street_fight.chance import Situation, hit_chance, increments, measured, read_cover
from sprawl_cli.systems.street_fight.weapons import WEAPONS, weapon, weapon_for_roll


def terms(arm: str, s: Situation) -> tuple[int, list[tuple[int, str, str]]]:
    chance, found = hit_chance(weapon(arm), s)
    return chance, [(t.amount, t.label, t.source) for t in found]


def test_a_pistol_at_one_increment() -> None:
    assert terms("pistol", Situation(2)) == (90, [(-10, 'range 2": 1 increment of 2"', "F3")])


def test_every_penalty_and_one_turn_of_aim() -> None:
    s = Situation(4.5, cover="three-quarters", target_moving="ran", firer_moving="moved", aim_turns=1)
    assert terms("rifle", s) == (-15, [(-20, 'range 4.5": 2 increments of 4"', "F3"), (-75, "three-quarters cover", "F3"),
                                       (-20, "moving target (ran)", "F3"), (-20, "moving firer (moved)", "F3"),
                                       (10, "aimed 1 turn", "F3"), (10, "rifle bonus", "F5")])


def test_cover_given_away_and_aim_past_three_turns() -> None:
    s = Situation(0, cover="half", cover_given_away=True, aim_turns=5)
    assert terms("scoped rifle", s) == (150, [
        (0, 'range 0": 0 increments of 4"', "F3"),
        (0, "half cover given away by firing from it since it last moved", "F8"),
        (30, "aimed 5 turns, counting 3", "F3"), (20, "scoped rifle bonus", "F5")])


def test_quarter_cover_is_not_given_away_and_overwatch_on_a_large_area_takes_no_aim() -> None:
    s = Situation(8, cover="quarter", cover_given_away=True, overwatch="large", aim_turns=2)
    assert terms("scoped rifle", s) == (55, [(-20, 'range 8": 2 increments of 4"', "F3"), (-25, "quarter cover", "F3"),
                                             (-20, "overwatch on a large area", "F7"), (20, "scoped rifle bonus", "F5")])


def test_point_overwatch_and_a_spread_counted_by_the_inch_or_part() -> None:
    assert terms("LMG", Situation(12, overwatch="point", frontage=2.5)) == (30, [
        (-30, 'range 12": 3 increments of 4"', "F3"), (-10, "overwatch", "F7"),
        (-30, 'fire spread over 2.5" (3" or part)', "F6")])


def test_the_hmg_takes_no_aim() -> None:
    assert terms("HMG", Situation(5, aim_turns=2)) == (90, [(-10, 'range 5": 1 increment of 5"', "F3")])


@pytest.mark.parametrize("text, cover", [("3/4", "three-quarters"), ("1/2", "half"), ("1/4", "quarter"),
                                         ("Three Quarter", "three-quarters"), ("three_quarters", "three-quarters"),
                                         (" Half ", "half"), ("none", "none")])
def test_cover_words(text: str, cover: str) -> None:
    assert read_cover(text) == cover


@pytest.mark.parametrize("call, message", [
    (lambda: read_cover("lots"), "'lots' is not a cover degree; use none, quarter, half, three-quarters"),
    (lambda: measured(-1, "--distance"), "--distance should be a number of inches, 0 or more, not -1"),
    (lambda: measured(float("inf"), "--frontage"), "--frontage should be a number of inches, 0 or more, not inf"),
    (lambda: hit_chance(weapon("LMG"), Situation(3, frontage=-1)),
     "--frontage should be a number of inches, 0 or more, not -1"),
    (lambda: weapon("laser"),
     "'laser' is not a Street-Fight weapon; use one of: pistol, rifle, scoped rifle, assault rifle, LMG, HMG (or random)"),
])
def test_refusals_name_what_they_take(call: Callable[[], object], message: str) -> None:
    with pytest.raises(BadInput) as caught:
        call()
    assert str(caught.value) == message


def test_increments_round_up_past_floating_noise_only() -> None:
    assert (increments(4.0000000001, 2), increments(0, 2), increments(2.1, 2)) == (2, 0, 2)


def test_the_d100_bands_at_both_ends_and_their_words() -> None:
    faces = (1, 50, 51, 70, 71, 80, 81, 90, 91, 99, 100)
    assert [weapon_for_roll(f).name for f in faces] == ["pistol", "pistol", "rifle", "rifle", "scoped rifle",
                                                        "scoped rifle", "assault rifle", "assault rifle", "LMG", "LMG",
                                                        "HMG"]
    assert [w.band for w in WEAPONS] == ["01-50", "51-70", "71-80", "81-90", "91-99", "00"]


def test_weapon_names_forgive_case_dashes_and_underscores() -> None:
    assert weapon(" Scoped-Rifle ").name == "scoped rifle" and weapon("assault_rifle").name == "assault rifle"
    assert [w.rounds_fired(7) for w in WEAPONS] == [7, 7, 7, 4, 7, 7]


def test_the_distance_is_checked_by_its_option_name_three_turns_of_aim_are_not_capped_and_spread_noise_is_dropped() -> None:
    with pytest.raises(BadInput) as caught:
        hit_chance(weapon("rifle"), Situation(-1))
    assert str(caught.value) == "--distance should be a number of inches, 0 or more, not -1"
    assert terms("rifle", Situation(4, aim_turns=3))[1][1] == (30, "aimed 3 turns", "F3")
    # 1.0000000001" of frontage is 1" give or take float noise (rounded at 9 places): -10, not -20.
    assert terms("LMG", Situation(4, frontage=1.0000000001))[1][1] == (-10, 'fire spread over 1" (1" or part)', "F6")


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1):

chance.py
"""
