"""Gunplay's turn track (G2): the turn's order of sides, the character mid-activation with
its actions left, each side's characters yet to activate, and a character's state at a glance."""

from __future__ import annotations

from sprawl_cli.systems.gunplay.model import Character, Game
from sprawl_cli.systems.gunplay.turn import can_activate
from sprawl_cli.api import DONE, LATER, NEXT, NOW, OUT, Place, TurnTrack, over_sentence


def actions_left(n: int) -> str:
    return f"{n} action{'s' if n != 1 else ''} left"


def turn_track(game: Game) -> TurnTrack:
    order = game.order or list(range(len(game.squads)))
    places: list[Place] = []
    if game.active:
        c = game.character(game.active)
        places.append(Place(c.name, NOW, actions_left(c.actions_left), f"activating for {c.squad}", [c.name]))
    at = order.index(game.side) if game.side in order else 0
    rotation = [order[(at + k) % len(order)] for k in range(len(order))]
    if game.active:  # the side now activating passes the turn on when the activation ends
        rotation = rotation[1:] + rotation[:1]
    nexted = False
    states: dict[int, str] = {}
    for index in rotation:
        members = game.members(game.squads[index])
        if not any(can_activate(c) and c.name != game.active for c in members):
            states[index] = OUT if all(c.gone for c in members) else DONE
        elif not game.active and index == game.side and NOW not in states.values():
            states[index] = NOW
        elif not nexted:
            states[index], nexted = NEXT, True
        else:
            states[index] = LATER
    for index in order:
        squad = game.squads[index]
        members = game.members(squad)
        yet = [c.name for c in members if can_activate(c) and c.name != game.active]
        done = [c.name for c in members if c.activated and not c.gone]
        state = states[index]
        mark = "picks one to activate" if state == NOW else ""
        note = (f"yet to activate: {', '.join(yet)}" if yet else "every one activated") + (
            f"; done: {', '.join(done)}" if done and yet else "")
        places.append(Place(squad.name, state, mark, note if state != OUT else "nobody left", yet))
    due = "" if any(p.state in (NOW, NEXT) for p in places) or game.over else \
        f"everyone has activated: `next` ends turn {game.round} and rolls the next turn's initiative"
    return TurnTrack(f"Turn {game.round}" + (f" of {game.rounds}" if game.rounds else "") + ", activations",
                     places, due, over_sentence(game))


def glance(game: Game, c: Character) -> list[str]:
    out = []
    if game.active == c.name:
        out.append(f"activating: {actions_left(c.actions_left)}")
    elif c.activated and not c.gone:
        out.append("activated this turn")
    elif not c.gone:
        out.append("yet to activate")
    if c.wounds:
        out.append(f"{c.wounds} wound{'s' if c.wounds != 1 else ''}")
    if c.aiming_at:
        out.append(f"aiming at {c.aiming_at}")
    return out
