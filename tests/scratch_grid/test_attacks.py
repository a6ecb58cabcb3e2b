"""S3 and S5: close, hold, knockout, ranged and blast attacks and what a hit does."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.scratch_grid.attacks import attack
from tests.scratch_grid.kit import OPEN5, ch, game, table


def duel(**red: object) -> object:
    return game(OPEN5, [ch("Ada", "b3", **red), ch("Bo", "a1")], [ch("Zed", "c3"), ch("Yan", "e5")])


def test_a_close_hit_injures_then_incapacitates() -> None:
    g = duel()
    out = attack(g, g.character("Ada"), "Zed", "close", table(), result="hit")
    assert (out.result, out.victims[0].before, out.victims[0].after) == ("hit", "healthy", "injured")
    g.character("Ada").acted = False
    attack(g, g.character("Ada"), "Zed", "close", table(), result="hit")
    assert g.character("Zed").health == "incapacitated"


def test_a_miss_changes_nothing_but_spends_the_action() -> None:
    g = duel()
    out = attack(g, g.character("Ada"), "Zed", "close", table(), result="miss")
    assert out.victims[0].after == "healthy" and g.character("Ada").acted
    with pytest.raises(RuleRefusal, match="already acted this turn"):
        attack(g, g.character("Ada"), "Zed", "close", table(), result="hit")


def test_the_referee_is_asked_when_no_result_is_given() -> None:
    g = duel()
    t = table(result=["hit"])
    attack(g, g.character("Ada"), "Zed", "knockout", t)
    assert t.asked == ["Does Ada's knockout attack on Zed hit?"]
    assert g.character("Zed").health == "incapacitated"
    g = duel()
    with pytest.raises(NeedsAnswer, match="give --result hit or --result miss"):
        attack(g, g.character("Ada"), "Zed", "close", table())


@pytest.mark.parametrize("kind", ["close", "hold", "knockout"])
def test_close_attacks_reach_only_the_next_spaces(kind: str) -> None:
    g = duel()
    with pytest.raises(RuleRefusal, match=f"Yan is 3 spaces from Ada; a {kind} attack reaches only the spaces next to it"):
        attack(g, g.character("Ada"), "Yan", kind, table(), result="hit")


def test_attacking_an_ally_is_refused_and_oneself_is_nonsense() -> None:
    g = game(OPEN5, [ch("Ada", "b3"), ch("Bo", "b2")], [ch("Zed", "e5")])
    with pytest.raises(RuleRefusal, match="Bo is on Ada's side"):
        attack(g, g.character("Ada"), "Bo", "close", table(), result="hit")
    with pytest.raises(BadInput, match="cannot attack itself"):
        attack(g, g.character("Ada"), "Ada", "close", table(), result="hit")
    with pytest.raises(BadInput, match="not a kind of attack"):
        attack(g, g.character("Ada"), "Zed", "punch", table(), result="hit")


def test_a_hold_immobilises_to_the_end_of_the_targets_next_turn() -> None:
    g = duel()
    out = attack(g, g.character("Ada"), "Zed", "hold", table(), result="hit")
    zed = g.character("Zed")
    assert out.victims[0].immobilised and zed.has("immobilised") and zed.immobilised_turn == 2
    assert zed.health == "healthy"  # S5: a hold does no harm


def test_a_hold_may_swap_the_two() -> None:
    g = duel()
    out = attack(g, g.character("Ada"), "Zed", "hold", table(), at="b3", result="hit")
    assert (g.character("Ada").at, g.character("Zed").at) == ("c3", "b3")
    assert out.moved[0] == {"name": "Zed", "from": "c3", "to": "b3"}


def test_a_hold_may_push_into_a_free_space_next_to_the_target() -> None:
    g = duel()
    attack(g, g.character("Ada"), "Zed", "hold", table(), at="d4", result="hit")
    assert g.character("Zed").at == "d4"


@pytest.mark.parametrize("at, words", [("e3", "not next to c3"), ("a1", "not next to c3")])
def test_a_push_goes_one_space(at: str, words: str) -> None:
    g = duel()
    with pytest.raises(BadInput, match=words):
        attack(g, g.character("Ada"), "Zed", "hold", table(), at=at, result="hit")


def test_a_push_needs_a_free_space() -> None:
    g = game([".....", "..#..", "....."], [ch("Ada", "b3"), ch("Bo", "d3")], [ch("Zed", "c3"), ch("Yan", "e1")])
    with pytest.raises(BadInput, match="cannot be pushed into c2: it is a wall"):
        attack(g, g.character("Ada"), "Zed", "hold", table(), at="c2", result="hit")
    with pytest.raises(BadInput, match="cannot be pushed into d3: Bo is there"):
        attack(g, g.character("Ada"), "Zed", "hold", table(), at="d3", result="hit")


def test_a_missed_hold_moves_nobody() -> None:
    g = duel()
    out = attack(g, g.character("Ada"), "Zed", "hold", table(), at="d4", result="miss")
    assert g.character("Zed").at == "c3" and out.moved == [] and out.notes


def test_a_ranged_attack_needs_a_clear_line() -> None:
    g = game([".....", ".#...", "....."], [ch("Ada", "a2")], [ch("Zed", "e2"), ch("Yan", "e3")])
    with pytest.raises(RuleRefusal, match=r"no line of sight to Zed: blocked at b2 \(a wall\)"):
        attack(g, g.character("Ada"), "Zed", "ranged", table(), result="hit")
    g.character("Ada").at = "a3"
    out = attack(g, g.character("Ada"), "Zed", "ranged", table(), result="hit")
    assert out.sight is not None and out.sight.clear and g.character("Zed").injured


def test_an_enemy_in_the_way_blocks_a_shot_an_ally_does_not() -> None:
    g = game(OPEN5, [ch("Ada", "a3"), ch("Bo", "b3")], [ch("Zed", "e3"), ch("Yan", "d3")])
    with pytest.raises(RuleRefusal, match=r"blocked at d3 \(Yan stands in the way\)"):
        attack(g, g.character("Ada"), "Zed", "ranged", table(), result="hit")
    assert attack(g, g.character("Ada"), "Yan", "ranged", table(), result="hit").result == "hit"


def test_a_blast_attacks_all_nine_squares_allies_included() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "c2")], [ch("Zed", "c3"), ch("Yan", "d4"), ch("Xi", "e5")])
    out = attack(g, g.character("Ada"), "Zed", "blast", table(), result="hit")
    assert len(out.spaces) == 9 and out.spaces[0] == "c3"
    assert out.caught == ["Bo", "Zed", "Yan"]
    assert [v.after for v in out.victims] == ["injured"] * 3
    assert g.character("Xi").health == "healthy"


def test_a_blast_on_hexes_covers_seven_and_may_target_an_empty_space() -> None:
    g = game(OPEN5, [ch("Ada", "a1")], [ch("Zed", "c2"), ch("Yan", "d4")], grid="hex")
    out = attack(g, g.character("Ada"), "c3", "blast", table(), result="Zed=hit,Yan=miss")
    assert len(out.spaces) == 7 and out.target is None and out.at == "c3"
    assert (out.caught, out.result) == (["Zed"], "hit")
    out_of_area = g.character("Yan")
    assert out_of_area.health == "healthy"


def test_a_blast_takes_each_victims_result_and_asks_for_the_rest() -> None:
    g = game(OPEN5, [ch("Ada", "a1"), ch("Bo", "b2")], [ch("Zed", "c3"), ch("Yan", "e5")])
    t = table(result=["miss"])
    out = attack(g, g.character("Ada"), "c3", "blast", t, at="c2", result="Zed=hit")
    assert [(v.name, v.result) for v in out.victims] == [("Bo", "miss"), ("Zed", "hit")]
    assert out.result == "mixed" and t.asked == ["Does Ada's blast at c2 hit Bo?"]


def test_a_blast_needs_sight_of_its_space() -> None:
    g = game([".....", "###..", "....."], [ch("Ada", "a1")], [ch("Zed", "b3"), ch("Yan", "e3")])
    with pytest.raises(RuleRefusal, match="no line of sight to b3"):
        attack(g, g.character("Ada"), "b3", "blast", table(), result="hit")
    with pytest.raises(RuleRefusal, match="a blast targets a space someone could stand in"):
        attack(g, g.character("Ada"), "a2", "blast", table(), result="hit")


def test_knocking_out_the_last_enemy_ends_the_game() -> None:
    g = game(OPEN5, [ch("Ada", "b3")], [ch("Zed", "c3")])
    attack(g, g.character("Ada"), "Zed", "knockout", table(), result="hit")
    assert g.over and g.winner == "Red"
    assert g.character("Ada").record.incapacitated == 1 and g.character("Zed").record.times_incapacitated == 1


def test_incapacitated_or_delayed_characters_cannot_attack() -> None:
    g = game(OPEN5, [ch("Ada", "b3", statuses=["delayed"], delayed_turn=1),
                     ch("Bo", "b4", statuses=["incapacitated"])], [ch("Zed", "c3")])
    with pytest.raises(RuleRefusal, match="Ada is delayed"):
        attack(g, g.character("Ada"), "Zed", "close", table(), result="hit")
    with pytest.raises(RuleRefusal, match="Bo is incapacitated"):
        attack(g, g.character("Bo"), "Zed", "close", table(), result="hit")
