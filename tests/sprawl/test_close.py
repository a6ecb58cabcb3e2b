"""Close combat (R12) with scripted dice: brawls, free attacks, breaking away."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl.model import Weapon
from sprawl_cli.systems.sprawl.close import brawl, break_away, free_attack, melee_weapon
from sprawl_cli.systems.sprawl.morale import panic_test
from sprawl_cli.systems.sprawl.turn import advance
from tests.factory import character, dice, game, leftover, table

MACHETE = Weapon("Machete", "melee", 2)
CHAINBLADE = Weapon("Chainblade", "melee", 3)
KNIFE = Weapon("Knife", "melee", 1)
PISTOL = Weapon("Pistol", "gun", 1, reliability=2)


def engage(a, b):
    a.engaged_with.append(b.name)
    b.engaged_with.append(a.name)


def close_phase(red, blue, **settings):
    g = game(red, blue, **settings)
    g.phase = "close"
    return g


@pytest.fixture
def wes_gordo():
    wes = character("Wes", brawling=5, toughness=3, health=3, weapons=[MACHETE, PISTOL])
    gordo = character("Gordo", brawling=5, toughness=4, health=4, weapons=[CHAINBLADE])
    g = close_phase([wes], [gordo])
    engage(wes, gordo)
    return g, wes, gordo


def test_wes_and_gordo_from_the_rules(wes_gordo):
    """The text's example, counted by R1/R2/R4: Wes 3,4,5,5,10 has 2 successes (the ten is
    two), Gordo 3,6,7,7,9 has 3; both at Difficulty 1, so nets 2 and 3: Gordo wins with 1 left."""
    g, wes, gordo = wes_gordo
    d = dice(3, 4, 5, 5, 10, 3, 6, 7, 7, 9,  # the two Brawling pools
             7, 8, 1, 2,  # Gordo's damage: 1 left + Chainblade Power 3 = 4 dice, 2 points
             7, 1, 1)  # Wes's Toughness 3: 1 negated
    out = brawl(g, wes, gordo, d, table())
    assert (out.attacker.successes, out.attacker.difficulty, out.attacker.net) == (2, 1, 2)
    assert (out.defender.successes, out.defender.difficulty, out.defender.net) == (3, 1, 3)
    assert out.winner == "Gordo" and out.remaining == 1 and out.weapon == "Chainblade"
    [victim] = out.victims
    assert victim.name == "Wes" and victim.damage == 2 and victim.negated == 1 and victim.health_lost == 1
    assert wes.health == 2 and wes.damage_taken == 1
    assert not wes.has("pinned")  # R7: close combat does not pin above 0 Health
    assert "Gordo" in wes.engaged_with and "brawled" in wes.acted
    assert leftover(d) == []
    data = out.to_json()
    assert data["attacker"]["faces"] == [3, 4, 5, 5, 10] and data["defender"]["net"] == 3
    assert data["winner"] == "Gordo" and data["remaining"] == 1 and data["victims"][0]["name"] == "Wes"


def test_without_rule_of_tens_the_ten_counts_once(wes_gordo):
    g, wes, gordo = wes_gordo
    g.settings.rule_of_tens = False
    out = brawl(g, wes, gordo, dice(3, 4, 5, 5, 10, 3, 6, 7, 7, 9, 1, 1, 1, 1, 1), table())
    assert out.attacker.successes == 1 and out.remaining == 2 and out.winner == "Gordo"


@pytest.mark.parametrize("wes_faces, gordo_faces", [((7, 1, 1, 1, 1), (8, 1, 1, 1, 1)), ((1,) * 5, (2,) * 5)])
def test_a_tie_does_nothing(wes_gordo, wes_faces, gordo_faces):
    g, wes, gordo = wes_gordo
    d = dice(*wes_faces, *gordo_faces)  # no damage dice: asking for more would fail
    out = brawl(g, wes, gordo, d, table())
    assert out.winner is None and out.remaining == 0 and out.victims == []
    assert wes.health == 3 and gordo.health == 4


def test_attacker_wins_with_its_chosen_weapon(wes_gordo):
    g, wes, gordo = wes_gordo
    gordo.brawling = 1
    d = dice(7, 8, 9, 1, 1, 2,  # Wes 3 net, Gordo (1 die) 0
             7, 7, 1, 1, 1,  # 3 left + Machete 2 = 5 damage dice: 2 points
             1, 1, 1, 1)  # Gordo's Toughness 4 negates none
    out = brawl(g, wes, gordo, d, table(), weapon="machete")
    assert out.winner == "Wes" and out.remaining == 3 and out.weapon == "Machete" and out.power == 2
    assert gordo.health == 2 and wes.record.damage_dealt == 2 and leftover(d) == []


def test_weapon_default_is_highest_power_melee_else_fists():
    assert melee_weapon(character("A", weapons=[KNIFE, MACHETE, PISTOL])).name == "Machete"
    assert melee_weapon(character("B", weapons=[PISTOL])).name == "Fists"
    with pytest.raises(BadInput, match="not a close-combat weapon"):
        melee_weapon(character("C", weapons=[PISTOL, KNIFE]), "Pistol")


def test_wound_modifier_raises_brawling_difficulty(wes_gordo):
    g, wes, gordo = wes_gordo
    wes.damage_taken = 2  # R5
    out = brawl(g, wes, gordo, dice(7, 7, 1, 1, 1, 1, 1, 1, 1, 1), table(), mods=(1,))
    assert out.attacker.difficulty == 4 and out.attacker.net == 0 and out.defender.difficulty == 1


def test_multiple_attackers_raise_the_defenders_difficulty_cumulatively():
    lang = character("Lang", brawling=2, weapons=[KNIFE])
    mutt = character("Mutt", brawling=2, weapons=[KNIFE])
    wes = character("Wes", brawling=2, weapons=[KNIFE])
    gordo = character("Gordo", brawling=2, weapons=[CHAINBLADE])
    g = close_phase([wes, lang, mutt], [gordo])
    for c in (wes, lang, mutt):
        engage(c, gordo)
    difficulties = [brawl(g, c, gordo, dice(1, 1, 1, 1), table()).defender.difficulty for c in (wes, lang, mutt)]
    assert difficulties == [1, 2, 3]  # R12: +0, +1, +2
    # A new turn starts the count again.
    for _ in range(4):
        advance(g, dice())
    assert g.brawls == {}


def test_down_defender_rolls_nothing_stays_down_and_all_successes_count(wes_gordo):
    g, wes, gordo = wes_gordo
    gordo.health, gordo.damage_taken = 0, 4
    gordo.add("pinned")
    gordo.add("down")
    d = dice(7, 8, 1, 1, 1,  # Wes: 2 net; Gordo rolls no dice
             7, 1, 1, 1,  # 2 + Machete 2 = 4 damage dice: 1 point
             1, 1, 1, 1,  # Toughness: nothing negated
             5)  # already at 0 and hurt again: incapacitation again (R8) -> still Down
    out = brawl(g, wes, gordo, d, table())
    assert out.defender.rolled is False and out.defender.faces == ()
    assert out.winner == "Wes" and out.remaining == 2
    assert out.victims[0].incapacitation == {"roll": 5, "result": "down"}
    assert gordo.has("down") and gordo.has("pinned") and out.lifted == []
    assert leftover(d) == []


def test_pinned_and_panicked_defender_is_shaken_out_of_it(wes_gordo):
    g, wes, gordo = wes_gordo
    gordo.add("pinned")
    gordo.pinned_turn = g.turn
    gordo.pin_took_health = True
    gordo.add("panicked")
    gordo.add("safe")
    out = brawl(g, wes, gordo, dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), table())
    assert set(out.lifted) == {"pinned", "panicked"}
    assert not gordo.has("pinned") and not gordo.has("panicked") and not gordo.has("safe")
    assert out.defender.rolled and out.recovery is None and gordo.pin_took_health is False


def test_attack_lifting_a_recovery_pin_applies_r8(wes_gordo):
    g, wes, gordo = wes_gordo
    gordo.health, gordo.damage_taken, gordo.toughness = 0, 4, 4
    gordo.add("pinned")
    gordo.recovery_pending = True
    out = brawl(g, wes, gordo, dice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), table())
    assert out.recovery == {"health": 1, "toughness": 3, "out_of_action": False}
    assert gordo.health == 1 and gordo.toughness == 3 and gordo.damage_taken == 4
    assert gordo.recovery_pending is False and not gordo.has("pinned")


def test_attack_lifting_a_recovery_pin_at_toughness_one_puts_it_out(wes_gordo):
    g, wes, gordo = wes_gordo
    friend = character("Rafter", guts=1)
    g.characters.append(friend)
    friend.squad = "Blue"
    g.squads[1].members.append("Rafter")
    gordo.health, gordo.toughness = 0, 1
    gordo.add("pinned")
    gordo.recovery_pending = True
    d = dice(1, 6)  # no Brawling dice at all: only Rafter's panic test (1 Guts die) and flee d10
    out = brawl(g, wes, gordo, d, table(lists={"nearby": ["Rafter"]}))
    assert gordo.has("out_of_action") and gordo.toughness == 0
    assert out.recovery["out_of_action"] is True and out.attacker.faces == () and out.winner is None
    assert [p.name for p in out.panic] == ["Rafter"] and friend.has("panicked")
    assert wes.engaged_with == []


def test_loser_at_zero_health_is_pinned_and_leaves_the_fight(wes_gordo):
    g, wes, gordo = wes_gordo
    wes.health = 1
    d = dice(1, 1, 1, 1, 1, 7, 1, 1, 1, 1,  # Gordo 1 net
             7, 7, 1, 1,  # 1 + 3 Power: 2 points
             1, 1, 1,  # Wes negates none
             4)  # incapacitation: Down
    out = brawl(g, wes, gordo, d, table())
    assert wes.health == 0 and wes.has("pinned") and wes.has("down")
    assert wes.engaged_with == [] and gordo.engaged_with == [] and out.disengaged == ["Gordo"]


def test_out_of_action_brings_panic_tests_and_can_end_the_game(wes_gordo):
    g, wes, gordo = wes_gordo
    gordo.health = 1
    gordo.brawling = 1
    d = dice(7, 7, 1, 1, 1, 1, 7, 7, 7, 7, 1, 1, 1, 1, 9)
    out = brawl(g, wes, gordo, d, table(lists={"nearby": []}))
    assert gordo.has("out_of_action") and out.victims[0].out_of_action
    assert wes.record.put_out_of_action == 1 and out.game["over"] and out.game["winner"] == "Red"
    assert g.over and "nobody left" in g.reason


def test_shot_then_brawl_is_refused_unless_forced(wes_gordo):
    g, wes, gordo = wes_gordo
    wes.acted.append("shot")
    with pytest.raises(RuleRefusal, match="shot this turn"):
        brawl(g, wes, gordo, dice(), table())
    assert g.brawls == {} and "brawled" not in wes.acted
    forced = table(force=True)
    out = brawl(g, wes, gordo, dice(*[1] * 10), forced)
    assert forced.overruled and "shot" in forced.overruled[0] and out.to_json()["forced"] == forced.overruled


@pytest.mark.parametrize("setup, message", [
    (lambda g, w, o: (w.engaged_with.clear(), o.engaged_with.clear()), "not in close combat"),
    (lambda g, w, o: setattr(g, "phase", "ranged"), "Close Combat Phase"),
    (lambda g, w, o: setattr(g, "side", 1), "Blue's turn"),
    (lambda g, w, o: w.acted.append("brawled"), "already fought"),
    (lambda g, w, o: w.add("pinned"), "pinned"),
])
def test_refusals(wes_gordo, setup, message):
    g, wes, gordo = wes_gordo
    setup(g, wes, gordo)
    with pytest.raises(RuleRefusal, match=message):
        brawl(g, wes, gordo, dice(), table())


def test_forced_brawl_without_a_charge_puts_them_in_contact(wes_gordo):
    g, wes, gordo = wes_gordo
    wes.engaged_with.clear()
    gordo.engaged_with.clear()
    brawl(g, wes, gordo, dice(*[1] * 10), table(force=True))
    assert wes.engaged_with == ["Gordo"] and gordo.engaged_with == ["Wes"]


def test_same_side_and_gone_are_refused_for_good(wes_gordo):
    g, wes, gordo = wes_gordo
    with pytest.raises(BadInput, match="same side"):
        brawl(g, wes, wes, dice(), table(force=True))
    gordo.add("out_of_action")
    with pytest.raises(RuleRefusal, match="off the table"):
        brawl(g, wes, gordo, dice(), table(force=True))


def test_free_attack_leaver_rolls_nothing(wes_gordo):
    g, wes, gordo = wes_gordo
    d = dice(7, 10, 1, 1, 1,  # Gordo: 3 successes, 3 net, all hits
             7, 7, 7, 1, 1, 1,  # 3 + 3 Power = 6 damage dice: 3 points
             7, 1, 1)  # Wes negates 1
    out = free_attack(g, gordo, wes, d, table())
    assert out.free and out.defender.rolled is False and out.defender.faces == ()
    assert out.winner == "Gordo" and out.remaining == 3 and wes.health == 1
    assert g.brawls == {}  # a free attack does not count toward later brawls


def test_break_away_gives_each_opponent_a_free_attack_then_disengages():
    wes = character("Wes", brawling=5, weapons=[MACHETE])
    gordo = character("Gordo", brawling=2, weapons=[CHAINBLADE])
    newton = character("Newton", brawling=2, weapons=[])
    g = game([wes], [gordo, newton])
    engage(wes, gordo)
    engage(wes, newton)
    d = dice(1, 1,  # Gordo misses
             7, 1,  # Newton: 1 net -> 1 + Fists 0 = 1 damage die
             7,  # 1 point
             1, 1, 1)  # Wes's Toughness
    out = break_away(g, wes, d, table())
    assert [f.attacker.name for f in out.free_attacks] == ["Gordo", "Newton"]
    assert out.free_attacks[0].winner is None and out.free_attacks[1].weapon == "Fists"
    assert wes.health == 2 and wes.engaged_with == [] and gordo.engaged_with == [] and newton.engaged_with == []
    assert "broke" in wes.acted and out.to_json()["victims"][0]["name"] == "Wes"


def test_break_away_refusals():
    wes = character("Wes")
    gordo = character("Gordo")
    g = game([wes], [gordo])
    with pytest.raises(BadInput, match="not in close combat"):
        break_away(g, wes, dice(), table())
    engage(wes, gordo)
    wes.add("pinned")
    with pytest.raises(RuleRefusal, match="pinned"):
        break_away(g, wes, dice(), table())
    wes.drop("pinned")
    g.phase = "ranged"
    with pytest.raises(RuleRefusal, match="Movement or Close Combat"):
        break_away(g, wes, dice(), table())


def test_panicking_while_engaged_gives_the_opponent_a_free_attack(wes_gordo):
    g, wes, gordo = wes_gordo
    wes.guts = 1
    d = dice(1,  # Wes's Guts (needs 3): fails
             6,  # flees 6"
             7, 8, 1, 1, 1,  # Gordo's free attack: 2 net
             1, 1, 1, 1, 1,  # 2 + 3 = 5 damage dice: nothing
             )
    test = panic_test(g, wes, table(), d)
    assert test.panicked and test.flee_inches == 6
    [free] = test.free_attacks
    assert free["free"] and free["defender"]["faces"] == [] and free["remaining"] == 2
    assert wes.has("panicked")  # the free attack does not shake the panic off
    assert wes.engaged_with == [] and gordo.engaged_with == []


def test_not_enough_dice_is_a_clear_shortage(wes_gordo):
    g, wes, gordo = wes_gordo
    with pytest.raises(DiceShortage, match="Gordo: Brawling"):
        brawl(g, wes, gordo, dice(1, 1, 1, 1, 1), table())


# --- the views -------------------------------------------------------------------------


def plain_lines(lines):
    from sprawl_cli.render import plain

    return [plain(line) for line in lines]


def test_free_attack_lines_show_the_dice_the_damage_and_the_victim(wes_gordo):
    from sprawl_cli.systems.sprawl.views.close import free_attack_lines

    g, wes, gordo = wes_gordo
    wes.guts = 1
    # Wes panics ([1] fails, flees 6"); Gordo's free attack [7 8 1 1 1]: 2 net; 2 + Chainblade 3 = 5 dice
    # [7 1 1 1 1]: 1 point; Wes's Toughness [1 1 1] negates none.
    test = panic_test(g, wes, table(), dice(1, 6, 7, 8, 1, 1, 1, 7, 1, 1, 1, 1, 1, 1, 1))
    lines = plain_lines(free_attack_lines(test.free_attacks[0], tens=True))
    assert lines[0] == "  Free attack by Gordo:"
    assert "  Gordo: Brawling 5d10 vs Difficulty 1: [7 8 1 1 1] 2 successes → 2 net" in lines
    assert any(line.startswith("  Wes rolls no dice: turning its back") for line in lines)
    assert "hits Wes with Chainblade: 2 + 3 Power = 5 damage dice (R6)" in "\n".join(lines)
    assert "  Wes loses 1 Health → 2 left" in lines


def test_break_view_uses_the_free_attack_lines_and_a_miss_is_no_tie():
    from sprawl_cli.systems.sprawl.views.close import break_lines, free_attack_lines

    wes = character("Wes", brawling=5, weapons=[MACHETE])
    gordo = character("Gordo", brawling=2, weapons=[CHAINBLADE])
    g = game([wes], [gordo])
    engage(wes, gordo)
    out = break_away(g, wes, dice(1, 1), table()).to_json()  # Gordo: no successes, 0 net
    lines = plain_lines(break_lines(out))
    free = plain_lines(free_attack_lines(out["free_attacks"][0]))
    assert lines[1:1 + len(free)] == free
    assert "  Gordo has no net successes: the free attack misses, nobody is hurt (R12)" in free
    assert not any("tie" in line for line in lines)


def test_a_brawl_against_a_down_defender_with_no_net_misses(wes_gordo):
    from sprawl_cli.systems.sprawl.views.close import brawl_lines

    g, wes, gordo = wes_gordo
    gordo.add("pinned")
    gordo.add("down")
    out = brawl(g, wes, gordo, dice(1, 1, 1, 1, 1), table())
    lines = plain_lines(brawl_lines(out.to_json()))
    assert "  Wes has no net successes: the attack misses, nobody is hurt (R12)" in lines


def test_a_real_tie_is_still_a_tie(wes_gordo):
    from sprawl_cli.systems.sprawl.views.close import brawl_lines

    g, wes, gordo = wes_gordo
    out = brawl(g, wes, gordo, dice(7, 1, 1, 1, 1, 7, 1, 1, 1, 1), table())
    assert "  A tie: nobody is hurt (R12)" in plain_lines(brawl_lines(out.to_json()))
