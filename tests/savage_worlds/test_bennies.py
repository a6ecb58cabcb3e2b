"""W3 bennies and the W8 (house) soak and recovery they buy."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options, fight, shoot
from sprawl_cli.systems.savage_worlds.bennies import benny, spend
from sprawl_cli.systems.savage_worlds.damage import recover, soak
from sprawl_cli.systems.savage_worlds.rolls import trait_check
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table


def test_player_sides_get_three_gm_one_per_other_wild_card_and_two_per_own_wild_card() -> None:
    g = game([hero("Buck"), hero("Virginia"), extra("Porter")], [hero("Shaman"), extra("Tribesman")])
    assert g.pools == {"Heroes": 3, "Thugs": 2}  # the text's example: two heroes, two for the pool
    assert g.character("Shaman").bennies == 2 and g.character("Tribesman").bennies == 0
    assert g.character("Buck").bennies == 0


def test_spend_own_first_then_the_pool_then_refuse() -> None:
    g = game([hero("Buck")], [hero("Shaman"), extra("Tribesman")])
    shaman = g.character("Shaman")
    assert [spend(g, shaman, table(), "x") for _ in range(3)] == ["own", "own", "pool"]
    with pytest.raises(RuleRefusal, match="no benny"):
        spend(g, shaman, table(), "x")
    assert spend(g, shaman, table(force=True), "x") == "none"


def test_a_benny_rerolls_the_whole_test_and_the_better_stands() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    trait_check(g, dice(5, 2), "Ada", "notice", table())
    worse = benny(g, dice(3, 1), ada, table())
    assert worse.kept == "old" and worse.to_json()["total"] == 5
    better = benny(g, dice(6, 3, 2), ada, table())
    assert better.kept == "new" and better.to_json()["total"] == 9 and g.pools["Heroes"] == 1


def test_a_benny_needs_a_trait_test_never_damage() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    with pytest.raises(RuleRefusal, match="no trait test"):
        benny(g, dice(), g.character("Ada"), table())


def test_a_rerolled_miss_that_hits_rolls_its_damage_after_the_reroll() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    shoot(g, dice(2, 1), g.character("Ada"), g.character("Goon"), Options(range="short", weapon="Pistol"), table())
    d = dice(5, 1, 3, 3)
    out = benny(g, d, g.character("Ada"), table())
    assert out.kept == "new" and out.effects["victims"][0]["result"] == "shaken"
    assert g.character("Goon").has("shaken") and leftover(d) == []


def test_a_rerolled_shot_is_resolved_at_the_band_the_table_gave_without_asking_again() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    first = shoot(g, dice(4, 1), g.character("Ada"), g.character("Goon"), Options(weapon="Pistol"),
                  table(range="medium"))  # 4 - 2 = 2: a miss
    assert dict(first.test.modifiers) == {"medium range": -2} and not first.test.success
    t = table()  # no range answer: a second question would be refused
    out = benny(g, dice(6, 1, 3, 3), g.character("Ada"), t)  # 6 - 2 = 4: a hit
    assert out.kept == "new" and out.effects["victims"][0]["result"] == "shaken"
    assert not any("range band" in q for q in t.asked)


def test_a_reroll_earning_a_raise_keeps_the_damage_dice_and_adds_the_raise_d6() -> None:
    g = game([hero("Ada")], [hero("Boss", toughness=12)])
    shoot(g, dice(5, 1, 4, 4), g.character("Ada"), g.character("Boss"), Options(range="short", weapon="Pistol"),
          table())
    d = dice(8, 1, 2, 1)  # 9: a raise now; 2d6 stay 4 and 4, the raise d6 is new: 1
    out = benny(g, d, g.character("Ada"), table())
    victim = out.effects["victims"][0]
    assert victim["damage_rolls"] == [[4], [4], [1]] and victim["damage"] == 9
    assert leftover(d) == []


def test_a_reroll_puts_back_what_the_first_result_did() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    fight(g, dice(6, 1, 3, 3), g.character("Ada"), boss, Options(), table())  # 6 vs 6 hits: 6 vs T5, Shaken
    assert boss.has("shaken")
    out = benny(g, dice(8, 1, 1, 2), g.character("Ada"), table())  # 9: raise, damage 3+3+2 = 8: Shaken only
    assert out.kept == "new" and boss.has("shaken") and boss.wounds == 0


def test_soak_each_success_and_raise_takes_a_wound_away() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    fight(g, dice(8, 2, 1, 6, 6, 2, 8, 1, 2), g.character("Ada"), boss, Options(), table())  # 14+9+2 = 25: 5 raises
    assert boss.has("incapacitated") and boss.wounds == 3
    out = soak(g, dice(6, 2, 4), boss, table())  # Vigor 8: a raise, two wounds off of five
    assert out.soaked == 2 and out.spent == "own" and boss.wounds == 3 and not boss.has("incapacitated")
    again = benny(g, dice(6, 6, 2, 1), boss, table())  # 14: success and two raises: three off
    assert again.kept == "new" and boss.wounds == 2 and not boss.has("incapacitated") and boss.has("shaken")


def test_soaking_every_wound_ends_the_shaken_too() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    fight(g, dice(7, 1, 6, 3, 1), g.character("Ada"), boss, Options(), table())  # 9+1 = 10 vs 5: one wound
    assert boss.wounds == 1
    soak(g, dice(4, 1), boss, table())
    assert boss.wounds == 0 and not boss.has("shaken")


def test_soak_only_right_after_a_wounding_hit() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    with pytest.raises(RuleRefusal, match="right after"):
        soak(g, dice(), g.character("Boss"), table())


def test_recover_success_ends_shaken_a_raise_also_acts() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    out = recover(g, dice(2, 3), ada, table())
    assert not out.recovered and ada.has("shaken")
    out = benny(g, dice(5, 1), ada, table())
    assert out.effects == {"recovered": True, "can_act": False} and not ada.has("shaken")
    ada.add("shaken")
    out2 = recover(g, dice(6, 2, 1), ada, table())
    assert out2.recovered and out2.can_act


def test_a_benny_ends_shaken_at_once() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    out = recover(g, dice(), ada, table(), use_benny=True)
    assert out.spent == "pool" and out.can_act and not ada.has("shaken")


def test_wounds_hinder_the_recovery() -> None:
    g = game([hero("Ada", wounds=2)], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    assert not recover(g, dice(5, 1), ada, table()).recovered


def test_a_rerolled_template_keeps_its_victims_and_dives_while_it_lands_the_same() -> None:
    from tests.savage_worlds.helpers import GRENADE

    g = game([hero("Ada", weapons=[GRENADE])], [extra("Goon"), extra("Grunt")])
    t = table(lists={"victims": ["Grunt"]})
    shoot(g, dice(5, 1, 6, 1, 1, 1, 1, 1, 1, 1), g.character("Ada"), g.character("Goon"),
          Options(range="short", dive=["Goon"]), t)  # a hit; Goon dives clear (6+1-2); Grunt takes 3
    d = dice(6, 2, 1)  # the reroll is better (8, a raise: still no raise damage for a blast); nothing else rolled
    out = benny(g, d, g.character("Ada"), table())
    assert out.kept == "new" and [v["name"] for v in out.effects["victims"]] == ["Grunt"]
    assert out.effects["victims"][0]["damage_rolls"] == [[1], [1], [1]] and leftover(d) == []


def test_a_rerolled_template_that_now_hits_asks_who_is_under_it() -> None:
    from tests.savage_worlds.helpers import GRENADE

    g = game([hero("Ada", weapons=[GRENADE])], [extra("Goon"), extra("Grunt")])
    shoot(g, dice(2, 1, 3, 12), g.character("Ada"), g.character("Goon"), Options(distance=4),
          table(lists={"victims": []}))
    out = benny(g, dice(5, 1, 2, 2, 2), g.character("Ada"), table(lists={"victims": []}))
    assert [v["name"] for v in out.effects["victims"]] == ["Goon"] and g.character("Goon").has("shaken")


def test_a_surprised_character_rerolling_notice_into_a_success_is_dealt_in() -> None:
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = game([hero("Ada"), hero("Cy")], [extra("Native")])
    deal(g, dice(2, 1, 5, 2, "5S"), table(), ambushers=["Thugs"])  # Ada fails Notice, Cy is dealt the 5S
    assert g.character("Ada").card is None
    out = benny(g, dice(6, 1, 1, "9H"), g.character("Ada"), table())  # 7: a success; Ada gets the 9H
    assert out.kept == "new" and out.effects["dealt"] == "9H"
    assert g.order == [{"name": "Cy", "card": "5S"}, {"name": "Ada", "card": "9H"}]  # its rank passed: next
    assert g.acting == 0  # Cy's card was up, and still is
