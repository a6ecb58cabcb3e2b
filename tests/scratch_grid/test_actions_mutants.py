"""Evading and healing (S4, S5), pinned where a mutation run (mutmut 3.8.1) of actions.py
found the tests loose: the whole JSON of each, the words of the question and the refusals
(which name the action), the healer's books.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.scratch_grid.actions import evade, heal
from sprawl_cli.systems.scratch_grid.model import Game
from tests.scratch_grid.kit import OPEN5, ch, game, table

TAIL = " (add --force to overrule as referee)"


def side_by_side() -> Game:
    return game(OPEN5, [ch("Ada", "b2"), ch("Bo", "c2", statuses=["incapacitated"])], [ch("Zed", "b3")])


def test_an_evasion_interrupted_and_one_that_is_not_in_json() -> None:
    g = side_by_side()
    asked = table(interrupts=["hit"])
    out = evade(g, g.character("Ada"), asked)
    assert asked.asked == ["Zed may make an interrupting attack on Ada, who evades (S4): does it hit?"]
    assert out.to_json() == {"name": "Ada", "evading": False, "interrupts": ["Zed"],
                             "interrupt_results": [{"name": "Zed", "result": "hit"}], "interrupted_by": "Zed",
                             "notes": []}
    g2 = side_by_side()
    out2 = evade(g2, g2.character("Ada"), table(), interrupts="Zed=miss,Bo=pass")
    assert out2.to_json() == {"name": "Ada", "evading": True, "interrupts": ["Zed"],
                              "interrupt_results": [{"name": "Zed", "result": "miss"}], "interrupted_by": None,
                              "notes": ["Bo cannot interrupt: Bo is not an opponent of Ada on the map"]}


@pytest.mark.parametrize("doing", ["evade", "heal"])
def test_the_refusals_name_the_action(doing: str) -> None:
    g = side_by_side()
    g.character("Ada").add("delayed")
    with pytest.raises(RuleRefusal) as caught:
        if doing == "evade":
            evade(g, g.character("Ada"), table())
        else:
            heal(g, g.character("Ada"), g.character("Bo"), table(), result="hit")
    assert str(caught.value) == f"Ada is delayed and cannot {doing} until its turn ends" + TAIL


def test_a_heal_with_a_bad_result_or_an_escaped_patient() -> None:
    g = side_by_side()
    with pytest.raises(BadInput) as bad:
        heal(g, g.character("Ada"), g.character("Bo"), table(), result="maybe")
    assert str(bad.value) == "--result takes hit or miss, not 'maybe'"
    g.character("Bo").add("escaped")
    with pytest.raises(BadInput) as gone:
        heal(g, g.character("Ada"), g.character("Bo"), table(), result="hit")
    assert str(gone.value) == "Bo has escaped; it is not on the map"


def test_a_heal_out_of_turn_is_refused_unless_forced() -> None:
    g = side_by_side()
    g.character("Zed").add("injured")
    with pytest.raises(RuleRefusal) as caught:
        heal(g, g.character("Zed"), g.character("Zed"), table(), result="hit")
    assert str(caught.value) == "Zed cannot heal: it is Red's turn (S6)" + TAIL


def test_a_revival_and_a_failed_heal_in_json_and_the_books() -> None:
    g = side_by_side()
    ada = g.character("Ada")
    ada.record.healed = 2
    assert heal(g, ada, g.character("Bo"), table(), result="hit").to_json() == {
        "healer": "Ada", "patient": "Bo", "result": "hit", "revived": True, "before": "incapacitated",
        "after": "injured"}
    assert ada.record.healed == 3
    g2 = side_by_side()
    assert heal(g2, g2.character("Ada"), g2.character("Bo"), table(), result="miss").to_json() == {
        "healer": "Ada", "patient": "Bo", "result": "miss", "revived": False, "before": "incapacitated",
        "after": "incapacitated"}
    assert g2.character("Ada").record.healed == 0


def test_whether_a_heal_works_is_asked_unless_given() -> None:
    g = side_by_side()
    asked = table(result=["miss"])
    out = heal(g, g.character("Ada"), g.character("Bo"), asked)
    assert asked.asked == ["Does Ada's try to revive Bo work (hit) or fail (miss)?"]
    assert (out.result, out.revived, out.after) == ("miss", False, "incapacitated") and g.character("Ada").acted
    g2 = game(OPEN5, [ch("Ada", "b2"), ch("Bo", "c2", statuses=["injured"])], [ch("Zed", "e5")])
    with pytest.raises(NeedsAnswer) as caught:
        heal(g2, g2.character("Ada"), g2.character("Bo"), table())
    assert str(caught.value) == ("Does Ada's try to heal Bo work (hit) or fail (miss)? The referee decides (S5): "
                                 "give --result hit or --result miss")
    assert not g2.character("Ada").acted and g2.character("Bo").injured
    given = table()
    assert heal(g2, g2.character("Ada"), g2.character("Bo"), given, result="hit").after == "healthy"
    assert given.asked == []
