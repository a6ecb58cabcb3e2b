"""The game's state as the JSON that `sprawl status --json` prints (SPEC section 2)."""

from __future__ import annotations

from typing import Any

from sprawl_cli.systems.sprawl.model import FISTS, Character, Game
from sprawl_cli.schema import to_data
from sprawl_cli.systems.sprawl.phases import todo


def character_json(c: Character) -> dict[str, Any]:
    return {
        "name": c.name,
        "squad": c.squad,
        "health": c.health,
        "max_health": c.max_health,
        "damage_taken": c.damage_taken,
        "toughness": c.toughness,
        "max_toughness": c.max_toughness,
        "statuses": c.shown_statuses,
        "hide_successes": c.hide_successes,
        # SPEC: every character also has Fists (melee, Power 0), carried or not.
        "weapons": [dict(to_data(w), state=c.usable(w)) for w in c.weapons]
        + ([] if any(w.name.lower() == "fists" for w in c.weapons) else [dict(to_data(FISTS), state=None)]),
        "engaged_with": list(c.engaged_with),
        "acted": list(c.acted),
        "attributes": {
            "shooting": c.shooting, "brawling": c.brawling, "quickness": c.quickness, "smarts": c.smarts,
            "guts": c.guts, "strength": c.strength, "toughness": c.max_toughness, "health": c.max_health,
        },
    }


def game_json(game: Game, only: Character | None = None) -> dict[str, Any]:
    people = [only] if only is not None else game.characters
    return {
        "turn": game.turn,
        "squads": [{"name": s.name, "leader": s.leader, "members": list(s.members)} for s in game.squads],
        "characters": [character_json(c) for c in people],
        "todo": todo(game),
        "settings": to_data(game.settings),
        "step": game.step,
    }
