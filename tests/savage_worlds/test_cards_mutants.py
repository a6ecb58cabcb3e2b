"""The action deck (W4): dealing in late, the end of a round and of the game, hold and
interrupts, what the mutation run of cards.py found unchecked. Cards are scripted.

Survivors of cards.py (the second run, all 629 mutants, numbered as mutmut 3.8.1 numbers
them today), each equivalent:

- `deal` handing `character_test` no game (37) or `"NOTICE"` (48) for a Notice: never read, and
  lower-cased.
- `end_round` 34 (every side standing counted twice: the same leaders);
  `interrupt_tests` 2 and 19 (`character_test` never reads the game) and 13 and 30
  (`"AGILITY"`, lower-cased by `Character.trait`); `hold` 21, 26 and 27 (the words "go on
  hold" appear only in `my_turn`'s refusals before the deal or without a card, and `hold`
  refuses both itself first); `advance` 20 (a deal always gives someone a card while the
  game goes on, so the order is never empty there).
- `advance` 7 (the deal handed no table): `advance` deals only in the deal phase, where no
  card is still to come, and with no surprise, so the deal asks and refuses nothing.
- `card_key` 11 and 13 (every rank moved up one or two places): the order among the ranks
  stays, and every rank still sorts after the Jokers (a shift down, 14, ties the Ace with the
  red Joker and is killed).
- `_skip_empty` 2 (`<=`): the countdown's index may run one card past the end, which is read
  only as "past the end" (`up_now`, `advance`) and `end_round` sets back to 0.

The third run (2026-12-02, all 797 mutants after issue 34's table questions, numbered as mutmut
3.8.1 numbers them that day) left the same kinds, each equivalent: `card_key` 11 and 13,
`end_round` 36 (each side's count doubled: the same leaders), `deal` 46 and `interrupt` 56, 67
and 81 (upper-case trait names), `hold` 21, 26 and 27, and `deal_late` 45 (`<=` where `<`
compared the late card with the card up: every card is in the deck once, so the two are never
equal). It found six gaps, killed by the last five tests here: an end of round that left
`standoff_order` as None (a save holding it is refused when read back), an interrupt's `tries`
listed without a benny, a second interrupt won by a holder still waiting (its wait must end,
and only its own), the refusal's "no card is up", and a round dealt while everyone holds (no
card up: `next` must not read a first card; it also kills `_skip_empty` 2, whose index then ran
past an empty countdown). `interrupt` handed `first_roller` no dice, and nothing changed:
`first_roller` never read them, so the parameter is gone.

After `AdvanceOutcome` got its `phase` (2026-12-02, 05:23), the two functions that changed,
`advance` and `AdvanceOutcome.to_json`, were run again by name (third session, 77 mutants, 76
killed). Left, equivalent: `advance` 50, the phase left out of the outcome at a round's end,
where `end_round` has just set the game's phase to "deal", the outcome's default.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal

from sprawl_cli.dice import DECK
from sprawl_cli.systems.savage_worlds.cards import deal, deal_late
from sprawl_cli.systems.savage_worlds.model import Game
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"


def ambushed() -> Game:
    """Ada fails her Notice (2, Wild Die 1) and is not dealt in; Cy is dealt the 5S."""
    g = game([hero("Ada"), hero("Cy")], [extra("Native")])
    d = dice(2, 1, 5, 2, "5S")
    deal(g, d, table(), ambushers=["Thugs"])
    assert leftover(d) == [] and g.character("Ada").card is None and g.phase == "action"
    return g


def test_dealt_in_late_in_full_with_the_card_labelled() -> None:
    g = ambushed()
    d = dice("9H")
    assert deal_late(g, d, g.character("Ada")) == {"dealt": "9H", "order": [{"name": "Cy", "card": "5S"},
                                                                           {"name": "Ada", "card": "9H"}],
                                                   "next": True}  # above the 5S now up: it comes up next
    assert g.acting == 0
    assert g.character("Ada").card == "9H" and "9H" not in g.deck and g.joker_dealt is False
    assert [r.label for r in d.rolls] == ["Ada: action card"]


def test_a_joker_dealt_late_means_a_shuffle_before_the_next_deal() -> None:
    g = ambushed()
    deal_late(g, dice("RJ"), g.character("Ada"))
    assert g.joker_dealt is True and g.order[1] == {"name": "Ada", "card": "RJ"}


def test_an_empty_deck_is_shuffled_keeping_the_cards_in_hand() -> None:
    g = ambushed()
    g.deck = []
    shuffles = g.shuffles
    deal_late(g, dice("9H"), g.character("Ada"))
    assert g.shuffles == shuffles + 1
    assert sorted(g.deck) == sorted(c for c in DECK if c not in ("5S", "9H"))


def test_dealt_in_late_after_every_card_has_acted_says_why_not() -> None:
    g = ambushed()
    g.acting = len(g.order)
    d = dice("9H")
    assert deal_late(g, d, g.character("Ada")) == {
        "dealt": None, "why": "no round is under way to deal it into; it is dealt in with the next deal"}
    assert leftover(d) == ["9H"] and g.character("Ada").card is None


def test_a_card_dealt_late_below_the_card_up_takes_its_place_in_the_countdown() -> None:
    g = game([hero("Ada"), hero("Cy"), hero("Bo")], [extra("Native")])
    deal(g, dice(2, 1, 5, 2, 4, 2, "KS", "5S"), table(), ambushers=["Thugs"])  # Ada fails; Cy KS, Bo 5S
    assert deal_late(g, dice("9H"), g.character("Ada")) == {
        "dealt": "9H", "order": [{"name": "Cy", "card": "KS"}, {"name": "Ada", "card": "9H"},
                                 {"name": "Bo", "card": "5S"}], "next": False}
    assert g.acting == 0


@pytest.mark.parametrize("why", ["not the action", "has a card", "gone", "on hold"])
def test_nobody_is_dealt_in_late_who_need_not_or_cannot_be(why: str) -> None:
    g = ambushed()
    ada = g.character("Ada")
    if why == "not the action":
        g.phase = "deal"
    elif why == "has a card":
        ada.card = "2C"
    elif why == "gone":
        ada.add("incapacitated")
        assert ada.gone
    else:
        ada.add("on_hold")
    d = dice("9H")
    assert deal_late(g, d, ada) == ({"dealt": None} if why != "not the action" else {
        "dealt": None, "why": "no round is under way to deal it into; it is dealt in with the next deal"})
    assert leftover(d) == ["9H"]


def test_the_end_of_a_round_resets_everyone_and_the_countdown() -> None:
    from sprawl_cli.systems.savage_worlds.cards import end_round, shuffle

    g = ambushed()
    ada = g.character("Ada")
    ada.ran, ada.run_roll, ada.had_turn = True, 4, True
    g.standoff, g.acting, g.shuffles = True, 1, 2
    ada.add("on_hold")
    end_round(g)
    assert (ada.card, ada.ran, ada.run_roll, ada.had_turn, ada.has("on_hold")) == (None, False, 0, False, False)
    assert (g.standoff, g.order, g.acting, g.phase, g.over) == (False, [], 0, "deal", False)
    shuffle(g)
    assert g.shuffles == 3 and sorted(g.deck) == sorted(DECK)


@pytest.mark.parametrize("down, winner", [([], "Thugs"), (["Goon", "Grunt"], None),
                                         (["Goon", "Grunt", "Native"], "Heroes")])
def test_the_round_limit_ends_the_game_with_the_side_most_standing(down: list[str], winner: str | None) -> None:
    from sprawl_cli.systems.savage_worlds.cards import end_round

    g = game([hero("Ada"), hero("Cy")], [extra("Goon"), extra("Grunt"), extra("Native")])
    g.character("Cy").add("incapacitated")  # the Heroes have one standing
    for name in down:
        g.character(name).add("incapacitated")
    g.rounds, g.round = 2, 1
    end_round(g)
    assert (g.round, g.over, g.winner, g.reason) == (2, False, None, None)
    end_round(g)
    assert (g.over, g.winner, g.reason) == (True, winner, "the 2-round limit was reached")


def test_next_in_full_json_after_a_deal() -> None:
    from sprawl_cli.systems.savage_worlds.cards import advance

    g = game([hero("Ada")], [extra("Goon")])
    data = advance(g, dice("5S", "9H"), table()).to_json()
    assert (data["over"], data["reason"], data["round"], data["phase"], data["round_ended"]) == \
        (False, None, 1, "action", False)
    assert data["acting"] == {"name": "Goon", "card": "9H"} and data["deal"] is not None


def test_hold_refusals_word_for_word() -> None:
    from sprawl_cli.systems.savage_worlds.cards import hold

    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    with pytest.raises(RuleRefusal) as caught:
        hold(g, ada, table())
    assert str(caught.value) == "Ada has no action card this round; deal first" + FORCE_HINT
    g.phase, ada.card = "action", "9H"
    with pytest.raises(RuleRefusal):
        g.phase = "deal"
        hold(g, ada, table())
    ada.add("on_hold")
    with pytest.raises(BadInput) as bad:
        hold(g, ada, table())
    assert str(bad.value) == "Ada is already on hold"
    ada.drop("on_hold")
    ada.add("incapacitated")
    with pytest.raises(RuleRefusal) as caught:
        hold(g, ada, table())
    assert str(caught.value) == "Ada is incapacitated and cannot act" + FORCE_HINT


def held() -> Game:
    """Ada on hold while Boss's card (the 5C) is up."""
    g = game([hero("Ada")], [hero("Boss")])
    g.phase, g.dealt = "action", True
    g.order, g.acting = [{"name": "Boss", "card": "5C"}], 0
    g.character("Boss").card = "5C"
    g.character("Ada").add("on_hold")
    return g


