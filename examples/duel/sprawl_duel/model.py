"""Duel's nouns: a character with Grit, and its game (sprawl saves both as YAML)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sprawl_cli.api import Game as KernelGame
from sprawl_cli.api import Statuses

STATUSES = ("down",)
GRIT = 3  # a character's Grit when its roster does not say


@dataclass(eq=False, repr=False)
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STATUSES

    name: str
    squad: str
    grit: int = GRIT
    max_grit: int = GRIT
    statuses: list[str] = field(default_factory=list)
    activated: bool = False  # has taken its activation this round

    @property
    def gone(self) -> bool:
        return self.has("down")

    @property
    def shown_statuses(self) -> list[str]:
        return list(self.statuses)


@dataclass(eq=False, repr=False)
class Game(KernelGame[Character]):
    system: str = "duel"
