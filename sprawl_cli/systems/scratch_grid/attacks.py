"""Attacks (S3, S5): close, hold, knockout, ranged and blast.

Close attacks (basic, hold, knockout) reach the spaces next to the attacker.
Ranged attacks and blasts need a clear line of sight (`sight`). A blast hits
a space and attacks everyone within one space of it, allies and the attacker
included. Whether an attack hits is the referee's call (S5, house): `--result`
or a question on a terminal. A basic, ranged or blast hit injures a healthy
character and incapacitates an injured one; a knockout hit incapacitates; a
hold hit immobilises to the end of the target's next turn and may swap the
two or push the target into a free space next to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, NeedsAnswer, Table, refuse
from sprawl_cli.systems.scratch_grid.grid import Space, is_space_name, space_name
from sprawl_cli.systems.scratch_grid.interrupts import EVERYONE, Interruption, exposed_by_attack, offer, read_answers, \
    read_named
from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.sight import Sight, line_of_sight
from sprawl_cli.systems.scratch_grid.turn import check_end, incapacitate, require_can_act, wound

KINDS = ("close", "hold", "knockout", "ranged", "blast")
CLOSE = ("close", "hold", "knockout")
RESULTS = ("hit", "miss")


@dataclass(frozen=True)
class Victim:
    name: str
    result: str  # hit | miss
    before: str  # healthy | injured | incapacitated
    after: str
    immobilised: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "result": self.result, "before": self.before, "after": self.after,
                "immobilised": self.immobilised}


@dataclass(frozen=True)
class AttackOutcome:
    attacker: str
    kind: str
    target: str | None  # the character attacked (for a blast: the one named, if any)
    at: str  # the space attacked
    distance: int
    result: str | None  # hit | miss | mixed (a blast); None when interrupted or nobody was caught
    victims: list[Victim] = field(default_factory=list)
    spaces: list[str] = field(default_factory=list)  # a blast's area
    caught: list[str] = field(default_factory=list)  # everyone in it
    moved: list[dict[str, str]] = field(default_factory=list)  # a hold's swap or push: {"name", "from", "to"}
    sight: Sight | None = None
    interruption: Interruption = field(default_factory=Interruption)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "attacker": self.attacker, "kind": self.kind, "target": self.target, "at": self.at,
            "distance": self.distance, "result": self.result, "victims": [v.to_json() for v in self.victims],
            "moved": self.moved, "line_of_sight": self.sight.to_json() if self.sight else None,
            **self.interruption.to_json(), "notes": self.notes + self.interruption.notes,
        }
        if self.kind == "blast":
            data["spaces"] = self.spaces
            data["caught"] = self.caught
        return data


def blockers(game: Game, looker: Character) -> set[Space]:
    """S3: walls, obstacles and the looker's enemies block a line; allies never do."""
    board = game.board
    solid = {s for s in board.spaces() if board.solid(s)}
    return solid | {c.space for c in game.on_map() if c.squad != looker.squad}


def look(game: Game, looker: Character, target: str) -> Sight:
    """`los A B`: the line from `looker` to a character or a space (S3).

    Raises:
        BadInput: an escaped character, or neither a name nor a space.
    """
    if looker.gone:
        raise BadInput(f"{looker.name} has escaped; it is not on the map")
    space, who = _aim(game, target)
    return line_of_sight(game.board, looker.space, space, blockers(game, looker), looker.name, who or space_name(space))


def _aim(game: Game, target: str) -> tuple[Space, str | None]:
    """A target given as a character's name or a space."""
    if is_space_name(target) and not any(c.name.lower() == target.strip().lower() for c in game.characters):
        return game.board.space(target), None
    c = game.character(target)
    if c.gone:
        raise BadInput(f"{c.name} has escaped; it is not on the map")
    return c.space, c.name


def read_results(game: Game, raw: str | None) -> dict[str, str]:
    """`--result hit` (everyone) or `--result Ada=hit,Bob=miss` (a blast's victims one by one).

    Raises:
        BadInput: an answer other than hit or miss, or an unknown name.
    """
    if raw is None or not raw.strip():
        return {}
    return read_named(game, raw, RESULTS, "--result takes hit or miss (or NAME=hit,NAME=miss for a blast), "
                      "not '{part}'", {r: r for r in RESULTS})


