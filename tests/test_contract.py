"""The status contract (sprawl_cli/contract.py, issue 37 item 4): what a system's status must
hold, checked on every `status`, and the lists of sentences the live page and the report read."""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.api import SHARED_STATUS, STATUS_LISTS
from sprawl_cli.contract import StatusDefect, read_status, sentences, status_lists

ANN = {"name": "Ann", "squad": "Reds", "statuses": []}


def test_a_status_that_keeps_the_contract_is_given_back_as_it_is():
    own = {"characters": [dict(ANN, grit=2)], "todo": ["Ann shoots"], "house": [], "extra": {"x": 1}}
    assert read_status("Duel", own) is own


@pytest.mark.parametrize("key", SHARED_STATUS)
def test_a_field_the_kernel_owns_is_refused(key):
    with pytest.raises(StatusDefect, match=f"^Duel's status gives {key}, which the kernel owns; leave them out$"):
        read_status("Duel", {"characters": [], key: 1})


def test_every_owned_field_given_is_named():
    with pytest.raises(StatusDefect, match="gives round, side, which the kernel owns"):
        read_status("Duel", {"characters": [], "side": "x", "round": 2})


@pytest.mark.parametrize("people", [None, {"Ann": ANN}, "Ann"])
def test_characters_are_a_list(people: Any):
    own = {} if people is None else {"characters": people}
    with pytest.raises(StatusDefect, match="^Duel's status has no list of characters$"):
        read_status("Duel", own)


@pytest.mark.parametrize("person", [
    "Ann", {"squad": "Reds", "statuses": []}, {"name": 1, "squad": "Reds", "statuses": []},
    {"name": "Ann", "statuses": []}, {"name": "Ann", "squad": None, "statuses": []},
    {"name": "Ann", "squad": "Reds"}, {"name": "Ann", "squad": "Reds", "statuses": "down"},
])
def test_each_character_has_a_name_a_squad_and_statuses(person: Any):
    with pytest.raises(StatusDefect, match="^Duel's status has a character without a name, squad and statuses$"):
        read_status("Duel", {"characters": [ANN, person]})


@pytest.mark.parametrize("key", sorted(STATUS_LISTS))
@pytest.mark.parametrize("value", ["Ann shoots", ["Ann shoots", 2], {"a": "b"}])
def test_a_list_the_screens_read_is_sentences(key, value):
    with pytest.raises(StatusDefect, match=f"^Duel's status gives {key} as something other than a list of sentences$"):
        read_status("Duel", {"characters": [], key: value})


def test_sentences():
    assert sentences([]) and sentences(["a", "b"])
    assert not sentences(("a",)) and not sentences(["a", None]) and not sentences("a")


def test_the_lists_the_screens_show():
    status: Any = {"system": "duel", "characters": [], "todo": ["Ann shoots"], "house": ["H1"], "other": ["x"]}
    lists = status_lists(status)
    assert lists == {"todo": ["Ann shoots"], "house": ["H1"]}
    lists["todo"].append("more")
    assert status["todo"] == ["Ann shoots"]  # a copy: the page may trim it
    assert status_lists({"characters": []}) == {}  # type: ignore[typeddict-item]
    assert STATUS_LISTS == {"todo": "Due now", "house": "House rulings"}
    assert SHARED_STATUS == ("system", "round", "rounds", "side", "phase", "over", "winner", "draw", "reason")
