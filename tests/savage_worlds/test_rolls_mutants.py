"""Trait tests outside an attack, opposed rolls and the standoff (W1-W4), what the mutation
run of rolls.py found unchecked: JSON whole, labels, refusals word for word. Dice are scripted.

Fresh run (2026-11-29, 400 mutants, one survivor): `standoff` 29, `"AGILITY"` for
`"agility"`: `Character.trait` lower-cases it and the label capitalizes it, so the same die
and label are rolled. Before it, two kinds of survivor went with the code that made them:
`character_test` no longer takes the game it never read, and snake eyes' standing is
`TraitTest.standing` (one place instead of the five that spelled -10**6). The group's name
read from a second member is killed by a group with one member left standing.

The whole module again (2026-12-02, second session: 443 mutants, numbered as mutmut 3.8.1
numbers them that day). Equivalent: `standoff` 29 as above; `oppose` 18 and `trait_check` 43
(`action` handed no `declared` count: its default 1 gives the same count, `max(declared or 1,
...)`). `trait_check` 62, a helper's `paying` handed no table, is equivalent too (shown in the
third session): the helper's `action` just before it has already run `raise_count` with the
real table, refusing (or, forced, raising `paid` to) a count above what the helper's earlier
rolls paid for, and it hands `paying` that same count; so in `paying` either `paid` is 0 and a
count is given (nothing asked), or `raise_count` finds nothing above `paid`, and the table is
never read. The last test below pins that path (the refusal comes from `action`, with the same
words) and still passes with the mutant in place.
The gaps, killed by the tests after the 2026-12-02 marks below: the first refereed `oppose` and
group test asking the count (`oppose` 29, `trait_check` 50), every member of a group paying the
lead's count (52, 57, 58), "test Notice" in the refusal between rounds (37, 42), and a free test
costing its helper no action (32).
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.model import Game
from sprawl_cli.systems.savage_worlds.rolls import oppose, standoff, trait_check
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"


def refused(call: Any, kind: type[Exception] = RuleRefusal) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def crew() -> Game:
    return game([hero("Ada"), hero("Cy")], [extra("Acolyte 1", group="Acolytes"), extra("Acolyte 2", group="Acolytes")])


def test_a_test_with_a_helper_in_full_json() -> None:
    g = crew()
    d = dice(5, 1, 2, 3)  # Cy helps: Notice 5, +1; Ada: -2 +1 +1 = 0 to her 2 and Wild Die 3: 3, a miss
    out = trait_check(g, d, "Ada", "notice", table(), mod=1, actions=2, helpers=["Cy"])
    assert out.to_json() == {
        "name": "Ada", "skill": "notice", "trait": "d6", "modifier": 0,
        "modifiers": {"multi-action": -2, "referee": 1, "cooperation": 1}, "tn": 4, "wild": True,
        "trait_rolls": [[2]], "wild_rolls": [[3]], "total": 3, "success": False, "raises": 0, "snake_eyes": False,
        "results": [{"total": 3, "success": False, "raises": 0}],
        "helpers": [{"name": "Cy", "trait": "d6", "modifier": 0, "modifiers": {}, "tn": 4, "wild": True,
                     "trait_rolls": [[5]], "wild_rolls": [[1]], "total": 5, "success": True, "raises": 0,
                     "snake_eyes": False, "results": [{"total": 5, "success": True, "raises": 0}]}],
        "group": [], "free": False}
    assert (g.tests["Ada"].kind, g.tests["Cy"].kind) == ("roll", "roll")


def test_a_group_rolls_once_with_a_wild_die_in_full_json() -> None:
    g = crew()
    d = dice(3, 2)
    out = trait_check(g, d, "acolytes", "notice", table(), mod=-1)
    data = out.to_json()
    assert (data["name"], data["skill"], data["group"], data["helpers"]) == \
        ("Acolytes", "notice", ["Acolyte 1", "Acolyte 2"], [])
    assert (data["modifiers"], data["total"], data["wild"]) == ({"referee": -1}, 2, True)
    assert [r.label for r in d.rolls] == ["Acolytes: Notice", "Acolytes: Notice, Wild Die"]
    assert g.tests["Acolyte 1"].kind == "roll"


def test_a_group_with_one_member_left_standing_still_rolls_as_the_group() -> None:
    g = crew()
    g.character("Acolyte 1").add("incapacitated")
    data = trait_check(g, dice(3, 2), "Acolytes", "notice", table()).to_json()
    assert (data["name"], data["group"], data["free"], data["total"]) == ("Acolytes", ["Acolyte 2"], False, 3)
    assert trait_check(g, dice(3, 2), "Acolytes", "notice", table(), free=True).to_json()["free"] is True
    assert g.tests["Acolyte 2"].label == "Acolytes: Notice"


def test_the_lead_cannot_help_itself_and_a_fallen_helper_cannot_help() -> None:
    g = crew()
    assert refused(lambda: trait_check(g, dice(), "Ada", "notice", table(), helpers=["ada"]), BadInput) == \
        "Ada leads this roll; a helper is someone else"
    g.character("Cy").add("incapacitated")
    assert refused(lambda: trait_check(g, dice(), "Ada", "notice", table(), helpers=["Cy"])) == \
        "Cy is incapacitated and cannot act" + FORCE_HINT
    assert refused(lambda: trait_check(g, dice(), "Cy", "notice", table())) == \
        "Cy is incapacitated and cannot act" + FORCE_HINT


def test_an_opposed_roll_in_full_json_with_a_benny_try_that_only_ties() -> None:
    g = crew()
    g.dealt, g.phase, g.cut_in = True, "action", "Ada"
    ada = g.character("Ada")
    d = dice(5, 1, 5, 2, 4, 3)  # Ada 5 (Wild 1), a benny: 5 (Wild 2), no better: the first stands; Cy 4
    out = oppose(g, d, ada, "Agility", g.character("Cy"), None, table(), mod=1, bennies=1, actions=1)
    data = out.to_json()
    assert (data["name"], data["other"], data["winner"], data["tie"]) == ("Ada", "Cy", "Ada", False)
    assert data["rolls"]["Ada"]["wild_rolls"] == [[1]] and data["rolls"]["Ada"]["modifiers"] == {"referee": 1}
    assert [t["wild_rolls"] for t in data["tries"]] == [[[1]], [[2]]]
    assert ada.acted == ["agility"] and leftover(d) == []


def test_an_opposed_roll_refusals_word_for_word() -> None:
    g = crew()
    ada = g.character("Ada")
    assert refused(lambda: oppose(g, dice(), ada, "agility", ada, None, table(), bennies=0), BadInput) == \
        "Ada cannot oppose itself"
    ada.add("incapacitated")
    assert refused(lambda: oppose(g, dice(), ada, "agility", g.character("Cy"), None, table(), bennies=0)) == \
        "Ada is incapacitated and cannot act" + FORCE_HINT
    ada.drop("incapacitated")
    g.pools["Heroes"] = 0
    assert refused(lambda: oppose(g, dice(5, 1), ada, "agility", g.character("Cy"), None, table(), bennies=1)) == \
        "Ada has no benny left for a reroll before the opponent rolls (own 0, Heroes's pool 0)" + FORCE_HINT
    g.dealt, g.phase = True, "action"
    assert refused(lambda: oppose(g, dice(), ada, "Agility", g.character("Cy"), None, table(), bennies=0)) == \
        "Ada has no action card this round (surprised, or dealt out), so it cannot test Agility; " \
        "it is dealt in next round" + FORCE_HINT


def test_a_standoff_in_full_order_ties_and_snake_eyes_last() -> None:
    g = game([hero("Gone"), hero("Ada"), hero("Cy", wounds=3)], [extra("Goon"), extra("Grunt")])
    g.character("Gone").add("incapacitated")
    g.acting = 3
    d = dice(1, 1, 2, 1, 3, 2)  # Ada snake eyes (1); Cy 2-3 = -1 (Wild 1-3); Goon 3, Grunt 2
    order = standoff(g, d, table()).to_json()["order"]
    assert [(o["name"], o["total"], o["with"]) for o in order] == \
        [("Goon", 3, []), ("Grunt", 2, []), ("Cy", -1, []), ("Ada", 1, [])]
    assert order[0]["test"]["trait_rolls"] == [[3]]
    assert g.acting == 0 and g.tests["Ada"].kind == "roll" and leftover(d) == []
    assert refused(lambda: standoff(g, dice(), table())) == \
        "a standoff replaces the first deal; the cards are already out this round" + FORCE_HINT


def test_standoff_ties_name_each_other() -> None:
    g = game([hero("Ada")], [extra("Goon"), extra("Grunt")])
    order = standoff(g, dice(4, 1, 4, 3), table()).to_json()["order"]
    assert [(o["name"], o["total"], o["with"]) for o in order] == \
        [("Ada", 4, ["Goon"]), ("Goon", 4, ["Ada"]), ("Grunt", 3, [])]


@pytest.mark.parametrize("faces, mod, winner", [
    ((1, 1, 2, 1), 3, "Cy"),  # Ada's snake eyes (1+3 = 4) loses to Cy's 2
    ((3, 1, 1, 1), 0, "Ada"),  # Cy's snake eyes loses to Ada's 3
    ((2, 1, 4, 1), 0, "Cy"),
    ((3, 1, 3, 2), 0, None),
    ((2, 1, 1, 1), -85, "Ada"),  # Ada's -83 still beats Cy's snake eyes
])
def test_an_opposed_roll_is_won_by_the_higher_total_and_snake_eyes_always_loses(
        faces: tuple[int, ...], mod: int, winner: str | None) -> None:
    g = crew()
    data = oppose(g, dice(*faces), g.character("Ada"), "agility", g.character("Cy"), None, table(), bennies=0, mod=mod).to_json()
    assert (data["winner"], data["tie"], data["tries"]) == (winner, winner is None, [])


def test_a_test_against_another_target_number_keeps_it() -> None:
    g = crew()
    data = trait_check(g, dice(5, 1), "Ada", "notice", table(), tn=6).to_json()
    assert (data["tn"], data["total"], data["success"]) == (6, 5, False)


def test_the_first_opposed_roll_of_a_refereed_turn_asks_the_table_its_action_count() -> None:
    # 2026-12-02 (second session): `paying` handed no table went unseen (every oppose gave --actions).
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = crew()
    deal(g, dice("KS", "2C", "3C"), table())  # Ada's card is up
    t = table(numbers={"actions": 2})
    out = oppose(g, dice(4, 1, 3, 2), g.character("Ada"), "agility", g.character("Cy"), None, t, bennies=0)
    assert out.to_json()["rolls"]["Ada"]["modifiers"] == {"multi-action": -2} and g.character("Ada").paid == 2
    assert any(q.startswith("How many actions does Ada take this turn") for q in t.asked)


def test_a_group_test_in_a_refereed_turn_asks_its_count_once_and_every_member_pays_it() -> None:
    # 2026-12-02 (second session), as the three after it.
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = crew()
    deal(g, dice("2C", "3C", "KS"), table())  # the Acolytes' KS is up
    t = table(numbers={"actions": 2})
    out = trait_check(g, dice(4, 3), "Acolytes", "notice", t)  # one die for the group (Extras: no Wild Die)
    assert out.to_json()["modifiers"] == {"multi-action": -2}
    assert (g.character("Acolyte 1").paid, g.character("Acolyte 2").paid) == (2, 2)
    assert [q for q in t.asked if q.startswith("How many actions")] == [
        "How many actions does Acolyte 1 take this turn, this 1st one among them (not counting a run)? Every roll "
        "of the turn takes -2 for each beyond the first (W2)."]


def test_a_test_between_rounds_says_which_test_it_cannot_make() -> None:
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = crew()
    deal(g, dice("KS", "2C", "3C"), table())
    g.phase = "deal"
    assert refused(lambda: trait_check(g, dice(), "Ada", "Notice", table(), actions=1)) == (
        "round 1 has not been dealt yet: `deal` (or `next`) deals it, then Ada may test Notice when its card is up"
        + FORCE_HINT)


def test_a_free_test_with_a_helper_costs_the_helper_no_action_either() -> None:
    g = crew()
    out = trait_check(g, dice(3, 1, 2, 3), "Ada", "notice", table(), helpers=["Cy"], free=True)
    assert out.to_json()["helpers"][0]["modifiers"] == {}


def test_a_helper_whose_earlier_roll_paid_for_fewer_actions_is_refused_and_forced_pays_more() -> None:
    """W2 (2026-12-02, third session; the path of `trait_check` 62, equivalent): Pike, an Extra
    acting on Ada's card, has rolled Notice at one action; helping Ada's Shooting is its second
    action, so the earlier roll paid too little: refused (by the helper's `action`), saying how
    to put it right. Forced, the help is rolled at two actions (-2)."""
    from sprawl_cli.systems.savage_worlds.cards import deal

    def pike_has_rolled() -> Game:
        g = game([hero("Ada"), extra("Pike", squad="Heroes")], [extra("Goon")])
        deal(g, dice("KS", "2C"), table())
        assert trait_check(g, dice(4), "Pike", "notice", table(), actions=1).test["modifiers"] == {}
        assert (g.character("Pike").paid, g.character("Pike").acted) == (1, ["notice"])
        return g

    g = pike_has_rolled()
    assert refused(lambda: trait_check(g, dice(4, 4, 4), "Ada", "shooting", table(), actions=1,
                                       helpers=["Pike"])) == (
        "Pike's rolls this turn were made at 1 action (multi-action 0), and this makes 2: `undo` back to its first "
        "roll of the turn and give it `--actions 2` (W2: every roll pays for every action)" + FORCE_HINT)
    g, forced = pike_has_rolled(), table(force=True)  # a refused command is never saved: start again
    out = trait_check(g, dice(7, 4, 4), "Ada", "shooting", forced, actions=1, helpers=["Pike"])
    assert out.helpers[0]["modifiers"] == {"multi-action": -2} and out.helpers[0]["total"] == 5
    assert out.test["modifiers"] == {"cooperation": 1} and out.test["total"] == 5
    assert g.character("Pike").paid == 2 and len(forced.overruled) == 1
