"""Gunplay: fast generic skirmish rules on a d12 difficulty ladder (rulings G1-G8).

Only its commands are here (see `sprawl_cli.systems`); the system is `system.py`.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "move": ("cli", "Move a character cautiously (3\") or quickly (6\", --quick): one action"),
    "aim": ("cli", "Aim at a target: +1 shift if the next action fires at it"),
    "fire": ("cli", "Fire at a target: cover column, range, aim and move shifts, RoF d12s"),
    "strike": ("cli", "Strike in melee: both roll a d12, the lower strikes first"),
    "charge": ("cli", "Quick move into contact and strike, +1 shift"),
    "recover": ("cli", "A down character's recovery test (its first action)"),
    "interact": ("cli", "Use an action on an object in contact"),
    "pass": ("cli", "Spend one action doing nothing"),
    "done": ("cli", "End a character's activation now"),
    "set": ("cli", "Referee: a status on or off (down, prone, removed), or `set NAME wounds N`"),
    "roll": ("cli", "Roll one test on the difficulty ladder"),
    "odds": ("cli", "Exact chance of a test on the difficulty ladder"),
}
LOOKUPS = frozenset({"roll", "odds"})