@pytest.mark.parametrize("faces, first", [((5, 1, 3, 1), "Ada"), ((3, 1, 3, 2), None), ((2, 1, 3, 1), "Boss")])
def test_an_interrupt_in_full_json_and_rerolled_with_a_benny(faces: tuple[int, ...], first: str | None) -> None:
    from sprawl_cli.systems.savage_worlds.bennies import benny
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = held()
    d = dice(*faces)
    data = interrupt(g, d, g.character("Ada"), g.character("Boss"), table(), bennies=0).to_json()
    assert (data["name"], data["target"], data["first"], data["simultaneous"]) == ("Ada", "Boss", first, first is None)
    assert (data["rolls"]["Ada"]["trait_rolls"], data["rolls"]["Boss"]["trait_rolls"]) == ([[faces[0]]], [[faces[2]]])
    assert [r.label for r in d.rolls] == ["Ada: Agility", "Ada: Agility, Wild Die", "Boss: Agility",
                                         "Boss: Agility, Wild Die"]
    if first != "Ada":
        again = benny(g, dice(6, 1, 1), g.character("Ada"), table(force=True))  # 7 beats Boss's 3 (forced: W3)
        assert again.effects == {"first": "Ada", "simultaneous": False}
    else:
        again = benny(g, dice(5, 3), g.character("Boss"), table())  # 5 ties Ada's 5
        assert again.effects == {"first": None, "simultaneous": True}


