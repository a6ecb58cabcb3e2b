"""Coinflip as the kernel sees it: the hooks of `systems.base.System` it needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from sprawl_cli.api import (
    ACTION, Check, Dice, Door, Game as KernelGame, NewGame, Outcome, Piece, Roster, Squad, System, Table, TurnTrack,
    Where, check_unique_names, roster_header, sides_track,
)
from tests.coinflip.model import STATUSES, Character, Game


class Coinflip(System):
    name = "coinflip"
    title = "Coinflip"
    package = "tests.coinflip"
    statuses = STATUSES
    phases = ("fight",)
    # The turn referee: an attack is its side's, by a character still standing.
    checks = {
        "standing": Check("it is out", lambda game, who, door: f"{who.name} is out" if who.gone else None,
                          forceable=False),
        "turn": Check("the other side's turn", lambda game, who, door: None if game.is_turn_of(who) else
                      f"it is {game.current_squad.name}'s turn"),
    }
    doors = {"attack": Door(ACTION, "its flip", ("standing", "turn"))}

    def game_type(self) -> type[KernelGame[Any]]:
        return Game

    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        squad, people = roster_header(data, where, self.name, self.title, ("system", "squad", "characters"))
        characters = []
        for i, person in enumerate(people):
            if not isinstance(person, dict) or not isinstance(person.get("name"), str):
                where.fail(("characters", i), "should be a map with a name")
            characters.append(Character(person["name"], squad))
        check_unique_names([c.name for c in characters], where)
        return Roster(Squad(squad, "", [c.name for c in characters], str(source)), characters)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[KernelGame[Any], Outcome]:
        game = Game(squads=[r.squad for r in rosters], characters=[c for r in rosters for c in r.characters],
                    rounds=how.rounds)
        return game, Outcome({}, [f"{game.current_squad.name} flips first."])

    def status(self, game: KernelGame[Any], only: Piece | None) -> dict[str, Any]:
        people = [only] if only is not None else game.characters
        return {"characters": [{"name": c.name, "squad": c.squad, "statuses": c.shown_statuses, "health": c.health}
                               for c in people]}

    def status_view(self, console: Console, game: KernelGame[Any], only: Piece | None) -> None:
        console.print(f"Coinflip, round {game.round}: {game.current_squad.name} to flip")
        for c in [only] if only is not None else game.characters:
            console.print(f"  {c.name} ({c.squad}): {c.health} Health {' '.join(c.shown_statuses)}")

    def advance(self, game: KernelGame[Any], dice: Dice, table: Table) -> Outcome:
        from tests.coinflip.rules import next_turn

        data = next_turn(game)  # type: ignore[arg-type]
        return Outcome(data, [f"Round {data['round']}: {data['side']} to flip."])

    def set_status(self, game: KernelGame[Any], character: Piece, status: str, on: bool, table: Table) -> Outcome:
        (character.add if on else character.drop)(status)  # type: ignore[attr-defined]
        return Outcome({"name": character.name, "status": status, "on": on},
                       [f"{character.name}: {status} {'on' if on else 'off'}."])

    def turn_track(self, game: KernelGame[Any]) -> TurnTrack:
        """The sides flip in turn: the side to flip now, the other next."""
        return sides_track(game, f"Round {game.round}", mark=lambda _s: "to flip")

    def glance(self, game: KernelGame[Any], character: Piece) -> list[str]:
        return [f"{character.health} Health"]  # type: ignore[attr-defined]


SYSTEM = Coinflip()
