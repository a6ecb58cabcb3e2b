"""Bennies (W3): awards, rerolls of every kind of test and what each decides again, what the
mutation run of bennies.py found unchecked. Dice are scripted.

Fresh run (2026-11-29, 592 mutants): every one killed but `redo` 104, the default of a
disarm record without `against` (what only a hand edit makes) spelled 1 for 0: a reroll of
exactly 0 would keep the weapon under one and drop it under the other, and a disarm's
Strength reroll only counts when it beats the first, which is rarely under 0.

Before it, the code changed where mutants showed it did nothing: `benny` no longer drops
score, modifiers, test and step before `remember` (which writes all four afresh), and the
snake-eyes standing is `TraitTest.standing`, one place for five. The tests below pin what
was left: a record without `step` or `against`, the other side's record gone or about
something else (`redo`'s `and`), and an attack record without `options` or `damage`.

The whole module again (2026-12-02, second session: 751 mutants, numbered as mutmut 3.8.1
numbers them that day). Left: `redo` 130, the same hand-edit default as 104 above; `award` 42, a
side missing from the pools read as holding 1 rather than 0 when checking the bound (an award
is at most 10 and the bound 1,000, so the check cannot tell). The gaps, killed by the tests
after `test_an_award_is_at_most_ten...`: who can spend a benny (`can_spend`, all seven: it
decides whether the first roller is asked at all, and no test asked without one), a game
master's Wild Card refused at the bound by its own name, a benny on another test during a
standoff (`redo`'s `and`), the holder's benny that wins its interrupt (which side is the
holder), and the refusal of a first roller's late benny, word for word.
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options, fight, shoot
from sprawl_cli.systems.savage_worlds.bennies import award, benny
from sprawl_cli.systems.savage_worlds.model import Game
from tests.savage_worlds.helpers import GRENADE, SMG, SWORD, dice, extra, game, hero, leftover, table


def test_an_award_to_a_side_in_full_json_and_counted_from_nothing() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    del g.pools["Heroes"]
    assert award(g, "Heroes", 2).to_json() == {"to": "Heroes", "count": 2, "pool": "Heroes", "now": 2}
    assert award(g, "Ada", 1).to_json() == {"to": "Heroes", "count": 1, "pool": "Heroes", "now": 3}
    assert award(g, "Boss", 1).to_json() == {"to": "Boss", "count": 1, "pool": None, "now": 3}


def test_an_award_of_nothing_is_refused_naming_the_count() -> None:
    with pytest.raises(BadInput) as caught:
        award(game([hero("Ada")], [hero("Boss")]), "Heroes", 0)
    assert str(caught.value) == "award from 1 to 10 bennies at a time, not 0"


def dived_and_hurt() -> Game:
    """Ada's grenade hits Goon; Boss (a Wild Card, T5) dives, fails, and takes 15: two wounds."""
    g = game([hero("Ada", weapons=[GRENADE, SWORD])], [extra("Goon"), hero("Boss")])
    d = dice(5, 1, 1, 1, 1, 2, 1, 5, 5, 5)
    shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", dive=["Boss"]),
          table(lists={"victims": ["Boss"]}))
    assert leftover(d) == [] and g.character("Boss").wounds == 2 and "Boss" in g.soakable
    return g


def test_a_dive_rerolled_clear_takes_the_blast_back_and_the_attack_remembers_it() -> None:
    g = dived_and_hurt()
    boss = g.character("Boss")
    out = benny(g, dice(6, 1, 1), boss, table())  # Agility 6+1-2 = 5: clear after all
    assert out.effects == {"dove": True, "wounds": 0, "statuses": []}
    assert boss.wounds == 0 and boss.statuses == [] and "Boss" not in g.soakable
    attack = g.tests["Ada"].detail
    assert attack["options"]["dove"] == {"Boss": True}
    assert "Boss" not in attack["damage"] and "Goon" in attack["damage"]


