"""The story of a game, told from its journal for the battle report (`sprawl report`): a few
sentences a round (who acted, the hits that mattered, who fell and how, how the sides stood)
and the turning point. Nothing here knows a system: an entry's command says who acted (the
system's gate says which commands are actions), its `standing` and `gone` say who still
stands, and the system's `journal_extras` maps of a number per character (wounds, Health,
hits) say what each change did.
"""

from __future__ import annotations

import shlex
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.systems.base import System

ACTING = ("action", "reaction")  # the gate's kinds of a command someone acts with
MOST_HITS = 3  # a round's story names this many changes at most
NOT_NUMBERS = ("standing",)  # the kernel's own map of sides, said apart


@dataclass
class Round:
    """What one round of the journal tells."""

    number: int
    acted: dict[str, Counter[str]] = field(default_factory=dict)  # side -> who acted, how often
    hits: list[tuple[str, list[str]]] = field(default_factory=list)  # (command, what it changed)
    fell: list[tuple[str, str, str]] = field(default_factory=list)  # (who, side, the command that did it)
    standing: dict[str, int] = field(default_factory=dict)  # each side's, at the round's end


def command_of(entry: dict[str, Any]) -> list[str]:
    """The entry's command line as words, from its command name on (options and all)."""
    from sprawl_cli.render.table_page import command_words

    text = command_words(entry)
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    kind = str(entry.get("kind") or "")
    return words[words.index(kind):] if kind in words else words


def actor(system: System, game: Game[Any], entry: dict[str, Any]) -> tuple[str, str] | None:
    """(who acted, their side) for an entry of an action or reaction; None for anything else."""
    from sprawl_cli.errors import SprawlError

    kind = str(entry.get("kind") or "")
    door = system.doors.get(kind)
    if door is None or door.kind not in ACTING or not door.actor:
        return None
    named = next((w for w in command_of(entry)[1:] if not w.startswith("-")), None)
    if named is None:
        return None
    try:
        who = system.actor(game, named)
    except SprawlError:
        return None
    return named, who.squad


def numbers(entry: dict[str, Any]) -> dict[str, dict[str, float]]:
    """The entry's maps of a number per name (the system's series), by key."""
    out: dict[str, dict[str, float]] = {}
    for key, value in entry.items():
        if key in NOT_NUMBERS or not isinstance(value, dict):
            continue
        found = {str(k): v for k, v in value.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        if found and len(found) == len(value):
            out[key] = found
    return out


def changes(before: dict[str, dict[str, float]], after: dict[str, dict[str, float]], people: set[str]) -> list[str]:
    """What a change did to the characters' numbers: "Priestess's wounds 3 → 4"."""
    said = []
    for key, values in after.items():
        for name, value in values.items():
            old = before.get(key, {}).get(name)
            if name in people and old is not None and old != value:
                said.append(f"{name}'s {key.replace('_', ' ')} {old:g} → {value:g}")
    return said


def rounds_of(system: System, game: Game[Any], entries: list[dict[str, Any]]) -> list[Round]:
    """The journal read round by round."""
    squad_of = {c.name: c.squad for c in game.characters}
    out: dict[int, Round] = {}
    gone: set[str] = set()
    start = system.book_start(game)  # the numbers before the first change, where the system keeps them
    last = numbers(start) if start else numbers(entries[0]) if entries else {}
    for e in entries:
        number = int(e.get("round") or 0)
        rnd = out.setdefault(number, Round(number))
        who = actor(system, game, e)
        if who is not None:
            rnd.acted.setdefault(who[1], Counter())[who[0]] += 1
        now = numbers(e)
        did = changes(last, now, set(squad_of))
        last = {**last, **now}
        words = " ".join(command_of(e))
        if did:
            rnd.hits.append((words, did))
        after = {str(n) for n in e.get("gone") or []} if isinstance(e.get("gone"), list) else gone
        for name in [n for n in squad_of if n in after - gone]:
            rnd.fell.append((name, squad_of[name], words))
        gone = after
        if isinstance(e.get("standing"), dict):
            rnd.standing = {str(k): int(v) for k, v in e["standing"].items()}
    return [out[k] for k in sorted(out)]


def times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def standing_words(standing: dict[str, int]) -> str:
    return ", ".join(f"{side} {n}" for side, n in standing.items())


def turning_point(game: Game[Any], rounds: list[Round], word: str = "round") -> str:
    """The round the game turned: from which the winner stayed ahead of every other side; with
    no winner, the round in which the most fell."""
    if game.winner:
        ahead = [bool(r.standing) and all(r.standing.get(game.winner, 0) > n for s, n in r.standing.items()
                                          if s != game.winner) for r in rounds]
        start = len(ahead)
        while start > 0 and ahead[start - 1]:
            start -= 1
        if start < len(rounds) and any(r.fell for r in rounds):
            r = rounds[start]
            how = f", when {', '.join(f[0] for f in r.fell)} fell" if r.fell else ""
            return (f"The turning point: {word} {r.number}{how}; from then on {game.winner} stood ahead "
                    f"({standing_words(r.standing)}).")
        return f"{game.winner} won without ever falling behind."
    worst = max(rounds, key=lambda r: len(r.fell), default=None)
    if worst is None or not worst.fell:
        return ""
    return f"The hardest {word}: {word} {worst.number}, when {', '.join(f[0] for f in worst.fell)} fell."


def story(system: System, game: Game[Any], entries: list[dict[str, Any]]) -> list[str]:
    """The story as sentences, a paragraph a round, then the turning point (plain text: the
    report escapes it for its format)."""
    paragraphs = []
    for r in rounds_of(system, game, entries):
        said = []
        if r.acted:
            said.append("; ".join(
                f"{side} acted {times(sum(who.values()))} ("
                + ", ".join(f"{name}" + (f" {times(n)}" if n > 1 else "") for name, n in who.most_common()) + ")"
                for side, who in r.acted.items()) + ".")
        for words, did in r.hits[:MOST_HITS]:
            said.append(f"{words}: {', '.join(did)}.")
        if len(r.hits) > MOST_HITS:
            said.append(f"And {len(r.hits) - MOST_HITS} more change(s) of the kind.")
        for name, side, words in r.fell:
            said.append(f"{name} ({side}) fell: {words}.")
        if r.fell and r.standing:
            said.append(f"Still standing: {standing_words(r.standing)}.")
        if said:
            paragraphs.append(f"{system.round_word.capitalize()} {r.number}. " + " ".join(said))
    if not paragraphs:
        return ["Nobody has acted yet." if entries else "Nothing has happened yet."]
    point = turning_point(game, rounds_of(system, game, entries), system.round_word)
    return paragraphs + ([point] if point else [])
