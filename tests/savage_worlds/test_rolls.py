"""Trait tests outside attacks: group rolls, cooperative rolls (the text's example), opposed rolls."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.savage_worlds.rolls import oppose, trait_check
from tests.savage_worlds.helpers import dice, extra, game, hero, leftover, table


def test_a_helpers_raise_adds_two_as_in_the_texts_example() -> None:
    g = game([hero("Buck", skills={"investigation": "d8"}), hero("Virginia", skills={"investigation": "d10"})],
             [extra("Goon")])
    d = dice(8, 2, 1, 2)  # Virginia 8: a success and a raise (+2); Buck 1 (Wild Die 2) + 2 = 4
    out = trait_check(g, d, "Buck", "investigation", table(), helpers=["Virginia"])
    assert out.helpers[0]["raises"] == 1 and out.test["modifiers"] == {"cooperation": 2}
    assert out.test["total"] == 4 and out.test["success"] and leftover(d) == []


def test_cooperation_is_capped_at_four_except_strength() -> None:
    helpers = [hero(f"H{i}", skills={"notice": "d12"}) for i in range(3)]
    g = game([hero("Lead")] + helpers, [extra("Goon")])
    faces = [12, 4, 1] * 3 + [2, 1]  # each helper 16: three raises, +4 each
    assert trait_check(g, dice(*faces), "Lead", "notice", table(),
                       helpers=["H0", "H1", "H2"]).test["modifiers"] == {"cooperation": 4}
    strong = [hero(f"S{i}", strength="d12") for i in range(2)]
    g = game([hero("Lead")] + strong, [extra("Goon")])
    faces = [12, 4, 1] * 2 + [2, 1]
    assert trait_check(g, dice(*faces), "Lead", "strength", table(),
                       helpers=["S0", "S1"]).test["modifiers"] == {"cooperation": 8}


def test_a_group_of_extras_rolls_once_with_a_wild_die() -> None:
    g = game([hero("Ada")], [extra("Z1", group="zombies"), extra("Z2", group="zombies")])
    d = dice(2, 5)
    out = trait_check(g, d, "zombies", "notice", table())
    assert out.group == ["Z1", "Z2"] and out.test["wild_rolls"] == [[5]] and out.test["total"] == 5
    assert [r.label for r in d.rolls] == ["zombies: Notice", "zombies: Notice, Wild Die"]


def test_opposed_rolls_acting_first_highest_wins_tie_goes_on() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    d = dice(5, 2, 3, 4)
    out = oppose(g, d, g.character("Ada"), "strength", g.character("Boss"), None, table(), bennies=0)
    assert out.winner == "Ada" and [r.label for r in d.rolls][0] == "Ada: Strength"
    assert oppose(g, dice(4, 1, 2, 4), g.character("Ada"), "strength", g.character("Boss"), None,
                  table(), bennies=0).winner is None
    with pytest.raises(BadInput):
        trait_check(g, dice(), "Ada", "notice", table(), helpers=["Ada"])


def test_a_standoff_puts_everyone_on_hold_in_agility_order() -> None:
    from sprawl_cli.systems.savage_worlds.cards import deal
    from sprawl_cli.systems.savage_worlds.rolls import standoff

    g = game([hero("Ada"), extra("Bo")], [hero("Boss")])
    out = standoff(g, dice(3, 2, 5, 4, 1), table())  # Ada 3, Bo 5, Boss 4
    assert [o["name"] for o in out.order] == ["Bo", "Boss", "Ada"]
    assert all(c.has("on_hold") for c in g.characters)
    after = deal(g, dice("AS", "KS"), table())  # W4: after the standoff, everyone is dealt in as normal
    assert after.order == [{"name": "Ada", "card": "AS"}, {"name": "Boss", "card": "KS"}] and after.round == 2
    assert not any(c.has("on_hold") for c in g.characters)
