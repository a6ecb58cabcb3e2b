"""The turn (G2) and activations (G3): initiative, whose character acts, two actions each.

A character's first action starts its activation; its second ends it (or
`done` does). Nobody else acts in between. Sides alternate from the side that
won the initiative; a side with nobody left to activate is skipped. `next` (`advance`) ends
the turn; `concede` lets the others play on among three sides or more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import BadInput, Dice, Outcome, Table, refuse
from sprawl_cli.systems.gunplay.model import ACTIONS_PER_ACTIVATION, Character, Game

if TYPE_CHECKING:
    from sprawl_cli.api import Ending, Squad


@dataclass(frozen=True)
class Initiative:
    """A turn's initiative: every roll-off (ties re-rolled) and the order it gives."""

    turn: int
    rolls: list[dict[str, int]]  # one dict per roll-off: squad name -> d12
    winner: str
    direction: str  # "clockwise" | "counter-clockwise" (only matters with 3+ sides)
    order: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "initiative": [dict(r) for r in self.rolls], "first": self.winner,
                "direction": self.direction, "order": list(self.order), "side": self.winner}


def roll_initiative(game: Game, dice: Dice) -> Initiative:
    """G2: a d12 per side in roster order; the sides tied for highest roll again (in roster order).
    A side with nobody left in the game (wiped out, or conceded among three or more) rolls no die.

    With more than two sides an even winning roll runs on clockwise (roster order), odd
    counter-clockwise. Sets `game.order` and `game.side`.
    """
    sides = game.sides
    contenders = [i for i in range(sides) if any(not c.gone for c in game.members(game.squads[i]))]
    rolls: list[dict[str, int]] = []
    while True:
        faces = {i: dice.roll(1, f"{game.squads[i].name}: Initiative", game.die_sides())[0] for i in contenders}
        rolls.append({game.squads[i].name: f for i, f in faces.items()})
        best = max(faces.values())
        contenders = [i for i, f in faces.items() if f == best]
        if len(contenders) == 1:
            break
    winner = contenders[0]
    clockwise = best % 2 == 0
    step = 1 if clockwise else -1
    game.order = [(winner + step * k) % sides for k in range(sides)]
    game.initiative = [dict(r) for r in rolls]
    game.side = winner
    game.active = None
    settle_side(game)
    return Initiative(game.round, rolls, game.squads[winner].name,
                      "clockwise" if clockwise else "counter-clockwise", [game.squads[i].name for i in game.order])


def can_activate(c: Character) -> bool:
    return not c.gone and not c.activated


def side_has_work(game: Game, index: int) -> bool:
    return any(can_activate(c) for c in game.members(game.squads[index]))


def turn_finished(game: Game) -> bool:
    return not any(can_activate(c) for c in game.characters)


def settle_side(game: Game) -> None:
    """Keep `game.side` on a side that can still activate someone (G2's skip)."""
    if game.active is not None or side_has_work(game, game.side) or turn_finished(game):
        return
    next_side(game)


def next_side(game: Game) -> None:
    """G2: the next side in the turn's order with anyone left to activate."""
    order = game.order or list(range(game.sides))
    at = order.index(game.side) if game.side in order else 0
    for k in range(1, len(order) + 1):
        candidate = order[(at + k) % len(order)]
        if side_has_work(game, candidate):
            game.side = candidate
            return


def begin_action(game: Game, c: Character, table: Table, what: str) -> None:
    """Check `c` may take an action now and start its activation if this is its first.

    Raises:
        BadInput: `c` has been removed from the game.
        RuleRefusal: someone else is mid-activation, it is not its side's go, it has
            activated already, or it is down and `what` is not a recovery (G7).
    """
    if c.gone:
        raise BadInput(f"{c.name} has been removed from the game and cannot act")
    if game.active is not None and game.active != c.name:
        refuse(table, f"{game.active} is in the middle of an activation; finish it (or `done {game.active}`) "
                      f"before {c.name} acts")
        end_activation(game, game.character(game.active))
    if game.active != c.name:
        if c.activated:
            refuse(table, f"{c.name} has already activated this turn")
            c.activated = False
            c.actions_left = max(c.actions_left, 1)
        current = game.current_squad.name
        if c.squad != current:
            refuse(table, f"{current} activate a character now, not {c.squad} (G2: the sides alternate)")
            game.side = game.squad_index(c)
        game.active = c.name
    if c.down and what != "recover":
        refuse(table, f"{c.name} is down: its first action must be `recover {c.name}` (G7)")


def spend_action(game: Game, c: Character) -> bool:
    """One action used; the activation ends by itself after the second. Returns whether it ended."""
    c.actions_left = max(0, c.actions_left - 1)
    if c.actions_left == 0:
        end_activation(game, c)
        return True
    return False


def end_activation(game: Game, c: Character) -> None:
    """The activation is over; an aim not yet fired lapses with it (G10, house)."""
    c.activated = True
    c.actions_left = 0
    c.aiming_at = None
    if game.active == c.name:
        game.active = None
    if not turn_finished(game):
        next_side(game)


def check_game_end(game: Game) -> None:
    """A side whose characters have all been removed has lost; the last side standing wins.
    Sides that lose their last characters in the same exchange (G8: equal rolls strike
    together) and leave nobody standing draw: nobody wins."""
    from sprawl_cli.api import end_game

    if game.over:
        return
    left = [s for s in game.squads if any(not c.gone for c in game.members(s))]
    if len(left) > 1:
        return
    lost = [s.name for s in game.squads if s not in left]
    names = ", ".join(lost[:-1]) + f" and {lost[-1]}" if len(lost) > 1 else lost[0]
    if left:
        end_game(game, left[0].name, f"{names} {'have' if len(lost) > 1 else 'has'} nobody left in the game")
    else:
        end_game(game, None, f"{names} lost their last characters in the same exchange: a draw", draw=True)


