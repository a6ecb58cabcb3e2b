"""W5 attacks: Fighting against Parry, Shooting with every modifier, rate of fire, raise
damage, disarm, firing into a melee; and the W8 (house) damage they deal."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options, fight, shoot
from tests.savage_worlds.helpers import GRENADE, PISTOL, SMG, SWORD, dice, extra, game, hero, leftover, table


def duel(**goon: object) -> object:
    return game([hero("Ada", weapons=[SWORD, PISTOL, SMG])], [extra("Goon", **goon), hero("Boss")])


def test_fight_hits_parry_and_damage_shakes_an_extra() -> None:
    g = duel()
    d = dice(7, 2, 4, 3)  # Fighting 7 (Wild Die 2) vs Parry 6; damage Strength d6 4 + d8 3 = 7 vs Toughness 5
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(), table())
    data = out.to_json()
    assert data["tn"] == 6 and data["total"] == 7 and data["success"] and data["raises"] == 0
    assert data["trait_rolls"] == [[7]] and data["wild_rolls"] == [[2]]
    v = data["victims"][0]
    assert v == {**v, "name": "Goon", "damage_rolls": [[4], [3]], "damage": 7, "toughness": 5, "result": "shaken",
                 "wounds": 0}
    assert [r.label for r in d.rolls][2:] == ["Ada: damage to Goon, Strength", "Ada: damage to Goon, d8"]
    assert g.character("Goon").has("shaken")


def test_a_raise_adds_an_acing_d6_and_a_wound_incapacitates_an_extra() -> None:
    g = duel()
    d = dice(8, 2, 1, 3, 4, 2)  # Fighting 8+2 = 10 vs Parry 6: a raise; damage 3 + 4 + raise 2 = 9 vs 5
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(), table())
    v = out.victims[0]
    assert out.test.raises == 1
    assert v.damage_rolls == [[3], [4], [2]] and v.damage == 9
    assert v.result == "incapacitated" and g.character("Goon").gone
    assert [r.label for r in d.rolls][-1] == "Ada: damage to Goon, raise d6"
    assert leftover(d) == []


def test_raise_damage_order_strength_weapon_raise_each_with_aces() -> None:
    g = duel()
    d = dice(8, 3, 1, 6, 2, 8, 1, 6, 6, 3)
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(), table())
    assert out.victims[0].damage_rolls == [[6, 2], [8, 1], [6, 6, 3]]
    assert out.victims[0].damage == 8 + 9 + 15
    assert leftover(d) == []


def test_defend_adds_two_parry_and_a_miss_rolls_no_damage() -> None:
    g = duel()
    g.character("Goon").add("defending")
    d = dice(7, 2)
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(), table())
    assert out.test.tn == 8 and not out.test.success and out.victims == []


def test_untrained_parry_is_two() -> None:
    g = game([hero("Ada")], [extra("Civ", skills={})])
    assert g.character("Civ").base_parry == 2


def test_shooting_modifiers_all_named() -> None:
    g = duel()
    out = shoot(g, dice(7, 2, 1, 1), g.character("Ada"), g.character("Goon"),
                Options(weapon="Pistol", range="medium", cover="light", light="dim", aim=True), table())
    assert dict(out.test.modifiers) == {"medium range": -2, "light cover": -1, "dim light": -1, "aim": 2}
    assert out.test.total == 5 and out.test.success


@pytest.mark.parametrize("called, to_hit", [("limb", -2), ("head", -4), ("small", -4), ("tiny", -6)])
def test_called_shots(called: str, to_hit: int) -> None:
    g = duel()
    out = shoot(g, dice(4, 1), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol", called=called),
                table())
    assert dict(out.test.modifiers)[f"called {called}"] == to_hit


def test_head_shot_adds_four_damage_double_tap_one_and_the_drop_four() -> None:
    g = duel()
    d = dice(7, 3, 1, 1, 1)  # 7-4+1+4 = 8: hit with a raise vs 4
    out = shoot(g, d, g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol", called="head", double_tap=True, drop=True), table())
    assert out.test.total == 8 and out.test.raises == 1
    assert out.victims[0].damage == 1 + 1 + 1 + 4 + 1 + 4
    assert leftover(d) == []


def test_range_from_distance_and_beyond_long_refused() -> None:
    g = duel()
    out = shoot(g, dice(7, 2), g.character("Ada"), g.character("Goon"), Options(weapon="Pistol", distance=30),
                table())
    assert ("long range", -4) in out.test.modifiers
    with pytest.raises(RuleRefusal, match="beyond"):
        shoot(g, dice(8, 2), g.character("Ada"), g.character("Goon"), Options(weapon="Pistol", distance=49), table())


def test_prone_target_counts_as_medium_cover() -> None:
    g = duel()
    g.character("Goon").add("prone")
    out = shoot(g, dice(5, 2), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol"), table())
    assert ("medium cover", -2) in out.test.modifiers
    out = shoot(g, dice(5, 2), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol", cover="heavy"),
                table())
    assert ("heavy cover", -4) in out.test.modifiers


def test_rate_of_fire_autofire_minus_two_one_wild_die_each_hit_damages() -> None:
    g = duel(toughness=20)
    d = dice(7, 3, 6, 5, 1, 1, 2, 2, 3, 3)
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", weapon="SMG", rof=3), table())
    data = out.to_json()
    assert ("autofire", -2) in out.test.modifiers
    assert [r["total"] for r in data["results"]] == [5, 3, 4]  # the Wild Die's 5-2 replaced the 3-2
    assert data["hits"] == 2 and len(data["victims"]) == 2  # two hits, no raise (5 < 8)
    assert data["victims"][1]["damage_rolls"] == [[2], [2]]
    assert leftover(d) == [3, 3]


def test_rate_of_fire_over_the_weapons_is_refused_and_bursts_need_automatic() -> None:
    g = duel()
    with pytest.raises(RuleRefusal):
        shoot(g, dice(), g.character("Ada"), g.character("Goon"),
              Options(range="short", weapon="Pistol", rof=2), table())
    with pytest.raises(RuleRefusal, match="not automatic"):
        shoot(g, dice(), g.character("Ada"), g.character("Goon"),
              Options(range="short", weapon="Pistol", burst=True), table())
    with pytest.raises(BadInput):
        shoot(g, dice(), g.character("Ada"), g.character("Goon"),
              Options(range="short", weapon="SMG", burst=True, rof=2), table())
    out = shoot(g, dice(2, 2, 1, 1), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="SMG", burst=True),
                table())
    assert out.test.success and out.victims[0].damage == 4
    assert ("three-round burst", 2) in out.test.modifiers


def test_joker_adds_two_to_hit_and_damage() -> None:
    g = duel()
    g.character("Ada").card = "BJ"
    out = shoot(g, dice(2, 1, 1, 1), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol"), table())
    assert out.test.total == 4 and out.victims[0].damage == 4


def test_shaken_attacker_must_recover_first() -> None:
    g = duel()
    g.character("Ada").add("shaken")
    with pytest.raises(RuleRefusal, match="recover"):
        fight(g, dice(), g.character("Ada"), g.character("Goon"), Options(), table())


def test_wild_card_wounds_then_incapacitated_past_three() -> None:
    g = duel()
    boss = g.character("Boss")  # Toughness 5
    d = dice(8, 2, 1, 6, 6, 6, 1, 8, 1, 1)  # 10 vs Parry 6: a raise; damage 6+6+6+1 + 8+1 + 1 = 29: 6 raises
    out = fight(g, d, g.character("Ada"), boss, Options(), table())
    assert out.victims[0].result == "incapacitated" and boss.wounds == 3 and boss.has("incapacitated")


def test_shaken_again_while_shaken_is_a_wound() -> None:
    g = duel()
    boss = g.character("Boss")
    boss.add("shaken")
    out = fight(g, dice(6, 2, 3, 2), g.character("Ada"), boss, Options(), table())
    assert out.victims[0].result == "wounded" and boss.wounds == 1 and boss.wound_penalty == -1


def test_hand_damage_setting_reports_without_applying() -> None:
    g = duel()
    g.settings.damage = "hand"
    out = fight(g, dice(7, 2, 4, 3), g.character("Ada"), g.character("Goon"), Options(), table())
    assert out.victims[0].result == "shaken" and not out.victims[0].applied
    assert not g.character("Goon").has("shaken")


def test_disarm_is_a_limb_shot_then_strength_under_the_damage_drops_the_weapon() -> None:
    g = duel()
    d = dice(8, 2, 1, 2, 2, 1, 1)  # 8-2 = 6 hits Parry 6; damage 1+2 = 3; Strength 2 (Wild 1): drops
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(disarm=True), table())
    assert ("called limb", -2) in out.test.modifiers
    assert out.disarm is not None and out.disarm["dropped"] == "Sword"
    assert "Sword" in g.character("Goon").disarmed


def test_nonlethal_disarm_does_no_damage() -> None:
    g = duel()
    out = fight(g, dice(8, 2, 5, 5, 2, 1), g.character("Ada"), g.character("Goon"),
                Options(disarm=True, nonlethal=True), table())
    assert not g.character("Goon").has("shaken") and out.victims[0].applied is False


def test_firing_into_a_melee_a_missing_one_hits_a_bystander() -> None:
    g = game([hero("Ada"), hero("Cy")], [extra("Goon")])
    t = table(choices={"bystander": ["Cy"]})
    out = shoot(g, dice(1, 2, 5, 6, 2), g.character("Ada"), g.character("Goon"),
                Options(range="short", weapon="Pistol", into_melee=["Cy"]), t)
    assert not out.test.success and out.bystanders[0]["name"] == "Cy" and out.bystanders[0]["damage"] == 13


def test_throwing_a_grenade_uses_throwing() -> None:
    g = game([hero("Ada", weapons=[GRENADE])], [extra("Goon")])
    t = table(lists={"victims": []})
    out = shoot(g, dice(5, 2, 3, 3, 3), g.character("Ada"), g.character("Goon"), Options(range="short"), t)
    assert out.test.label == "Ada: Throwing"
    assert out.victims[0].name == "Goon" and out.victims[0].damage == 9


def test_in_the_dark_nothing_beyond_ten_inches_is_seen() -> None:
    g = duel()
    with pytest.raises(RuleRefusal, match="beyond 10"):
        shoot(g, dice(), g.character("Ada"), g.character("Goon"), Options(weapon="Pistol", light="dark", distance=11),
              table())
    out = shoot(g, dice(7, 1, 1, 1), g.character("Ada"), g.character("Goon"),
                Options(weapon="Pistol", light="dark", distance=10), table())
    assert ("dark light", -2) in out.test.modifiers


def test_rate_of_fire_split_among_targets_one_die_each() -> None:
    g = game([hero("Ada", weapons=[SMG])], [extra("Goon", toughness=20), extra("Grunt", toughness=20)])
    d = dice(7, 7, 2, 1, 1, 1, 2, 2)  # 5, 5, 0 (Wild Die 1-2 = -1 no better): hits on Goon and Grunt
    out = shoot(g, d, g.character("Ada"), g.character("Goon"),
                Options(range="short", rof=3, targets=["Grunt"]), table())
    assert [(v.name, v.damage_rolls) for v in out.victims] == [("Goon", [[1], [1]]), ("Grunt", [[2], [2]])]
    assert leftover(d) == []
    with pytest.raises(BadInput, match="leaves room"):
        shoot(g, dice(), g.character("Ada"), g.character("Goon"),
              Options(range="short", rof=2, targets=["Grunt", "Goon"]), table())
