"""Breaking things (W7), what the mutation run of objects.py found unchecked: the JSON whole,
every refusal word for word, the action and the shot it counts in a refereed turn. Dice are
scripted.

The survivors of objects.py (fresh run of 2026-11-29, 296 mutants, 5 left) that no input
can tell from the original:

- `break_object` 132 and 134: the skill of a hand attack on an object. A hand weapon's
  attack skill is Fighting, and `Character.trait` lower-cases the name, so `"FIGHTING"` or
  the weapon's own skill roll the same die.
- `break_object` 157: `aces=None` for `aces=False` (read only as true or false).

Two more survive that were not shown equivalent: `break_object` 115 and 117, the weapon and
the table handed to `attack_situation` as None. For an object (no target) with the range band
already settled above, no test found a path in `attack_situation` that reads either; one that
does would fail loudly (an AttributeError), not give a wrong figure.

The whole module again (2026-12-02, second session: 421 mutants, numbered as mutmut 3.8.1
numbers them that day). Left, as above: `break_object` 160 (the table handed to
`attack_situation` as None; killed in the third session by the last test below, a shot in the
dark at an object beyond 10", the one refusal of `attack_situation` that reads the table once
the band is settled: reached only by a caller giving a distance, since `break` has no
`--distance`), 175 and 177 (the skill of a blow), `object_damage` 9 (`aces=None`);
and two more, each equivalent: `break_object` 70 (a blow handing `damage_type_of` its
`opts.range`: a blow has none, since `--range` without `--ranged` is refused first) and 100
(`turn.action` handed no `declared` count: its default 1 is the same, and the return is
dropped), and `redo_break` 7 and 13 (`ranged` read back as false: the record always names its
weapon, and a weapon looked up by name is found whatever kind is asked for). The gaps it found, killed by the tests after the 2026-12-02 mark below: a benny on an
attack on an object (`redo_break`, untested since `break` became a trait test: the weapon and
its kind read back, a hit left as it was, damage exactly at the Toughness, the hand-edit
refusal), the shotgun's band asked before its damage type (and only for a shotgun with no
`--type`), the band question naming the object, "shoot" as the action's key, and two refusal
texts.
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.objects import break_object
from tests.savage_worlds.helpers import PISTOL, SMG, SWORD, dice, extra, game, hero, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"
CLUB = Weapon("Club", "d6")


def yard(**values: Any) -> Game:
    return game([hero("Ada", weapons=[SWORD, PISTOL, SMG, CLUB], **values)], [extra("Goon")])


def refused(call: Any, kind: type[Exception] = RuleRefusal) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def test_a_hand_attack_on_a_door_in_full_json_with_the_damage_labelled() -> None:
    g = yard(card="RJ")  # a Joker: +2 to hit and to damage
    ada = g.character("Ada")
    d = dice(1, 1, 6, 3)  # snake eyes: a miss whatever the total, no damage rolled
    out = break_object(g, d, ada, "Light Door", "blunt", False, Options(weapon="Club"), table())
    assert out.to_json() == {
        "trait": "d8", "modifier": 2, "modifiers": {"joker": 2}, "tn": 2, "wild": True, "trait_rolls": [[1]],
        "wild_rolls": [[1]], "total": 3, "success": False, "raises": 0, "snake_eyes": True,
        "results": [{"total": 3, "success": False, "raises": 0}],
        "attacker": "Ada", "object": "light-door", "toughness": 8, "damage_type": "blunt",
        "damage_rolls": [], "damage": 0, "broken": False, "damage_modifiers": {"joker": 2}}
    assert leftover(d) == [6, 3]
    d = dice(2, 1, 6, 3)  # Fighting 2+2 = 4 against Parry 2: a hit; Club d6 6 (no ace) + 2 = 8
    out = break_object(g, d, ada, "light door", "blunt", False, Options(weapon="Club"), table())
    assert (out.damage_rolls, out.damage, out.broken, out.damage_modifiers) == ([[6]], 8, True, {"joker": 2})
    assert [r.label for r in d.rolls] == ["Ada: Fighting", "Ada: Fighting, Wild Die",
                                         "Ada: damage to the light-door, d6"]
    assert leftover(d) == [3]


def test_a_shot_at_a_lock_tests_shooting_against_four() -> None:
    g = yard()
    out = break_object(g, dice(4, 1, 5, 3), g.character("Ada"), "lock", None, True,
                       Options(weapon="Pistol", range="short"), table())
    assert (out.test["tn"], out.test["trait"], out.damage_type, out.damage, out.broken) == (4, "d8", "piercing", 8, True)


@pytest.mark.parametrize("call, says", [
    (lambda g: break_object(g, dice(), g.character("Ada"), "wall", "blunt", False, Options(), table()),
     "no object 'wall' in the table; use one of light-door, heavy-door, lock, handcuffs, blade, rope, "
     "small-shield, medium-shield, large-shield"),
    (lambda g: break_object(g, dice(), g.character("Ada"), "lock", "blunt", False, Options(range="short"), table()),
     "--range is for a shot at the object: add --ranged"),
    (lambda g: break_object(g, dice(), g.character("Ada"), "lock", "fire", False, Options(), table()),
     "--type fire: use one of blunt, cutting, piercing"),
])
def test_nonsense_about_an_object_is_refused_saying_what_to_give(call: Any, says: str) -> None:
    assert refused(lambda: call(yard()), BadInput) == says


def test_a_damage_type_the_object_does_not_take_is_refused_listing_those_it_does() -> None:
    g = yard()
    assert refused(lambda: break_object(g, dice(), g.character("Ada"), "lock", "cutting", False, Options(),
                                        table())) == "cutting damage cannot break a lock (it takes blunt, piercing)" + FORCE_HINT


def test_a_shaken_attacker_is_refused_before_the_object() -> None:
    g = yard()
    ada = g.character("Ada")
    ada.add("shaken")
    assert refused(lambda: break_object(g, dice(), ada, "lock", "blunt", False, Options(), table())) == \
        "Ada is Shaken: `recover Ada` first (a Spirit test, or a benny)" + FORCE_HINT


def refereed_turn() -> Game:
    g = yard()
    g.dealt, g.phase, g.cut_in = True, "action", "Ada"
    return g


def test_a_hand_attack_on_an_object_is_an_action_taken_once_a_turn() -> None:
    g = refereed_turn()
    ada = g.character("Ada")
    break_object(g, dice(5, 1, 3, 3), ada, "rope", "cutting", False, Options(weapon="Sword", actions=1), table())
    assert ada.acted == ["fight:Sword"]
    assert refused(lambda: break_object(g, dice(5, 1, 3, 3), ada, "rope", "cutting", False, Options(weapon="Sword"),
                                        table())) == \
        "Ada has already done that this turn (fight with Sword); no action twice in a turn" + FORCE_HINT


def test_a_shot_at_an_object_is_a_shot_of_the_weapons_rate_of_fire() -> None:
    g = refereed_turn()
    ada = g.character("Ada")
    opts = {"range": "short"}
    break_object(g, dice(5, 1, 3, 3), ada, "rope", None, True, Options(weapon="SMG", actions=3, **opts), table())
    assert refused(lambda: break_object(g, dice(5, 1, 3, 3), ada, "rope", None, True,
                                        Options(weapon="SMG", **opts), table())) == \
        ("Ada fired its SMG this turn already (1 die): a weapon's shooting dice are one action, all rolled at "
         "once (W2); `--rof N` with `--targets` spreads them" + FORCE_HINT)
    break_object(g, dice(5, 1, 3, 3), ada, "rope", None, True, Options(weapon="SMG", **opts), table(force=True))
    assert ada.fired == {"SMG": 2}
    break_object(g, dice(5, 1, 3, 3), ada, "rope", None, True, Options(weapon="Pistol", **opts), table(force=True))
    forced = table(force=True)
    break_object(g, dice(5, 1, 3, 3), ada, "rope", None, True, Options(weapon="Pistol", **opts), forced)
    assert "Pistol fires at most 1 in a turn (rate of fire) and Ada has fired 1; 0 left" in forced.overruled


def test_an_object_attack_out_of_turn_says_what_it_cannot_do() -> None:
    g = yard()
    g.dealt, g.phase = True, "action"
    assert refused(lambda: break_object(g, dice(), g.character("Ada"), "rope", "cutting", False, Options(),
                                        table())) == \
        "Ada has no action card this round (surprised, or dealt out), so it cannot attack the rope; " \
        "it is dealt in next round" + FORCE_HINT


def test_finishing_refusals_word_for_word() -> None:
    from sprawl_cli.systems.savage_worlds.objects import finish

    g = yard()
    ada, goon = g.character("Ada"), g.character("Goon")
    assert refused(lambda: finish(g, ada, goon, table())) == \
        "Goon is not helpless (only an incapacitated, bound or unconscious foe can be finished)" + FORCE_HINT
    assert refused(lambda: finish(g, ada, ada, table()), BadInput) == "Ada cannot finish itself"
    goon.dead = True
    with pytest.raises(RuleRefusal) as caught:
        finish(g, ada, goon, table(force=True))
    assert str(caught.value) == "Goon is dead already"
    goon.dead = False
    ada.add("shaken")
    assert refused(lambda: finish(g, ada, goon, table())) == \
        "Ada is Shaken: `recover Ada` first (a Spirit test, or a benny)" + FORCE_HINT
    ada.drop("shaken")
    g.dealt, g.phase = True, "action"
    goon.add("incapacitated")
    assert refused(lambda: finish(g, ada, goon, table())) == \
        "Ada has no action card this round (surprised, or dealt out), so it cannot finish a foe; " \
        "it is dealt in next round" + FORCE_HINT


def test_an_object_attack_declared_as_one_of_two_actions_takes_the_multi_action_penalty() -> None:
    g = yard()
    out = break_object(g, dice(5, 1, 1, 1), g.character("Ada"), "rope", "cutting", False,
                       Options(weapon="Sword", actions=2), table())
    assert out.test["modifiers"] == {"multi-action": -2} and out.test["total"] == 3


# --- 2026-12-02 (second session): a benny on an attack on an object (`redo_break`), which the
# whole run of objects.py found untested since `break` became a trait test a benny rerolls.

def test_a_missed_blow_at_a_door_rerolled_to_a_hit_rolls_its_damage_with_its_own_weapon() -> None:
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = yard()
    ada = g.character("Ada")
    break_object(g, dice(1, 1), ada, "light door", "blunt", False, Options(weapon="Club"), table())  # a miss
    d = dice(2, 1, 6)  # Fighting 2 against Parry 2: a hit; the Club's d6 6, no ace: 6, short of 8
    out = benny(g, d, ada, table())
    assert out.effects == {"object": "light-door", "toughness": 8, "damage_rolls": [[6]], "damage": 6,
                           "broken": False}
    assert [r.label for r in d.rolls][-1] == "Ada: damage to the light-door, d6" and leftover(d) == []


def test_a_missed_shot_at_a_lock_rerolled_breaks_it_at_exactly_its_toughness() -> None:
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = yard()
    ada = g.character("Ada")
    break_object(g, dice(2, 1), ada, "lock", None, True, Options(weapon="Pistol", range="short"), table())
    out = benny(g, dice(4, 1, 5, 3), ada, table())  # 4 against 4: a hit; the Pistol's 2d6, 5 + 3 = 8
    assert (out.effects["damage_rolls"], out.effects["damage"], out.effects["broken"]) == ([[5], [3]], 8, True)


def test_a_hit_on_an_object_rerolled_stays_the_hit_it_was() -> None:
    """Raises add nothing against an object: a better roll of a hit rolls no new damage."""
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = yard()
    ada = g.character("Ada")
    break_object(g, dice(2, 1, 3), ada, "light door", "blunt", False, Options(weapon="Club"), table())
    d = dice(7, 1)  # a raise now (7 against 2), and nothing more rolled
    out = benny(g, d, ada, table())
    assert out.effects == {} and leftover(d) == []


def test_a_hand_edited_attack_on_an_object_is_refused_for_good() -> None:
    from sprawl_cli.systems.savage_worlds.bennies import benny

    g = yard()
    ada = g.character("Ada")
    break_object(g, dice(1, 1), ada, "light door", "blunt", False, Options(weapon="Club"), table())
    g.tests["Ada"].detail["toughness"] = "tough"
    with pytest.raises(RuleRefusal) as caught:
        benny(g, dice(2, 1, 6), ada, table(force=True))
    assert str(caught.value) == "Ada's attack on an object was edited by hand and cannot be rerolled"


SHOTGUN = Weapon("Shotgun", "3d6", range="12/24/48", type="shotgun")


def test_a_shotgun_shot_at_a_lock_asks_the_band_first_and_pierces_beyond_short_range() -> None:
    g = game([hero("Ada", weapons=[SWORD, SHOTGUN])], [extra("Goon")])
    t = table(range="medium")
    out = break_object(g, dice(2, 1), g.character("Ada"), "lock", None, True, Options(weapon="Shotgun"), t)
    assert (out.damage_type, out.damage) == ("piercing", 0)  # blunt only at short range; 2 misses the lock
    assert t.asked == ["Which range band is the lock in for Ada's Shotgun: short (up to 12\"), medium (up to 24\") "
                       "or long (up to 48\")?"]  # once, before the damage type hangs on it


@pytest.mark.parametrize("weapon, kind, thing, says", [
    ("Pistol", None, "light door", "piercing damage cannot break a light-door (it takes blunt, cutting)"),
    ("Shotgun", "cutting", "lock", "cutting damage cannot break a lock (it takes blunt, piercing)"),
])
def test_a_shot_whose_damage_cannot_break_the_object_is_refused_before_the_band_is_asked(
        weapon: str, kind: str | None, thing: str, says: str) -> None:
    g = game([hero("Ada", weapons=[SWORD, PISTOL, SHOTGUN])], [extra("Goon")])
    t = table()
    assert refused(lambda: break_object(g, dice(), g.character("Ada"), thing, kind, True, Options(weapon=weapon),
                                        t)) == says + FORCE_HINT
    assert t.asked == []


def test_a_shot_at_an_object_counts_as_a_shot_and_cover_needs_one() -> None:
    g = refereed_turn()
    ada = g.character("Ada")
    break_object(g, dice(2, 1), ada, "rope", None, True, Options(weapon="Pistol", range="short", actions=1), table())
    assert ada.acted == ["shoot:Pistol"]
    assert refused(lambda: break_object(g, dice(), ada, "rope", "cutting", False, Options(cover="light"), table()),
                   BadInput) == "--cover and --light are for a shot at the object: add --ranged"


def test_a_shot_at_an_object_asks_its_band_by_the_objects_name() -> None:
    g = yard()
    t = table(range="short")
    break_object(g, dice(2, 1), g.character("Ada"), "rope", None, True, Options(weapon="Pistol"), t)
    assert t.asked == ["Which range band is the rope in for Ada's Pistol: short (up to 12\"), medium (up to 24\") "
                       "or long (up to 48\")?"]


def test_a_blow_at_an_object_out_of_reach_is_refused_saying_what_a_blow_needs() -> None:
    g = yard()
    assert refused(lambda: break_object(g, dice(), g.character("Ada"), "rope", "cutting", False, Options(),
                                        table(yes=False))) == (
        "Ada is not in contact with the rope: a blow needs the object within reach (or shoot it: `--ranged`); "
        "move into contact first (`move Ada INCHES`)" + FORCE_HINT)


def test_a_shot_at_an_object_in_the_dark_beyond_ten_inches_is_refused_and_forced_takes_the_dark() -> None:
    """W5 (2026-12-02, third session; kills `break_object` 160, the table handed to
    `attack_situation` as None): in the dark nothing is seen beyond 10", an object no more than
    a model. `break` has no `--distance`, so only a caller of `break_object` that gives one
    reaches this refusal; it is refused by the caller's table, and forced it is overruled once
    and the shot takes the dark's -2."""
    g = yard()
    def dark() -> Options:
        return Options(weapon="Pistol", range="short", distance=12, light="dark", cover="none")

    assert refused(lambda: break_object(g, dice(), g.character("Ada"), "lock", None, True, dark(),
                                        table())) == "in the dark nothing is seen beyond 10\"; the target is 12\" away" \
        + FORCE_HINT
    g, forced = yard(), table(force=True)
    out = break_object(g, dice(6, 1, 5, 3), g.character("Ada"), "lock", None, True, dark(), forced)
    assert out.test["modifiers"] == {"dark light": -2} and out.test["total"] == 4 and out.test["success"]
    assert forced.overruled == ["in the dark nothing is seen beyond 10\"; the target is 12\" away"]
