"""Through the real command line (issue 34 item 4): whether a heal works is the referee's call,
asked on a terminal and, without one, refused naming `--result` (S5); `map --reach` after a
move shades nothing and says why (S6), and for a side not playing it shades its next turn.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Sprawl
from tests.scratch_grid.test_cli import refused, start


def injured_cress_next_to_ada(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("set", "Cress", "injured", "on")
    sprawl.json("move", "Ada", "a5")  # next to Cress at b6


def test_a_heal_without_a_terminal_or_result_is_refused_naming_result(
        sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    injured_cress_next_to_ada(sprawl)
    line = refused(sprawl, snapshot, "heal", "Ada", "Cress")
    assert line == ("error: Does Ada's try to heal Cress work (hit) or fail (miss)? The referee decides (S5): "
                    "give --result hit or --result miss")
    assert sprawl.character("Cress")["statuses"] == ["injured"]


def test_a_heal_is_asked_on_a_terminal_and_a_miss_spends_the_action(sprawl: Sprawl) -> None:
    injured_cress_next_to_ada(sprawl)
    result = sprawl("heal", "Ada", "Cress", input="miss\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Does Ada's try to heal Cress work (hit) or fail (miss)?" in result.stderr + result.stdout
    assert "Ada tries to heal Cress, without success." in result.stdout
    assert sprawl.character("Cress")["statuses"] == ["injured"]
    again = sprawl("heal", "Ada", "Cress", "--result", "hit")
    assert again.exit_code == 1 and "Ada has already acted this turn" in again.stderr


def test_a_heal_answered_hit_on_a_terminal_heals(sprawl: Sprawl) -> None:
    injured_cress_next_to_ada(sprawl)
    result = sprawl("heal", "Ada", "Cress", input="hit\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Ada heals Cress: injured → healthy" in result.stdout
    assert sprawl.character("Cress")["statuses"] == []


def test_a_revival_given_by_option(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("set", "Cress", "incapacitated", "on")
    sprawl.json("move", "Ada", "a5")
    out = sprawl.json("heal", "Ada", "Cress", "--result", "HIT")
    assert (out["result"], out["revived"], out["after"]) == ("hit", True, "injured")


def test_a_heal_refused_for_distance_asks_nothing(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    sprawl.json("set", "Cress", "injured", "on")
    line = refused(sprawl, snapshot, "heal", "Ada", "Cress")
    assert line == ("error: Ada must be next to Cress to heal it; they are 4 spaces apart (S5) (add --force to "
                    "overrule as referee)")


def test_reach_after_a_move_is_nothing_and_the_line_says_why(sprawl: Sprawl) -> None:
    start(sprawl)
    first = sprawl.json("map", "--reach", "Ada")["reach"]
    assert first["spaces"]["c1"] == 1 and first["why_not"] is None and first["next_turn"] is False
    sprawl.json("move", "Ada", "c1")
    after = sprawl.json("map", "--reach", "Ada")["reach"]
    assert after == {"name": "Ada", "from": "c1", "spaces": {},
                     "why_not": "Ada has already moved this turn; one move per turn (S6)", "next_turn": False}
    text = sprawl("map", "--reach", "Ada").stdout
    assert "Nothing is shaded: Ada has already moved this turn; one move per turn (S6)." in text
    assert "may end a move" not in text


def test_reach_of_a_side_not_playing_is_its_next_turn(sprawl: Sprawl) -> None:
    start(sprawl)
    vex = sprawl.json("map", "--reach", "Vex")["reach"]
    assert vex["next_turn"] is True and vex["why_not"] is None and vex["spaces"]
    text = " ".join(sprawl("map", "--reach", "Vex").stdout.split())
    assert "It is Wardens' turn; on its side's next turn, Vex at k3 may end a move on the" in text
    sprawl.json("move", "Ada", "c1")
    sprawl.json("next")
    ada = sprawl.json("map", "--reach", "Ada")["reach"]  # its move last turn does not count against the next
    assert ada["next_turn"] is True and ada["why_not"] is None and ada["spaces"]
    assert sprawl.json("map", "--reach", "Vex")["reach"]["next_turn"] is False


def test_reach_of_an_escaped_character(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("escape", "Brannock")
    text = sprawl("map", "--reach", "Brannock").stdout
    assert "Nothing is shaded: Brannock has escaped and cannot move." in text and "None" not in text