def ask(table: Table, results: dict[str, str], name: str, question: str) -> str:
    """The referee's call for `name` (S5): given with --result, else asked."""
    return call(table, results.get(name, results.get(EVERYONE)), question)


def call(table: Table, given: str | None, question: str) -> str:
    """The referee's hit or miss (S5): `given`, else asked on a terminal.

    Raises:
        NeedsAnswer: not given, and no terminal to ask (naming --result).
    """
    if given is not None:
        return given
    try:
        return table.choose("result", question, list(RESULTS))
    except NeedsAnswer:
        raise NeedsAnswer(f"{question} The referee decides (S5): give --result hit or --result miss") from None


def attack(game: Game, attacker: Character, target: str, kind: str, table: Table, at: str | None = None,
           result: str | None = None, interrupts: str | None = None) -> AttackOutcome:
    """S3/S5: `attack A B --kind KIND [--at SPACE] --result hit|miss`.

    Raises:
        BadInput: an unknown kind, a target that is not on the map, a bad --at.
        RuleRefusal: out of turn, already acted, out of reach or out of sight (forceable).
        NeedsAnswer: a result (or an interrupter's) that must be given.
    """
    if kind not in KINDS:
        raise BadInput(f"'{kind}' is not a kind of attack; use one of {', '.join(KINDS)}")
    require_can_act(game, table, attacker, f"make a {kind} attack")
    answers = read_answers(game, interrupts)
    results = read_results(game, result)
    if kind == "blast":
        return _blast(game, attacker, target, table, at, results, answers)
    board = game.board
    victim = game.character(target)
    if victim.gone:
        raise BadInput(f"{victim.name} has escaped; it is not on the map")
    if victim is attacker:
        raise BadInput(f"{attacker.name} cannot attack itself")
    if victim.squad == attacker.squad:
        refuse(table, f"{victim.name} is on {attacker.name}'s side; only a blast catches allies (S3)")
    distance = board.distance(attacker.space, victim.space)
    sight = None
    if kind in CLOSE and distance != 1:
        refuse(table, f"{victim.name} is {distance} spaces from {attacker.name}; a {kind} attack reaches only "
                      "the spaces next to it (S3)")
    if kind == "ranged":
        sight = look(game, attacker, victim.name)
        if not sight.clear:
            refuse(table, f"{attacker.name} has no line of sight to {victim.name}: {_why(game, sight)} (S3)")
    if at is not None and kind != "hold":
        raise BadInput(f"--at is for a blast's target space or a hold's swap or push, not a {kind} attack")
    shove = _shove(game, attacker, victim, at) if at is not None else None
    interruption = Interruption()
    if exposed_by_attack(game, attacker, [victim]):
        interruption = offer(game, attacker, f"attacks {victim.name} {distance} spaces away", table, answers)
    attacker.acted = True
    attacker.record.attacks += 1
    outcome = AttackOutcome(attacker.name, kind, victim.name, space_name(victim.space), distance, None, sight=sight,
                            interruption=interruption)
    if interruption.hit_by is not None:
        return outcome
    verdict = ask(table, results, victim.name, f"Does {attacker.name}'s {kind} attack on {victim.name} hit?")
    hurt = _harm(game, attacker, victim, kind, verdict)
    moved, notes = [], []
    if shove is not None:
        if verdict == "hit" and not victim.down:
            moved = _apply_shove(attacker, victim, shove)
        else:
            notes.append("the hold did not take: nobody is swapped or pushed")
    check_end(game)
    return AttackOutcome(attacker.name, kind, victim.name, outcome.at, distance, verdict, [hurt], moved=moved,
                         sight=sight, interruption=interruption, notes=notes)


def _why(game: Game, sight: Sight) -> str:
    """Why a line that is not clear is blocked: between two blockers, or at the first (S3)."""
    where = sight.blocked_by
    if sight.between or where is None:
        return f"the line runs between {sight.between[0]} and {sight.between[1]}, and both block"
    space = game.board.space(where)
    holder = game.occupant(space)
    if holder is not None:
        what = f"{holder.name} stands in the way"
    else:
        what = "a wall" if game.board.terrain(space) == "#" else "an obstacle"
    return f"blocked at {where} ({what})"


