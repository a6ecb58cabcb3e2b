"""SPRAWL: d10 pools against a Difficulty (R1-R26), one module per chapter of its rules.

Only its commands are here (see `sprawl_cli.systems`); the system is `system.py`.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("cli", "Roll a pool of d10 and count successes (R1-R4)."),
    "odds": ("cli.odds", "Exact odds of a Test, or of a shot (`odds shoot A T`)."),
    "table": ("cli.table", "Look up a table: incapacitation, misfire, scatter, throw, aftermath."),
    "set": ("cli.referee", "Referee: put a status on or off a character (--weapon, --count)."),
    "damage": ("cli.referee", "Referee: take Health off a character (no Toughness roll)."),
    "roster": ("cli.roster", "Make, check and edit roster files."),
    "gear": ("cli.roster", "List the weapons a roster may name."),
    "move": ("cli.movement", "Move or run a character (R18)."),
    "charge": ("cli.movement", "Charge an enemy into close combat (R12, R18)."),
    "hide": ("cli.movement", "Try to hide a character (R19)."),
    "spot": ("cli.movement", "Try to spot a hidden enemy (R19)."),
    "overwatch": ("cli.movement", "Put a character on overwatch (R20)."),
    "jump": ("cli.movement", "Jump across a gap (R21)."),
    "fall": ("cli.movement", "A character falls some inches (R22)."),
    "safe": ("cli.movement", "A panicked character reached safety (R10)."),
    "edge": ("cli.movement", "A panicked character reached the table edge (R10)."),
    "shoot": ("cli.ranged", "Shoot, throw a grenade or fire a rocket (R13-R17)."),
    "los": ("cli.ranged", "Roll for line of sight when in doubt (R13)."),
    "brawl": ("cli.close", "Close combat between two engaged characters (R12)."),
    "break": ("cli.close", "Break away from close combat (R12)."),
    "recover": ("cli.close", "The Recovery Phase: pins, Down, panic, jams (R8, R10, R11, R14)."),
    "rout": ("cli.close", "Make a routing check for a side (R24)."),
}
LOOKUPS = frozenset({"roll", "odds", "table", "roster", "gear"})  # these work without a game
GROUPS = frozenset({"roster"})
# Any command that puts a character Out of Action may ask who was near (R9), so every command
# of a SPRAWL game takes the answer (SPEC: harmless where a command has no use for it).
TABLE_OPTIONS = {"nearby": ("NAMES|none", "Friends within 3\" of anyone put Out of Action (R9).")}
