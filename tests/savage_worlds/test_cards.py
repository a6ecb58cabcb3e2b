"""W4: the action deck: who is dealt a card, the countdown, Jokers and shuffles, hold,
interrupts, surprise; `next` walks the countdown."""

from __future__ import annotations

import pytest

from sprawl_cli.dice import DECK
from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.savage_worlds.cards import advance, card_key, deal, hold, interrupt
from sprawl_cli.systems.savage_worlds.model import Game
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table


def squads() -> object:
    return game([hero("Ada"), extra("Bo"), hero("Cy")],
                [hero("Boss"), extra("Z1", group="zombies"), extra("Z2", group="zombies"), extra("Lone")])


def test_countdown_ace_to_two_and_suits_spades_hearts_diamonds_clubs() -> None:
    cards = ["2C", "KH", "KS", "AD", "KD", "KC", "BJ", "RJ", "10H"]
    assert sorted(cards, key=card_key) == ["RJ", "BJ", "AD", "KS", "KH", "KD", "KC", "10H", "2C"]


def test_one_card_per_wild_card_group_and_gm_extra_players_extras_follow_their_wild_card() -> None:
    g = squads()
    d = dice("5H", "9C", "KS", "QD", "3S")
    out = deal(g, d, table())
    # roster order: Ada, Cy (Bo follows Ada), Boss, the zombies (at Z1), Lone
    assert [r.label for r in d.rolls] == ["Ada: action card", "Cy: action card", "Boss: action card",
                                          "zombies: action card", "Lone: action card"]
    assert out.order == [{"name": "Boss", "card": "KS"}, {"name": "zombies", "card": "QD"},
                         {"name": "Cy", "card": "9C"}, {"name": "Ada", "card": "5H"}, {"name": "Lone", "card": "3S"}]
    assert g.character("Bo").card == "5H" and out.followers == {"Bo": "Ada"}
    assert g.character("Z2").card == "QD"
    assert len(g.deck) == 49 and g.phase == "action"


def walk(g: Game) -> None:
    """`next` through the rest of the round."""
    while g.phase == "action":
        advance(g, dice(), table())


def test_a_joker_means_a_shuffle_before_the_next_deal() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("RJ", "2C"), table())
    assert g.joker_dealt and len(g.deck) == 52
    walk(g)
    out = deal(g, dice("RJ", "2C"), table())  # RJ is back: the deck was shuffled
    assert out.shuffled and out.round == 2


def test_no_joker_no_shuffle_dealt_cards_stay_out() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("5C", "2C"), table())
    walk(g)
    with pytest.raises(BadInput, match="not in the deck"):
        deal(g, dice("5C", "3C"), table())




def test_deck_out_midway_reshuffles_without_the_cards_in_hand() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    g.deck = ["4S"]
    with pytest.raises(BadInput, match="not in the deck"):
        deal(g, dice("4S", "4S"), table())
    g = game([hero("Ada")], [hero("Boss")])
    g.deck = ["4S"]
    out = deal(g, dice("4S", "9S"), table())
    assert out.reshuffled_midway and "4S" not in g.deck and len(g.deck) == 52


def test_hold_keeps_the_turn_across_rounds_without_a_card() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("5C", "2C"), table())
    hold(g, g.character("Ada"), table())
    walk(g)
    out = deal(g, dice("9D"), table())
    assert out.order == [{"name": "Boss", "card": "9D"}] and out.on_hold == ["Ada"]
    assert g.character("Ada").has("on_hold")


def test_hold_needs_a_card_this_round() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    with pytest.raises(RuleRefusal):
        hold(g, g.character("Ada"), table())


def test_interrupt_is_opposed_agility_holder_first_and_ends_the_hold() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("5C", "2C"), table())
    hold(g, g.character("Ada"), table())
    advance(g, dice(), table())  # Boss's card: the one acting now
    d = dice(5, 2, 3, 4)
    out = interrupt(g, d, g.character("Ada"), g.character("Boss"), table(), bennies=0)
    assert [r.label for r in d.rolls] == ["Ada: Agility", "Ada: Agility, Wild Die", "Boss: Agility",
                                          "Boss: Agility, Wild Die"]
    assert out.first == "Ada" and not g.character("Ada").has("on_hold")


def test_interrupt_tie_is_simultaneous_and_needs_a_hold() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    deal(g, dice("5C", "2C"), table())
    with pytest.raises(RuleRefusal, match="not on hold"):
        interrupt(g, dice(), g.character("Ada"), g.character("Boss"), table())
    hold(g, g.character("Ada"), table())
    advance(g, dice(), table())
    assert interrupt(g, dice(5, 2, 5, 1), g.character("Ada"), g.character("Boss"), table(), bennies=0).first is None


def test_surprise_ambushers_start_on_hold_and_victims_failing_notice_get_no_card() -> None:
    g = game([hero("Ada"), hero("Cy")], [extra("Native1"), extra("Native2")])
    d = dice(2, 1, 5, 2, "KS")  # Ada fails Notice (2, 1), Cy passes (5, 2); only Cy is dealt
    out = deal(g, d, table(), ambushers=["Thugs"])
    assert out.on_hold == ["Native1", "Native2"] and out.no_card == ["Ada"]
    assert out.order == [{"name": "Cy", "card": "KS"}]
    assert leftover(d) == []
    out = deal(g, dice("3H", "8D"), table())  # round 2: Ada is dealt in; the natives still hold
    assert out.order == [{"name": "Cy", "card": "8D"}, {"name": "Ada", "card": "3H"}]


def test_next_walks_the_countdown_then_ends_the_round() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    first = advance(g, dice("5C", "9C"), table())
    assert first.deal is not None and first.acting == {"name": "Boss", "card": "9C"} and g.side == 1
    second = advance(g, dice(), table())
    assert second.acting == {"name": "Ada", "card": "5C"} and g.side == 0
    third = advance(g, dice(), table())
    assert third.round_ended and g.round == 2 and g.phase == "deal"
    assert g.character("Ada").card is None


def test_defend_lasts_until_its_next_card_comes_up() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    advance(g, dice("5C", "9C"), table())
    g.character("Ada").add("defending")
    advance(g, dice(), table())
    assert not g.character("Ada").has("defending")


def test_a_round_limit_ends_the_game() -> None:
    g = game([hero("Ada")], [hero("Boss")], rounds=1)
    deal(g, dice("5C", "9C"), table())
    advance(g, dice(), table())
    advance(g, dice(), table())
    assert g.over and g.winner is None


def test_cards_must_be_in_the_deck() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    with pytest.raises(DiceShortage):
        deal(g, dice("5C"), table())
    assert len(DECK) == 54
