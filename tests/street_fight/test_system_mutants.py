"""Street-Fight's system hooks as the kernel's own commands reach them (`set`, `status`, `new
--physical`, the books), what the run of its `system.py` with every rule test (2026-12-02, fourth
session) found untested: the line `set` prints, the to-do lines under the status table, a status
of one character, a physical game's setting, a roster's file, the books' hits.

Left, each equivalent (the hook's copy of the physical setting, once three mutants here, is
gone: the kernel's `new` keeps it): `advance` 4 (the table handed on as None: Street-Fight's `next` asks the
table nothing and refuses nothing, so its rule never reads it); `glance` 1 (the game handed as
None: the glance reads only the character).
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.store import GameStore
from sprawl_cli.systems.street_fight.system import StreetFight
from tests.street_fight.test_cli import RATS, start

TO_DO = ('Dock Rats moves: up to 5" a figure, or up to 9" with no firing or entering cover this turn (F2); '
         "declare `aim` or `overwatch` now (F3, F7)")


def said(sprawl: Any, *args: str) -> str:
    result = sprawl(*args)
    assert result.exit_code == 0, result.output
    return str(result.stdout).strip()


def test_set_says_the_status_its_note_and_every_status_the_figure_has_after(sprawl: Any) -> None:
    start(sprawl)
    assert said(sprawl, "set", "Vex", "moved", "on") == "Vex: moved on; now moved"
    assert said(sprawl, "set", "Vex", "overwatch", "on") == "Vex: overwatch on; now moved, overwatch"
    assert said(sprawl, "set", "Vex", "moved", "off") == "Vex: moved off; now overwatch"
    assert said(sprawl, "set", "Vex", "overwatch", "off") == "Vex: overwatch off; now no statuses"
    # Cover is a column of the table, not a stored status: the line still names it.
    assert said(sprawl, "set", "Vex", "in_cover", "on") == "Vex: in_cover on; now in cover"
    assert said(sprawl, "set", "Vex", "ran", "on") == "Vex: ran on; now moved, ran, in cover"
    assert said(sprawl, "set", "Vex", "in_cover", "off") == "Vex: in_cover off; now moved, ran"
    assert said(sprawl, "set", "Vex", "ran", "off") == "Vex: ran off; now moved"
    assert said(sprawl, "set", "Vex", "moved", "off") == "Vex: moved off; now no statuses"
    assert said(sprawl, "set", "Vex", "casualty", "on") == (
        "Vex: casualty on (counted for its squad's morale (F10)); now casualty")
    assert sprawl.json("set", "Vex", "casualty", "off") == {
        "name": "Vex", "status": "casualty", "on": False, "statuses": [], "note": None, "forced": []}


def test_status_prints_what_is_due_under_the_table_as_words(sprawl: Any) -> None:
    start(sprawl)
    shown = said(sprawl, "status")
    assert shown.endswith(TO_DO) and "[todo]" not in shown
    assert all(name in shown for name in ("Vex", "Mags", "Orla", "Dee"))


def test_status_of_one_figure_shows_its_row_alone(sprawl: Any) -> None:
    start(sprawl)
    shown = said(sprawl, "status", "Vex")
    assert "Vex" in shown and not any(name in shown for name in ("Mags", "Orla", "Dee"))
    assert shown.endswith(TO_DO)


def test_a_physical_game_keeps_its_setting_and_each_squad_its_roster_file(sprawl: Any) -> None:
    start(sprawl, "--physical")
    game = GameStore(sprawl.save).load()
    assert game.settings.dice == "physical"
    assert game.squads[0].roster.endswith("dock-rats.yaml")


def test_the_books_count_each_figures_hits(sprawl: Any) -> None:
    start(sprawl)
    game = GameStore(sprawl.save).load()
    game.characters[0].record.hits = 2
    facts = StreetFight().book_facts(game)
    assert facts["hits"] == {c.name: (2 if i == 0 else 0) for i, c in enumerate(game.characters)}
    assert facts["gone"] == []
