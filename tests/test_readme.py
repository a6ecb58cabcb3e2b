"""The README cannot drift: every command and option it names exists (SPRAWL's round, which
it used to show, is replayed from docs/sprawl.md by tests/sprawl/test_docs.py)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from sprawl_cli.cli.line import commands_of
from sprawl_cli.cli.main import cli

COMMANDS = commands_of("sprawl")
from tests.factory import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def blocks(kind: str, text: str = README) -> list[str]:
    return [body for lang, body in BLOCK.findall(text) if lang == kind]


def console_steps(text: str = README) -> list[tuple[str, str]]:
    """(command line, the output a page shows) for every `$ sprawl ...` in its console blocks
    (SPRAWL's round, once the README's, is replayed from docs/sprawl.md by tests/sprawl/test_docs.py)."""
    steps: list[tuple[str, str]] = []
    for body in blocks("console", text):
        for chunk in re.split(r"^\$ ", body, flags=re.M)[1:]:
            command, _, shown = chunk.partition("\n")
            steps.append((command.strip(), shown))
    return steps


def tidy(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def command_lines(text: str = README) -> list[tuple[str, list[str]]]:
    """(system, words after `sprawl`) for each command in a page's sh blocks; a block
    plays SPRAWL until a line starts a game of another system (`new --system NAME`)."""
    lines = []
    for body in blocks("sh", text):
        system = "sprawl"
        for line in body.replace("\\\n", " ").splitlines():
            line = line.split("#", 1)[0].strip()
            for part in re.split(r"&&|\|", line):
                words = shlex.split(part)
                if words and words[0].endswith("sprawl"):
                    if "--system" in words:
                        system = words[words.index("--system") + 1]
                    lines.append((system, words[1:]))
    return lines


@pytest.mark.parametrize("system,words", command_lines(), ids=lambda w: " ".join(w[:3]) if isinstance(w, list) else w)
def test_commands_and_options_in_the_readme_exist(system, words):
    check_command(system, words, "README")


def check_command(system: str, words: list[str], page: str) -> None:
    """`sprawl WORDS` names a command of `system` and only options it has."""
    from sprawl_cli.cli.choices import with_new_flags
    from sprawl_cli.cli.main import load_module_group
    from sprawl_cli.cli.options import with_common, with_table_options

    known = commands_of(system)
    ctx = click.Context(cli)
    command: click.Command | None = cli
    args = list(words)
    while isinstance(command, click.Group) and args and not args[0].startswith("-"):
        name = args.pop(0)
        if command is cli:
            assert name in known, f"{page} names `sprawl {name}`, which {system} does not have"
            group = load_module_group(known[name][0])
            found = group if name in ("roster", "campaign", "objective") else group.get_command(ctx, name)
            if found is not None and name == "new":
                found = with_new_flags(found, system)
            command = with_table_options(with_common(found), system) if found is not None else None
        else:
            command = command.get_command(ctx, name)
        assert command is not None, f"{page} names `{name}`, which does not exist"
    assert command is not None
    options = {opt for param in command.params for opt in getattr(param, "opts", [])}
    for word in args:
        if word.startswith("--"):
            assert word.split("=")[0] in options, f"{page} gives {word} to `{' '.join(words)}`, which has no such option"
