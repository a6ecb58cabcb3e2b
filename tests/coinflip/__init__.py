"""Coinflip: a toy system built from docs/ARCHITECTURE.md alone, to prove the guide.

Each character has 3 Health; `attack A B` flips a coin, and heads takes 1 Health from
B, which is down (out of the game) at 0. Sides take turns with `next`.
tests/test_toy_system.py registers it in-process (its dotted path in `systems.REGISTRY`);
tests/test_entry_points.py builds it into a package of its own, installs that with pip and
plays it as a system from outside is found: through the `sprawl.systems` entry points.
"""

API_VERSION = 1  # sprawl_cli.api.API_VERSION, the interface it is written for
COMMANDS: dict[str, tuple[str, str]] = {
    "attack": ("cli", "Flip a coin at an enemy: heads, it loses 1 Health."),
}
LOOKUPS: frozenset[str] = frozenset()  # nothing works without a game
