"""Facts only the players can read off the table, and the referee's overrule.

`sprawl` never knows where the models stand. When a rule needs to know (is an
enemy close enough? who was standing near?), it asks its `Table`. The command
line answers from options (`--yes`, a system's answer options, a command's own),
a terminal prompt, or refuses; tests answer with a `ScriptedTable`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from sprawl_cli.errors import NeedsAnswer, RuleRefusal


class Table(Protocol):
    force: bool
    overruled: list[str]

    def confirm(self, question: str) -> bool:
        """A yes/no fact, phrased so that "yes" lets the action go ahead."""
        ...

    def names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        """A list of character names (`option` is the command-line option that gives it).

        `choices`, when given, are the names that make sense: a person at a terminal who
        types another is asked again, so dice already typed in are not lost.
        """
        ...

    def number(self, option: str, question: str) -> int:
        """A whole number of inches or similar."""
        ...

    def choose(self, option: str, question: str, choices: list[str]) -> str:
        """One of `choices` (a referee's call such as hit or miss), from `--option`, a
        terminal, or refused."""
        ...


def refuse(table: Table, message: str) -> None:
    """Refuse an action the rules forbid, unless the referee forces it (`--force`, journalled).

    Raises:
        RuleRefusal: always, unless `table.force`; then the overrule is recorded, once however
        often one command checks the same rule.
    """
    if table.force:
        if message not in table.overruled:
            table.overruled.append(message)
        return
    raise RuleRefusal(f"{message} (add --force to overrule as referee)")


@dataclass
class ScriptedTable:
    """Answers fixed in advance, for tests and scripts."""

    yes: bool = True
    lists: dict[str, list[str]] = field(default_factory=dict)
    numbers: dict[str, int] = field(default_factory=dict)
    choices: dict[str, list[str]] = field(default_factory=dict)  # option -> answers, taken in order
    force: bool = False
    overruled: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    offered: dict[str, list[str]] = field(default_factory=dict)  # option -> the names a terminal would offer

    def confirm(self, question: str) -> bool:
        self.asked.append(question)
        return self.yes

    def names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        self.asked.append(question)
        self.offered[option] = list(choices or [])
        if option not in self.lists:
            raise NeedsAnswer(f"{question} Give --{option} NAMES, or --{option} none.")
        return list(self.lists[option])

    def number(self, option: str, question: str) -> int:
        self.asked.append(question)
        if option not in self.numbers:
            raise NeedsAnswer(f"{question} Give --{option} N.")
        return self.numbers[option]

    def choose(self, option: str, question: str, choices: list[str]) -> str:
        self.asked.append(question)
        answers = self.choices.get(option)
        if not answers:
            raise NeedsAnswer(f"{question} Give --{option} {'|'.join(choices)}.")
        answer = answers.pop(0)
        if answer not in choices:
            raise NeedsAnswer(f"'{answer}' is not one of {', '.join(choices)}")
        return answer


def parse_names(raw: str) -> list[str]:
    """'Babs, Wes' -> ['Babs', 'Wes']; 'none' (or empty) -> []."""
    if raw.strip().lower() in ("none", ""):
        return []
    return [name.strip() for name in raw.split(",") if name.strip()]


__all__ = ["Table", "ScriptedTable", "refuse", "parse_names", "RuleRefusal"]
