"""Damage, Soak and recovering from Shaken (W8): what the mutation run of damage.py found
unchecked. Dice are scripted; every JSON checked whole, every refusal word for word.

The survivors of damage.py that no input can tell from the original:

- `soak` 37: the wound penalty of a soak capped at -4 instead of -3. The wounds before the
  hit are a Wild Card's, and a Wild Card carries at most 3 (more is incapacitated, kept at 3;
  a save with more is refused on loading), so the cap is never reached past 3.
- `soak` 47 and `recover` 57: `character_test` handed no game. It never reads the game (the
  modifiers come in the `Situation`, already counted).
- `soak` 60 and `recover` 70: `"VIGOR"` for `"vigor"`, `"SPIRIT"` for `"spirit"`. `Character.trait` lower-cases the name it is given, and
  the label is the `what` given beside it, so the same die and the same label are rolled.

The whole module again (2026-12-02, third session: 597 mutants, numbered as mutmut 3.8.1
numbers them that day; 586 killed in the run). Left, the same three kinds as above: `soak` 37
(the cap of 4), `soak` 57 and `recover` 68 (`"VIGOR"`, `"SPIRIT"`). The gaps, killed by the two
tests at the end: a soak (or a benny on one) that soaks no more than the first and reports the
first's result, with its wounds and statuses (`settle_soak` 21, 26-29), and the wounds taken
of a hit partly soaked (`restore` 11, 15, 16: a soak must put `wounds_taken` back before it
counts what is left).
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.damage import (DamageRoll, damage_terms, effect, hit, recover,
                                                     roll_damage, soak)
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"


def refusal(call: Any, kind: type[Exception] = RuleRefusal) -> Exception:
    with pytest.raises(kind) as caught:
        call()
    return caught.value


# --- damage as written ----------------------------------------------------------------


@pytest.mark.parametrize("text, terms", [
    ("2d6", [("die", 2, 6)]),
    ("d10", [("die", 1, 10)]),
    ("d4", [("die", 1, 4)]),
    ("1d12", [("die", 1, 12)]),
    ("3d8", [("die", 3, 8)]),
    ("str+d6", [("str", 1, 0), ("die", 1, 6)]),
    ("Str + D8 + 1", [("str", 1, 0), ("die", 1, 8), ("flat", 1, 1)]),
    ("2d6-1", [("die", 2, 6), ("flat", 1, -1)]),
    ("3d6+2", [("die", 3, 6), ("flat", 1, 2)]),
    ("str-2", [("str", 1, 0), ("flat", 1, -2)]),
    ("4", [("flat", 1, 4)]),
])
def test_damage_as_written_reads_term_by_term(text: str, terms: list[tuple[str, int, int]]) -> None:
    assert damage_terms(text) == terms


@pytest.mark.parametrize("text, says", [
    ("2d7", "damage '2d7': d7 is not a d4-d12"),
    ("d11", "damage 'd11': d11 is not a d4-d12"),
    ("str3", "'str3' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6"),
    ("x2d6", "'x2d6' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6"),
    ("2d6x+1", "'2d6x+1' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6"),
    ("2d6x", "'2d6x' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6"),
    ("", "'' is not a damage: write like 2d6, str+d6, str+d8+1 or 3d6"),
])
def test_what_is_not_a_damage_is_refused_saying_how_to_write_one(text: str, says: str) -> None:
    assert str(refusal(lambda: damage_terms(text), BadInput)) == says


def test_strength_damage_needs_an_attacker() -> None:
    assert str(refusal(lambda: roll_damage(dice(), None, "str+d6", "Trap"), BadInput)) == \
        "'str+d6' needs the attacker's Strength"


def test_every_flat_part_adds_the_strength_bonus_and_the_bonus_handed_in() -> None:
    ada = hero("Ada", strength="d12+1")
    d = dice(3, 4)
    out = roll_damage(d, ada, "str+d6+2", "Ada: damage", bonus=3)
    assert out.rolls == [[3], [4]] and out.total == 3 + 4 + 1 + 2 + 3
    assert [r.label for r in d.rolls] == ["Ada: damage, Strength", "Ada: damage, d6"]
    minus = roll_damage(dice(5, 5), None, "2d6-1", "Trap", bonus=2)
    assert minus.total == 5 + 5 - 1 + 2


# --- what a hit does ------------------------------------------------------------------


def victim_json(**values: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": "Boss", "damage_rolls": [[9]], "damage": 9, "toughness": 5,
                            "result": "wounded", "wounds": 1, "wounds_taken": 1, "applied": True, "notes": []}
    return {**base, **values}


def test_a_wounding_hit_in_full_json_with_its_notes() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    out = hit(g, boss, DamageRoll([[9]], 9), 5, ["called shot: head"])
    assert out.to_json() == victim_json(notes=["called shot: head"])
    assert g.soakable == {"Boss": {"before": {"wounds": 0, "statuses": [], "wounds_taken": 0}, "taken": 1}}
    assert boss.wounds_taken == 1 and boss.wounds_suffered == 1


def test_a_hit_that_only_shakes_takes_no_wound_and_leaves_nothing_to_soak() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    out = hit(g, boss, DamageRoll([[6]], 6), 5)
    assert out.to_json() == victim_json(damage_rolls=[[6]], damage=6, result="shaken", wounds=0, wounds_taken=0)
    assert boss.has("shaken") and g.soakable == {}


def test_damage_by_hand_reports_the_wounds_and_applies_nothing() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    g.settings.damage = "hand"
    boss = g.character("Boss")
    out = hit(g, boss, DamageRoll([[13]], 13), 5)
    assert out.to_json() == victim_json(damage_rolls=[[13]], damage=13, wounds=0, wounds_taken=2, applied=False)
    assert g.soakable == {} and boss.wounds == 0 and boss.statuses == []


@pytest.mark.parametrize("wounds, damage, result", [
    (2, 9, ("wounded", 1)),  # the third wound: still up
    (2, 13, ("incapacitated", 2)),  # past the third
    (3, 9, ("incapacitated", 1)),
    (0, 4, ("none", 0)),
    (0, 5, ("shaken", 0)),
    (0, 8, ("shaken", 0)),
])
def test_the_effect_of_a_damage_total_on_a_wild_card(wounds: int, damage: int, result: tuple[str, int]) -> None:
    assert effect(hero("Boss", wounds=wounds), damage, 5) == result


def test_an_extra_wounded_is_incapacitated_with_one_wound() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    goon = g.character("Goon")
    out = hit(g, goon, DamageRoll([[13]], 13), 5)
    assert goon.wounds == 1 and goon.statuses == ["shaken", "incapacitated"]
    assert out.to_json()["wounds"] == 1 and out.to_json()["result"] == "incapacitated"


def test_wounds_add_to_those_a_wild_card_already_carries() -> None:
    g = game([hero("Ada")], [hero("Boss", wounds=1)])
    boss = g.character("Boss")
    hit(g, boss, DamageRoll([[9]], 9), 5)
    assert boss.wounds == 2


# --- soak -------------------------------------------------------------------------------


def wounded_boss(**values: Any) -> Any:
    """Boss (Vigor d6, T5) hit for one wound (9 against 5)."""
    g = game([hero("Ada")], [hero("Boss", **values)])
    hit(g, g.character("Boss"), DamageRoll([[9]], 9), 5)
    return g


def test_a_soak_in_full_json_with_the_wound_penalty_from_before_the_hit() -> None:
    g = wounded_boss(wounds=1)
    boss = g.character("Boss")
    d = dice(6, 3, 2)  # Vigor 6+3 -1 = 8: a success, no raise: the new wound soaked
    out = soak(g, d, boss, table())
    assert out.to_json() == {
        "name": "Boss", "spent": "own", "trait": "d6", "modifier": -1, "modifiers": {"wounds": -1}, "tn": 4,
        "wild": True, "trait_rolls": [[6, 3]], "wild_rolls": [[2]], "total": 8, "success": True, "raises": 1,
        "snake_eyes": False, "results": [{"total": 8, "success": True, "raises": 1}],
        "wounds_taken": 1, "soaked": 1, "wounds": 1, "statuses": [], "kept": "new"}
    assert [r.label for r in d.rolls] == ["Boss: Soak (Vigor)", "Boss: Soak (Vigor), ace", "Boss: Soak (Vigor), Wild Die"]


def test_a_soak_on_a_joker_adds_two() -> None:
    g = wounded_boss(card="RJ")
    out = soak(g, dice(1, 1, 1), g.character("Boss"), table())  # 1+2 = 3: snake eyes anyway
    assert out.to_json()["modifiers"] == {"joker": 2} and out.to_json()["modifier"] == 2
    g = wounded_boss(card="BJ")
    assert soak(g, dice(2, 1), g.character("Boss"), table()).to_json()["total"] == 4


def test_soaking_every_wound_of_a_shaken_character_ends_its_shaken() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    boss.add("shaken")
    hit(g, boss, DamageRoll([[9]], 9), 5)
    assert boss.wounds == 1 and boss.has("shaken")
    out = soak(g, dice(4, 1), boss, table())
    assert boss.wounds == 0 and boss.statuses == [] and out.statuses == []


def test_a_soak_with_no_benny_is_refused_saying_for_what() -> None:
    g = wounded_boss()
    g.pools["Thugs"] = 0
    boss = g.character("Boss")
    boss.bennies = 0
    assert str(refusal(lambda: soak(g, dice(4, 1), boss, table()))) == \
        "Boss has no benny left for a soak (own 0, Thugs's pool 0)" + FORCE_HINT
    forced = table(force=True)
    assert soak(g, dice(4, 1), boss, forced).spent == "none"
    assert forced.overruled == ["Boss has no benny left for a soak (own 0, Thugs's pool 0)"]


def test_nothing_to_soak_is_refused_even_with_force() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    caught = refusal(lambda: soak(g, dice(), g.character("Boss"), table(force=True)))
    assert str(caught) == "Boss took no wound in the latest attack; a soak comes right after the damage"
    assert isinstance(caught, RuleRefusal)


# --- recovering from Shaken -----------------------------------------------------------


def test_a_recovery_test_in_full_json() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    d = dice(5, 2)
    out = recover(g, d, ada, table())
    assert out.to_json() == {
        "name": "Ada", "spent": None, "recovered": True, "can_act": False, "success": True, "raises": 0,
        "test": {"trait": "d6", "modifier": 0, "modifiers": {}, "tn": 4, "wild": True, "trait_rolls": [[5]],
                 "wild_rolls": [[2]], "total": 5, "success": True, "raises": 0, "snake_eyes": False,
                 "results": [{"total": 5, "success": True, "raises": 0}]}}
    assert [r.label for r in d.rolls] == ["Ada: Spirit (recover)", "Ada: Spirit (recover), Wild Die"]
    ada.add("shaken")
    again = recover(g, dice(6, 3, 1), ada, table()).to_json()
    assert again["raises"] == 1 and again["can_act"] is True and again["success"] is True


def test_a_benny_recovery_in_full_json() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    d = dice()
    out = recover(g, d, ada, table(), use_benny=True)
    assert out.to_json() == {"name": "Ada", "test": None, "spent": "pool", "recovered": True, "can_act": True,
                             "success": True, "raises": 0}
    assert leftover(d) == []


@pytest.mark.parametrize("statuses, says", [
    ([], "Ada is not Shaken; nothing to recover from"),
    (["shaken", "incapacitated"], "Ada is incapacitated; recovering from Shaken will not bring it back"),
])
def test_recovering_is_refused_even_with_force_when_there_is_nothing_to_gain(statuses: list[str], says: str) -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.statuses = list(statuses)
    caught = refusal(lambda: recover(g, dice(5, 2), ada, table(force=True)))
    assert str(caught) == says
    assert isinstance(caught, RuleRefusal)


def test_recovering_without_a_card_says_it_cannot_test_spirit() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    g.dealt, g.phase = True, "action"
    ada = g.character("Ada")
    ada.add("shaken")
    assert str(refusal(lambda: recover(g, dice(5, 2), ada, table()))) == \
        "Ada has no action card this round (surprised, or dealt out), so it cannot test Spirit; " \
        "it is dealt in next round" + FORCE_HINT


def test_a_soak_rerolled_with_a_benny_says_what_it_soaked_and_leaves() -> None:
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = wounded_boss()
    boss = g.character("Boss")
    soak(g, dice(2, 1), boss, table())  # 2: nothing soaked
    out = benny(g, dice(4, 1), boss, table())  # 4: the wound soaked
    assert out.effects == {"soaked": 1, "wounds": 0, "statuses": [], "kept": "new"}


def test_ending_shaken_with_a_benny_and_none_left_is_refused_saying_so() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    g.pools["Heroes"] = 0
    assert str(refusal(lambda: recover(g, dice(), ada, table(), use_benny=True))) == \
        "Ada has no benny left for ending Shaken (own 0, Heroes's pool 0)" + FORCE_HINT


# 2026-12-02, third session: the gaps the whole run of damage.py left.


def test_a_benny_on_a_soak_that_soaks_no_more_keeps_the_first_soak_whole() -> None:
    """W3, W8: a benny's better total that takes away no more wounds changes nothing; what it
    reports is the first soak's result, every field of it (`settle_soak` 21, 26-29)."""
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = wounded_boss()
    boss = g.character("Boss")
    boss.bennies = 2
    first = soak(g, dice(2, 1), boss, table())  # Vigor 2 (Wild Die 1): nothing soaked
    assert (first.soaked, boss.wounds, first.kept) == (0, 1, "new")
    again = soak(g, dice(3, 1), boss, table())  # 3: no better, still nothing: the first stands
    assert (again.soaked, again.kept, boss.wounds, boss.shown_statuses) == (0, "old", 1, ["shaken"])
    out = benny(g, dice(6, 1, 1), boss, table())  # 6+1 = 7 (Wild Die 1): one success, no raise: 1 soaked
    assert out.to_json()["effects"] == {"soaked": 1, "wounds": 0, "statuses": [], "kept": "new"}
    g = wounded_boss()
    boss = g.character("Boss")
    boss.bennies = 2
    soak(g, dice(4, 1), boss, table())  # 4: one success, the wound soaked
    out = benny(g, dice(6, 1, 1), boss, table())  # 7: a better total, but no more to soak: the first stands
    assert out.kept == "new" and out.to_json()["effects"] == {"soaked": 1, "wounds": 0, "statuses": [],
                                                              "kept": "old"}


def test_a_soak_counts_only_the_wounds_left_in_the_wounds_taken() -> None:
    """The report's wounds taken (`wounds_taken`, which the Wild Card's three do not cap) count
    only what a soak leaves: a hit of two wounds with one soaked is one (`restore` 11, 15, 16)."""
    g = game([hero("Ada")], [hero("Boss")])
    boss = g.character("Boss")
    hit(g, boss, DamageRoll([[13]], 13), 5)  # 13 vs 5: two raises, two wounds
    assert (boss.wounds, boss.wounds_taken) == (2, 2)
    soak(g, dice(4, 1), boss, table())  # Vigor 4 -0 (no wounds before the hit): one success, one soaked
    assert (boss.wounds, boss.wounds_taken) == (1, 1)
