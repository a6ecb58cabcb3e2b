"""S4: interrupting attacks are offered exactly when the ruling says, once per target turn,
and a hit stops the move or action, ends the turn, cancels evasion and bars escaping."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.scratch_grid.actions import evade
from sprawl_cli.systems.scratch_grid.attacks import attack
from sprawl_cli.systems.scratch_grid.movement import escape, move
from sprawl_cli.systems.scratch_grid.turn import advance
from tests.scratch_grid.kit import ch, game, table

ROOM = ["......", "......", "......", "......", "......"]


def standoff(**zed: object) -> object:
    """Ada (Red) at b3 next to Zed (Blue) at c2; Yan (Blue) far off at f5."""
    return game(ROOM, [ch("Ada", "b3"), ch("Bo", "a5")], [ch("Zed", "c2", **zed), ch("Yan", "f5")])


def test_moving_one_space_from_next_to_an_enemy_offers_nothing() -> None:
    g = standoff()
    out = move(g, g.character("Ada"), "a2", table())
    assert out.interruption.offered == [] and out.path == ["b3", "a2"]


def test_moving_more_than_one_space_offers_the_enemies_next_to_the_start() -> None:
    g = standoff()
    out = move(g, g.character("Ada"), "a1", table(), "Zed=miss")
    assert out.interruption.offered == ["Zed"] and out.path[-1] == "a1"
    assert out.interruption.results == [{"name": "Zed", "result": "miss"}]


def test_a_hit_stops_the_mover_after_its_first_space_and_ends_its_turn() -> None:
    g = standoff()
    out = move(g, g.character("Ada"), "a1", table(), "Zed=hit")
    ada = g.character("Ada")
    assert out.path == ["b3", "a2"] and out.stopped_by == "interrupted by Zed" and out.cost == 1
    assert ada.at == "a2" and ada.turn_over and ada.no_escape_turn == 3
    with pytest.raises(RuleRefusal, match="interrupting attack ended Ada's turn"):
        attack(g, ada, "Zed", "close", table(), result="hit")


def test_a_move_starting_away_from_enemies_is_never_interrupted() -> None:
    g = standoff()
    out = move(g, g.character("Bo"), "a1", table())  # Bo starts next to nobody
    assert out.interruption.offered == []


@pytest.mark.parametrize("status", ["injured", "incapacitated", "delayed"])
def test_injured_incapacitated_or_delayed_characters_cannot_interrupt(status: str) -> None:
    g = standoff(statuses=[status], delayed_turn=2 if status == "delayed" else None)
    out = move(g, g.character("Ada"), "a1", table())
    assert out.interruption.offered == []


def test_immobilised_or_evading_characters_still_may() -> None:
    g = standoff(statuses=["immobilised", "evading"], immobilised_turn=2)
    assert move(g, g.character("Ada"), "a1", table(), "none").interruption.offered == ["Zed"]


def test_the_referee_is_asked_each_interrupter_in_roster_order_until_a_hit() -> None:
    g = game(ROOM, [ch("Ada", "b3")], [ch("Zed", "c3"), ch("Yan", "b2"), ch("Xi", "c4")])
    t = table(interrupts=["miss", "hit"])
    out = move(g, g.character("Ada"), "a5", t)
    assert out.interruption.results == [{"name": "Zed", "result": "miss"}, {"name": "Yan", "result": "hit"}]
    assert len(t.asked) == 2 and "Xi" not in g.character("Ada").interrupted_by


def test_without_an_answer_or_a_terminal_the_move_is_refused_naming_the_option() -> None:
    g = standoff()
    with pytest.raises(NeedsAnswer, match="give --interrupts Zed=hit|miss|pass, or --interrupts none"):
        move(g, g.character("Ada"), "a1", table())


def test_bad_answers_are_refused() -> None:
    g = standoff()
    with pytest.raises(BadInput, match="NAME=hit, NAME=miss or NAME=pass"):
        move(g, g.character("Ada"), "a1", table(), "Zed=maybe")
    with pytest.raises(BadInput, match="no character named 'Zedd'"):
        move(g, g.character("Ada"), "a1", table(), "Zedd=hit")


def test_one_try_per_target_turn() -> None:
    g = standoff()
    move(g, g.character("Ada"), "b1", table(), "Zed=miss")  # by a2, which is not next to Zed
    ada = g.character("Ada")
    assert ada.interrupted_by == ["Zed"]
    ada.at, ada.acted = "b3", False  # back next to Zed, still in the same turn
    out = evade(g, ada, table())
    assert out.interruption.offered == [] and out.evading
    advance(g), advance(g)  # Blue's turn, then Red's again: a fresh target turn
    assert ada.interrupted_by == []
    assert evade(g, ada, table(), "none").interruption.offered == ["Zed"]


def test_a_pass_keeps_the_try_for_later_in_the_turn() -> None:
    g = standoff()
    move(g, g.character("Ada"), "b1", table(), "Zed=pass")
    assert g.character("Ada").interrupted_by == []


def test_evading_is_exposed_and_a_hit_cancels_it() -> None:
    g = standoff()
    out = evade(g, g.character("Ada"), table(), "Zed=hit")
    assert not out.evading and not g.character("Ada").has("evading")


def test_attacking_an_enemy_more_than_one_space_away_is_exposed() -> None:
    g = standoff()
    t = table(result=["hit"])
    out = attack(g, g.character("Ada"), "Yan", "ranged", t, interrupts="Zed=hit")
    assert out.interruption.hit_by == "Zed" and out.result is None and out.victims == []
    assert g.character("Yan").health == "healthy" and t.asked == []


def test_attacking_the_enemy_next_door_is_not() -> None:
    g = standoff()
    out = attack(g, g.character("Ada"), "Zed", "ranged", table(), result="miss")
    assert out.interruption.offered == []


def test_a_blast_catching_a_far_enemy_is_exposed() -> None:
    g = standoff()
    out = attack(g, g.character("Ada"), "f5", "blast", table(), result="hit", interrupts="Zed=miss")
    assert out.interruption.offered == ["Zed"] and out.caught == ["Yan"]


def test_an_interrupted_character_may_not_escape_on_its_next_turn() -> None:
    g = game(["E.....", "......", "......"], [ch("Ada", "c2")], [ch("Zed", "d2")])
    move(g, g.character("Ada"), "a1", table(), "Zed=hit")
    assert g.character("Ada").at == "b1" or g.character("Ada").at == "b2"
    advance(g), advance(g)
    with pytest.raises(RuleRefusal, match="may not escape before turn 4"):
        escape(g, g.character("Ada"), table())
    out = move(g, g.character("Ada"), "a1", table(), "none")
    assert not out.escaped and out.notes  # it may stand on the exit, not leave by it
    advance(g), advance(g)
    assert escape(g, g.character("Ada"), table()).escaped


def test_the_texts_advice_evade_first_then_escape_and_the_one_try_it_buys() -> None:
    # The rule text's escaping advice: evade as the action, then move off. An opponent
    # that tried (and missed) against the evasion has spent its one try for the turn.
    g = game(["......", "......", "......"], [ch("Ada", "c2")], [ch("Zed", "d2")])
    ada = g.character("Ada")
    first = evade(g, ada, table(), "Zed=miss")
    assert first.evading and first.interruption.results == [{"name": "Zed", "result": "miss"}]
    out = escape(g, ada, table())  # b1, then off the edge: two spaces, yet no answer needed now
    assert out.escaped and out.interruption.offered == [] and out.path == ["c2", "b1"] and out.cost == 2
    g = game(["......", "......", "......"], [ch("Ada", "c2")], [ch("Zed", "d2")])
    with pytest.raises(NeedsAnswer, match="Zed may make an interrupting attack on Ada, who moves 2 spaces to escape"):
        escape(g, g.character("Ada"), table())
