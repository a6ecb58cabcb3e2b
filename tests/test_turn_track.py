"""The turn track (issue 35): whose go it is and who comes next, as each system gives it
(`System.turn_track`), followed through scripted games of every system and the test kit's
Coinflip; what the live page and `play`'s status line make of it; and the page's words
(no status key as stored)."""

from __future__ import annotations

import re

import pytest

from sprawl_cli import systems
from sprawl_cli.play import status_line
from sprawl_cli.render.table_page import game_view
from sprawl_cli.store import GameStore
from sprawl_cli.turntrack import DONE, HOLD, LATER, NEXT, NOW, OUT, SURPRISED, Place, TurnTrack
from tests.factory import ROOT

SW = ["new", "--system", "savage-worlds", "--squad", str(ROOT / "rosters/savage-worlds/expedition.yaml"),
      "--squad", str(ROOT / "rosters/savage-worlds/cult.yaml")]


def track(sprawl) -> TurnTrack:
    game = GameStore(sprawl.save).load()
    return systems.get(game.system).turn_track(game)


def states(t: TurnTrack) -> list[tuple[str, str, str]]:
    return [(p.state, p.who, p.mark) for p in t.places]


def line(sprawl) -> str:
    return status_line(GameStore(sprawl.save).load())


def run(sprawl, *args: str) -> None:
    result = sprawl(*args)
    assert result.exit_code == 0, (args, result.stderr)


# --- the structure ----------------------------------------------------------------------

def test_the_sentence_names_the_one_now_the_next_and_counts_the_rest():
    t = TurnTrack("Round 2", [Place("Priestess", DONE, "A♠"), Place("Kate", NOW, "Q♥"), Place("Boss", NEXT, "J♠"),
                              Place("the thugs", LATER, "10♠"), Place("Ada", LATER, "9♣"), Place("Jo", LATER, "2♣"),
                              Place("Bo", OUT), Place("Cy", HOLD), Place("Di", SURPRISED)])
    assert t.sentence() == "Now: Kate (Q♥). Next: Boss (J♠), then the thugs (10♠), then Ada (9♣), and 1 more."
    assert [p.who for p in t.coming()] == ["Boss", "the thugs", "Ada", "Jo"]
    assert t.to_json()["places"][1] == {"who": "Kate", "state": "now", "mark": "Q♥", "note": "", "names": []}


def test_a_track_with_nobody_up_says_what_is_due_and_a_finished_one_who_won():
    assert TurnTrack("Round 3", [], due="`deal` the cards").sentence() == "`deal` the cards."
    assert TurnTrack("Round 3", [Place("A", NOW)], over="Game over: Crows won.").sentence() == "Game over: Crows won."


# --- Savage Worlds: the countdown of cards, a Joker, a hold, an interrupt ----------------

def test_savage_worlds_follows_the_countdown_a_joker_a_hold_and_an_interrupt(sprawl):
    run(sprawl, *SW)
    t = track(sprawl)
    assert t.now() == [] and "deals the cards" in t.due and line(sprawl) == "Round 1 | Expedition | deal"
    run(sprawl, "deal", "--dice", "KS,10H,RJ,2C,5D")
    t = track(sprawl)
    assert states(t) == [(NOW, "Priestess", "red Joker"), (NEXT, "Ada", "K♠"), (LATER, "Jonah", "10♥"),
                         (LATER, "hounds", "5♦"), (LATER, "acolytes", "2♣")]
    assert t.places[0].note == "Joker" and t.places[1].names == ["Ada", "Pike"]
    assert t.sentence().startswith("Now: Priestess (red Joker). Next: Ada (K♠), then Jonah (10♥)")
    assert "up: Priestess (red Joker) | next: Ada (K♠)" in line(sprawl)
    run(sprawl, "next")
    assert states(track(sprawl))[:3] == [(DONE, "Priestess", "red Joker"), (NOW, "Ada", "K♠"), (NEXT, "Jonah", "10♥")]
    run(sprawl, "next")
    run(sprawl, "hold", "Jonah")
    t = track(sprawl)
    assert (NOW, "Jonah", "10♥") in states(t) and t.places[-1].state == HOLD and t.places[-1].names == ["Jonah"]
    assert "on hold: Jonah" in line(sprawl)  # the status line says the status in words, not `on_hold`
    run(sprawl, "next")
    assert states(track(sprawl))[2:4] == [(NOW, "hounds", "5♦"), (NEXT, "acolytes", "2♣")]
    run(sprawl, "interrupt", "Jonah", "Hound", "--bennies", "0", "--dice", "5,2,3")
    t = track(sprawl)
    assert (t.places[0].state, t.places[0].who, t.places[0].note) == (NOW, "Jonah", "acting out of turn")
    assert (NEXT, "hounds", "5♦") in states(t)  # the hound's card waits for the cut-in
    run(sprawl, "next")
    run(sprawl, "next")
    t = track(sprawl)
    assert t.now() == [] and "round 2" in t.due


