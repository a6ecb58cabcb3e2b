"""How the command line answers a rule's table questions (`sprawl_cli.table.Table`).

`CliTable` asks the options, then a person at a terminal, else refuses; `ReplayTable`
gives a rehearsed command's answers again, in order, under the lock (`cli.flow.act`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.table import parse_names

if TYPE_CHECKING:
    from sprawl_cli.context import Context


@dataclass
class CliTable:
    """Answers table questions from options, then a terminal, else refuses (SPEC `--yes`)."""

    ctx: Context
    given: dict[str, str | None]
    force: bool = False
    overruled: list[str] = field(default_factory=list)
    answers: list[tuple[str, Any]] = field(default_factory=list)  # (question, answer), for a replay

    def _keep(self, question: str, answer: Any) -> Any:
        self.answers.append((question, answer))
        return answer

    def confirm(self, question: str) -> bool:
        return bool(self._keep(question, self._confirm(question)))

    def names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        return list(self._keep(question, self._names(option, question, choices)))

    def number(self, option: str, question: str) -> int:
        return int(self._keep(question, self._number(option, question)))

    def choose(self, option: str, question: str, choices: list[str]) -> str:
        return str(self._keep(question, self._choose(option, question, choices)))

    def _given(self, option: str) -> str | None:
        """The answer the command line gave to `--option` (None: not given); the option is noted
        as read, so the command does not call it unused (`Context.finish`)."""
        self.ctx.answers_asked.add(option.replace("_", "-"))
        return self.given.get(option)

    def _confirm(self, question: str) -> bool:
        if self.ctx.options.yes:
            return True
        if self.ctx.env.is_terminal:
            while True:
                try:
                    answer = self.ctx.env.ask(f"{question} [y/n]").strip().lower()
                except (EOFError, KeyboardInterrupt):
                    raise NeedsAnswer(f"no answer to: {question} Nothing was changed.") from None
                if answer in ("y", "yes"):
                    return True
                if answer in ("n", "no"):
                    return False
        raise NeedsAnswer(f"{question} Answer on a terminal, or add --yes if so.")

    def _names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        raw = self._given(option)
        if raw is not None:
            return parse_names(raw)
        if self.ctx.env.is_terminal:
            known = {c.lower(): c for c in choices} if choices is not None else None
            hint = f" ({', '.join(choices)}; or none)" if choices else " (names separated by commas, or none)"
            while True:
                try:
                    answer = parse_names(self.ctx.env.ask(f"{question}{hint}"))
                except (EOFError, KeyboardInterrupt):
                    raise NeedsAnswer(f"no answer to: {question} Nothing was changed.") from None
                strangers = [n for n in answer if known is not None and n.lower() not in known]
                if not strangers:
                    return [known[n.lower()] if known is not None else n for n in answer]
                # A typo at the prompt asks again, like a mistyped die (SPEC: asked rolls).
                self.ctx.warn(f"{', '.join(strangers)}: not among {', '.join(choices or [])}; type the names again")
        raise NeedsAnswer(f"{question} Give --{option} NAMES, or --{option} none.")

    def _number(self, option: str, question: str) -> int:
        raw = self._given(option)
        if raw is None and self.ctx.env.is_terminal:
            try:
                raw = self.ctx.env.ask(question)
            except (EOFError, KeyboardInterrupt):
                raise NeedsAnswer(f"no answer to: {question} Nothing was changed.") from None
        if raw is None:
            raise NeedsAnswer(f"{question} Give --{option} N.")
        from sprawl_cli.numbers import ANSWER

        try:
            return int(ANSWER.parse(str(raw)))
        except ValueError as bad:
            raise BadInput(f"--{option}: {bad}") from None

    def _choose(self, option: str, question: str, choices: list[str]) -> str:
        wanted = {c.lower(): c for c in choices}
        raw = self._given(option)
        if raw is not None:
            if raw.strip().lower() in wanted:
                return wanted[raw.strip().lower()]
            raise BadInput(f"--{option} wants one of {', '.join(choices)}, not '{raw}'")
        if self.ctx.env.is_terminal:
            while True:
                try:
                    answer = self.ctx.env.ask(f"{question} [{'/'.join(choices)}]").strip().lower()
                except (EOFError, KeyboardInterrupt):
                    raise NeedsAnswer(f"no answer to: {question} Nothing was changed.") from None
                if answer in wanted:
                    return wanted[answer]
                self.ctx.warn(f"'{answer}' is not one of {', '.join(choices)}; answer again")
        raise NeedsAnswer(f"{question} Give --{option} {'|'.join(choices)}.")


@dataclass
class ReplayTable:
    """The answers a person gave while the command ran without the lock, given again in order."""

    answers: list[tuple[str, Any]]
    force: bool = False
    overruled: list[str] = field(default_factory=list)

    def _next(self, question: str) -> Any:
        if not self.answers or self.answers[0][0] != question:
            raise RuleRefusal("the game changed while this command waited for an answer, and now it asks "
                              "something else; nothing was changed: run it again")
        return self.answers.pop(0)[1]

    def confirm(self, question: str) -> bool:
        return bool(self._next(question))

    def names(self, option: str, question: str, choices: list[str] | None = None) -> list[str]:
        return list(self._next(question))

    def number(self, option: str, question: str) -> int:
        return int(self._next(question))

    def choose(self, option: str, question: str, choices: list[str]) -> str:
        return str(self._next(question))
