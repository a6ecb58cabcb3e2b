"""Issue 38's rule rows, through the command line with scripted dice: one attack that takes
the last character of both sides (H8, a draw whoever was hit first), a grenade thrown at a
spot (no running-target modifier), Toughness that negates no more than the hit's points, the
defender who wins a brawl striking with its own weapon, friendly fire kept out of the books,
and a character felled by one enemy that goes Out of Action on its own roll (H9)."""

from __future__ import annotations

import json

import pytest

from tests.factory import PLF, SUIT
from tests.sprawl.test_endgame_cli import engage, to_phase

PLF_NAME = "People's Liberation Front"
SUIT_NAME = "S.U.I.T. #13"
OTHERS = {PLF_NAME: ("Razz", "Wes", "Lang", "Mutt"), SUIT_NAME: ("Gordo", "Rafter", "Newton", "Wishbone")}


def last_ones(sprawl, *keep: str) -> None:
    """Everyone but `keep` Out of Action (by the referee's word), in the first Movement Phase."""
    for name in (*OTHERS[PLF_NAME], *OTHERS[SUIT_NAME]):
        if name not in keep:
            sprawl.json("set", name, "out_of_action", "on", "--nearby", "none")


def wipe_out(shot: dict) -> list[tuple[str, list[str]]]:
    return [(v["name"], v["statuses"]) for v in shot["victims"]]


# --- H8: both sides wiped out by one attack -------------------------------------------


# Babs (PLF) throws at Wilson (S.U.I.T.) and is caught herself: S.U.I.T.'s last falls first.
# Wishbone (S.U.I.T.) throws at Babs and is caught himself: PLF's last falls first.
# Each victim: hits + Power 2 damage dice, all 9s; Toughness all 2s; incapacitation d10 9.
@pytest.mark.parametrize(("thrower", "target", "dice"), [
    ("Babs", "Wilson", "7,2,2," "9,9,9,2,2,2,9," "9,9,9,2,2,2,9"),
    ("Wishbone", "Babs", "7,2,2," "9,9,9,2,2,2,9," "9,9,9,2,2,9"),
])
def test_a_blast_that_takes_the_last_of_both_sides_is_a_draw(sprawl, thrower, target, dice):
    sprawl.new()
    last_ones(sprawl, "Babs", "Wilson", "Wishbone")
    sprawl.json("set", "Wilson" if thrower == "Wishbone" else "Wishbone", "out_of_action", "on", "--nearby", "none")
    if thrower == "Wishbone":  # on to S.U.I.T.'s turn, which opens with its routing check (R24): 10s hold
        to_phase(sprawl, "recovery")
        sprawl.json("next", "--dice", "10,10,10")
    sprawl.json("next")
    assert sprawl.json("status")["phase"] == "ranged"
    shot = sprawl.json("shoot", thrower, target, "--weapon", "Grenade", "--yes", "--distance", "4",
                       "--blast", thrower, "--dice", dice)
    assert wipe_out(shot) == [(target, ["out_of_action"]), (thrower, ["out_of_action"])]
    reason = f"{PLF_NAME} and {SUIT_NAME} lost their last characters to the same attack: a draw (H8)"
    assert shot["game_over"] == reason
    status = sprawl.json("status")
    assert (status["over"], status["winner"], status["draw"], status["reason"]) == (True, None, True, reason)
    shown = sprawl("status", env={"NO_COLOR": "1"}).stdout
    assert "a draw, nobody wins" in " ".join(shown.split())
    refused = sprawl("end", "--winner", "PEOPLE")  # the rules gave a draw: nobody may be named the winner
    assert refused.exit_code == 1 and "a draw" in refused.stderr


def test_a_blast_that_leaves_the_thrower_standing_still_wins(sprawl):
    # R25 as before: Wilson falls, Babs keeps 1 Health ([9 9 2] 2 points, Toughness [2 2 2]).
    sprawl.new()
    last_ones(sprawl, "Babs", "Wilson")
    sprawl.json("set", "Wishbone", "out_of_action", "on", "--nearby", "none")
    sprawl.json("next")
    shot = sprawl.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--distance", "4",
                       "--blast", "Babs", "--dice", "7,2,2,9,9,9,2,2,2,9,9,9,2,2,2,2")
    assert wipe_out(shot) == [("Wilson", ["out_of_action"]), ("Babs", ["pinned"])]
    status = sprawl.json("status")
    assert (status["winner"], status["draw"]) == (PLF_NAME, False)
    assert status["reason"] == f"{SUIT_NAME} has nobody left able to act (R25)"


def test_a_blast_that_takes_some_of_each_side_plays_on(sprawl):
    # Wilson and Razz both fall, but each side keeps someone: the game goes on.
    sprawl.new()
    sprawl.json("next")
    shot = sprawl.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--distance", "4",
                       "--blast", "Razz", "--nearby", "none", "--dice", "7,2,2,9,9,9,2,2,2,9,9,9,9,2,2,9")
    assert wipe_out(shot) == [("Wilson", ["out_of_action"]), ("Razz", ["out_of_action"])]
    assert shot["game_over"] is None and sprawl.json("status")["over"] is False