def test_savage_worlds_marks_the_fallen_and_those_dealt_no_card(sprawl):
    run(sprawl, *SW)
    run(sprawl, "deal", "--dice", "KS,10H,RJ,2C,5D")
    run(sprawl, "set", "Hound", "incapacitated", "on")
    assert (OUT, "hounds", "5♦") in states(track(sprawl))
    game = GameStore(sprawl.save).load()
    game.character("Jonah").card = None  # as a surprised character that missed its Notice is dealt none
    assert [p for p in systems.get(game.system).turn_track(game).places if p.state == SURPRISED][0].who == "Jonah"


def test_savage_worlds_card_shows_wounds_with_their_penalty_and_bennies(sprawl):
    run(sprawl, *SW)
    run(sprawl, "deal", "--dice", "KS,10H,RJ,2C,5D")
    run(sprawl, "wounds", "Ada", "2")
    game = GameStore(sprawl.save).load()
    system = systems.get(game.system)
    assert system.glance(game, game.character("Ada"))[:4] == ["card K♠", "Wild Card", "2 wounds (-2)", "0 bennies"]
    assert system.side_glance(game, game.squads[1]) == ["2 bennies in the pool", "the game master's side"]


# --- Gunplay: the activation and its actions left ---------------------------------------

def test_gunplay_follows_an_activation_and_hands_the_turn_on(sprawl):
    sprawl.new("--seed", "3", system="gunplay")
    t = track(sprawl)
    assert states(t) == [(NOW, "Wardens", "picks one to activate"), (NEXT, "Crows", "")]
    run(sprawl, "move", "Ruth")
    t = track(sprawl)
    assert states(t)[0] == (NOW, "Ruth", "1 action left") and t.places[0].note == "activating for Wardens"
    assert states(t)[1:] == [(LATER, "Wardens", ""), (NEXT, "Crows", "")]
    assert "up: Ruth (1 action left) | next: Crows" in line(sprawl)
    run(sprawl, "done", "Ruth")
    t = track(sprawl)
    assert states(t) == [(NEXT, "Wardens", ""), (NOW, "Crows", "picks one to activate")]
    assert "done: Ruth" in t.places[0].note


# --- SPRAWL, Street-Fight, Scratch:Grid: the side to play and its phase -----------------

def test_sprawl_follows_the_phase(sprawl):
    sprawl.new("--seed", "3")
    t = track(sprawl)
    assert t.heading == "Round 1, turn 1, Movement phase"
    assert states(t) == [(NOW, "People's Liberation Front", "Movement phase"), (NEXT, "S.U.I.T. #13", "")]
    assert t.due.startswith("Chargers first")
    run(sprawl, "next")
    t = track(sprawl)
    assert t.heading == "Round 1, turn 1, Ranged Combat phase" and t.places[0].mark == "Ranged Combat phase"


