"""W1/W2 trait tests: aces, the Wild Die, snake eyes, unskilled d4-2, raises, wounds,
multi-action, the Joker, and rate of fire with one Wild Die."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.savage_worlds.model import UNSKILLED, TraitDie, read_die
from sprawl_cli.systems.savage_worlds.traits import character_test, opposed, own_modifiers, raises_of, trait_test
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover


def test_the_texts_ace_example_ten_ten_three_is_twenty_three() -> None:
    d = dice(10, 10, 3)
    t = trait_test(d, "Buck: Shooting", TraitDie(10))
    assert t.trait_rolls == ((10, 10, 3),)
    assert t.total == 23 and t.success and t.raises == 4
    assert [r.label for r in d.rolls] == ["Buck: Shooting", "Buck: Shooting, ace", "Buck: Shooting, ace"]
    assert [r.die for r in d.rolls] == ["d10"] * 3


@pytest.mark.parametrize("face, success, raises", [(3, False, 0), (4, True, 0), (7, True, 0), (8, True, 1)])
def test_four_succeeds_and_each_full_four_over_is_a_raise(face: int, success: bool, raises: int) -> None:
    t = trait_test(dice(face), "x", TraitDie(10))
    assert (t.success, t.raises) == (success, raises)


def test_the_texts_raise_examples_eleven_is_one_raise_twelve_two() -> None:
    assert raises_of(11, 4) == 1
    assert raises_of(12, 4) == 2
    assert raises_of(3, 4) == 0


def test_modifiers_count_before_raises() -> None:
    t = trait_test(dice(6), "x", TraitDie(8), modifier=2)
    assert t.total == 8 and t.raises == 1
    t = trait_test(dice(6), "x", TraitDie(8), modifier=-3)
    assert t.total == 3 and not t.success


def test_wild_card_keeps_the_better_of_trait_die_and_wild_die_after_the_trait_chain() -> None:
    d = dice(2, 5)
    t = trait_test(d, "Ada: Spirit", TraitDie(4), wild=True)
    assert t.trait_rolls == ((2,),) and t.wild_rolls == ((5,),)
    assert t.total == 5 and t.success
    assert [r.label for r in d.rolls] == ["Ada: Spirit", "Ada: Spirit, Wild Die"]
    assert [r.die for r in d.rolls] == ["d4", "d6"]


def test_the_wild_die_aces_and_takes_the_same_modifiers() -> None:
    t = trait_test(dice(3, 6, 6, 2), "x", TraitDie(8), modifier=-2, wild=True)
    assert t.wild_rolls == ((6, 6, 2),)
    assert t.total == 12 and t.raises == 2


def test_a_trait_die_bonus_adds_to_both_dice() -> None:
    t = trait_test(dice(12, 1, 3), "x", read_die("d12+1"), wild=True)
    assert t.trait_rolls == ((12, 1),) and t.total == 14
    t = trait_test(dice(2, 5), "x", read_die("d12+1"), wild=True)
    assert t.total == 6


def test_snake_eyes_fails_whatever_the_total() -> None:
    t = trait_test(dice(1, 1), "x", TraitDie(8), modifier=6, wild=True)
    assert t.snake_eyes and not t.success and t.raises == 0
    assert t.total == 7


def test_an_extra_rolling_a_one_is_no_snake_eyes() -> None:
    t = trait_test(dice(1), "x", TraitDie(8), modifier=6)
    assert not t.snake_eyes and t.success


def test_one_natural_one_is_not_snake_eyes() -> None:
    t = trait_test(dice(1, 4), "x", TraitDie(8), wild=True)
    assert not t.snake_eyes and t.success


def test_unskilled_rolls_d4_minus_two_with_the_wild_die_also_minus_two() -> None:
    g = game([hero("Ada", skills={})], [extra("Goon")])
    ada = g.character("Ada")
    assert ada.trait("climbing") == UNSKILLED
    t = character_test(dice(4, 2, 6, 3), ada, "climbing", own_modifiers(g, ada))
    assert t.die == "d4-2"
    assert t.trait_rolls == ((4, 2),) and t.wild_rolls == ((6, 3),)
    assert t.total == 7


def test_rate_of_fire_rolls_n_dice_and_the_wild_die_replaces_the_worst_one() -> None:
    d = dice(2, 5, 9, 4)
    t = trait_test(d, "Buck: Shooting", TraitDie(12), wild=True, count=3)
    assert t.trait_rolls == ((2,), (5,), (9,)) and t.wild_rolls == ((4,),)
    assert [r.total for r in t.results] == [4, 5, 9]
    assert [r.wild for r in t.results] == [True, False, False]
    assert t.hits == 3 and len(t.results) == 3  # never more than N results
    assert t.total == 9 and t.raises == 1
    assert leftover(d) == []


def test_rate_of_fire_wild_die_ignored_when_worse() -> None:
    t = trait_test(dice(6, 5, 3), "x", TraitDie(8), wild=True, count=2)
    assert [r.total for r in t.results] == [6, 5]


def test_rate_of_fire_snake_eyes_needs_the_wild_die_and_more_than_half_the_dice() -> None:
    assert trait_test(dice(1, 1, 9, 1), "x", TraitDie(12), wild=True, count=3).snake_eyes
    assert not trait_test(dice(1, 9, 9, 1), "x", TraitDie(12), wild=True, count=3).snake_eyes


def test_rate_of_fire_out_of_bounds_is_refused() -> None:
    with pytest.raises(BadInput):
        trait_test(dice(), "x", TraitDie(8), count=0)


def test_wounds_take_one_each_up_to_three_and_multi_action_two_per_extra_action() -> None:
    g = game([hero("Ada", wounds=2)], [extra("Goon")])
    ada = g.character("Ada")
    assert own_modifiers(g, ada).total == -2
    ada.wounds = 3
    assert own_modifiers(g, ada, actions=3).mods == [("wounds", -3), ("multi-action", -4)]
    with pytest.raises(BadInput):
        own_modifiers(g, ada, actions=0)


def test_a_joker_adds_two_and_running_takes_two() -> None:
    g = game([hero("Ada", card="RJ", ran=True)], [extra("Goon")])
    assert own_modifiers(g, g.character("Ada")).mods == [("running", -2), ("joker", 2)]


def test_opposed_rolls_higher_wins_tie_is_even() -> None:
    a = trait_test(dice(5), "a", TraitDie(6))
    b = trait_test(dice(5), "b", TraitDie(6))
    c = trait_test(dice(2), "c", TraitDie(6))
    assert opposed(a, b) == 0 and opposed(a, c) == 1 and opposed(c, a) == -1


@pytest.mark.parametrize("text", ["d5", "6", "d20", "dx", "d8+"])
def test_bad_dice_are_refused(text: str) -> None:
    with pytest.raises(BadInput):
        read_die(text)


def test_die_spellings() -> None:
    assert read_die("D12+2") == TraitDie(12, 2)
    assert str(read_die("d4-2")) == "d4-2"


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@given(st.sampled_from([4, 6, 8, 10, 12]), st.booleans(), st.integers(-6, 6),
       st.lists(st.tuples(st.integers(0, 2), st.integers(1, 11)), min_size=1, max_size=5),
       st.tuples(st.integers(0, 2), st.integers(1, 5)))
def test_properties_of_any_test(sides: int, wild: bool, mod: int, shape: list[tuple[int, int]],
                                wild_shape: tuple[int, int]) -> None:
    """The chains read exactly as rolled; never more results than dice; the kept total is the
    best; at most one die is the Wild Die's; snake eyes never succeeds; raises only on a success."""
    chains = [(sides,) * aces + (1 + (last - 1) % (sides - 1),) for aces, last in shape]
    wild_chain = (6,) * wild_shape[0] + (wild_shape[1],)
    d = dice(*[f for c in chains for f in c], *(wild_chain if wild else ()))
    t = trait_test(d, "x", TraitDie(sides), mod, 4, wild, len(chains))
    assert leftover(d) == [] and list(t.trait_rolls) == chains
    assert t.wild_rolls == ((wild_chain,) if wild else ())
    assert len(t.results) == len(chains)
    assert t.total == max(r.total for r in t.results)
    plain = sorted(sum(c) + mod for c in chains)
    assert t.total == max(plain + ([sum(wild_chain) + mod] if wild else []))
    assert sum(1 for r in t.results if r.wild) <= 1
    if t.snake_eyes:
        assert wild and not any(r.success for r in t.results)
    assert all(r.raises == 0 for r in t.results if not r.success)
    assert all(r.raises == (r.total - 4) // 4 for r in t.results if r.success)


def test_snake_eyes_loses_an_opposed_roll_whatever_its_total() -> None:
    """What the mutation run of traits.py found unchecked: snake eyes in `opposed`, even with a
    total above the other's, and below the lowest total any modifier reaches (-100 at most).
    Its survivors are equivalent: snake eyes counted as -11**6 or -10**7 instead of -10**6,
    all below any total a die and a modifier within reach can make; and in `raises_of`, the
    `total >= tn` guard made always true or `>`: under the target number the floor of a
    negative quarter is negative and `max(0, ...)` makes it 0, and at the target number it is
    0 either way. (The run stopped after 60 of traits.py's 257 mutants; the rest unchecked.)"""
    from sprawl_cli.systems.savage_worlds.traits import opposed

    snake = trait_test(dice(1, 1), "Ada: Agility", TraitDie(6), 3, wild=True)  # 1+3 = 4, snake eyes
    low = trait_test(dice(2), "Goon: Agility", TraitDie(6))
    assert snake.snake_eyes and snake.total == 4 and low.total == 2
    assert (opposed(snake, low), opposed(low, snake)) == (-1, 1)
    deep = trait_test(dice(1), "Goon: Agility", TraitDie(4), -90)  # -89, no snake eyes
    snake_deep = trait_test(dice(1, 1), "Ada: Agility", TraitDie(6), -85, wild=True)
    assert (opposed(snake_deep, deep), opposed(deep, snake_deep)) == (-1, 1)
