"""Gunplay's system hooks as the kernel's own commands reach them, what the run of its `system.py`
with every rule test (2026-12-02, fourth session) found untested: a status of one character, what
the books keep of a character, the rules' paragraphs. And `setup.settings_from` (2026-12-02, sixth
session, 10 mutants): its two refusals word for word.

Left, each equivalent: `new_game` 4 and `set_status` 5 (the table handed on as None: Gunplay's
new game and its `set` ask the table nothing).
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.api import BadInput, NewGame
from sprawl_cli.store import GameStore
from sprawl_cli.systems.gunplay.setup import settings_from
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


def test_a_new_games_settings_and_their_refusals_word_for_word() -> None:
    assert settings_from(NewGame(settings={"die": " D20 "})).die == "d20"
    assert settings_from(NewGame(settings={})).dice == "random"  # `--physical`: the kernel's, after the hook
    with pytest.raises(BadInput) as caught:
        settings_from(NewGame(settings={"dice": "d20"}))
    assert str(caught.value) == "gunplay has no setting 'dice'; its one setting is die=d12|d20"
    with pytest.raises(BadInput) as caught:
        settings_from(NewGame(settings={"die": "d6"}))
    assert str(caught.value) == "die=d6 is not a choice; use die=d12 or die=d20"
