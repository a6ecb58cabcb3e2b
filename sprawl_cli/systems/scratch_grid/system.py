"""Scratch:Grid as the kernel sees it (`systems.base.System`): its save file, rosters, turn,
status view, reference and books; each method imports the rules it needs when it runs."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import NewGame, NewOption, Outcome, Roster, System
from sprawl_cli.systems.scratch_grid.doors import CHECKS, DOORS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import Dice, Table, Topic, TurnTrack, Where
    from sprawl_cli.systems.scratch_grid.model import Character, Game


HEALTH = {"healthy": 2, "injured": 1, "incapacitated": 0}


class ScratchGrid(System["Game", "Character"]):
    name = "scratch-grid"
    title = "Scratch:Grid"
    plays_on_map = True
    new_options = {"map": NewOption("FILE", "The map file the game is played on.", parse=Path)}
    package = "sprawl_cli.systems.scratch_grid"
    doors = DOORS
    checks = CHECKS
    name_params = frozenset({"name", "attacker", "target", "healer", "patient", "looker"})
    statuses = ("injured", "incapacitated", "immobilised", "evading", "escaped", "delayed")
    phases = ("turn",)

    # --- scenarios (the kernel's, a house feature): places are map spaces ----------
    def out_of_game(self, game: Game, character: Character) -> bool:
        """Incapacitated or escaped: a carrier drops what it carries."""
        return bool(character.gone or character.down)

    def leave_game(self, game: Game, character: Character) -> None:
        from sprawl_cli.systems.scratch_grid.movement import leave

        leave(character)

    def position(self, game: Game, character: Character) -> str | None:
        return character.at or character.left_from

    def space_problem(self, game: Game, space: str) -> str | None:
        from sprawl_cli.systems.scratch_grid.places import space_problem

        return space_problem(game, space)

    def on_spaces(self, game: Game, spaces: list[str], reach: int = 0) -> list[Any]:
        from sprawl_cli.systems.scratch_grid.places import on_spaces

        return list(on_spaces(game, spaces, reach))

    def contested(self, game: Game, character: Character) -> bool:
        from sprawl_cli.systems.scratch_grid.places import contested

        return contested(game, character)

    # --- the save file ------------------------------------------------------
    def game_type(self) -> type[Game]:
        from sprawl_cli.systems.scratch_grid.model import Game

        return Game

    def check_game(self, game: Game, where: Where) -> None:
        from sprawl_cli.systems.scratch_grid.roster import check_game

        check_game(game, where)

    # --- rosters and new games ------------------------------------------------
    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_cli.systems.scratch_grid.roster import read_roster

        return read_roster(data, where, source)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[Game, Outcome]:
        from sprawl_cli.systems.scratch_grid.setup import new_game

        game = new_game(rosters, how)
        return game, Outcome({}, [f"Map: {game.map_source} ({game.board.width}x{game.board.height} {game.grid})."])

    # --- the kernel's shared commands -------------------------------------------
    def status(self, game: Game, only: Character | None) -> dict[str, Any]:
        from sprawl_cli.systems.scratch_grid.status import game_json

        return game_json(game, only)

    def status_view(self, console: Console, game: Game, only: Character | None) -> None:
        from sprawl_cli.systems.scratch_grid.status import status_view

        status_view(console, game, only)

    def advance(self, game: Game, dice: Dice, table: Table) -> Outcome:
        from sprawl_cli.systems.scratch_grid.turn import advance
        from sprawl_cli.systems.scratch_grid.views import advance_lines

        step = advance(game)
        return Outcome(step.to_json(), advance_lines(step))

    def set_status(self, game: Game, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.systems.scratch_grid.referee import set_status
        from sprawl_cli.systems.scratch_grid.views import status_change_lines

        change = set_status(game, character, status, on)
        return Outcome(change.to_json(), status_change_lines(change))

    # --- lookups and books ----------------------------------------------------------
    def reference(self) -> Sequence[Topic]:
        from sprawl_cli.systems.scratch_grid.reference import TOPICS

        return TOPICS

    def journal_extras(self, game: Game) -> dict[str, Any]:
        people = game.characters
        return {
            "at": {c.name: c.at for c in people},
            "health": {c.name: HEALTH[c.health] for c in people},  # 2 healthy, 1 injured, 0 incapacitated
            "hits": {c.name: c.record.hits for c in people},
        }

    def standing(self, game: Game) -> dict[str, int]:
        """On the map and not incapacitated (`Character.standing`), as the game's end counts it."""
        sg = game
        return {s.name: sum(1 for c in sg.members(s) if c.standing) for s in sg.squads}

    def record(self, game: Game, character: Character) -> dict[str, int]:
        from sprawl_cli.api import to_data

        return dict(to_data(character.record))

    def report_figure(self, game: Game) -> str | None:
        from sprawl_cli.systems.scratch_grid.svg import map_svg

        drawing = map_svg(game, title="Scratch:Grid: the map at the end of the game")
        return drawing.replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)  # inline in HTML: no namespace link

    # --- the table's view (the live page, `play`'s status line) -----------------------
    def turn_track(self, game: Game) -> TurnTrack:
        from sprawl_cli.systems.scratch_grid.track import turn_track

        return turn_track(game)

    def glance(self, game: Game, character: Character) -> list[str]:
        from sprawl_cli.systems.scratch_grid.track import glance

        return glance(game, character)


SYSTEM = ScratchGrid()
