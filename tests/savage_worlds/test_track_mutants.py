"""Savage Worlds' turn track (W4: the countdown of action cards), what the mutation run of
track.py found unchecked: with the selection `tests/savage_worlds/` (the run of 2026-12-02,
third session, 292 mutants) no test reached it at all, since its tests lived in the kernel's
`tests/test_turn_track.py`, which follows a scripted game through the command line and checks
a few places of it. These follow the track here, each place whole (who, state, card, note and
the names it stands for), through every state a place can be in: before the deal, the
countdown with a Joker, a card up, the last card, the round's end, a hold (on the card up, and
carried into the next round with no card), a cut-in, a card whose people all fell, a surprised
character, and the end of the game; and what a player reads of a character and a side at a
glance. Cards are scripted.

After these tests the run by name left 12 of 292. They showed one bug and some code that could
never matter, both in `track.py`: a round dealt while everyone held (no card up, the action
phase) was told "`next` (or `deal`) deals the cards for round 2", where `next` ends the round
(fixed: the test of it below); a wound's penalty written only when not 0 (it is never 0 with a
wound) and three `Place(..., [])` whose `[]` is the default (gone). Killed by the tests after
that run: an unknown suit after a two-character rank (`card_face` 13), two holders named on
the card up, a game over before a deal with nothing due. Left, equivalent: `turn_track`'s
`nexted = None` for `False` (read only as true or false).

`turn_track` again after a lone fallen character's card came to say why (it had been listed
twice): 250 mutants, 249 killed, the same `nexted = None` left; `track.py` whole 305 of 306.
"""

from __future__ import annotations

from sprawl_cli.api import DONE, HOLD, LATER, NEXT, NOW, OUT, SURPRISED, TurnTrack
from sprawl_cli.systems.savage_worlds.cards import advance, deal, hold
from sprawl_cli.systems.savage_worlds.model import Game
from sprawl_cli.systems.savage_worlds.track import card_face, glance, side_glance, turn_track
from tests.savage_worlds.helpers import dice, extra, game, hero, table

SHUFFLE = " · a Joker came up: the deck is shuffled before the next deal"


def places(t: TurnTrack) -> list[tuple[str, str, str, str, list[str]]]:
    return [(p.who, p.state, p.mark, p.note, p.names) for p in t.places]


def table_of_five() -> Game:
    """Ada (with her Extra Pike on her card) and Cy against Goon, two imps (a group: one card)
    and Boss; dealt RJ to Cy, KS to Ada, 10H to Goon, 5D to Boss and 2C to the imps."""
    g = game([hero("Ada"), extra("Pike", squad="Heroes"), hero("Cy")],
             [extra("Goon"), extra("Imp 1", group="imps"), extra("Imp 2", group="imps"), hero("Boss")])
    deal(g, dice("KS", "RJ", "10H", "2C", "5D"), table(choices={"joker": ["shared"]}))
    assert [e["name"] for e in g.order] == ["Cy", "Ada", "Goon", "Boss", "imps"]
    return g


def test_before_the_deal_the_track_says_to_deal_and_shows_only_the_fallen() -> None:
    g = game([hero("Ada"), hero("Cy")], [extra("Goon"), extra("Grunt")])
    g.character("Grunt").dead = True
    g.character("Cy").add("incapacitated")
    t = turn_track(g)
    assert (t.heading, t.due, t.over) == ("Round 1 · 54 cards left in the deck", "`next` (or `deal`) deals the cards",
                                          "")
    assert places(t) == [("Cy", OUT, "", "incapacitated", []), ("Grunt", OUT, "", "dead", [])]
    g.deck = []  # no deck yet and nothing dealt: the heading says only the round
    assert turn_track(g).heading == "Round 1"


def test_the_countdown_with_a_joker_up_first_names_who_acts_on_each_card() -> None:
    t = turn_track(table_of_five())
    assert (t.heading, t.due, t.over) == ("Round 1 · 49 cards left in the deck" + SHUFFLE, "", "")
    assert places(t) == [("Cy", NOW, "red Joker", "Joker", ["Cy"]), ("Ada", NEXT, "K♠", "", ["Ada", "Pike"]),
                         ("Goon", LATER, "10♥", "", ["Goon"]), ("Boss", LATER, "5♦", "", ["Boss"]),
                         ("imps", LATER, "2♣", "", ["Imp 1", "Imp 2"])]


