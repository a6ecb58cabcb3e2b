"""sprawl: a command-line referee assistant for the SPRAWL skirmish wargame."""

__version__ = "0.1.0"
