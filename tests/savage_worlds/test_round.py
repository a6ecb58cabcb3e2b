"""The round refereed (issue 23, W2, W4, W5, W8), driven through the command line with
scripted dice and cards: whose card is up, surprise, hold, deal, one turn's actions,
movement, Shaken and friendly fire. Every refusal exits 1 with one error line, changes no
file byte for byte, and `--force` overrules it with the overrule journalled.

The sample squads and a deal of QS,7H,RJ,4C,9D give the countdown:
RJ Priestess (a Joker), QS Ada (and Pike, her Extra), 9D the hound, 7H Jonah, 4C the acolytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start, who
from tests.savage_worlds.helpers import CLEAR

Snapshot = Callable[[Path], dict[str, bytes]]
ROUND_ONE = ("deal", "--dice", "QS,7H,RJ,4C,9D")


def refused(sprawl: Sprawl, snapshot: Snapshot, *args: str, says: str) -> dict[str, Any]:
    """`args` is refused (exit 1, one error line saying `says`, no file changed), then forced:
    accepted, its JSON and the journal naming the overrule. Returns the forced outcome."""
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert result.stderr.count("error:") == 1 and result.stderr.startswith("error:"), result.stderr
    assert says in result.stderr, result.stderr
    assert "--force" in result.stderr
    assert snapshot(sprawl.folder) == before
    data: dict[str, Any] = sprawl.json(*args, "--force")
    assert any(says in f for f in data["forced"]), data["forced"]
    assert len(set(data["forced"])) == len(data["forced"]), data["forced"]  # each overrule once
    last = sprawl.json("log")["entries"][-1]
    assert any(says in f for f in last["forced"]), last
    return data


def dealt(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json(*ROUND_ONE)


def to_card(sprawl: Sprawl, name: str) -> None:
    """`next` until NAME's card is up."""
    for _ in range(6):
        if name in sprawl.json("status")["acting"]:
            return
        sprawl.json("next")
    raise AssertionError(f"{name}'s card never came up")


def round_over(sprawl: Sprawl) -> None:
    """`next` until the round is over."""
    while sprawl.json("status")["phase"] == "action":
        sprawl.json("next")


# --- 1. whose card is up ----------------------------------------------------------------------
def test_only_the_card_up_acts_and_force_overrules(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)  # the Priestess's Joker is up
    refused(sprawl, snapshot, "fight", "Ada", "Acolyte 3", "--yes", "--actions", "1", "--dice", "2,2", says="it is not Ada's turn")
    to_card(sprawl, "Jonah")
    refused(sprawl, snapshot, "fight", "Ada", "Acolyte 3", "--yes", "--actions", "1", "--dice", "2,2",
            says="Ada has had its turn this round")
    assert sprawl.json("fight", "Jonah", "Acolyte 3", "--yes", "--actions", "1", "--dice", "2,2")["success"] is False


