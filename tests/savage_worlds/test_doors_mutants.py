"""Savage Worlds' doors (the gate's table of which command each check guards), what its run
with the selection `tests/savage_worlds/` found (2026-12-02, third session: 25 mutants, 23
killed in the run): the "out" check's refusal was checked only by the kernel's gate walk
(`tests/test_gate_walk.py`, outside this folder), so `_out` refusing nobody (1) and naming no
command (3) went unseen here. Killed by the test below, which follows it on the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start
from tests.savage_worlds.test_round import ROUND_ONE, to_card

Snapshot = Callable[[Path], dict[str, bytes]]


def test_an_incapacitated_character_is_refused_each_command_by_name_even_forced(sprawl: Sprawl,
                                                                                 snapshot: Snapshot) -> None:
    start(sprawl)
    sprawl.json(*ROUND_ONE)
    to_card(sprawl, "Ada")
    sprawl.json("set", "Ada", "incapacitated", "on")
    before = snapshot(sprawl.folder)
    for args, command in ((("run", "Ada", "--dice", "3"), "run"), (("hold", "Ada"), "hold"),
                          (("move", "Ada", "--inches", "2", "--force"), "move")):
        result = sprawl(*args)
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr == f"error: Ada is incapacitated and out of the fight; it cannot {command}\n"
        assert snapshot(sprawl.folder) == before
