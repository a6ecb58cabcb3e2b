"""F1 The turn: initiative, the four phases taken side by side in initiative order,
what each phase asks for and the checks that refuse actions out of turn (a new game: setup.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.street_fight import morale
from sprawl_cli.systems.street_fight.model import NORMAL_MOVE, PHASE_TITLES, PHASES, Character, Game
from sprawl_cli.systems.street_fight.morale import MoraleTest
from sprawl_cli.systems.street_fight.weapons import weapon


# --- initiative (F1) ------------------------------------------------------------


@dataclass(frozen=True)
class Initiative:
    order: tuple[str, ...]  # squad names, first to act first
    rolls: tuple[tuple[str, tuple[int, ...]], ...]  # squad -> its d10s (re-rolls after the first)

    def to_json(self) -> dict[str, Any]:
        return {"order": list(self.order), "rolls": {squad: list(faces) for squad, faces in self.rolls}}


def _rank(game: Game, group: list[int], dice: Dice, rolls: dict[int, list[int]]) -> list[int]:
    faces = {}
    for side in group:  # side order
        faces[side] = dice.roll(1, f"{game.squads[side].name}: Initiative", 10)[0]
        rolls[side].append(faces[side])
    ranked: list[int] = []
    for face in sorted(set(faces.values()), reverse=True):
        tied = [s for s in group if faces[s] == face]
        ranked += tied if len(tied) == 1 else _rank(game, tied, dice, rolls)  # F1: ties roll again
    return ranked


def roll_initiative(game: Game, dice: Dice) -> Initiative:
    """F1: a d10 per side in side order, highest first; tied sides roll again among themselves."""
    rolls: dict[int, list[int]] = {i: [] for i in range(len(game.squads))}
    game.order = _rank(game, list(range(len(game.squads))), dice, rolls)
    game.initiative = [faces[-1] for _, faces in sorted(rolls.items())]
    return Initiative(tuple(game.squads[i].name for i in game.order),
                      tuple((game.squads[i].name, tuple(f)) for i, f in sorted(rolls.items())))


# --- checks ---------------------------------------------------------------------


def phase_refusal(game: Game, action: str, *phases: str) -> str | None:
    """Why `action` may not be taken in this phase, or None."""
    from sprawl_cli.api import phase_refusal as refusal

    return refusal(game.phase, action, phases, PHASE_TITLES, "phase")


def require_phase(game: Game, table: Table, action: str, *phases: str) -> None:
    why = phase_refusal(game, action, *phases)
    if why is not None:
        refuse(table, why)


def require_own_side(game: Game, table: Table, c: Character, action: str) -> None:
    if c.squad != game.current_squad.name:
        refuse(table, f"{c.name} cannot {action} now: {game.current_squad.name} is acting in this phase")


def require_standing(c: Character, action: str) -> None:
    """Nobody overrules this: a casualty is off the table."""
    if c.gone:
        raise RuleRefusal(f"{c.name} is a casualty and cannot {action}")


def require_enemies(game: Game, c: Character, other: Character, table: Table, action: str) -> None:
    if other is c:
        raise BadInput(f"{c.name} cannot {action} itself")
    if other.squad == c.squad:
        refuse(table, f"{other.name} is on {c.name}'s own side ({c.squad})")


def unsteadiness(game: Game, c: Character, action: str) -> str | None:
    """F10: why a figure falling back or sheltering may not `action`, or None."""
    if c.has("falling_back"):
        return f"{c.name} is falling back to cover and cannot {action} (F10); move it into cover first"
    if c.has("sheltering"):
        until = (c.sheltering_turn or game.round) + 1
        return f"{c.name} is sheltering until the end of turn {until} and cannot {action} (F10)"
    return None


def require_steady(game: Game, c: Character, table: Table, action: str) -> None:
    """F10: a figure falling back or sheltering does nothing else until that is done."""
    why = unsteadiness(game, c, action)
    if why is not None:
        refuse(table, why)


# --- the turn's bookkeeping -------------------------------------------------------


@dataclass(frozen=True)
class Advance:
    round: int
    side: str
    phase: str
    initiative: Initiative | None = None
    morale: tuple[MoraleTest, ...] = ()
    sheltered: tuple[str, ...] = ()  # figures whose shelter ended
    todo: tuple[str, ...] = ()
    over: bool = False
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "side": self.side, "phase": self.phase,
                "initiative": self.initiative.to_json() if self.initiative else None,
                "morale": [t.to_json() for t in self.morale], "sheltered": list(self.sheltered),
                "todo": list(self.todo), "over": self.over, "reason": self.reason}


def _enter_side(game: Game) -> None:
    """A side's Movement phase begins: its overwatch ends (it may declare it again) (F7)."""
    if game.phase == "movement":
        for c in game.members(game.current_squad):
            c.drop("overwatch")
            c.overwatch_large = False
            c.overwatch_spent = False


