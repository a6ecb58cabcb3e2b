"""Builders for Street-Fight rule tests."""

from __future__ import annotations

from sprawl_cli.dice import RecordingDice, ScriptedDice
from sprawl_cli.model import Squad
from sprawl_cli.systems.street_fight.model import Character, Game, Settings
from sprawl_cli.systems.street_fight.setup import new_game
from sprawl_cli.table import ScriptedTable


def dice(*faces: int) -> RecordingDice:
    return RecordingDice(ScriptedDice(faces))


def leftover(d: RecordingDice) -> list[int | str]:
    assert isinstance(d.source, ScriptedDice)
    return d.source.leftover


def table(force: bool = False) -> ScriptedTable:
    return ScriptedTable(force=force)


def game(red: dict[str, str], blue: dict[str, str], first: tuple[int, int] = (9, 2),
         **settings: str) -> Game:
    """Red and Blue squads (name -> weapon), Red winning the first initiative unless told."""
    chars = [Character(n, "Red", w) for n, w in red.items()] + [Character(n, "Blue", w) for n, w in blue.items()]
    squads = [Squad("Red", "", list(red)), Squad("Blue", "", list(blue))]
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
