"""Firing pinned word for word and field for field: the whole JSON of a fire, every refusal's
words, the books a fire keeps, and a move-and-fire getting a prone firer up (house, G3)."""

from __future__ import annotations

import math

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.gunplay.firing import Shot, fire
from sprawl_cli.systems.gunplay.model import Weapon
from tests.gunplay.build import dice, game, person, table


def duel(*weapons: str, **values: object):
    a = person("Ann", *(weapons or ("Rifle",)), **values)
    b = person("Bo", "Pistol")
    return game([a], [b]), a, b


def test_the_whole_json_of_a_fire() -> None:
    g, a, b = duel()
    out = fire(g, a, b, Shot(cover="some", distance=20.0, moving="quick"), dice(10, 4), table())
    assert out.to_json() == {
        "name": "Ann", "action": "fire", "target": "Bo", "weapon": "Rifle", "cover": "some", "range": "effective",
        "distance": 20.0, "moving": "quick", "aimed": False, "aim": None, "shift": -2, "column": "impossible",
        "target_number": None, "rolls": [], "modifier": 0, "hits": 0, "victims": [], "actions_left": 1,
        "activation_over": False, "over": False, "winner": None,
    }
    g, a, b = duel()
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(12, 2), table())
    assert out.to_json() == {
        "name": "Ann", "action": "fire", "target": "Bo", "weapon": "Rifle", "cover": "open", "range": "close",
        "distance": None, "moving": None, "aimed": False, "aim": None, "shift": 0, "column": "easy",
        "target_number": 3, "rolls": [12], "modifier": 0, "hits": 1,
        "victims": [{"name": "Bo", "wounds": 1, "toughness_column": "moderate", "toughness_roll": 2, "down": True,
                     "removed": False, "already_down": False}],
        "actions_left": 1, "activation_over": False, "over": False, "winner": None,
    }


def test_a_fire_that_ends_the_game_says_who_won() -> None:
    g, a, b = duel()
    b.wounds, b.statuses = 3, ["down"]
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(12), table())
    data = out.to_json()
    assert (data["over"], data["winner"], data["activation_over"]) == (True, "Red", False)


@pytest.mark.parametrize(("shot", "says"), [
    (Shot(cover="half", band="close"), "'half' is not a cover level; use open, some or lots"),
    (Shot(moving="crawl", cover="open", band="close"), "'crawl' is not a way to move while firing; use cautious or quick"),
    (Shot(band="far", cover="open"), "'far' is not a range band; use close, effective or extreme"),
    (Shot(band="12", cover="open"),
     "'12' is not a range band; use close, effective or extreme (or --distance 12 for inches)"),
    (Shot(band=" 7.5", cover="open"),
     "' 7.5' is not a range band; use close, effective or extreme (or --distance 7.5 for inches)"),
    (Shot(band="1.2.3", cover="open"), "'1.2.3' is not a range band; use close, effective or extreme"),
    (Shot(band="close", distance=3, cover="open"), "give --range or --distance, not both"),
    (Shot(distance=-1, cover="open"), "a distance of -1\" makes no sense; give 0 or more inches"),
    (Shot(distance=math.inf, cover="open"), "a distance of inf\" makes no sense; give 0 or more inches"),
    (Shot(weapon="Knife", cover="open", band="close"), "Ann's Knife is a melee weapon; use `strike` with it"),
    (Shot(weapon="Bazooka", cover="open", band="close"), "Ann carries no 'Bazooka' (it carries: Rifle, Knife)"),
])
def test_each_bad_fire_says_what_is_wrong(shot: Shot, says: str) -> None:
    g, a, b = duel("Rifle", "Knife")
    with pytest.raises(BadInput) as caught:
        fire(g, a, b, shot, dice(), table())
    assert str(caught.value) == says


def test_no_gun_and_bare_hands_and_odd_targets() -> None:
    g, a, b = duel("Knife")
    with pytest.raises(BadInput, match=r"^Ann has no gun to fire; strike or charge in melee instead$"):
        fire(g, a, b, Shot(cover="open", band="close"), dice(), table())
    a.weapons = []
    with pytest.raises(BadInput, match=r"^Ann carries no 'Rifle' \(it carries: nothing\)$"):
        fire(g, a, b, Shot(weapon="Rifle", cover="open", band="close"), dice(), table())
    g, a, b = duel()
    with pytest.raises(BadInput, match=r"^Ann cannot fire at itself$"):
        fire(g, a, a, Shot(cover="open", band="close"), dice(), table())
    b.statuses = ["removed"]
    with pytest.raises(BadInput, match=r"^Bo has been removed from the game$"):
        fire(g, a, b, Shot(cover="open", band="close"), dice(), table())


def test_a_strike_weapon_named_for_fire_is_the_wrong_kind_either_way() -> None:
    from sprawl_cli.systems.gunplay.firing import find_weapon

    a = person("Ann", "Rifle", "Knife")
    with pytest.raises(BadInput, match=r"^Ann's Rifle is a gun; use `fire` with it$"):
        find_weapon(a, "rifle", ranged=False)
    assert find_weapon(a, " KNIFE ", ranged=False) is a.weapons[1]
    assert find_weapon(a, None, ranged=True) is None