def test_interrupt_refusals_word_for_word() -> None:
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = held()
    ada, boss = g.character("Ada"), g.character("Boss")
    with pytest.raises(BadInput) as bad:
        interrupt(g, dice(), ada, ada, table())
    assert str(bad.value) == "Ada cannot interrupt itself"
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), boss, ada, table())
    assert str(caught.value) == "Boss is not on hold; only a held action can interrupt" + FORCE_HINT
    ada.add("incapacitated")
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), ada, boss, table())
    assert str(caught.value) == "Ada is incapacitated and cannot act" + FORCE_HINT


def test_next_at_the_end_of_a_round_in_full_json_and_at_the_limit() -> None:
    from sprawl_cli.systems.savage_worlds.cards import advance

    g = game([hero("Ada")], [extra("Goon")])
    first = advance(g, dice("5S", "9H"), table()).to_json()
    assert (first["round"], first["phase"]) == (1, "action")
    g.soakable = {"Ada": {"before": {"wounds": 0, "statuses": []}, "taken": 1}}
    assert advance(g, dice(), table()).to_json()["acting"] == {"name": "Ada", "card": "5S"}
    assert g.soakable == {}
    g.rounds = 1
    assert advance(g, dice(), table()).to_json() == {
        "over": True, "reason": "the 1-round limit was reached", "round": 2, "phase": "deal", "acting": None,
        "round_ended": True, "deal": None}


