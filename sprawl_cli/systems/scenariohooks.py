"""The hooks of `System` that a scenario (a house feature of the kernel, `sprawl_cli/scenario/`)
asks: what "out of the game" and leaving it mean, and for a game on a map where its figures
stand. The defaults suit a game with no map; `System` inherits them.
"""

from __future__ import annotations

from typing import Generic

from sprawl_cli.systems.bookhooks import GameT, PieceT


class ScenarioHooks(Generic[GameT, PieceT]):
    """What a system tells a scenario; see `System` for the rest."""

    title: str  # System's
    plays_on_map: bool

    def out_of_game(self, game: GameT, character: PieceT) -> bool:
        """Out of the game for a scenario: a carrier drops what it carries, a figure to take out
        counts as taken out, one to protect did not come through. Default: `gone`."""
        return character.gone

    def leave_game(self, game: GameT, character: PieceT) -> None:
        """A figure leaves the game at a scenario's exit (it scored, and plays no further part).

        Raises:
            BadInput: this system cannot take a figure off the table.
        """
        from sprawl_cli.errors import BadInput

        raise BadInput(f"{self.title} has no way for a figure to leave the game; take it off with `set`")

    def position(self, game: GameT, character: PieceT) -> str | None:
        """Where a figure stands, in the system's words (a map space), or None where the table
        alone knows (an item it drops lies "where it fell")."""
        return None

    def space_problem(self, game: GameT, space: str) -> str | None:
        """Why `space` is not a space of the game's map a scenario's place may cover (None: it is)."""
        return None if self.plays_on_map else f"{self.title} is played without a map"

    def on_spaces(self, game: GameT, spaces: list[str], reach: int = 0) -> list[PieceT]:
        """The figures on the game's map standing on `spaces` (or within `reach` of one);
        only for a system played on a map."""
        return []

    def contested(self, game: GameT, character: PieceT) -> bool:
        """Whether a figure is in an enemy's zone of control, so it cannot hold a place alone."""
        return False
