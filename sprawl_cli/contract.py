"""The status contract: what `status --json` holds for every game, and which of its fields the
live page (`render/table_page.py`) and the battle report (`gamereport.py`) read.

A system's `System.status(game, only)` returns its own part: `characters` (each at least a
`CharacterStatus`: name, squad, statuses) and any keys of its own, which `status --json` shows
and no screen prints as stored. Two optional lists of sentences are read by the screens:
`todo` (what is due now, in the system's words; the page lists it under "Due now") and
`house` (the house rulings in play; the page and the report list them). The kernel puts the
fields every game has (`SHARED_STATUS`) first, and a game played to a scenario gets
`scenario`. `read_status` checks a system's part against this contract, so a wrong shape is
one line naming the system, not a page that silently leaves a part out.
"""


from typing import Any, NotRequired, TypedDict, cast

from sprawl_cli.errors import SprawlError

# The fields of every game, owned by the kernel, in the order `status --json` gives them.
SHARED_STATUS = ("system", "round", "rounds", "side", "phase", "over", "winner", "draw", "reason")
# Every key the kernel puts in `status --json` itself: the shared fields, a scenario's state and
# what `redo` would put back. A system's status never gives one of them.
KERNEL_KEYS = (*SHARED_STATUS, "scenario", "undone")
# The lists of sentences a system's status may give, and the heading the live page shows each under.
STATUS_LISTS = {"todo": "Due now", "house": "House rulings"}


class CharacterStatus(TypedDict):
    """What every character of `status --json` has (a system adds its own keys beside them)."""

    name: str
    squad: str
    statuses: list[str]  # shown statuses, in the system's order, as stored (`set` takes them)


class StatusJson(TypedDict):
    """`status --json` of any game: the shared fields, the characters, and what the screens read."""

    system: str
    round: int
    rounds: int | None
    side: str
    phase: str
    over: bool
    winner: str | None
    draw: bool
    reason: str
    characters: list[CharacterStatus]
    todo: NotRequired[list[str]]  # what is due now, sentences in the system's words
    house: NotRequired[list[str]]  # the house rulings in play, one sentence each
    scenario: NotRequired[dict[str, Any]]  # a game played to a scenario (a house feature of the kernel)


class StatusDefect(SprawlError):
    """A system's status breaks the contract: a bug of that system, said in one line."""


def read_status(title: str, own: dict[str, Any]) -> dict[str, Any]:
    """A system's own part of the status, checked against the contract.

    Raises:
        StatusDefect: a shared field given by the system, characters missing their name,
            squad or statuses, or a list of sentences that is not one.
    """
    taken = [k for k in KERNEL_KEYS if k in own]
    if taken:
        raise StatusDefect(f"{title}'s status gives {', '.join(taken)}, which the kernel owns; leave them out")
    people = own.get("characters")
    if not isinstance(people, list):
        raise StatusDefect(f"{title}'s status has no list of characters")
    for c in people:
        if not (isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("squad"), str)
                and isinstance(c.get("statuses"), list)):
            raise StatusDefect(f"{title}'s status has a character without a name, squad and statuses")
    for key in STATUS_LISTS:
        if key in own and not sentences(own[key]):
            raise StatusDefect(f"{title}'s status gives {key} as something other than a list of sentences")
    return own


def sentences(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def status_lists(status: StatusJson) -> dict[str, list[str]]:
    """The lists of sentences the screens show (`todo`, `house`), each present one by its key."""
    found = cast(dict[str, Any], status)  # (mutating the cast's type changes nothing at run time)
    return {key: list(found[key]) for key in STATUS_LISTS if key in found}
