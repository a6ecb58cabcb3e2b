"""Issue 12, the rule findings of a new group at the table: each test failed before its fix.

Rulings H1-H7 are the project's own (docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.sprawl.views.close import brawl_lines, break_lines
from sprawl_cli.systems.sprawl.status import header
from sprawl_cli.systems.sprawl.views.game import victim_lines
from sprawl_cli.systems.sprawl import movement
from sprawl_cli.systems.sprawl.close import brawl, break_away
from sprawl_cli.systems.sprawl.model import Weapon
from sprawl_cli.systems.sprawl.morale import panic
from sprawl_cli.systems.sprawl.ranged import Situation, aim, shoot
from sprawl_cli.systems.sprawl.referee import referee_damage
from sprawl_cli.systems.sprawl.phases import can_recover, todo
from sprawl_cli.systems.sprawl.turn import advance
from sprawl_cli.table import ScriptedTable
from tests.factory import KNIFE, PISTOL, character, dice, game, leftover, table

ROCKET = Weapon("Rocket Launcher", "launcher", 4, blast=3, uses=1)


@dataclass
class Answers(ScriptedTable):
    """Yes/no answers chosen by a word in the question (the first match wins; else `yes`)."""

    by_word: dict[str, bool] = field(default_factory=dict)

    def confirm(self, question: str) -> bool:
        self.asked.append(question)
        return next((a for w, a in self.by_word.items() if w in question), self.yes)


def duel(**red_values):
    """Ada (Red) and Bo (Red) against Cy and Di (Blue); Red's Movement Phase."""
    ada = character("Ada", **red_values)
    bo = character("Bo")
    cy = character("Cy")
    di = character("Di")
    return game([ada, bo], [cy, di]), ada, bo, cy, di


def engage(a, b):
    a.engaged_with.append(b.name)
    b.engaged_with.append(a.name)


# --- a free attack is close combat (R12) --------------------------------------------


def test_a_free_attack_counts_as_close_combat_so_no_shot_after_it():
    g, ada, bo, cy, di = duel()
    engage(ada, cy)
    # Cy panics while engaged (flee d10 6): Ada's free attack [2 2 2] misses.
    panic(g, cy, table(), dice(6, 2, 2, 2))
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="fought in close combat this turn"):
        shoot(g, ada, di, Situation(), dice(), table())


def test_the_break_free_attack_also_bars_the_attacker_from_shooting_in_its_turn():
    g, ada, bo, cy, di = duel()
    engage(ada, cy)
    g.side, g.phase = 1, "movement"  # Blue's turn: Cy breaks away, Ada strikes [2 2 2]
    break_away(g, cy, dice(2, 2, 2), table())
    assert "brawled" in ada.acted


# --- the closest viable target (H2) ---------------------------------------------------


def test_a_shot_asks_whether_the_target_is_the_closest():
    g, ada, bo, cy, di = duel()
    g.phase = "ranged"
    t = table()
    shoot(g, ada, cy, Situation(), dice(2, 2, 2), t)
    assert t.asked == ["Is Cy the closest viable target Ada can see (a character must shoot at the closest one, H2)?"]


def test_a_shot_at_someone_who_is_not_the_closest_is_refused_unless_forced():
    g, ada, bo, cy, di = duel()
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="closest viable target"):
        shoot(g, ada, cy, Situation(), dice(), table(yes=False))
    t = table(yes=False, force=True)
    out = shoot(g, ada, cy, Situation(), dice(2, 2, 2), t)
    assert any("closest viable target" in f for f in out.forced)


def test_a_lone_visible_enemy_is_not_asked_about():
    g, ada, bo, cy, di = duel()
    di.add("hidden")  # a hidden enemy is no viable target
    g.phase = "ranged"
    t = table(yes=False)
    shoot(g, ada, cy, Situation(), dice(2, 2, 2), t)
    assert t.asked == []


# --- hiding asks for cover and for the distance (R19) --------------------------------------


