"""The action deck (W4): a surprised character dealt in late, what the mutation run of
cards.py found unchecked. Cards are scripted."""

from __future__ import annotations

import pytest

from sprawl_cli.dice import DECK
from sprawl_cli.systems.savage_worlds.cards import deal, deal_late
from sprawl_cli.systems.savage_worlds.model import Game
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table


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
    assert deal_late(g, d, g.character("Ada")) == {"dealt": "9H", "order": [{"name": "Ada", "card": "9H"},
                                                                           {"name": "Cy", "card": "5S"}]}
    assert g.character("Ada").card == "9H" and "9H" not in g.deck and g.joker_dealt is False
    assert [r.label for r in d.rolls] == ["Ada: action card"]


def test_a_joker_dealt_late_means_a_shuffle_before_the_next_deal() -> None:
    g = ambushed()
    deal_late(g, dice("RJ"), g.character("Ada"))
    assert g.joker_dealt is True and g.order[0] == {"name": "Ada", "card": "RJ"}


def test_an_empty_deck_is_shuffled_keeping_the_cards_in_hand() -> None:
    g = ambushed()
    g.deck = []
    shuffles = g.shuffles
    deal_late(g, dice("9H"), g.character("Ada"))
    assert g.shuffles == shuffles + 1
    assert sorted(g.deck) == sorted(c for c in DECK if c not in ("5S", "9H"))


def test_dealt_in_late_after_every_card_has_acted() -> None:
    g = ambushed()
    g.acting = len(g.order)
    assert deal_late(g, dice("9H"), g.character("Ada"))["dealt"] == "9H"
    assert g.acting == 1


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
    assert deal_late(g, d, ada) == {"dealt": None}
    assert leftover(d) == ["9H"]
