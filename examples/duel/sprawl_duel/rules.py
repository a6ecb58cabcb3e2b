"""Duel's rules: pure functions handed the game and their dice, returning what happened as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput, Dice, end_game
from sprawl_duel.model import Character, Game

TARGET = 7  # 2d6 at or over this hits
AIM = 1  # `--aim` adds this to the roll


@dataclass(frozen=True)
class Shot:
    shooter: str
    target: str
    faces: tuple[int, ...]
    aim: bool
    total: int
    hit: bool
    grit: int  # the target's Grit after the shot
    down: bool
    side: str  # the side to activate next
    forced: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"shooter": self.shooter, "target": self.target, "faces": list(self.faces), "aim": self.aim,
                "total": self.total, "hit": self.hit, "grit": self.grit, "down": self.down, "side": self.side,
                "forced": list(self.forced)}


def shoot(game: Game, shooter: Character, target: Character, dice: Dice, aim: bool) -> Shot:
    """`shooter` takes its activation and shoots at `target` (the gate has checked whose turn it is).

    Raises:
        BadInput: a friend, or a target already down.
    """
    if target.squad == shooter.squad:
        raise BadInput(f"{target.name} is on {shooter.name}'s side; shoot at an enemy")
    if target.gone:
        raise BadInput(f"{target.name} is down already; shoot at someone standing")
    faces = tuple(int(f) for f in dice.roll(2, f"{shooter.name} shoots at {target.name}", sides=6))
    total = sum(faces) + (AIM if aim else 0)
    hit = total >= TARGET
    if hit:
        target.grit -= 1
        if target.grit <= 0:
            target.add("down")
    shooter.activated = True
    pass_on(game)
    return Shot(shooter.name, target.name, faces, aim, total, hit, target.grit, target.gone,
                game.current_squad.name)


def fresh(game: Game, side: int) -> list[Character]:
    """The characters of side `side` still standing that have not acted this round."""
    return [c for c in game.members(game.squads[side]) if not c.gone and not c.activated]


def pass_on(game: Game) -> None:
    """After an activation: the game ends when one side alone stands; else the next side with
    someone still to act goes, and when nobody is left to act a new round begins."""
    standing = [s.name for s in game.squads if any(not c.gone for c in game.members(s))]
    if len(standing) == 1:
        end_game(game, standing[0], f"{standing[0]} is the last side standing")
        return
    game.turn += 1
    count = len(game.squads)
    for step in range(1, count + 1):
        if fresh(game, (game.side + step) % count):
            game.side = (game.side + step) % count
            return
    new_round(game)


def new_round(game: Game) -> None:
    """Everyone stands ready again; the first side with someone standing starts."""
    if game.rounds is not None and game.round >= game.rounds:
        end_game(game, None, f"the {game.rounds} rounds are played")
        return
    game.round += 1
    for c in game.characters:
        c.activated = False
    game.side = next(i for i in range(len(game.squads)) if fresh(game, i))


def next_activation(game: Game) -> dict[str, Any]:
    """`next`: the side to act lets its activation pass (nobody of it acts this time)."""
    for c in fresh(game, game.side)[:1]:
        c.activated = True
    pass_on(game)
    return {"round": game.round, "side": game.current_squad.name}