# --- the shooting rows ---------------------------------------------------------------------


def test_a_grenade_thrown_at_a_spot_takes_no_running_modifier(sprawl):
    sprawl.new()
    sprawl.json("set", "Wilson", "ran", "on")
    sprawl.json("next")
    # At Wilson himself the run counts (+2, R13); at a spot beside him only the spot's +1.
    at_him = sprawl.json("odds", "shoot", "Babs", "Wilson", "--weapon", "Grenade")
    assert [(m["value"], m["ruling"]) for m in at_him["modifiers"]] == [(2, "R13")] and at_him["difficulty"] == 3
    shot = sprawl.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--spot", "--yes", "--distance", "4",
                       "--blast-scattered", "none", "--dice", "2,2,2,4,6")
    assert shot["modifiers"] == [{"source": "aiming at a spot beside Wilson", "value": 1, "ruling": "R13"}]
    assert shot["difficulty"] == 2


def test_toughness_negates_no_more_than_the_hits_points(sprawl):
    # Razz: [7 8 2 3] 2 hits; damage 2 + Power 1 = [9 2 2] 1 point; Wilson's Toughness [9 9 9]: 3 successes,
    # of which 1 negates the 1 point (R6).
    sprawl.new()
    sprawl.json("next")
    result = sprawl("shoot", "Razz", "Wilson", "--yes", "--dice", "7,8,2,3,9,2,2,9,9,9", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert "Wilson resists with Toughness [9 9 9] → 1 negated" in result.stdout
    assert "Wilson loses no Health" in result.stdout
    sprawl.json("undo")
    shot = sprawl.json("shoot", "Razz", "Wilson", "--yes", "--dice", "7,8,2,3,9,2,2,9,9,9")
    [victim] = shot["victims"]
    assert (victim["damage"], victim["negated"], victim["health_lost"], victim["health"]) == (1, 1, 0, 3)


def test_the_defender_who_wins_a_brawl_strikes_with_its_own_weapon(sprawl):
    # Wes attacks with his Machete (Power 2); Gordo wins by 1 and strikes with his Chainblade (Power 3):
    # 1 + 3 = 4 damage dice [7 8 1 2], where the Machete would have given 3.
    sprawl.new("--rounds", "4")
    engage(sprawl, "Wes", "Gordo")
    to_phase(sprawl, "close")
    data = sprawl.json("brawl", "Wes", "Gordo", "--weapon", "Machete",
                       "--dice", "3,4,5,5,0,3,6,7,7,9,7,8,1,2,7,1,1")
    assert data["winner"] == "Gordo" and data["remaining"] == 1 and data["weapon"] == "Chainblade"
    assert data["victims"][0]["damage_faces"] == [7, 8, 1, 2]


# --- the books: friendly fire and H9 -----------------------------------------------------


def campaign_game(sprawl) -> None:
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")


def people(sprawl) -> dict[str, dict]:
    return {c["name"]: c for s in sprawl.json("campaign", "show")["squads"] for c in s["characters"]}


def test_friendly_fire_is_not_to_the_throwers_credit_in_the_books(sprawl):
    # Babs's grenade takes Wilson (3 Health) and her own Razz (3 Health) Out of Action: only Wilson's
    # fall and his Health count for her (R26's books); Razz's fall is his own record.
    campaign_game(sprawl)
    sprawl.json("next")
    shot = sprawl.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--distance", "4",
                       "--blast", "Razz", "--nearby", "none", "--dice", "7,2,2,9,9,9,2,2,2,9,9,9,9,2,2,9")
    assert wipe_out(shot) == [("Wilson", ["out_of_action"]), ("Razz", ["out_of_action"])]
    sprawl.json("end")
    sprawl.json("aftermath", "--dice", "5,5")
    who = people(sprawl)
    assert who["Babs"]["record"]["put_out_of_action"] == 1 and who["Babs"]["record"]["damage_dealt"] == 3
    assert who["Razz"]["record"]["times_out_of_action"] == 1 and who["Razz"]["record"]["damage_taken"] == 3


def fell_wilson(sprawl) -> None:
    """Razz shoots Wilson to 0 Health: [7 8 2 3] 2 hits, damage [9 9 9] 3, Toughness [2 2 2]; d10 5: Down.
    Then on to S.U.I.T.'s Recovery Phase."""
    sprawl.json("next")
    shot = sprawl.json("shoot", "Razz", "Wilson", "--yes", "--dice", "7,8,2,3,9,9,9,2,2,2,5")
    assert shot["victims"][0]["statuses"] == ["pinned", "down"]
    to_phase(sprawl, "movement")  # S.U.I.T.'s turn
    to_phase(sprawl, "recovery")


