"""The referee's corrections (`set`, `damage`) and the save's cross-checks: what the
mutation run of referee.py and checks.py found untested, with scripted dice."""

from __future__ import annotations

from sprawl_cli.systems.sprawl.referee import set_status
from sprawl_cli.systems.sprawl.turn import todo
from tests.factory import character, game


def test_set_out_of_play_takes_it_off_the_table_and_out_of_its_fight():
    """Like fleeing over the edge (R10): its fight ends, it keeps no other status, and a
    side with nobody left loses (R25). It used to stay engaged and the game went on."""
    wes = character("Wes")
    gordo = character("Gordo")
    g = game([wes], [gordo])
    wes.engaged_with.append("Gordo")
    gordo.engaged_with.append("Wes")
    gordo.add("overwatch")
    gordo.add("hidden")
    gordo.hide_successes = 2
    change = set_status(g, gordo, "out of play", True)
    assert change.statuses == ["out_of_play"] and gordo.hide_successes == 0
    assert wes.engaged_with == [] and gordo.engaged_with == []
    assert g.over and g.winner == "Red" and g.reason == "Blue has nobody left able to act (R25)"
    assert todo(g) == [f"The game is over: {g.reason}"]
