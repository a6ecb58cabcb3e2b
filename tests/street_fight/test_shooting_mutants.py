"""F3-F8 shooting, pinned where a mutation run of shooting.py found the tests loose: the words
of every refusal and note, the whole JSON, a burst's order, spread and books, overwatch's limits.

Survivors of the whole run (mutmut 3.8.1, 650 mutants) that no input can tell from the original:

- `situation`: `game` passed as None (2, from `shoot`): `situation` never reads it.
- `situation`: the shooter's own moving asked with `told=None` for `False` (1): only its truth is read.
- `situation`: on overwatch the aim turns kept, or given as 1 (2): F7's modifier replaces aiming,
  so `modifiers` reads `aim_turns` only when there is no overwatch.
- `situation`: `"point"` respelled (2): the overwatch value is only tested for truth and against
  `"large"`, and the `Situation` never reaches the JSON.
- `_check`: `require_enemies` handed None for the game (1): it never reads it.
- `zip(strict=...)` set to None or False, or dropped, in `_check` and twice in `shoot` (9, three
  of them new in the run of 2026-12-02): every list zipped is built from the targets one for one,
  so their lengths always match.
- `situation`, and `shoot` where it lists each target: `order.cover or "none"` respelled (4,
  2026-12-02): `shoot` settles every target's cover first (told, read from the save or asked) and
  `odds` reads `--cover`, so the cover is never None there.
- the rounds die's and the kill roll's `10` sides dropped (2): a roll's sides default to 10.
- `_one_shot`: `chance <= 1` or `< 2` for `< 1` (2): every term of the chance is a multiple of 5
  (range, moving, aim, overwatch and spread in tens, cover in 25s, weapon bonuses 0, 10 or 20), so
  no chance is 1.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.movement import overwatch
from sprawl_cli.systems.street_fight.shooting import Order, Shooting, shoot
from sprawl_cli.table import ScriptedTable
from tests.street_fight.build import dice, game, leftover, table, to_phase

TAIL = " (add --force to overrule as referee)"


def squads() -> Game:
    return game({"Ada": "rifle", "Al": "LMG", "Hal": "HMG"}, {"Bo": "pistol", "Bea": "pistol", "Bob": "pistol"})


def fire(g: Game, who: str, at: str, *faces: int, t: ScriptedTable | None = None, **order: object) -> Shooting:
    d = dice(*faces)
    out = shoot(g, g.character(who), g.character(at), Order(**order), d, t or table())  # type: ignore[arg-type]
    assert leftover(d) == []
    return out


def refused(g: Game, who: str, at: str, **order: object) -> str:
    with pytest.raises(RuleRefusal) as caught:
        fire(g, who, at, **order)
    return str(caught.value)


def bad(g: Game, who: str, at: str, **order: object) -> str:
    with pytest.raises(BadInput) as caught:
        fire(g, who, at, **order)
    return str(caught.value)


def test_the_whole_json_of_a_shot() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", 95, distance=3, target_moving=True)
    assert s.to_json() == {
        "shooter": "Ada", "weapon": "rifle", "target": "Bo", "chance": 80,
        "modifiers": [{"amount": -10, "label": 'range 3": 1 increment of 4"', "source": "F3"},
                      {"amount": -20, "label": "moving target (--target-moving)", "source": "F3"},
                      {"amount": 10, "label": "rifle bonus", "source": "F5"}],
        "kill": 4, "rounds": 1, "rounds_roll": None, "frontage": 0.0, "overwatch": False,
        "shots": [{"target": "Bo", "chance": 80, "roll": 95, "hit": False, "kill_roll": None, "casualty": False,
                   "distance": 3, "cover": "none"}],
        "casualties": [], "unfired": 0, "notes": [],
        "targets": [{"target": "Bo", "distance": 3, "cover": "none", "chance": 80,
                     "modifiers": [m.to_json() for m in s.modifiers]}]}
    assert s.shots[0].modifiers == s.modifiers


def test_a_shot_that_cannot_hit_keeps_its_range_and_cover() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", distance=30, cover="half")
    assert s.shots[0].to_json() == {"target": "Bo", "chance": -20, "roll": None, "hit": False, "kill_roll": None,
                                    "casualty": False, "distance": 30, "cover": "half"}
    assert s.shots[0].modifiers == s.modifiers


def test_the_books_and_the_cause_of_a_casualty() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 2, 1, 9, 95, distance=4, frontage=1, targets=("Bo", "Bea"))
    al = g.character("Al")
    assert (al.record.shots, al.record.hits, al.record.casualties_caused) == (2, 1, 1)
    assert [shot.modifiers for shot in s.shots] == [s.modifiers, s.modifiers]
    assert g.morale_of("Blue").last_cause == "Al"
    to_phase(g, "shooting", "Red", 1, 9, 1)  # Blue's morale holds (1 under 2), then turn 2's initiative
    fire(g, "Al", "Bea", 1, 5, 1, distance=4)
    assert (al.record.shots, al.record.hits, al.record.casualties_caused) == (3, 2, 1)


def test_a_burst_goes_in_the_order_of_targets_whatever_their_case() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 2, 95, 95, distance=4, frontage=1, targets=("Bea", "bo"))
    assert [shot.target for shot in s.shots] == ["Bea", "Bo"]


def test_two_targets_without_a_frontage_count_one_inch() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 2, 95, 95, distance=4, targets=("Bo", "Bea"))
    assert s.frontage == 1.0 and s.chance == 100 - 10 - 10
    assert s.notes == ('several targets and no --frontage: the spread counts as 1" (house)',)


@pytest.mark.parametrize("frontage, rounds, notes", [
    (2.0, 2, ()), (3.0, 2, ('the spread is cut to 2", the rounds fired (F6, house)',))])
def test_a_frontage_wider_than_the_rounds_is_cut(frontage: float, rounds: int, notes: tuple[str, ...]) -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", rounds, 95, 95, distance=4, frontage=frontage)
    assert s.notes == notes and s.frontage == 2.0


@pytest.mark.parametrize("faces, note", [((2, 60, 5), "1 round had nobody left to hit (house)"),
                                         ((3, 60, 5), "2 rounds had nobody left to hit (house)")])
def test_rounds_left_over_are_counted_in_words(faces: tuple[int, ...], note: str) -> None:
    g = game({"Al": "LMG"}, {"Bo": "pistol", "Bea": "pistol"})
    to_phase(g, "shooting", "Red")
    g.character("Bea").add("casualty")
    s = fire(g, "Al", "Bo", *faces, distance=4)
    assert s.notes == (note,)


def test_refusals_in_words() -> None:
    g = squads()
    assert refused(g, "Ada", "Bo", distance=3) == ("shooting belongs to the Shooting phase; it is now the Movement "
                                                   "phase (`sprawl next` moves on)" + TAIL)
    assert refused(g, "Ada", "Bo", distance=3, overwatch=True) == (
        "Ada is not on overwatch (declare it with `overwatch` in its Movement phase)" + TAIL)
    to_phase(g, "shooting", "Red")
    assert refused(g, "Bo", "Ada", distance=3) == "Bo cannot shoot now: Red is acting in this phase" + TAIL
    assert refused(g, "Ada", "Al", distance=3) == "Al is on Ada's own side (Red)" + TAIL
    assert bad(g, "Ada", "Ada", distance=3) == "Ada cannot shoot at itself"
    assert bad(g, "Ada", "Bo", distance=-1) == "--distance should be a number of inches, 0 or more, not -1"
    assert bad(g, "Ada", "Bo", distance=3, distances=(3.0, -2.0), targets=("Bo", "Bea")) == (
        "--distance should be a number of inches, 0 or more, not -2.0")
    assert bad(g, "Al", "Bo", distance=3, frontage=0) == "--frontage should be more than 0 inches, not 0"
    assert bad(g, "Al", "Bo", distance=3, frontage=-1) == "--frontage should be a number of inches, 0 or more, not -1"
    assert bad(g, "Al", "Bo", distance=3, covers=("half", "none", "none"), targets=("Bo", "Bea")) == (
        "--cover was given 3 times for 2 targets (Bo, Bea): give it once per target, in that order, or once for all")
    g.character("Bob").add("casualty")
    assert bad(g, "Ada", "Bob", distance=3) == "Bob is already a casualty"
    g.character("Hal").add("casualty")
    with pytest.raises(RuleRefusal, match="^Hal is a casualty and cannot shoot$"):
        fire(g, "Hal", "Bo", distance=3)


def test_a_figure_busy_elsewhere_cannot_shoot_in_words() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    g.character("Ada").engaged_with = ["Bo", "Bob"]
    g.character("Bo").engaged_with = ["Ada"]
    assert refused(g, "Ada", "Bea", distance=3) == "Ada is in close combat with Bo, Bob" + TAIL
    g.character("Al").add("falling_back")
    assert refused(g, "Al", "Bea", distance=3).startswith("Al is falling back to cover and cannot shoot (F10)")


def test_overwatch_refusals_in_words() -> None:
    g = squads()
    overwatch(g, g.character("Ada"), False, table())
    to_phase(g, "shooting", "Red")
    assert refused(g, "Ada", "Bo", distance=3) == (
        "Ada is on overwatch: it holds its fire for its point of aim (F7); use --overwatch during the enemy's turn"
        + TAIL)
    to_phase(g, "close", "Blue")
    assert refused(g, "Ada", "Bo", distance=3, overwatch=True) == (
        "overwatch fire belongs to the Movement or Shooting phase; it is now the Close Combat phase (`sprawl next` "
        "moves on)" + TAIL)
    to_phase(g, "movement", "Blue", 9, 1)  # Red moved first in turn 2: its overwatch ended
    assert refused(g, "Ada", "Bo", distance=3, overwatch=True).startswith("Ada is not on overwatch")
    overwatch_spent = g.character("Ada")
    overwatch_spent.overwatch_spent = True
    assert refused(g, "Ada", "Bo", distance=3, overwatch=True) == (
        "Ada has taken its one overwatch shot already (house); it may go on overwatch again in its side's next "
        "Movement phase" + TAIL)


def test_an_hmg_after_a_dash_names_the_dash() -> None:
    g = squads()
    g.character("Hal").still_moving = True
    to_phase(g, "shooting", "Red")
    assert refused(g, "Hal", "Bo", distance=3) == (
        "Hal's HMG cannot fire after a dash over 5\" last turn, which still counts as moving (F2) (F5)" + TAIL)


def test_one_cover_for_several_targets_is_asked_with_the_distances_given() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    asked = ScriptedTable()
    fire(g, "Al", "Bo", 2, 95, 95, t=asked, distance=4, distances=(4.0, 6.0), covers=("half",), frontage=1,
         targets=("Bo", "Bea"))
    assert asked.asked == ["Is every target (Bo, Bea) behind half cover (else give --distance and --cover once per "
                           "target, in that order)?"]
    both = ScriptedTable()
    fire(g, "Ada", "Bo", 95, t=both, distance=20)
    assert both.asked == []
    to_phase(g, "shooting", "Red", 9, 1)
    both = ScriptedTable(yes=False)
    with pytest.raises(RuleRefusal) as caught:
        fire(g, "Al", "Bo", t=both, distance=4, covers=("quarter",), targets=("Bo", "Bea"))
    assert both.asked == ['Is every target (Bo, Bea) 4" from Al and behind quarter cover (else give --distance and '
                          "--cover once per target, in that order)?"]
    assert str(caught.value) == ("the targets differ: give --distance (and --cover) once per target, in the order "
                                 "Bo, Bea (F3)" + TAIL)


def test_a_sheltering_shooter_with_no_turn_recorded_shelters_through_the_next_turn() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    g.character("Ada").add("sheltering")
    assert refused(g, "Ada", "Bo", distance=3) == (
        "Ada is sheltering until the end of turn 2 and cannot shoot (F10)" + TAIL)


def test_the_point_of_aim_refusals_in_whole_words() -> None:
    g = squads()
    overwatch(g, g.character("Ada"), False, table())
    to_phase(g, "movement", "Blue")
    assert refused(g, "Ada", "Bo", distance=3, overwatch=True) == (
        "Bo has neither moved nor fired this turn: overwatch fire takes a figure moving through or firing from the "
        "point of aim (F7); record its move first (`move Bo`), or give --target-moving when the shot cuts into it"
        + TAIL)
    with pytest.raises(RuleRefusal) as said_no:
        fire(g, "Ada", "Bo", distance=3, overwatch=True, target_moving=True, t=table(crossed=("no",)))
    assert str(said_no.value) == ("Bo neither moved through nor fired from Ada's point of aim: overwatch fire takes "
                                  "only a figure that does (F7)" + TAIL)
    g.character("Bo").fired_turn = g.round  # it fired (the referee's word), but has not moved
    with pytest.raises(RuleRefusal) as not_moved:
        fire(g, "Ada", "Bo", distance=3, overwatch=True, t=table(crossed=("moved",)))
    assert str(not_moved.value) == ("Bo has not moved this turn, so it has not moved through the point of aim (F7); "
                                    "record its move first (`move Bo`), or give --target-moving when the shot cuts "
                                    "into it" + TAIL)


def test_a_target_that_ran_may_be_told_in_the_open_but_not_in_cover() -> None:
    g = squads()
    to_phase(g, "movement", "Blue")
    from sprawl_cli.systems.street_fight.movement import move

    move(g, g.character("Bo"), 7, False, table())
    to_phase(g, "shooting", "Red")
    assert fire(g, "Ada", "Bo", 99, distance=3, cover="none").sightings[0].cover == "none"
    g2 = squads()
    to_phase(g2, "movement", "Blue")
    move(g2, g2.character("Bo"), 7, False, table())
    to_phase(g2, "shooting", "Red")
    assert refused(g2, "Ada", "Bo", distance=3, cover="half") == (
        "Bo moved 7\" this turn and cannot have gone into cover (F2)" + TAIL)
