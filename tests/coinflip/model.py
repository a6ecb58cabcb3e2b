"""Coinflip's nouns: a character with Health, and its game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from sprawl_cli.api import Game as KernelGame, Statuses

STATUSES = ("down",)


@dataclass(eq=False, repr=False)
class Character(Statuses):
    status_order: ClassVar[tuple[str, ...]] = STATUSES

    name: str
    squad: str
    health: int = 3
    statuses: list[str] = field(default_factory=list)
    attacked: bool = False  # this turn

    @property
    def gone(self) -> bool:
        return self.has("down")

    @property
    def shown_statuses(self) -> list[str]:
        return list(self.statuses)


@dataclass(eq=False, repr=False)
class Game(KernelGame[Character]):
    system: str = "coinflip"
    phase: str = "fight"