def _harm(game: Game, attacker: Character, victim: Character, kind: str, verdict: str) -> Victim:
    before = victim.health
    immobilised = False
    if verdict == "hit":
        attacker.record.hits += 1
        if kind == "knockout":
            if not victim.down:
                incapacitate(victim)
        elif kind == "hold":
            if not victim.down:
                victim.add("immobilised")
                victim.immobilised_turn = game.next_turn_of(victim.squad)
                immobilised = True
        else:
            wound(victim)
    after = victim.health
    if victim.squad != attacker.squad and after != before:
        if after == "incapacitated":
            attacker.record.incapacitated += 1
        else:
            attacker.record.injured += 1
    return Victim(victim.name, verdict, before, after, immobilised)


def _shove(game: Game, attacker: Character, victim: Character, at: str) -> Space:
    """S3: where a hold may put its target: the holder's own space (a swap) or a free
    space next to the target (a push).

    Raises:
        BadInput: any other space.
    """
    board = game.board
    space = board.space(at)
    name = space_name(space)
    if space == attacker.space:
        return space
    if not board.adjacent(space, victim.space):
        raise BadInput(f"a hold pushes {victim.name} one space: {name} is not next to {victim.at}; "
                       f"give a space next to it, or {attacker.at} to swap places")
    if board.solid(space):
        raise BadInput(f"{victim.name} cannot be pushed into {name}: it is a wall or an obstacle")
    holder = game.occupant(space)
    if holder is not None:
        raise BadInput(f"{victim.name} cannot be pushed into {name}: {holder.name} is there")
    return space


def _apply_shove(attacker: Character, victim: Character, space: Space) -> list[dict[str, str]]:
    held, holder, to = space_name(victim.space), space_name(attacker.space), space_name(space)
    if to == holder:
        attacker.at, victim.at = held, holder
        return [{"name": victim.name, "from": held, "to": holder}, {"name": attacker.name, "from": holder, "to": held}]
    victim.at = to
    return [{"name": victim.name, "from": held, "to": to}]


def _blast(game: Game, attacker: Character, target: str, table: Table, at: str | None,
           results: dict[str, str], answers: dict[str, str] | None) -> AttackOutcome:
    """S3: everyone within one space of the target space (9 spaces on squares, 7 on hexes)."""
    board = game.board
    aimed, named = _aim(game, target)
    centre = board.space(at) if at is not None else aimed
    where = space_name(centre)
    if board.solid(centre):
        refuse(table, f"{where} is a wall or an obstacle; a blast targets a space someone could stand in")
    distance = board.distance(attacker.space, centre)
    sight = line_of_sight(board, attacker.space, centre, blockers(game, attacker), attacker.name, where)
    if not sight.clear:
        refuse(table, f"{attacker.name} has no line of sight to {where}: {_why(game, sight)} (S3)")
    area = board.within_one(centre)
    caught = [c for c in game.on_map() if c.space in area]
    interruption = Interruption()
    if exposed_by_attack(game, attacker, caught):
        interruption = offer(game, attacker, f"blasts {where}, {distance} spaces away", table, answers)
    attacker.acted = True
    attacker.record.attacks += 1
    spaces = [space_name(s) for s in area]
    names = [c.name for c in caught]
    if interruption.hit_by is not None:
        return AttackOutcome(attacker.name, "blast", named, where, distance, None, spaces=spaces, caught=names,
                             sight=sight, interruption=interruption)
    victims = [_harm(game, attacker, c, "blast",
                     ask(table, results, c.name, f"Does {attacker.name}'s blast at {where} hit {c.name}?"))
               for c in caught]
    verdicts = {v.result for v in victims}
    overall = None if not victims else verdicts.pop() if len(verdicts) == 1 else "mixed"
    check_end(game)
    return AttackOutcome(attacker.name, "blast", named, where, distance, overall, victims, spaces, names,
                         sight=sight, interruption=interruption)
