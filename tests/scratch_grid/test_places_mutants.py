"""A scenario's places on a Scratch:Grid map (house), pinned for mutation testing (mutmut 3.8.1)
of places.py, which only the kernel's scenario tests reached before 2026-12-02: which spaces a
place may cover, who stands on or near them, and who is in an enemy's zone of control.
"""

from __future__ import annotations

from sprawl_cli.systems.scratch_grid.places import contested, on_spaces, space_problem
from tests.scratch_grid.kit import ch, game

MAP = ["..#..", ".o...", "....."]


def test_a_place_covers_only_spaces_someone_could_stand_on() -> None:
    g = game(MAP, [ch("Ada", "a1")], [ch("Zed", "e3")])
    assert space_problem(g, "b2") == "b2 is a wall or an obstacle: nobody can stand there"
    assert space_problem(g, "C1") == "c1 is a wall or an obstacle: nobody can stand there"
    assert space_problem(g, "a3") is None and space_problem(g, "e1") is None
    assert space_problem(g, "f1") == "f1 is off the map, which runs from a1 to e3"
    assert space_problem(g, "zz") == "'zz' is not a space: write the column letter then the row number, like c4"


def test_who_stands_on_a_place_or_within_reach_of_it() -> None:
    g = game(MAP, [ch("Ada", "a1"), ch("Al", "b1"), ch("Ann", "d3", statuses=["escaped"])],
             [ch("Zed", "e3"), ch("Zoe", "c3")])
    g.character("Ann").at = None
    assert [c.name for c in on_spaces(g, ["a1"])] == ["Ada"]
    assert [c.name for c in on_spaces(g, ["a1", "e3"])] == ["Ada", "Zed"]
    assert [c.name for c in on_spaces(g, ["d3"], reach=1)] == ["Zed", "Zoe"]
    assert [c.name for c in on_spaces(g, ["a2"], reach=1)] == ["Ada", "Al"]
    assert on_spaces(g, ["a3"]) == []


def test_contested_by_a_standing_enemy_next_to_it() -> None:
    g = game(MAP, [ch("Ada", "a1"), ch("Al", "d1"), ch("Ann", "a3")],
             [ch("Zed", "e2"), ch("Zoe", "b3", statuses=["incapacitated"])])
    ada, al, ann = g.character("Ada"), g.character("Al"), g.character("Ann")
    assert contested(g, al) and not contested(g, ada)
    assert not contested(g, ann)  # Zoe is next to Ann, but down
    g.character("Zed").add("escaped")
    g.character("Zed").at = None
    assert not contested(g, al)
    al.add("escaped")
    al.at = None
    assert not contested(g, al)
