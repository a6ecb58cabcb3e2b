"""Gunplay's system hooks as the kernel's own commands reach them, what the run of its `system.py`
with every rule test (2026-12-02, fourth session) found untested: a status of one character, what
the books keep of a character, the rules' paragraphs.

Left, each equivalent: `new_game` 4 and `set_status` 5 (the table handed on as None: Gunplay's
new game and its `set` ask the table nothing).
"""

from __future__ import annotations

from typing import Any

from sprawl_cli.store import GameStore
from sprawl_cli.systems.gunplay.system import Gunplay


def test_status_of_one_character_names_it(sprawl: Any) -> None:
    sprawl.new(system="gunplay")
    result = sprawl("status", "Vic")
    assert result.exit_code == 0, result.output
    assert "Vic" in result.stdout
    assert not any(name in result.stdout for name in ("Marla", "Dutch", "Hale", "Ruth", "Kit"))


def test_the_books_keep_wounds_taken_and_whether_removed(sprawl: Any) -> None:
    sprawl.new(system="gunplay")
    game = GameStore(sprawl.save).load()
    vic, marla = game.characters[0], game.characters[1]
    vic.wounds = 2
    marla.add("removed")
    assert Gunplay().record(game, vic)["wounds_taken"] == 2
    assert Gunplay().record(game, vic)["was_removed"] == 0
    assert Gunplay().record(game, marla)["was_removed"] == 1


def test_the_rules_paragraphs_are_set_apart(sprawl: Any) -> None:
    topics = list(Gunplay().reference())
    assert topics and all("\n" not in t.text.replace("\n\n", "") for t in topics)
    assert any("\n\n" in t.text for t in topics) and not any("XX" in t.text for t in topics)
