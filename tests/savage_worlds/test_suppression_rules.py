"""Suppressive fire's rule (house), handed scripted dice: the Spirit test under the template
against every face it can show, for Extras and Wild Cards, Shaken before or not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options
from sprawl_cli.systems.savage_worlds.suppression import ROUNDS_PER_ROF, suppress
from tests.savage_worlds.helpers import PISTOL, SMG, dice, extra, game, hero, leftover, table

FACE = st.integers(min_value=1, max_value=5)  # no aces: each die is one face


@given(wild=st.booleans(), shaken=st.booleans(), spirit=FACE, wild_die=FACE, damage=st.tuples(FACE, FACE))
def test_a_spirit_test_under_fire_shakes_on_a_failure_and_hits_on_a_natural_one(
        wild: bool, shaken: bool, spirit: int, wild_die: int, damage: tuple[int, int]) -> None:
    gunner = hero("Gunner", weapons=[SMG])
    target = hero("Target", "Thugs") if wild else extra("Target")
    g = game([gunner], [target])
    if shaken:
        target.add("shaken")
    faces: list[int] = [7, 1, spirit] + ([wild_die] if wild else []) + (list(damage) if spirit == 1 else [])
    d = dice(*faces)
    out = suppress(g, d, gunner, Options(range="short"), table(lists={"victims": ["Target"]}))
    assert leftover(d) == []  # damage dice are drawn on a natural 1 only
    s = out.suppressed[0]
    passed = max([spirit] + ([wild_die] if wild else [])) >= 4 and not (wild and spirit == 1 and wild_die == 1)
    assert s.test["success"] is passed
    assert s.hit is (spirit == 1) and (s.victim is not None) is s.hit
    hurt = s.victim is not None and s.victim.result != "none"
    assert s.shaken is (not passed and not shaken and not hurt)  # the hit's damage is settled first
    assert target.has("shaken") is (shaken or not passed or hurt)
    assert out.test.modifiers == (("autofire", -2),) and out.rounds == ROUNDS_PER_ROF * SMG.rof


@pytest.mark.parametrize("faces", [(3, 2), (4, 1)])  # 3 - 2 and 4 - 2: short of 4
def test_a_miss_draws_no_spirit_dice_and_changes_nobody(faces: tuple[int, int]) -> None:
    gunner = hero("Gunner", weapons=[SMG])
    g = game([gunner], [extra("Target")])
    d = dice(*faces)
    out = suppress(g, d, gunner, Options(range="short"), table(lists={"victims": ["Target"]}))
    assert not out.test.success and out.suppressed == [] and leftover(d) == []
    assert not g.character("Target").has("shaken")


def test_a_weapon_of_rate_of_fire_one_is_refused_unless_forced() -> None:
    gunner = hero("Gunner", weapons=[PISTOL])
    g = game([gunner], [extra("Target")])
    with pytest.raises(RuleRefusal, match="Pistol is not automatic"):
        suppress(g, dice(7, 1), gunner, Options(range="short"), table(lists={"victims": []}))
    forced = table(lists={"victims": []}, force=True)
    out = suppress(g, dice(7, 1), gunner, Options(range="short"), forced)
    assert out.rounds == ROUNDS_PER_ROF and any("not automatic" in f for f in forced.overruled)
