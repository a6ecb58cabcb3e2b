"""Moving and escaping (S2, S4, S5): `move NAME SPACE`, `escape NAME`, `map --reach NAME`.

A move takes the cheapest legal path (see `paths`). A destination out of reach
is refused with the reason: blocked, too far, or a space next to an enemy on
the way would end the move earlier. A move of more than one space from next to
opponents offers them interrupting attacks (S4); a hit stops the mover after
its first space. Ending a move on an exit space escapes; so does `escape`, which
takes the cheapest way to an exit or off the map's edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Table, refuse
from sprawl_cli.systems.scratch_grid.grid import EXIT, Space, space_name
from sprawl_cli.systems.scratch_grid.interrupts import Interruption, offer, read_answers
from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.paths import OUTSIDE, Allowance, Field, Route, Search, cheapest, step_cost
from sprawl_cli.systems.scratch_grid.turn import absence, check_end, move_refusal, require_can_move


@dataclass(frozen=True)
class MoveOutcome:
    name: str
    start: str
    destination: str  # the space asked for ("off the map" for an escape by the edge)
    path: list[str]  # from the start space to where it ended, on the map
    cost: int  # spaces of movement spent (rough and water count 2 on the ground)
    allowance: str
    stopped_by: str | None  # why it stopped short of its destination
    interruption: Interruption = field(default_factory=Interruption)
    escaped: bool = False
    via: str | None = None  # "exit" or "edge" for an escape
    next_to: list[str] = field(default_factory=list)  # enemies next to it where it ended
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "from": self.start, "to": self.path[-1], "destination": self.destination,
                "path": self.path, "cost": self.cost, "stopped_by": self.stopped_by,
                **self.interruption.to_json(), "escaped": self.escaped, "via": self.via,
                "next_to": self.next_to, "notes": self.notes + self.interruption.notes}


def allowance_of(c: Character) -> Allowance:
    """S2: 4 spaces healthy, 2 injured; +1 per 2 levels of quickness (open ground) and of flying
    (air), +1 per level of acrobatics (rough) and of swimming (water)."""
    return Allowance(2 if c.injured else 4, c.quickness // 2, c.flying // 2, c.acrobatics, c.swimming, c.flying > 0)


def field_for(game: Game, mover: Character, watch: bool = True) -> Field:
    """The map as `mover` sees it; without `watch`, enemies' neighbours do not end moves."""
    board = game.board
    others = [c for c in game.on_map() if c is not mover]
    enemies = [c for c in others if c.squad != mover.squad]
    watched = {n for c in enemies if c.standing for n in board.neighbours(c.space)} if watch else set()
    return Field(board, frozenset(c.space for c in enemies), frozenset(watched), frozenset(c.space for c in others))


def reach(game: Game, c: Character) -> dict[str, int]:
    """Every space `c` may end a move on now, with the cost of getting there (S2)."""
    found = Search(field_for(game, c), c.space, allowance_of(c)).costs()
    return {space_name(s): cost for s, cost in sorted(found.items(), key=lambda i: (i[0][1], i[0][0]))}


@dataclass(frozen=True)
class Reach:
    """`map --reach NAME`: the spaces NAME may end a move on, with their costs, and why none."""

    spaces: dict[str, int]
    why_not: str | None = None  # why it may not move at all (nothing is shaded)
    next_turn: bool = False  # its side is not playing: where it could go when its turn comes

    def to_json(self) -> dict[str, Any]:
        return {"spaces": self.spaces, "why_not": self.why_not, "next_turn": self.next_turn}


def reach_now(game: Game, c: Character) -> Reach:
    """`map --reach`: where `c` may still move this turn (S2, S6). Once it has moved, or an
    interrupting attack ended its turn, that is nowhere, and `why_not` says why; so it is for an
    escaped, incapacitated or held character. A character whose side is not playing is shown
    where it could go on its side's next turn, which starts afresh."""
    why = absence(c, "move") or move_refusal(c, "move")
    playing = game.is_turn_of(c)
    if why is not None and not playing and c.standing and not c.has("immobilised"):
        why = None  # what it did in its side's last turn does not count against the next
    if why is not None:
        return Reach({}, why, not playing)
    return Reach(reach(game, c), None, not playing)


