"""The game's nouns as plain dataclasses: Weapon, Character, Squad, Game. No I/O.

A `Game` is the whole current state of one game; the history lives beside it
in the journal (see `store`). Rules receive a working copy of the Game and
change it; the store decides whether the change is kept.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from sprawl_cli.errors import BadInput

ATTRIBUTES = ("shooting", "brawling", "quickness", "smarts", "guts", "strength", "toughness", "health")
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


@dataclass
class RangeBand:
    """A weapon's range band: up to `max` inches, adding `mod` to the Difficulty (R13)."""

    max: float
    mod: int


@dataclass
class Weapon:
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


@dataclass
class Record:
    """What a character did in this game, for the campaign's books (issue 7)."""

    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0
    put_out_of_action: int = 0
    times_out_of_action: int = 0


@dataclass
class Character:
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
    record: Record = field(default_factory=Record)

    # --- statuses -------------------------------------------------------
    def has(self, status: str) -> bool:
        return status in self.statuses

    def add(self, status: str) -> None:
        if status not in self.statuses:
            self.statuses.append(status)
            self.statuses.sort(key=STORED_STATUSES.index)

    def drop(self, status: str) -> None:
        if status in self.statuses:
            self.statuses.remove(status)

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
        """The character's weapon called `name` (Fists always), case-insensitively.

        Raises:
            BadInput: it carries no such weapon.
        """
        choices = {w.name.lower(): w for w in self.weapons}
        choices.setdefault("fists", FISTS)
        found = choices.get(name.strip().lower())
        if found is None:
            carried = ", ".join(w.name for w in self.weapons) or "nothing but Fists"
            raise BadInput(f"{self.name} has no weapon '{name}'; it carries {carried}")
        return found

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


@dataclass
class Squad:
    name: str
    leader: str
    members: list[str]  # roster order
    roster: str = ""  # the roster file it came from, as given to `new`


@dataclass
class Settings:
    rule_of_tens: bool = True  # R2
    dice: str = "random"  # random | physical (every roll asked for)


@dataclass
class Game:
    squads: list[Squad]
    characters: list[Character]
    schema_version: int = 1
    system: str = "sprawl"
    settings: Settings = field(default_factory=Settings)
    round: int = 1
    side: int = 0  # index into squads: whose turn it is
    phase: str = "movement"
    turn: int = 1  # every side's turn counts: round 1 has turns 1 and 2
    rounds: int | None = None  # the round limit set at `new` (R25)
    over: bool = False
    winner: str | None = None
    reason: str | None = None
    brawls: dict[str, int] = field(default_factory=dict)  # defender -> attacks this turn (R12)
    step: int = 0  # how many journalled changes led here
    campaign: str | None = None
    aftermath_done: bool = False

    # --- lookups --------------------------------------------------------
    def character(self, name: str) -> Character:
        """The character called `name`, matched case-insensitively.

        Raises:
            BadInput: nobody has that name (with "did you mean ...?").
        """
        wanted = name.strip().lower()
        for c in self.characters:
            if c.name.lower() == wanted:
                return c
        names = [c.name for c in self.characters]
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.5) or difflib.get_close_matches(
            name.lower(), [n.lower() for n in names], n=1, cutoff=0.5
        )
        hint = f"did you mean '{self.character(close[0]).name}'?" if close else f"the characters are: {', '.join(names)}"
        raise BadInput(f"no character named '{name}' in this game; {hint}")

    def squad(self, name: str) -> Squad:
        """The squad called `name` (case-insensitive; a unique prefix will do).

        Raises:
            BadInput: no such squad.
        """
        wanted = name.strip().lower()
        exact = [s for s in self.squads if s.name.lower() == wanted]
        starts = [s for s in self.squads if s.name.lower().startswith(wanted)] if wanted else []
        found = exact or (starts if len(starts) == 1 else [])
        if not found:
            raise BadInput(f"no squad named '{name}'; the squads are: {', '.join(s.name for s in self.squads)}")
        return found[0]

    def squad_of(self, character: Character) -> Squad:
        return next(s for s in self.squads if s.name == character.squad)

    def members(self, squad: Squad) -> list[Character]:
        return [self.character(n) for n in squad.members]

    @property
    def current_squad(self) -> Squad:
        return self.squads[self.side]

    def friends(self, character: Character) -> list[Character]:
        """Others of the same squad still on the table."""
        return [c for c in self.characters if c.squad == character.squad and c is not character and not c.gone]

    def enemies(self, character: Character) -> list[Character]:
        """Characters of other squads still on the table."""
        return [c for c in self.characters if c.squad != character.squad and not c.gone]

    def leader(self, squad: Squad) -> Character:
        return self.character(squad.leader)

    def is_turn_of(self, character: Character) -> bool:
        return character.squad == self.current_squad.name