@dataclass(frozen=True)
class Action:
    """A plain action (move, aim, interact, pass) or `done`: what it did to the activation."""

    name: str
    action: str
    actions_left: int
    activation_over: bool
    detail: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "action": self.action, "actions_left": self.actions_left,
                "activation_over": self.activation_over, **self.detail}


def simple_action(game: Game, c: Character, table: Table, action: str, detail: dict[str, Any] | None = None,
                  aiming_at: str | None = None) -> Action:
    """An action that needs no dice: spend it and record what it was. `interact` works an object
    the character is in contact with (G3), which only the table knows, so it is asked.

    Raises:
        RuleRefusal: not its go (see `begin_action`); for `interact`, not in contact (forced: it goes ahead).
        NeedsAnswer: `interact`, and neither --yes nor a terminal says it is in contact.
    """
    begin_action(game, c, table, action)
    if action == "interact" and not table.confirm(f"Is {c.name} in contact with the object it works (G3)?"):
        refuse(table, f"{c.name} is not in contact with anything to work: interact needs contact (G3); move to it first")
    c.aiming_at = aiming_at
    over = spend_action(game, c)
    return Action(c.name, action, c.actions_left, over, detail or {})


def aim(game: Game, c: Character, target: Character, table: Table) -> Action:
    """G3/G4: aim at `target`; a fire at it as the very next action gets +1 shift. Taken as the
    activation's last action, the aim lapses with it and counts for no later fire (G10, house).

    Raises:
        BadInput: itself or a removed character as target.
        RuleRefusal: a friend as target; not its go (see `begin_action`).
    """
    if target is c:
        raise BadInput(f"{c.name} cannot aim at itself; name an enemy to aim at")
    if target.squad == c.squad:
        refuse(table, f"{target.name} is on {c.name}'s own side")
    if target.gone:
        raise BadInput(f"{target.name} has been removed from the game")
    out = simple_action(game, c, table, "aim", {"target": target.name}, aiming_at=target.name)
    # G10 (house): an aim taken as the activation's last action lapses with it (end_activation)
    return Action(out.name, out.action, out.actions_left, out.activation_over,
                  {"target": target.name, "lapsed": out.activation_over})


def done(game: Game, c: Character, table: Table) -> Action:
    """End `c`'s activation now, whatever actions it has left (it may not have begun)."""
    begin_action(game, c, table, "recover")  # done is allowed to a down character
    end_activation(game, c)
    return Action(c.name, "done", 0, True, {})


@dataclass(frozen=True)
class TurnEnd:
    """`next`: the turn that ended and the initiative of the new one."""

    ended: int
    waiting: list[str]  # characters that never activated (only when forced)
    initiative: Initiative | None
    over: bool
    winner: str | None
    reason: str | None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ended_turn": self.ended, "round": self.ended + (0 if self.over else 1),
                                "not_activated": list(self.waiting),
                                "over": self.over, "winner": self.winner, "reason": self.reason}
        if self.initiative is not None:
            data.update(self.initiative.to_json())
        return data


def end_turn(game: Game, dice: Dice, table: Table) -> TurnEnd:
    """`next`: every character has activated (G2); reset them and roll the next turn's initiative.

    Raises:
        RuleRefusal: someone has not activated yet (the referee may force it).
    """
    waiting = [c.name for c in game.characters if can_activate(c)]
    if waiting:
        refuse(table, f"not everyone has activated this turn: {', '.join(waiting)} still to go")
    ended = game.round
    if game.rounds is not None and ended >= game.rounds:
        game.over = True
        game.winner = None
        game.reason = f"the {game.rounds}-turn limit was reached"
        game.active = None
        return TurnEnd(ended, waiting, None, True, None, game.reason)
    game.round += 1
    game.turn += 1
    for c in game.characters:
        c.activated = False
        c.actions_left = ACTIONS_PER_ACTIVATION
    initiative = roll_initiative(game, dice)
    return TurnEnd(ended, waiting, initiative, game.over, game.winner, game.reason)


def advance(game: Game, dice: Dice, table: Table) -> Outcome:
    from sprawl_cli.systems.gunplay.views import turn_end_lines

    out = end_turn(game, dice, table)
    return Outcome(dict(out.to_json(), forced=list(table.overruled)), turn_end_lines(out))


def concede(game: Game, squad: Squad) -> Ending:
    """`concede SIDE`. With three or more sides still in the game, only that side leaves it
    (its characters are removed) and the others play on, as when a side is wiped out; with
    two, the game ends and the other side wins.

    Raises:
        BadInput: the side has nobody left in the game.
    """
    from sprawl_cli.api import Ending, end_game, settle

    in_play = [s for s in game.squads if any(not c.gone for c in game.members(s))]
    if squad not in in_play:
        raise BadInput(f"{squad.name} has nobody left in the game; there is nothing to concede")
    others = [s.name for s in in_play if s is not squad]
    if len(others) == 1:
        end_game(game, others[0], f"{squad.name} conceded")
        return settle(game, Ending("concede", squad.name))
    leaving = [c for c in game.members(squad) if not c.gone]
    for c in leaving:
        c.add("removed")
        c.aiming_at = None
        if game.active == c.name:
            game.active = None
    settle_side(game)
    return settle(game, Ending("concede", squad.name, detail={"play_on": others,
                                                              "removed": [c.name for c in leaving]}))
