"""Issue 33's Scratch:Grid point through the command line: a blast exposes its thrower to
interrupting attacks (S4) only when it catches an ENEMY more than one space away; a far ally
caught in it, or the thrower itself, or an enemy next to it, offers no interrupt."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Sprawl
from tests.scratch_grid.test_cli import refused

OPEN = "grid: square\nname: Open ground\nmap: |\n  ......\n  ......\n  ......\n  ......\n  ......\n"
RED = "system: scratch-grid\nsquad: Red\ncharacters:\n  - {name: Ada, at: b2}\n  - {name: Bo, at: b5}\n"
BLUE = "system: scratch-grid\nsquad: Blue\ncharacters:\n  - {name: Zed, at: a2}\n  - {name: Yan, at: e5}\n"


def start(sprawl: Sprawl) -> None:
    """Ada (Red) at b2 with Zed (Blue) next to her at a2; her ally Bo far off at b5, Yan (Blue) at e5."""
    for name, text in (("open.yaml", OPEN), ("red.yaml", RED), ("blue.yaml", BLUE)):
        Path(sprawl.folder, name).write_text(text, encoding="utf-8")
    result = sprawl("new", "--system", "scratch-grid", "--squad", "red.yaml", "--squad", "blue.yaml",
                    "--map", "open.yaml")
    assert result.exit_code == 0, result.stderr


def test_a_blast_whose_only_far_victim_is_an_ally_offers_no_interrupt(sprawl: Sprawl) -> None:
    start(sprawl)
    # No --interrupts: were Zed offered an interrupt, the command would stop and ask for it.
    data = sprawl.json("attack", "Ada", "Bo", "--kind", "blast", "--result", "hit")
    assert data["caught"] == ["Bo"] and data["distance"] == 3
    assert data["interrupts"] == [] and data["interrupt_results"] == [] and data["interrupted_by"] is None
    assert sprawl.character("Bo")["statuses"] == ["injured"]


def test_a_blast_catching_only_the_thrower_and_the_enemy_next_to_it_offers_none(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("attack", "Ada", "Zed", "--kind", "blast", "--result", "miss")
    assert data["caught"] == ["Ada", "Zed"] and data["interrupts"] == []


def test_a_blast_that_also_catches_a_far_enemy_is_exposed(sprawl: Sprawl,
                                                          snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    line = refused(sprawl, snapshot, "attack", "Ada", "e5", "--kind", "blast", "--result", "hit")
    assert "Zed may make an interrupting attack on Ada" in line and "--interrupts Zed=hit|miss|pass" in line
    data = sprawl.json("attack", "Ada", "e5", "--kind", "blast", "--result", "hit", "--interrupts", "Zed=miss")
    assert data["caught"] == ["Yan"] and data["interrupts"] == ["Zed"]
    assert data["interrupt_results"] == [{"name": "Zed", "result": "miss"}]
