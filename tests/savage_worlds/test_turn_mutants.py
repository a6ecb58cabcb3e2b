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

Run whole again on 2026-12-02 (third session, with the selection's tests as they stood then):
418 mutants, 408 killed, the same ten left, with the same numbers: each equivalent as the
comment of 2026-12-02 below says.
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


# --- 2026-12-02: a jump's Strength pays the turn's count (`counted`), and what stays equivalent --------
# turn.py run whole again that day: 418 mutants, 13 survived; these tests kill `counted` 1, 8, 9
# (re-run by name). The other ten are equivalent: `open_cut_in` 1 and `movement` 5 (as above),
# `action` 1 (a default of 2 for `declared`: every caller that leaves it out drops the count
# returned) and 16 (`declared and 1` before the deal: its one reader, a helper's count, goes on
# to `paying`, which makes None 1 before the deal), `ordinal` 5, 6, 8, 9 (10 and 20 end in 0, so they read
# "th" by the last digit as well; nothing counts past a hundred actions), `paying` 22 (`declared
# or 1` in a `max` with a count that is 1 at least), `standoff_turn` 1 (`and` for `or`: outside a
# standoff the order is empty, since `end_round` clears it, so nobody is placed and it returns;
# within one, a cut-in holder is the winner of an interrupt, who acts at once by the rule it won).
def test_a_jumps_strength_pays_the_count_the_turns_rolls_paid_for() -> None:
    from sprawl_cli.systems.savage_worlds.movement import jump
    from sprawl_cli.systems.savage_worlds.turn import paying
    from tests.savage_worlds.helpers import dice

    g = dealt()
    ada = g.character("Ada")
    assert paying(g, ada, table(), 3) == 3  # the turn's first roll said three actions
    ada.acted.append("test:notice")
    out = jump(g, dice(5, 1), ada, table())
    assert out.test["modifiers"] == {"multi-action": -4}  # paid 3, one action taken so far


def test_a_jumps_strength_counts_the_actions_taken_when_no_roll_paid_yet() -> None:
    from sprawl_cli.systems.savage_worlds.movement import jump
    from tests.savage_worlds.helpers import dice

    g = dealt()
    ada = g.character("Ada")
    ada.acted = ["reload:Rifle", "defend"]  # two actions, neither a roll: nothing paid
    assert ada.paid == 0
    out = jump(g, dice(5, 1), ada, table())
    assert out.test["modifiers"] == {"multi-action": -2}


def test_before_the_deal_a_jumps_strength_pays_nothing() -> None:
    from sprawl_cli.systems.savage_worlds.model import Game
    from sprawl_cli.systems.savage_worlds.movement import jump
    from tests.savage_worlds.helpers import dice, extra, game, hero

    g: Game = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.acted, ada.paid = ["reload:Rifle", "defend"], 3  # stale bookkeeping is not read unrefereed
    out = jump(g, dice(5, 1), ada, table(force=True))
    assert out.test["modifiers"] == {}
