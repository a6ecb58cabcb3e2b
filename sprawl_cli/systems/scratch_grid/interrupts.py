"""Interrupting attacks (S4).

A character exposes itself when, starting its move or action next to opponents,
it moves more than one space, evades, or attacks an enemy more than one space
away. Each opponent next to it that is not injured, incapacitated or delayed
may then make one interrupting attack, once in each of the exposed character's
turns. Whether it hits is the referee's call (S5): `--interrupts NAME=hit|miss|pass`
or a question on a terminal. The first hit stops the move or action, ends the
exposed character's turn, cancels its evasion and bars it from escaping on its
next turn; nobody after it is asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, NeedsAnswer, Table
from sprawl_cli.systems.scratch_grid.model import Character, Game

ANSWERS = ("hit", "miss", "pass")
EVERYONE = "*"


@dataclass(frozen=True)
class Interruption:
    offered: list[str] = field(default_factory=list)  # who may attack
    results: list[dict[str, str]] = field(default_factory=list)  # {"name", "result"} in the order asked
    hit_by: str | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"interrupts": self.offered, "interrupt_results": self.results, "interrupted_by": self.hit_by}


def read_named(game: Game, raw: str, allowed: tuple[str, ...], wrong: str, whole: dict[str, str]) -> dict[str, str]:
    """The referee's calls written `NAME=answer,NAME=answer` as {name: answer}, the one parser of
    `--interrupts` and `--result`; a whole text found in `whole` (lower case) answers for everyone.

    Raises:
        BadInput: an unknown name, or a part that is not NAME= one of `allowed` (`wrong` says
        what is expected, with `{part}` for the part at fault).
    """
    text = raw.strip()
    if text.lower() in whole:
        return {EVERYONE: whole[text.lower()]}
    answers: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, sep, answer = part.partition("=")
        answer = answer.strip().lower()
        if not sep or answer not in allowed:
            raise BadInput(wrong.format(part=part))
        answers[game.character(name).name] = answer
    return answers


def read_answers(game: Game, raw: str | None) -> dict[str, str] | None:
    """`--interrupts Bob=hit,Cy=miss` (or `none`) as {name: answer}; None when not given.

    Raises:
        BadInput: an unknown name or an answer other than hit, miss or pass.
    """
    if raw is None:
        return None
    return read_named(game, raw, ANSWERS, "'{part}' should read NAME=hit, NAME=miss or NAME=pass (or give "
                      "--interrupts none)", {"none": "pass", "": "pass"})


def why_not(game: Game, target: Character, c: Character) -> str | None:
    """Why `c` may not make an interrupting attack on `target` now, or None (S4)."""
    if c.gone or target.gone or c.at is None or target.at is None or c.squad == target.squad:
        return f"{c.name} is not an opponent of {target.name} on the map"
    if not game.board.adjacent(c.space, target.space):
        return f"{c.name} is not next to {target.name}"
    for status, word in (("incapacitated", "incapacitated"), ("injured", "injured"), ("delayed", "delayed")):
        if c.has(status):
            return f"{c.name} is {word}"
    if c.name in target.interrupted_by:
        return f"{c.name} has already tried an interrupting attack on {target.name} this turn"
    return None


def eligible(game: Game, target: Character) -> list[Character]:
    return [c for c in game.characters if why_not(game, target, c) is None]


def exposed_by_attack(game: Game, attacker: Character, victims: list[Character]) -> bool:
    """S4: attacking an enemy more than one space away exposes the attacker."""
    return any(v.squad != attacker.squad and game.board.distance(attacker.space, v.space) > 1 for v in victims)


def offer(game: Game, target: Character, doing: str, table: Table, answers: dict[str, str] | None) -> Interruption:
    """Ask each opponent that may interrupt `target` (which `doing`, e.g. "moves 3 spaces"),
    in roster order, until one hits; apply S4's effects of a hit.

    Raises:
        NeedsAnswer: an interrupter's result was not given and no terminal can ask.
    """
    offered = eligible(game, target)
    notes = [f"{name} cannot interrupt: {why}" for name in (answers or {}) if name != EVERYONE
             if (why := why_not(game, target, game.character(name))) is not None]
    results: list[dict[str, str]] = []
    hit_by = None
    for c in offered:
        answer = None if answers is None else answers.get(c.name, answers.get(EVERYONE))
        if answer is None:
            question = f"{c.name} may make an interrupting attack on {target.name}, who {doing} (S4): does it hit?"
            try:
                answer = table.choose("interrupts", question, list(ANSWERS))
            except NeedsAnswer:
                raise NeedsAnswer(f"{c.name} may make an interrupting attack on {target.name}, who {doing} (S4): "
                                  f"give --interrupts {c.name}=hit|miss|pass, or --interrupts none") from None
        results.append({"name": c.name, "result": answer})
        if answer == "pass":
            continue
        target.interrupted_by.append(c.name)  # S4: one try per target turn
        if answer == "hit":
            hit_by = c.name
            c.record.interrupts += 1
            take_hit(game, target)
            break
    return Interruption([c.name for c in offered], results, hit_by, notes)


def take_hit(game: Game, target: Character) -> None:
    """S4: the turn ends, evasion is lost, and no escaping on its next turn."""
    target.turn_over = target.moved = target.acted = True
    target.drop("evading")
    upcoming = game.next_turn_of(target.squad)
    if upcoming == game.turn:
        upcoming += len(game.squads)
    target.no_escape_turn = upcoming
