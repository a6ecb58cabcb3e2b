"""Scratch:Grid's nouns as plain dataclasses: Character, Settings, Game. No I/O.

The game knows where everyone stands: the map's rows live in the save (S1) and
each character's `at` names its space. Statuses are stored as words; the
turn-limited ones (immobilised, delayed, barred from escaping) keep the game
turn at whose end they lift.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sprawl_cli.api import Game as KernelGame, Settings as KernelSettings, Squad as Squad, Statuses
from sprawl_cli.systems.scratch_grid.grid import Board, Space, parse_space, space_name

SYSTEM = "scratch-grid"
PHASES = ("turn",)  # S6: a side's turn has no phases; each character moves once and acts once
STATUSES = ("injured", "incapacitated", "immobilised", "evading", "escaped", "delayed")
EXTRAS = ("quickness", "flying", "acrobatics", "swimming")  # S2's movement levels
MAX_LEVEL = 20


@dataclass
class Record:
    """What a character did in this game, for the campaign's books."""

    attacks: int = 0
    hits: int = 0
    injured: int = 0  # enemies it injured
    incapacitated: int = 0  # enemies it incapacitated
    interrupts: int = 0  # interrupting attacks that hit
    times_injured: int = 0
    times_incapacitated: int = 0
    healed: int = 0
    escaped: int = 0


@dataclass
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STATUSES
    name: str
    squad: str
    at: str | None = None  # a space name like "c4"; None once escaped
    quickness: int = 0
    flying: int = 0
    acrobatics: int = 0
    swimming: int = 0
    statuses: list[str] = field(default_factory=list)
    moved: bool = False  # S6: its one move this turn is spent
    acted: bool = False  # S6: its one action this turn is spent
    turn_over: bool = False  # S4: an interrupting attack ended its turn
    interrupted_by: list[str] = field(default_factory=list)  # S4: who has tried, this turn of its own
    immobilised_turn: int | None = None  # S3: lifts at the end of this game turn
    delayed_turn: int | None = None  # lifts at the end of this game turn
    no_escape_turn: int | None = None  # S4: it may not escape up to the end of this game turn
    left_from: str | None = None  # where it stood when it escaped
    record: Record = field(default_factory=Record)

    # --- statuses -------------------------------------------------------
    @property
    def gone(self) -> bool:
        """Escaped characters have left the map for good."""
        return self.has("escaped")

    @property
    def shown_statuses(self) -> list[str]:
        return [s for s in STATUSES if s in self.statuses]

    @property
    def injured(self) -> bool:
        return self.has("injured")

    @property
    def down(self) -> bool:
        """Incapacitated: it neither moves nor acts until revived."""
        return self.has("incapacitated")

    @property
    def standing(self) -> bool:
        """On the map and not incapacitated."""
        return not self.gone and not self.down

    @property
    def space(self) -> Space:
        """Its space (only for characters still on the map)."""
        assert self.at is not None, f"{self.name} is not on the map"
        return parse_space(self.at)

    @property
    def health(self) -> str:
        if self.down:
            return "incapacitated"
        return "injured" if self.injured else "healthy"


@dataclass
class Settings(KernelSettings):
    """Scratch:Grid has no settings of its own beyond the kernel's (S5's house ruling stands)."""


@dataclass
class Game(KernelGame[Character]):
    system: str = SYSTEM
    phase: str = PHASES[0]
    settings: Settings = field(default_factory=Settings)
    grid: str = "square"  # S1: square (8 neighbours) or hex (6)
    map: list[str] = field(default_factory=list)  # S1: rows of terrain symbols, top row first
    map_source: str = ""  # the map file given to `new`

    @property
    def board(self) -> Board:
        return Board(self.grid, tuple(self.map))

    def on_map(self) -> list[Character]:
        """Characters still standing in a space (escaped ones have left)."""
        return [c for c in self.characters if not c.gone and c.at is not None]

    def occupant(self, space: Space) -> Character | None:
        name = space_name(space)
        return next((c for c in self.on_map() if c.at == name), None)

    def next_turn_of(self, squad: str) -> int:
        """The game turn that is `squad`'s next (this one, if it is its turn now)."""
        index = next(i for i, s in enumerate(self.squads) if s.name == squad)
        return self.turn + (index - self.side) % len(self.squads)