def _enemies_next_to(game: Game, c: Character, space: Space) -> list[str]:
    return [e.name for e in game.on_map() if e.squad != c.squad and e.standing
            and game.board.adjacent(space, e.space)]


def diagnose(game: Game, c: Character, dest: Space) -> tuple[str, Route | None]:
    """Why `c` cannot end a move on `dest`, and the best path that breaks only that rule.

    A space next to an enemy on the way is named first (S2: entering it ends the move) whenever it
    is what stands in the way: when the move would be in reach without it, or when the way
    around it costs more than the way through."""
    start, allowance = c.space, allowance_of(c)
    watched, free = field_for(game, c), field_for(game, c, watch=False)
    target = space_name(dest)

    def stop_on(route: Route) -> str:
        early = next((s for s in route.spaces[1:-1] if s in watched.watched), route.spaces[-1])
        return f"entering {space_name(early)}, next to {', '.join(_enemies_next_to(game, c, early))}, ends the move"

    route = Search(free, start, allowance, goal=dest).route(dest)
    if route is not None:
        return f"{c.name} cannot reach {target}: {stop_on(route)} (S2)", route
    through = cheapest(free, start, allowance.can_fly, goal=dest).get(dest)
    if through is None:
        return f"{c.name} cannot reach {target}: walls, obstacles or enemies block every way there (S2)", None
    around = cheapest(watched, start, allowance.can_fly, goal=dest).get(dest) if watched.watched else through
    if around is None:
        return (f"{c.name} cannot reach {target}: every way there passes next to an enemy; on the cheapest, "
                f"{stop_on(through)} (S2)"), through
    if around.cost > through.cost:
        return (f"{c.name} cannot reach {target}: on the cheapest way ({through.cost} spaces of movement), "
                f"{stop_on(through)}; the way around costs {around.cost} and it has {allowance.describe()} "
                "(S2)"), around
    return (f"{target} is too far for {c.name}: the cheapest way costs {around.cost} spaces of movement "
            f"and it has {allowance.describe()} (S2)"), around


def _walk(game: Game, c: Character, route: Route, doing: str, table: Table,
          answers: dict[str, str] | None) -> tuple[list[Space], int, Interruption, str | None]:
    """Offer interrupts for a move of more than one space (S4); the spaces actually taken."""
    spaces = list(route.spaces)
    interruption = Interruption()
    stopped_by = None
    if route.length > 1:
        interruption = offer(game, c, doing, table, answers)
        if interruption.hit_by is not None:
            stopped_by = f"interrupted by {interruption.hit_by}"
            first = spaces[1]  # a hit stops it after its first space...
            others = {o.space for o in game.on_map() if o is not c}
            # ...unless someone holds that space or it is off the map: then it stays put
            spaces = spaces[:1] if first == OUTSIDE or first in others else spaces[:2]
    cost = sum(step_cost(game.board, s, route.air[i] if i < len(route.air) else False)
               for i, s in enumerate(spaces[1:]))
    return spaces, cost, interruption, stopped_by


