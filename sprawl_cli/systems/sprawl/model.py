"""SPRAWL's nouns as plain dataclasses: Weapon, Character, Settings, Game. No I/O.

Each is a kernel `record`: a dataclass whose constructor, equality and repr are `Fields`' shared ones.

A `Game` is the whole current state of one game; the history lives beside it
in the journal (see `store`). Rules receive a working copy of the Game and
change it; the store decides whether the change is kept.
"""


from dataclasses import field
from typing import ClassVar

from sprawl_cli.api import (
    BadInput, Fields, Game as KernelGame, Settings as KernelSettings, Squad as Squad, Statuses, record,
)

ATTRIBUTES = ("shooting", "brawling", "quickness", "smarts", "guts", "strength", "toughness", "health")
# The most an attribute may be, in a roster, a save or `roster add`: the sample squads run 1 to 5, and an
# attribute is a pool of d10s (R2), so twenty dice is past any character the rules describe and still rolls
# at once (a pool of 10**40 never finishes, issue 34).
MOST_ATTRIBUTE = 20
PHASES = ("movement", "ranged", "close", "recovery")
WEAPON_KINDS = ("melee", "gun", "thrown", "launcher")

# Statuses a character carries in the save file. `engaged`, `jammed` and
# `out_of_ammo` are shown too, but derived from other fields.
STORED_STATUSES = (
    "pinned", "down", "panicked", "overwatch", "hidden",
    "out_of_action", "out_of_play", "ran", "safe",
)
SHOWN_STATUSES = STORED_STATUSES + ("engaged", "jammed", "out_of_ammo")
GONE = ("out_of_action", "out_of_play")  # off the table for the rest of the game

# What a character can have done in its own turn (`Character.acted`).
ACTIONS = ("moved", "ran", "charged", "hid", "spotted", "overwatch", "jumped", "shot", "brawled", "broke", "fled", "recovered")


@record
class RangeBand(Fields):
    """A weapon's range band: up to `max` inches, adding `mod` to the Difficulty (R13)."""

    max: float
    mod: int


@record
class Weapon(Fields):
    """A weapon as its roster gives it: kind, Power and, for guns, reliability and range bands."""

    name: str
    kind: str  # one of WEAPON_KINDS
    power: int
    reliability: int | None = None  # guns: the Difficulty of clearing a jam (R14)
    short: RangeBand | None = None
    long: RangeBand | None = None
    blast: float | None = None  # radius in inches (R16)
    uses: int | None = None  # per game; None is unlimited

    @property
    def explosive(self) -> bool:
        """Grenades and rockets: they scatter on a miss and run out on a misfire (R14, R15)."""
        return self.kind in ("thrown", "launcher")

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"


FISTS = Weapon(name="Fists", kind="melee", power=0)


@record
class Record(Fields):
    """What a character did in this game, for the campaign's books (issue 7)."""

    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0
    put_out_of_action: int = 0
    times_out_of_action: int = 0


@record
class Character(Statuses):
    """One SPRAWL character: attributes, gear and everything the rules track during a game."""

    status_order: ClassVar[tuple[str, ...]] = STORED_STATUSES
    name: str
    squad: str
    shooting: int
    brawling: int
    quickness: int
    smarts: int
    guts: int
    strength: int
    max_toughness: int
    max_health: int
    weapons: list[Weapon] = field(default_factory=list)
    toughness: int = 0  # current; R8's "Recovery" result lowers it for the game
    health: int = 0  # current
    damage_taken: int = 0  # R5: only grows during a game
    statuses: list[str] = field(default_factory=list)
    hide_successes: int = 0
    engaged_with: list[str] = field(default_factory=list)
    weapon_states: dict[str, str] = field(default_factory=dict)  # name -> jammed|out_of_ammo|none_left
    jammed_turn: dict[str, int] = field(default_factory=dict)  # name -> turn it jammed in
    uses_spent: dict[str, int] = field(default_factory=dict)
    acted: list[str] = field(default_factory=list)  # ACTIONS done in the current turn
    pinned_turn: int | None = None  # game turn of the latest pin (R11)
    pin_took_health: bool = False  # some pin since the last recovery took Health (R11)
    recovery_pending: bool = False  # R8 result 1: +1 Health, -1 Toughness when the pin lifts
    panicked_turn: int | None = None  # R10: no recovery in the turn it panicked
    hidden_turn: int | None = None  # R20: no overwatch in the turn it hid
    felled_by: str | None = None  # H9: whose attack last took its Health to 0, while it has not got up again
    record: Record = field(default_factory=Record)

    # --- statuses -------------------------------------------------------
    @property
    def gone(self) -> bool:
        """Out of Action or Out of Play: no longer on the table."""
        return any(s in self.statuses for s in GONE)

    @property
    def shown_statuses(self) -> list[str]:
        """Stored statuses plus the derived ones, in SHOWN_STATUSES order."""
        shown = set(self.statuses) - {"safe"}
        if self.engaged_with:
            shown.add("engaged")
        shown.update(s for s in self.weapon_states.values() if s in ("jammed", "out_of_ammo"))
        return [s for s in SHOWN_STATUSES if s in shown]

    # --- weapons --------------------------------------------------------
    def weapon(self, name: str) -> Weapon:
        """The character's weapon called `name` (Fists always), matched as names are: the
        whole name, else a unique beginning of it or of one of its words, case-insensitively.

        Raises:
            BadInput: it carries no such weapon (with "did you mean"), or the name fits two.
        """
        from sprawl_cli.api import close_names

        carried = list(self.weapons)
        if not any(w.name.lower() == "fists" for w in carried):
            carried.append(FISTS)
        wanted = name.strip().lower()
        exact = [w for w in carried if w.name.lower() == wanted]
        if exact:
            return exact[0]
        starts = [w for w in carried if wanted and w.name.lower().startswith(wanted)]
        words = [w for w in carried if wanted and any(part.startswith(wanted) for part in w.name.lower().split())]
        for found in (starts, words):
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise BadInput(f"'{name}' could be {' or '.join(w.name for w in found)}; give more of the name")
        close = close_names(name.strip(), [w.name for w in carried])
        listing = ", ".join(w.name for w in self.weapons) or "nothing but Fists"
        hint = f"did you mean '{close[0]}'? " if close else ""
        raise BadInput(f"{self.name} has no weapon '{name}'; {hint}it carries {listing}")

    def usable(self, weapon: Weapon) -> str | None:
        """Why `weapon` cannot be used now (jammed, out of ammo, none left), or None."""
        state = self.weapon_states.get(weapon.name)
        if state:
            return state
        if weapon.uses is not None and self.uses_spent.get(weapon.name, 0) >= weapon.uses:
            return "none_left"
        return None

    @property
    def wound_modifier(self) -> int:
        """R5: +1 to Shooting and Brawling Difficulties per point of damage taken."""
        return self.damage_taken


@record
class Settings(KernelSettings):
    """SPRAWL's settings: the Rule of Tens can be turned off for a game (R2)."""

    rule_of_tens: bool = True  # R2


@record
class Game(KernelGame[Character]):
    """A SPRAWL game: the kernel's state plus what R12 remembers within a turn."""

    settings: Settings = field(default_factory=Settings)
    phase: str = "movement"
    brawls: dict[str, int] = field(default_factory=dict)  # defender -> attacks this turn (R12)

    def leader(self, squad: Squad) -> Character:
        return self.character(squad.leader)
