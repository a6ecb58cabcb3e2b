"""Issue 33's Savage Worlds points 3 to 7, each driven through the command line with scripted
dice and cards: an interrupt's loser goes second, the multi-action count of a whole turn,
autofire as one action, the standoff's order, a card dealt late, friendly fire per target,
bennies on opposed rolls, objects and soaks, and damage types from the roster.

The sample squads and a deal of QS,7H,RJ,4C,9D give the countdown:
RJ Priestess (a Joker), QS Ada (and Pike, her Extra), 9D the hound, 7H Jonah, 4C the acolytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import CULT, EXPEDITION, start, who
from tests.savage_worlds.test_round import dealt, refused, to_card
from tests.savage_worlds.helpers import CLEAR

Snapshot = Callable[[Path], dict[str, bytes]]

ARMOURY = """system: savage-worlds
squad: Armoury
characters:
  - name: Cole
    wild_card: true
    agility: d6
    smarts: d6
    spirit: d6
    strength: d6
    vigor: d6
    skills: {fighting: d6, shooting: d8, notice: d6}
    weapons:
      - {name: Pump, damage: 1d6, range: 12/24/48, type: shotgun}
      - {name: Sawn-off Shotgun, damage: 1d6, range: 5/10/20, type: piercing}
      - {name: Old Gun, damage: 1d6, range: 12/24/48}
