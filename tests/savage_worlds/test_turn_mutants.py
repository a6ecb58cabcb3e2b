"""The round's bookkeeping (W4, W5: turn.py), what the fresh mutation run of 2026-11-29 found
unchecked: movement adds up for a character of Pace 0 (no division by its allowance), and once
the game is over nothing is counted against a move. Dice and cards are scripted.

Survivors of turn.py (215 mutants, 4 left), each equivalent:

- `open_cut_in` 1 (`or` for `and`): with no cut-in it closes none (`close_cut_in` does nothing
  then), and it is never called for the character already cutting in (`my_turn` returns
  first for it, and an interrupt comes from a character on hold, which a cut-in has spent).
- `my_turn` 9 (`next` without its default): the save's check refuses a `cut_in` that names
  no character, so the holder is always found.
- `movement` 5 (a scale of 2 where the allowance is 0): an allowance of 0 (Pace and running
  die 0) makes the whole movement 0 too, so 0 is left whatever the scale.
"""

from __future__ import annotations

from sprawl_cli.systems.savage_worlds.movement import move
from tests.savage_worlds.helpers import table
from tests.savage_worlds.test_movement_mutants import FORCE_HINT, dealt, refused


def test_a_character_of_pace_0_may_not_move_and_is_told_so() -> None:
    g = dealt()
    ada = g.character("Ada")
    ada.pace = 0
    assert refused(lambda: move(g, ada, 1, table())) == (
        "Ada has 0\" of movement left this turn (of 0\"); this move costs 1\"" + FORCE_HINT)
    assert refused(lambda: move(g, ada, 1, table(), crouch=True)) == (
        "Ada has 0\" of movement left this turn (of 0\"); this move costs 1\"" + FORCE_HINT)


def test_once_the_game_is_over_moves_are_no_longer_counted() -> None:
    g = dealt()
    ada = g.character("Ada")
    move(g, ada, 5, table())
    g.over = True
    assert move(g, ada, 6, table()).cost == 6 and ada.moved == 5
