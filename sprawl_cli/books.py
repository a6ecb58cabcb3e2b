"""The campaign's books, the same for every system: its squads between games (each character's
sheet as plain data, alive or dead, and its career) and each game played.

Plain dataclasses and the kernel's checks of them (`read_book`); reading and writing the file is
`campaign_file.py`, building and adding to the books is `campaign.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.errors import BadInput
from sprawl_cli.schema import Where, from_data

CAMPAIGN_SCHEMA = 2  # 2: one shape of books for every system (a system migrates its own part)
STATES = ("active", "dead")
NO_AFTERMATH = "no aftermath in this system"


@dataclass
class Member:
    """A character between games: the system's sheet as plain data, and its career."""

    name: str
    sheet: dict[str, Any] = field(default_factory=dict)
    state: str = "active"  # active | dead
    games: int = 0
    record: dict[str, int] = field(default_factory=dict)  # System.record's counters, added up
    extra: dict[str, Any] = field(default_factory=dict)  # the system's own notes on its career (its aftermath's)

    @property
    def dead(self) -> bool:
        return self.state == "dead"


@dataclass
class BookSquad:
    name: str
    leader: str
    characters: list[Member]
    roster: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # the roster's system-specific squad keys


@dataclass
class Part:
    """One character's part in one game."""

    name: str
    squad: str
    record: dict[str, int] = field(default_factory=dict)
    statuses: list[str] = field(default_factory=list)
    gone: bool = False
    state: str = "active"  # what the campaign made of it: active | dead
    end: str = ""  # the system's words for its state at the end (`System.end_words`); "": its statuses


@dataclass
class BookGame:
    number: int
    squads: list[str]
    rounds: int
    winner: str | None = None
    reason: str | None = None
    date: str = ""
    characters: list[Part] = field(default_factory=list)
    aftermath: list[str] = field(default_factory=list)  # the system's aftermath in words; empty: none
    table: str = ""  # the aftermath table rolled on ("": the system has no aftermath)
    results: list[dict[str, Any]] = field(default_factory=list)  # the aftermath's rolls, as its JSON gives them
    rounds_axis: list[int] = field(default_factory=list)  # the rounds the series cover
    series: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # measure -> squad -> per round
    figure: str = ""  # a drawing of the game's end the system made (an SVG), or ""
    house: list[str] = field(default_factory=list)  # the house rulings the game was played with (SYSTEMS.md 0)
    scenario: dict[str, Any] | None = None  # the scenario played: its name, points, each objective's outcome
    save: str = ""
    step: int = 0


@dataclass
class Book:
    squads: list[BookSquad]
    games: list[BookGame] = field(default_factory=list)
    schema_version: int = CAMPAIGN_SCHEMA
    system: str = ""
    settings: dict[str, Any] = field(default_factory=dict)  # the system's `campaign_options`, as it keeps them

    def member(self, squad: str, name: str) -> Member | None:
        for s in self.squads:
            if s.name == squad:
                for m in s.characters:
                    if m.name == name:
                        return m
        return None

    def game(self, number: int | None) -> BookGame:
        """Game `number` (1-based), or the last.

        Raises:
            BadInput: no games yet, or no such game.
        """
        if not self.games:
            raise BadInput("no game of this campaign has been recorded yet; play one and run `sprawl aftermath`")
        if number is None:
            return self.games[-1]
        for g in self.games:
            if g.number == number:
                return g
        raise BadInput(f"no game {number} in this campaign; it has games 1 to {len(self.games)}")


def read_book(data: dict[str, Any], where: Where) -> Book:
    """The kernel's books, checked for what a hand edit could break.

    Raises:
        SaveFileError: naming the file, line and key.
    """
    book = from_data(Book, data, where)
    if len(book.squads) < 2:
        where.fail(("squads",), "a campaign needs at least two squads")
    names: set[str] = set()
    for i, squad in enumerate(book.squads):
        if not squad.characters:
            where.fail(("squads", i, "characters"), "a squad needs at least one character")
        if squad.leader and squad.leader not in {m.name for m in squad.characters}:
            where.fail(("squads", i, "leader"), f"'{squad.leader}' is not one of the squad's characters")
        for j, m in enumerate(squad.characters):
            at: tuple[object, ...] = ("squads", i, "characters", j)
            if m.name.lower() in names:
                where.fail(at + ("name",), f"two characters are called '{m.name}'")
            names.add(m.name.lower())
            if m.state not in STATES:
                where.fail(at + ("state",), f"'{m.state}' is not a state; use active or dead")
            for key, value in {"games": m.games, **m.record}.items():
                if value < 0:
                    where.fail(at + (("games",) if key == "games" else ("record", key)), "cannot be negative")
    for i, g in enumerate(book.games):
        if g.number != i + 1:
            where.fail(("games", i, "number"), f"games are numbered in order; this one should be {i + 1}")
    return book