@pytest.mark.parametrize("unlink", ["no attack", "not an attack", "not before it", "no before"])
def test_a_dive_rerolled_clear_without_its_attack_to_undo_only_says_it_dove(unlink: str) -> None:
    """The attack's record is gone (a hand edit), Ada's last test is no longer an attack, or
    the attack kept no state of Boss: nothing is taken back."""
    g = dived_and_hurt()
    boss = g.character("Boss")
    if unlink == "no attack":
        del g.tests["Ada"]
    elif unlink == "not an attack":
        g.tests["Ada"].kind = "recover"
    elif unlink == "not before it":
        del g.tests["Ada"].detail["before"]["Boss"]
    else:
        del g.tests["Ada"].detail["before"]
    out = benny(g, dice(6, 1, 1), boss, table())
    assert out.effects == {"dove": True} and boss.wounds == 2 and "Boss" in g.soakable


FORCE_HINT = " (add --force to overrule as referee)"


def rolled(first: tuple[int, ...]) -> Game:
    """Ada (no benny of her own, the Heroes' pool of 3) rolls Notice: `first` (trait die, Wild Die)."""
    from sprawl_cli.systems.savage_worlds.rolls import trait_check

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    trait_check(g, dice(*first), "Ada", "notice", table())
    return g


def test_a_better_reroll_in_full_json_the_new_result_standing() -> None:
    g = rolled((2, 1))
    out = benny(g, dice(5, 1), g.character("Ada"), table()).to_json()
    assert (out["name"], out["spent"], out["kind"], out["kept"], out["effects"], out["bennies"], out["pool"]) == \
        ("Ada", "pool", "roll", "new", {}, 0, 2)
    assert (out["old"]["total"], out["new"]["total"]) == (2, 5)
    assert (out["total"], out["success"], out["raises"]) == (5, True, 0)


@pytest.mark.parametrize("again", [(1, 2), (2, 1)])
def test_a_reroll_no_better_leaves_the_old_result_standing(again: tuple[int, int]) -> None:
    g = rolled((6, 2, 1))  # 6 and 2 (an ace): 8, a success and a raise
    out = benny(g, dice(*again), g.character("Ada"), table()).to_json()
    assert (out["kept"], out["effects"], out["total"], out["success"], out["raises"]) == ("old", {}, 8, True, 1)
    g = rolled((2, 1))
    assert benny(g, dice(*again), g.character("Ada"), table()).to_json()["kept"] == "old"


def test_a_reroll_of_a_record_without_step_or_modifiers_and_a_side_with_no_pool_yet() -> None:
    g = rolled((2, 1))
    del g.tests["Ada"].detail["step"]
    del g.tests["Ada"].detail["modifiers"]
    g.step = 9
    ada = g.character("Ada")
    ada.bennies = 1
    del g.pools["Heroes"]
    out = benny(g, dice(5, 1), ada, table()).to_json()
    assert (out["kept"], out["spent"], out["bennies"], out["pool"]) == ("new", "own", 0, 0)
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(5, 1), ada, table())
    assert str(caught.value) == "Ada has no benny left for a reroll (own 0, Heroes's pool 0)" + FORCE_HINT


def test_nothing_to_reroll_or_no_longer_the_latest_is_refused_even_with_force() -> None:
    from sprawl_cli.systems.savage_worlds.rolls import oppose

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(), g.character("Ada"), table(force=True))
    assert str(caught.value) == "Ada has made no trait test to reroll (a benny never rerolls damage)"
    oppose(g, dice(2, 1, 4, 1), g.character("Ada"), "agility", g.character("Boss"), None, table(), bennies=0)
    g.step += 2
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(5, 1), g.character("Ada"), table(force=True))
    assert str(caught.value) == ("Ada's last oppose is no longer the latest thing that happened; a benny rerolls "
                                 "it straight away or not at all")


@pytest.mark.parametrize("again, effects", [
    ((5, 1), {"winner": "Ada", "tie": False}),
    ((4, 1), {"winner": None, "tie": True}),
    ((3, 1), {"winner": "Boss", "tie": False}),
])
def test_an_opposed_roll_rerolled_is_decided_again_and_the_other_side_stands_against_it(
        again: tuple[int, int], effects: dict[str, Any]) -> None:
    from sprawl_cli.systems.savage_worlds.rolls import oppose

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    oppose(g, dice(2, 1, 4, 1), g.character("Ada"), "agility", g.character("Boss"), None, table(), bennies=0)  # 2 against 4
    out = benny(g, dice(*again), g.character("Ada"), table(force=True))  # W3: Ada rolled first: forced
    assert out.effects == effects
    assert g.tests["Boss"].detail["against"] == again[0]
    assert g.tests["Ada"].detail["target"] == "Boss" and g.tests["Ada"].detail["against"] == 4