def test_a_card_up_mid_round_and_the_last_card_says_the_round_ends_after_it() -> None:
    g = table_of_five()
    advance(g, dice(), table())
    assert places(turn_track(g))[:3] == [("Cy", DONE, "red Joker", "Joker", ["Cy"]),
                                         ("Ada", NOW, "K♠", "", ["Ada", "Pike"]), ("Goon", NEXT, "10♥", "", ["Goon"])]
    for _ in range(3):
        advance(g, dice(), table())
    t = turn_track(g)
    assert [p[1] for p in places(t)] == [DONE, DONE, DONE, DONE, NOW]
    assert t.due == "after this card the round ends: `next` deals the next"
    advance(g, dice(), table())  # the round ends
    t = turn_track(g)
    assert (t.heading, t.due, places(t)) == ("Round 2 · 49 cards left in the deck" + SHUFFLE,
                                             "`next` (or `deal`) deals the cards for round 2", [])


def test_a_hold_on_the_card_up_waits_there_and_is_listed_after_the_countdown() -> None:
    g = table_of_five()
    hold(g, g.character("Cy"), table())
    assert places(turn_track(g)) == [
        ("Cy", NOW, "red Joker", "on hold: Cy (`next` moves on)", []), ("Ada", NEXT, "K♠", "", ["Ada", "Pike"]),
        ("Goon", LATER, "10♥", "", ["Goon"]), ("Boss", LATER, "5♦", "", ["Boss"]),
        ("imps", LATER, "2♣", "", ["Imp 1", "Imp 2"]),
        ("Cy", HOLD, "red Joker", "may act when it chooses (`interrupt` to cut in)", ["Cy"])]
    advance(g, dice(), table())  # Cy's card is past; Cy still holds, listed once, after the countdown
    assert places(turn_track(g))[0] == ("Ada", NOW, "K♠", "", ["Ada", "Pike"])
    assert places(turn_track(g))[-1] == ("Cy", HOLD, "red Joker", "may act when it chooses (`interrupt` to cut in)",
                                         ["Cy"])
    assert len(turn_track(g).places) == 5


def test_a_cut_in_acts_now_and_the_card_up_waits_as_next() -> None:
    g = table_of_five()
    hold(g, g.character("Cy"), table())
    advance(g, dice(), table())
    advance(g, dice(), table())  # Goon's card is up
    g.cut_in = "Cy"
    t = turn_track(g)
    assert places(t) == [("Cy", NOW, "red Joker", "acting out of turn", ["Cy"]),
                         ("Ada", DONE, "K♠", "", ["Ada", "Pike"]), ("Goon", NEXT, "10♥", "", ["Goon"]),
                         ("Boss", LATER, "5♦", "", ["Boss"]), ("imps", LATER, "2♣", "", ["Imp 1", "Imp 2"])]
    assert t.due == ""


def test_a_hold_kept_into_the_next_round_has_no_card_and_cuts_in_with_none() -> None:
    """W4: a hold lasts into the next round, and the holder is dealt no card."""
    g = game([hero("Ada"), hero("Cy")], [extra("Goon")])
    deal(g, dice("KS", "QS", "2C"), table())
    hold(g, g.character("Ada"), table())
    for _ in range(3):
        advance(g, dice(), table())
    deal(g, dice("JS", "3C"), table())
    assert places(turn_track(g)) == [
        ("Cy", NOW, "J♠", "", ["Cy"]), ("Goon", NEXT, "3♣", "", ["Goon"]),
        ("Ada", HOLD, "", "may act when it chooses (`interrupt` to cut in)", ["Ada"])]  # not surprised
    g.cut_in = "Ada"
    assert places(turn_track(g)) == [("Ada", NOW, "no card", "acting out of turn", ["Ada"]),
                                     ("Cy", NEXT, "J♠", "", ["Cy"]), ("Goon", LATER, "3♣", "", ["Goon"])]


def test_a_card_whose_people_all_fell_is_out_and_each_fallen_one_is_named() -> None:
    g = table_of_five()
    for name in ("Imp 1", "Imp 2"):
        g.character(name).add("incapacitated")
    g.character("Boss").dead = True
    # A lone character's card says why once (it was listed twice: its card, then itself); a
    # group's card is out, and each of its fallen after it.
    assert places(turn_track(g))[3:] == [("Boss", OUT, "5♦", "dead", ["Boss"]), ("imps", OUT, "2♣", "", []),
                                        ("Imp 1", OUT, "", "incapacitated", []),
                                        ("Imp 2", OUT, "", "incapacitated", [])]
    g.character("Boss").dead = False
    g.character("Boss").add("incapacitated")
    assert places(turn_track(g))[3] == ("Boss", OUT, "5♦", "incapacitated", ["Boss"])
    g.character("Imp 1").drop("incapacitated")  # one imp up again: the card is the imps' once more
    assert places(turn_track(g))[4] == ("imps", LATER, "2♣", "", ["Imp 1"])


