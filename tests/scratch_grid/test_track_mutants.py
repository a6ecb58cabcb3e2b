"""Scratch:Grid's turn track and glance (S6), pinned for mutation testing (mutmut 3.8.1) of
track.py, which no Scratch:Grid test reached before 2026-12-02: the heading with and without a
round limit, who is still to move or act (an escaped character is not, nor one that has moved and
acted, nor one an interrupting attack stopped), and each character's line at a glance.
"""

from __future__ import annotations

from sprawl_cli.systems.scratch_grid.track import glance, turn_track
from tests.scratch_grid.kit import OPEN5, ch, game



def test_the_track_names_who_is_still_to_move_or_act() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Al", "b1"), ch("Ann", "c1"), ch("Abe", "d1"), ch("Ari", "e1")],
             [ch("Zed", "e5")])
    g.character("Al").moved = g.character("Al").acted = True
    g.character("Ann").moved = True  # it may still act
    g.character("Abe").turn_over = True
    g.character("Ari").add("escaped")
    g.character("Ari").at = None
    assert turn_track(g).to_json() == {
        "heading": "Round 1, turn 1", "sentence": "Now: Red (its turn). Next: Blue.", "due": "",
        "over": "",
        "places": [{"who": "Red", "state": "now", "mark": "its turn", "note": "still to move or act: Ada, Ann",
                    "names": ["Ada", "Al", "Ann", "Abe"]},
                   {"who": "Blue", "state": "next", "mark": "", "note": "", "names": ["Zed"]}]}


def test_a_side_that_has_done_everything_and_a_round_limit() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "e5")])
    g.rounds = 3
    ada = g.character("Ada")
    ada.moved = ada.acted = True
    track = turn_track(g)
    assert track.heading == "Round 1 of 3, turn 1"
    assert track.places[0].note == "everyone has moved and acted"


def test_a_glance_at_each_character() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Al", "b1", statuses=["injured"]),
                     ch("Ann", "c1", statuses=["incapacitated", "injured"])],
             [ch("Zed", "e5")])
    ada, al = g.character("Ada"), g.character("Al")
    assert glance(g, ada) == ["healthy", "at a1", "yet to move and act"]
    ada.moved = True
    assert glance(g, ada) == ["healthy", "at a1", "has moved"]
    ada.acted = True
    assert glance(g, ada) == ["healthy", "at a1", "has moved and acted"]
    al.acted = True
    assert glance(g, al) == ["injured", "at b1", "has acted"]
    assert glance(g, g.character("Ann")) == ["incapacitated", "at c1", "yet to move and act"]
    assert glance(g, g.character("Zed")) == ["healthy", "at e5"]  # not its side's turn
    al.add("escaped")
    al.at = None
    assert glance(g, al) == ["injured"]