"""


def armoury(sprawl: Sprawl, *settings: str) -> None:
    roster = sprawl.folder / "armoury.yaml"
    roster.write_text(ARMOURY, encoding="utf-8")
    result = sprawl("new", "--system", "savage-worlds", "--squad", str(roster), "--squad", CULT, *settings)
    assert result.exit_code == 0, result.stderr


# --- 7. damage types from the roster -------------------------------------------------------------
def test_a_shotgun_type_is_blunt_up_close_and_pierces_beyond_whatever_the_name(sprawl: Sprawl,
                                                                                snapshot: Snapshot) -> None:
    armoury(sprawl)
    # Shooting d8 5 (Wild Die 1) vs 4: a hit; damage 1d6 (no aces): 6 against the light door's 8
    close = sprawl.json("break", "--force", "Cole", "light-door", "--ranged", "--cover", "none", "--light", "normal", "--weapon", "Pump", "--range", "short",
                        "--dice", "5,1,6")
    assert close["damage_type"] == "blunt" and close["damage"] == 6 and not close["broken"]
    # Before the deal every blow is forced (the gate), so the rule's own refusal shows in `forced`.
    for weapon, band in (("Pump", "medium"), ("Sawn-off Shotgun", "short")):
        forced = sprawl.json("break", "--force", "Cole", "light-door", "--ranged", "--cover", "none", "--light", "normal", "--weapon", weapon, "--range", band,
                             "--dice", "7,1,6")["forced"]
        assert any("piercing damage cannot break a light-door" in why for why in forced), forced
    before = snapshot(sprawl.folder)
    asked = sprawl("break", "--force", "Cole", "lock", "--ranged", "--cover", "none", "--light", "normal", "--weapon", "Old Gun", "--range", "short", "--actions", "1", "--dice", "5,1,6")
    assert asked.exit_code == 1 and snapshot(sprawl.folder) == before
    assert "Old Gun" in asked.stderr and "Give --type blunt|cutting|piercing." in asked.stderr
    assert sprawl.json("break", "--force", "Cole", "lock", "--ranged", "--cover", "none", "--light", "normal", "--weapon", "Old Gun", "--range", "short",
                       "--type", "piercing", "--dice", "5,1,6")["damage_type"] == "piercing"


def test_a_roster_weapon_type_is_checked(sprawl: Sprawl) -> None:
    roster = sprawl.folder / "bad.yaml"
    roster.write_text(ARMOURY.replace("type: shotgun", "type: laser"), encoding="utf-8")
    result = sprawl("new", "--system", "savage-worlds", "--squad", str(roster), "--squad", CULT)
    assert result.exit_code == 1 and "weapons.0.type" in result.stderr
    assert "use one of blunt, cutting, piercing, shotgun" in result.stderr


def test_suppressive_fire_obeys_damage_by_hand(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "damage=hand")
    # Jonah 6+2 (Wild Die 4) - 2 = 6: on target; Acolyte 1 Spirit 3: fails, Shaken by hand only
    out = sprawl.json("suppress", "--light", "normal", "--force", "Jonah", "--range", "short", "--victims", "Acolyte 1", "--actions", "1", "--dice", "6,2,4,3")
    assert out["suppressed"][0]["shaken"] and out["suppressed"][0]["applied"] is False
    assert who(sprawl.json("status"), "Acolyte 1")["statuses"] == []
    shown = sprawl("log").stdout
    assert "Shaken (damage by hand: not applied)" in shown


def test_suppressive_fire_can_be_switched_off(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl, "--setting", "suppress=off")
    before = snapshot(sprawl.folder)
    result = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 1", "--force", "--actions", "1", "--dice", "6,2,4,3")
    assert result.exit_code == 1 and snapshot(sprawl.folder) == before
    assert result.stderr == ("error: suppressive fire is a house rule, and this game switched it off "
                             "(`--setting suppress=off`)\n")
    status = sprawl.json("status")
    assert status["settings"]["suppress"] == "off" and not any("uppressive" in h for h in status["house"])
    bad = sprawl("new", "--system", "savage-worlds", "--squad", EXPEDITION, "--squad", CULT, "--setting",
                 "suppress=maybe", "--force")
    assert bad.exit_code == 1 and "suppress=maybe: use house" in bad.stderr


# --- 6. bennies -----------------------------------------------------------------------------------
def test_a_blow_at_an_object_is_a_trait_test_a_benny_rerolls(sprawl: Sprawl) -> None:
    start(sprawl)
    # Jonah's Axe (str+d8, cutting) at the rope (Toughness 4, Parry 2): Fighting d10 1, Wild Die 1: snake eyes
    miss = sprawl.json("break", "--force", "Jonah", "rope", "--yes", "--actions", "1", "--dice", "1,1")
    assert not miss["success"] and miss["damage_rolls"] == []
    again = sprawl.json("benny", "Jonah", "--dice", "6,2,3,2")  # 6 now: a hit, damage d10 3 + d8 2 = 5
    assert again["kind"] == "break" and again["kept"] == "new"
    assert again["effects"] == {"object": "rope", "toughness": 4, "damage_rolls": [[3], [2]], "damage": 5,
                                "broken": True}
    assert "a hit after all: damage [3] [2] = 5 vs 4 (no aces): broken" in sprawl("log").stdout


def test_a_second_soak_of_the_same_hit_keeps_the_best(sprawl: Sprawl) -> None:
    start(sprawl)
    # Ada's Revolver at the Priestess (Toughness 5): Shooting 6 (Wild Die 2) vs 4, no raise;
    # damage 2d6: [6+3] [4] = 13 vs 5: two raises, 2 wounds
    hit = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "6,2,6,3,4")
    assert hit["victims"][0]["wounds_taken"] == 2
    good = sprawl.json("soak", "Priestess", "--dice", "6,2,1")  # Vigor d6 6+2 = 8: one raise, 2 soaked
    assert good["soaked"] == 2 and good["wounds"] == 0
    worse = sprawl.json("soak", "Priestess", "--dice", "2,1")  # 2: nothing; the earlier soak stands
    assert worse["kept"] == "old" and worse["soaked"] == 2 and worse["wounds"] == 0
    assert who(sprawl.json("status"), "Priestess")["wounds"] == 0
    assert "the earlier soak stands: 2 of 2 wound(s) soaked" in sprawl("log").stdout


# --- 5. autofire, the standoff, a card dealt late, friendly fire -----------------------------------
def test_autofire_dice_are_one_action_not_split_around_a_move(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    sprawl.json("shoot", *CLEAR, "Jonah", "Acolyte 1", "--range", "short", "--actions", "1", "--dice", "2,2")  # one die of three
    sprawl.json("move", "Jonah", "--inches", "3")
    refused(sprawl, snapshot, "shoot", *CLEAR, "Jonah", "Acolyte 2", "--range", "short", "--rof", "2", "--actions", "1", "--dice", "2,2,2",
            says="Jonah fired its Tommy Gun this turn already (1 die): a weapon's shooting dice are one action, "
                 "all rolled at once (W2); `--rof N` with `--targets` spreads them")


def test_the_standoff_goes_from_the_highest_agility_down(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    # Agility in roster order: Ada 3 (Wild Die 2), Jonah 5 (1), Pike 2, Priestess 4 (1), the acolytes 1, 1, 1,
    # the hound 2: Jonah, the Priestess, Ada, then Pike and the hound at once, then the acolytes.
    out = sprawl.json("standoff", "--dice", "3,2,5,1,2,4,1,1,1,1,2")
    assert [o["name"] for o in out["order"][:3]] == ["Jonah", "Priestess", "Ada"]
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2",
            says="in the standoff the highest Agility acts first: Jonah (Agility 5) before Ada (3)")
    sprawl.json("undo")  # take back the forced shot
    sprawl.json("shoot", *CLEAR, "Jonah", "Acolyte 1", "--range", "short", "--actions", "1", "--dice", "2,2")
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2",
            says="in the standoff the highest Agility acts first: Priestess (Agility 4) before Ada (3)")
    sprawl.json("undo")
    sprawl.json("shoot", *CLEAR, "Priestess", "Jonah", "--range", "short", "--actions", "1", "--dice", "2,2")
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False
    sprawl.json("move", "Hound", "--inches", "2")  # the hound and Pike tie: either goes


def test_a_benny_on_a_standoff_roll_moves_the_character_up(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("standoff", "--dice", "3,2,5,1,2,4,1,1,1,1,2")
    again = sprawl.json("benny", "Ada", "--dice", "6,5,1")  # Ada 6+5 = 11: first now
    assert [e["name"] for e in again["effects"]["standoff"][:2]] == ["Ada", "Jonah"]
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False


def test_a_card_dealt_late_above_the_card_up_still_comes_up(sprawl: Sprawl) -> None:
    start(sprawl)
    # Notice in roster order: Ada d6 (1, Wild 2: fails), Jonah d8 (5, 1), Pike d6 (4); then Jonah's KS.
    assert sprawl.json("deal", "--surprise", "Cult of the Eye", "--dice", "1,2,5,1,4,KS")["no_card"] == ["Ada"]
    out = sprawl.json("benny", "Ada", "--dice", "5,1,AS")  # Notice 5 now: dealt the AS, above the KS up
    assert out["effects"]["dealt"] == "AS" and out["effects"]["next"] is True
    assert "noticed after all: dealt the AS, above the card up: it comes up next" in sprawl("log").stdout
    assert "Jonah" in sprawl.json("status")["acting"]
    assert sprawl.json("next")["acting"] == {"name": "Ada", "card": "AS"}


def test_friendly_fire_is_asked_for_every_target_of_the_dice(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    before = snapshot(sprawl.folder)
    args = ("shoot", *CLEAR, "Jonah", "Acolyte 1", "--range", "short", "--rof", "2", "--targets", "Pike", "--actions", "1",
            "--dice", "2,2,2")
    asked = sprawl(*args)
    assert asked.exit_code == 1 and snapshot(sprawl.folder) == before
    assert asked.stderr.startswith("error: Pike is on Jonah's own side (Expedition): attack anyway?")
    assert sprawl.json(*args, "--yes")["success"] is False


# --- 3. an interrupt's loser goes second ------------------------------------------------------------
def lost_interrupt(sprawl: Sprawl) -> None:
    """Pike holds on Ada's card; on the hound's card Pike cuts in and loses (Agility 2 against 5)."""
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound
    assert sprawl.json("interrupt", "Pike", "Hound", "--bennies", "0", "--dice", "2,5")["first"] == "Hound"


def test_the_loser_of_an_interrupt_waits_for_its_target(sprawl: Sprawl, snapshot: Snapshot) -> None:
    lost_interrupt(sprawl)
    status = sprawl.json("status")
    assert "on_hold" in who(status, "Pike")["statuses"] and status["cut_in"] is None
    refused(sprawl, snapshot, "shoot", *CLEAR, "Pike", "Hound", "--range", "short", "--actions", "1", "--dice", "2",
            says="Pike lost its interrupt: Hound acts first, then Pike")


def test_the_loser_goes_second_even_with_a_soak_in_between(sprawl: Sprawl) -> None:
    lost_interrupt(sprawl)
    # the hound bites Pike: Fighting 5 against Parry 5; damage Strength [6+3] and d4 [4+2] = 15 against 5:
    # two wounds, an Extra incapacitated; Pike soaks both (Vigor 6+4 = 10: a raise)
    bite = sprawl.json("fight", "Hound", "Pike", "--yes", "--actions", "1", "--dice", "5,6,3,4,2")
    assert bite["victims"][0]["result"] == "incapacitated"
    assert sprawl.json("soak", "Pike", "--dice", "6,4")["soaked"] == 2
    shot = sprawl.json("shoot", *CLEAR, "Pike", "Hound", "--range", "short", "--actions", "1", "--dice", "2")
    assert shot["success"] is False and sprawl.json("status")["cut_in"] == "Pike"


def test_a_loser_passed_over_by_next_keeps_its_hold(sprawl: Sprawl) -> None:
    lost_interrupt(sprawl)
    sprawl.json("move", "Hound", "--inches", "2")
    sprawl.json("next")  # Jonah's card: Pike never took its turn, so it still holds it
    assert "on_hold" in who(sprawl.json("status"), "Pike")["statuses"]
    assert sprawl.json("shoot", *CLEAR, "Pike", "Jonah", "--range", "short", "--yes", "--actions", "1",
                       "--dice", "2")["success"] is False


def test_a_benny_that_turns_the_interrupt_round_moves_the_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound
    assert sprawl.json("interrupt", "Pike", "Hound", "--bennies", "0", "--dice", "5,2")["first"] == "Pike"
    assert sprawl.json("status")["cut_in"] == "Pike"
    again = sprawl.json("benny", "Hound", "--dice", "7")  # the hound's own roll: 7 beats Pike's 5
    assert again["effects"] == {"first": "Hound", "simultaneous": False}
    status = sprawl.json("status")
    assert status["cut_in"] is None and "on_hold" in who(status, "Pike")["statuses"]
    refused(sprawl, snapshot, "shoot", *CLEAR, "Pike", "Hound", "--range", "short", "--actions", "1", "--dice", "2",
            says="Pike lost its interrupt: Hound acts first, then Pike")


def test_the_holder_spends_its_bennies_before_the_target_rolls(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound
    before = snapshot(sprawl.folder)
    asked = sprawl("interrupt", "Pike", "Hound", "--dice", "2,5")
    assert asked.exit_code == 1 and snapshot(sprawl.folder) == before
    assert "Pike's Agility stands at 2: spend a benny on a reroll before Hound rolls? (1 yes, 0 no) Give " \
           "--bennies N." in asked.stderr
    out = sprawl.json("interrupt", "Pike", "Hound", "--bennies", "1", "--dice", "2,6,3,5")  # 2, then 6+3 = 9
    assert out["first"] == "Pike" and [t["total"] for t in out["tries"]] == [2, 9]
    refused(sprawl, snapshot, "benny", "Pike", "--dice", "5", says="its bennies are spent before the opponent rolls")


def test_an_interrupt_cuts_into_the_one_acting_now(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound is up, not Jonah
    refused(sprawl, snapshot, "interrupt", "Pike", "Jonah", "--bennies", "0", "--dice", "5,2,1",
            says="Pike can interrupt only the one acting now, and Jonah is not: the 9D is up (hounds)")


# --- 4. the multi-action count of the whole turn ----------------------------------------------------
def test_the_chapters_example_a_shot_and_an_intimidation_both_at_minus_two(sprawl: Sprawl) -> None:
    """Backed into a corner, a hero shoots one foe and Intimidates another: both rolls at -2."""
    dealt(sprawl)
    sprawl.json("next")  # Ada's card
    shot = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "2", "--dice", "5,2")
    assert shot["modifiers"] == {"multi-action": -2} and shot["total"] == 3 and not shot["success"]
    # Intimidation (unskilled d4-2) against the acolyte's Spirit: the same count, asked no more
    scare = sprawl.json("oppose", "Ada", "intimidation", "Acolyte 1", "spirit", "--bennies", "0", "--dice", "3,2,2")
    assert scare["rolls"]["Ada"]["modifiers"] == {"multi-action": -2}
    assert scare["rolls"]["Ada"]["total"] == 3 - 2 - 2 and scare["winner"] == "Acolyte 1"
    assert who(sprawl.json("status"), "Ada")["turn"]["paid"] == 2
    assert "this turn, Ada: shoot Revolver, intimidation, rolls at 2 actions" in sprawl("status").stdout


def test_the_first_roll_of_a_turn_asks_the_count_or_names_the_option(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    before = snapshot(sprawl.folder)
    result = sprawl("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--dice", "5,2")
    assert result.exit_code == 1 and snapshot(sprawl.folder) == before
    assert result.stderr == ("error: How many actions does Ada take this turn, this 1st one among them (not counting "
                             "a run)? Every roll of the turn takes -2 for each beyond the first (W2). Give --actions "
                             "N.\n")
    asked = sprawl("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--json", "--dice", "5,2", input="2\n",
                   terminal=True)
    assert asked.exit_code == 0, asked.stderr
    assert asked.stderr.count("How many actions does Ada take this turn") == 1  # asked once, not again under the lock
    assert '"multi-action": -2' in asked.stdout
    # the count paid: a later action within it needs no question, one beyond it is refused
    assert sprawl.json("fight", "Ada", "Acolyte 1", "--yes", "--dice", "6,2")["modifiers"] == {"multi-action": -2}
    refused(sprawl, snapshot, "test", "Ada", "notice", "--dice", "3,2",
            says="Ada's rolls this turn were made at 2 actions (multi-action -2), and this makes 3")


def test_a_bigger_count_declared_later_is_refused_too(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("test", "Ada", "notice", "--actions", "2", "--dice", "5,2")
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "3", "--dice", "5,2",
            says="Ada's rolls this turn were made at 2 actions (multi-action -2), and this makes 3")


def test_an_action_without_a_roll_counts_and_running_after_a_roll_is_refused(sprawl: Sprawl,
                                                                            snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    sprawl.json("shoot", *CLEAR, "Jonah", "Acolyte 1", "--range", "short", "--rof", "3", "--actions", "1",
                "--dice", "2,2,2,2")
    refused(sprawl, snapshot, "reload", "Jonah", says="Jonah's rolls this turn were made at 1 action")
    sprawl.json("undo")
    refused(sprawl, snapshot, "run", "Jonah", "--dice", "3", says="Jonah has rolled this turn without running's -2")


def test_on_a_terminal_the_acting_side_decides_after_each_of_its_rolls(sprawl: Sprawl) -> None:
    start(sprawl)
    # Ada's Agility 2 (Wild Die 1): a benny; 5 (1): she stands; then the Priestess 3 (Wild Die 4)
    result = sprawl("oppose", "--force", "Ada", "agility", "Priestess", "--json", "--dice", "2,1,5,1,3,4", input="1\n0\n",
                    terminal=True)
    assert result.exit_code == 0, result.stderr
    first = result.stderr.index("Ada's agility stands at 2: spend a benny on a reroll before Priestess rolls?")
    second = result.stderr.index("Ada's agility stands at 5: spend a benny on a reroll before Priestess rolls?")
    assert first < second and result.stderr.count("spend a benny") == 2
    assert '"winner": "Ada"' in result.stdout
    assert sprawl.json("status")["bennies"]["Expedition"] == 2


def test_paying_fixes_the_count_at_the_first_roll_and_shares_it_with_a_group() -> None:
    import pytest

    from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
    from sprawl_cli.systems.savage_worlds import turn
    from tests.savage_worlds.helpers import extra, game, hero, table

    g = game([hero("Ada")], [extra("Goon"), extra("Grunt")])
    ada, goon, grunt = g.character("Ada"), g.character("Goon"), g.character("Grunt")
    assert turn.paying(g, ada, table(), None) == 1 and turn.paying(g, ada, table(), 3) == 3  # no deal: a calculator
    g.dealt, g.phase = True, "action"
    with pytest.raises(NeedsAnswer, match="this 1st one among them"):
        turn.paying(g, ada, table(), None)
    with pytest.raises(BadInput, match="--actions 0 makes no sense"):
        turn.paying(g, ada, table(), 0)
    assert ada.paid == 0
    asked = table(numbers={"actions": 2})
    assert turn.paying(g, goon, asked, None, [grunt]) == 2 and (goon.paid, grunt.paid) == (2, 2)
    goon.acted = ["a", "b", "c"]
    with pytest.raises(RuleRefusal, match="made at 2 actions \\(multi-action -2\\), and this makes 3"):
        turn.paying(g, goon, table(), None)
    ada.acted = ["draw:Sword", "fight:Sword"]
    assert turn.paying(g, ada, table(), 1) == 2  # never below the actions already taken
    assert [turn.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]
