"""Street-Fight's nouns as plain dataclasses: Character, Settings, Game. No I/O.

Street-Fight calls a whole cycle of phases a *turn*; the kernel's `round`
counts them (turn 1 is round 1). Within a turn every phase is taken by the
sides in initiative order (F1): `order` holds that order and `position` the
place in it of the side acting now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sprawl_cli.api import Game as KernelGame, Settings as KernelSettings, Squad as Squad, Statuses

SYSTEM_NAME = "street-fight"
PHASES = ("movement", "shooting", "close", "morale")
PHASE_TITLES = {"movement": "Movement", "shooting": "Shooting", "close": "Close Combat", "morale": "Morale"}

# What `status` shows, in this order. Only casualty, overwatch, falling_back and
# sheltering are stored; the rest are read off the turn bookkeeping.
SHOWN_STATUSES = ("casualty", "moved", "ran", "aiming", "overwatch", "in_combat", "falling_back", "sheltering")
STORED_STATUSES = ("casualty", "overwatch", "falling_back", "sheltering")

NORMAL_MOVE = 5.0  # F2
DASH = 9.0  # F2
MAX_AIM = 3  # F3: turns of aim that count


@dataclass
class Record:
    """What a figure did in this game, for the campaign's books."""

    shots: int = 0
    hits: int = 0
    casualties_caused: int = 0
    fights_won: int = 0
    times_casualty: int = 0


@dataclass
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STORED_STATUSES
    name: str
    squad: str
    weapon: str  # an F5 name as written there ("scoped rifle")
    weapon_roll: int | None = None  # the d100 rolled at `new` for `weapon: random`
    statuses: list[str] = field(default_factory=list)  # STORED_STATUSES
    moved_inches: float = 0.0  # this turn
    still_moving: bool = False  # F2: it ran last turn, so it counts as moving this turn too
    aim_turns: int = 0  # turns spent aiming since it last moved or fired (F3)
    aimed_turn: int | None = None  # the turn of its latest `aim`
    fired_turn: int | None = None  # the latest turn it fired
    fired_since_move: bool = False  # F8: firing from cover gives that cover away until it moves
    overwatch_turn: int | None = None  # the turn it went on overwatch (F7)
    overwatch_large: bool = False
    overwatch_spent: bool = False  # it took its one overwatch shot (house) and has not declared overwatch since
    engaged_with: list[str] = field(default_factory=list)  # F9: enemies it is in close combat with
    lost_last_round: bool = False  # F9: it lost its latest round before this turn: -1 in this turn's fights
    round_lost: bool | None = None  # F9: how its latest round this turn went (None: no round yet this turn)
    in_cover: bool = False  # it ended its latest move in cover (or the referee says so)
    fought: list[str] = field(default_factory=list)  # opponents it has fought this turn
    sheltering_turn: int | None = None  # F10: the turn it reached cover while falling back
    record: Record = field(default_factory=Record)

    # --- statuses -------------------------------------------------------
    @property
    def gone(self) -> bool:
        return self.has("casualty")

    @property
    def moved(self) -> bool:
        """It has moved this turn."""
        return self.moved_inches > 0

    @property
    def ran(self) -> bool:
        """It has moved over 5" this turn (F2)."""
        return self.moved_inches > NORMAL_MOVE

    @property
    def counts_as_moving(self) -> bool:
        """F2: it moved this turn, or ran in the turn before."""
        return self.moved or self.still_moving

    @property
    def lost_latest_round(self) -> bool:
        """F9: its latest round of close combat, this turn's or an earlier one, was lost."""
        return self.lost_last_round if self.round_lost is None else self.round_lost

    def forget_rounds(self) -> None:
        """Out of close combat: no round lost counts against it any more (F9)."""
        self.lost_last_round, self.round_lost = False, None

    @property
    def shown_statuses(self) -> list[str]:
        shown = set(self.statuses)
        if not self.gone:
            flags = {"moved": self.counts_as_moving, "ran": self.ran, "aiming": self.aim_turns > 0,
                     "in_combat": bool(self.engaged_with)}
            shown.update(k for k, v in flags.items() if v)
        return [s for s in SHOWN_STATUSES if s in shown]


@dataclass
class Settings(KernelSettings):
    initiative: str = "each"  # F1: each | once
    morale: str = "on"  # F10: on | off (a one-figure squad never tests)


SETTING_CHOICES = {"initiative": ("each", "once"), "morale": ("on", "off")}


@dataclass
class SquadMorale:
    """F10 bookkeeping for one squad."""

    squad: str
    tests_due: int = 0
    last_cause: str = ""  # who caused its latest casualty


@dataclass
class Game(KernelGame[Character]):
    system: str = SYSTEM_NAME
    phase: str = "movement"
    settings: Settings = field(default_factory=Settings)
    order: list[int] = field(default_factory=list)  # F1: side indices, first to act first
    position: int = 0  # index into `order` of the side acting now
    initiative: list[int] = field(default_factory=list)  # the latest winning d10 of each side, side order
    morale: list[SquadMorale] = field(default_factory=list)

    def morale_of(self, squad: str) -> SquadMorale:
        for m in self.morale:
            if m.squad == squad:
                return m
        made = SquadMorale(squad)
        self.morale.append(made)
        return made

    def break_off(self, c: Character) -> list[str]:
        """`c` leaves every close combat it is in (F9); returns whom it left. A figure left with no
        enemy on it is out of combat too, and no round lost counts against either any more."""
        left = list(c.engaged_with)
        for name in left:
            other = self.character(name)
            if c.name in other.engaged_with:
                other.engaged_with.remove(c.name)
                if not other.engaged_with:
                    other.forget_rounds()
        c.engaged_with = []
        c.forget_rounds()
        return left

    def standing(self, squad: Squad) -> list[Character]:
        return [c for c in self.members(squad) if not c.gone]
