"""Close combat (R12): what the mutation run of close.py found untested.

Each test pins down something a player sees: the exact words of a refusal, a JSON
key of `brawl` or `break`, whose dice count how, who gets a free attack, and when
a leaver may still move off. Dice are scripted; `leftover` proves none went unused.

The 8 survivors of close.py (mutmut 3.8.1, 556 mutants) change nothing anyone can see:
`_settle` 12 (`>=` where the nets already differ), 32 (`ranged=None`: falsy like False);
`brawl` 8, 10, 11 (the `forceable` flag, since removed, of a refusal raised directly, which --force never
reaches and nothing reads), 18 (melee_weapon called without a name returns the default
weapon `_settle` picks anyway), 136, 138 (attacker or weapon dropped where the lifted pin
put the defender out before any dice: both nets are 0, so `_settle` reads neither).
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl.close import brawl, break_away, free_attack, melee_weapon
from tests.factory import KNIFE, MACHETE, PISTOL, character, dice, game, leftover, table


def engage(a, b):
    a.engaged_with.append(b.name)
    b.engaged_with.append(a.name)


@pytest.fixture
def duel():
    """Wes (Red, Knife) and Gordo (Blue, bare hands) in contact, Red's Close Combat Phase."""
    wes = character("Wes", brawling=2, weapons=[KNIFE])
    gordo = character("Gordo", brawling=1, weapons=[])
    g = game([wes], [gordo])
    g.phase = "close"
    engage(wes, gordo)
    return g, wes, gordo


def refusal(call):
    with pytest.raises(RuleRefusal) as caught:
        call()
    return str(caught.value)


# --- choosing the weapon ----------------------------------------------------------


def test_naming_a_gun_for_a_brawl_lists_the_melee_weapons_it_does_carry():
    armed = character("Wes", weapons=[PISTOL, KNIFE, MACHETE])
    with pytest.raises(BadInput) as caught:
        melee_weapon(armed, "pistol")
    assert str(caught.value) == ("Pistol is a gun, not a close-combat weapon; "
                                 "Wes's melee weapons: Knife, Machete (and Fists)")
    unarmed = character("Babs", weapons=[PISTOL])
    with pytest.raises(BadInput) as caught:
        melee_weapon(unarmed, "Pistol")
    assert str(caught.value).endswith("Babs's melee weapons: none (and Fists)")


# --- refusals, word for word ---------------------------------------------------------


def test_brawl_refusals_say_who_cannot_do_what(duel):
    g, wes, gordo = duel
    force_hint = " (add --force to overrule as referee)"
    g.phase = "ranged"
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table())) == (
        "close combat belongs to the Close Combat Phase; it is now the Ranged Combat Phase "
        "(`sprawl next` moves on)" + force_hint)
    g.phase = "close"
    g.side = 1
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table())) == (
        "Wes cannot fight now: it is Blue's turn" + force_hint)
    g.side = 0
    wes.acted.append("broke")
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table())) == "Wes broke away this turn" + force_hint
    wes.acted.clear()
    wes.add("pinned")
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table())) == (
        "Wes cannot attack: it is pinned until its Recovery Phase (R11)" + force_hint)
    wes.drop("pinned")
    wes.add("out_of_action")
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table(force=True))) == (
        "Wes is Out of Action and cannot fight")


def test_break_away_refusals_say_who_cannot_do_what(duel):
    g, wes, gordo = duel
    force_hint = " (add --force to overrule as referee)"
    g.phase = "ranged"
    assert refusal(lambda: break_away(g, wes, dice(), table())) == (
        "breaking away belongs to the Movement or Close Combat Phase; it is now the Ranged Combat Phase "
        "(`sprawl next` moves on)" + force_hint)
    g.phase = "close"
    g.side = 1
    assert refusal(lambda: break_away(g, wes, dice(), table())) == (
        "Wes cannot break away now: it is Blue's turn" + force_hint)
    g.side = 0
    wes.acted.append("brawled")
    assert refusal(lambda: break_away(g, wes, dice(), table())) == (
        "Wes fought this turn; it can break away in a later turn" + force_hint)
    wes.acted.clear()
    wes.add("panicked")
    assert refusal(lambda: break_away(g, wes, dice(), table())) == (
        "Wes cannot break away: it is panicked (R10)" + force_hint)
    wes.drop("panicked")
    wes.add("out_of_play")
    assert refusal(lambda: break_away(g, wes, dice(), table(force=True))) == (
        "Wes is Out of Play and cannot break away")


def test_each_brawl_reports_only_the_overrules_it_needed(duel):
    """One command can run several brawls on one table; each lists its own overrules."""
    g, wes, gordo = duel
    lang = character("Lang", brawling=1, weapons=[])
    lang.squad = "Red"
    g.characters.append(lang)
    g.squads[0].members.append("Lang")
    engage(lang, gordo)
    wes.acted.append("shot")
    referee = table(force=True)
    first = brawl(g, wes, gordo, dice(1, 1, 1), referee)  # Wes 0 net, Gordo 0 net: a tie
    second = brawl(g, lang, gordo, dice(1, 1), referee)
    assert first.forced == ["Wes shot this turn and cannot also brawl (R12)"]
    assert second.forced == [] and second.to_json()["forced"] == []


