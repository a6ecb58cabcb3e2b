"""The last gaps of issue 23, through the command line with scripted dice and cards: a trait
test (`test`) is refereed as every other action is (W2, W4, W8), and the melee `break` and
`finish` ask whether the two are in contact as `fight` does (SYSTEMS.md section 0).

The deal of QS,7H,RJ,4C,9D gives the countdown: RJ Priestess (a Joker), QS Ada (and Pike),
9D the hound, 7H Jonah, 4C the acolytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start, who
from tests.savage_worlds.test_round import FORCE, dealt, refused, said, to_card
from tests.savage_worlds.helpers import CLEAR

Snapshot = Callable[[Path], dict[str, bytes]]


# --- 1. `test` goes through the round's referee -------------------------------------------------
def test_a_trait_test_waits_for_its_card_and_force_overrules_it(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)  # the Priestess's Joker is up
    assert said(sprawl, "test", "Ada", "notice", "--actions", "1", "--dice", "3,2") == (
        "it is not Ada's turn: the RJ is up (Priestess); Ada acts on the QS (`next` brings it up; a holder may "
        "`interrupt`)" + FORCE)
    forced = refused(sprawl, snapshot, "test", "Ada", "notice", "--actions", "1", "--dice", "3,2", says="it is not Ada's turn")
    assert forced["total"] == 3 and forced["free"] is False


def test_a_trait_test_on_its_card_is_an_action_counted_with_the_others(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada's card
    first = sprawl.json("test", "Ada", "notice", "--actions", "2", "--dice", "3,2")
    assert first["modifiers"] == {"multi-action": -2} and first["total"] == 1
    assert who(sprawl.json("status"), "Ada")["turn"]["actions"] == ["notice"]
    shot = sprawl.json("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--dice", "2,2")  # pays the same 2
    assert shot["modifiers"] == {"multi-action": -2}
    forced = refused(sprawl, snapshot, "test", "Ada", "notice", "--dice", "3,2",
                     says="Ada has already done that this turn (notice); no action twice in a turn")
    assert "Ada's rolls this turn were made at 2 actions (multi-action -2), and this makes 3" in forced["forced"][1]
    assert forced["modifiers"] == {"multi-action": -4}  # forced, the third action pays for three
    # unskilled d4-2; four actions now, forced past the count again
    fourth = sprawl.json("test", "Ada", "intimidation", "--force", "--dice", "3,2")
    assert fourth["modifiers"] == {"multi-action": -6} and fourth["trait"] == "d4-2"
    assert fourth["total"] == 3 - 2 - 6 and fourth["success"] is False


def test_declared_actions_still_count_on_a_trait_test(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")
    out = sprawl.json("test", "Ada", "notice", "--actions", "2", "--dice", "5,2")
    assert out["modifiers"] == {"multi-action": -2} and out["total"] == 3 and not out["success"]


def test_a_trait_test_after_shaking_off_shaken_without_a_raise_is_refused(sprawl: Sprawl,
                                                                          snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("set", "Ada", "shaken", "on")
    sprawl.json("next")
    assert sprawl.json("recover", "Ada", "--dice", "5,2")["can_act"] is False
    refused(sprawl, snapshot, "test", "Ada", "notice", "--actions", "1", "--dice", "3,2", says="shook off Shaken without a raise")


def test_a_trait_test_after_shaking_off_shaken_with_a_raise_goes_ahead(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("set", "Ada", "shaken", "on")
    sprawl.json("next")
    assert sprawl.json("recover", "Ada", "--dice", "8,1,2")["can_act"] is True
    assert sprawl.json("test", "Ada", "notice", "--actions", "1", "--dice", "3,2")["modifiers"] == {}  # the recovery is no action


def test_a_trait_test_spends_a_hold(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")
    sprawl.json("hold", "Ada")
    sprawl.json("next")  # the hound's card
    assert sprawl.json("test", "Ada", "notice", "--actions", "1", "--dice", "3,2")["success"] is False
    status = sprawl.json("status")
    assert "on_hold" not in who(status, "Ada")["statuses"] and status["cut_in"] == "Ada"
    sprawl.json("run", "Hound", "--dice", "3")  # the hound acts: Ada's turn out of order is over
    refused(sprawl, snapshot, "test", "Ada", "intimidation", "--actions", "1", "--dice", "3,2", says="Ada has had its turn this round")


def test_a_surprised_character_cannot_test_in_round_one(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    sprawl.json("deal", "--surprise", "Cult of the Eye", "--dice", "1,2,5,1,4,KS")  # Ada misses her Notice
    assert said(sprawl, "test", "Ada", "notice", "--actions", "1", "--dice", "3,2") == (
        "Ada has no action card this round (surprised, or dealt out), so it cannot test; it is dealt in next "
        "round" + FORCE)
    refused(sprawl, snapshot, "test", "Ada", "notice", "--actions", "1", "--dice", "3,2", says="no action card this round")
    assert sprawl.json("test", "Priestess", "notice", "--actions", "1", "--dice", "3,2")["success"] is False  # an ambusher, on hold


def test_a_free_test_is_taken_out_of_turn_and_not_counted(sprawl: Sprawl) -> None:
    dealt(sprawl)  # the Joker is up, not Jonah
    out = sprawl.json("test", "Jonah", "vigor", "--free", "--dice", "3,2")
    assert out["free"] is True and out["modifiers"] == {} and out["forced"] == []
    assert who(sprawl.json("status"), "Jonah")["turn"]["actions"] == []
    to_card(sprawl, "Jonah")
    assert sprawl.json("test", "Jonah", "vigor", "--actions", "1", "--dice", "3,2")["modifiers"] == {}  # his one action
    again = sprawl.json("test", "Jonah", "vigor", "--free", "--dice", "3,2")  # resisting again: no action
    assert again["modifiers"] == {} and who(sprawl.json("status"), "Jonah")["turn"]["actions"] == ["vigor"]


def test_each_helper_acts_on_its_own_card(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada's card, which Pike shares
    refused(sprawl, snapshot, "test", "Ada", "notice", "--helpers", "Jonah", "--actions", "1", "--dice", "4,1,3,2",
            says="it is not Jonah's turn")
    sprawl("undo")
    out = sprawl.json("test", "Ada", "notice", "--helpers", "Pike", "--actions", "1", "--dice", "4,3,2")  # Pike 4: +1
    assert out["helpers"][0]["name"] == "Pike" and out["modifiers"] == {"cooperation": 1} and out["total"] == 4
    assert who(sprawl.json("status"), "Pike")["turn"]["actions"] == ["notice"]
    assert who(sprawl.json("status"), "Ada")["turn"]["actions"] == ["notice"]


def test_a_groups_test_waits_for_the_groups_card(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    refused(sprawl, snapshot, "test", "acolytes", "notice", "--actions", "1", "--dice", "3,2", says="it is not Acolyte 1's turn")
    sprawl("undo")
    to_card(sprawl, "Acolyte 1")
    out = sprawl.json("test", "acolytes", "notice", "--actions", "1", "--dice", "3,2")
    assert out["group"] == ["Acolyte 1", "Acolyte 2", "Acolyte 3"] and out["modifiers"] == {}
    assert all(who(sprawl.json("status"), n)["turn"]["actions"] == ["notice"] for n in out["group"])


# --- 3. a blow at an object and a finishing move ask contact ---------------------------------------
CASES = {
    "finish": (("finish", "Jonah", "Acolyte 1"), "Is Jonah in contact with Acolyte 1 (base to base)?",
               "Jonah is not in contact with Acolyte 1: a finishing move is made up close"),
    "break": (("break", "Jonah", "rope", "--type", "cutting", "--actions", "1", "--dice", "7,2,6,8"),
              "Is Jonah in contact with the rope?", "Jonah is not in contact with the rope: a blow needs the object "
                                                    "within reach (or shoot it: `--ranged`)"),
}


def _ready(sprawl: Sprawl) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    sprawl.json("set", "Acolyte 1", "incapacitated", "on")


@pytest.mark.parametrize("case", sorted(CASES))
def test_without_a_terminal_contact_is_refused_naming_yes(sprawl: Sprawl, snapshot: Snapshot, case: str) -> None:
    args, question, _ = CASES[case]
    _ready(sprawl)
    before = snapshot(sprawl.folder)
    for extra in ((), ("--json",)):
        result = sprawl(*args, *extra)
        assert result.exit_code == 1 and result.stderr.count("error:") == 1, result.stderr
        assert question in result.stderr and "add --yes if so" in result.stderr
        assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("case", sorted(CASES))
def test_contact_answered_no_is_refused_and_force_overrules(sprawl: Sprawl, snapshot: Snapshot, case: str) -> None:
    args, question, refusal = CASES[case]
    _ready(sprawl)
    before = snapshot(sprawl.folder)
    said_no = sprawl(*args, input="n\n", terminal=True)
    assert said_no.exit_code == 1 and said_no.stderr.count("error:") == 1, said_no.stderr
    assert question in said_no.stderr and refusal in said_no.stderr and "--force" in said_no.stderr
    assert snapshot(sprawl.folder) == before
    forced = sprawl(*args, "--force", "--json", input="n\n", terminal=True)
    assert forced.exit_code == 0, forced.stderr
    assert refusal in sprawl.json("log")["entries"][-1]["forced"][0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_contact_answered_yes_goes_ahead(sprawl: Sprawl, case: str) -> None:
    args, question, _ = CASES[case]
    _ready(sprawl)
    result = sprawl(*args, "--json", input="y\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert f"{question} [y/n]" in result.stderr
    assert '"dead": true' in result.stdout if case == "finish" else '"broken": true' in result.stdout
    assert sprawl.json("log")["entries"][-1]["forced"] == []


def test_yes_answers_contact_and_a_shot_at_an_object_asks_none(sprawl: Sprawl) -> None:
    _ready(sprawl)
    assert sprawl.json("finish", "--force", "Jonah", "Acolyte 1", "--yes")["dead"] is True
    assert sprawl.json("break", "--force", "Jonah", "rope", "--type", "cutting", "--yes", "--actions", "1", "--dice", "7,2,6,8")["broken"] is True
    shot = sprawl.json("break", "--force", "Ada", "lock", "--ranged", "--cover", "none", "--light", "normal", "--range", "short", "--actions", "1", "--dice", "5,1,3,4")
    assert shot["damage_type"] == "piercing"


def test_the_turn_is_checked_before_contact_is_asked(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("set", "Acolyte 1", "incapacitated", "on")
    assert "it is not Jonah's turn" in said(sprawl, "finish", "Jonah", "Acolyte 1")
    to_card(sprawl, "Jonah")
    assert "Is Jonah in contact with Acolyte 1" in said(sprawl, "finish", "Jonah", "Acolyte 1")


def test_a_helpers_roll_takes_its_own_multi_action_penalty(sprawl: Sprawl) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada's card, which Pike shares
    sprawl.json("shoot", *CLEAR, "Pike", "Priestess", "--range", "short", "--actions", "2", "--dice", "2")
    out = sprawl.json("test", "Ada", "notice", "--helpers", "Pike", "--actions", "1",
                      "--dice", "5,3,2")  # Pike 5 - 2 = 3: no help
    assert out["helpers"][0]["modifiers"] == {"multi-action": -2} and out["helpers"][0]["success"] is False
    assert out["modifiers"] == {} and out["total"] == 3  # Ada's first action: no penalty, no cooperation
