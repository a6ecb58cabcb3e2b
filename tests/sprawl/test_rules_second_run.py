"""What the second mutation run of SPRAWL's rules (2026-12-02, turn.py first) found unchecked.
Dice are scripted; each test pins one edge of a rule.

Equivalent survivors of this run (no input tells them from the original) are listed at the
end of this docstring, module by module.

- turn.py (271 mutants): none. Its three survivors, the names of a draw across three sides
  (`check_game_end` 21, 22, 24), are killed by the first test below.
- phases.py (165): `can_recover` 43, -2 for -1 as the turn of a jam with no recorded turn:
  turns start at 1, so both defaults are below every turn.
- ranged.py: `check_weapon` 34-36, the default of `words.get(why, why)` made None or
  dropped: `why` comes from `Character.usable`, whose states the save's checks and `set`
  hold to the three the table names (jammed, out_of_ammo, none_left), so the default is
  never used; `shoot` 12, `aim` handed None for the game: `aim` never reads its game;
  `_band` 6, a thrown weapon's band modifier 1 for 0: its band is None, so no modifier is
  added whatever the number; `shoot` 156, net hits kept after a scatter: a scatter follows
  only a failed Test, whose net is 0 (R4); `shoot` 168, `settle=None` for `False`: read
  only as a truth value; `shoot` 201, `game_over` given the reason whatever `over` says:
  the reason is None until the game ends.
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