@pytest.mark.parametrize("edit", ["no step", "no against", "no other record", "other record of another kind",
                                  "other record at someone else"])
def test_an_opposed_roll_rerolled_from_a_hand_edited_save(edit: str) -> None:
    """A record written before `step` and `against` were kept, or the other side's record gone or
    about something else: the reroll still stands, against 0 when nothing says what it faced,
    and only a record of the same roll at Ada is told what it now stands against."""
    from sprawl_cli.systems.savage_worlds.rolls import oppose

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    oppose(g, dice(2, 1, 4, 1), g.character("Ada"), "agility", g.character("Boss"), None, table(), bennies=0)  # 2 against 4
    boss = g.tests["Boss"]
    if edit == "no step":
        del g.tests["Ada"].detail["step"]
    elif edit == "no against":
        del g.tests["Ada"].detail["against"]
    elif edit == "no other record":
        del g.tests["Boss"]
    elif edit == "other record of another kind":
        boss.kind = "roll"
    else:
        boss.detail["target"] = "Cy"
    out = benny(g, dice(3, 1), g.character("Ada"), table(force=True))
    assert out.effects == ({"winner": "Ada", "tie": False} if edit == "no against" else
                           {"winner": "Boss", "tie": False})
    assert boss.detail["against"] == (3 if edit in ("no step", "no against") else 2)


def test_an_opposed_record_without_against_faces_0_even_for_a_reroll_of_1() -> None:
    from sprawl_cli.systems.savage_worlds.rolls import oppose

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    oppose(g, dice(1, 1, 4, 1), g.character("Ada"), "agility", g.character("Boss"), None, table(), bennies=0, mod=-1)
    del g.tests["Ada"].detail["against"]
    out = benny(g, dice(2, 1), g.character("Ada"), table(force=True))  # 2-1 = 1: better than snake eyes, and above 0
    assert out.kept == "new" and out.effects == {"winner": "Ada", "tie": False}


@pytest.mark.parametrize("edit", ["options", "damage"])
def test_a_dive_rerolled_clear_when_the_attack_kept_no_options_or_damage(edit: str) -> None:
    g = dived_and_hurt()
    del g.tests["Ada"].detail[edit]
    out = benny(g, dice(6, 1, 1), g.character("Boss"), table())
    assert out.effects == {"dove": True, "wounds": 0, "statuses": []}
    assert g.tests["Ada"].detail["options"]["dove"] == {"Boss": True}
    assert "damage" not in g.tests["Ada"].detail or "Boss" not in g.tests["Ada"].detail["damage"]


@pytest.mark.parametrize("run_up, base", [(False, 1), (True, 2)])
def test_a_jump_rerolled_into_a_success_goes_one_inch_further(run_up: bool, base: int) -> None:
    from sprawl_cli.systems.savage_worlds.movement import jump

    g = game([hero("Ada")], [hero("Boss")])
    ada = g.character("Ada")
    assert jump(g, dice(2, 1), ada, table(), run_up=run_up).distance == base
    assert benny(g, dice(5, 1), ada, table()).effects == {"distance": base + 1}
    assert jump(g, dice(4, 1), ada, table(), run_up=run_up).distance == base + 1
    assert benny(g, dice(6, 3, 1), ada, table()).effects == {"distance": base + 1}  # a raise adds nothing more


def test_a_jump_record_without_its_base_is_a_standing_jump() -> None:
    from sprawl_cli.systems.savage_worlds.movement import jump

    g = game([hero("Ada")], [hero("Boss")])
    ada = g.character("Ada")
    jump(g, dice(2, 1), ada, table(), run_up=True)
    del g.tests["Ada"].detail["base"]
    assert benny(g, dice(5, 1), ada, table()).effects == {"distance": 2}
    jump(g, dice(4, 1), ada, table(), run_up=True)
    del g.tests["Ada"].detail["base"]
    assert benny(g, dice(6, 3, 1), ada, table()).effects == {"distance": 2}