def test_hiding_asks_for_cover_and_for_the_enemies_distance():
    g, ada, *_ = duel()
    t = table()
    movement.hide(g, ada, dice(7, 2, 2), t)
    assert len(t.asked) == 2
    assert "Cy 3\"" in t.asked[0] and "behind cover" in t.asked[1]


def test_no_cover_no_hiding():
    g, ada, *_ = duel()
    t = Answers(by_word={"behind cover": False})
    with pytest.raises(RuleRefusal, match="needs cover or a place to conceal itself"):
        movement.hide(g, ada, dice(), t)


# --- charges before normal movement (H3), chargers are running targets (H4) ------------------


def test_a_charge_after_a_friend_moved_normally_is_refused_unless_forced():
    g, ada, bo, cy, di = duel()
    movement.move(g, bo, dice(), table())
    with pytest.raises(RuleRefusal, match="chargers move before normal movement, and Bo already moved"):
        movement.charge(g, ada, cy, dice(), table())
    t = table(force=True)
    movement.charge(g, ada, cy, dice(), t)
    assert ada.engaged_with == ["Cy"] and t.overruled


def test_charges_first_then_normal_moves():
    g, ada, bo, cy, di = duel()
    movement.charge(g, ada, cy, dice(), table())
    movement.move(g, bo, dice(), table())
    assert "charged" in ada.acted and "moved" in bo.acted


@pytest.mark.parametrize("short", [False, True])
def test_a_charger_is_a_running_target_in_the_enemys_next_turn(short):
    g, ada, bo, cy, di = duel()
    movement.charge(g, ada, cy, dice(), table(), short=short)
    for _ in range(4):
        advance(g, dice())
    assert g.current_squad.name == "Blue" and ada.has("ran")
    g.phase = "ranged"
    plan = aim(g, di, ada, Situation())
    assert ("Ada ran or charged in its last turn", 2) in [(m.source, m.value) for m in plan.modifiers]


# --- the ledge test on every pin at 0 Health (R7) ---------------------------------------------


def test_a_brawl_that_drops_the_loser_near_a_ledge_tests_its_footing():
    g, ada, bo, cy, di = duel(brawling=4)
    cy.health = 1
    engage(ada, cy)
    g.phase = "close"
    # Ada [7 7 2 2] 2 net; Cy [2 2 2] none. Damage 2 + Knife 1 [7 2 2]: 1 point; Toughness [2 2 2];
    # 0 Health: incapacitation 5 (Down); near the ledge: Quickness [2 2 2] no success, it falls.
    d = dice(7, 7, 2, 2, 2, 2, 2, 7, 2, 2, 2, 2, 2, 5, 2, 2, 2)
    out = brawl(g, ada, cy, d, table(), ledge=("cy",))
    assert leftover(d) == [] and out.victims[0].ledge == {"faces": [2, 2, 2], "successes": 0, "fell": True}
    assert any("falls off the ledge" in line for line in brawl_lines(out.to_json()))


def test_a_free_attack_that_drops_the_leaver_near_a_ledge_tests_its_footing():
    g, ada, bo, cy, di = duel(brawling=4)
    cy.health = 1
    engage(ada, cy)
    g.side = 1
    # Ada's free attack [7 2 2 2] 1 net; damage 1 + Knife 1 [7 2]: 1 point; Toughness [2 2 2];
    # incapacitation 3 (Down); Quickness [7 2 2]: it keeps its footing.
    d = dice(7, 2, 2, 2, 7, 2, 2, 2, 2, 3, 7, 2, 2)
    out = break_away(g, cy, d, table(), ledge=("cy",))
    assert leftover(d) == [] and out.free_attacks[0].victims[0].ledge["fell"] is False


def test_a_fall_to_zero_health_near_a_ledge_tests_its_footing():
    g, ada, *_ = duel()
    ada.health = 1
    # 3" fall: 3 points, Toughness [2 2 2]; 0 Health, incapacitation 1 (Recovery, pinned); Quickness [2 2 2].
    d = dice(2, 2, 2, 1, 2, 2, 2)
    out = movement.fall(g, ada, 3, d, table(), ledge=True)
    assert leftover(d) == [] and out.victim.ledge["fell"] is True