# --- what a brawl changes ---------------------------------------------------------------


def test_attacking_from_hiding_gives_the_hiding_away(duel):
    g, wes, gordo = duel
    wes.add("hidden")
    wes.hide_successes = 2
    brawl(g, wes, gordo, dice(1, 1, 1), table())
    assert not wes.has("hidden") and wes.hide_successes == 0


def test_a_down_defender_says_why_it_rolls_nothing(duel):
    g, wes, gordo = duel
    gordo.add("pinned")
    gordo.add("down")
    data = brawl(g, wes, gordo, dice(1, 1), table()).to_json()  # Wes: no net; Gordo rolls nothing
    assert data["defender"]["rolled"] is False
    assert data["defender"]["why_no_dice"] == "Down (R8): it cannot fight back"


@pytest.mark.parametrize("tens, successes", [(True, 2), (False, 1)])
def test_the_defenders_ten_follows_the_rule_of_tens(duel, tens, successes):
    g, wes, gordo = duel
    g.settings.rule_of_tens = tens
    gordo.damage_taken = 0
    # Wes [1 1]: nothing. Gordo [10]: `successes` net, all left over; Fists add no dice.
    d = dice(1, 1, 10, *[1] * successes, 1, 1, 1)  # Gordo's damage dice, then Wes's Toughness is not asked
    out = brawl(g, wes, gordo, d, table())
    assert out.defender.successes == successes and out.winner == "Gordo" and out.remaining == successes
    assert out.victims[0].damage == 0 and leftover(d) == [1, 1, 1]


def test_brawl_json_shows_what_was_lifted_and_r8s_recovery(duel):
    g, wes, gordo = duel
    gordo.health, gordo.damage_taken = 0, 3
    gordo.add("pinned")
    gordo.add("panicked")
    gordo.recovery_pending = True
    data = brawl(g, wes, gordo, dice(1, 1, 1), table()).to_json()
    assert data["lifted"] == ["panicked", "pinned"]
    assert data["recovery"] == {"health": 1, "toughness": 2, "out_of_action": False}
    assert data["disengaged"] == []


def test_brawl_json_names_who_the_loser_is_no_longer_fighting(duel):
    g, wes, gordo = duel
    gordo.health = 1
    d = dice(7, 7, 1,  # Wes 2 net, Gordo none
             7, 1, 1,  # 2 + Knife 1 = 3 damage dice: 1 point
             1, 1, 1,  # Gordo's Toughness negates none
             5)  # 0 Health: Down
    data = brawl(g, wes, gordo, d, table()).to_json()
    assert data["disengaged"] == ["Wes"] and data["victims"][0]["incapacitation"]["result"] == "down"
    assert leftover(d) == []


# --- a fall in a brawl: friends' panic, and a ledge ------------------------------------


@pytest.fixture
def crowded():
    """Wes and Lang (Red) against Gordo and Rafter (Blue); Wes is on Gordo, Lang on Rafter."""
    wes = character("Wes", brawling=2, weapons=[KNIFE])
    lang = character("Lang", brawling=1, weapons=[])
    gordo = character("Gordo", brawling=1, toughness=1, health=1, weapons=[])
    rafter = character("Rafter", guts=1, toughness=1, health=1, weapons=[])
    g = game([wes, lang], [gordo, rafter])
    g.phase = "close"
    engage(wes, gordo)
    engage(lang, rafter)
    return g, wes, lang, gordo, rafter


RAFTER_PANICS_AND_FALLS = (
    1,  # Rafter's Guts (needs 3): panics
    4,  # flees 4"
    7,  # Lang's free attack: 1 net
    7,  # 1 + Fists 0 = 1 damage die: 1 point
    1,  # Rafter's Toughness negates none
    5,  # 0 Health: Down (pinned)
    1, 1, 1,  # pinned within 1" of a ledge: Quickness, no successes: it falls
)


@pytest.mark.parametrize("how", ["beaten", "lifted pin"])
def test_a_friend_who_panics_from_a_fall_in_a_brawl_still_tests_its_footing(crowded, how):
    """Gordo goes Out of Action (beaten, or R8's last Toughness on the lifted pin); Rafter,
    within 3", panics, and Lang's free attack pins it at 0 Health beside a ledge (R7)."""
    g, wes, lang, gordo, rafter = crowded
    if how == "beaten":
        # Wes [7 7] 2 net, Gordo [1]; 2 + Knife 1 = 3 damage dice [7 1 1]; Toughness [1]; d10 9: Out of Action.
        d = dice(7, 7, 1, 7, 1, 1, 1, 9, *RAFTER_PANICS_AND_FALLS)
    else:
        gordo.health = 0
        gordo.add("pinned")
        gordo.recovery_pending = True  # the attack lifts the pin: Toughness 1 -> 0, Out of Action
        d = dice(*RAFTER_PANICS_AND_FALLS)
    referee = table(lists={"nearby": ["Rafter"]})
    out = brawl(g, wes, gordo, d, referee, ledge=("rafter",))
    assert gordo.has("out_of_action")
    assert referee.asked == ['Which friends are within 3" of Gordo?']
    [test] = out.panic
    assert test.name == "Rafter" and test.panicked
    [free] = test.free_attacks
    assert free["attacker"]["name"] == "Lang"
    assert free["victims"][0]["ledge"] == {"faces": [1, 1, 1], "successes": 0, "fell": True}
    assert leftover(d) == []


