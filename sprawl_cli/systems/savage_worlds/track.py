"""Savage Worlds' turn track (W4): the round's countdown of action cards, each with whoever
acts on it, the card up now, the Jokers marked, those on hold, those dealt no card, and
what a player needs of a character at a glance (its card, wounds and their penalty, bennies)."""

from __future__ import annotations

from sprawl_cli.systems.savage_worlds.model import Character, Game
from sprawl_cli.api import DONE, HOLD, LATER, NEXT, NOW, OUT, SURPRISED, Place, TurnTrack, over_sentence

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_WORDS = {"RJ": "red Joker", "BJ": "black Joker"}


def card_face(card: str | None) -> str:
    """A card as players write it: "KS" -> "K♠", "10H" -> "10♥", "RJ" -> "red Joker"."""
    if not card:
        return ""
    if card in JOKER_WORDS:
        return JOKER_WORDS[card]
    return card[:-1] + SUITS.get(card[-1], card[-1])


def turn_track(game: Game) -> TurnTrack:
    heading = f"Round {game.round}"
    if game.deck or game.dealt:
        heading += f" · {len(game.deck)} cards left in the deck"
    if game.joker_dealt:
        heading += " · a Joker came up: the deck is shuffled before the next deal"
    holders = [c for c in game.characters if c.has("on_hold") and not c.gone and c.name != game.cut_in]
    held = {c.name for c in holders}
    places: list[Place] = []
    if game.cut_in:
        who = game.character(game.cut_in)
        places.append(Place(who.name, NOW, card_face(who.card) or "no card", "acting out of turn", [who.name]))
    due = ""
    if game.phase == "deal":
        due = "`next` (or `deal`) deals the cards" + (f" for round {game.round}" if game.dealt else "")
    elif not game.order:  # dealt while every one still held (or sat out): no card came up
        due = f"no card is up this round, only those on hold may act: `next` ends round {game.round}"
    else:
        nexted = False
        for i, entry in enumerate(game.order):
            people = [c for c in game.characters if c.card == entry["card"]]
            standing = [c.name for c in people if not c.gone and c.name not in held and c.name != game.cut_in]
            waiting = [c.name for c in people if c.name in held]
            if not standing:
                if i == game.acting and waiting and not game.cut_in:  # its card is up, and all on it hold
                    places.append(Place(entry["name"], NOW, card_face(entry["card"]),
                                        f"on hold: {', '.join(waiting)} (`next` moves on)"))
                elif not waiting and not any(c.name == game.cut_in for c in people):
                    if [c.name for c in people] == [entry["name"]]:  # its own card: said once, with why
                        places.append(Place(entry["name"], OUT, card_face(entry["card"]),
                                            "dead" if people[0].dead else "incapacitated", [entry["name"]]))
                    else:  # a group's card (or a Wild Card's shared with Extras): each fallen one after
                        places.append(Place(entry["name"], OUT, card_face(entry["card"])))
                continue
            if i < game.acting:
                state = DONE
            elif i == game.acting:
                state = NEXT if game.cut_in else NOW
                nexted = nexted or bool(game.cut_in)
            elif not nexted:
                state, nexted = NEXT, True
            else:
                state = LATER
            note = "Joker" if entry["card"] in JOKER_WORDS else ""
            places.append(Place(entry["name"], state, card_face(entry["card"]), note, standing))
        if not nexted and not game.over:
            due = "after this card the round ends: `next` deals the next"
    for c in holders:
        places.append(Place(c.name, HOLD, card_face(c.card), "may act when it chooses (`interrupt` to cut in)",
                            [c.name]))
    for c in game.characters:
        if not c.gone and c.card is None and game.phase == "action" and c.name not in held and c.name != game.cut_in:
            places.append(Place(c.name, SURPRISED, "", "no card this round", [c.name]))
    for c in game.characters:
        if c.gone and not any(c.name in p.names for p in places):
            places.append(Place(c.name, OUT, "", "dead" if c.dead else "incapacitated"))
    return TurnTrack(heading, places, "" if game.over else due, over_sentence(game))


def glance(c: Character) -> list[str]:
    """What a player needs of `c` at a glance: its card, Wild Card, wounds and their penalty, bennies."""
    out = []
    if c.card:
        out.append(f"card {card_face(c.card)}")
    if c.wild_card:
        out.append("Wild Card")
    if c.wounds:
        out.append(f"{c.wounds} wound{'s' if c.wounds != 1 else ''} ({c.wound_penalty:+d})")  # never 0 with a wound
    if c.wild_card or c.bennies:
        out.append(f"{c.bennies} benn{'y' if c.bennies == 1 else 'ies'}")
    out.append(f"Parry {c.current_parry} · Toughness {c.base_toughness}")
    return out


def side_glance(game: Game, squad: str) -> list[str]:
    out = []
    if squad in game.pools:
        n = game.pools[squad]
        out.append(f"{n} benn{'y' if n == 1 else 'ies'} in the pool")
    if game.is_gm(squad):
        out.append("the game master's side")
    return out
