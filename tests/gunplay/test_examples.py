"""The rule text's three worked examples (G8's last bullet), played through the rules."""

from __future__ import annotations

from sprawl_cli.systems.gunplay.firing import Shot, fire
from sprawl_cli.systems.gunplay.melee import strike
from sprawl_cli.systems.gunplay.toughness import take_hit
from sprawl_cli.systems.gunplay.turn import aim
from tests.gunplay.build import dice, game, leftover, person, table


def test_firing_example_hard_aimed_effective_range_needs_11_with_one_wound() -> None:
    # A (1 wound, rifle) aims, then fires at B, 20" away behind a wall: hard, aim to
    # moderate, effective range back to hard; beat 9 with -1, so an 11 hits and a 10 misses.
    for face, hit in ((10, False), (11, True)):
        a = person("A", "Rifle", wounds=1)
        b = person("B", "Pistol")
        g = game([a], [b])
        aim(g, a, b, table())
        d = dice(face, 12)
        out = fire(g, a, b, Shot(cover="lots", distance=20), d, table())
        assert out.aimed and out.band == "effective"
        assert (out.column, out.target_number, out.modifier) == ("hard", 9, -1)
        assert out.hits == int(hit)
        assert leftover(d) == ([] if hit else [12])


def test_melee_example_c_misses_on_6_against_moderate_d_hits_on_10_against_hard() -> None:
    c = person("C", "Knife")
    d_ = person("D", "Knife")
    g = game([c], [d_])
    rolled = dice(6, 10, 12)  # C's d12, D's d12, then C's Toughness
    out = strike(g, c, d_, rolled, table(), charging=True)
    assert out.order == ["C", "D"]
    assert (out.striker.column, out.striker.target_number) == ("moderate", 6)
    assert (out.other.column, out.other.target_number) == ("hard", 9)
    assert out.struck == ["D"]
    assert [v.name for v in out.victims] == ["C"]
    assert c.wounds == 1 and d_.wounds == 0
    assert out.to_json()["rolls"] == [6, 10] and out.to_json()["hits"] == 1


def test_toughness_example_rifle_and_one_earlier_wound_is_hard_10_stays_up() -> None:
    for face, down in ((9, True), (10, False)):
        e = person("E", wounds=1)
        g = game([person("Shooter")], [e])
        v = take_hit(g, e, 2, dice(face))
        assert v.toughness_column == "hard"
        assert v.toughness_roll == face
        assert v.down is down and e.wounds == 2
