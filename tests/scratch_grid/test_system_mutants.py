"""Scratch:Grid's system hooks as the kernel's own commands reach them, what the run of its
`system.py` with every rule test (2026-12-02, fourth session) found untested: a physical game's
setting and the map `new` names, the line `set` prints, a status of one character, the books'
series, the report's map.

Left, each equivalent (the hook's copy of the physical setting, once three mutants here, is
gone: the kernel's `new` keeps it): `report_figure` 14 and 18 (the namespace taken out of every match, or of
two: the drawing names it once, on its `<svg>` tag).
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.store import GameStore
from sprawl_cli.systems.scratch_grid.system import ScratchGrid


def said(sprawl: Any, *args: str) -> str:
    result = sprawl(*args)
    assert result.exit_code == 0, result.output
    return str(result.stdout).strip()


def test_a_physical_game_keeps_its_setting_and_new_names_its_map(sprawl: Any) -> None:
    shown = str(sprawl.new("--physical", system="scratch-grid").stdout)
    assert "Map: " in shown and "yard.yaml (12x8 square)." in shown
    assert GameStore(sprawl.save).load().settings.dice == "physical"


def test_set_says_what_it_set(sprawl: Any) -> None:
    sprawl.new(system="scratch-grid")
    assert said(sprawl, "set", "Vex", "evading", "on") == "Vex: evading on."
    assert said(sprawl, "set", "Vex", "evading", "off") == "Vex: evading off."


def test_status_of_one_character_shows_its_row_alone(sprawl: Any) -> None:
    sprawl.new(system="scratch-grid")
    shown = said(sprawl, "status", "Vex")
    assert "Vex" in shown and not any(name in shown for name in ("Mord", "Sable", "Ada", "Brannock", "Cress"))


def test_the_books_keep_where_each_stands_its_health_and_its_hits(sprawl: Any) -> None:
    sprawl.new(system="scratch-grid")
    game = GameStore(sprawl.save).load()
    game.characters[0].record.hits = 3
    facts = ScratchGrid().book_facts(game)
    assert facts["at"] == {c.name: c.at for c in game.characters}
    assert facts["health"] == {c.name: 2 for c in game.characters}  # 2 healthy, 1 injured, 0 incapacitated
    assert facts["hits"] == {c.name: (3 if i == 0 else 0) for i, c in enumerate(game.characters)}
    assert facts["gone"] == []  # the kernel's


def test_the_reports_map_is_titled_and_inline(sprawl: Any) -> None:
    sprawl.new(system="scratch-grid")
    figure = ScratchGrid().report_figure(GameStore(sprawl.save).load())
    assert figure is not None and figure.startswith("<svg")
    assert "Scratch:Grid: the map at the end of the game" in figure
    assert "xmlns=" not in figure and "XX" not in figure
