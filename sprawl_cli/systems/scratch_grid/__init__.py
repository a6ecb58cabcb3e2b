"""Scratch:Grid: the Scratch rules on a square or hex map (S1-S6).

The tool knows where every character stands: it finds paths, checks lines of
sight and blast areas, and offers interrupting attacks; the referee calls each
hit or miss (S5, house).

Only its commands are here (see `sprawl_cli.systems`); the system is `system.py`.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "map": ("cli", "Draw the map; --reach NAME shades where NAME can move (S1, S2)."),
    "move": ("cli", "Move a character to a space by the cheapest legal path (S2, S4)."),
    "los": ("cli", "Line of sight from a character to a character or a space (S3)."),
    "attack": ("cli", "Attack: --kind close|hold|knockout|ranged|blast, --result hit|miss (S3, S5)."),
    "evade": ("cli", "Evade until the character's next turn (an action; S4)."),
    "escape": ("cli", "Leave the map by an exit or the edge (S5)."),
    "heal": ("cli", "Heal or revive the ally next to the healer (S5)."),
}
LOOKUPS: frozenset[str] = frozenset()  # no command works without a game
