"""Duel as sprawl sees it: the hooks of `sprawl_cli.api.System`, each a few lines handing over to
the modules beside this one. The entry point `duel = "sprawl_duel.system:SYSTEM"` names it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import (ACTION, Check, Door, Game, NewGame, Outcome, Piece, Roster, Squad, System, Table,
                            Topic, TurnTrack, Where, check_unique_names, roster_header, sides_track)

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.api import Dice
    from sprawl_duel.model import Character, Game as DuelGame

MOST_GRIT = 10  # a roster's Grit is 1 to this


def standing(game: Game[Any], who: Piece, door: str) -> str | None:
    return f"{who.name} is down" if who.gone else None


def turn(game: Game[Any], who: Piece, door: str) -> str | None:
    return None if game.is_turn_of(who) else f"it is {game.current_squad.name}'s activation, not {who.squad}'s"


def fresh(game: Game[Any], who: Piece, door: str) -> str | None:
    return f"{who.name} has acted this round" if getattr(who, "activated", False) else None


class Duel(System["DuelGame", "Character"]):  # every hook is handed Duel's own game and characters
    name = "duel"
    title = "Duel"
    package = "sprawl_duel"
    statuses = ("down",)
    round_word = "round"
    face_hint = "faces of a d6 (1 to 6)"
    # The gate: what `shoot` is to the turn, and what it must pass before the rule runs.
    checks = {
        "standing": Check("it is down", standing, forceable=False),
        "turn": Check("the other side's activation", turn),
        "fresh": Check("it has acted this round", fresh),
    }
    doors = {"shoot": Door(ACTION, "its activation", ("standing", "turn", "fresh"))}

    def game_type(self) -> type[DuelGame]:
        from sprawl_duel.model import Game as DuelGame

        return DuelGame

    def check_game(self, game: DuelGame, where: Where) -> None:
        for i, c in enumerate(game.characters):
            if not 0 <= c.grit <= c.max_grit <= MOST_GRIT:
                where.fail(("characters", i, "grit"), f"Grit is 0 to max_grit, and max_grit 1 to {MOST_GRIT}")

    def read_roster(self, data: dict[str, Any], where: Where, source: Path) -> Roster:
        from sprawl_duel.model import GRIT, Character

        squad, people = roster_header(data, where, self.name, self.title, ("system", "squad", "characters"))
        characters = []
        for i, person in enumerate(people):
            if not isinstance(person, dict) or not isinstance(person.get("name"), str):
                where.fail(("characters", i), "a character is a map with a name (and its grit)")
            grit = person.get("grit", GRIT)
            if not isinstance(grit, int) or isinstance(grit, bool) or not 1 <= grit <= MOST_GRIT:
                where.fail(("characters", i, "grit"), f"Grit is a whole number from 1 to {MOST_GRIT}")
            characters.append(Character(person["name"].strip(), squad, grit=grit, max_grit=grit))
        check_unique_names([c.name for c in characters], where)
        return Roster(Squad(squad, "", [c.name for c in characters], str(source)), characters)

    def new_game(self, rosters: list[Roster], how: NewGame, dice: Dice, table: Table) -> tuple[DuelGame, Outcome]:
        from sprawl_duel.model import Game as DuelGame

        game = DuelGame(squads=[r.squad for r in rosters], characters=[c for r in rosters for c in r.characters],
                        rounds=how.rounds)
        return game, Outcome({"side": game.current_squad.name}, [f"{game.current_squad.name} activates first."])

    def status(self, game: DuelGame, only: Character | None) -> dict[str, Any]:
        people = [only] if only is not None else game.characters
        return {"characters": [{"name": c.name, "squad": c.squad, "statuses": c.shown_statuses, "grit": c.grit,
                                "max_grit": c.max_grit, "activated": c.activated} for c in people]}

    def status_view(self, console: Console, game: DuelGame, only: Character | None) -> None:
        from sprawl_duel.views import status_table

        status_table(console, game, only)

    def advance(self, game: DuelGame, dice: Dice, table: Table) -> Outcome:
        from sprawl_duel.rules import next_activation

        data = next_activation(game)
        return Outcome(data, [f"Round {data['round']}: {data['side']} to activate."])

    def set_status(self, game: DuelGame, character: Character, status: str, on: bool, table: Table) -> Outcome:
        from sprawl_cli.api import BadInput

        if status not in self.statuses:
            raise BadInput(f"Duel's only status is {', '.join(self.statuses)}")
        (character.add if on else character.drop)(status)
        return Outcome({"name": character.name, "status": status, "on": on},
                       [f"{character.name}: {status} {'on' if on else 'off'}."])

    def turn_track(self, game: DuelGame) -> TurnTrack:
        return sides_track(game, f"Round {game.round}", mark=lambda _side: "to activate")

    def glance(self, game: DuelGame, character: Character) -> list[str]:
        acted = ["has acted"] if character.activated else []
        return [f"Grit {character.grit}/{character.max_grit}", *acted]

    def reference(self) -> list[Topic]:
        return [Topic("shoot", "Shooting", "A character with an activation left shoots at an enemy: roll 2d6 "
                      "(add 1 with `--aim`); 7 or more takes one Grit, and with none left the target is down."),
                Topic("activations", "Alternate activations", "The sides take turns: one character acts, then "
                      "the other side's. `next` lets the side's activation pass. When everyone standing has "
                      "acted a new round begins; the last side standing wins.")]


SYSTEM = Duel()
