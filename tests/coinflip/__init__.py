"""Coinflip: a toy system built from docs/ARCHITECTURE.md alone, to prove the guide.

Each character has 3 Health; `attack A B` flips a coin, and heads takes 1 Health from
B, which is down (out of the game) at 0. Sides take turns with `next`. Registered by
its test with a dotted package path in `systems.REGISTRY`, as a system from outside
the package would be.
"""

COMMANDS: dict[str, tuple[str, str]] = {
    "attack": ("cli", "Flip a coin at an enemy: heads, it loses 1 Health."),
}
LOOKUPS: frozenset[str] = frozenset()  # nothing works without a game
