"""Duel: every character has Grit (3); a shot is 2d6, and 7 or more takes one Grit; a character
with no Grit left is down. The sides take turns activating one character each (alternate
activations); when everyone standing has acted, a new round begins.

This `__init__` is what sprawl reads to route a command line: plain data, nothing imported.
"""

API_VERSION = 1  # the version of sprawl's system interface (sprawl_cli.api) Duel is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "shoot": ("cli", "A character takes its activation: 2d6 at an enemy, 7 or more takes one Grit."),
}
LOOKUPS: frozenset[str] = frozenset()  # every command needs a game
