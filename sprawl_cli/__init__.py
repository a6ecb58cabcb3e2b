"""sprawl: a command-line referee assistant for tabletop skirmish wargames (five rule systems)."""

__version__ = "0.1.0"
