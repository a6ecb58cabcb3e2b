"""What the second mutation run of SPRAWL's rules (2026-12-02, turn.py first) found unchecked.
Dice are scripted; each test pins one edge of a rule.

Equivalent survivors of this run (no input tells them from the original) are listed at the
end of this docstring, module by module.
"""

from __future__ import annotations

from sprawl_cli.systems.sprawl.turn import check_game_end
from tests.sprawl.test_turn_mutants import three_sides


def test_one_attack_that_empties_three_sides_names_them_all_in_a_draw():
    """H8 with three sides: every side but the last is listed with commas, the last after "and"."""
    g, people = three_sides()
    for c in people:
        c.add("out_of_action")
    check_game_end(g)
    assert g.over and g.draw and g.winner is None
    assert g.reason == "Red, Blue and Green lost their last characters to the same attack: a draw (H8)"