@pytest.mark.parametrize("down, winner, reason", [
    (["Goon"], "Heroes", "the last side standing"),
    (["Goon", "Ada"], None, "nobody is left standing"),
])
def test_the_game_ends_with_the_last_side_standing_or_nobody(down: list[str], winner: str | None, reason: str) -> None:
    from sprawl_cli.systems.savage_worlds.cards import check_end

    g = game([hero("Ada")], [extra("Goon")])
    check_end(g)
    assert (g.over, g.winner, g.reason) == (False, None, None)
    for name in down:
        g.character(name).add("incapacitated")
    check_end(g)
    assert (g.over, g.winner, g.reason) == (True, winner, reason)


def test_a_hold_on_its_own_turn_ends_a_cut_in_and_keeps_the_turn() -> None:
    from sprawl_cli.systems.savage_worlds.cards import hold

    g = held()
    ada = g.character("Ada")
    ada.drop("on_hold")
    ada.card, g.cut_in, ada.had_turn = "9H", "Ada", True
    assert hold(g, ada, table()).to_json() == {"name": "Ada", "on_hold": True}
    assert (g.cut_in, ada.had_turn, ada.has("on_hold")) == (None, False, True)


@pytest.mark.parametrize("acted, moved", [(["fight:Sword"], 0.0), ([], 2.0)])
def test_a_hold_after_acting_or_moving_is_refused(acted: list[str], moved: float) -> None:
    from sprawl_cli.systems.savage_worlds.cards import hold

    g = held()
    ada = g.character("Ada")
    ada.drop("on_hold")
    ada.card, g.cut_in, ada.acted, ada.moved = "9H", "Ada", list(acted), moved
    with pytest.raises(RuleRefusal) as caught:
        hold(g, ada, table())
    assert str(caught.value) == \
        "Ada has acted or moved this turn already; a hold is taken instead of the turn" + FORCE_HINT


def test_a_hold_out_of_turn_says_it_cannot_go_on_hold() -> None:
    from sprawl_cli.systems.savage_worlds.cards import hold

    g = game([hero("Ada"), hero("Cy")], [extra("Goon")])
    g.phase, g.dealt = "action", True
    g.order = [{"name": "Cy", "card": "KS"}, {"name": "Ada", "card": "9H"}]
    g.character("Cy").card, g.character("Ada").card = "KS", "9H"
    with pytest.raises(RuleRefusal) as caught:
        hold(g, g.character("Ada"), table())
    assert "Ada acts on the 9H" in str(caught.value)
    g.character("Ada").had_turn = True
    with pytest.raises(RuleRefusal) as caught:
        hold(g, g.character("Ada"), table())
    assert str(caught.value) == "Ada has had its turn this round (9H); wait for the next deal" + FORCE_HINT


def test_next_in_the_middle_of_a_round_in_full_json() -> None:
    from sprawl_cli.systems.savage_worlds.cards import advance

    g = game([hero("Ada")], [extra("Goon")])
    advance(g, dice("5S", "9H"), table())  # round 1 dealt: Goon's 9H is up
    data = advance(g, dice(), table()).to_json()
    assert data == {"over": False, "reason": None, "round": 1, "phase": "action",
                    "acting": {"name": "Ada", "card": "5S"}, "round_ended": False, "deal": None}


def test_a_joker_leads_an_ace_dealt_before_it() -> None:
    from sprawl_cli.systems.savage_worlds.cards import card_key

    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("AS", "RJ"), table())  # Ada gets the AS, Boss the RJ
    assert [e["card"] for e in g.order] == ["RJ", "AS"]
    assert sorted(["2C", "AS", "BJ", "KH", "RJ", "KS"], key=card_key) == ["RJ", "BJ", "AS", "KS", "KH", "2C"]