def move(game: Game, c: Character, destination: str, table: Table, interrupts: str | None = None) -> MoveOutcome:
    """S2: move `c` to `destination` by the cheapest legal path.

    Raises:
        BadInput: not a space of the map, a wall or obstacle, or a space someone holds.
        RuleRefusal: out of its turn, already moved, immobilised, or out of reach (with why).
        NeedsAnswer: an interrupting attack's result is needed.
    """
    require_can_move(game, table, c)
    board = game.board
    dest = board.space(destination)
    start = c.space
    target = space_name(dest)
    if dest == start:
        raise BadInput(f"{c.name} is already at {target}")
    if board.solid(dest):
        raise BadInput(f"{target} is {'a wall' if board.terrain(dest) == '#' else 'an obstacle'}; nobody can stand there")
    holder = game.occupant(dest)
    if holder is not None:
        raise BadInput(f"{target} is taken by {holder.name}; a move may pass allies but not stop on anyone")
    answers = read_answers(game, interrupts)
    route = Search(field_for(game, c), start, allowance_of(c), goal=dest).route(dest)
    if route is None:
        reason, fallback = diagnose(game, c, dest)
        refuse(table, reason)
        route = fallback or Route((start, dest))
    spaces, cost, interruption, stopped_by = _walk(game, c, route, f"moves {route.length} spaces", table, answers)
    c.at = space_name(spaces[-1])
    c.moved = True
    notes = []
    escaped = False
    if stopped_by is None and board.terrain(spaces[-1]) == EXIT:
        until = barred_until(game, c)
        if until is not None:
            notes.append(f"{c.name} stands on an exit but may not escape before turn {until + 1} (S4)")
        else:
            leave(c)
            escaped = True
    check_end(game)
    return MoveOutcome(c.name, space_name(start), target, [space_name(s) for s in spaces], cost,
                       allowance_of(c).describe(), stopped_by, interruption, escaped, "exit" if escaped else None,
                       [] if escaped else _enemies_next_to(game, c, spaces[-1]), notes)


def barred_until(game: Game, c: Character) -> int | None:
    """S4: an interrupting attack that hit bars escaping up to the end of its next turn: that
    turn, while the bar lasts; else None."""
    return c.no_escape_turn if c.no_escape_turn is not None and game.turn <= c.no_escape_turn else None


def leave(c: Character) -> None:
    """S5: off the map for good."""
    c.left_from = c.at
    c.at = None
    for status in ("immobilised", "evading", "delayed"):
        c.drop(status)
    c.add("escaped")
    c.record.escaped += 1


def escape(game: Game, c: Character, table: Table, interrupts: str | None = None) -> MoveOutcome:
    """S5: leave the map by the cheapest way: stepping onto an exit space or off the edge.

    Raises:
        RuleRefusal: it may not move now, is barred from escaping (S4), or no way out is in reach.
        NeedsAnswer: an interrupting attack's result is needed.
    """
    require_can_move(game, table, c, "escape")
    until = barred_until(game, c)
    if until is not None:
        refuse(table, f"{c.name} may not escape before turn {until + 1}: an interrupting "
                      "attack hit it (S4)")
    board = game.board
    start = c.space
    answers = read_answers(game, interrupts)
    if board.terrain(start) == EXIT:
        route: Route | None = Route((start,))
    else:
        search = Search(field_for(game, c), start, allowance_of(c), leave=True)
        outs = [search.route(s) for s in search.costs() if s == OUTSIDE or board.terrain(s) == EXIT]
        ways = [(r.cost, r.length, r.spaces[-1][1], r.spaces[-1][0], r) for r in outs if r is not None]
        route = min(ways)[-1] if ways else None
    if route is None:
        far = cheapest(field_for(game, c), start, allowance_of(c).can_fly, leave=True)
        costs = [r.cost for s, r in far.items() if s == OUTSIDE or board.terrain(s) == EXIT]
        if costs:
            refuse(table, f"no way out is in reach for {c.name}: the nearest costs {min(costs)} spaces of "
                          f"movement and it has {allowance_of(c).describe()} (S2, S5)")
        else:
            refuse(table, f"{c.name} has no way off the map: walls, obstacles or enemies close every one (S5)")
        route = Route((start,))
    spaces, cost, interruption, stopped_by = _walk(game, c, route, f"moves {route.length} spaces to escape",
                                                    table, answers)
    c.moved = True
    on_map = [s for s in spaces if s != OUTSIDE]
    c.at = space_name(on_map[-1])
    escaped = stopped_by is None
    via = ("edge" if spaces[-1] == OUTSIDE or board.terrain(on_map[-1]) != EXIT else "exit") if escaped else None
    if escaped:
        leave(c)
    check_end(game)
    return MoveOutcome(c.name, space_name(start), "off the map", [space_name(s) for s in on_map], cost,
                       allowance_of(c).describe(), stopped_by, interruption, escaped, via,
                       [] if escaped else _enemies_next_to(game, c, on_map[-1]))

