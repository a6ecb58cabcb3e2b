"""Trait tests (W1, W2), what the mutation run of traits.py found unchecked: a test's JSON
whole with a rate of fire and the Wild Die standing in, the score a benny compares, the
refusals word for word, the modifiers a character carries at their edges, and opposed rolls
with snake eyes on either side. Dice are scripted.

Fresh run (2026-11-29, 240 mutants): all killed. The two survivors of the first run,
`raises_of`'s guard `total >= tn` weakened, went with the guard itself: below the target
number `max(0, ...)` already gives 0. `chain` rolling an ace with the default ten sides is
killed by a d4's ace scripted past 4.

The whole module again (2026-12-02, third session, after the joker setting: 252 mutants), all
killed.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.savage_worlds.model import TraitDie
from sprawl_cli.systems.savage_worlds.traits import (MAX_ROF, Situation, character_test, chain, opposed,
                                                     own_modifiers, trait_test)
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover


def test_a_rate_of_fire_test_in_full_json_with_the_wild_die_standing_in_for_the_worst() -> None:
    d = dice(2, 8, 3, 5, 6, 1)  # d8+1 -1: 2, 8 (ace, 3), 5; Wild Die 6 (ace, 1)
    t = trait_test(d, "Ada: Shooting", TraitDie(8, 1), -1, 4, True, 3, [("wounds", -1)])
    assert t.to_json() == {
        "trait": "d8+1", "modifier": -1, "modifiers": {"wounds": -1}, "tn": 4, "wild": True,
        "trait_rolls": [[2], [8, 3], [5]], "wild_rolls": [[6, 1]], "total": 11, "success": True, "raises": 1,
        "snake_eyes": False,
        "results": [{"total": 7, "success": True, "raises": 0}, {"total": 11, "success": True, "raises": 1},
                    {"total": 5, "success": True, "raises": 0}]}
    assert [r.wild for r in t.results] == [True, False, False]
    assert t.hits == 3 and t.score() == (3, 1, 11) and leftover(d) == []
    assert [r.label for r in d.rolls] == ["Ada: Shooting", "Ada: Shooting", "Ada: Shooting, ace", "Ada: Shooting",
                                          "Ada: Shooting, Wild Die", "Ada: Shooting, Wild Die, ace"]


def test_the_wild_die_stands_in_only_when_higher_and_the_score_counts_only_hits_raises() -> None:
    t = trait_test(dice(5, 5), "x", TraitDie(6), wild=True)  # a tie: the trait die stands
    assert [r.wild for r in t.results] == [False]
    t = trait_test(dice(2, 12, 1, 1), "x", TraitDie(12), 0, 4, False, 2)  # 2 misses; 12+1 = 13: two raises
    assert t.score() == (1, 2, 13) and t.hits == 1
    t = trait_test(dice(1, 9, 1), "x", TraitDie(10), 0, 4, True, 2)  # one 1 of two and the Wild 1: no snake eyes
    assert not t.snake_eyes and t.success
    t = trait_test(dice(1, 1, 9, 1), "x", TraitDie(10), 0, 4, True, 3)  # two 1s of three and the Wild 1
    assert t.snake_eyes and not t.success and t.raises == 0 and t.hits == 0


def test_a_rate_of_fire_out_of_range_is_refused_word_for_word() -> None:
    for count in (0, MAX_ROF + 1):
        with pytest.raises(BadInput) as caught:
            trait_test(dice(), "x", TraitDie(6), count=count)
        assert str(caught.value) == f"a rate of fire of {count} makes no sense; use 1 to 12"
    assert len(trait_test(dice(*[3] * 12), "x", TraitDie(6), count=12).results) == 12


def test_a_chain_without_aces_stops_at_the_first_face() -> None:
    assert chain(dice(6, 2), 6, "run", aces=False) == (6,)
    assert chain(dice(6, 2), 6, "x") == (6, 2)


def test_a_characters_own_modifiers_at_their_edges() -> None:
    g = game([hero("Ada", wounds=1, card="BJ")], [extra("Goon")])
    ada = g.character("Ada")
    ada.ran = True
    assert own_modifiers(g, ada, 3).mods == [("wounds", -1), ("multi-action", -4), ("running", -2), ("joker", 2)]
    assert own_modifiers(g, ada, running_counts=False).mods == [("wounds", -1), ("joker", 2)]
    with pytest.raises(BadInput) as caught:
        own_modifiers(g, ada, 0)
    assert str(caught.value) == "--actions 0 makes no sense; count the actions taken this turn, 1 or more"
    s = Situation()
    s.add("nothing", 0)
    s.add("aim", 2)
    s.add("cover", -4)
    assert s.mods == [("aim", 2), ("cover", -4)] and s.total == -2


def test_a_characters_test_is_labelled_by_trait_or_by_what_it_is_for() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    d = dice(3, 2, 4)
    t = character_test(d, g.character("Ada"), "spirit", own_modifiers(g, g.character("Ada")))
    assert t.label == "Ada: Spirit" and t.wild and t.tn == 4
    t = character_test(d, g.character("Goon"), "vigor", Situation(), tn=6, count=1, what="Vigor (soak)")
    assert t.label == "Goon: Vigor (soak)" and not t.wild and not t.success and t.tn == 6


@pytest.mark.parametrize(("first", "second", "result"), [
    ((5, 2), (4, 2), 1), ((4, 2), (5, 2), -1), ((5, 2), (5, 3), 0), ((1, 1), (2, 2), -1), ((2, 2), (1, 1), 1),
    ((1, 1), (1, 1), 0),
])
def test_opposed_rolls_and_snake_eyes_on_either_side(first: tuple[int, int], second: tuple[int, int],
                                                    result: int) -> None:
    a = trait_test(dice(*first), "a", TraitDie(6), wild=True)
    b = trait_test(dice(*second), "b", TraitDie(6), wild=True)
    assert opposed(a, b) == result


def test_an_ace_rolls_the_same_die_again_so_a_face_past_it_is_refused() -> None:
    assert chain(dice(4, 3), 4, "Ada: Notice") == (4, 3)
    with pytest.raises(BadInput):
        chain(dice(4, 5), 4, "Ada: Notice")
