"""Time and Phases: rounds, turns and phases (R23), the checks that refuse actions out
of turn, and the game's end (R25). What each phase asks for is in phases.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sprawl_cli.api import Table, end_game, other_side, refuse
from sprawl_cli.systems.sprawl.model import PHASES, Character, Game, Squad
from sprawl_cli.systems.sprawl.phases import PHASE_TITLES, can_recover, todo

if TYPE_CHECKING:
    from sprawl_cli.api import Dice



# --- the end of a game (R25) -------------------------------------------------


def check_game_end(game: Game) -> None:
    """R25: a side with nobody left on the table has lost. H8: when one attack took the last
    characters of every side (its victims fall together), nobody wins: a draw."""
    lost = [s for s in game.squads if all(c.gone for c in game.members(s))]
    if not lost:
        return
    if len(lost) < len(game.squads):
        end_game(game, other_side(game, lost[0]), f"{lost[0].name} has nobody left able to act (R25)")
        return
    names = ", ".join(s.name for s in lost[:-1]) + f" and {lost[-1].name}"
    end_game(game, None, f"{names} lost their last characters to the same attack: a draw (H8)", draw=True)


# --- checks that refuse (R23) ------------------------------------------------


def phase_refusal(game: Game, action: str, *phases: str) -> str | None:
    """Why `action` may not be taken in this phase, or None."""
    from sprawl_cli.api import phase_refusal as refusal

    return refusal(game.phase, action, phases, PHASE_TITLES, "Phase")


def require_phase(game: Game, table: Table, action: str, *phases: str) -> None:
    """Refuse `action` outside its phase(s), unless forced."""
    why = phase_refusal(game, action, *phases)
    if why is not None:
        refuse(table, why)


def turn_refusal(game: Game, c: Character, action: str) -> str | None:
    return None if game.is_turn_of(c) else f"{c.name} cannot {action}: it is {game.current_squad.name}'s turn"


def require_own_turn(game: Game, table: Table, c: Character, action: str) -> None:
    why = turn_refusal(game, c, action)
    if why is not None:
        refuse(table, why)


def absence(c: Character, action: str) -> str | None:
    """Why `c` cannot act at all: it has left the table (nobody overrules that), or None."""
    if not c.gone:
        return None
    state = "Out of Action" if c.has("out_of_action") else "Out of Play"
    return f"{c.name} is {state} and cannot {action}"


def require_on_table(c: Character, action: str) -> None:
    """Nobody can overrule this one: the character is gone."""
    from sprawl_cli.api import RuleRefusal

    why = absence(c, action)
    if why is not None:
        raise RuleRefusal(why)


def unsteadiness(c: Character, action: str) -> str | None:
    """Pinned, Down and Panicked characters cannot act by choice (R10, R11): why, or None."""
    for status, why in (("down", "is Down (R8)"), ("pinned", "is pinned until its Recovery Phase (R11)"),
                        ("panicked", "is panicked (R10)")):
        if c.has(status):
            return f"{c.name} cannot {action}: it {why}"
    return None


def require_steady(table: Table, c: Character, action: str) -> None:
    why = unsteadiness(c, action)
    if why is not None:
        refuse(table, why)


def mark(c: Character, action: str) -> None:
    if action not in c.acted:
        c.acted.append(action)


# --- moving through a turn ----------------------------------------------------


@dataclass
class TurnStart:
    squad: str
    overwatch_ended: list[str] = field(default_factory=list)
    routing: dict[str, Any] | None = None
    flee: list[dict[str, Any]] = field(default_factory=list)  # R10: {"name", "inches"}

    def to_json(self) -> dict[str, Any]:
        return {"squad": self.squad, "overwatch_ended": self.overwatch_ended, "routing": self.routing,
                "flee": self.flee}


@dataclass
class Advance:
    """What `sprawl next` did."""

    round: int
    side: str
    phase: str
    turn_start: TurnStart | None = None
    over: bool = False
    reason: str | None = None
    todo: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "side": self.side, "phase": self.phase,
                "turn_start": self.turn_start.to_json() if self.turn_start else None,
                "over": self.over, "reason": self.reason, "todo": self.todo}


def start_turn(game: Game, dice: Dice) -> TurnStart:
    """R23 at a side's turn start: its Overwatch ends, its "ran" marks clear, the
    routing check when due (R24, first in the dice order), then panicked movers flee (R10)."""
    from sprawl_cli.systems.sprawl.morale import routing_check

    squad = game.current_squad
    start = TurnStart(squad.name)
    game.brawls = {}
    for c in game.members(squad):
        if c.has("overwatch"):
            c.drop("overwatch")
            start.overwatch_ended.append(c.name)
        c.drop("ran")
        c.acted = []
    check = routing_check(game, squad, dice)
    if check.due:
        start.routing = check.to_json()
    if game.over:
        return start
    for c in game.members(squad):
        if c.has("panicked") and not c.has("safe") and not c.gone:
            start.flee.append({"name": c.name, "inches": dice.roll(1, f"{c.name}: Flee (d10 inches)")[0]})
    return start


def advance(game: Game, dice: Dice, table: Table | None = None) -> Advance:
    """Move to the next phase; after Recovery, the next side's turn (and round).

    With a `table`, leaving a Recovery Phase in which a pinned or Down character
    has not had its go is refused (forceable): its get-up or re-roll is not optional
    (R8, R11). Jams and panic may wait (R14, R10); `todo` still lists them. A finished
    game never gets here: the kernel's gate refuses every door once the game is over.

    Raises:
        RuleRefusal: recoveries are still due.
    """
    if table is not None and game.phase == "recovery":
        due = [f"{c.name} ({why})" for c in game.members(game.current_squad)
               if (why := can_recover(game, c)) in ("pinned", "down")]
        if due:
            refuse(table, f"{', '.join(due)} must try to recover before the turn ends (R8, R11): "
                          "run `sprawl recover` first")
    start: TurnStart | None = None
    index = PHASES.index(game.phase)
    if index + 1 < len(PHASES):
        game.phase = PHASES[index + 1]
    else:
        game.side = (game.side + 1) % len(game.squads)
        game.turn += 1
        if game.side == 0:
            game.round += 1
        game.phase = PHASES[0]
        if game.rounds is not None and game.round > game.rounds:
            game.round = game.rounds
            end_game(game, None, f"the round limit ({game.rounds}) was reached (R25)")
        else:
            start = start_turn(game, dice)
    return Advance(game.round, game.current_squad.name, game.phase, start, game.over, game.reason, todo(game))
