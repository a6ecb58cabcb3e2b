"""A new game of Street-Fight: `new`'s settings, `random` weapons rolled, the first initiative (F1, F5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice
from sprawl_cli.systems.street_fight.model import SETTING_CHOICES, Character, Game, Settings, Squad, SquadMorale
from sprawl_cli.systems.street_fight.turn import Initiative, start_turn, todo
from sprawl_cli.systems.street_fight.weapons import roll_weapon


@dataclass(frozen=True)
class Started:
    weapons: tuple[tuple[str, int, str], ...]  # name, d100, weapon: each `random` weapon rolled
    initiative: Initiative
    todo: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {"weapons": [{"name": n, "roll": r, "weapon": w} for n, r, w in self.weapons],
                "initiative": self.initiative.to_json(), "todo": list(self.todo)}


def read_settings(raw: dict[str, str]) -> Settings:
    """`--setting KEY=VALUE` pairs as Street-Fight settings.

    Raises:
        BadInput: an unknown key or value.
    """
    settings = Settings()
    for key, value in raw.items():
        if key == "dice":
            if value not in ("random", "physical"):
                raise BadInput(f"setting dice should be random or physical, not '{value}'")
            settings.dice = value
            continue
        choices = SETTING_CHOICES.get(key)
        if choices is None:
            raise BadInput(f"'{key}' is not a Street-Fight setting; use {', '.join(SETTING_CHOICES)}")
        if value not in choices:
            raise BadInput(f"setting {key} should be {' or '.join(choices)}, not '{value}'")
        setattr(settings, key, value)
    return settings


def new_game(squads: list[Squad], characters: list[Character], settings: Settings, rounds: int | None,
             dice: Dice) -> tuple[Game, Started]:
    """A fresh game: `random` weapons rolled in roster order, then the first initiative (F1, F5).

    The kernel has checked the sides (`base.check_sides`): two or more, no name twice.
    """
    rolled = []
    for c in characters:
        if c.weapon == "random":
            face, arm = roll_weapon(dice, c.name)
            c.weapon, c.weapon_roll = arm.name, face
            rolled.append((c.name, face, arm.name))
    game = Game(squads=squads, characters=characters, settings=settings, rounds=rounds)
    game.morale = [SquadMorale(s.name) for s in squads]
    initiative, _ = start_turn(game, dice)
    assert initiative is not None
    return game, Started(tuple(rolled), initiative, tuple(todo(game)))
