"""Suppressive fire (`suppress`, a labelled house ruling: the chapter names the maneuver and
never prints it), through the command line with scripted dice and cards.

The deal of QS,7H,RJ,4C,9D gives the countdown: RJ Priestess (a Joker), QS Ada (and Pike),
9D the hound, 7H Jonah (Tommy Gun: 2d8, rate of fire 3, 50 rounds; Shooting d6), 4C the
acolytes (Spirit d6, Toughness 5). Dice of `suppress`: Jonah's Shooting die and Wild Die,
then for each one under the template its Spirit test and, on a natural 1, the 2d8 damage.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start, who
from tests.savage_worlds.test_round import FORCE, dealt, refused, round_over, said, to_card
from tests.savage_worlds.helpers import CLEAR

Snapshot = Callable[[Path], dict[str, bytes]]
AREA = ("--range", "short", "--victims", "Acolyte 1,Acolyte 2,Priestess")
# Jonah 6+2 (Wild Die 4) - 2 = 6: on target. Acolyte 1: Spirit 3, fails. Acolyte 2: Spirit 1, hit for
# 2+1 = 3 (under Toughness 5), and fails. The Priestess (a Joker): Spirit 7 (Wild Die 2) + 2 = 9.
ON_TARGET = "6,2,4,3,1,2,1,7,2"


def jonahs_turn(sprawl: Sprawl) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")


def under(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in data["suppressed"] if s["name"] == name)


def test_on_target_everyone_under_the_template_tests_spirit(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    out = sprawl.json("suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET)
    assert out["kind"] == "suppress" and out["house"] is True and out["template"] == "medium"
    assert out["modifiers"] == {"autofire": -2} and out["total"] == 6 and out["success"] is True
    assert out["trait_rolls"] == [[6, 2]] and out["wild_rolls"] == [[4]] and len(out["results"]) == 1
    assert out["band"] == "short" and out["under"] == ["Acolyte 1", "Acolyte 2", "Priestess"]
    assert out["rounds"] == 15 and out["ammo_left"] == 35
    one, two, priestess = under(out, "Acolyte 1"), under(out, "Acolyte 2"), under(out, "Priestess")
    assert (one["hit"], one["shaken"], one["damage"]) == (False, True, None)
    assert one["test"]["total"] == 3 and one["test"]["success"] is False
    assert (two["hit"], two["shaken"]) == (True, True)  # a 1 on the Spirit die: a hit, then the failure
    assert two["damage"]["damage_rolls"] == [[2], [1]] and two["damage"]["result"] == "none"
    assert (priestess["hit"], priestess["shaken"]) == (False, False)
    assert priestess["test"]["modifiers"] == {"joker": 2} and priestess["test"]["total"] == 9
    assert [v["name"] for v in out["victims"]] == ["Acolyte 2"]
    status = sprawl.json("status")
    assert who(status, "Acolyte 1")["statuses"] == ["shaken"] and who(status, "Acolyte 2")["statuses"] == ["shaken"]
    assert who(status, "Priestess")["statuses"] == []
    assert who(status, "Jonah")["ammo"] == {"Tommy Gun": 35}
    assert who(status, "Jonah")["turn"]["fired"] == {"Tommy Gun": 3}
    assert who(status, "Jonah")["turn"]["actions"] == ["suppress:Tommy Gun"]


def test_the_view_and_the_log_say_what_happened_and_that_it_is_house(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    shown = sprawl("suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET, env={"NO_COLOR": "1"}).stdout
    assert shown.splitlines() == [
        "Jonah lays down suppressive fire with Tommy Gun: d6 [6+2] Wild Die [4] (autofire -2) = 6 vs 4: success",
        "  15 rounds into the medium burst template (5 x rate of fire, 35 left)",
        "  Acolyte 1 Spirit: d6 [3] = 3 vs 4: failure; Shaken",
        "  Acolyte 2 Spirit: d6 [1] = 1 vs 4: failure; hit (a natural 1 on the Spirit die), Shaken",
        "    Acolyte 2: damage [2] [1] = 3 vs Toughness 5: no effect (suppressive fire, house)",
        "  Priestess Spirit: d10 [7] Wild Die [2] (joker +2) = 9 vs 4: success with 1 raise; holds firm",
        "  (suppressive fire: a house ruling, the chapter names it without printing it)",
    ]
    assert "lays down suppressive fire" in sprawl.json("log")["entries"][-1]["summary"][0]
    assert any("suppressive fire" in h and "house" in h for h in sprawl.json("status")["house"])
    assert "Suppressive fire (house)" in sprawl("rules", "suppress").stdout


def test_a_miss_goes_wide_and_nobody_tests(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    out = sprawl.json("suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", "2,1")  # 2 - 2 = 0; no Spirit dice are drawn
    assert out["success"] is False and out["suppressed"] == [] and out["victims"] == []
    assert out["ammo_left"] == 35  # the rounds are fired all the same
    assert all("shaken" not in c["statuses"] for c in sprawl.json("status")["characters"])
    assert sprawl("undo").exit_code == 0
    shown = sprawl("suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", "2,1").stdout
    assert "the fire goes wide: nobody under it tests Spirit" in shown and "Spirit:" not in shown


def test_a_hit_can_shake_and_wound_and_shaken_already_stays_so(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("set", "Acolyte 1", "shaken", "on")
    # Acolyte 1 (Shaken already): Spirit 2, no more; Acolyte 2: Spirit 1, hit for 8+4 (an ace) and 1 = 13: out
    out = sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 1,Acolyte 2", "--actions", "1",
                      "--dice", "6,2,4,2,1,8,4,1")
    one, two = under(out, "Acolyte 1"), under(out, "Acolyte 2")
    assert (one["hit"], one["shaken"]) == (False, False)  # suppression alone never wounds
    assert two["damage"]["damage"] == 13 and two["damage"]["result"] == "incapacitated" and not two["shaken"]
    status = sprawl.json("status")
    assert who(status, "Acolyte 1")["wounds"] == 0 and who(status, "Acolyte 1")["statuses"] == ["shaken"]
    assert "incapacitated" in who(status, "Acolyte 2")["statuses"]


def test_a_measured_distance_picks_the_band_and_light_counts(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    out = sprawl.json("suppress", "Jonah", "--distance", "20", "--light", "dim", "--victims", "none",
                      "--actions", "1", "--dice", "6,2,4")
    assert out["modifiers"] == {"medium range": -2, "autofire": -2, "dim light": -1} and out["total"] == 3
    assert out["band"] == "medium" and out["under"] == [] and out["success"] is False


def test_nobody_named_under_a_hit_template_is_said(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    shown = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "none", "--actions", "1", "--dice", "6,2,4").stdout
    assert "nobody is under the template" in shown


# --- refusals: one line, exit 1, nothing changed; --force overrules and is journalled -------------
def test_suppressive_fire_waits_for_the_shooters_card(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    assert said(sprawl, "suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET) == (
        "it is not Jonah's turn: the RJ is up (Priestess); Jonah acts on the 7H (`next` brings it up; a holder may "
        "`interrupt`)" + FORCE)
    refused(sprawl, snapshot, "suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET, says="it is not Jonah's turn")


def test_only_an_automatic_weapon_suppresses(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada's card: her Revolver fires one shot a turn
    out = refused(sprawl, snapshot, "suppress", "--light", "normal", "Ada", "--range", "short", "--victims", "none", "--actions", "1", "--dice", "6,2",
                  says="Revolver is not automatic (rate of fire 1); only an automatic weapon lays down suppressive "
                       "fire")
    assert out["rounds"] == 5
    result = sprawl("suppress", "--light", "normal", "Pike", "--weapon", "Rifle", "--range", "short", "--victims", "none")
    assert result.exit_code == 1 and "Rifle is not automatic" in result.stderr
    hand = sprawl("suppress", "--light", "normal", "Ada", "--weapon", "Machete", "--range", "short", "--victims", "none")
    assert hand.exit_code == 1 and "Machete is a hand weapon" in hand.stderr


def test_it_takes_the_weapons_whole_rate_of_fire_and_is_not_done_twice(sprawl: Sprawl, snapshot: Snapshot) -> None:
    jonahs_turn(sprawl)
    sprawl.json("shoot", *CLEAR, "Jonah", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,2")
    refused(sprawl, snapshot, "suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET,
            says="Jonah fired its Tommy Gun this turn already (1 die): a weapon's shooting dice are one action")
    refused(sprawl, snapshot, "suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET,
            says="Jonah fired its Tommy Gun this turn already (4 dice)")  # the forced fire counted too


def test_the_second_action_of_a_turn_takes_the_multi_action_penalty(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("fight", "Jonah", "Acolyte 1", "--yes", "--actions", "2", "--dice", "2,2")
    out = sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "none", "--dice", "6,2,4")
    assert out["modifiers"] == {"multi-action": -2, "autofire": -2} and out["total"] == 4 and out["success"]


def test_a_shaken_shooter_cannot_suppress(sprawl: Sprawl, snapshot: Snapshot) -> None:
    jonahs_turn(sprawl)
    sprawl.json("set", "Jonah", "shaken", "on")
    refused(sprawl, snapshot, "suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET, says="Jonah is Shaken: `recover Jonah`")


def test_ammunition_runs_out_at_five_times_the_rate_of_fire(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    for _ in range(3):  # Jonah holds the red Joker each round: 15 rounds a turn
        sprawl.json("deal", "--dice", "2S,RJ,3S,4S,5S")
        sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "none", "--actions", "1", "--dice", "2,1")
        round_over(sprawl)
    sprawl.json("deal", "--dice", "2S,RJ,3S,4S,5S")
    assert who(sprawl.json("status"), "Jonah")["ammo"] == {"Tommy Gun": 5}
    refused(sprawl, snapshot, "suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "none", "--actions", "1", "--dice", "2,1",
            says="Jonah's Tommy Gun has 5 rounds left and this fires 15; `reload Jonah` first")


# --- what only the table knows: the range band, who is under the template, a friend in it ---------
def test_the_range_band_and_the_victims_are_refused_naming_their_options(sprawl: Sprawl,
                                                                         snapshot: Snapshot) -> None:
    jonahs_turn(sprawl)
    before = snapshot(sprawl.folder)
    for args, option in ((("--victims", "none"), "Give --range short|medium|long."),
                         (("--range", "short"), "Give --victims NAMES, or --victims none.")):
        result = sprawl("suppress", "--light", "normal", "Jonah", *args, "--actions", "1", "--dice", "6,2,4")
        assert result.exit_code == 1 and result.stderr.count("error:") == 1, result.stderr
        assert option in result.stderr and snapshot(sprawl.folder) == before
    result = sprawl("suppress", "--light", "normal", "Jonah", "--victims", "none", "--actions", "1", "--dice", "6,2,4")
    assert "Which range band is the area in for Jonah's Tommy Gun" in result.stderr


def test_on_a_terminal_the_victims_are_asked(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    result = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--json", "--actions", "1", "--dice", "6,2,4,3",
                    input="Acolyte 1\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Who is under the medium burst template Jonah fires into?" in result.stderr
    assert json.loads(result.stdout)["under"] == ["Acolyte 1"]
    assert who(sprawl.json("status"), "Acolyte 1")["statuses"] == ["shaken"]


def test_a_friend_under_the_template_is_asked_about(sprawl: Sprawl, snapshot: Snapshot) -> None:
    jonahs_turn(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Ada", "--actions", "1", "--dice", "6,2,4,5,1")
    assert result.exit_code == 1 and "Ada is on Jonah's own side" in result.stderr and "--yes" in result.stderr
    said_no = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Ada", "--actions", "1", "--dice", "6,2,4,5,1",
                     input="n\n", terminal=True)
    assert said_no.exit_code == 1 and "Jonah does not attack Ada" in said_no.stderr
    assert snapshot(sprawl.folder) == before
    out = sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Ada", "--yes", "--actions", "1", "--dice", "6,2,4,5,1")
    assert under(out, "Ada")["test"]["total"] == 5 and not under(out, "Ada")["shaken"]


@pytest.mark.parametrize("victims, says", [("Jonah", "Jonah fires into the area; it is not under its own template"),
                                           ("Acolyte 1,acolyte 1", "Acolyte 1 is named twice"),
                                           ("Hound", "Hound is out of the fight")])
def test_who_cannot_be_under_the_template(sprawl: Sprawl, snapshot: Snapshot, victims: str, says: str) -> None:
    jonahs_turn(sprawl)
    sprawl.json("set", "Hound", "incapacitated", "on")
    before = snapshot(sprawl.folder)
    result = sprawl("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", victims, "--actions", "1", "--dice", ON_TARGET)
    assert result.exit_code == 1 and result.stderr.count("error:") == 1 and says in result.stderr
    assert snapshot(sprawl.folder) == before


# --- bennies and undo ---------------------------------------------------------------------------------
def test_a_benny_on_a_miss_that_now_hits_makes_them_test(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 1", "--actions", "1", "--dice", "2,1")
    again = sprawl.json("benny", "Jonah", "--dice", "6,2,4,3")  # on target now; Acolyte 1: Spirit 3
    assert again["kept"] == "new" and again["kind"] == "suppress"
    assert [s["name"] for s in again["effects"]["suppressed"]] == ["Acolyte 1"]
    assert who(sprawl.json("status"), "Acolyte 1")["statuses"] == ["shaken"]
    assert "on target after all" in sprawl("log").stdout


def test_a_benny_on_a_hit_changes_nothing_more(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 1", "--actions", "1", "--dice", "6,2,4,5")
    again = sprawl.json("benny", "Jonah", "--dice", "6,6,3,4")  # a better total, nobody tests again
    assert again["kept"] == "new" and again["effects"] == {}


def test_a_victim_may_reroll_its_spirit_test_and_shake_it_off(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    # Acolyte 2: Spirit 1, hit for 5+3 = 8 over Toughness 5: Shaken
    sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 2", "--actions", "1", "--dice", "6,2,4,1,5,3")
    assert who(sprawl.json("status"), "Acolyte 2")["statuses"] == ["shaken"]
    again = sprawl.json("benny", "Acolyte 2", "--dice", "5")  # the Cult's pool: Spirit 5, no 1: no hit
    assert again["kind"] == "suppression" and again["kept"] == "new"
    assert again["effects"]["hit"] is False and again["effects"]["statuses"] == []
    assert who(sprawl.json("status"), "Acolyte 2")["statuses"] == []
    assert sprawl.json("status")["bennies"]["Cult of the Eye"] == 1
    assert "now: holds firm" in sprawl("log").stdout


def test_a_rerolled_spirit_test_that_hits_again_keeps_its_damage_dice(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Priestess", "--actions", "1", "--dice", "6,2,4,1,1,5,3")
    # the Priestess: snake eyes (1, Wild Die 1): hit for 5+3 +2 (Jonah is no Joker: 8) and failed
    again = sprawl.json("benny", "Priestess", "--dice", "1,4")  # 1 again, but the Wild Die 4 +2 = 6: a success
    assert again["kept"] == "new" and again["effects"]["hit"] is True
    assert again["effects"]["damage"]["damage_rolls"] == [[5], [3]]  # no damage die rolled again (W3)


def test_undo_takes_suppressive_fire_back(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    before = sprawl.json("status")
    sprawl.json("suppress", "--light", "normal", "Jonah", *AREA, "--actions", "1", "--dice", ON_TARGET)
    assert sprawl("undo").exit_code == 0
    after = sprawl.json("status")
    assert after["characters"] == before["characters"]


def test_before_the_first_deal_it_is_refused_and_force_calculates(sprawl: Sprawl) -> None:
    start(sprawl)
    args = ("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "none", "--dice", "2,1")
    refusal = sprawl(*args)
    assert refusal.exit_code == 1 and "deal the cards first" in refusal.stderr
    for _ in range(2):
        assert sprawl(*args, "--force").exit_code == 0


def test_a_spirit_test_under_fire_is_rerolled_straight_away_or_not_at_all(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    sprawl.json("suppress", "--light", "normal", "Jonah", "--range", "short", "--victims", "Acolyte 1", "--actions", "2",
                "--dice", "6,2,4,3")
    sprawl.json("test", "Jonah", "notice", "--dice", "5,2")
    result = sprawl("benny", "Acolyte 1", "--dice", "5")
    assert result.exit_code == 1 and "Acolyte 1's last suppression is no longer the latest thing" in result.stderr


def test_on_a_terminal_every_question_is_asked_once_in_order(sprawl: Sprawl) -> None:
    jonahs_turn(sprawl)
    result = sprawl("suppress", "--light", "normal", "Jonah", "--json", "--actions", "1", "--dice", "6,2,4,5,1", input="short\nAda\ny\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    asked = [result.stderr.index(q) for q in ("Which range band is the area in", "Who is under the medium burst",
                                               "Ada is on Jonah's own side")]
    assert asked == sorted(asked) and result.stderr.count("Which range band") == 1
    out = json.loads(result.stdout)
    assert out["band"] == "short" and out["under"] == ["Ada"] and out["forced"] == []


def test_the_example_in_the_help_runs_as_written(sprawl: Sprawl) -> None:
    import shlex

    from sprawl_cli.systems.savage_worlds.cli import suppress

    example = next(line for line in (suppress.__doc__ or "").splitlines() if "Example:" in line)
    args = shlex.split(example.split("Example:", 1)[1])[1:]
    jonahs_turn(sprawl)
    out = sprawl.json(*args)
    assert out["success"] and [s["name"] for s in out["suppressed"]] == ["Acolyte 1", "Acolyte 2"]