# --- free attacks ---------------------------------------------------------------------


def test_a_free_attack_shows_the_leavers_difficulty_and_why_it_rolls_nothing(duel):
    g, wes, gordo = duel
    wes.damage_taken = 2  # R5: Difficulty 3, were it to roll
    data = free_attack(g, gordo, wes, dice(1), table()).to_json()
    assert data["defender"]["difficulty"] == 3
    assert data["defender"]["why_no_dice"] == "turning its back (R12): it cannot answer"


def test_a_free_attack_short_of_dice_names_its_roll(duel):
    g, wes, gordo = duel
    with pytest.raises(DiceShortage, match=r"Gordo: Brawling \(free attack\)"):
        free_attack(g, gordo, wes, dice(), table())


def test_a_free_attack_without_the_rule_of_tens_counts_a_ten_once(duel):
    g, wes, gordo = duel
    g.settings.rule_of_tens = False
    out = free_attack(g, gordo, wes, dice(10, 1), table())  # 1 net; Fists: 1 damage die [1]
    assert out.attacker.successes == 1 and out.remaining == 1


# --- breaking away ---------------------------------------------------------------------


def test_break_json_lists_whom_it_left_and_the_panic_its_fall_caused():
    wes = character("Wes", toughness=1, health=1)
    lang = character("Lang", guts=3)
    gordo = character("Gordo", brawling=1, weapons=[])
    newton = character("Newton", brawling=1, weapons=[])
    g = game([wes, lang], [gordo, newton])
    g.phase = "close"
    engage(wes, gordo)
    engage(wes, newton)
    d = dice(7,  # Gordo's free attack: 1 net
             7,  # 1 Fists damage die: 1 point
             1,  # Wes's Toughness negates none
             9,  # 0 Health: Out of Action, so Newton gets no attack
             10, 1, 1)  # Lang's Guts (needs 1): steady
    out = break_away(g, wes, d, table(lists={"nearby": ["Lang"]}))
    data = out.to_json()
    assert data["disengaged_from"] == ["Gordo", "Newton"]
    assert [f["attacker"]["name"] for f in data["free_attacks"]] == ["Gordo"]
    assert [p["name"] for p in data["panic"]] == ["Lang"] and data["panic"][0]["panicked"] is False
    assert leftover(d) == []


def test_a_leaver_felled_to_zero_health_is_out_of_the_fight_before_the_next_opponent_swings():
    wes = character("Wes", toughness=1, health=1)
    gordo = character("Gordo", brawling=1, weapons=[])
    newton = character("Newton", brawling=1, weapons=[])
    g = game([wes], [gordo, newton])
    g.phase = "close"
    engage(wes, gordo)
    engage(wes, newton)
    d = dice(7, 7, 1, 5)  # Gordo: 1 net, 1 point, no Toughness save, Down at 0 Health
    out = break_away(g, wes, d, table())
    assert [f.attacker.name for f in out.free_attacks] == ["Gordo"]
    assert wes.has("down") and not wes.gone and leftover(d) == []


def test_an_opponent_already_off_the_table_gets_no_free_attack_but_the_next_does():
    """A save can hold an engagement with someone Out of Play (the referee set it by hand)."""
    wes = character("Wes", toughness=1, health=3)
    gordo = character("Gordo", brawling=1, weapons=[])
    newton = character("Newton", brawling=1, weapons=[])
    g = game([wes], [gordo, newton])
    g.phase = "close"
    engage(wes, gordo)
    engage(wes, newton)
    gordo.add("out_of_play")
    d = dice(1)  # only Newton swings, and misses
    out = break_away(g, wes, d, table())
    assert [f.attacker.name for f in out.free_attacks] == ["Newton"] and leftover(d) == []


@pytest.mark.parametrize("before, faces, may_move", [
    ([], (1,), True),  # the free attack misses: it moves off
    (["moved"], (1,), False),  # its move is behind it (a forced break)
    (["ran"], (1,), False),
    ([], (7, 7, 1, 1), False),  # 1 net, 1 point, no save, at 0 Health R8's "recovery": pinned, not Down
])
def test_a_break_in_the_movement_phase_lets_it_move_off_only_if_it_still_can(before, faces, may_move):
    wes = character("Wes", toughness=1, health=1)
    gordo = character("Gordo", brawling=1, weapons=[])
    g = game([wes], [gordo])
    engage(wes, gordo)
    assert g.phase == "movement"
    wes.acted.extend(before)
    d = dice(*faces)
    out = break_away(g, wes, d, table())
    assert out.may_move is may_move and out.to_json()["may_move"] is may_move
    assert leftover(d) == []
    if len(faces) > 1:
        assert wes.has("pinned") and not wes.has("down")
