"""Bennies (W3): awards and a rerolled dive (W6), what the mutation run of bennies.py found
unchecked. Dice are scripted."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.savage_worlds.attacks import Options, fight, shoot
from sprawl_cli.systems.savage_worlds.bennies import award, benny
from sprawl_cli.systems.savage_worlds.model import Game
from tests.savage_worlds.helpers import GRENADE, SWORD, dice, extra, game, hero, leftover, table


def test_an_award_to_a_side_in_full_json_and_counted_from_nothing() -> None:
    g = game([hero("Ada")], [hero("Boss")])
    del g.pools["Heroes"]
    assert award(g, "Heroes", 2).to_json() == {"to": "Heroes", "count": 2, "pool": "Heroes", "now": 2}
    assert award(g, "Ada", 1).to_json() == {"to": "Heroes", "count": 1, "pool": "Heroes", "now": 3}
    assert award(g, "Boss", 1).to_json() == {"to": "Boss", "count": 1, "pool": None, "now": 3}


def test_an_award_of_nothing_is_refused_naming_the_count() -> None:
    with pytest.raises(BadInput) as caught:
        award(game([hero("Ada")], [hero("Boss")]), "Heroes", 0)
    assert str(caught.value) == "award at least one benny, not 0"


def dived_and_hurt() -> Game:
    """Ada's grenade hits Goon; Boss (a Wild Card, T5) dives, fails, and takes 15: two wounds."""
    g = game([hero("Ada", weapons=[GRENADE, SWORD])], [extra("Goon"), hero("Boss")])
    d = dice(5, 1, 1, 1, 1, 2, 1, 5, 5, 5)
    shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", dive=["Boss"]),
          table(lists={"victims": ["Boss"]}))
    assert leftover(d) == [] and g.character("Boss").wounds == 2 and "Boss" in g.soakable
    return g


def test_a_dive_rerolled_clear_takes_the_blast_back_and_the_attack_remembers_it() -> None:
    g = dived_and_hurt()
    boss = g.character("Boss")
    out = benny(g, dice(6, 1, 1), boss, table())  # Agility 6+1-2 = 5: clear after all
    assert out.effects == {"dove": True, "wounds": 0, "statuses": []}
    assert boss.wounds == 0 and boss.statuses == [] and "Boss" not in g.soakable
    attack = g.tests["Ada"].detail
    assert attack["options"]["dove"] == {"Boss": True}
    assert "Boss" not in attack["damage"] and "Goon" in attack["damage"]


@pytest.mark.parametrize("unlink", ["no attack", "not an attack", "not before it", "no before"])
def test_a_dive_rerolled_clear_without_its_attack_to_undo_only_says_it_dove(unlink: str) -> None:
    """The attack's record is gone (a hand edit), Ada's last test is no longer an attack, or
    the attack kept no state of Boss: nothing is taken back."""
    g = dived_and_hurt()
    boss = g.character("Boss")
    if unlink == "no attack":
        del g.tests["Ada"]
    elif unlink == "not an attack":
        g.tests["Ada"].kind = "recover"
    elif unlink == "not before it":
        del g.tests["Ada"].detail["before"]["Boss"]
    else:
        del g.tests["Ada"].detail["before"]
    out = benny(g, dice(6, 1, 1), boss, table())
    assert out.effects == {"dove": True} and boss.wounds == 2 and "Boss" in g.soakable
