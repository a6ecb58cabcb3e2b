"""Issue 24, item 21: every row of Scratch:Grid's tables pinned, so that a changed number fails a test.

The tables: the map's symbols (S1) and what each costs and who pays for it (S2), and a
character's allowance by its health and levels (S2). What a hit does, by kind of attack and the
victim's health (S5), is pinned through the command line in test_cli.py.
"""

from __future__ import annotations

import pytest

from sprawl_cli.systems.scratch_grid.grid import SOLID, TERRAIN
from sprawl_cli.systems.scratch_grid.movement import allowance_of, reach
from sprawl_cli.systems.scratch_grid.paths import Allowance
from tests.scratch_grid.kit import ch, game


def test_the_map_symbols() -> None:
    assert TERRAIN == {"#": "wall", "o": "obstacle", ".": "open", "^": "rough", "~": "water", "E": "exit",
                       "=": "tight place"}
    assert set(SOLID) == {"#", "o"}


# symbol: the furthest space reached along a row of it (from an open space before it) by a
# healthy character with nothing else, quickness 4, acrobatics 4, swimming 4, flying 4.
FURTHEST = {
    "#": (0, 0, 0, 0, 0),
    "o": (0, 0, 0, 0, 0),
    ".": (4, 6, 4, 4, 6),  # 1 a space; quickness pays (+2), flying too (+2 in the air)
    "^": (2, 2, 4, 2, 6),  # 2 a space on foot; acrobatics pays (+4, still 2 a space); flown, 1
    "~": (2, 2, 2, 4, 6),  # 2 a space on foot; swimming pays (+4, still 2 a space); flown, 1
    "E": (4, 6, 4, 4, 6),  # open ground
    "=": (4, 6, 4, 4, 4),  # open ground that nobody flies into
}


@pytest.mark.parametrize("symbol", sorted(FURTHEST))
def test_what_each_symbol_costs_and_who_pays_for_it(symbol: str) -> None:
    row = "." + symbol * 8
    found = []
    for levels in ({}, {"quickness": 4}, {"acrobatics": 4}, {"swimming": 4}, {"flying": 4}):
        g = game([row], [ch("Ada", "a1", **levels)])
        found.append(max((ord(s[0]) - ord("a") for s in reach(g, g.character("Ada"))), default=0))
    assert tuple(found) == FURTHEST[symbol]


@pytest.mark.parametrize(("statuses", "levels", "allowance"), [
    ([], {}, Allowance(4)),
    (["injured"], {}, Allowance(2)),
    ([], {"quickness": 1}, Allowance(4)),
    ([], {"quickness": 2}, Allowance(4, quick=1)),
    ([], {"quickness": 3}, Allowance(4, quick=1)),
    ([], {"quickness": 20}, Allowance(4, quick=10)),
    ([], {"flying": 1}, Allowance(4, can_fly=True)),
    ([], {"flying": 2}, Allowance(4, fly=1, can_fly=True)),
    ([], {"flying": 20}, Allowance(4, fly=10, can_fly=True)),
    ([], {"acrobatics": 1}, Allowance(4, acro=1)),
    ([], {"acrobatics": 20}, Allowance(4, acro=20)),
    ([], {"swimming": 1}, Allowance(4, swim=1)),
    ([], {"swimming": 20}, Allowance(4, swim=20)),
    (["injured"], {"quickness": 20, "flying": 20, "acrobatics": 20, "swimming": 20}, Allowance(2, 10, 10, 20, 20, True)),
])
def test_the_allowance_by_health_and_levels(statuses: list[str], levels: dict[str, int], allowance: Allowance) -> None:
    assert allowance_of(ch("Ada", "a1", statuses=statuses, **levels)) == allowance


def test_how_an_allowance_is_told() -> None:
    assert Allowance(1).describe() == "1 space"
    assert Allowance(2, 10, 10, 20, 20, True).describe() == (
        "2 spaces +10 on open ground (quickness), +10 in the air (flying), +20 for rough ground (acrobatics), "
        "+20 for water (swimming)")
