"""Exact odds against brute-force enumeration of the real rules (F3, F4, F6, F9, F10)."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.dice import Card, Face
from sprawl_cli.systems.street_fight.chance import COVER_NAMES, Situation
from sprawl_cli.systems.street_fight.close import fight
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.odds import capped_binomial, fight_odds, morale_odds, p_hit, shot_odds
from sprawl_cli.systems.street_fight.shooting import Order, Shooting, shoot
from sprawl_cli.systems.street_fight.weapons import WEAPON_NAMES, weapon
from tests.street_fight.build import dice, game, table, to_phase


class Short(Exception):
    def __init__(self, label: str, sides: int) -> None:
        self.label, self.sides = label, sides


class Prefix:
    """Faces given so far; the next draw past them says what it wanted."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        if not self.faces:
            raise Short(label, sides)
        return tuple(self.faces.pop(0) for _ in range(count))

    def card(self, deck: object, label: str) -> Card:
        raise AssertionError("no cards in Street-Fight")


def leaves(g: Game, order: Order, prefix: list[int]):  # type: ignore[no-untyped-def]
    """Every way the dice can fall, as (faces, outcome), d100s as a hit (1) or a miss (100), kill d10s
    as a kill (10) or not (1), the rounds die over all ten faces."""
    work = copy.deepcopy(g)
    try:
        yield prefix, shoot(work, work.character("Ada"), work.character("B0"), order, Prefix(prefix), table())
    except Short as short:
        options = range(1, 11) if "Rounds" in short.label else ((1, 100) if short.sides == 100 else (10, 1))
        for face in options:
            yield from leaves(g, order, prefix + [face])


def weight(faces: list[int], out: Shooting, kill: int) -> Fraction:
    w = Fraction(1, 10) if out.rounds_roll is not None else Fraction(1)
    for shot in out.shots:
        if shot.roll is None:
            continue
        hit = Fraction(min(shot.chance, 100), 100)
        w *= hit if shot.roll == 1 else 1 - hit
        if shot.kill_roll is not None:
            w *= Fraction(11 - kill, 10) if shot.kill_roll == 10 else Fraction(kill - 1, 10)
    return w


@settings(max_examples=12, deadline=None)
@given(arm=st.sampled_from(WEAPON_NAMES[:4]), distance=st.integers(0, 24), cover=st.sampled_from(COVER_NAMES),
       moving=st.booleans(), aim=st.integers(0, 4), frontage=st.integers(0, 7), two=st.booleans())
def test_shot_odds_match_the_rule_enumerated(arm: str, distance: int, cover: str, moving: bool, aim: int,
                                             frontage: int, two: bool) -> None:
    check_against_rule(arm, distance, cover, moving, aim, frontage, two)


@pytest.mark.parametrize("arm, distance, frontage", [("LMG", 5, 2)])
def test_d10_burst_odds_match_the_rule_enumerated(arm: str, distance: int, frontage: int) -> None:
    check_against_rule(arm, distance, "quarter", False, 0, frontage, False)


def check_against_rule(arm: str, distance: int, cover: str, moving: bool, aim: int, frontage: int,
                       two: bool) -> None:
    w = weapon(arm)
    targets = 2 if two and w.automatic else 1
    spread = frontage if w.automatic else 0
    g = game({"Ada": arm}, {f"B{i}": "pistol" for i in range(targets)}, morale="off")
    to_phase(g, "shooting", "Red")
    g.character("Ada").aim_turns = 0 if w.heavy else aim
    order = Order(distance, cover, moving, float(spread) or None, targets=tuple(f"B{i}" for i in range(targets)))
    found = [Fraction(0)] * (targets + 1)
    for faces, out in leaves(g, order, []):
        found[len(out.casualties)] += weight(faces, out, w.kill)
    assert sum(found) == 1
    expected = shot_odds(w, Situation(distance, cover, target_moving="x" if moving else "",
                                      aim_turns=0 if w.heavy else aim, frontage=float(spread)), targets)
    assert list(expected.casualties) == found