def test_referee_damage_to_zero_health_near_a_ledge_tests_its_footing():
    g, ada, *_ = duel()
    d = dice(4, 7, 2, 2)  # incapacitation 4 (Down); Quickness [7 2 2]
    out = referee_damage(g, ada, 3, d, table(), ledge=True)
    assert leftover(d) == [] and out.victim.ledge == {"faces": [7, 2, 2], "successes": 1, "fell": False}


def test_without_a_ledge_nobody_tests():
    g, ada, *_ = duel()
    out = referee_damage(g, ada, 3, dice(4), table())
    assert out.victim.ledge is None


# --- break, then move (H5) ---------------------------------------------------------------------


def test_breaking_away_in_the_movement_phase_lets_it_move_off():
    g, ada, bo, cy, di = duel()
    engage(ada, cy)
    g.side = 1  # Blue's Movement Phase: Cy breaks, Ada's free attack [2 2 2] misses
    out = break_away(g, cy, dice(2, 2, 2), table())
    assert out.may_move and "moves off now" in " ".join(break_lines(out.to_json()))
    movement.move(g, cy, dice(), table())
    assert "moved" in cy.acted


def test_breaking_away_in_the_close_combat_phase_leaves_it_where_it_is():
    g, ada, bo, cy, di = duel()
    engage(ada, cy)
    g.side, g.phase = 1, "close"
    out = break_away(g, cy, dice(2, 2, 2), table())
    assert not out.may_move and "stays there until its next turn" in " ".join(break_lines(out.to_json()))
    with pytest.raises(RuleRefusal, match="Movement Phase"):
        movement.move(g, cy, dice(), table())


# --- overwatch needs a ranged weapon that can fire (R20, R14) ----------------------------------


@pytest.mark.parametrize("state", ["jammed", "out_of_ammo", "none_left"])
def test_no_overwatch_with_an_only_ranged_weapon_that_cannot_fire(state):
    g, ada, *_ = duel()
    ada.weapon_states["Pistol"] = state
    with pytest.raises(RuleRefusal, match="no ranged weapon that can fire"):
        movement.overwatch(g, ada, table())


def test_no_overwatch_with_a_used_up_rocket_or_without_a_ranged_weapon():
    g, ada, bo, *_ = duel(weapons=[ROCKET, KNIFE])
    ada.uses_spent["Rocket Launcher"] = 1
    with pytest.raises(RuleRefusal, match="Rocket Launcher none left"):
        movement.overwatch(g, ada, table())
    bo.weapons = [KNIFE]
    with pytest.raises(RuleRefusal, match="no ranged weapon"):
        movement.overwatch(g, bo, table())


def test_overwatch_with_a_second_gun_that_works():
    g, ada, *_ = duel(weapons=[PISTOL, Weapon("Rifle", "gun", 2, reliability=2)])
    ada.weapon_states["Pistol"] = "jammed"
    assert movement.overwatch(g, ada, table()).to_json()["overwatch"]


# --- weapons found as names are (issue 12, 9) ----------------------------------------------------


def test_a_weapon_by_a_unique_beginning_or_word_any_case():
    ada = character("Ada", weapons=[PISTOL, ROCKET, KNIFE])
    assert ada.weapon("rocket").name == "Rocket Launcher"
    assert ada.weapon("LAUNCHER").name == "Rocket Launcher"
    assert ada.weapon("pi").name == "Pistol"
    assert ada.weapon("fists").name == "Fists"


def test_an_unknown_weapon_gets_one_did_you_mean():
    ada = character("Ada", weapons=[PISTOL, ROCKET, KNIFE])
    with pytest.raises(BadInput, match="did you mean 'Pistol'\\? it carries Pistol, Rocket Launcher, Knife") as e:
        ada.weapon("pistl")
    assert "Knife'" not in str(e.value)


