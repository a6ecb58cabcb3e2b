"""Builders for Scratch:Grid rule tests: a map from rows, characters placed on it."""

from __future__ import annotations

from typing import Any

from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.turn import start_turn
from sprawl_cli.table import ScriptedTable
from tests import factory


def ch(name: str, at: str, **values: Any) -> Character:
    """A character at `at`; statuses given as `statuses=[...]`, levels by name."""
    return Character(name=name, squad="", at=at, **values)


def game(rows: str | list[str], red: list[Character], blue: list[Character] | None = None,
         grid: str = "square") -> Game:
    """Red (to play) against Blue on the map `rows` (a block of text or a list of rows). Without
    `blue`, Blue has one character off the map (standing, so the game goes on)."""
    lines = [r.strip() for r in rows.strip().splitlines()] if isinstance(rows, str) else list(rows)
    blue = blue if blue is not None else [Character(name="Far", squad="Blue", at=None)]
    g = factory.game_of(Game, [red, blue], leaders=False, grid=grid, map=lines)
    start_turn(g)
    return g


def table(force: bool = False, **choices: list[str]) -> ScriptedTable:
    """Answers for `choose` by option: table(result=["hit"], interrupts=["miss", "hit"])."""
    return factory.table(choices={k: list(v) for k, v in choices.items()}, force=force)


OPEN5 = """
.....
.....
.....
.....
.....
"""