def test_a_joker_acts_when_it_wishes_and_only_once(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")  # past the Joker without acting: Ada is up
    assert sprawl.json("status")["acting"] == ["Ada", "Pike"]
    out = sprawl.json("shoot", *CLEAR, "Priestess", "Ada", "--range", "short", "--actions", "1", "--dice", "1,1")  # W4: whenever it likes
    assert out["modifiers"] == {"joker": 2}
    # Ada acts: the Joker's turn is over
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False
    refused(sprawl, snapshot, "fight", "Priestess", "Ada", "--yes", "--actions", "1", "--dice", "1,1,1", says="has had its turn")


def test_next_never_announces_a_gone_or_cardless_group(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("set", "Hound", "incapacitated", "on")
    names = [sprawl.json("next")["acting"] for _ in range(3)]
    assert [a["name"] for a in names if a] == ["Ada", "Jonah", "acolytes"]
    assert sprawl.json("next")["round_ended"]


def test_status_says_who_is_up_and_what_each_did(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("move", "Ada", "--inches", "2")
    sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    data = sprawl.json("status")
    assert data["acting"] == ["Ada", "Pike"] and data["refereed"] is True
    assert who(data, "Ada")["turn"] == {"actions": ["shoot:Revolver"], "moved": 2.0, "fired": {"Revolver": 1},
                                        "over": None, "done": False, "paid": 1}
    assert "this turn, Ada: shoot Revolver, moved 2\"" in sprawl("status").stdout


# --- 2. surprise -------------------------------------------------------------------------------
def test_surprised_victims_who_miss_notice_cannot_act_in_round_one(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    # Notice in roster order: Ada d6 (1, Wild 2: fails), Jonah d8 (5, 1), Pike d6 (4); then cards.
    data = sprawl.json("deal", "--surprise", "Cult of the Eye", "--dice", "1,2,5,1,4,KS")
    assert data["no_card"] == ["Ada"] and data["order"] == [{"name": "Jonah", "card": "KS"}]
    assert set(data["on_hold"]) >= {"Priestess", "Hound"}
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2",
            says="no action card this round")
    # an ambusher, on hold
    assert sprawl.json("shoot", *CLEAR, "Priestess", "Jonah", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False


# --- 3. hold is spent by its use -------------------------------------------------------------
def test_a_hold_is_spent_by_the_action_it_is_used_for(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    assert sprawl.json("hold", "Ada")["on_hold"]
    sprawl.json("next")  # the hound
    # acts from hold, now
    assert sprawl.json("shoot", *CLEAR, "Ada", "Hound", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False
    assert "on_hold" not in who(sprawl.json("status"), "Ada")["statuses"]
    sprawl.json("run", "Hound", "--dice", "3")  # the hound acts: Ada's turn out of order is over
    refused(sprawl, snapshot, "fight", "Ada", "Hound", "--yes", "--actions", "1", "--dice", "2,2", says="has had its turn")


def test_an_interrupt_spends_the_hold_and_opens_the_holders_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Ada")
    to_card(sprawl, "Jonah")
    out = sprawl.json("interrupt", "Ada", "Jonah", "--bennies", "0", "--dice", "6,2,3,1,2")  # W4: Ada 8 against Jonah 3
    assert out["first"] == "Ada"
    sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    sprawl.json("move", "Ada", "--inches", "3")
    sprawl.json("fight", "Jonah", "Acolyte 1", "--yes", "--actions", "1", "--dice", "2,2")
    refused(sprawl, snapshot, "interrupt", "Ada", "Jonah", "--bennies", "0", "--dice", "6,2,3,1", says="not on hold")


# --- 4. deal mid-round; standoff --------------------------------------------------------------
def test_deal_in_the_middle_of_a_round_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    data = refused(sprawl, snapshot, "deal", "--dice", "2S,3S,4S,5S,6S", says="still has cards to come")
    assert data["round"] == 2


def test_after_a_standoff_the_next_deal_deals_everyone(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("standoff", "--dice", ",".join(["3"] * 16))
    # all on hold
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False
    data = sprawl.json("deal", "--dice", "QS,7H,KD,4C,9D")
    assert data["round"] == 2 and len(data["order"]) == 5 and data["on_hold"] == []
    assert all("on_hold" not in c["statuses"] for c in sprawl.json("status")["characters"])


# --- 5. one turn's actions -------------------------------------------------------------------------
def test_a_later_action_that_raises_the_paid_count_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    first = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    assert first["modifiers"] == {}
    second = refused(sprawl, snapshot, "fight", "Ada", "Acolyte 1", "--yes", "--dice", "6,2",
                     says="Ada's rolls this turn were made at 1 action (multi-action 0), and this makes 2: `undo` "
                          "back to its first roll of the turn and give it `--actions 2`")
    assert second["modifiers"] == {"multi-action": -2}  # forced: it pays for two, the shot stands
    assert second["total"] == 4 and not second["success"]  # 6 - 2 against Parry 5
    out = sprawl("oppose", "Ada", "intimidation", "Acolyte 1", "--bennies", "0", "--force", "--dice", "3,2,1")
    assert "multi-action -4" in out.stdout


def test_a_weapon_fires_at_most_its_rate_of_fire_in_a_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    sprawl.json("shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--rof", "2", "--actions", "1", "--dice", "2,2,2")
    refused(sprawl, snapshot, "shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--rof", "2", "--actions", "1", "--dice", "2,2,2",
            says="Jonah fired its Tommy Gun this turn already (2 dice): a weapon's shooting dice are one action")


def test_no_fighting_attack_twice_with_the_same_weapon(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    sprawl.json("fight", "Jonah", "Acolyte 1", "--yes", "--actions", "1", "--dice", "2,2")
    refused(sprawl, snapshot, "fight", "Jonah", "Acolyte 2", "--yes", "--actions", "1", "--dice", "2,2",
            says="already done that this turn")


def test_defend_is_the_whole_action_and_lasts_until_the_next_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("defend", "Ada")
    assert sprawl.json("move", "Ada", "--inches", "3")["left"] == 3  # it may still move
    refused(sprawl, snapshot, "fight", "Ada", "Acolyte 1", "--yes", "--actions", "1", "--dice", "2,2", says="Defend was its whole action")
    assert who(sprawl.json("status"), "Ada")["parry"] == 6  # the forced attack was its next action
    sprawl.json("next")
    sprawl.json("defend", "Hound")
    for _ in range(3):
        sprawl.json("next")
    assert who(sprawl.json("status"), "Hound")["parry"] == 7  # still up at the start of round 2
    sprawl.json("deal", "--dice", "2S,3S,4S,5S,AS")
    assert who(sprawl.json("status"), "Hound")["parry"] == 5  # its card is up: its next action


def test_defend_and_aim_out_of_turn_are_refused_and_forced_once(sprawl: Sprawl, snapshot: Snapshot) -> None:
    # Both check the turn before their own rule and again as an action: one overrule each.
    dealt(sprawl)  # the Priestess's Joker is up
    assert refused(sprawl, snapshot, "defend", "Ada", says="it is not Ada's turn")["forced"] == [
        "it is not Ada's turn: the RJ is up (Priestess); Ada acts on the QS (`next` brings it up; a holder may "
        "`interrupt`)"]
    assert len(refused(sprawl, snapshot, "aim", "Jonah", "Priestess", says="it is not Jonah's turn")["forced"]) == 1


def test_defend_after_an_action_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    refused(sprawl, snapshot, "defend", "Ada", says="Defend must be its only action")


def test_aim_takes_a_still_round_and_carries_to_the_next_rounds_shot(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    assert sprawl.json("aim", "Ada", "Priestess")["bonus_round"] == 2
    refused(sprawl, snapshot, "move", "Ada", "--inches", "1", says="aiming this round")
    for _ in range(4):
        sprawl.json("next")
    sprawl.json("deal", "--dice", "AS,2S,3S,4S,5S")
    shot = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "1,1")
    assert shot["modifiers"] == {"aim": 2} and shot["total"] == 3 and shot["snake_eyes"]
    assert who(sprawl.json("status"), "Ada")["aim"] is None  # used by the shot


def test_aim_without_a_round_of_aiming_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--aim", "--actions", "1", "--dice", "1,1",
            says="did not spend last round")


# --- 6. movement adds up --------------------------------------------------------------------------
def test_moves_add_up_and_the_one_past_what_is_left_says_what_is_left(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    assert sprawl.json("move", "Ada", "--inches", "4")["left"] == 2
    assert sprawl.json("move", "Ada", "--inches", "1")["left"] == 1
    refused(sprawl, snapshot, "move", "Ada", "--inches", "6", says="1\" of movement left this turn (of 6\")")


def test_difficult_ground_costs_double_and_the_run_die_is_once_a_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("next")  # the hound, Pace 8
    ran = sprawl.json("run", "Hound", "--dice", "4")
    assert ran["allowed"] == 12
    assert sprawl.json("move", "Hound", "--inches", "5", "--difficult", "5")["left"] == 2
    refused(sprawl, snapshot, "run", "Hound", "--dice", "6", says="has run already this turn")
    bite = sprawl.json("fight", "Hound", "Pike", "--yes", "--actions", "1", "--dice", "2")
    assert bite["modifiers"] == {"running": -2}


# --- 7. Shaken ------------------------------------------------------------------------------------------
def test_recovering_without_a_raise_ends_the_turn(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("set", "Ada", "shaken", "on")
    sprawl.json("next")
    out = sprawl.json("recover", "Ada", "--dice", "5,2")
    assert out["recovered"] and not out["can_act"]
    refused(sprawl, snapshot, "shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2",
            says="shook off Shaken without a raise")


def test_recovering_with_a_raise_lets_it_act(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("set", "Ada", "shaken", "on")
    sprawl.json("next")
    assert sprawl.json("recover", "Ada", "--dice", "8,1,2")["can_act"]
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")["success"] is False


def test_recovering_out_of_turn_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("set", "Jonah", "shaken", "on")
    refused(sprawl, snapshot, "recover", "Jonah", "--dice", "5,2", says="it is not Jonah's turn")


# --- 8. friendly fire ---------------------------------------------------------------------------------
def test_friendly_fire_asks_or_needs_yes(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    before = snapshot(sprawl.folder)
    result = sprawl("shoot", *CLEAR, "Ada", "Jonah", "--range", "short", "--actions", "1", "--dice", "2,2")
    assert result.exit_code == 1 and "--yes" in result.stderr and "own side" in result.stderr
    assert snapshot(sprawl.folder) == before
    said_no = sprawl("shoot", *CLEAR, "Ada", "Jonah", "--range", "short", "--actions", "1", "--dice", "2,2", input="n\n", terminal=True)
    assert said_no.exit_code == 1 and snapshot(sprawl.folder) == before
    assert sprawl.json("shoot", *CLEAR, "Ada", "Jonah", "--range", "short", "--yes", "--actions", "1", "--dice", "2,2")["success"] is False


# --- before the first deal nobody acts (W4): refused, and --force makes the tool a calculator -------
@pytest.mark.parametrize("args", [("shoot", "Ada", "Priestess", "--range", "short", *CLEAR, "--dice", "2,2"),
                                  ("move", "Ada", "--inches", "6"), ("test", "acolytes", "notice", "--dice", "1,2")])
def test_before_the_first_deal_every_action_is_refused_and_force_calculates(sprawl: Sprawl, snapshot: Snapshot,
                                                                           args: tuple[str, ...]) -> None:
    start(sprawl)
    who = "Acolyte 1" if args[1] == "acolytes" else args[1]
    assert said(sprawl, *args) == (f"deal the cards first: `sprawl deal` starts the fight (W4), then {who} may "
                                   f"{args[0]} on its card" + FORCE)
    for _ in range(2):  # forced, nothing is counted: the same action again is forced just the same
        refused(sprawl, snapshot, *args, says="deal the cards first")
    assert sprawl.json("test", "Ada", "notice", "--free", "--dice", "4,1")["free"] is True  # not an action


# --- what the chapter adds ---------------------------------------------------------------------------
def test_the_game_master_awards_bennies(sprawl: Sprawl) -> None:
    start(sprawl)
    assert sprawl.json("award", "Expedition")["now"] == 4
    assert sprawl.json("award", "Priestess", "2") == {"to": "Priestess", "count": 2, "pool": None, "now": 4,
                                                       "forced": []}
    assert sprawl.json("award", "Hound")["pool"] == "Cult of the Eye"
    assert sprawl.json("status")["bennies"] == {"Expedition": 4, "Cult of the Eye": 3}
    assert "awards 2 bennies" in sprawl("award", "Ada", "2").stdout


def test_a_crouching_target_and_drawing_a_weapon(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    out = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--crouching", "--draw", "--draw-kind", "easy", "--actions", "3",
                      "--dice", "2,2")  # the draw, the shot and a blow to come: all at -4
    assert out["modifiers"] == {"multi-action": -4, "crouching target": -1}
    assert who(sprawl.json("status"), "Ada")["turn"]["actions"] == ["draw:Revolver", "shoot:Revolver"]
    assert sprawl.json("fight", "Ada", "Acolyte 1", "--yes", "--dice", "2,2")["modifiers"] == {"multi-action": -4}


def test_each_side_of_an_opposed_roll_spends_on_its_own_roll(sprawl: Sprawl, snapshot: Snapshot) -> None:
    """W3: the acting side spends before the opponent rolls (`--bennies`, or asked); the opponent
    spends on its own roll after; the acting side may not answer once the opponent has rolled."""
    start(sprawl)
    before = snapshot(sprawl.folder)
    asked = sprawl("oppose", "--force", "Ada", "agility", "Priestess", "--actions", "1", "--dice", "5,2,3,4")  # no terminal: the option named
    assert asked.exit_code == 1 and snapshot(sprawl.folder) == before
    assert asked.stderr == ("error: Ada's agility stands at 5: spend a benny on a reroll before Priestess rolls? "
                            "(1 yes, 0 no) Give --bennies N.\n")
    first = sprawl.json("oppose", "--force", "Ada", "agility", "Priestess", "--bennies", "0", "--actions", "1", "--dice", "5,2,3,4")
    assert first["winner"] == "Ada"  # Ada 5 against 4
    again = sprawl.json("benny", "Priestess", "--dice", "6,1,2")  # the Priestess 7 now
    assert again["kept"] == "new" and again["effects"] == {"winner": "Priestess", "tie": False}
    refused(sprawl, snapshot, "benny", "Ada", "--dice", "8,3,1", says="its bennies are spent before the opponent rolls")
    assert "Ada wins" in sprawl("log").stdout


def test_the_target_of_an_interrupt_may_spend_a_benny(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Ada")
    sprawl.json("next")
    out = sprawl.json("interrupt", "Ada", "Hound", "--bennies", "0", "--dice", "5,2,3")  # Ada 5 against the hound's 3
    assert out["first"] == "Ada"
    assert sprawl.json("benny", "Hound", "--dice", "8,4")["effects"]["first"] == "Hound"  # the Cult's pool


def test_a_disarmed_defender_may_spend_a_benny_to_hold_on(sprawl: Sprawl) -> None:
    start(sprawl)
    # Fighting 9 - 2 (the arm) = 7 vs Parry 5; damage 3 + 1 = 4; her Strength 3 (Wild Die 1) is under it
    hit = sprawl.json("fight", "--force", "Jonah", "Priestess", "--yes", "--disarm", "--nonlethal", "--actions", "1", "--dice", "9,2,3,1,3,1")
    assert hit["disarm"]["dropped"] == "Ritual Knife"
    kept = sprawl.json("benny", "Priestess", "--dice", "6,3,4")  # Strength 6+3 = 9
    assert kept["effects"] == {"dropped": None, "kept": "Ritual Knife"}
    assert "Ritual Knife" not in who(sprawl.json("status"), "Priestess")["dropped"]


def test_a_helper_and_a_group_roll_are_remembered_for_a_benny(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("test", "--force", "acolytes", "notice", "--actions", "1", "--dice", "1,2")
    assert sprawl.json("benny", "Acolyte 1", "--dice", "3,3")["kept"] == "new"
    sprawl.json("test", "--force", "Ada", "notice", "--helpers", "Jonah", "--actions", "1", "--dice", "1,1,4,3")
    assert sprawl.json("benny", "Jonah", "--dice", "5,2")["kept"] == "new"


def test_break_takes_the_weapons_declared_type(sprawl: Sprawl) -> None:
    start(sprawl)
    cut = sprawl.json("break", "--force", "Ada", "rope", "--yes", "--actions", "1", "--dice", "5,1,3,4")  # the Machete: `type: cutting`
    assert cut["damage_type"] == "cutting" and cut["broken"]
    shot = sprawl.json("break", "--force", "Ada", "lock", "--ranged", "--cover", "none", "--light", "normal", "--range", "short", "--actions", "1", "--dice", "5,1,3,4")
    assert shot["damage_type"] == "piercing" and not shot["broken"]


def test_ammunition_is_spent_shown_and_reloaded(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    # 3 dice of 3 rounds each
    sprawl.json("shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--rof", "3", "--actions", "1", "--dice", "2,2,2,2")
    assert who(sprawl.json("status"), "Jonah")["ammo"] == {"Tommy Gun": 41}
    assert "rounds left, Jonah: Tommy Gun 41/50" in sprawl("status").stdout
    round_over(sprawl)
    sprawl.json("deal", "--dice", "2S,RJ,3S,4S,5S")  # Jonah's Joker is up (and the deck is shuffled each round)
    for _ in range(4):  # four more turns of full auto, one a round
        sprawl.json("shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--rof", "3", "--actions", "1", "--dice", "2,2,2,2")
        round_over(sprawl)
        sprawl.json("deal", "--dice", "2S,RJ,3S,4S,5S")
    assert who(sprawl.json("status"), "Jonah")["ammo"] == {"Tommy Gun": 5}
    refused(sprawl, snapshot, "shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--rof", "2", "--actions", "1", "--dice", "2,2,2",
            says="Tommy Gun has 5 rounds left and this fires 6")
    assert who(sprawl.json("status"), "Jonah")["ammo"] == {"Tommy Gun": 0}
    round_over(sprawl)
    sprawl.json("deal", "--dice", "2S,RJ,3S,4S,5S")
    assert sprawl.json("reload", "Jonah")["rounds"] == 50
    assert who(sprawl.json("status"), "Jonah")["ammo"] == {"Tommy Gun": 50}


def test_the_drop_counts_as_on_hold(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)  # the Priestess's Joker is up; Jonah has the drop on an acolyte
    out = sprawl.json("fight", "Jonah", "Acolyte 1", "--yes", "--drop", "--actions", "1", "--dice", "1,1")
    assert out["modifiers"] == {"the drop": 4} and out["forced"] == []
    sprawl.json("next")  # Ada acts: Jonah's turn, taken early, is over
    sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    to_card(sprawl, "Jonah")
    refused(sprawl, snapshot, "fight", "Jonah", "Acolyte 2", "--yes", "--actions", "1", "--dice", "1,1", says="has had its turn")


@pytest.mark.parametrize("edit, key", [("cut_in: Nobody", "cut_in"), ("moved: -3", "moved")])
def test_a_hand_edited_turn_is_checked(sprawl: Sprawl, edit: str, key: str) -> None:
    dealt(sprawl)
    text = sprawl.save.read_text()
    field, _, value = edit.partition(": ")
    if field == "cut_in":
        text += edit + "\n"
    else:
        text = text.replace("moved: 0.0", edit, 1)
    sprawl.save.write_text(text)
    result = sprawl("status")
    assert result.exit_code == 1 and key in result.stderr and result.stderr.count("error:") == 1


@pytest.mark.parametrize("light, extra, asked", [("pitch", (), True), ("dark", (), True),
                                                 ("dark", ("--distance", "8"), False), ("dim", (), False)])
def test_darkness_asks_whether_the_target_is_seen(sprawl: Sprawl, snapshot: Snapshot, light: str,
                                                  extra: tuple[str, ...], asked: bool) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl("shoot", "--cover", "none", "--into-melee", "none", "--force", "Ada", "Priestess", "--range", "short", "--light", light, *extra, "--actions", "1", "--dice", "1,1")
    if asked:
        assert result.exit_code == 1 and "--yes" in result.stderr and snapshot(sprawl.folder) == before
        result = sprawl("shoot", "--cover", "none", "--into-melee", "none", "--force", "Ada", "Priestess", "--range", "short", "--light", light, *extra, "--yes", "--actions", "1", "--dice",
                        "1,1")
    assert result.exit_code == 0, result.stderr


# --- the refusals word for word (what each says, and what to do) ------------------------------------
FORCE = " (add --force to overrule as referee)"


def said(sprawl: Sprawl, *args: str) -> str:
    result = sprawl(*args)
    assert result.exit_code == 1, (args, result.stdout)
    return result.stderr.strip().removeprefix("error: ")


def test_the_refusals_say_why_and_what_to_do_word_for_word(sprawl: Sprawl) -> None:
    dealt(sprawl)
    assert said(sprawl, "fight", "Ada", "Acolyte 3") == (
        "it is not Ada's turn: the RJ is up (Priestess); Ada acts on the QS (`next` brings it up; a holder may "
        "`interrupt`)" + FORCE)
    sprawl.json("next")
    sprawl.json("fight", "Ada", "Acolyte 3", "--yes", "--actions", "1", "--dice", "2,2")
    assert said(sprawl, "fight", "Ada", "Acolyte 1") == (
        "Ada has already done that this turn (fight with Machete); no action twice in a turn" + FORCE)
    sprawl.json("move", "Ada", "--inches", "6")
    assert said(sprawl, "move", "Ada", "--inches", "1") == (
        "Ada has 0\" of movement left this turn (of 6\"); this move costs 1\"" + FORCE)
    sprawl.json("next")
    assert said(sprawl, "fight", "Ada", "Acolyte 1") == (
        "Ada has had its turn this round (QS); wait for the next deal" + FORCE)
    round_over(sprawl)
    assert said(sprawl, "fight", "Ada", "Acolyte 1") == (
        "round 2 has not been dealt yet: `deal` (or `next`) deals it, then Ada may fight when its card is up" + FORCE)


def test_a_surprised_characters_refusal_word_for_word(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("deal", "--surprise", "Cult of the Eye", "--dice", "1,2,5,1,4,KS")
    assert said(sprawl, "shoot", *CLEAR, "Ada", "Priestess") == (
        "Ada has no action card this round (surprised, or dealt out), so it cannot shoot; it is dealt in next round"
        + FORCE)


@pytest.mark.parametrize("args", [("defend", "Jonah"), ("oppose", "Jonah", "strength", "Priestess"),
                                  ("finish", "Jonah", "Acolyte 1"), ("aim", "Jonah", "Priestess"),
                                  ("reload", "Jonah"), ("break", "Jonah", "rope", "--type", "cutting"),
                                  ("hold", "Jonah"), ("recover", "Jonah"), ("run", "Jonah"),
                                  ("move", "Jonah", "--inches", "1"), ("prone", "Jonah"), ("jump", "Jonah")])
def test_every_action_waits_for_its_card(sprawl: Sprawl, args: tuple[str, ...]) -> None:
    dealt(sprawl)
    sprawl.json("set", "Jonah", "shaken", "on") if args[0] == "recover" else None
    sprawl.json("set", "Acolyte 1", "incapacitated", "on") if args[0] == "finish" else None
    assert "it is not Jonah's turn" in said(sprawl, *args)


def test_a_holder_that_loses_the_interrupt_acts_after_its_target(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound
    out = sprawl.json("interrupt", "Pike", "Hound", "--bennies", "0", "--dice", "2,5")  # Pike 2 against the hound's 5
    assert out["first"] == "Hound"
    sprawl.json("run", "Hound", "--dice", "3")  # the hound acts first...
    # ...then Pike, still
    assert sprawl.json("shoot", *CLEAR, "Pike", "Hound", "--range", "short", "--actions", "1", "--dice", "2")["success"] is False
    assert sprawl.json("status")["cut_in"] == "Pike"
    sprawl.json("fight", "Hound", "Pike", "--yes", "--actions", "1", "--dice", "1")  # the hound again: Pike's turn is over
    assert sprawl.json("status")["cut_in"] is None and who(sprawl.json("status"), "Pike")["turn"]["done"]


def test_crouching_moves_add_up_at_twice_the_cost(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    assert sprawl.json("move", "Ada", "--inches", "2", "--crouch")["left"] == 1  # half of Pace 6
    assert who(sprawl.json("status"), "Ada")["turn"]["moved"] == 4.0
    assert sprawl.json("move", "Ada", "--inches", "2")["left"] == 0
    refused(sprawl, snapshot, "move", "Ada", "--inches", "1", "--crawl", says="0\" of movement left this turn (of 2\")")


def test_a_second_holder_cutting_in_ends_the_first_ones_turn(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Ada")
    sprawl.json("hold", "Pike")
    sprawl.json("next")  # the hound
    sprawl.json("interrupt", "Ada", "Hound", "--bennies", "0", "--dice", "5,2,3")  # Ada cuts in, and then does nothing
    sprawl.json("interrupt", "Pike", "Hound", "--bennies", "0", "--dice", "5,2")  # Pike cuts in: Ada's chance is gone
    assert sprawl.json("status")["cut_in"] == "Pike"
    assert "Ada has had its turn this round" in said(sprawl, "shoot", *CLEAR, "Ada", "Hound")


def test_a_holder_cutting_in_ends_a_jokers_turn_taken_out_of_order(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Ada")
    sprawl.json("shoot", *CLEAR, "Priestess", "Pike", "--range", "short", "--actions", "1", "--dice", "1,1")  # the Joker goes when she likes
    sprawl.json("interrupt", "Ada", "Priestess", "--bennies", "0", "--dice", "5,2,3,1")  # Ada cuts in
    assert "Priestess has had its turn this round" in said(sprawl, "fight", "Priestess", "Pike")


def test_when_the_card_ups_characters_fall_the_refusal_says_next(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada and Pike
    sprawl.json("set", "Ada", "incapacitated", "on")
    sprawl.json("set", "Pike", "incapacitated", "on")
    assert said(sprawl, "shoot", *CLEAR, "Jonah", "Priestess") == (
        "it is not Jonah's turn: the QS is up (Ada), and nobody on it can act now: `next` moves on; Jonah acts on "
        "the 7H (`next` brings it up; a holder may `interrupt`)" + FORCE)
    assert sprawl.json("next")["acting"] == {"name": "hounds", "card": "9D"}


def test_the_acting_side_may_spend_bennies_before_the_opponent_rolls(sprawl: Sprawl) -> None:
    start(sprawl)
    # Ada Agility d8: 2 (Wild 1), a benny: 6 (Wild 2); then the Priestess d6: 4 (Wild 3)
    out = sprawl.json("oppose", "--force", "Ada", "agility", "Priestess", "--bennies", "1", "--actions", "1", "--dice", "2,1,6,2,4,3")
    assert [t["total"] for t in out["tries"]] == [2, 6] and out["rolls"]["Ada"]["total"] == 6
    assert out["winner"] == "Ada" and sprawl.json("status")["bennies"]["Expedition"] == 2
    shown = sprawl("oppose", "--force", "Ada", "agility", "Priestess", "--bennies", "1", "--actions", "1", "--dice", "5,1,2,1,4,3").stdout
    assert "Ada (before the benny): d8 [5]" in shown and "Priestess wins" not in shown


def test_a_victim_may_spend_a_benny_on_its_dive_and_leave_the_blast(sprawl: Sprawl) -> None:
    start(sprawl)
    # Throwing 5: a hit; Acolyte 1 takes 1+1+1; the Priestess dives (2-2, Wild Die 1-2: fails), takes 2+2+2
    out = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Acolyte 1", "--range", "short", "--weapon", "Grenade", "--victims", "Priestess",
                      "--victim-cover", "none", "--dive",
                      "Priestess", "--dice", "5,1,1,1,1,2,1,2,2,2")
    assert [(v["name"], v["result"]) for v in out["victims"]] == [("Acolyte 1", "none"), ("Priestess", "shaken")]
    again = sprawl.json("benny", "Priestess", "--dice", "6,1,1")  # 6+1-2 = 5: clear after all
    assert again["kept"] == "new" and again["effects"]["dove"] and again["effects"]["statuses"] == []
    assert "shaken" not in who(sprawl.json("status"), "Priestess")["statuses"]


def test_a_standoff_roll_may_be_rerolled_with_a_benny(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("standoff", "--dice", ",".join(["2"] * 16))
    assert sprawl.json("benny", "Ada", "--dice", "7,3")["new"]["total"] == 7


def test_drawing_a_weapon_is_an_action_and_a_hard_draw_tests_agility(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    out = sprawl.json("draw", "Pike", "--weapon", "Rifle", "--hard", "--actions", "1", "--dice", "3")  # 3: not out
    assert out["test"]["total"] == 3 and not out["drawn"]
    assert "fumbles the Rifle: not out" in sprawl.json("log")["entries"][-1]["summary"][-1]
    refused(sprawl, snapshot, "draw", "Pike", "--weapon", "Rifle", says="already done that this turn")
    assert sprawl.json("draw", "Ada", "--weapon", "Revolver")["drawn"]
    shot = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    assert shot["modifiers"] == {"multi-action": -2}


@pytest.mark.parametrize("verb, answer", [("fight", ("--yes",)), ("shoot", ("--range", "short", *CLEAR))])
def test_an_incapacitated_foe_is_finished_not_attacked(sprawl: Sprawl, snapshot: Snapshot, verb: str,
                                                       answer: tuple[str, ...]) -> None:
    dealt(sprawl)
    to_card(sprawl, "Ada")
    sprawl.json("set", "Acolyte 2", "incapacitated", "on")
    refused(sprawl, snapshot, verb, "Ada", "Acolyte 2", *answer, "--actions", "1", "--dice", "1,1",
            says="Acolyte 2 is incapacitated already; `finish Ada Acolyte 2`")


def test_a_jump_spends_movement(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("move", "Ada", "--inches", "3")
    assert sprawl.json("jump", "Ada", "--run-up", "--dice", "4,1")["distance"] == 3  # 2" and 1" more
    refused(sprawl, snapshot, "jump", "Ada", "--dice", "4,1", says="0\" of movement left this turn")


def test_a_rerolled_jump_takes_its_extra_inch_once(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    assert sprawl.json("jump", "Ada", "--dice", "2,1")["distance"] == 1
    assert sprawl.json("benny", "Ada", "--dice", "4,1")["effects"] == {"distance": 2}
    assert sprawl.json("benny", "Ada", "--dice", "6,5,1")["effects"] == {"distance": 2}  # a raise: still 2"
    assert who(sprawl.json("status"), "Ada")["turn"]["moved"] == 2.0


# --- facts only the table knows: a shot's range band, a fight's contact (SYSTEMS.md section 0) -------
RANGE_ASKED = ("Which range band is Priestess in for Ada's Revolver: short (up to 12\"), medium (up to 24\") or "
               "long (up to 48\")?")


def test_a_shot_without_a_range_is_refused_naming_range_and_changes_nothing(sprawl: Sprawl,
                                                                             snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    before = snapshot(sprawl.folder)
    for extra in ((), ("--json",)):
        result = sprawl("shoot", *CLEAR, "Ada", "Priestess", *extra, "--actions", "1", "--dice", "6,2")
        assert result.exit_code == 1 and result.stderr.count("error:") == 1, result.stderr
        assert RANGE_ASKED in result.stderr and "Give --range short|medium|long." in result.stderr
        assert snapshot(sprawl.folder) == before
    assert sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--distance", "20", "--actions", "1", "--dice", "2,2")["modifiers"] == {
        "medium range": -2}  # a measured distance picks the band: nothing asked


def test_a_shot_without_a_range_asks_it_on_a_terminal_and_uses_the_answer(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    result = sprawl("shoot", *CLEAR, "Ada", "Priestess", "--json", "--actions", "1", "--dice", "6,2", input="far\nlong\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert RANGE_ASKED in result.stderr and "'far' is not one of short, medium, long" in result.stderr
    assert '"long range": -4' in result.stdout and '"total": 2' in result.stdout


def test_a_rerolled_shot_keeps_the_band_the_table_gave(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl("shoot", *CLEAR, "Ada", "Priestess", "--json", "--actions", "1", "--dice", "4,2", input="medium\n", terminal=True)
    again = sprawl.json("benny", "Ada", "--dice", "8,2,3,3")  # nothing asked: the band stays medium
    assert again["kept"] == "new" and again["new"]["total"] == 6 and again["new"]["modifiers"] == {
        "medium range": -2}
    assert again["effects"]["victims"][0]["result"] == "shaken"


def test_a_ranged_break_asks_the_range_band(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl("break", "--force", "Ada", "lock", "--ranged", "--cover", "none", "--light", "normal", "--actions", "1", "--dice", "5,1,3,4")
    assert result.exit_code == 1 and result.stderr.count("error:") == 1
    assert "Which range band is the lock in for Ada's Revolver" in result.stderr and "--range" in result.stderr
    assert snapshot(sprawl.folder) == before
    shot = sprawl.json("break", "--force", "Ada", "lock", "--ranged", "--cover", "none", "--light", "normal", "--range", "long", "--actions", "1", "--dice", "8,1,3,4")
    assert shot["modifiers"] == {"long range": -4} and shot["total"] == 4
    result = sprawl("break", "--force", "Ada", "rope", "--type", "cutting", "--range", "long", "--actions", "1", "--dice", "5,1,3,4")
    assert result.exit_code == 1 and "--range is for a shot at the object: add --ranged" in result.stderr


def test_a_fight_asks_whether_the_two_are_in_contact(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    before = snapshot(sprawl.folder)
    result = sprawl("fight", "Jonah", "Acolyte 1", "--actions", "1", "--dice", "7,2,6,5")
    assert result.exit_code == 1 and result.stderr.count("error:") == 1
    assert "Is Jonah in contact with Acolyte 1 (base to base)?" in result.stderr and "--yes" in result.stderr
    assert snapshot(sprawl.folder) == before
    said_no = sprawl("fight", "Jonah", "Acolyte 1", "--actions", "1", "--dice", "7,2,6,5", input="n\n", terminal=True)
    assert said_no.exit_code == 1 and said_no.stderr.count("error:") == 1
    assert "Jonah is not in contact with Acolyte 1" in said_no.stderr and "--force" in said_no.stderr
    assert snapshot(sprawl.folder) == before
    forced = sprawl("fight", "Jonah", "Acolyte 1", "--force", "--json", "--actions", "1", "--dice", "7,2,6,5", input="n\n",
                    terminal=True)
    assert forced.exit_code == 0, forced.stderr
    assert "Jonah is not in contact with Acolyte 1" in sprawl.json("log")["entries"][-1]["forced"][0]


def test_a_fight_answered_yes_on_a_terminal_goes_ahead(sprawl: Sprawl) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    result = sprawl("fight", "Jonah", "Acolyte 1", "--json", "--actions", "1", "--dice", "7,2,6,5", input="y\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Is Jonah in contact with Acolyte 1 (base to base)? [y/n]" in result.stderr
    assert '"success": true' in result.stdout


def test_a_question_asked_on_a_terminal_does_not_undo_a_draw(sprawl: Sprawl) -> None:
    """A terminal runs the rule once to ask its questions and again under the lock: the second
    run starts from the options as given (the weapon is still to be drawn)."""
    dealt(sprawl)
    sprawl.json("next")
    result = sprawl("shoot", *CLEAR, "Ada", "Priestess", "--draw", "--draw-kind", "easy", "--json", "--actions", "1", "--dice", "2,2", input="short\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert '"multi-action": -2' in result.stdout
    assert who(sprawl.json("status"), "Ada")["turn"]["actions"] == ["draw:Revolver", "shoot:Revolver"]