def disarmed() -> Game:
    """Ada (Fighting 8+1-2 = 7 against Parry 6) hits Boss for 2+7 = 9 (a wound), calls his hand:
    his Strength 2-1 = 1 is under 9, so he drops his Sword."""
    g = game([hero("Ada")], [hero("Boss")])
    fight(g, dice(8, 1, 1, 2, 7, 2, 1), g.character("Ada"), g.character("Boss"), Options(disarm=True), table())
    assert g.character("Boss").disarmed == ["Sword"] and g.tests["Boss"].detail["against"] == 9
    return g


def test_a_disarm_rerolled_to_the_damage_keeps_the_weapon() -> None:
    g = disarmed()
    boss = g.character("Boss")
    assert benny(g, dice(6, 4, 1), boss, table()).effects == {"dropped": None, "kept": "Sword"}  # 10-1 = 9
    assert boss.disarmed == []


def test_a_disarm_rerolled_still_under_the_damage_drops_it_still() -> None:
    g = disarmed()
    boss = g.character("Boss")
    assert benny(g, dice(5, 1), boss, table()).effects == {"dropped": "Sword"}  # 5-1 = 4: better, still under
    assert boss.disarmed == ["Sword"]


def test_a_disarm_record_without_the_damage_keeps_the_weapon_on_any_better_reroll() -> None:
    g = disarmed()
    boss = g.character("Boss")
    del g.tests["Boss"].detail["against"]
    assert benny(g, dice(3, 1), boss, table()).effects == {"dropped": None, "kept": "Sword"}


def test_a_notice_rerolled_and_still_failed_deals_nothing() -> None:
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = game([hero("Ada"), hero("Cy")], [extra("Native")])
    deal(g, dice(1, 2, 5, 2, "5S"), table(), ambushers=["Thugs"])
    out = benny(g, dice(3, 1), g.character("Ada"), table())  # 3: better, still a failure
    assert out.kept == "new" and out.effects == {"dealt": None}


def test_the_record_of_the_last_test_carries_its_figures_for_the_save() -> None:
    """The save keeps each character's last test (a later benny rerolls it): its dice count,
    total, successes, raises and snake eyes, as rolled."""
    g = game([hero("Ada", weapons=[SMG])], [extra("Goon", toughness=20)])
    ada, goon = g.character("Ada"), g.character("Goon")
    shoot(g, dice(7, 2, 6, 1, 1, 1, 1, 1), ada, goon, Options(range="short", rof=3), table())  # 5, 0, 4: two hits
    record = g.tests["Ada"]
    assert (record.kind, record.label, record.trait, record.modifier, record.tn, record.wild) == (
        "attack", "Ada: Shooting", "d8", -2, 4, True)
    assert (record.count, record.total, record.successes, record.raises, record.snake_eyes) == (3, 5, 2, 0, False)
    shoot(g, dice(7, 1, 1, 1, 1), ada, goon, Options(range="short", aim=True), table())  # 9: a raise
    record = g.tests["Ada"]
    assert (record.count, record.total, record.successes, record.raises, record.snake_eyes) == (1, 9, 1, 1, False)
    shoot(g, dice(1, 1), ada, goon, Options(range="short"), table())
    record = g.tests["Ada"]
    assert (record.count, record.total, record.successes, record.raises, record.snake_eyes) == (1, 1, 0, 0, True)


def test_a_dive_rerolled_better_but_still_short_takes_nothing_back() -> None:
    g = dived_and_hurt()
    boss = g.character("Boss")
    out = benny(g, dice(4, 1), boss, table())  # Agility 4-2 = 2: better than 0, still no dive
    assert out.kept == "new" and out.effects == {"dove": False}
    assert boss.wounds == 2 and "Boss" in g.soakable and g.tests["Ada"].detail["options"]["dove"] == {"Boss": False}


def test_a_worse_reroll_reports_the_old_results_total_success_and_raises() -> None:
    g = rolled((6, 3, 1))  # Notice d6 6 aces, 9: a success and a raise
    out = benny(g, dice(3, 1), g.character("Ada"), table()).to_json()
    assert (out["kept"], out["total"], out["success"], out["raises"]) == ("old", 9, True, 1)
    out = benny(g, dice(6, 6, 5, 1), g.character("Ada"), table()).to_json()  # 6, 6 and 5: 17, three raises
    assert (out["kept"], out["total"], out["success"], out["raises"]) == ("new", 17, True, 3)