@given(st.integers(-150, 250))
def test_hit_odds_count_d100_faces(chance: int) -> None:
    assert p_hit(chance) == Fraction(sum(1 for f in range(1, 101) if chance >= 1 and f <= chance), 100)


@given(st.integers(0, 10), st.fractions(0, 1), st.integers(1, 3))
def test_capped_binomial_sums_to_one(shots: int, p: Fraction, cap: int) -> None:
    assert sum(capped_binomial(shots, p, cap)) == 1


@pytest.mark.parametrize("a_weapon, a_charge, d_weapon, d_cover", [
    ("pistol", False, "pistol", False), ("HMG", True, "pistol", True), ("LMG", False, "HMG", False),
    ("pistol", True, "LMG", True)])
def test_fight_odds_match_the_rule(a_weapon: str, a_charge: bool, d_weapon: str, d_cover: bool) -> None:
    counts = [0] * 5
    g0 = game({"Ada": a_weapon}, {"Bo": d_weapon}, morale="off")
    g0.character("Ada").moved_inches = 4.0  # it charged in
    to_phase(g0, "close", "Red")
    for x in range(1, 11):
        for y in range(1, 11):
            g = copy.deepcopy(g0)
            f = fight(g, g.character("Ada"), g.character("Bo"), a_charge, d_cover, dice(x, y), table())
            if f.winner is None:
                counts[2] += 1
            elif f.winner == "Ada":
                counts[0 if f.casualty else 1] += 1
            else:
                counts[4 if f.casualty else 3] += 1
    a_mod = weapon(a_weapon).combat + a_charge
    d_mod = weapon(d_weapon).combat + d_cover
    o = fight_odds(a_mod, d_mod)
    assert [o.attacker_kills, o.attacker_wins, o.draw, o.defender_wins, o.defender_kills] == \
        [Fraction(c, 100) for c in counts]


def test_morale_odds() -> None:
    assert [morale_odds(n) for n in (1, 2, 6, 11, 12)] == [0, Fraction(1, 10), Fraction(1, 2), 1, 1]


def test_the_lmg_example_odds() -> None:
    o = shot_odds(weapon("LMG"), Situation(4, frontage=6), targets=3)
    assert o.chance == 30 and o.kill == Fraction(8, 10)
    assert sum(o.casualties) == 1


def test_many_targets_cap_at_the_most_rounds_a_burst_can_fire() -> None:
    o = shot_odds(weapon("assault rifle"), Situation(3), targets=10**8)
    assert len(o.casualties) == 6 and sum(o.casualties) == 1


@given(arm=st.sampled_from(WEAPON_NAMES), d1=st.floats(0, 60), d2=st.floats(0, 60), cover=st.sampled_from(COVER_NAMES),
       aim=st.integers(0, 6), frontage=st.floats(0, 10), watch=st.sampled_from(["", "point", "large"]))
def test_the_chance_is_100_plus_its_terms_and_never_rises_with_range(arm: str, d1: float, d2: float, cover: str,
                                                                      aim: int, frontage: float, watch: str) -> None:
    from sprawl_cli.systems.street_fight.chance import hit_chance

    w = weapon(arm)
    near, far = sorted((d1, d2))
    c_near, terms = hit_chance(w, Situation(near, cover, aim_turns=aim, overwatch=watch, frontage=frontage))
    c_far, _ = hit_chance(w, Situation(far, cover, aim_turns=aim, overwatch=watch, frontage=frontage))
    assert c_near == 100 + sum(t.amount for t in terms) and c_far <= c_near
    assert all(t.source in ("F3", "F5", "F6", "F7", "F8") for t in terms)
    aim_terms = [t for t in terms if "aimed" in t.label]
    assert not aim_terms if (watch or w.heavy or not aim) else aim_terms[0].amount == 10 * min(aim, 3)
