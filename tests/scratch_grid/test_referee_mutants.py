"""The referee's `set NAME STATUS on|off`, pinned where a mutation run (mutmut 3.8.1) of
referee.py found the tests loose: the whole JSON, each note and refusal, the turn a hold or a
delay lasts to, the books left as they were (a correction is not play).
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.scratch_grid.model import Game
from sprawl_cli.systems.scratch_grid.referee import set_status
from tests.scratch_grid.kit import OPEN5, ch, game


def two() -> Game:
    return game(OPEN5, [ch("Ada", "a1"), ch("Al", "b1")], [ch("Zed", "e5")])


def test_a_status_already_as_asked_changes_nothing_and_says_so() -> None:
    g = two()
    assert set_status(g, g.character("Ada"), "injured", False).to_json() == {
        "name": "Ada", "status": "injured", "on": False, "changed": False, "notes": []}
    g.character("Al").add("evading")
    assert set_status(g, g.character("Al"), "evading", True).to_json() == {
        "name": "Al", "status": "evading", "on": True, "changed": False, "notes": []}


def test_an_unknown_status_lists_the_known_ones() -> None:
    g = two()
    with pytest.raises(BadInput) as caught:
        set_status(g, g.character("Ada"), "dazed", True)
    assert str(caught.value) == ("'dazed' is not a Scratch:Grid status; use one of injured, incapacitated, "
                                 "immobilised, evading, escaped, delayed")


def test_a_hold_or_a_delay_set_by_hand_lasts_to_the_end_of_the_characters_next_turn() -> None:
    g = two()
    zed = g.character("Zed")
    assert set_status(g, zed, "immobilised", True).to_json() == {
        "name": "Zed", "status": "immobilised", "on": True, "changed": True, "notes": ["until the end of turn 2"]}
    assert zed.immobilised_turn == 2 and zed.statuses == ["immobilised"]
    assert set_status(g, zed, "delayed", True).notes == ["until the end of turn 2"]
    assert zed.delayed_turn == 2 and zed.delayed_turn == zed.immobilised_turn
    ada = g.character("Ada")
    set_status(g, ada, "delayed", True)
    assert ada.delayed_turn == 1 and ada.immobilised_turn is None
    assert set_status(g, zed, "immobilised", False).to_json() == {
        "name": "Zed", "status": "immobilised", "on": False, "changed": True, "notes": []}
    assert zed.immobilised_turn is None and zed.delayed_turn == 2
    set_status(g, zed, "delayed", False)
    assert zed.delayed_turn is None and zed.statuses == []


def test_injured_by_hand_revives_an_incapacitated_character_and_nothing_else_does() -> None:
    g = two()
    ada, al = g.character("Ada"), g.character("Al")
    set_status(g, ada, "incapacitated", True)
    assert ada.statuses == ["incapacitated"] and ada.record.times_incapacitated == 0
    set_status(g, ada, "injured", True)
    assert ada.statuses == ["injured"]
    set_status(g, al, "incapacitated", True)
    set_status(g, al, "evading", True)
    assert sorted(al.statuses) == ["evading", "incapacitated"]


def test_an_escape_set_and_taken_back_by_hand() -> None:
    g = two()
    ada = g.character("Ada")
    set_status(g, ada, "escaped", True)
    assert ada.at is None and ada.left_from == "a1" and ada.record.escaped == 0
    assert set_status(g, ada, "escaped", False).to_json() == {
        "name": "Ada", "status": "escaped", "on": False, "changed": True, "notes": ["Ada is back at a1"]}
    assert (ada.at, ada.left_from, ada.statuses) == ("a1", None, [])


def test_an_escape_cannot_be_taken_back_to_an_unknown_or_taken_space() -> None:
    g = two()
    ada = g.character("Ada")
    ada.add("escaped")
    ada.at = None
    with pytest.raises(BadInput) as unknown:
        set_status(g, ada, "escaped", False)
    assert str(unknown.value) == "nobody knows where Ada left the map; `sprawl undo` takes back the escape"
    ada.left_from = "b1"
    with pytest.raises(BadInput) as taken:
        set_status(g, ada, "escaped", False)
    assert str(taken.value) == ("Ada cannot be put back at b1: someone stands there; `sprawl undo` takes back the "
                                "escape instead")