def test_street_fight_orders_the_sides_by_initiative_and_counts_who_stands(sprawl):
    sprawl.new("--seed", "3", system="street-fight")
    game = GameStore(sprawl.save).load()
    t = track(sprawl)
    first = game.squads[game.order[0]].name
    assert t.places[0].who == first and t.places[0].state == NOW and t.places[0].mark == "Movement phase"
    assert systems.get("street-fight").side_glance(game, game.squads[0]) == ["4 of 4 standing"]
    run(sprawl, "next")  # the other side moves; then the first shoots
    t = track(sprawl)
    assert [(p.state, p.note) for p in t.places if p.who == first] == [(NEXT, "Shooting phase")]


def test_scratch_grid_hands_the_turn_to_the_other_side(sprawl):
    sprawl.new("--seed", "3", system="scratch-grid")
    assert states(track(sprawl)) == [(NOW, "Raiders", "its turn"), (NEXT, "Wardens", "")]
    assert "still to move or act: Vex, Mord, Sable" in track(sprawl).places[0].note
    run(sprawl, "next")
    assert states(track(sprawl)) == [(NEXT, "Raiders", ""), (NOW, "Wardens", "its turn")]
    assert track(sprawl).places[0].note == "next round"


def test_a_finished_game_says_who_won_and_nobody_is_up(sprawl):
    sprawl.new("--seed", "3", system="scratch-grid")
    for who in ("Ada", "Brannock", "Cress"):
        run(sprawl, "set", who, "incapacitated", "on", "--force")
    t = track(sprawl)
    assert t.over.startswith("Game over: Raiders won (") and t.sentence() == t.over
    assert t.now() == [] and t.coming() == []
    assert 'id="over"' in game_view(sprawl.save) and 'id="now"' not in game_view(sprawl.save)


def test_coinflip_gives_a_track_too():
    from sprawl_cli.model import Squad
    from tests.coinflip.model import Character, Game
    from tests.coinflip.system import SYSTEM

    game = Game(squads=[Squad("Heads", "", ["Ann"], ""), Squad("Tails", "", ["Bo"], "")],
                characters=[Character("Ann", "Heads"), Character("Bo", "Tails")])
    assert states(SYSTEM.turn_track(game)) == [(NOW, "Heads", "to flip"), (NEXT, "Tails", "")]
    game.side = 1
    assert states(SYSTEM.turn_track(game)) == [(NEXT, "Heads", ""), (NOW, "Tails", "to flip")]
    assert SYSTEM.glance(game, game.characters[0]) == ["3 Health"]
    game.characters[0].add("down")  # Heads has nobody standing: out, and Tails plays on into the next round
    assert states(SYSTEM.turn_track(game)) == [(OUT, "Heads", ""), (NOW, "Tails", "to flip")]


# --- the page: the turn first, in each system's words -----------------------------------

STORED_KEYS = ("refereed", "shuffle_due", "shuffle due", "gm yes", "on_hold", "actions_left", "wild_card", " yes<",
               "damage_rule", "moved_inches", "max_health")


@pytest.mark.parametrize("system", ["sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid"])
def test_the_page_opens_with_the_turn_and_prints_no_status_key(sprawl, system):
    if system == "savage-worlds":
        run(sprawl, *SW)
        run(sprawl, "deal", "--dice", "KS,10H,RJ,2C,5D")
        run(sprawl, "hold", "Priestess")
    else:
        sprawl.new("--seed", "3", system=system)
    view = game_view(sprawl.save)
    t = track(sprawl)
    assert view.index('id="now"') < view.index('class="log newest"') < view.index('id="order"') \
        < view.index('class="side')
    now = re.search(r'id="now">(.*?)</p>', view)
    assert now and t.now()[0].who.replace("'", "&#x27;") in now.group(1)
    for key in STORED_KEYS:
        assert key not in view, key
