"""Savage Worlds through the gate (issue 33, points 1 and 2), on the command line with
scripted cards and dice: nobody acts before the first deal, and a Shaken character's first
act on its turn is its recovery (W4, W8).

The deal of QS,7H,RJ,4C,9D gives the countdown: RJ the Priestess (a Joker), QS Ada (and
Pike), 9D the hound, 7H Jonah, 4C the acolytes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import start, who
from tests.savage_worlds.test_round import ROUND_ONE, refused, to_card
from tests.savage_worlds.helpers import CLEAR

Snapshot = Callable[[Path], dict[str, bytes]]


def shaken_on_her_card(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json(*ROUND_ONE)
    sprawl.json("set", "Ada", "shaken", "on")
    to_card(sprawl, "Ada")


@pytest.mark.parametrize("args", [
    ("run", "Ada", "--dice", "3"), ("jump", "Ada", "--dice", "4,1"), ("hold", "Ada"),
    ("test", "Ada", "notice", "--actions", "1", "--dice", "5,1"), ("oppose", "Ada", "agility", "Priestess", "--actions", "1", "--bennies", "0", "--dice", "5,1,2,1"),
    ("move", "Ada", "--inches", "2"), ("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "2,1"),
])
def test_a_shaken_character_does_nothing_before_its_recovery(sprawl: Sprawl, snapshot: Snapshot,
                                                             args: tuple[str, ...]) -> None:
    shaken_on_her_card(sprawl)
    refused(sprawl, snapshot, *args, says="Ada is Shaken: `recover Ada` first (a Spirit test, or a benny; W8)")


def test_a_run_before_the_recovery_no_longer_taxes_the_spirit_roll(sprawl: Sprawl) -> None:
    shaken_on_her_card(sprawl)
    assert sprawl("run", "Ada", "--dice", "3").exit_code == 1  # refused: so nothing is counted
    out = sprawl.json("recover", "Ada", "--dice", "8,2,1")  # Spirit d8: 8 aces, 10, a raise with no -2 on it
    assert out["recovered"] and out["can_act"] and out["test"]["total"] == 10
    assert sprawl.json("run", "Ada", "--dice", "3")["name"] == "Ada"  # now it may run
    assert "shaken" not in who(sprawl.json("status"), "Ada")["statuses"]


def test_a_recovery_without_a_raise_ends_the_turn_and_a_failed_one_leaves_her_shaken(sprawl: Sprawl,
                                                                                     snapshot: Snapshot) -> None:
    shaken_on_her_card(sprawl)
    failed = sprawl.json("recover", "Ada", "--dice", "2,1")
    assert not failed["recovered"]
    refused(sprawl, snapshot, "test", "Ada", "notice", "--actions", "1", "--dice", "5,1", says="Ada is Shaken")


def test_a_benny_ends_shaken_at_any_moment(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json(*ROUND_ONE)  # the Priestess's Joker is up, not Ada's card
    sprawl.json("set", "Ada", "shaken", "on")
    assert sprawl.json("recover", "Ada", "--benny")["recovered"] is True
    assert sprawl("recover", "Ada", "--dice", "8,1").exit_code == 1  # out of turn, and nothing to recover


def test_before_the_first_deal_a_script_is_told_to_deal(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    for args in (("fight", "Jonah", "Priestess", "--yes", "--dice", "7,3,5,4"), ("defend", "Jonah"),
                 ("aim", "Ada", "Priestess"), ("hold", "Pike")):
        result = sprawl(*args, "--json")
        assert result.exit_code == 1 and "deal the cards first: `sprawl deal`" in result.stderr
    refused(sprawl, snapshot, "defend", "Jonah", says="deal the cards first")
    assert sprawl.json("log")["entries"][-1]["forced"][0].startswith("deal the cards first")
    sprawl.json(*ROUND_ONE)
    to_card(sprawl, "Jonah")
    assert sprawl.json("aim", "Jonah", "Priestess")["name"] == "Jonah"


def test_a_hold_is_spent_by_its_use_even_while_the_holders_card_is_still_up(sprawl: Sprawl) -> None:
    """W4: a holder that acts spends its hold, also before `next` has moved the countdown on."""
    start(sprawl)
    sprawl.json(*ROUND_ONE)
    to_card(sprawl, "Ada")
    sprawl.json("hold", "Ada")
    assert "on_hold" in who(sprawl.json("status"), "Ada")["statuses"]
    sprawl.json("move", "Ada", "--inches", "1")
    assert "on_hold" not in who(sprawl.json("status"), "Ada")["statuses"]
