"""Street-Fight: d100 shooting against a percentage, d10 kills, close combat and morale (F1-F10).

Only its commands are here (see `sprawl_cli.systems`); the system is `system.py`.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "move": ("cli", "Move a figure up to 5\", or dash up to 9\" (F2)."),
    "aim": ("cli", "Spend this turn aiming: +10% a turn to the next shot, 3 turns at most (F3)."),
    "overwatch": ("cli", "Hold still and cover a point of aim for the enemy's turn (F7)."),
    "shoot": ("cli", "Fire a weapon: the hit chance, the d100, the kill roll, bursts (F3-F8)."),
    "fight": ("cli", "A round of close combat between two figures (F9)."),
    "morale": ("cli", "Test a squad's morale by hand (F10)."),
    "roll": ("cli", "Roll on the weapons table (`roll weapon`), or a d10/d100."),
    "odds": ("cli", "Exact odds of a shot or burst (`odds shoot`), a fight or a morale test."),
    "table": ("cli", "The weapons table (F5)."),
}
LOOKUPS = frozenset({"roll", "odds", "table"})
