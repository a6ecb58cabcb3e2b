"""Interrupting attacks (S4), pinned where a mutation run (mutmut 3.8.1) of interrupts.py found
the tests loose: `--interrupts` read exactly, why a named figure cannot interrupt, the
question asked, a pass letting the next one try, the books and what a hit takes away.

Survivor left, equivalent (1): in `why_not`, `c.gone and target.gone` for `c.gone or
target.gone` (an escaped figure has no space, which the save check holds to, so
`c.at is None` or `target.at is None` gives the same answer).
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.scratch_grid.interrupts import exposed_by_attack, offer, read_answers
from sprawl_cli.systems.scratch_grid.model import Game
from tests.scratch_grid.kit import ch, game, table

ROOM = ["......", "......", "......", "......", "......"]


def ring() -> Game:
    """Ada (Red) at c3 with Blue all round her: Zed b2, Yan c2, Xi d2 (injured), Wu d3 (delayed),
    Vi b3 (incapacitated); Uma far off at f5."""
    return game(ROOM, [ch("Ada", "c3", statuses=["evading"])],
                [ch("Zed", "b2"), ch("Yan", "c2"), ch("Xi", "d2", statuses=["injured"]),
                 ch("Wu", "d3", statuses=["delayed"]), ch("Vi", "b3", statuses=["incapacitated"]),
                 ch("Uma", "f5")])


def test_answers_as_written() -> None:
    g = ring()
    assert read_answers(g, "") == {"*": "pass"} and read_answers(g, " NONE ") == {"*": "pass"}
    assert read_answers(g, " zed=HIT , Yan = miss,,") == {"Zed": "hit", "Yan": "miss"}
    with pytest.raises(BadInput) as caught:
        read_answers(g, "Zed==hit")
    assert str(caught.value) == "'Zed==hit' should read NAME=hit, NAME=miss or NAME=pass (or give --interrupts none)"


def test_who_cannot_interrupt_and_why_a_pass_lets_the_next_try_and_a_hit_ends_it() -> None:
    g = ring()
    ada = g.character("Ada")
    ada.add("evading")
    g.character("Yan").record.interrupts = 1
    asked = table(interrupts=["pass", "hit"])
    out = offer(g, ada, "dances", asked, {"Xi": "hit", "Wu": "hit", "Vi": "hit", "Uma": "hit"})
    assert out.offered == ["Zed", "Yan"]
    assert asked.asked == ["Zed may make an interrupting attack on Ada, who dances (S4): does it hit?",
                           "Yan may make an interrupting attack on Ada, who dances (S4): does it hit?"]
    assert out.to_json() == {"interrupts": ["Zed", "Yan"],
                             "interrupt_results": [{"name": "Zed", "result": "pass"},
                                                   {"name": "Yan", "result": "hit"}],
                             "interrupted_by": "Yan"}
    assert out.notes == ["Xi cannot interrupt: Xi is injured", "Wu cannot interrupt: Wu is delayed",
                         "Vi cannot interrupt: Vi is incapacitated",
                         "Uma cannot interrupt: Uma is not next to Ada"]
    assert g.character("Yan").record.interrupts == 2
    assert ada.interrupted_by == ["Yan"] and not ada.has("evading") and ada.turn_over


def test_an_attack_two_spaces_off_exposes_the_attacker() -> None:
    g = ring()
    ada = g.character("Ada")
    assert exposed_by_attack(g, ada, [g.character("Uma")]) is True
    assert exposed_by_attack(g, ada, [g.character("Zed")]) is False
    far = game(ROOM, [ch("Ada", "a1")], [ch("Zed", "c1")])
    assert exposed_by_attack(far, far.character("Ada"), [far.character("Zed")]) is True
