"""G8: who strikes first, together, not answering when down, shifts, weapons."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.gunplay.melee import best_melee, strike
from sprawl_cli.systems.gunplay.model import Weapon
from tests.gunplay.build import dice, game, leftover, person, table


def pair(a_weapons: tuple[str, ...] = ("Knife",), b_weapons: tuple[str, ...] = ("Knife",), **a_values: object):
    a = person("Ann", *a_weapons, **a_values)
    b = person("Bo", *b_weapons)
    return game([a], [b]), a, b


def test_lower_roll_strikes_first_and_a_downed_target_does_not_strike_back() -> None:
    g, a, b = pair()
    d = dice(12, 10, 1)  # Ann 12, Bo 10: Bo is first and hits; Ann's Toughness 1 fails (easy)
    out = strike(g, a, b, d, table())
    assert out.order == ["Bo", "Ann"] and out.struck == ["Bo"] and a.down
    assert out.to_json()["hits"] == 1 and leftover(d) == []
    assert out.activation_over and a.activated  # down in its own activation: it stops


def test_second_striker_hits_back_when_still_up() -> None:
    g, a, b = pair()
    d = dice(12, 10, 5, 7)  # Bo hits first; Ann stays up (5 > 3), then Ann's 12 hits; Bo's test 7
    out = strike(g, a, b, d, table())
    assert out.struck == ["Bo", "Ann"] and [v.name for v in out.victims] == ["Ann", "Bo"]
    assert [r.label for r in d.rolls] == ["Ann: Strike", "Bo: Strike back", "Ann: Toughness", "Bo: Toughness"]
    assert out.victims[1].toughness_column == "easy"


def test_equal_rolls_strike_together_even_if_the_first_blow_drops_its_target() -> None:
    g, a, b = pair()
    d = dice(11, 11, 1, 1)
    out = strike(g, a, b, d, table())
    assert out.order == ["Ann", "Bo"] and out.struck == ["Ann", "Bo"]
    assert a.down and b.down


def test_a_down_target_does_not_roll_and_is_easier_to_hit() -> None:
    g, a, b = pair()
    b.add("down")
    b.wounds = 1
    d = dice(7, 12)
    out = strike(g, a, b, d, table())
    assert out.striker.column == "moderate" and out.order == ["Ann"] and out.other.roll is None
    assert out.to_json()["rolls"] == [7]
    assert out.victims[0].toughness_roll is None and b.wounds == 2
    assert leftover(d) == [12]


def test_charging_a_down_target_is_two_shifts() -> None:
    g, a, b = pair()
    b.add("down")
    b.wounds = 1
    out = strike(g, a, b, dice(3), table(), charging=True)
    assert out.striker.column == "easy" and out.action == "charge" and out.victims == []


def test_wounds_and_skill_are_dice_modifiers_for_both() -> None:
    g, a, b = pair(melee=1, wounds=2)
    b.wounds = 1
    b.melee = 2
    out = strike(g, a, b, dice(10, 9, 12), table())
    # Ann: 10 - 1 = 9 is not over 9. Bo: 9 + 1 = 10 hits first (lower roll).
    assert out.striker.modifier == -1 and out.other.modifier == 1
    assert out.struck == ["Bo"] and out.victims[0].toughness_column == "hard"  # knife 1 + 2 earlier wounds


def test_miss_by_both_lands_nothing() -> None:
    g, a, b = pair()
    out = strike(g, a, b, dice(4, 5), table())
    assert out.victims == [] and out.to_json()["hits"] == 0 and out.order == ["Ann", "Bo"]


def test_unarmed_and_best_weapon_choice() -> None:
    club = Weapon("Club", damage=1)
    axe = Weapon("Axe", damage=2)
    a = person("Ann", "Pistol")
    assert best_melee(a).name == "Unarmed" and best_melee(a).damage == 0
    a.weapons += [club, axe]
    assert best_melee(a).name == "Axe"
    assert best_melee(a, "club").name == "Club"
    assert best_melee(a, "unarmed").damage == 0
    with pytest.raises(BadInput, match="is a gun"):
        best_melee(a, "Pistol")


def test_unarmed_hit_is_still_a_wound_with_an_automatic_first_test() -> None:
    g, a, b = pair(("Pistol",), ())
    d = dice(10, 1)
    out = strike(g, a, b, d, table())
    v = out.victims[0]
    assert (v.toughness_column, v.toughness_roll, v.down, v.wounds) == ("automatic", None, False, 1)


def test_friend_and_self_refused() -> None:
    g, a, b = pair()
    with pytest.raises(BadInput):
        strike(g, a, a, dice(), table())
    friend = person("Cy")
    friend.squad = "Red"
    g.characters.append(friend)
    with pytest.raises(RuleRefusal, match="own side"):
        strike(g, a, friend, dice(), table())
