"""F1 the turn: initiative, phases side by side, `next`, the turn limit."""

from __future__ import annotations

import pytest

from sprawl_cli.systems.street_fight.turn import advance, roll_initiative
from tests.street_fight.build import dice, game, leftover, table


def walk(g, d) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    steps = []
    for _ in range(8):
        a = advance(g, d, table())
        steps.append((a.phase, a.side))
    return steps


def test_each_phase_is_taken_by_the_sides_in_initiative_order_then_a_new_turn_rolls() -> None:
    g = game({"A": "rifle", "A2": "rifle"}, {"B": "pistol", "B2": "pistol"}, first=(2, 9))
    assert (g.phase, g.current_squad.name, g.round) == ("movement", "Blue", 1)
    d = dice(7, 3)
    steps = walk(g, d)
    assert steps == [("movement", "Red"), ("shooting", "Blue"), ("shooting", "Red"), ("close", "Blue"),
                     ("close", "Red"), ("morale", "Blue"), ("morale", "Red"), ("movement", "Red")]
    assert g.round == 2 and g.initiative == [7, 3] and leftover(d) == []


def test_ties_roll_again_among_the_tied() -> None:
    g = game({"A": "rifle"}, {"B": "rifle"})
    d = dice(5, 5, 4, 6)
    i = roll_initiative(g, d)
    assert i.order == ("Blue", "Red")
    assert i.to_json()["rolls"] == {"Red": [5, 4], "Blue": [5, 6]}
    assert leftover(d) == []


def test_three_sides_only_the_tied_pair_rerolls() -> None:
    from sprawl_cli.model import Squad
    from sprawl_cli.systems.street_fight.model import Character

    g = game({"A": "rifle"}, {"B": "rifle"})
    g.squads.append(Squad("Green", "", ["C"]))
    g.characters.append(Character("C", "Green", "pistol"))
    d = dice(8, 3, 8, 1, 2)
    i = roll_initiative(g, d)
    assert i.order == ("Green", "Red", "Blue")
    assert leftover(d) == []


def test_initiative_once_keeps_the_first_order() -> None:
    g = game({"A": "rifle"}, {"B": "rifle"}, initiative="once")
    d = dice()  # no dice: none are rolled at the new turn
    for _ in range(6):  # one-figure squads: the Morale phase still runs (nothing to test)
        advance(g, d, table())
    assert g.round == 1
    for _ in range(2):
        advance(g, d, table())
    assert g.round == 2 and g.current_squad.name == "Red"


def test_morale_off_skips_the_morale_phase() -> None:
    g = game({"A": "rifle"}, {"B": "rifle"}, morale="off")
    d = dice(4, 6)
    phases = [advance(g, d, table()).phase for _ in range(6)]
    assert phases == ["movement", "shooting", "shooting", "close", "close", "movement"]
    assert g.current_squad.name == "Blue"


def test_turn_limit_ends_the_game_with_most_figures_standing() -> None:
    g = game({"A": "rifle", "A2": "rifle"}, {"B": "rifle", "B2": "rifle"})
    g.rounds = 1
    g.character("B2").add("casualty")
    d = dice()
    for _ in range(7):
        advance(g, d, table())
    a = advance(g, d, table())
    assert a.over and g.winner == "Red" and "1-turn limit" in (g.reason or "")
    # a finished game refuses every command in the kernel's flow: tests/street_fight/test_cli.py


def test_next_says_what_the_phase_asks_for() -> None:
    g = game({"A": "rifle"}, {"B": "pistol"})
    a = advance(g, dice(), table())
    assert a.side == "Blue" and "Blue moves" in a.todo[0]
    advance(g, dice(), table())
    assert advance(g, dice(), table()).todo == ("Blue shoots (`shoot NAME TARGET --distance IN`): B",)


@pytest.mark.parametrize("raw, problem", [({"initiative": "never"}, "initiative should be"),
                                          ({"colour": "red"}, "not a Street-Fight setting"),
                                          ({"dice": "loaded"}, "dice should be")])
def test_settings_are_checked(raw: dict[str, str], problem: str) -> None:
    from sprawl_cli.errors import BadInput
    from sprawl_cli.systems.street_fight.setup import read_settings

    with pytest.raises(BadInput, match=problem):
        read_settings(raw)
    assert read_settings({"initiative": "once", "morale": "off"}).initiative == "once"
