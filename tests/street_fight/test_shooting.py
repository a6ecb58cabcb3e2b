"""F3-F8 shooting: the hit chance, the kill roll, bursts, overwatch and cover given away."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.street_fight.chance import Situation, hit_chance, increments
from sprawl_cli.systems.street_fight.movement import aim, move, overwatch
from sprawl_cli.systems.street_fight.shooting import Order, shoot
from sprawl_cli.systems.street_fight.weapons import weapon
from tests.street_fight.build import dice, game, leftover, table, to_phase


def squads(red: str = "rifle", blue: str = "pistol"):  # type: ignore[no-untyped-def]
    return game({"Ada": red, "Al": "LMG"}, {"Bo": blue, "Bea": "pistol", "Bob": "pistol"})


def fire(g, who: str, at: str, *faces: int, force: bool = False, **order):  # type: ignore[no-untyped-def]
    d = dice(*faces)
    out = shoot(g, g.character(who), g.character(at), Order(**order), d, table(force))
    assert leftover(d) == []
    return out


@pytest.mark.parametrize("distance, step, n", [(0, 2, 0), (0.5, 2, 1), (2, 2, 1), (2.1, 2, 2), (12, 4, 3),
                                               (12.01, 4, 4), (5, 5, 1)])
def test_range_increments_round_up(distance: float, step: int, n: int) -> None:
    assert increments(distance, step) == n


def test_every_term_of_the_formula_with_its_source() -> None:
    chance, terms = hit_chance(weapon("rifle"), Situation(10, "half", target_moving="x", firer_moving="y",
                                                          aim_turns=2))
    assert chance == 100 - 30 - 50 - 20 - 20 + 20 + 10
    assert [(t.amount, t.source) for t in terms] == [(-30, "F3"), (-50, "F3"), (-20, "F3"), (-20, "F3"),
                                                     (20, "F3"), (10, "F5")]


@pytest.mark.parametrize("cover, amount", [("quarter", -25), ("half", -50), ("three-quarters", -75)])
def test_cover_degrees(cover: str, amount: int) -> None:
    assert hit_chance(weapon("pistol"), Situation(1, cover))[0] == 90 + amount


def test_aim_counts_three_turns_at_most_and_never_for_the_hmg_or_on_overwatch() -> None:
    assert hit_chance(weapon("pistol"), Situation(0, aim_turns=5))[0] == 130
    assert hit_chance(weapon("HMG"), Situation(0, aim_turns=2))[0] == 100
    chance, terms = hit_chance(weapon("scoped rifle"), Situation(4, aim_turns=2, overwatch="point"))
    assert chance == 100 - 10 - 10 + 20  # the scope's bonus stays on overwatch (F7)
    assert hit_chance(weapon("scoped rifle"), Situation(4, overwatch="large"))[0] == 90


def test_a_single_shot_hits_at_the_chance_and_kills_at_the_weapon_number() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", 90, 4, distance=4)  # rifle: 100 - 10 + 10 = 100
    assert s.to_json()["shots"][0] == {"target": "Bo", "chance": 100, "roll": 90, "hit": True, "kill_roll": 4,
                                       "casualty": True, "distance": 4, "cover": "none"}
    assert s.rounds == 1 and g.character("Bo").gone
    s = fire(g, "Al", "Bea", 1, 1, 2, distance=1, force=True)  # LMG: 1 round; kill 3+: a 2 does nothing
    assert s.shots[0].hit and not s.shots[0].casualty


@pytest.mark.parametrize("roll, hit", [(60, True), (61, False)])
def test_at_or_under_the_chance_hits(roll: int, hit: bool) -> None:
    g = squads(red="pistol")
    to_phase(g, "shooting", "Red")
    faces = (roll, 4) if hit else (roll,)
    s = fire(g, "Ada", "Bo", *faces, distance=8)  # 100 - 40
    assert (s.chance, s.shots[0].hit, s.shots[0].casualty) == (60, hit, False)


def test_a_chance_under_one_is_not_rolled() -> None:
    g = squads(red="pistol")
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", distance=20)  # 10 increments: 0%
    assert s.shots[0].roll is None and not s.shots[0].hit and s.chance == 0


def test_lmg_example_six_rounds_over_six_inches_all_at_minus_sixty() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 6, 30, 3, 31, 1, 1, 1, 1, 1, 3, 1, 3, distance=4, frontage=6,
             targets=("Bo", "Bea", "Bob"))
    assert s.rounds == 6 and s.chance == 100 - 10 - 60
    assert [(x.target, x.hit, x.casualty) for x in s.shots] == [
        ("Bo", True, True), ("Bea", False, False), ("Bob", True, False), ("Bea", True, False), ("Bob", True, True),
        ("Bea", True, True)]
    assert s.casualties == ["Bo", "Bob", "Bea"]
    assert any(m.source == "F6" and m.amount == -60 for m in s.modifiers)


def test_dice_order_rounds_then_d100_and_kill_d10_per_shot() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    d = dice(3, 10, 2, 99, 50, 9)
    s = shoot(g, g.character("Al"), g.character("Bo"), Order(4), d, table())
    assert [(r.label, r.faces, r.die) for r in d.rolls] == [
        ("Al: Rounds (d10)", (3,), "d10"), ("Al: To hit Bo (90%)", (10,), "d100"),
        ("Al: Kill roll on Bo (3+)", (2,), "d10"), ("Al: To hit Bo (90%)", (99,), "d100"),
        ("Al: To hit Bo (90%)", (50,), "d100"), ("Al: Kill roll on Bo (3+)", (9,), "d10")]
    assert [(x.roll, x.kill_roll, x.casualty) for x in s.shots] == [(10, 2, False), (99, None, False), (50, 9, True)]


def test_burst_at_one_target_stops_once_it_is_down() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 5, 10, 3, distance=4)
    assert len(s.shots) == 1 and s.unfired == 4 and s.casualties == ["Bo"]


def test_assault_rifle_rounds_are_half_the_die_rounded_up() -> None:
    g = squads(red="assault rifle")
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", 7, 95, 95, 95, 95, distance=9)
    assert (s.rounds_roll, s.rounds, s.chance) == (7, 4, 80)
    assert not any(x.hit for x in s.shots)


def test_spread_is_cut_to_the_rounds_fired() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 2, 99, 99, distance=4, frontage=5)
    assert s.frontage == 2 and s.chance == 100 - 10 - 20


def test_single_shot_weapons_cannot_spread() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    with pytest.raises(BadInput, match="one shot"):
        fire(g, "Ada", "Bo", distance=4, frontage=2)
    with pytest.raises(BadInput, match="one shot"):
        fire(g, "Ada", "Bo", distance=4, targets=("Bo", "Bea"))


def test_moving_target_and_firer_are_known_to_the_game() -> None:
    g = squads(red="pistol")
    move(g, g.character("Ada"), 3, False, table())
    to_phase(g, "movement", "Blue")
    move(g, g.character("Bo"), 2, False, table())
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", 100, distance=1)
    assert s.chance == 100 - 10 - 20 - 20
    labels = [m.label for m in s.modifiers]
    assert "moving target (moved 2\" this turn)" in labels and "moving firer (moved 3\" this turn)" in labels
    s = fire(g, "Al", "Bea", 1, 100, distance=1, target_moving=True)
    assert s.chance == 100 - 10 - 20


def test_no_firing_after_a_dash_or_twice_and_aim_lasts_until_used() -> None:
    g = squads()
    move(g, g.character("Ada"), 6, False, table())
    aim(g, g.character("Al"), table())
    to_phase(g, "shooting", "Red")
    with pytest.raises(RuleRefusal, match="cannot fire"):
        fire(g, "Ada", "Bo", distance=4)
    to_phase(g, "shooting", "Red", 9, 1)  # Al holds its fire a turn: the aim waits
    s = fire(g, "Al", "Bo", 1, 100, 1, distance=4)
    assert s.chance == 100 - 10 - 0 + 10 and g.character("Al").aim_turns == 0  # aim used, then gone
    with pytest.raises(RuleRefusal, match="fired this turn"):
        fire(g, "Al", "Bo", distance=4)
    s = fire(g, "Ada", "Bo", 100, distance=4)
    assert s.chance == 100 - 10 - 20 + 10  # it ran last turn: still a moving firer (F2)


def test_hmg_cannot_fire_after_moving() -> None:
    g = game({"Hal": "HMG"}, {"Bo": "pistol"})
    move(g, g.character("Hal"), 1, False, table())
    to_phase(g, "shooting", "Red")
    with pytest.raises(RuleRefusal, match="HMG cannot fire after moving"):
        fire(g, "Hal", "Bo", distance=5)


def test_out_of_turn_and_at_friends_is_refused() -> None:
    g = squads()
    with pytest.raises(RuleRefusal, match="Shooting phase"):
        fire(g, "Ada", "Bo", distance=4)
    to_phase(g, "shooting", "Red")
    with pytest.raises(RuleRefusal, match="own side"):
        fire(g, "Ada", "Al", distance=4)
    with pytest.raises(RuleRefusal, match="Red is acting"):
        fire(g, "Bo", "Ada", distance=4)


def test_overwatch_fires_in_the_enemy_move_once_at_minus_ten_without_aim() -> None:
    g = game({"Ada": "scoped rifle"}, {"Bo": "pistol"})
    overwatch(g, g.character("Ada"), False, table())
    with pytest.raises(RuleRefusal, match="enemy's turn"):
        fire(g, "Ada", "Bo", distance=4, overwatch=True)
    to_phase(g, "movement", "Blue")
    move(g, g.character("Bo"), 3, False, table())
    s = fire(g, "Ada", "Bo", 71, distance=8, overwatch=True)
    assert s.chance == 100 - 20 - 20 - 10 + 20 and not s.shots[0].hit
    assert not g.character("Ada").has("overwatch")
    with pytest.raises(RuleRefusal, match="one overwatch shot already"):
        fire(g, "Ada", "Bo", distance=4, overwatch=True)


def test_an_overwatch_figure_holds_its_fire_in_its_own_shooting_phase() -> None:
    g = game({"Ada": "rifle"}, {"Bo": "pistol"})
    overwatch(g, g.character("Ada"), True, table())
    to_phase(g, "shooting", "Red")
    with pytest.raises(RuleRefusal, match="holds its fire"):
        fire(g, "Ada", "Bo", distance=4)


def test_firing_from_cover_gives_it_away_until_the_figure_moves() -> None:
    g = squads(red="pistol")
    to_phase(g, "shooting", "Red")
    fire(g, "Ada", "Bo", 99, distance=2)
    to_phase(g, "shooting", "Blue")
    s = fire(g, "Bo", "Ada", 100, distance=2, cover="half")
    assert s.chance == 90 and any(m.source == "F8" for m in s.modifiers)
    s = fire(g, "Bea", "Ada", 100, distance=2, cover="quarter")
    assert s.chance == 65  # quarter cover is not given away
    s = fire(g, "Bob", "Ada", 100, distance=2, cover="three-quarters", keeps_cover=True)
    assert s.chance == 15
    to_phase(g, "movement", "Red", 9, 1)
    assert move(g, g.character("Ada"), 1, True, table()).cover_regained
    assert not g.character("Ada").fired_since_move


def test_a_figure_that_dashed_this_turn_is_not_in_cover() -> None:
    g = squads()
    to_phase(g, "movement", "Blue")
    move(g, g.character("Bo"), 8, False, table())
    to_phase(g, "shooting", "Red")
    with pytest.raises(RuleRefusal, match="cannot have gone into cover"):
        fire(g, "Ada", "Bo", distance=4, cover="half")
    s = fire(g, "Ada", "Bo", 100, distance=4)
    assert [m.label for m in s.modifiers if m.amount == -20] == ["moving target (moved 8\" this turn)"]


def test_targets_list_starts_with_target_when_missing_and_drops_repeats() -> None:
    g = squads()
    to_phase(g, "shooting", "Red")
    s = fire(g, "Al", "Bo", 3, 99, 99, 99, distance=4, frontage=1, targets=("Bea", "bea"))
    assert [x.target for x in s.shots] == ["Bo", "Bea", "Bo"]


def test_aim_declared_this_turn_counts_for_this_turns_shot() -> None:
    g = squads()
    aim(g, g.character("Ada"), table())
    to_phase(g, "shooting", "Red")
    s = fire(g, "Ada", "Bo", 100, distance=12)
    assert s.chance == 100 - 30 + 10 + 10 and g.character("Ada").aim_turns == 0
