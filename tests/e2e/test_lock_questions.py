"""A question waiting at one terminal holds up nobody else (issue 12, item 5): every question
is asked before the save's lock is taken, and the answers are replayed under it."""

from __future__ import annotations

import json

from tests.e2e.conftest import BIN, new_game, quoted, sprawl_run


def test_a_pending_question_does_not_hold_the_lock(table, terminal):
    new_game(table)
    asking = terminal(quoted(str(BIN / "sprawl"), "hide", "Babs", "--dice", "7,7,1,1"))
    asking.wait_for("enemy")  # the hiding question is on screen, unanswered
    other = sprawl_run(table, "set", "Razz", "ran", "on", "--json")  # another terminal changes the game
    assert other.returncode == 0, other.stderr
    # A held lock makes a command say so at once: no such line means it never waited for
    # the person at the first terminal (an event, not a stopwatch).
    assert "waiting for" not in other.stderr
    for _ in range(3):  # answer every question the hide asks (enemies, then cover), one at a time
        asked = asking.screen().count("[y/n]")
        asking.type("y")
        asking.wait_for(lambda screen: asking.dead()[0] or screen.count("[y/n]") > asked)
        if asking.dead()[0]:
            break
    assert asking.wait_exit() == 0, asking.screen()
    state = json.loads(sprawl_run(table, "status", "--json").stdout)
    people = {c["name"]: c for c in state["characters"]}
    assert "ran" in people["Razz"]["statuses"] and people["Babs"]["hide_successes"] == 2
    kinds = [e["kind"] for e in json.loads(sprawl_run(table, "log", "--json").stdout)["entries"]]
    assert kinds == ["set", "hide"]