def start_turn(game: Game, dice: Dice) -> tuple[Initiative | None, list[str]]:
    """A new turn (kernel round): per-turn bookkeeping, shelter ending, initiative (F1)."""
    for c in game.characters:
        c.still_moving = c.moved_inches > NORMAL_MOVE  # F2: a dash counts as moving next turn too
        c.moved_inches = 0.0
        c.fought = []
        if c.round_lost is not None:  # F9: this turn's combat sees how the last turn's went
            c.lost_last_round, c.round_lost = c.round_lost, None
    sheltered = morale.end_shelter(game)
    rolled = None
    if game.round == 1 or game.settings.initiative == "each":
        rolled = roll_initiative(game, dice)
    game.phase, game.position = PHASES[0], 0
    game.side = game.order[0]
    _enter_side(game)
    return rolled, sheltered


def phases_of(game: Game) -> tuple[str, ...]:
    """The phases of a turn, in order: Morale only with the morale setting on."""
    return PHASES if game.settings.morale == "on" else PHASES[:-1]


def advance(game: Game, dice: Dice, table: Table) -> Advance:
    """`next`: the next side in this phase, else the next phase, else a new turn. (A game that
    is over never gets here: the kernel's flow refuses every change to it first.)"""
    rolled: Initiative | None = None
    sheltered: list[str] = []
    tests: list[MoraleTest] = []
    if game.position + 1 < len(game.order):
        game.position += 1
    else:
        phases = phases_of(game)
        at = phases.index(game.phase) if game.phase in phases else len(phases) - 1
        if at + 1 < len(phases):
            game.phase, game.position = phases[at + 1], 0
            if game.phase == "morale":
                tests = morale.tests_due(game, dice)
        elif game.rounds is not None and game.round >= game.rounds:
            _turn_limit(game)
        else:
            game.round += 1
            game.turn = game.round
            rolled, sheltered = start_turn(game, dice)
    game.side = game.order[game.position]
    _enter_side(game)
    return Advance(game.round, game.current_squad.name, game.phase, rolled, tuple(tests), tuple(sheltered),
                   tuple(todo(game)), game.over, game.reason)


def _turn_limit(game: Game) -> None:
    left = {s.name: len(game.standing(s)) for s in game.squads}
    best = max(left.values())
    leaders = [name for name, n in left.items() if n == best]
    winner = leaders[0] if len(leaders) == 1 else None
    counts = ", ".join(f"{name} {n}" for name, n in left.items())
    morale.end_game(game, winner, f"the {game.rounds}-turn limit was reached with figures standing: {counts} (house)")


def todo(game: Game) -> list[str]:
    """What the phase asks of the side acting now."""
    if game.over:
        return [f"The game is over: {game.reason}"]
    squad = game.current_squad
    mine = game.standing(squad)
    notes: list[str] = []
    if game.phase == "movement":
        notes.append(f"{squad.name} moves: up to 5\" a figure, or up to 9\" with no firing or entering cover "
                     "this turn (F2); declare `aim` or `overwatch` now (F3, F7)")
        back = [c.name for c in mine if c.has("falling_back")]
        if back:
            cause = game.morale_of(squad.name).last_cause
            away = f" directly away from {cause}" if cause else ""
            notes.append(f"Falling back to cover{away} (`move NAME --inches N --into-cover`): {', '.join(back)}")
        watching = [c.name for c in game.characters if c.has("overwatch") and c.squad != squad.name]
        if watching:
            notes.append(f"On overwatch against this move (`shoot NAME TARGET --overwatch`): {', '.join(watching)}")
    elif game.phase == "shooting":
        ready = [c.name for c in mine if may_shoot(game, c)]
        notes.append(f"{squad.name} shoots (`shoot NAME TARGET --distance IN`): {', '.join(ready) or 'nobody can fire'}")
    elif game.phase == "close":
        pairs = sorted({f"{c.name} vs {o}" for c in mine for o in c.engaged_with if o not in c.fought})
        done = sorted({f"{c.name} vs {o}" for c in mine for o in c.engaged_with if o in c.fought})
        engaged = sorted({f"{c.name} vs {o}" for c in game.characters for o in c.engaged_with
                          if c.squad != squad.name and game.character(o).squad != squad.name})
        state = (f"combats to fight: {', '.join(pairs)}" if pairs
                 else f"every combat of theirs has fought its round this turn ({', '.join(done)})" if done
                 else f"none of theirs in combat (engaged elsewhere: {', '.join(engaged)})" if engaged
                 else "no combat in progress")
        notes.append(f"{squad.name} fights (`fight NAME TARGET`, `--charged` after a move of 5\" or less; "
                     f"a new fight asks for contact within 1\", a first fight who else is in contact): {state}")
    else:
        due = [f"{s.name} ({m.tests_due})" for s in game.squads if (m := game.morale_of(s.name)).tests_due]
        notes.append("Morale (F10): any tests due were rolled as the phase began"
                     + (f"; still due: {', '.join(due)}" if due else ""))
    shelter = [c.name for c in mine if c.has("sheltering")]
    if shelter:
        notes.append(f"Sheltering (F10): {', '.join(shelter)}")
    return notes


def may_shoot(game: Game, c: Character) -> bool:
    """Whether `c` could fire in its Shooting phase now, going by what the game knows."""
    heavy = weapon(c.weapon).heavy and c.counts_as_moving
    busy = c.has("overwatch") or c.has("falling_back") or c.has("sheltering") or bool(c.engaged_with)
    return not (c.ran or heavy or busy or c.fired_turn == game.round)
