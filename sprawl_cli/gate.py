"""The one gate every game-changing command passes before its rule runs.

A system declares, in one table (`System.doors`), what each of its commands is: an action
of the one whose turn it is, a reaction outside the turn, the turn's own bookkeeping, or a
referee's correction; what it costs in the system's words; and which of the system's turn
checks (`System.checks`) it must pass. `flow.act` looks the command up here before the
rule runs: a command with no entry cannot act at all, and a command that names who acts
cannot forget to say who. The checks are the system's turn referee, written once, each a
pure question of the game that returns the reason to refuse (or None); the gate refuses
through `table.refuse`, so `--force` overrules and the journal says so.

The same table feeds the docs (`doors_markdown`) and the generated test that walks every
command of every system through every state a check names (tests/test_gate_walk.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import RuleRefusal, SprawlError

if TYPE_CHECKING:
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.table import Table

ACTION = "action"      # the acting character's own turn: it spends what the turn allows
REACTION = "reaction"  # taken outside the acting turn, in answer to something: its own checks
TURN = "turn"          # the turn's bookkeeping: moving the game on, dealing, a side's test
REFEREE = "referee"    # a correction by the referee: never refused by the turn
LOOK = "look"          # reads the game and changes nothing (a map, a line of sight): no gate to pass
KINDS = (ACTION, REACTION, TURN, REFEREE, LOOK)

# Why a check refuses, or None to let the command through: (game, who acts or None, door).
# A door's name is its command, or the command and the option that makes it another door
# ("shoot --drop"): `verb` gives the command alone, for the words of a refusal.
Question = Callable[["Game[Any]", "Any", str], "str | None"]


def verb(door: str) -> str:
    """The command of a door's name ("shoot" of "shoot --drop")."""
    return door.split(" ", 1)[0]


@dataclass(frozen=True)
class Check:
    """One question of a system's turn referee.

    `refuses` says in a few words when it refuses (for the docs: "its card is not up");
    `forceable` False for what no referee can overrule (a character that has left the game).
    """

    refuses: str
    ask: Question
    forceable: bool = True


@dataclass(frozen=True)
class Door:
    """What one command is to the turn referee: its `kind` (one of KINDS), what it `costs`
    in the system's words, and the `checks` it must pass, in order, by their names in the
    system's `checks`. `actor` is False for a command that names nobody who acts (`next`,
    a side's test); `phases`, for a system whose turn has phases, those it belongs to."""

    kind: str
    costs: str = ""
    checks: tuple[str, ...] = ()
    actor: bool = True
    phases: tuple[str, ...] = ()  # the phases it belongs to, for a system's phase check (empty: any)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a door's kind is one of {', '.join(KINDS)}, not {self.kind!r}")


# The kernel's own game-changing commands, for every system unless it declares its own.
KERNEL_DOORS: Mapping[str, Door] = {
    "next": Door(TURN, "ends the turn, phase or round", actor=False),
    "set": Door(REFEREE, "nothing: the referee's correction"),
    "concede": Door(REFEREE, "the game, for the side that concedes", actor=False),
    "end": Door(REFEREE, "the game: the referee ends it", actor=False),
    # A scenario's objectives (house): the table's account of what a figure did with its own
    # move or action, which the system's commands already spent and checked, so the turn never
    # refuses it; a referee's record, as `set` is.
    "objective": Door(REFEREE, "nothing: the table's account of a scenario's objective", actor=False),
}


def phase_refusal(phase: str, action: str, phases: tuple[str, ...], titles: Mapping[str, str],
                  word: str = "phase") -> str | None:
    """Why `action`, which belongs to `phases`, may not be taken in `phase`, or None: for a
    system whose turn has phases, in its own titles and its own word for a phase."""
    if phase in phases:
        return None
    wanted = " or ".join(titles[p] for p in phases)
    return f"{action} belongs to the {wanted} {word}; it is now the {titles[phase]} {word} (`sprawl next` moves on)"


class GateDefect(SprawlError):
    """A command that is not in its system's table (a defect of the program, not of the input)."""


def door_of(doors: Mapping[str, Door], command: str, system: str) -> Door:
    """The door of `command`: the system's own, else the kernel's.

    Raises:
        GateDefect: the command has no entry: it cannot act.
    """
    door = doors.get(command) or KERNEL_DOORS.get(command)
    if door is None:
        raise GateDefect(f"`{command}` is not in {system}'s table of commands, so it cannot change the game "
                         "(a defect of sprawl: please report it)")
    return door


def gate(game: Game[Any], doors: Mapping[str, Door], checks: Mapping[str, Check], command: str,
         who: Piece | None, table: Table, system: str) -> Door:
    """Put `command` (by `who`, or nobody) through its door's checks, in order.

    Raises:
        GateDefect: no door, or a door that needs to know who acts was not told.
        RuleRefusal: a check refuses (forceable unless the check says otherwise).
    """
    from sprawl_cli.table import refuse

    door = door_of(doors, command, system)
    if door.actor and who is None and door.checks:
        raise GateDefect(f"`{command}` did not say who acts, so its checks cannot run (a defect of sprawl: "
                         "please report it)")
    for name in door.checks:
        check = checks[name]
        why = check.ask(game, who, command)
        if why is None:
            continue
        if not check.forceable:
            raise RuleRefusal(why)
        refuse(table, why)
    return door


def check_table(doors: Mapping[str, Door], checks: Mapping[str, Check], commands: Mapping[str, Any],
                lookups: frozenset[str], system: str) -> list[str]:
    """What is wrong with a system's table: a command with no door, a door of no command, a
    check that is not defined. Empty when the table is whole."""
    problems = []
    for command in commands:
        if command not in lookups and command not in doors and command not in KERNEL_DOORS:
            problems.append(f"{system}: `{command}` has no door")
    for command, door in doors.items():
        if verb(command) not in commands and verb(command) not in KERNEL_DOORS:
            problems.append(f"{system}: the door `{command}` is no command")
        problems += [f"{system}: `{command}` names the unknown check `{name}`" for name in door.checks
                     if name not in checks]
    return problems


def doors_markdown(doors: Mapping[str, Door], checks: Mapping[str, Check]) -> str:
    """The table as Markdown, for a system's docs: each command (the kernel's among them), what
    it is and costs, and when the referee refuses it."""
    rows = ["| command | what it is | costs | refused when |", "|---|---|---|---|"]
    for command in sorted(set(doors) | set(KERNEL_DOORS)):
        door = doors.get(command) or KERNEL_DOORS[command]
        when = "; ".join(checks[name].refuses for name in door.checks) or "never (by the turn)"
        rows.append(f"| `{command}` | {door.kind} | {door.costs or '-'} | {when} |")
    return "\n".join(rows) + "\n"
