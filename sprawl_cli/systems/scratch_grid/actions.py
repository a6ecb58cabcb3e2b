"""The other actions (S3, S4, S5): evading and healing (the referee's `set`: referee.py).

Evading is an action that exposes the evader to interrupting attacks (S4); its
bonus (the referee's, at the table) lasts until the evader's next turn begins.
Healing or reviving needs the healer next to its patient (S5): healing takes an
injured character back to healthy, reviving brings an incapacitated one back
injured. Healing is a use of an ability, like an attack, so whether it works is
the referee's call (S5): `--result hit|miss` or a question on a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Table, refuse
from sprawl_cli.systems.scratch_grid.interrupts import Interruption, offer, read_answers
from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.attacks import RESULTS, call
from sprawl_cli.systems.scratch_grid.turn import check_end, require_can_act


@dataclass(frozen=True)
class EvadeOutcome:
    name: str
    evading: bool
    interruption: Interruption = field(default_factory=Interruption)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "evading": self.evading, **self.interruption.to_json(),
                "notes": self.interruption.notes}


@dataclass(frozen=True)
class HealOutcome:
    healer: str
    patient: str
    result: str  # hit (it worked) | miss
    revived: bool
    before: str
    after: str

    def to_json(self) -> dict[str, Any]:
        return {"healer": self.healer, "patient": self.patient, "result": self.result, "revived": self.revived,
                "before": self.before, "after": self.after}


def evade(game: Game, c: Character, table: Table, interrupts: str | None = None) -> EvadeOutcome:
    """S4: evading is an action; opponents next to the evader may interrupt it.

    Raises:
        RuleRefusal: out of its turn, already acted, incapacitated or delayed.
        NeedsAnswer: an interrupter's result is needed.
    """
    require_can_act(game, table, c, "evade")
    answers = read_answers(game, interrupts)
    interruption = offer(game, c, "evades", table, answers)
    c.acted = True
    if interruption.hit_by is None:
        c.add("evading")
    return EvadeOutcome(c.name, interruption.hit_by is None, interruption)


def heal(game: Game, healer: Character, patient: Character, table: Table, result: str | None = None) -> HealOutcome:
    """S5: heal an injured ally or revive an incapacitated one, from the space next to it.
    Whether it works is the referee's call: `result` hit or miss, else asked (a miss spends
    the action all the same).

    Raises:
        BadInput: nothing to heal, itself, or a patient off the map.
        RuleRefusal: not next to it, an enemy, or the healer may not act now.
        NeedsAnswer: no `result`, and no terminal to ask.
    """
    if result is not None and result not in RESULTS:
        raise BadInput(f"--result takes hit or miss, not '{result}'")
    require_can_act(game, table, healer, "heal")
    if patient is healer:
        raise BadInput(f"{healer.name} cannot heal itself; healing needs a character next to the healer (S5)")
    if patient.gone:
        raise BadInput(f"{patient.name} has escaped; it is not on the map")
    if not (patient.injured or patient.down):
        raise BadInput(f"{patient.name} is healthy; there is nothing to heal")
    distance = game.board.distance(healer.space, patient.space)
    if distance != 1:
        refuse(table, f"{healer.name} must be next to {patient.name} to heal it; they are {distance} spaces apart (S5)")
    if patient.squad != healer.squad:
        refuse(table, f"{patient.name} is not on {healer.name}'s side")
    revived = patient.down
    doing = "revive" if revived else "heal"
    verdict = call(table, result, f"Does {healer.name}'s try to {doing} {patient.name} work (hit) or fail (miss)?")
    healer.acted = True
    before = patient.health
    if verdict == "hit":
        healer.record.healed += 1
        if revived:
            patient.drop("incapacitated")
            patient.add("injured")
        else:
            patient.drop("injured")
    check_end(game)
    return HealOutcome(healer.name, patient.name, verdict, revived and verdict == "hit", before, patient.health)
