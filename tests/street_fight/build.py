"""Builders for Street-Fight rule tests."""

from __future__ import annotations

from sprawl_cli.systems.street_fight.model import Character, Game, Settings
from sprawl_cli.systems.street_fight.setup import new_game
from sprawl_cli.table import ScriptedTable
from tests import factory
from tests.factory import dice as dice
from tests.factory import leftover as leftover


def table(force: bool = False, contact: tuple[str, ...] = (), crossed: tuple[str, ...] = ("moved",)) -> ScriptedTable:
    """Answers for the questions most rules ask: nobody else in contact at a first fight (F9), and an
    overwatch target that moved through the point of aim (F7)."""
    return factory.table(force=force, lists={"contact": list(contact)}, choices={"crossed": list(crossed) * 4})


def game(red: dict[str, str], blue: dict[str, str], first: tuple[int, int] = (9, 2),
         **settings: str) -> Game:
    """Red and Blue squads (name -> weapon), Red winning the first initiative unless told."""
    teams = [[Character(n, "", w) for n, w in red.items()], [Character(n, "", w) for n, w in blue.items()]]
    squads, chars = factory.sides(teams, leaders=False)
    d = dice(*first)
    g, _ = new_game(squads, chars, Settings(**settings), None, d)
    assert leftover(d) == []
    return g


def to_phase(g: Game, phase: str, side: str, *faces: int) -> None:
    """`next` at least once, until `phase` with `side` acting (faces feed the rolls on the way)."""
    from sprawl_cli.systems.street_fight.turn import advance

    d = dice(*faces)
    for _ in range(40):
        advance(g, d, table())
        if g.phase == phase and g.current_squad.name == side:
            assert leftover(d) == []
            return
    raise AssertionError(f"never reached {phase} for {side}")
