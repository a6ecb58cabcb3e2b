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
- close.py (556): the same eight as on 2026-11-23, explained in `test_close_mutants.py`.
- damage.py: `damage_roll` 13, `tens=None` for `False`: read only as a truth value; `fall` 33,
  `lose_health` left its default attacker, which is the None it was handed; `hurt` 35 and 36,
  a ranged pin's "took Health" made true at 0 Health or false at 1: a hit that leaves 0
  Health pins again inside `lose_health` with "took Health" set, so R11's later Guts test is
  the same; `ledge_test` 12, Difficulty 2 for 1: R7's test reads only whether any success
  came up, never whether the Test passed, and the Difficulty is not reported; `lose_health`
  15, `=` for `+=` on the points of Health lost: every Victim record gets one `lose_health`.
  `lose_health` 1, 81 and 82 (a fall's Out of Action ending no game; its feller not credited,
  or looked up in no game) were real: the fall test below kills them.
- track.py (42, never run before): 21 survived the run, 16 of them the turn track's heading
  and reminder and a character's glance, never tested in the selection; the two tests at
  the end kill those (checked mutant by mutant with `MUTANT_UNDER_TEST`). Equivalent:
  `turn_track` 3, 4, 5, the default of `PHASE_TITLES.get` (the phase is always one of the
  four it holds); `glance` 14, 15, the `_` of an action turned into a space (no action
  SPRAWL records has one).
- setup.py (19) and doors.py (51): none.
- status.py, 20 of 302 run (all `health_bar`): its 14 survivors are killed by the health bar test.
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



def test_a_fall_that_finishes_a_downed_last_character_credits_its_feller_and_ends_the_game():
    """R22 with R8, H9 and R25: Wilson, Down at 0 Health after Razz's attack and the last of
    Blue on the table, falls 3.5": 3 points, Toughness [2 2 2] saves none, the Incapacitation
    d10 of 9 puts it Out of Action. Razz is credited (the fall has no attacker of its own),
    and the fall itself ends the game."""
    from sprawl_cli.systems.sprawl.damage import fall
    from tests.factory import dice, leftover
    from tests.sprawl.test_damage import sides

    g, razz, _babs, wilson, newton = sides()
    newton.add("out_of_action")
    wilson.health = 0
    wilson.add("pinned")
    wilson.add("down")
    wilson.felled_by = "Razz"
    d = dice(2, 2, 2, 9)
    out = fall(g, wilson, 3.5, d)
    assert leftover(d) == [] and out.out_of_action and wilson.gone
    assert razz.record.put_out_of_action == 1
    assert g.over and g.winner == "Red" and g.reason == "Blue has nobody left able to act (R25)"


def test_the_turn_track_heads_with_round_limit_turn_and_phase_and_names_what_is_due():
    """The live page's heading and its first reminder; a finished game owes nothing."""
    from sprawl_cli.systems.sprawl.track import turn_track
    from tests.factory import character, dice, game
    from sprawl_cli.systems.sprawl.turn import advance

    g = game([character("Babs")], [character("Wilson")])
    open_ended = turn_track(g)
    assert open_ended.heading == "Round 1, turn 1, Movement phase"
    assert open_ended.due.startswith("Chargers first (`sprawl charge`)")
    assert [p.mark for p in open_ended.now()] == ["Movement phase"]
    g.rounds = 3
    advance(g, dice())
    limited = turn_track(g)
    assert limited.heading == "Round 1 of 3, turn 1, Ranged Combat phase"
    assert limited.due == "May shoot (`sprawl shoot`): Babs"
    g.over, g.reason = True, "the referee ended it"
    assert turn_track(g).due == ""


def test_a_glance_gives_health_toughness_and_what_was_done_this_turn_while_on_the_table():
    from sprawl_cli.systems.sprawl.track import glance
    from tests.factory import character, game

    babs = character("Babs")
    g = game([babs], [character("Wilson")])
    babs.health, babs.toughness = 2, 1
    assert glance(g, babs) == ["Health 2/3", "Toughness 1/3"]
    babs.acted = ["moved", "shot"]
    assert glance(g, babs) == ["Health 2/3", "Toughness 1/3", "this turn: moved, shot"]
    babs.add("out_of_action")
    assert glance(g, babs) == ["Health 2/3", "Toughness 1/3"]


def test_the_health_bar_is_green_above_half_yellow_at_half_or_less_red_at_zero():
    from sprawl_cli.systems.sprawl.status import health_bar

    assert health_bar(3, 4) == "[green]■■■[/][dim]□[/] 3/4"
    assert health_bar(2, 4) == "[yellow]■■[/][dim]□□[/] 2/4"
    assert health_bar(1, 4) == "[yellow]■[/][dim]□□□[/] 1/4"
    assert health_bar(0, 4) == "[red][/][dim]□□□□[/] 0/4"
