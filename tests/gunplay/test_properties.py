"""Properties over every die face: hits, striking order, wounds and the dice consumed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sprawl_cli.systems.gunplay.firing import Shot, fire
from sprawl_cli.systems.gunplay.ladder import succeeds
from sprawl_cli.systems.gunplay.melee import strike
from sprawl_cli.systems.gunplay.model import Weapon
from tests.gunplay.build import dice, game, leftover, person, table

face = st.integers(1, 12)


@given(st.lists(face, min_size=1, max_size=4), st.sampled_from(["open", "some", "lots"]), st.integers(-2, 2),
       st.integers(0, 2), st.lists(face, min_size=4, max_size=4))
def test_every_passing_rof_die_is_one_hit_and_one_toughness_die(rof_faces: list[int], cover: str, mod: int,
                                                                 wounds: int, tough: list[int]) -> None:
    a = person("Ann", wounds=wounds)
    a.weapons = [Weapon("Burst", damage=0, rof=len(rof_faces), ranges=[6, 12, 24])]
    b = person("Bo")
    g = game([a], [b])
    d = dice(*rof_faces, *tough)
    out = fire(g, a, b, Shot(cover=cover, mods=[mod], band="close"), d, table())
    expected = sum(succeeds(f, mod - wounds, out.column) for f in rof_faces) if out.target_number else (
        len(rof_faces) if out.column == "automatic" else 0)
    assert out.hits == expected == b.wounds == len(out.victims)
    # Damage 0 means each Toughness test starts at automatic plus earlier wounds: rolled from the second on.
    rolled = sum(1 for v in out.victims if v.toughness_roll is not None)
    assert len(leftover(d)) == 4 - rolled


@given(face, face, st.booleans(), st.booleans(), st.lists(face, min_size=2, max_size=2))
def test_melee_order_and_blows(a_roll: int, b_roll: int, charging: bool, target_down: bool,
                               tough: list[int]) -> None:
    a = person("Ann", "Knife")
    b = person("Bo", "Knife", wounds=1, statuses=["down"] if target_down else [])
    g = game([a], [b])
    d = dice(a_roll, b_roll, *tough)
    out = strike(g, a, b, d, table(), charging=charging)
    data = out.to_json()
    if target_down:
        assert out.order == ["Ann"] and data["rolls"] == [a_roll] and "Bo" not in out.struck
    else:
        assert data["rolls"] == [a_roll, b_roll]
        assert out.order[0] == ("Bo" if b_roll < a_roll else "Ann")
        if a_roll != b_roll and out.struck and out.struck[0] == out.order[0]:
            first_victim = out.victims[0]
            if first_victim.down:
                assert len(out.struck) == 1  # put down before it could strike back
    assert data["hits"] == len(out.victims) == (a.wounds + b.wounds - 1)
    assert out.striker.column == ("hard", "moderate", "easy")[int(charging) + int(target_down)]