def test_a_beginning_that_fits_two_weapons_asks_for_more():
    ada = character("Ada", weapons=[PISTOL, Weapon("Pike", "melee", 1)])
    with pytest.raises(BadInput, match="'pi' could be Pistol or Pike"):
        ada.weapon("pi")


# --- one instruction per character (H6) ---------------------------------------------------------


def test_a_pinned_and_panicked_character_is_told_only_to_flee():
    g, ada, bo, *_ = duel()
    ada.add("pinned")
    ada.add("panicked")
    notes = todo(g)
    assert any("Panicked move first" in n and "Ada" in n for n in notes)
    assert not any("stay put" in n and "Ada" in n for n in notes)


def test_a_down_character_is_told_it_may_crawl_not_to_stay_put():
    g, ada, bo, *_ = duel()
    ada.add("pinned")
    ada.add("down")
    bo.add("pinned")
    notes = todo(g)
    assert "Pinned, they stay put: Bo" in notes
    assert "Down, they may only crawl 2\" (`sprawl move NAME`): Ada" in notes


def test_a_jam_from_this_turn_is_not_offered_to_the_recovery_phase():
    g, ada, *_ = duel()
    ada.weapon_states["Pistol"] = "jammed"
    ada.jammed_turn["Pistol"] = g.turn
    g.phase = "recovery"
    assert can_recover(g, ada) is None and not any("Recover" in n for n in todo(g))
    ada.jammed_turn["Pistol"] = g.turn - 1
    assert can_recover(g, ada) == "jammed"


def test_a_fall_that_leaves_it_down_says_face_down_only():
    g, ada, *_ = duel()
    ada.health = 1
    out = movement.fall(g, ada, 2, dice(2, 2, 2, 5), table())  # Toughness [2 2 2]; d10 5: Down
    text = " ".join(victim_lines(out.victim))
    assert "face down" in text and "on its back" not in text


# --- rounds played = rounds begun (H7) -----------------------------------------------------------


def test_game_over_names_the_round_it_ended_in_as_rounds_played():
    g, *_ = duel()
    g.round, g.over, g.winner, g.reason = 4, True, "Blue", "Red routed (R24)"
    assert header(g).startswith("[bold]Game over[/] in round 4 (4 rounds played):")
    g.round = 1
    assert "(1 round played)" in header(g)


# --- weapon lookup, as a property ----------------------------------------------------------------

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
# Drawing these lists is slow on a loaded machine (or under a mutation tester's tracing), which
# hypothesis would report as a failure of its own: these properties are about lookups, not speed.
PATIENT = settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)


@PATIENT
@given(st.lists(st.lists(WORD, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=5, unique_by=str.lower),
       st.data())
def test_every_carried_weapon_is_found_by_its_whole_name_in_any_case(names, data):
    weapons = [Weapon(n.title(), "gun", 1, reliability=2) for n in names if n.lower() != "fists"]
    ada = character("Ada", weapons=weapons)
    for w in weapons:
        typed = data.draw(st.sampled_from([w.name, w.name.lower(), w.name.upper()]))
        assert ada.weapon(typed) is w


@PATIENT
@given(st.lists(WORD, min_size=2, max_size=5, unique=True), st.data())
def test_a_beginning_finds_a_weapon_only_when_it_fits_one(names, data):
    weapons = [Weapon(n, "gun", 1, reliability=2) for n in names if n != "fists"]
    ada = character("Ada", weapons=weapons)
    target = data.draw(st.sampled_from(weapons))
    prefix = target.name[: data.draw(st.integers(1, len(target.name)))]
    fits = [w for w in weapons if w.name.startswith(prefix)] + ([] if not "fists".startswith(prefix) else ["Fists"])
    if any(w.name == prefix for w in weapons) or len(fits) == 1:
        assert ada.weapon(prefix).name.startswith(prefix)
    else:
        with pytest.raises(BadInput, match="could be"):
            ada.weapon(prefix)