def test_a_surprised_character_sits_the_round_out_and_an_ambusher_holds() -> None:
    g = game([hero("Ada"), hero("Cy")], [extra("Native")])
    deal(g, dice(2, 1, 5, 2, "5S"), table(), ambushers=["Thugs"])  # Ada fails her Notice; Cy is dealt in
    t = turn_track(g)
    assert places(t) == [("Cy", NOW, "5♠", "", ["Cy"]),
                         ("Native", HOLD, "", "may act when it chooses (`interrupt` to cut in)", ["Native"]),
                         ("Ada", SURPRISED, "", "no card this round", ["Ada"])]
    assert (t.heading, t.due) == ("Round 1 · 53 cards left in the deck",
                                  "after this card the round ends: `next` deals the next")
    g.character("Ada").dead = True  # a fallen one with no card is out, not surprised
    assert places(turn_track(g))[-1] == ("Ada", OUT, "", "dead", [])


def test_a_finished_game_says_who_won_and_nothing_is_due() -> None:
    g = table_of_five()
    for _ in range(4):
        advance(g, dice(), table())  # the last card is up
    g.over, g.winner, g.reason = True, "Heroes", "the Thugs are out"
    t = turn_track(g)
    assert (t.due, t.over) == ("", "Game over: Heroes won (the Thugs are out).")
    assert t.sentence() == "Game over: Heroes won (the Thugs are out)."


def test_cards_as_players_write_them() -> None:
    assert [card_face(c) for c in ("KS", "10H", "2C", "AD", "RJ", "BJ", None, "", "5X", "10X")] == [
        "K♠", "10♥", "2♣", "A♦", "red Joker", "black Joker", "", "", "5X", "10X"]


def test_a_character_and_a_side_at_a_glance() -> None:
    g = table_of_five()
    ada, goon, boss = g.character("Ada"), g.character("Goon"), g.character("Boss")
    assert glance(ada) == ["card K♠", "Wild Card", "0 bennies", "Parry 6 · Toughness 5"]
    ada.wounds, ada.bennies = 1, 1
    assert glance(ada) == ["card K♠", "Wild Card", "1 wound (-1)", "1 benny", "Parry 6 · Toughness 5"]
    ada.wounds, ada.bennies = 3, 2
    assert glance(ada)[2:4] == ["3 wounds (-3)", "2 bennies"]
    assert glance(goon) == ["card 10♥", "Parry 6 · Toughness 5"]  # an Extra with no benny says none
    goon.bennies = 1
    assert glance(goon) == ["card 10♥", "1 benny", "Parry 6 · Toughness 5"]
    boss.card = None
    assert glance(boss)[0] == "Wild Card"
    g.pools["Thugs"] = 1
    assert side_glance(g, "Thugs") == ["1 benny in the pool", "the game master's side"]
    g.pools["Heroes"] = 2
    assert side_glance(g, "Heroes") == ["2 bennies in the pool"]
    del g.pools["Heroes"]
    assert side_glance(g, "Heroes") == []
    del g.pools["Thugs"]
    assert side_glance(g, "Thugs") == ["the game master's side"]


def test_a_round_dealt_while_everyone_holds_says_next_ends_it_not_that_it_deals() -> None:
    """W4: a hold lasts into the next round, whose deal then gives nobody a card: the countdown
    is empty in the action phase, and `next` ends the round (it deals nothing). The track said
    "`next` (or `deal`) deals the cards for round 2" here until the third session."""
    g = game([hero("Ada"), hero("Cy")], [extra("Goon")])
    deal(g, dice("KS", "QS", "2C"), table())
    for name in ("Ada", "Cy", "Goon"):
        hold(g, g.character(name), table())
        advance(g, dice(), table())
    deal(g, dice(), table())  # round 2: all three hold, no card is dealt
    assert (g.phase, g.order) == ("action", [])
    t = turn_track(g)
    assert t.due == "no card is up this round, only those on hold may act: `next` ends round 2"
    assert [(p.who, p.state) for p in t.places] == [("Ada", HOLD), ("Cy", HOLD), ("Goon", HOLD)]
    assert advance(g, dice(), table()).round_ended and g.round == 3 and g.phase == "deal"


def test_two_holders_on_the_card_up_are_both_named() -> None:
    g = game([hero("Ada"), extra("Pike", squad="Heroes")], [extra("Goon")])
    deal(g, dice("KS", "2C"), table())
    hold(g, g.character("Ada"), table())
    hold(g, g.character("Pike"), table())
    assert places(turn_track(g))[0] == ("Ada", NOW, "K♠", "on hold: Ada, Pike (`next` moves on)", [])


def test_a_game_over_before_a_deal_has_nothing_due() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    g.over, g.winner, g.reason = True, None, "the referee ended it"
    t = turn_track(g)
    assert (t.due, t.over) == ("", "Game over: No winner (the referee ended it).")
