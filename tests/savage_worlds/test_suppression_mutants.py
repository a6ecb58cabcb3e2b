"""Suppressive fire (house), what the mutation run of suppression.py found unchecked: the JSON
whole (each one under the template, the hit's damage, the modifiers), the dice labelled, the
records a benny rerolls, and every refusal word for word. Dice are scripted.
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options
from sprawl_cli.systems.savage_worlds.bennies import benny
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.suppression import suppress
from tests.savage_worlds.helpers import SWORD, dice, extra, game, hero, leftover, table

MG = Weapon("MG", "2d8", range="24/48/96", rof=2, shots=20, ap=2)
SPIRIT_OF_ONE = {"trait": "d6", "modifier": 0, "modifiers": {}, "tn": 4, "wild": False, "trait_rolls": [[1]],
                 "wild_rolls": [], "total": 1, "success": False, "raises": 0, "snake_eyes": False,
                 "results": [{"total": 1, "success": False, "raises": 0}]}
SPIRIT_OF_FIVE = {**SPIRIT_OF_ONE, "trait_rolls": [[5]], "total": 5, "success": True,
                  "results": [{"total": 5, "success": True, "raises": 0}]}


def range_of_fire() -> Game:
    return game([hero("Gunner", weapons=[MG, SWORD], card="RJ")], [extra("Goon"), extra("Grunt", armor=2)])


def test_suppressive_fire_in_full_json_with_a_hit_and_a_steady_nerve() -> None:
    g = range_of_fire()
    d = dice(7, 1, 1, 3, 3, 5)  # 7 +2 -2 -2 = 5: a success; Goon's Spirit 1 (hit: 3+3+2 = 8), Grunt's 5
    out = suppress(g, d, g.character("Gunner"), Options(range="medium"), table(lists={"victims": ["Goon", "Grunt"]}))
    goon_hit = {"name": "Goon", "damage_rolls": [[3], [3]], "damage": 8, "toughness": 5, "result": "shaken",
                "wounds": 0, "wounds_taken": 0, "applied": True, "notes": ["suppressive fire, house"]}
    data = out.to_json()
    assert data == {
        "trait": "d8", "modifier": -2, "modifiers": {"joker": 2, "medium range": -2, "autofire": -2}, "tn": 4,
        "wild": True, "trait_rolls": [[7]], "wild_rolls": [[1]], "total": 5, "success": True, "raises": 0,
        "snake_eyes": False, "results": [{"total": 5, "success": True, "raises": 0}],
        "kind": "suppress", "attacker": "Gunner", "weapon": "MG", "template": "medium", "band": "medium",
        "under": ["Goon", "Grunt"], "rounds": 10, "ammo_left": 10,
        "suppressed": [{"name": "Goon", "test": SPIRIT_OF_ONE, "hit": True, "shaken": False, "damage": goon_hit},
                       {"name": "Grunt", "test": SPIRIT_OF_FIVE, "hit": False, "shaken": False, "damage": None}],
        "victims": [goon_hit], "damage_modifiers": {"joker": 2}, "forced": [],
        "game": {"over": False, "winner": None, "reason": None}, "house": True}
    assert [r.label for r in d.rolls] == [
        "Gunner: Shooting (suppressive fire)", "Gunner: Shooting (suppressive fire), Wild Die",
        "Goon: Spirit (suppressive fire)", "Gunner: damage to Goon (suppressive fire), d8",
        "Gunner: damage to Goon (suppressive fire), d8", "Grunt: Spirit (suppressive fire)"]
    assert leftover(d) == []
    record = g.tests["Goon"]
    assert (record.kind, record.label) == ("suppression", "Goon: Spirit (suppressive fire)")
    assert {k: record.detail[k] for k in ("attacker", "weapon", "bonus", "damage_modifiers", "before", "damage")} == {
        "attacker": "Gunner", "weapon": "MG", "bonus": 2, "damage_modifiers": {"joker": 2},
        "before": {"wounds": 0, "statuses": []}, "damage": [[3], [3]]}
    assert g.tests["Grunt"].detail["damage"] is None
    shooter = g.tests["Gunner"]
    assert shooter.kind == "suppress" and {k: shooter.detail[k] for k in ("weapon", "under", "bonus",
                                                                          "damage_modifiers")} == {
        "weapon": "MG", "under": ["Goon", "Grunt"], "bonus": 2, "damage_modifiers": {"joker": 2}}


def test_a_failed_spirit_test_shakes_one_not_shaken_already() -> None:
    g = range_of_fire()
    g.character("Grunt").add("shaken")
    out = suppress(g, dice(7, 1, 2, 3), g.character("Gunner"), Options(range="short"),
                   table(lists={"victims": ["Goon", "Grunt"]}))
    assert [(s.name, s.hit, s.shaken) for s in out.suppressed] == [("Goon", False, True), ("Grunt", False, False)]
    assert g.character("Goon").has("shaken")


def bad(call: Any, kind: type[Exception] = BadInput) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def test_the_refusals_word_for_word() -> None:
    def fired(under: list[str], grunt_down: bool = False, **opts: Any) -> str:
        g = range_of_fire()  # afresh each time: a refused command leaves no trace (nothing is saved)
        if grunt_down:
            g.character("Grunt").add("incapacitated")
        return bad(lambda: suppress(g, dice(), g.character("Gunner"), Options(range="short", **opts),
                                    table(lists={"victims": under})))

    assert fired([], weapon="Sword") == "Sword is a hand weapon; suppressive fire needs an automatic one"
    assert fired(["Gunner"]) == "Gunner fires into the area; it is not under its own template"
    assert fired(["Goon", "goon"]) == "Goon is named twice under the template"
    assert fired(["Grunt"], grunt_down=True) == (
        "Grunt is out of the fight; name only those standing under the template")
    g = range_of_fire()
    g.character("Grunt").add("incapacitated")
    t = table(lists={"victims": []})
    suppress(g, dice(1, 1), g.character("Gunner"), Options(range="short"), t)
    assert t.asked == ["Who is under the medium burst template Gunner fires into?"]
    assert t.offered["victims"] == ["Goon"]


def test_a_hand_edited_record_of_suppressive_fire_is_refused_for_good() -> None:
    g = range_of_fire()
    gunner = g.character("Gunner")
    suppress(g, dice(2, 1), gunner, Options(range="short"), table(lists={"victims": ["Goon"]}))  # a miss
    del g.tests["Gunner"].detail["under"]
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(7, 1), gunner, table(force=True))
    assert str(caught.value) == "Gunner's suppressive fire was edited by hand and cannot be rerolled"
    assert caught.value.forceable is False
    g = range_of_fire()
    suppress(g, dice(7, 1, 2), g.character("Gunner"), Options(range="short"),
             table(lists={"victims": ["Goon"]}))
    del g.tests["Goon"].detail["before"]
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(5), g.character("Goon"), table(force=True))
    assert str(caught.value) == "Goon's Spirit test under suppressive fire was edited by hand and cannot be rerolled"
    assert caught.value.forceable is False


def test_a_miss_rerolled_into_a_success_tests_everyone_standing_under_the_template() -> None:
    g = range_of_fire()
    gunner = g.character("Gunner")
    suppress(g, dice(2, 1), gunner, Options(range="short"), table(lists={"victims": ["Goon", "Grunt"]}))
    g.character("Grunt").add("incapacitated")
    d = dice(7, 1, 1, 2, 2)  # now 7: Goon's Spirit 1: a hit for 2+2+2 = 6
    out = benny(g, d, gunner, table())
    assert out.kept == "new" and [s["name"] for s in out.effects["suppressed"]] == ["Goon"]
    assert out.effects["damage_modifiers"] == {"joker": 2} and out.effects["victims"][0]["damage"] == 6
    assert out.effects["game"] == {"over": False, "winner": None, "reason": None} and leftover(d) == []


def test_a_spirit_test_rerolled_keeps_its_damage_dice_and_puts_the_target_back_first() -> None:
    g = range_of_fire()
    suppress(g, dice(7, 1, 1, 3, 3), g.character("Gunner"), Options(range="short"),
             table(lists={"victims": ["Goon"]}))
    goon = g.character("Goon")
    assert goon.has("shaken")
    d = dice(5)  # passed now: no hit, nothing shaken
    out = benny(g, d, goon, table())
    assert out.effects == {"name": "Goon", "test": SPIRIT_OF_FIVE, "hit": False, "shaken": False, "damage": None,
                           "wounds": 0, "statuses": [], "damage_modifiers": {"joker": 2}}
    assert g.tests["Goon"].detail["damage"] is None and not goon.has("shaken")