def test_felled_then_out_on_its_own_roll_is_to_the_fellers_credit(sprawl):
    """H9: Wilson, Down by Razz's shot, rolls a 9 in his Recovery Phase: Razz is credited."""
    campaign_game(sprawl)
    fell_wilson(sprawl)
    result = sprawl("recover", "Wilson", "--nearby", "none", "--dice", "9", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert "Put Out of Action by Razz, who felled it (H9: in the books)." in result.stdout
    sprawl.json("undo")
    done = sprawl.json("recover", "Wilson", "--nearby", "none", "--dice", "9")
    assert done["characters"][0]["out_of_action"] is True and done["characters"][0]["credited"] == "Razz"
    sprawl.json("end")
    sprawl.json("aftermath", "--dice", "5")
    who = people(sprawl)
    assert who["Razz"]["record"]["put_out_of_action"] == 1 and who["Razz"]["record"]["damage_dealt"] == 3
    assert who["Wilson"]["record"]["times_out_of_action"] == 1


def test_felled_then_worn_to_toughness_0_is_to_the_fellers_credit(sprawl):
    """H9 through R8's Recovery result: Wilson rolls a 1 (Recovery, still pinned); the Toughness his
    pin costs when it lifts is paid three times over three game-turns only in a long game, so the
    referee lowers him to Toughness 1 by hand and lifts the pin: Toughness 0, Out of Action, Razz's."""
    from sprawl_cli.store import GameStore

    campaign_game(sprawl)
    fell_wilson(sprawl)
    sprawl.json("recover", "Wilson", "--dice", "1")  # R8 Recovery: no longer Down, the pin lifts later
    store = GameStore(sprawl.save)
    game = store.load()
    game.character("Wilson").toughness = 1
    store.save(game)
    change = sprawl.json("set", "Wilson", "pinned", "off", "--nearby", "none")
    assert change["statuses"] == ["out_of_action"]
    sprawl.json("end")
    sprawl.json("aftermath", "--dice", "5")
    assert people(sprawl)["Razz"]["record"]["put_out_of_action"] == 1


def test_a_character_that_got_up_again_is_nobodys_later(sprawl):
    """H9 holds only while it lies felled: Wilson gets up (R8 Recovery, then the pin lifts with
    Toughness to spare), so a later Out of Action by the referee's damage is credited to nobody."""
    campaign_game(sprawl)
    fell_wilson(sprawl)
    sprawl.json("recover", "Wilson", "--dice", "1")
    sprawl.json("set", "Wilson", "pinned", "off")  # +1 Health, Toughness 3 to 2: back on his feet
    assert sprawl.character("Wilson")["health"] == 1
    hit = sprawl.json("damage", "Wilson", "1", "--nearby", "none", "--dice", "9")
    assert hit["victims"][0]["statuses"] == ["out_of_action"]
    sprawl.json("end")
    sprawl.json("aftermath", "--dice", "5")
    assert people(sprawl)["Razz"]["record"]["put_out_of_action"] == 0


def test_felled_by_a_squad_mate_is_nobodys_credit(sprawl):
    """Friendly fire earns no credit, later either: Babs's grenade fells her own Razz (Down), who rolls a 9."""
    campaign_game(sprawl)
    sprawl.json("next")
    sprawl.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--distance", "4", "--blast", "Razz",
                "--dice", "7,2,2,2,2,2,9,9,9,2,2,5")
    assert "down" in sprawl.character("Razz")["statuses"]
    to_phase(sprawl, "movement")  # S.U.I.T.'s turn: Wilson's pin (no Health lost) lifts by itself
    to_phase(sprawl, "recovery")
    sprawl.json("recover")
    sprawl.json("next")  # round 2: Razz rolls in PLF's Recovery Phase (R8)
    to_phase(sprawl, "recovery")
    done = sprawl.json("recover", "Razz", "--nearby", "none", "--dice", "9")
    assert done["characters"][0]["out_of_action"] is True and done["characters"][0]["credited"] is None
    sprawl.json("end")
    sprawl.json("aftermath", "--dice", "5")
    assert people(sprawl)["Babs"]["record"]["put_out_of_action"] == 0


def test_a_felled_by_that_names_nobody_is_refused(sprawl, snapshot):
    sprawl.new()
    text = sprawl.save.read_text(encoding="utf-8")
    sprawl.save.write_text(text.replace("- name: Wilson\n", "- name: Wilson\n  felled_by: Nobody\n", 1),
                           encoding="utf-8")
    before = snapshot(sprawl.folder)
    result = sprawl("status")
    assert result.exit_code == 1 and "felled_by" in result.stderr and "'Nobody' is not a character" in result.stderr
    assert snapshot(sprawl.folder) == before
    assert json.loads(sprawl("status", "--json").stdout)["error"]
