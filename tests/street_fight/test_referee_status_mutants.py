"""The referee's `set` and `status --json` for Street-Fight, pinned where a mutation run
(mutmut 3.8.1) of referee.py and status.py found the tests loose: each status set and cleared
with the bookkeeping behind it, the whole JSON of each, and the game's JSON.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.referee import set_status
from sprawl_cli.systems.street_fight.status import character_json, game_json
from tests.street_fight.build import game


def five() -> Game:
    return game({"Ada": "rifle", "Al": "rifle"}, {f"B{i}": "pistol" for i in range(1, 4)})


def said(g: Game, name: str, status: str, on: bool, statuses: list[str], note: str | None = None) -> None:
    key = status.strip().lower().replace("-", "_")
    assert set_status(g, g.character(name), status, on).to_json() == {
        "name": name, "status": key, "on": on, "statuses": statuses, "note": note}


def test_each_status_set_and_cleared_with_its_bookkeeping() -> None:
    g = five()
    ada, al = g.character("Ada"), g.character("Al")
    said(g, "B1", "casualty", True, ["casualty"], "counted for its squad's morale (F10)")
    said(g, "B1", "casualty", False, [])
    said(g, "Ada", "moved", True, ["moved"])
    assert ada.moved_inches == 5.0
    said(g, "Ada", "ran", True, ["moved", "ran"])
    assert ada.moved_inches == 9.0
    said(g, "Ada", "ran", False, ["moved"])
    assert ada.moved_inches == 5.0
    ada.still_moving = True
    said(g, "Ada", "moved", False, [])
    assert ada.moved_inches == 0.0 and ada.still_moving is False
    said(g, "Ada", "in-cover", True, [])
    assert ada.in_cover is True
    ada.aim_turns = 2
    said(g, "Ada", "aiming", True, ["aiming"])
    assert ada.aim_turns == 2
    ada.aim_turns = 0
    set_status(g, ada, "aiming", True)
    assert ada.aim_turns == 1
    said(g, "Ada", "aiming", False, [])
    assert ada.aim_turns == 0
    al.overwatch_spent = True
    al.add("falling_back")
    said(g, "Al", "overwatch", True, ["overwatch", "falling_back"])
    assert (al.overwatch_turn, al.overwatch_spent) == (1, False)
    said(g, "Al", "Sheltering", True, ["overwatch", "sheltering"])
    assert al.sheltering_turn == 1
    said(g, "Al", "sheltering", False, ["overwatch"])
    assert al.sheltering_turn is None


def test_a_casualty_taken_back_reopens_a_game_it_had_ended() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    set_status(g, g.character("Bo"), "casualty", True)
    assert g.over and g.winner == "Red"
    assert set_status(g, g.character("Bo"), "casualty", True).statuses == ("casualty",)
    set_status(g, g.character("Bo"), "casualty", False)
    assert (g.over, g.winner, g.reason) == (False, None, None)
    solo = game({"Ada": "rifle"}, {"Bo": "pistol"})
    assert set_status(solo, solo.character("Bo"), "casualty", True).note == ""


def test_what_cannot_be_set() -> None:
    g = five()
    with pytest.raises(BadInput) as unknown:
        set_status(g, g.character("Ada"), "dazed", True)
    assert str(unknown.value) == ("'dazed' is not a Street-Fight status; use one of casualty, moved, ran, aiming, "
                                  "overwatch, in_combat, falling_back, sheltering, in_cover")
    with pytest.raises(BadInput) as combat:
        set_status(g, g.character("Ada"), "in_combat", True)
    assert str(combat.value) == "close combat needs an opponent: `fight NAME TARGET` puts two figures in combat"
    ada, b1 = g.character("Ada"), g.character("B1")
    ada.engaged_with, b1.engaged_with = ["B1"], ["Ada"]
    set_status(g, ada, "in_combat", False)
    assert ada.engaged_with == [] and b1.engaged_with == []


def test_the_games_json_and_a_characters() -> None:
    g = five()
    set_status(g, g.character("B1"), "casualty", True)
    g.morale_of("Blue").last_cause = "Ada"
    assert game_json(g, g.character("Al")) == {
        "turn": 1, "order": ["Red", "Blue"], "initiative_rolls": [9, 2],
        "settings": {"initiative": "each", "morale": "on", "dice": "random"},
        "squads": [{"name": "Red", "figures": 2, "standing": 2, "morale_tests_due": 0, "last_casualty_cause": None},
                   {"name": "Blue", "figures": 3, "standing": 2, "morale_tests_due": 1,
                    "last_casualty_cause": "Ada"}],
        "characters": [character_json(g.character("Al"))],
        "todo": ["Red moves: up to 5\" a figure, or up to 9\" with no firing or entering cover this turn (F2); "
                 "declare `aim` or `overwatch` now (F3, F7)"]}
    assert [c["name"] for c in game_json(g)["characters"]] == ["Ada", "Al", "B1", "B2", "B3"]
    al = g.character("Al")
    al.add("overwatch")
    al.overwatch_large, al.weapon_roll, al.moved_inches, al.aim_turns = True, 55, 3.0, 2
    al.engaged_with = ["B2"]
    al.round_lost, al.lost_last_round, al.in_cover, al.fired_since_move = 1, True, True, True
    assert character_json(al) == {
        "name": "Al", "squad": "Red", "weapon": "rifle", "weapon_roll": 55, "statuses": ["moved", "aiming", "overwatch",
                     "in_combat"],
        "moved_inches": 3.0, "aim_turns": 2, "overwatch_large": True, "in_combat_with": ["B2"],
        "lost_last_round": al.lost_latest_round, "lost_round_penalty": True, "in_cover": True,
        "cover_given_away": True}
    al.add("casualty")
    data = character_json(al)
    assert (data["lost_last_round"], data["lost_round_penalty"], data["in_cover"], data["cover_given_away"]) == (
        False, False, False, False)


def test_clearing_casualty_on_a_standing_figure_or_the_winners_keeps_things_as_they_are() -> None:
    g = game({"Ada": "rifle", "Al": "rifle"}, {"Bo": "pistol"})
    set_status(g, g.character("Ada"), "casualty", False)
    assert g.character("Ada").statuses == [] and g.character("Ada").record.times_casualty == 0
    set_status(g, g.character("Bo"), "casualty", True)
    assert (g.over, g.winner) == (True, "Red")
    set_status(g, g.character("Al"), "casualty", False)
    assert (g.over, g.winner, g.reason) == (True, "Red", "Red is the last squad standing")


def test_overwatch_breadth_is_shown_only_on_overwatch() -> None:
    g = five()
    al = g.character("Al")
    al.overwatch_large = True
    assert character_json(al)["overwatch_large"] is None
