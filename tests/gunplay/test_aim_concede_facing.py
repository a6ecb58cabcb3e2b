"""Issue 33's Gunplay points, each through the command line with scripted dice: an aim lapses
with its activation (G10), `set NAME down|removed off` brings no aim back, a side conceding in
the middle of an activation leaves a game that plays on, and a quick move's facing (G11)."""

from __future__ import annotations

from typing import Any

from tests.gunplay.test_cli import refused, start, who
from tests.gunplay.test_table_play import three_sides


def finish_turn_one(sprawl: Any) -> None:
    """Everyone but Kit (already done) ends its activation, in the order the sides alternate."""
    for name in ("Vic", "Sheriff Hale", "Marla", "Ruth", "Dutch"):
        sprawl.json("done", name)


# --- G10: an aim lapses with its activation -------------------------------------------------


def test_an_aim_as_the_last_action_lapses_and_the_next_turns_first_fire_is_not_aimed(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("pass", "Kit")
    data = sprawl.json("aim", "Kit", "Vic")
    assert data["activation_over"] is True and data["lapsed"] is True and data["target"] == "Vic"
    assert who(sprawl, "Kit")["aiming_at"] is None
    sprawl.json("undo")
    shown = sprawl("aim", "Kit", "Vic", env={"NO_COLOR": "1"}).stdout
    assert "The aim lapses with the activation: it counts only for a fire as its next action in the same " \
           "activation (G10, house)." in shown
    finish_turn_one(sprawl)
    assert sprawl.json("next", "--dice", "2,9")["side"] == "Wardens"
    # Some cover is moderate (beat 6); an aim still counted would make it easy (beat 3).
    data = sprawl.json("fire", "Kit", "Vic", "--range", "close", "--cover", "some", "--dice", "5", "--yes")
    assert data["aim"] is None and data["aimed"] is False and data["column"] == "moderate" and data["hits"] == 0


def test_an_aim_as_the_first_action_still_counts_for_the_second(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("aim", "Kit", "Vic")
    assert data["lapsed"] is False and data["actions_left"] == 1
    assert "lapses" not in sprawl("status", env={"NO_COLOR": "1"}).stdout
    data = sprawl.json("fire", "Kit", "Vic", "--range", "close", "--cover", "some", "--dice", "5,2", "--yes")
    assert data["aimed"] is True and data["column"] == "easy" and data["hits"] == 1


def test_done_after_an_aim_ends_the_aim_too(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("aim", "Kit", "Vic")
    sprawl.json("done", "Kit")
    assert who(sprawl, "Kit")["aiming_at"] is None


def test_g10_is_listed_as_house(sprawl: Any) -> None:
    start(sprawl)
    assert any(h.startswith("G10") for h in sprawl.json("status")["house"])
    assert "G3, G5, G6, G7, G9, G10" in sprawl("status", env={"NO_COLOR": "1"}).stdout
    assert "G10: an aim lapses when its activation ends" in sprawl("rules", "house", env={"NO_COLOR": "1"}).stdout


# --- the referee's set brings no aim back ---------------------------------------------------


def test_set_down_on_then_off_brings_no_aim_back(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("aim", "Ruth", "Vic")
    sprawl.json("set", "Ruth", "down", "on")
    sprawl.json("set", "Ruth", "down", "off")
    ruth = who(sprawl, "Ruth")
    assert ruth["aiming_at"] is None and ruth["statuses"] == [] and ruth["activated"] is True


def test_set_removed_on_then_off_brings_no_aim_back(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("aim", "Ruth", "Vic")
    sprawl.json("set", "Ruth", "removed", "on")
    sprawl.json("set", "Ruth", "removed", "off")
    assert who(sprawl, "Ruth")["aiming_at"] is None
    # The carbine's two dice in the open: easy (beat 3); an aim brought back would make it automatic.
    data = sprawl.json("fire", "Ruth", "Vic", "--cover", "open", "--range", "close", "--dice", "2,3", "--yes")
    assert data["aim"] is None and data["column"] == "easy" and data["rolls"] == [2, 3] and data["hits"] == 0


# --- a concession in the middle of an activation ---------------------------------------------


def test_the_acting_side_conceding_mid_activation_leaves_a_game_that_plays_on(sprawl: Any, snapshot: Any) -> None:
    three_sides(sprawl)  # Wardens, Outlaws, Crows
    assert sprawl.json("pass", "Ruth")["actions_left"] == 1
    data = sprawl.json("concede", "Wardens")
    assert data["over"] is False and "Ruth" in data["removed"]
    status = sprawl.json("status")
    assert status["side"] == "Outlaws" and status["active"] is None
    refused(sprawl, snapshot, "done", "Ruth", says="Ruth has been removed from the game and cannot act")
    assert sprawl.json("fire", "Jesse", "Vic", "--cover", "open", "--range", "close", "--dice", "2", "--yes")["hits"] == 0
    for name in ("Jesse", "Vic", "Belle", "Marla", "Dutch"):
        sprawl.json("done", name)
    # The conceded Wardens roll no initiative: Crows 3, Outlaws 8 (even: clockwise from the Outlaws).
    data = sprawl.json("next", "--dice", "3,8")
    assert data["initiative"] == [{"Crows": 3, "Outlaws": 8}] and data["side"] == "Outlaws"
    assert sprawl.json("pass", "Jesse")["actions_left"] == 1


def test_another_side_conceding_mid_activation_lets_the_acting_character_finish(sprawl: Any) -> None:
    three_sides(sprawl)
    sprawl.json("pass", "Ruth")
    sprawl.json("concede", "Outlaws")
    assert sprawl.json("status")["active"] == "Ruth"
    assert sprawl.json("pass", "Ruth")["activation_over"] is True
    assert sprawl.json("status")["side"] == "Crows"  # the Outlaws, next in the order, are passed over
    assert sprawl.json("pass", "Vic")["actions_left"] == 1


# --- G11: facing ------------------------------------------------------------------------------


def test_a_quick_move_says_to_face_the_way_it_moved_and_a_cautious_one_does_not(sprawl: Any) -> None:
    start(sprawl)
    data = sprawl.json("move", "Kit", "--quick", "--difficult", "none", "--yes")
    assert data["facing"] == "the way it moved"
    sprawl.json("undo")
    assert "Turn the model to face the way it moved (G11)." in sprawl("move", "Kit", "--quick", "--difficult", "none", "--yes",
                                                                       env={"NO_COLOR": "1"}).stdout
    assert sprawl.json("move", "Kit")["facing"] == "any"
    sprawl.json("undo")
    assert "face" not in sprawl("move", "Kit", env={"NO_COLOR": "1"}).stdout
