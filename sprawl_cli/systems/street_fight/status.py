"""`status --json` for a Street-Fight game."""

from __future__ import annotations

from typing import Any

from sprawl_cli.systems.street_fight.model import Character, Game
from sprawl_cli.systems.street_fight.turn import todo


def character_json(c: Character) -> dict[str, Any]:
    return {"name": c.name, "squad": c.squad, "weapon": c.weapon, "weapon_roll": c.weapon_roll,
            "statuses": c.shown_statuses, "moved_inches": c.moved_inches, "aim_turns": c.aim_turns,
            "overwatch_large": c.overwatch_large if c.has("overwatch") else None,
            "in_combat_with": list(c.engaged_with), "lost_last_round": c.lost_latest_round and not c.gone,
            "lost_round_penalty": c.lost_last_round and not c.gone,
            "in_cover": c.in_cover and not c.gone, "cover_given_away": c.fired_since_move and not c.gone}


def game_json(game: Game, only: Character | None = None) -> dict[str, Any]:
    squads = []
    for s in game.squads:
        m = game.morale_of(s.name)
        squads.append({"name": s.name, "figures": len(s.members), "standing": len(game.standing(s)),
                       "morale_tests_due": m.tests_due, "last_casualty_cause": m.last_cause or None})
    people = [only] if only is not None else game.characters
    return {
        "turn": game.round, "order": [game.squads[i].name for i in game.order], "initiative_rolls": game.initiative,
        "settings": {"initiative": game.settings.initiative, "morale": game.settings.morale,
                     "dice": game.settings.dice},
        "squads": squads, "characters": [character_json(c) for c in people], "todo": todo(game),
    }