def test_a_gun_with_only_two_ranges_reads_the_bands_it_has() -> None:
    g, a, b = duel()
    a.weapons = [Weapon("Odd", 1, 1, [5, 10])]
    assert fire(g, a, b, Shot(distance=7, cover="open"), dice(1), table()).band == "effective"
    with pytest.raises(RuleRefusal, match=r"^11\" is beyond the Odd's extreme range of 10\""):
        fire(g, a, b, Shot(distance=11, cover="open"), dice(), table())


def test_the_range_band_asked_of_a_gun_with_two_ranges_offers_the_bands_it_has() -> None:
    g, a, b = duel()
    a.weapons = [Weapon("Odd", 1, 1, [5, 10])]
    t = table(choices={"range": ["effective"]})
    assert fire(g, a, b, Shot(cover="open"), dice(1), t).band == "effective"
    assert t.asked[-1] == ("Which range band is Bo in for Ann's Odd (close up to 5\", effective up to 10\"; "
                           "effective -1, extreme -2, G4; --distance IN picks it)?")


def test_the_cover_and_band_are_asked_after_line_of_sight_and_never_when_given() -> None:
    g, a, b = duel()
    t = table(choices={"cover": ["lots"], "range": ["extreme"]})
    out = fire(g, a, b, Shot(), dice(), t)
    assert (out.cover, out.band, out.column) == ("lots", "extreme", "impossible")
    assert t.asked == ["Can Ann see Bo (line of sight)?",
                       "How much cover has Bo from Ann: open (easy), some (33%+, moderate) or lots (67%+, hard) (G4)?",
                       "Which range band is Bo in for Ann's Rifle (close up to 18\", effective up to 36\", extreme up "
                       "to 72\"; effective -1, extreme -2, G4; --distance IN picks it)?"]
    g, a, b = duel()
    told = table()
    fire(g, a, b, Shot(cover="Some", band="Effective"), dice(1), told)
    assert told.asked == ["Can Ann see Bo (line of sight)?"]


def test_beyond_extreme_says_the_weapon_and_its_range_and_forced_it_is_extreme() -> None:
    g, a, b = duel()
    with pytest.raises(RuleRefusal, match=r"^72\.5\" is beyond the Rifle's extreme range of 72\" \(G4\)"):
        fire(g, a, b, Shot(distance=72.5, cover="open"), dice(), table())
    forced = table(force=True)
    assert fire(g, a, b, Shot(distance=72.5, cover="open"), dice(1), forced).band == "extreme"
    assert forced.overruled == ["72.5\" is beyond the Rifle's extreme range of 72\" (G4)"]


@pytest.mark.parametrize(("moving", "prone"), [(None, True), ("cautious", False), ("quick", False)])
def test_a_move_and_fire_gets_a_prone_firer_up(moving: str | None, prone: bool) -> None:
    g, a, b = duel()
    a.statuses = ["prone"]
    fire(g, a, b, Shot(moving=moving, band="extreme", shifts=[-3], cover="open"), dice(), table())
    assert a.has("prone") is prone


def test_the_books_of_a_fire_count_each_hit_and_who_went_down() -> None:
    g, a, b = duel()
    a.weapons = [Weapon("Carbine", 1, 3, [12, 24, 48])]
    b.wounds = 1
    # Three dice: 12 and 12 hit, 1 misses. Bo: Toughness 9 (moderate: stays up), then down on 1.
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(12, 12, 1, 9, 1), table())
    assert out.hits == 2 and b.wounds == 3 and b.down
    assert (a.record.shots, a.record.hits, a.record.wounds_dealt, a.record.put_down, a.record.removed) == (1, 2, 2, 1, 0)
    # A second fire adds to the books: Bo, down with 3 wounds, takes a fourth and is out.
    a.activated, a.actions_left, g.active = False, 2, None
    a.record.removed = 4  # from earlier games' worth of books: the count goes on from there
    fire(g, a, b, Shot(cover="open", band="close"), dice(12, 1, 1), table())
    assert (a.record.shots, a.record.hits, a.record.wounds_dealt, a.record.put_down, a.record.removed) == (2, 3, 3, 1, 5)


def test_a_burst_stops_landing_once_the_target_is_out_of_the_game() -> None:
    g, a, b = duel()
    a.weapons = [Weapon("Carbine", 1, 2, [12, 24, 48])]
    c = person("Cy", "Pistol")
    c.squad = "Blue"
    g.characters.append(c)
    g.squads[1].members.append("Cy")
    b.wounds, b.statuses = 3, ["down"]
    out = fire(g, a, b, Shot(cover="open", band="close"), dice(12, 12), table())
    assert out.hits == 1 and len(out.victims) == 1 and b.gone and b.wounds == 4
    assert (a.record.hits, a.record.put_down, a.record.removed) == (1, 0, 1)
    assert not g.over
