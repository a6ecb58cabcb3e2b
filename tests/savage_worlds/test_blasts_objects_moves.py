"""W6 area effects, W7 objects and the finishing move, and the movement helpers."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options, shoot
from sprawl_cli.systems.savage_worlds.movement import defend, jump, move, prone, run
from sprawl_cli.systems.savage_worlds.objects import break_object, finish
from tests.savage_worlds.helpers import GRENADE, LAUNCHER, SWORD, dice, extra, game, hero, leftover, table


def blast_game() -> object:
    return game([hero("Ada", weapons=[GRENADE, LAUNCHER, SWORD])],
                [extra("Goon"), extra("Grunt"), hero("Boss", toughness=30)])


def test_a_thrown_miss_deviates_d6_times_the_band_capped_at_half_the_distance() -> None:
    g = blast_game()
    d = dice(2, 1, 6, 3)  # Throwing 2 at medium (-2): miss; deviation d6 6 x2 = 12, capped at 4; clock 3
    t = table(lists={"victims": []})
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="medium", distance=8), t)
    assert out.deviation == {"die": "d6", "roll": 6, "times": 2, "rolled": 12, "cap": 4.0, "inches": 4.0,
                             "capped": True, "clock": 3}
    assert out.victims == [] and leftover(d) == []


def test_a_launched_miss_rolls_a_d10() -> None:
    g = blast_game()
    out = shoot(g, dice(1, 2, 3, 12), g.character("Ada"), g.character("Goon"),
                Options(weapon="Launcher", range="long", distance=40), table(lists={"victims": []}))
    assert out.deviation is not None and out.deviation["die"] == "d10" and out.deviation["inches"] == 9


def test_the_deviation_distance_is_asked_when_not_given_and_refused_when_nobody_says() -> None:
    g = blast_game()
    t = table(numbers={"distance": 4}, lists={"victims": []})
    out = shoot(g, dice(1, 2, 3, 12), g.character("Ada"), g.character("Goon"), Options(range="short"), t)
    assert out.deviation is not None and out.deviation["inches"] == 2 and "How far" in t.asked[0]
    with pytest.raises(NeedsAnswer, match="--distance"):  # W6: never an uncapped silent default
        shoot(g, dice(1, 2, 3, 12), g.character("Ada"), g.character("Goon"), Options(range="short"),
              table(lists={"victims": []}))
    with pytest.raises(NeedsAnswer, match="victims"):
        shoot(g, dice(1, 2, 3, 12), g.character("Ada"), g.character("Goon"), Options(distance=9), table())


def test_blast_hits_everyone_named_no_raise_damage_cover_as_armour_and_diving_clear() -> None:
    g = blast_game()
    g.character("Grunt").add("prone")
    t = table(lists={"victims": ["Grunt", "Boss"]})
    d = dice(6, 4, 2,  # Throwing 6+4 = 10: a raise, which adds nothing to a blast
              3, 3, 1,  # Goon (the target): 7 vs Toughness 5: Shaken
              2, 2, 2,  # Grunt prone: 6 vs 5 + 2 armour: nothing
              5, 4, 4, 3, 3)  # Boss dives (Agility 5-2 = 3 with Wild Die 4-2: fails), then 3+3+... damage
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", dive=["Boss"]), t)
    assert out.test.raises == 1 and out.template == "medium"
    assert [(v.name, v.damage, v.toughness, v.result) for v in out.victims] == [
        ("Goon", 7, 5, "shaken"), ("Grunt", 6, 7, "none"), ("Boss", 10, 30, "none")]
    assert out.dives[0]["name"] == "Boss" and not out.dives[0]["success"]
    assert leftover(d) == []


def test_a_successful_dive_avoids_the_damage_and_victim_cover_is_armour() -> None:
    g = blast_game()
    t = table(lists={"victims": ["Grunt"]})
    d = dice(4, 1, 6, 1, 1, 3, 3)  # hit; Goon (an Extra) dives 6+1-2 = 5: clear; Grunt in heavy cover: 7 vs 9
    out = shoot(g, d, g.character("Ada"), g.character("Goon"),
                Options(range="short", dive=["Goon"], victim_cover={"Grunt": "heavy"}), t)
    assert [v.name for v in out.victims] == ["Grunt"] and out.victims[0].toughness == 9
    assert out.victims[0].result == "none" and leftover(d) == []


def test_break_a_door_parry_two_no_aces_no_raise() -> None:
    g = blast_game()
    d = dice(8, 1, 2, 6, 8)  # Fighting 8 (it aces: a trait test) + 1 = 9, Wild Die 2; damage 6 + 8, no aces
    out = break_object(g, d, g.character("Ada"), "light door", "cutting", False, Options(weapon="Sword"), table())
    assert out.test["tn"] == 2 and out.damage_rolls == [[6], [8]] and out.damage == 14 and out.broken
    assert leftover(d) == []


def test_an_object_needs_the_right_damage_type() -> None:
    g = blast_game()
    with pytest.raises(RuleRefusal, match="cannot break"):
        break_object(g, dice(), g.character("Ada"), "rope", "blunt", False, Options(), table())
    with pytest.raises(BadInput, match="no object"):
        break_object(g, dice(), g.character("Ada"), "castle", "blunt", False, Options(), table())


def test_a_finishing_move_needs_a_helpless_victim() -> None:
    g = blast_game()
    with pytest.raises(RuleRefusal, match="not helpless"):
        finish(g, g.character("Ada"), g.character("Boss"), table())
    g.character("Goon").add("incapacitated")
    g.character("Grunt").add("incapacitated")
    finish(g, g.character("Ada"), g.character("Goon"), table())
    assert g.character("Goon").dead and g.character("Goon").gone and not g.over


def test_the_last_side_standing_wins() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    g.character("Goon").add("incapacitated")
    finish(g, g.character("Ada"), g.character("Goon"), table())
    assert g.over and g.winner == "Heroes"


def test_move_pace_difficult_ground_counts_double_and_rising_costs_two() -> None:
    g = blast_game()
    ada = g.character("Ada")
    assert move(g, ada, 6, table()).cost == 6
    with pytest.raises(RuleRefusal, match="6\" of movement left"):
        move(g, ada, 4, table(), difficult=3)
    ada.add("prone")
    out = move(g, ada, 4, table())
    assert out.cost == 6 and not ada.has("prone")


def test_crawling_two_inches_and_prone_crouching_half() -> None:
    g = blast_game()
    ada = g.character("Ada")
    assert move(g, ada, 2, table(), crawl=True).allowed == 2 and ada.has("prone")
    ada.drop("prone")
    with pytest.raises(RuleRefusal):
        move(g, ada, 4, table(), crouch=True)


def test_running_adds_a_d6_that_does_not_ace_and_costs_two_on_other_actions() -> None:
    g = blast_game()
    ada = g.character("Ada")
    d = dice(6)
    out = run(g, d, "Ada", table())
    assert out.allowed == 12 and ada.ran and leftover(d) == []
    assert move(g, ada, 12, table()).to_json()["left"] == 0
    with pytest.raises(RuleRefusal, match="run already"):
        run(g, dice(3), "Ada", table())
    with pytest.raises(RuleRefusal, match="may move but not run"):
        defend(g, ada, table())


def test_defend_and_prone() -> None:
    g = blast_game()
    goon = g.character("Goon")
    out = defend(g, goon, table())
    assert goon.current_parry == 8 and "Parry 8" in out.note
    prone(g, goon, table())
    assert goon.has("prone")
    with pytest.raises(BadInput):
        prone(g, goon, table())
    prone(g, goon, table(), down=False)
    assert not goon.has("prone")


@pytest.mark.parametrize("run_up, faces, distance", [(False, (3, 2), 1), (False, (4, 1), 2), (True, (5, 1), 3)])
def test_jumping(run_up: bool, faces: tuple[int, int], distance: int) -> None:
    g = blast_game()
    assert jump(g, dice(*faces), g.character("Ada"), table(), run_up).distance == distance


def test_a_group_makes_one_running_roll() -> None:
    g = game([hero("Ada")], [extra("Z1", group="zombies"), extra("Z2", group="zombies")])
    d = dice(5)
    out = run(g, d, "zombies", table())
    assert out.runners == ["Z1", "Z2"] and all(g.character(n).run_roll == 5 for n in out.runners)
    assert [r.label for r in d.rolls] == ["zombies: running"]