def test_a_surprise_deal_in_full_json_with_a_follower_and_someone_down() -> None:
    g = game([hero("Ada"), extra("Pike"), hero("Cy")], [extra("Native")])
    g.character("Ada").add("incapacitated")  # down already: no Notice test, no card
    d = dice(5, 2, 1, "9H")  # Pike tests (5, an Extra); Cy fails (2, Wild 1): Pike acts on his own card
    out = deal(g, d, table(), ambushers=["Thugs"])
    data = out.to_json()
    assert [n["name"] for n in data["notice"]] == ["Pike", "Cy"]
    assert (data["round"], data["on_hold"], data["no_card"], data["followers"]) == (1, ["Native"], ["Cy"], {})
    assert data["order"] == [{"name": "Pike", "card": "9H"}] and leftover(d) == []
    assert data["shuffled"] is False and data["reshuffled_midway"] is False
    assert g.character("Cy").no_card_rounds == 0  # the round it sits out is this one


def test_a_deal_with_cards_still_to_come_names_them_and_a_late_surprise_is_refused() -> None:
    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    deal(g, dice("KS", "QS", "2C"), table())
    g.soakable = {"Boss": {"before": {"wounds": 0, "statuses": []}, "taken": 1}}
    with pytest.raises(RuleRefusal) as caught:
        deal(g, dice(), table())
    assert str(caught.value) == ("round 1 still has cards to come (QS Cy, 2C Boss); `next` brings them up and ends "
                                 "the round" + FORCE_HINT)
    t = table(force=True)
    deal(g, dice("3H", "4H", "5H"), t)
    assert g.soakable == {} and g.round == 2
    with pytest.raises(RuleRefusal) as caught:
        deal(g, dice(), table(), ambushers=["Thugs"])
    assert str(caught.value).startswith("round 2 still has cards")
    t = table(force=True)
    deal(g, dice(4, 1, 4, 1, "6H", "7H"), t, ambushers=["Thugs"])
    assert "a surprise opens a fight; this is round 3" in t.overruled  # the deal ends round 2 first


def test_a_card_coming_up_starts_a_fresh_turn_except_for_a_holder() -> None:
    from sprawl_cli.systems.savage_worlds.cards import advance

    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    deal(g, dice("2C", "3C", "KS"), table())  # Boss's KS is up; Cy's 3C next, then Ada's 2C
    ada, cy = g.character("Ada"), g.character("Cy")
    ada.acted, cy.acted = ["defend"], ["defend"]  # forced out of turn, say
    ada.add("on_hold")  # set on hold by the referee before her card
    advance(g, dice(), table())  # the 3C: Cy's turn starts afresh
    assert cy.acted == [] and ada.acted == ["defend"]
    advance(g, dice(), table())  # the 2C: Ada holds, and keeps what she did
    assert ada.acted == ["defend"]


def test_a_joker_shuffles_the_deck_once_before_the_next_deal() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("RJ", "5S"), table())
    assert g.joker_dealt
    from sprawl_cli.systems.savage_worlds.cards import advance

    while g.phase == "action":
        advance(g, dice(), table())
    out = deal(g, dice("4S", "3S"), table())
    assert out.shuffled and g.joker_dealt is False
    while g.phase == "action":
        advance(g, dice(), table())
    assert not deal(g, dice("4H", "3H"), table()).shuffled


def test_the_dead_do_nothing_whatever_the_referee_says() -> None:
    from sprawl_cli.systems.savage_worlds.movement import move

    g = game([hero("Ada", dead=True)], [hero("Boss")])
    with pytest.raises(RuleRefusal) as caught:
        move(g, g.character("Ada"), 1, table(force=True))
    assert str(caught.value) == "Ada is dead"


def test_cards_of_the_fallen_are_not_waited_for_and_holders_are_listed_in_roster_order() -> None:
    g = game([hero("Ada"), hero("Cy")], [hero("Zed"), hero("Abe")])
    deal(g, dice("KS", "QS", "2C", "3C"), table())  # Ada KS up; Cy QS, Abe 3C, Zed 2C to come
    g.character("Abe").add("incapacitated")
    with pytest.raises(RuleRefusal) as caught:
        deal(g, dice(), table())
    assert str(caught.value).startswith("round 1 still has cards to come (QS Cy, 2C Zed);")
    g = game([hero("Ada")], [hero("Zed"), hero("Abe")])
    out = deal(g, dice(5, 1, "9H"), table(), ambushers=["Thugs"])
    assert out.on_hold == ["Zed", "Abe"]


