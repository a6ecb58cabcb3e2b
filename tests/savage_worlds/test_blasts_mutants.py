"""Area effects (W6), what the mutation run of blasts.py found unchecked: the deviation and
its dice, the questions asked, cover and prone as armour, AP, dives and damage labelled.
Dice are scripted.

The survivors of blasts.py that no input can tell from the original:

- `blast_armor` 7: `cover or "XXXX"` for `cover or ""`: neither is a cover, both give 0.
- `blast` 4 and 5: the "small" default template. `blast` is only called for an attack with a
  template (`resolve` checks `opts.template or weapon.template` first), so it is never used.
- `blast` 75: `character_test` handed no game (it never reads it); `blast` 88: `"AGILITY"`
  (lower-cased by `Character.trait`, and the label is the `what` given).
- `blast` 123 and 125: no kept damage read as None instead of []: both are false, and the
  damage is rolled afresh either way.

The whole module again (2026-12-02, third session: 290 mutants, numbered as mutmut 3.8.1
numbers them that day; 284 killed). The six left are the same ones renumbered, each
equivalent as above: `blast_armor` 7, `blast` 4 and 5 (the "small" default), 97
(`"AGILITY"`), 132 and 134 (no kept damage read as None).
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.savage_worlds.attacks import Options, shoot
from sprawl_cli.systems.savage_worlds.blasts import blast_armor, deviate
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from tests.savage_worlds.helpers import GRENADE, LAUNCHER, SWORD, dice, extra, game, hero, leftover, table

AP_BOMB = Weapon("Satchel", "2d6", range="5/10/20", template="small", skill="throwing", ap=2)
STRONG_BOMB = Weapon("Boulder", "str+d4", range="3/6/12", template="small", skill="throwing")


def blast_game(**ada: Any) -> Game:
    return game([hero("Ada", weapons=[GRENADE, LAUNCHER, SWORD, AP_BOMB, STRONG_BOMB], **ada)],
                [extra("Goon"), extra("Grunt"), hero("Boss", armor=2)])


def test_a_deviation_without_a_distance_is_not_capped_and_its_dice_are_named() -> None:
    g = blast_game()
    d = dice(5, 12)
    out = deviate(d, g.character("Ada"), GRENADE, "long", None)
    assert out == {"die": "d6", "roll": 5, "times": 3, "rolled": 15, "cap": None, "inches": 15.0,
                   "capped": False, "clock": 12}
    assert [(r.label, r.die) for r in d.rolls] == [("Ada: deviation", "d6"), ("Ada: deviation direction", "d12")]


def test_a_deviation_of_exactly_half_the_distance_is_not_capped() -> None:
    g = blast_game()
    out = deviate(dice(2, 1), g.character("Ada"), GRENADE, "medium", 8)
    assert (out["rolled"], out["cap"], out["inches"], out["capped"]) == (4, 4.0, 4.0, False)


@pytest.mark.parametrize("cover, prone, armor", [
    (None, False, (0, None)), (None, True, (2, "prone")), ("light", True, (2, "prone")),
    ("medium", True, (2, "medium")), ("heavy", True, (4, "heavy")), ("near-total", False, (6, "near-total")),
    ("light", False, (1, "light")),
])
def test_cover_and_prone_as_armour_against_a_blast(cover: str | None, prone: bool, armor: tuple[int, str | None]) -> None:
    c = extra("Goon")
    if prone:
        c.add("prone")
    assert blast_armor(c, cover) == armor


def test_a_hit_asks_who_else_is_under_it_offering_those_standing() -> None:
    g = blast_game()
    g.character("Grunt").add("incapacitated")
    t = table(lists={"victims": []})
    shoot(g, dice(5, 1, 1, 1, 1), g.character("Ada"), g.character("Goon"), Options(range="short"), t)
    assert t.asked == ["The medium burst is centred on Goon: who else is under it?"]
    assert t.offered == {"victims": ["Ada", "Goon", "Boss"]}


def test_a_miss_asks_who_is_under_it_where_it_landed() -> None:
    g = blast_game()
    t = table(lists={"victims": []})
    shoot(g, dice(2, 1, 2, 3), g.character("Ada"), g.character("Goon"), Options(range="short", distance=10), t)
    assert t.asked == ["The medium burst deviated 2\" toward 3 o'clock: who is under it now?"]


def test_the_targets_cover_is_armour_noted_and_damage_is_labelled_with_the_joker_bonus() -> None:
    g = blast_game(card="RJ")
    d = dice(3, 1, 2, 2, 2)  # Throwing 3+2 = 5: a hit; Goon in light cover: 6 + 2 (Joker) = 8 vs 5 + 1
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", cover="light"),
                table(lists={"victims": []}))
    victim = out.victims[0].to_json()
    assert (victim["damage"], victim["toughness"], victim["notes"]) == (8, 6, ["light cover: +1 armour"])
    assert [r.label for r in d.rolls][2:] == ["Ada: blast damage to Goon, d6"] * 3
    assert leftover(d) == []


def test_no_cover_no_note_and_armour_piercing_takes_off_armour() -> None:
    g = blast_game()
    d = dice(5, 1, 3, 3, 1, 1)  # Satchel 2d6, AP 2: Goon 6 vs 5; Boss (armour 2, T 7) 2 vs 7 - 2
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(weapon="Satchel", range="short"),
                table(lists={"victims": ["Boss"]}))
    assert [(v.name, v.toughness, v.notes) for v in out.victims] == [("Goon", 5, []), ("Boss", 5, [])]


def test_a_blast_of_strength_damage_rolls_the_throwers_strength() -> None:
    g = blast_game()
    d = dice(5, 1, 4, 2)
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(weapon="Boulder", range="short"),
                table(lists={"victims": []}))
    assert out.victims[0].damage == 6
    assert [r.label for r in d.rolls][2:] == ["Ada: blast damage to Goon, Strength", "Ada: blast damage to Goon, d4"]


def test_a_dive_is_agility_minus_two_labelled() -> None:
    g = blast_game()
    d = dice(5, 1, 1, 1, 1, 6, 1, 1)  # a hit; Goon takes 3; Boss dives: 6+1-2 = 5 (Wild Die 1), clear
    out = shoot(g, d, g.character("Ada"), g.character("Goon"), Options(range="short", dive=["Boss"]),
                table(lists={"victims": ["Boss"]}))
    assert out.dives[0]["modifiers"] == {"diving clear": -2} and out.dives[0]["modifier"] == -2
    assert [r.label for r in d.rolls][5:] == ["Boss: Agility (dive clear)", "Boss: Agility (dive clear), ace",
                                             "Boss: Agility (dive clear), Wild Die"]


def test_an_unknown_victim_cover_is_refused_listing_the_covers() -> None:
    g = blast_game()
    with pytest.raises(BadInput) as caught:
        shoot(g, dice(5, 1), g.character("Ada"), g.character("Goon"),
              Options(range="short", victim_cover={"Grunt": "x"}), table(lists={"victims": ["Grunt"]}))
    assert str(caught.value) == "cover 'x': use one of light, medium, heavy, near-total"
