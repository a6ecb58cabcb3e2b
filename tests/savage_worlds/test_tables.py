"""The chapter's tables pinned row by row with exact totals (issue 23): every object of W7's
table with its Toughness and damage types, every cover, light, range and called-shot step of
W5, the multi-action penalty of W2, and the text's worked examples. A wrong value anywhere
fails a named case here (the hand mutants that once survived: light and heavy door, near-total
cover -6, pitch darkness -4, the two-action -2)."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import NeedsAnswer, RuleRefusal
from sprawl_cli.systems.savage_worlds.attacks import Options, fight, shoot
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.objects import break_object
from sprawl_cli.systems.savage_worlds.traits import own_modifiers
from tests.savage_worlds.helpers import PISTOL, SWORD, dice, extra, game, hero, leftover, table

MAUL = Weapon("Maul", "2d12")  # any total from 2 to 24, no Strength die: every Toughness reachable

# W7, row by row: the object, its Toughness, the damage types that break it
# (b blunt, c cutting, p piercing)
_ROWS = [("light-door", 8, "bc"), ("heavy-door", 10, "bc"), ("lock", 8, "bp"), ("handcuffs", 12, "pcb"),
         ("knife", 10, "cb"), ("sword", 10, "cb"), ("rope", 4, "pc"), ("small-shield", 8, "cb"),
         ("medium-shield", 10, "cb"), ("large-shield", 12, "cb")]
_KINDS = {"b": "blunt", "c": "cutting", "p": "piercing"}
OBJECT_TABLE = [(thing, toughness, {_KINDS[k] for k in kinds}) for thing, toughness, kinds in _ROWS]


def duel() -> Game:
    skills = {"fighting": "d8", "shooting": "d12"}
    return game([hero("Ada", skills=skills, weapons=[SWORD, PISTOL, MAUL])], [extra("Goon", toughness=30),
                                                                                hero("Boss")])


@pytest.mark.parametrize("thing, toughness, types", OBJECT_TABLE)
def test_every_object_breaks_at_its_toughness_and_not_one_below(thing: str, toughness: int, types: set[str]) -> None:
    kind = sorted(types)[0]
    # Fighting 7 (a raise against Parry 2, which adds nothing against an object), Wild Die 1
    g = duel()
    below = break_object(g, dice(7, 1, toughness - 2, 1), g.character("Ada"), thing, kind, False,
                         Options(weapon="Maul"), table())
    assert (below.test["tn"], below.toughness, below.damage, below.broken) == (2, toughness, toughness - 1, False)
    at = break_object(g, dice(7, 1, toughness - 1, 1), g.character("Ada"), thing, kind, False,
                      Options(weapon="Maul"), table())
    assert (at.damage, at.broken, at.damage_rolls) == (toughness, True, [[toughness - 1], [1]])


@pytest.mark.parametrize("thing, toughness, types", OBJECT_TABLE)
@pytest.mark.parametrize("kind", ["blunt", "cutting", "piercing"])
def test_every_object_takes_only_its_damage_types(thing: str, toughness: int, types: set[str], kind: str) -> None:
    g = duel()
    if kind in types:
        out = break_object(g, dice(7, 1, 12, 12), g.character("Ada"), thing, kind, False, Options(weapon="Maul"),
                           table())
        assert out.broken and out.damage == 24  # 12s do not ace against objects
    else:
        with pytest.raises(RuleRefusal, match=f"{kind} damage cannot break"):
            break_object(g, dice(7, 1, 12, 12), g.character("Ada"), thing, kind, False, Options(weapon="Maul"),
                         table())


def test_an_object_shot_at_is_tn_four() -> None:
    g = duel()
    out = break_object(g, dice(4, 1, 6, 2), g.character("Ada"), "lock", "piercing", True,
                       Options(weapon="Pistol", range="short"), table())
    assert out.test["tn"] == 4 and out.damage == 8 and out.broken


def shot(faces: tuple[int, ...], band: str, **options: object) -> tuple[dict[str, int], int, bool]:
    """A pistol shot at Goon; the table answers the range band."""
    g = duel()
    out = shoot(g, dice(*faces, 1, 1, 1), g.character("Ada"), g.character("Goon"), Options(weapon="Pistol", **options),
                table(range=band))  # type: ignore[arg-type]
    return dict(out.test.modifiers), out.test.total, out.test.success


@pytest.mark.parametrize("cover, step", [("light", -1), ("medium", -2), ("heavy", -4), ("near-total", -6)])
def test_every_cover_step(cover: str, step: int) -> None:
    mods, total, success = shot((7, 1), "short", cover=cover)
    assert mods == {f"{cover} cover": step} and total == 7 + step and success == (7 + step >= 4)


@pytest.mark.parametrize("light, step", [("dim", -1), ("dark", -2), ("pitch", -4)])
def test_every_light_step(light: str, step: int) -> None:
    mods, total, _ = shot((7, 1), "short", light=light)
    assert mods == {f"{light} light": step} and total == 7 + step


@pytest.mark.parametrize("band, step", [("short", 0), ("medium", -2), ("long", -4)])
def test_every_range_band(band: str, step: int) -> None:
    mods, total, _ = shot((7, 1), band)
    assert mods == ({f"{band} range": step} if step else {}) and total == 7 + step


@pytest.mark.parametrize("called, to_hit, to_damage, total, damage", [
    ("limb", -2, 0, 9, 3 + 2 + 1),  # 9: a raise, so the raise d6 (1) too
    ("head", -4, 4, 7, 3 + 2 + 4), ("small", -4, 4, 7, 3 + 2 + 4), ("tiny", -6, 4, 5, 3 + 2 + 4)])
def test_every_called_shot_to_hit_and_damage(called: str, to_hit: int, to_damage: int, total: int,
                                             damage: int) -> None:
    g = duel()
    d = dice(11, 1, 3, 2, 1)  # Shooting d12 11 + the step; damage 3 + 2 (and a raise d6 1)
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", weapon="Pistol", called=called),
                table())
    assert dict(out.test.modifiers) == {f"called {called}": to_hit} and out.test.total == total
    assert out.victims[0].damage == damage
    assert out.damage_modifiers == ({f"called {called}": to_damage} if to_damage else {})


@pytest.mark.parametrize("actions, step", [(1, 0), (2, -2), (3, -4)])
def test_multi_action_is_two_per_action_beyond_the_first(actions: int, step: int) -> None:
    g = duel()
    assert own_modifiers(g, g.character("Ada"), actions).total == step
    mods, total, _ = shot((7, 1), "short", actions=actions)
    assert mods == ({"multi-action": step} if step else {}) and total == 7 + step


def test_the_texts_example_shoot_and_intimidate_both_take_two() -> None:
    # Buck shoots one cultist and Intimidates another: two actions, -2 on both rolls.
    g = duel()
    first = shoot(g, dice(6, 1, 1, 1), g.character("Ada"), g.character("Goon"), Options(range="short", weapon="Pistol",
                                                                                        actions=2), table())
    assert first.test.total == 4
    assert own_modifiers(g, g.character("Ada"), 2).mods == [("multi-action", -2)]


def test_the_texts_tommy_gun_example_three_hits_at_most() -> None:
    # Shooting d12, rate of fire 3: three d12s and a Wild Die, never more than three hits.
    tommy = Weapon("Tommy Gun", "2d8", range="12/24/48", rof=3)
    g = game([hero("Ada", skills={"shooting": "d12"}, weapons=[tommy])], [extra("Goon"), hero("Boss")])
    d = dice(9, 9, 9, 5, *[1] * 6)
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", rof=3), table())
    assert out.test.hits == 3 and len(out.test.results) == 3 and dict(out.test.modifiers) == {"autofire": -2}


def test_the_texts_machete_example_strength_weapon_and_raise_die() -> None:
    # A hit with a raise: the Strength die, the machete's d6, then +1d6 for the raise.
    machete = Weapon("Machete", "str+d6")
    g = game([hero("Ada", weapons=[machete])], [extra("Goon", toughness=30), hero("Boss")])
    d = dice(8, 3, 1, 4, 5, 2)  # Fighting 8 aces + 3 = 11 vs Parry 6: a raise; Strength 4, d6 5, raise 2
    out = fight(g, d, g.character("Ada"), g.character("Goon"), Options(), table())
    assert out.test.total == 11 and out.test.raises == 1
    assert out.victims[0].damage_rolls == [[4], [5], [2]] and out.victims[0].damage == 11 and leftover(d) == []


def test_the_drop_and_the_joker_name_their_damage_bonus() -> None:
    g = duel()
    g.character("Ada").card = "RJ"
    d = dice(7, 1, 4, 2, 3)  # 7 + 2 + 4 = 13: two raises; damage 4 + 2, raise d6 3, +2 +4
    g.character("Goon").toughness = 5
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", weapon="Pistol", drop=True),
                table())
    assert dict(out.test.modifiers) == {"joker": 2, "the drop": 4} and out.test.total == 13
    assert out.damage_modifiers == {"joker": 2, "the drop": 4}
    assert out.victims[0].damage_rolls == [[4], [2], [3]] and out.victims[0].damage == 15 and leftover(d) == []


@pytest.mark.parametrize("cover, armour", [("light", 1), ("medium", 2), ("heavy", 4), ("near-total", 6),
                                           (None, 0)])
def test_every_cover_step_as_armour_against_a_blast(cover: str | None, armour: int) -> None:
    from sprawl_cli.systems.savage_worlds.blasts import blast_armor

    g = duel()
    assert blast_armor(g.character("Goon"), cover) == (armour, cover)
    g.character("Goon").add("prone")  # prone counts as medium cover, unless behind better
    assert blast_armor(g.character("Goon"), cover)[0] == max(armour, 2)


@pytest.mark.parametrize("band, times", [("short", 1), ("medium", 2), ("long", 3)])
@pytest.mark.parametrize("weapon, sides", [("Grenade", 6), ("Launcher", 10)])
def test_every_deviation_step(band: str, times: int, weapon: str, sides: int) -> None:
    from sprawl_cli.systems.savage_worlds.blasts import deviate
    from tests.savage_worlds.helpers import GRENADE, LAUNCHER

    g = duel()
    arm = GRENADE if weapon == "Grenade" else LAUNCHER
    out = deviate(dice(5, 3), g.character("Ada"), arm, band, 100)
    assert (out["die"], out["rolled"], out["inches"], out["clock"]) == (f"d{sides}", 5 * times, 5 * times, 3)
    capped = deviate(dice(5, 3), g.character("Ada"), arm, band, 4)  # W6: at most half the distance
    assert capped["inches"] == 2 and capped["capped"]


def test_a_weapons_damage_type_against_objects() -> None:
    """W7: the roster's declared type, never the name; a shotgun is blunt close and pierces beyond."""
    from sprawl_cli.systems.savage_worlds.model import UNARMED
    from sprawl_cli.systems.savage_worlds.objects import damage_type_of

    shotgun = Weapon("Pump", "3d6", range="12/24/48", type="shotgun")
    named = Weapon("Pump Shotgun", "3d6", range="12/24/48", type="piercing")
    assert damage_type_of(PISTOL, table()) == "piercing"  # declared
    assert damage_type_of(named, table()) == "piercing"  # the name says nothing
    assert [damage_type_of(shotgun, table(), band) for band in ("short", "medium", "long", None)] == \
        ["blunt", "piercing", "piercing", "blunt"]
    assert damage_type_of(UNARMED, table()) == "blunt"
    asked = table(choices={"type": ["cutting"]})
    assert damage_type_of(SWORD, asked) == "cutting" and "Sword" in asked.asked[0]
    with pytest.raises(NeedsAnswer, match="Give --type blunt[|]cutting[|]piercing"):
        damage_type_of(Weapon("Gun", "2d6", range="12/24/48"), table())
    g = duel()
    with pytest.raises(RuleRefusal, match="piercing damage cannot break a light-door"):
        break_object(g, dice(), g.character("Ada"), "light-door", None, True, Options(weapon="Pistol", range="short"),
                     table())
