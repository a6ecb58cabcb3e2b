"""Duel's tests: its rule with scripted dice, its command and status columns through the command
line, and sprawl's conformance suite. `sprawl_game`, `scripted_dice` and `Conformance` come with
sprawl (its pytest plugin, sprawl_cli/testing.py): nothing here is copied from sprawl's own tests."""

from __future__ import annotations

import pytest

from sprawl_cli.testing import Conformance

ROSTERS = {
    "reds.yaml": "system: duel\nsquad: Reds\ncharacters:\n  - {name: Ann}\n  - {name: Bo, grit: 1}\n",
    "blues.yaml": "system: duel\nsquad: Blues\ncharacters:\n  - {name: Cy}\n  - {name: Di, grit: 2}\n",
}


class TestConformance(Conformance):
    system = "duel"
    rosters = ROSTERS


def test_seven_or_more_takes_one_grit(scripted_dice):
    from sprawl_cli.api import Squad
    from sprawl_duel.model import Character, Game
    from sprawl_duel.rules import shoot

    ann, cy = Character("Ann", "Reds"), Character("Cy", "Blues")
    game = Game(squads=[Squad("Reds", "", ["Ann"]), Squad("Blues", "", ["Cy"])], characters=[ann, cy])
    missed = shoot(game, ann, cy, scripted_dice(3, 3), aim=False)
    assert (missed.total, missed.hit, cy.grit) == (6, False, 3)
    ann.activated = False
    aimed = shoot(game, ann, cy, scripted_dice(3, 3), aim=True)
    assert (aimed.total, aimed.hit, cy.grit) == (7, True, 2)


def test_a_game_of_duel_through_the_command_line(sprawl_game):
    duel = sprawl_game("duel", ROSTERS)
    shot = duel.json("shoot", "Ann", "Di", "--aim", "--dice", "3,3")
    assert (shot["total"], shot["hit"], shot["grit"], shot["side"]) == (7, True, 1, "Blues")
    refused = duel("shoot", "Bo", "Cy", "--dice", "6,6")  # the Blues' activation now
    assert refused.exit_code == 1 and "it is Blues's activation" in refused.stderr
    shown = duel("status")
    assert all(word in shown.stdout for word in ("grit", "acted", "1/2"))
    assert [c["grit"] for c in duel.json("status")["characters"]] == [3, 1, 3, 1]
    duel.json("shoot", "Cy", "Bo", "--dice", "6,1")  # Bo is down: no Red is left to act this round
    again = duel.json("shoot", "Di", "Ann", "--dice", "1,1")  # so the Blues act again
    assert (again["hit"], again["side"]) == (False, "Reds")
    status = duel.json("status")
    assert (status["round"], status["side"]) == (2, "Reds")


@pytest.mark.parametrize("roster, says", [
    ("system: duel\nsquad: Reds\ncharacters:\n  - {name: Ann, grit: 0}\n", "Grit is a whole number from 1 to 10"),
    ("system: duel\nsquad: Reds\ncharacters:\n  - {grit: 2}\n", "a character is a map with a name"),
])
def test_a_broken_roster_is_one_line(sprawl_runner, roster, says):
    refused = sprawl_runner("new", "--system", "duel",
                            *sprawl_runner.squads({"bad.yaml": roster, "blues.yaml": ROSTERS["blues.yaml"]}))
    assert refused.exit_code == 1 and says in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