def test_an_award_is_at_most_ten_and_no_pool_passes_a_thousand() -> None:
    # Issue 34: `award` takes a sensible number; the save's bound is never passed by an award.
    g = game([hero("Ada")], [hero("Boss")])
    g.pools["Heroes"] = 0
    assert award(g, "Heroes", 10).to_json()["now"] == 10
    with pytest.raises(BadInput, match="award from 1 to 10 bennies at a time, not 11"):
        award(g, "Heroes", 11)
    g.pools["Heroes"] = 995
    with pytest.raises(BadInput, match="Heroes holds 995 bennies; 6 more would pass the 1000 a pool may hold"):
        award(g, "Heroes", 6)
    assert g.pools["Heroes"] == 995
    assert award(g, "Heroes", 5).to_json()["now"] == 1000


def test_a_game_masters_wild_card_at_the_bound_is_refused_by_its_own_name() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    g.character("Boss").bennies = 995
    with pytest.raises(BadInput) as caught:
        award(g, "Boss", 6)
    assert str(caught.value) == "Boss holds 995 bennies; 6 more would pass the 1000 a pool may hold"
    assert g.character("Boss").bennies == 995


@pytest.mark.parametrize("own, pool, can", [
    (0, None, False),  # no benny of its own, and its side has no pool at all
    (0, 0, False),
    (1, 0, True),  # one of its own is enough
    (0, 1, True),  # and so is one in its side's pool
])
def test_who_can_spend_a_benny_one_of_its_own_or_one_of_its_sides(own: int, pool: int | None, can: bool) -> None:
    """`can_spend` decides whether an opposed roll's first roller is asked about a reroll at all."""
    from sprawl_cli.systems.savage_worlds.bennies import can_spend

    g = game([extra("Pike", squad="Heroes")], [hero("Boss")])
    pike = g.character("Pike")
    pike.bennies = own
    g.pools.pop("Heroes", None)
    if pool is not None:
        g.pools["Heroes"] = pool
    assert can_spend(g, pike) is can


def test_a_benny_on_another_test_during_a_standoff_leaves_the_standoff_order_alone() -> None:
    """Only a standoff's own Agility roll, rerolled, moves a character's place in it."""
    from sprawl_cli.systems.savage_worlds.rolls import standoff, trait_check

    g = game([hero("Ada")], [hero("Boss")])
    standoff(g, dice(5, 1, 4, 1), table())  # Ada 5 goes first, Boss 4
    places = [dict(e) for e in g.standoff_order]
    ada = g.character("Ada")
    trait_check(g, dice(2, 1), "Ada", "notice", table(), actions=1)  # her action: a failed Notice
    out = benny(g, dice(5, 1), ada, table())  # 5: a Notice success, not a new place
    assert "standoff" not in out.effects and g.standoff_order == places


def test_a_holder_whose_benny_wins_its_interrupt_acts_now_instead_of_waiting() -> None:
    """The reroll is the holder's: it (not its target) is the one whose hold now opens its turn."""
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = game([hero("Ada")], [hero("Boss")])
    g.phase, g.dealt = "action", True
    g.order, g.acting = [{"name": "Boss", "card": "5C"}], 0
    g.character("Boss").card = "5C"
    ada, boss = g.character("Ada"), g.character("Boss")
    ada.add("on_hold")
    interrupt(g, dice(2, 1, 3, 1), ada, boss, table(), bennies=0)  # 2 against 3: Boss first, Ada waits
    assert g.waiting == {"name": "Ada", "target": "Boss", "done": False}
    out = benny(g, dice(6, 1, 1), ada, table(force=True))  # 7 beats 3 (forced: the holder rolled first, W3)
    assert out.effects == {"first": "Ada", "simultaneous": False}
    assert (g.waiting, g.cut_in, ada.has("on_hold"), boss.has("on_hold")) == (None, "Ada", False, False)


def test_a_first_roller_rerolling_after_its_opponent_rolled_is_refused_word_for_word() -> None:
    from sprawl_cli.systems.savage_worlds.rolls import oppose

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    oppose(g, dice(2, 1, 3, 1), g.character("Ada"), "agility", g.character("Cy"), None, table(), bennies=0)
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(6, 1, 1), g.character("Ada"), table())
    assert str(caught.value) == (
        "Ada rolled first in its opposed roll with Cy: its bennies are spent before the opponent rolls (W3), with "
        "`--bennies N` or at the prompt (add --force to overrule as referee)")
