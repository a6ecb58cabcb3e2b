"""Coinflip's rules, handed their dice: one attack, and the end of a turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import Dice, Table, end_game, refuse
from tests.coinflip.model import Character, Game


@dataclass(frozen=True)
class Attack:
    attacker: str
    target: str
    coin: int  # 1 heads, 2 tails
    health: int
    down: bool
    forced: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "coin": "heads" if self.coin == 1 else "tails",
                "health": self.health, "down": self.down, "forced": list(self.forced)}


def attack(game: Game, attacker: Character, target: Character, dice: Dice, table: Table) -> Attack:
    """Raises: RuleRefusal: out of turn, a second attack, a friend, a target already down."""
    if attacker.squad != game.current_squad.name:
        refuse(table, f"it is {game.current_squad.name}'s turn, not {attacker.squad}'s")
    if attacker.attacked:
        refuse(table, f"{attacker.name} has attacked this turn")
    if target.squad == attacker.squad or target.gone or attacker.gone:
        refuse(table, f"{attacker.name} cannot attack {target.name}")
    attacker.attacked = True
    coin = int(dice.roll(1, f"{attacker.name}: coin", sides=2)[0])
    if coin == 1:
        target.health -= 1
        if target.health <= 0:
            target.add("down")
    standing = {c.squad for c in game.characters if not c.gone}
    if len(standing) == 1:
        winner = standing.pop()
        end_game(game, winner, f"{winner} is the last side standing")
    return Attack(attacker.name, target.name, coin, target.health, target.gone, tuple(table.overruled))


def next_turn(game: Game) -> dict[str, Any]:
    game.side = (game.side + 1) % len(game.squads)
    game.turn += 1
    if game.side == 0:
        game.round += 1
    for c in game.characters:
        c.attacked = False
    return {"round": game.round, "side": game.current_squad.name}
