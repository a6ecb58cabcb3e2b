"""Gunplay's nouns as plain dataclasses: Weapon, Character, Settings, Game. No I/O.

Everything a rule needs between two commands lives here (the save file keeps
it as YAML), so only dataclasses, lists, dicts and plain values are used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sprawl_cli.api import Game as KernelGame, Settings as KernelSettings, Statuses

SYSTEM_NAME = "gunplay"
PHASES = ("activation",)  # G2: a turn is one long exchange of activations
STATUSES = ("down", "prone", "removed")  # the order `status` shows them in
ACTIONS_PER_ACTIVATION = 2  # G3
DIE_SETTINGS = ("d12", "d20")  # G1
# G6/G7: four wounds make recovery impossible; a blow of damage 0 can leave one standing with
# four, and its next hit puts it down with five and out of the game. No more can be carried.
MAX_WOUNDS = 5  # what `set NAME wounds N` accepts
# A save's sanity bound: a referee who brings a removed character back (`set NAME removed off`)
# can see it hit past MAX_WOUNDS, and such a save must still load.
WOUNDS_LIMIT = 20


@dataclass
class Weapon:
    """A gun (`rof` and three range bands) or a melee weapon (`ranges` empty).

    `damage` is the Toughness shift a hit inflicts (G6); `far_damage`, when set,
    replaces it beyond close range (the shotgun, G5).
    """

    name: str
    damage: int
    rof: int = 0  # dice rolled per fire action; 0 for melee weapons
    ranges: list[int] = field(default_factory=list)  # close, effective, extreme (inches)
    far_damage: int | None = None

    @property
    def ranged(self) -> bool:
        return bool(self.ranges)

    def damage_at(self, band: str) -> int:
        """The damage of a hit at range band `band` (G5: the shotgun drops to 1 past close)."""
        if band != "close" and self.far_damage is not None:
            return self.far_damage
        return self.damage


UNARMED = Weapon(name="Unarmed", damage=0)  # G5


@dataclass
class Record:
    """What a character did in this game, for the campaign's books."""

    shots: int = 0
    hits: int = 0
    wounds_dealt: int = 0
    put_down: int = 0
    removed: int = 0  # enemies it took out of the game


@dataclass
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STATUSES
    name: str
    squad: str
    weapons: list[Weapon] = field(default_factory=list)
    shooting: int = 0  # dice modifier when firing (skill)
    melee: int = 0  # dice modifier when striking (skill)
    wounds: int = 0  # G6: permanent
    statuses: list[str] = field(default_factory=list)  # from STATUSES
    actions_left: int = ACTIONS_PER_ACTIVATION
    activated: bool = False  # its activation this turn is over
    aiming_at: str | None = None  # G4: its previous action was aim at this character
    record: Record = field(default_factory=Record)

    @property
    def down(self) -> bool:
        return self.has("down")

    @property
    def gone(self) -> bool:
        return self.has("removed")

    @property
    def shown_statuses(self) -> list[str]:
        return list(self.statuses)

    @property
    def started(self) -> bool:
        """It has spent an action (or ended) this turn."""
        return self.activated or self.actions_left < ACTIONS_PER_ACTIVATION

    def guns(self) -> list[Weapon]:
        return [w for w in self.weapons if w.ranged]

    def melee_weapons(self) -> list[Weapon]:
        return [w for w in self.weapons if not w.ranged]


@dataclass
class Settings(KernelSettings):
    die: str = "d12"  # G1: d20 reads the ladder as 5 / 10 / 15


@dataclass
class Game(KernelGame[Character]):
    system: str = SYSTEM_NAME
    settings: Settings = field(default_factory=Settings)
    phase: str = PHASES[0]
    order: list[int] = field(default_factory=list)  # G2: squad indexes in activation order this turn
    initiative: list[dict[str, int]] = field(default_factory=list)  # G2: this turn's dice, squad -> face, per roll-off
    active: str | None = None  # the character whose activation is under way

    def squad_index(self, character: Character) -> int:
        return next(i for i, s in enumerate(self.squads) if s.name == character.squad)

    @property
    def sides(self) -> int:
        return len(self.squads)

    def die_sides(self) -> int:
        return 20 if self.settings.die == "d20" else 12