def test_the_end_of_a_round_leaves_an_empty_standoff_order_a_save_can_hold() -> None:
    """`standoff_order` is a list in every save (the save check refuses anything else), so the
    end of a round empties it rather than clearing it to nothing."""
    from sprawl_cli.systems.savage_worlds.cards import end_round

    g = ambushed()
    g.standoff_order = [{"name": "Ada", "total": 5, "standing": 1}]
    end_round(g)
    assert g.standoff_order == [] and isinstance(g.standoff_order, list)


def test_an_interrupt_without_a_benny_lists_no_tries() -> None:
    """The holder's tries are listed only when a benny bought a reroll: one roll is in `rolls`."""
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = held()
    out = interrupt(g, dice(5, 1, 3, 1), g.character("Ada"), g.character("Boss"), table(), bennies=0)
    assert out.tries == [] and out.to_json()["tries"] == []


@pytest.mark.parametrize("waiting, left", [("Ada", None), ("Cy", "Cy")])
def test_a_holder_that_wins_a_second_interrupt_stops_waiting_and_nobody_else_does(
        waiting: str, left: str | None) -> None:
    """Ada lost an interrupt on Boss and waits for him (she keeps her hold); she cuts in again
    and wins: she acts now, and waits no more. Another holder's wait is not hers to end."""
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = held()
    g.characters.append(hero("Cy"))
    g.waiting = {"name": waiting, "target": "Boss", "done": False}
    out = interrupt(g, dice(5, 1, 3, 1), g.character("Ada"), g.character("Boss"), table(), bennies=0)
    assert out.first == "Ada" and g.cut_in == "Ada"
    if left is None:
        assert g.waiting is None
    else:
        assert g.waiting == {"name": left, "target": "Boss", "done": False}


def test_an_interrupt_of_someone_not_acting_says_what_is_up_in_each_case() -> None:
    """The refusal names what is going on: a cut-in's turn, the card up, or no card at all (a
    deal where everyone standing was still on hold gave out no card)."""
    from sprawl_cli.systems.savage_worlds.cards import interrupt

    g = held()
    g.characters.append(hero("Cy"))
    ada, cy = g.character("Ada"), g.character("Cy")
    lead = "Ada can interrupt only the one acting now, and Cy is not: "
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), ada, cy, table())
    assert str(caught.value) == lead + "the 5C is up (Boss)" + FORCE_HINT
    g.cut_in = "Boss"
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), ada, cy, table())
    assert str(caught.value) == lead + "Boss is taking its turn" + FORCE_HINT
    g = game([hero("Ada"), hero("Cy")], [hero("Boss")])
    for c in g.characters:
        c.add("on_hold")
    g.dealt = True
    deal(g, dice(), table())  # every one of them still holds: no card is dealt
    assert (g.phase, g.order, g.acting) == ("action", [], 0)
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), g.character("Ada"), g.character("Cy"), table())
    assert str(caught.value) == lead + "no card is up" + FORCE_HINT
    g.phase = "deal"
    with pytest.raises(RuleRefusal) as caught:
        interrupt(g, dice(), g.character("Ada"), g.character("Cy"), table())
    assert str(caught.value) == lead + "no card is up" + FORCE_HINT


def test_next_deals_a_round_where_everyone_still_holds_and_nobody_is_up() -> None:
    """Everyone standing kept a hold into the new round: `next` deals no card, so no card is
    up (holders may still act), and the next `next` ends the round."""
    from sprawl_cli.systems.savage_worlds.cards import advance

    g = game([hero("Ada")], [hero("Boss")])
    for c in g.characters:
        c.add("on_hold")
    g.dealt = True
    data = advance(g, dice(), table()).to_json()
    assert (data["acting"], data["round"], data["deal"]["order"], data["deal"]["on_hold"]) == \
        (None, 1, [], ["Ada", "Boss"])
    assert data["phase"] == g.phase == "action"  # the holders may act: the JSON says what the save holds
    assert advance(g, dice(), table()).to_json()["round_ended"] is True and g.round == 2
