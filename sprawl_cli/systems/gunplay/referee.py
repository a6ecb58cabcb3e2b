"""The referee's corrections as rules: `set NAME STATUS on|off` and `set NAME wounds N`."""

from __future__ import annotations

from sprawl_cli.api import BadInput, Outcome, Table
from sprawl_cli.systems.gunplay.model import MAX_WOUNDS, STATUSES, Character, Game
from sprawl_cli.systems.gunplay.toughness import put_down, remove_if_hopeless
from sprawl_cli.systems.gunplay.turn import check_game_end, settle_side


def set_status(game: Game, c: Character, status_name: str, on: bool, table: Table) -> Outcome:
    """Raises:
    BadInput: not a Gunplay status."""
    key = status_name.strip().lower()
    if key not in STATUSES:
        raise BadInput(f"'{status_name}' is not a gunplay status; use one of {', '.join(STATUSES)}")
    if on and key == "down":
        put_down(game, c)
        remove_if_hopeless(game, c)
    elif on:
        c.add(key)
        if key == "prone":
            c.drop("down")
    else:
        c.drop(key)
    if key == "removed" and on:
        c.aiming_at = None  # as every other way out of the game: `removed off` brings back no aim (G10)
        if game.active == c.name:
            game.active = None
    check_game_end(game)
    settle_side(game)
    word = "on" if on else "off"
    return Outcome({"name": c.name, "status": key, "on": on, "statuses": c.shown_statuses},
                   [f"[name]{c.name}[/]: {key} {word} (now: {', '.join(c.shown_statuses) or 'nothing'})."])


def set_wounds(game: Game, c: Character, wounds: int, table: Table) -> Outcome:
    """The referee's correction `set NAME wounds N`: the wound count as it should be. A down
    character left with wounds it could never recover from is removed (G7).

    Raises:
        BadInput: outside 0 to MAX_WOUNDS.
    """
    from sprawl_cli.api import name

    if not 0 <= wounds <= MAX_WOUNDS:
        raise BadInput(f"{c.name} cannot carry {wounds} wounds; give 0 to {MAX_WOUNDS} (a down character with "
                       f"{MAX_WOUNDS - 1} is out of the game, G7)")
    was = c.wounds
    c.wounds = wounds
    removed = not c.gone and remove_if_hopeless(game, c)
    check_game_end(game)
    settle_side(game)
    lines = [f"{name(c.name)} now carries {wounds} wound{'s' if wounds != 1 else ''} (was {was})."]
    if removed:
        lines.append(f"  [bad]Down with {wounds} wounds, it could never recover: removed from the game (G7).[/]")
    elif c.gone and wounds < was:
        lines.append(f"  It is still removed from the game: `set {c.name} removed off` brings it back.")
    return Outcome({"name": c.name, "wounds": wounds, "was": was, "removed": removed, "statuses": c.shown_statuses,
                    "over": game.over, "winner": game.winner, "draw": game.draw}, lines)
