"""The referee's corrections: `set NAME STATUS on|off` and `wounds NAME N`."""

from __future__ import annotations

from sprawl_cli.api import BadInput, Outcome, name
from sprawl_cli.systems.savage_worlds.cards import check_end
from sprawl_cli.systems.savage_worlds.model import STATUSES, WILD_CARD_WOUNDS, Character, Game


def set_status(game: Game, c: Character, status: str, on: bool) -> Outcome:
    """Put one of STATUSES on or off.

    Raises:
        BadInput: not a status of this system.
    """
    key = status.strip().lower().replace("-", "_")
    if key not in STATUSES:
        raise BadInput(f"'{status}' is not a Savage Worlds status; use one of {', '.join(STATUSES)}")
    if on:
        c.add(key)
    else:
        c.drop(key)
    check_end(game)
    return Outcome({"name": c.name, "status": key, "on": on, "statuses": c.shown_statuses},
                   [f"{name(c.name)}: {key} {'on' if on else 'off'}"])


def set_wounds(game: Game, c: Character, wounds: int) -> Outcome:
    """Set the wounds by hand (the `damage: hand` setting leaves them to the referee).

    Raises:
        BadInput: outside 0-3 for a Wild Card, 0-1 for an Extra.
    """
    top = WILD_CARD_WOUNDS if c.wild_card else 1
    if not 0 <= wounds <= top:
        raise BadInput(f"{c.name} can carry 0 to {top} wounds; set incapacitated with `set {c.name} "
                       "incapacitated on`")
    c.wounds = c.wounds_taken = wounds  # the referee's count is the report's count from here on
    return Outcome({"name": c.name, "wounds": wounds, "statuses": c.shown_statuses},
                   [f"{name(c.name)} now carries {wounds} wound(s)"])
