"""G4/G5: firing columns, every shift, ranges by band or distance, wounds, RoF dice, hits."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.gunplay.firing import Shot, fire
from sprawl_cli.systems.gunplay.model import Weapon
from sprawl_cli.systems.gunplay.turn import aim, simple_action
from tests.gunplay.build import dice, game, leftover, person, table


def duel(*weapons: str, **values: object):
    a = person("Ann", *(weapons or ("Pistol",)), **values)
    b = person("Bo", "Pistol")
    return game([a], [b]), a, b


@pytest.mark.parametrize(("cover", "column"), [("open", "easy"), ("some", "moderate"), ("lots", "hard")])
def test_cover_sets_the_column(cover: str, column: str) -> None:
    g, a, b = duel()
    out = fire(g, a, b, Shot(cover=cover, band="close"), dice(1), table())
    assert out.column == column and out.band == "close"


@pytest.mark.parametrize(("band", "column"), [("close", "moderate"), ("effective", "hard"), ("extreme", "impossible")])
def test_range_bands_shift(band: str, column: str) -> None:
    g, a, b = duel()
    out = fire(g, a, b, Shot(cover="some", band=band), dice(1), table())
    assert out.column == column


@pytest.mark.parametrize(("distance", "band"), [(0, "close"), (9, "close"), (9.5, "effective"), (18, "effective"),
                                                (19, "extreme"), (36, "extreme")])
def test_distance_picks_the_pistols_band(distance: float, band: str) -> None:
    g, a, b = duel()
    assert fire(g, a, b, Shot(distance=distance, cover="open"), dice(1), table()).band == band


def test_beyond_extreme_is_refused_and_forced_fires_at_extreme() -> None:
    g, a, b = duel()
    with pytest.raises(RuleRefusal, match="beyond the Pistol's extreme range of 36"):
        fire(g, a, b, Shot(distance=37, cover="open"), dice(1), table())
    assert a.actions_left == 2 and g.active is None
    out = fire(g, a, b, Shot(distance=37, cover="open"), dice(9), table(force=True))
    assert out.band == "extreme" and out.column == "hard" and out.hits == 0


def test_range_and_distance_together_is_nonsense() -> None:
    g, a, b = duel()
    with pytest.raises(BadInput, match="not both"):
        fire(g, a, b, Shot(band="close", distance=3, cover="open"), dice(1), table())


def test_aim_at_this_target_shifts_one_left_but_not_at_another() -> None:
    a, b, c = person("Ann", "Pistol"), person("Bo"), person("Cy")
    g = game([a], [b, c])
    aim(g, a, c, table())
    out = fire(g, a, b, Shot(cover="some", band="close"), dice(1), table())
    assert not out.aimed and out.column == "moderate"


def test_aim_carries_only_to_the_next_action() -> None:
    g, a, b = duel()
    aim(g, a, b, table())
    out = fire(g, a, b, Shot(cover="some", band="close"), dice(1), table())
    assert out.aimed and out.column == "easy"


def test_combined_move_and_fire_drops_the_aim_and_quick_costs_a_shift() -> None:
    g, a, b = duel()
    aim(g, a, b, table())
    out = fire(g, a, b, Shot(cover="some", moving="quick", band="close"), dice(1), table())
    assert not out.aimed and out.column == "hard" and out.shift == -1


def test_cautious_move_and_fire_has_no_shift() -> None:
    g, a, b = duel()
    out = fire(g, a, b, Shot(cover="some", moving="cautious", band="close"), dice(1), table())
    assert out.column == "moderate" and out.activation_over is False and a.actions_left == 1


def test_a_separate_quick_move_does_not_shift_a_later_fire() -> None:
    from sprawl_cli.systems.gunplay.movement import move

    g, a, b = duel()
    move(g, a, dice(), table(), quick=True, difficult="none")
    assert fire(g, a, b, Shot(cover="some", band="close"), dice(1), table()).column == "moderate"


def test_extra_shifts_and_mods_add_up_with_skill_and_wounds() -> None:
    g, a, b = duel(shooting=2, wounds=3)
    out = fire(g, a, b, Shot(cover="lots", shifts=[1, 1], mods=[1], band="close"), dice(3, 12), table())
    assert out.column == "easy" and out.modifier == 2 - 3 + 1
    assert out.hits == 0  # 3 + 0 is not more than 3


def test_each_wound_is_minus_one_on_the_die() -> None:
    g, a, b = duel(wounds=2)
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(5, 12), table())
    assert out.modifier == -2 and out.hits == 0


def test_rof_dice_each_hit_and_each_hit_tests_toughness_in_order() -> None:
    burst = Weapon("Tommy", damage=1, rof=3, ranges=[6, 12, 24])
    a, b = person("Ann"), person("Bo")
    a.weapons = [burst]
    g = game([a], [b])
    d = dice(10, 2, 12, 1, 5)  # three RoF dice (two hit), then Bo's Toughness: easy fails on 1, then down
    out = fire(g, a, b, Shot(cover="open", band="close"), d, table())
    assert out.rolls == [10, 2, 12] and out.hits == 2
    first, second = out.victims
    assert (first.toughness_column, first.toughness_roll, first.down) == ("easy", 1, True)
    assert (second.toughness_roll, second.wounds) == (None, 2)  # already down: the wound only
    assert leftover(d) == [5]
    assert [r.label for r in d.rolls] == ["Ann: Fire", "Bo: Toughness"]


def test_shotgun_damage_is_two_at_close_and_one_beyond() -> None:
    for band, column in (("close", "moderate"), ("effective", "easy")):
        g, a, b = duel("Shotgun")
        out = fire(g, a, b, Shot(band=band, cover="open"), dice(12, 12), table())
        assert out.victims[0].toughness_column == column


def test_weapon_option_and_its_refusals() -> None:
    g, a, b = duel("Pistol", "Rifle", "Knife")
    assert fire(g, a, b, Shot(weapon="rifle", distance=20, cover="open"), dice(1), table()).band == "effective"
    with pytest.raises(BadInput, match="melee weapon"):
        fire(g, a, b, Shot(weapon="Knife", cover="open", band="close"), dice(1), table())
    with pytest.raises(BadInput, match="carries no 'Shotgun'"):
        fire(g, a, b, Shot(weapon="Shotgun", cover="open", band="close"), dice(1), table())


def test_no_gun_friend_and_bad_options_refused_before_any_die() -> None:
    g, a, b = duel("Knife")
    with pytest.raises(BadInput, match="no gun"):
        fire(g, a, b, Shot(cover="open", band="close"), dice(), table())
    g, a, b = duel()
    friend = person("Cy", "Pistol")
    friend.squad = "Red"
    g.characters.append(friend)
    g.squads[0].members.append("Cy")
    with pytest.raises(RuleRefusal, match="own side"):
        fire(g, a, friend, Shot(cover="open", band="close"), dice(), table())
    for shot in (Shot(cover="half", band="close"), Shot(band="long", cover="open"), Shot(moving="run", cover="open", band="close"), Shot(distance=-1, cover="open"),
                 Shot(distance=float("nan"), cover="open"), Shot(distance=float("inf"), cover="open")):
        with pytest.raises(BadInput):
            fire(g, a, b, shot, dice(), table())


def test_fire_ends_the_activation_on_the_second_action() -> None:
    g, a, b = duel()
    simple_action(g, a, table(), "pass")
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(1), table())
    assert out.activation_over and a.activated and g.side == 1


def test_d20_setting_fires_on_5_10_15() -> None:
    a, b = person("Ann", "Pistol"), person("Bo")
    g = game([a], [b], die="d20")
    out = fire(g, a, b, Shot(cover="lots", band="close"), dice(16, 10), table())
    assert out.target_number == 15 and out.hits == 1
    assert out.victims[0].toughness_column == "easy" and out.victims[0].toughness_roll == 10
