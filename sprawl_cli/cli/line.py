"""The command line before click reads it: which system it plays, which save it names, and
which commands it can reach (the kernel's and that system's, by module path, loaded only when run).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.errors import SprawlError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from sprawl_cli.context import Context

# The kernel's commands, shared by every system: name -> (module, short help for `sprawl --help`).
# A system's own commands (`System.commands`) come from its package and win over these.
COMMANDS: dict[str, tuple[str, str]] = {
    "rules": ("sprawl_cli.cli.lookupcmds", "The built-in quick reference, searchable by word."),
    "new": ("sprawl_cli.cli.gamecmds", "Start a game from roster files (--system for other games), or from the campaign."),
    "status": ("sprawl_cli.cli.gamecmds", "Show the game: whose turn, each character's state, what is due."),
    "next": ("sprawl_cli.cli.gamecmds", "Move on to the next phase, turn or round."),
    "set": ("sprawl_cli.cli.gamecmds", "Referee: put a status on or off a character."),
    "log": ("sprawl_cli.cli.gamecmds", "What happened so far, with the dice."),
    "undo": ("sprawl_cli.cli.gamecmds", "Take back the last change (or N of them)."),
    "redo": ("sprawl_cli.cli.gamecmds", "Put back the change just undone."),
    "repair": ("sprawl_cli.cli.gamecmds", "Rebuild a damaged save file from its journal."),
    "end": ("sprawl_cli.cli.gamecmds", "End the game, with or without a winner."),
    "concede": ("sprawl_cli.cli.gamecmds", "A side gives up the game."),
    "objective": ("sprawl_cli.cli.objectivecmds", "A scenario's objectives: take, drop, hold, reach, destroy."),
    "aftermath": ("sprawl_cli.cli.campaigncmds", "After the game: what became of the fallen."),
    "campaign": ("sprawl_cli.cli.campaigncmds", "Campaign books: new, show, history, report."),
    "report": ("sprawl_cli.cli.screencmds", "The battle report of the game in the save, finished or not."),
    "serve": ("sprawl_cli.cli.screencmds", "A live page of the game for other screens at the table."),
    "play": ("sprawl_cli.cli.playcmds", "An interactive session on the current game."),
    "completion": ("sprawl_cli.cli.playcmds", "Print the Tab-completion script for bash, zsh or fish."),
}

GROUPS = {"campaign", "objective"}  # these kernel names are whole sub-groups, not single commands
# Commands that work without reading a save (or make one): a save's place holding no file does not stop them.
NO_SAVE = {"new", "rules", "completion", "campaign", "roll", "odds", "table", "gear", "roster", "serve"}


def argv_value(argv: list[str], option: str) -> str | None:
    """The value of `--option V` or `--option=V` in a command line, read before click parses it."""
    for i, word in enumerate(argv):
        if word == option and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith(option + "="):
            return word.split("=", 1)[1]
    return None


def systems_for(sprawl: Context | None) -> tuple[str, str]:
    """(the system a lookup uses, the system of the game in --game) for this command line.

    A lookup (`roll`, `odds`, `table`) follows --system, else SPRAWL_SYSTEM, else the game's
    system; every other command follows the game in the save file (SPRAWL when there is none).
    `new --system` names the system of the game it starts, `campaign new --system` that of the
    campaign it starts.
    """
    from sprawl_cli.context import peek_system

    argv, env, path = line_and_save(sprawl)
    game_system = peek_system(path) or "sprawl"
    chosen = argv_value(argv, "--system") or (sprawl.options.system if sprawl is not None else None)
    lookup_system = chosen or env.get("SPRAWL_SYSTEM") or game_system
    if argv and (argv[0] == "new" or argv[:2] == ["campaign", "new"]):
        game_system = chosen or "sprawl"
    return lookup_system, game_system


def line_and_save(sprawl: Context | None) -> tuple[list[str], Mapping[str, str], Path]:
    """(the words of this command line, its environment, the save file it names)."""
    import os
    from pathlib import Path

    from sprawl_cli.context import DEFAULT_GAME

    argv = sprawl.argv if sprawl is not None else []
    env = sprawl.env.vars if sprawl is not None else os.environ
    if not argv and env.get("_SPRAWL_COMPLETE") and env.get("COMP_WORDS"):
        # A shell asking for completions: the line being typed is in COMP_WORDS, not argv.
        from click.shell_completion import split_arg_string

        argv = split_arg_string(env["COMP_WORDS"])[1:]
    preset = sprawl.options.game if sprawl is not None else None
    return argv, env, Path(argv_value(argv, "--game") or preset or env.get("SPRAWL_GAME") or DEFAULT_GAME)


def commands_of(system: str) -> dict[str, tuple[str, str]]:
    """Every command a game of `system` offers (the kernel's and its own), name -> (module, help)."""
    from sprawl_cli import systems

    chosen = systems.menu(system)
    return {**COMMANDS, **{cmd: (f"{chosen.package}.{module}", text) for cmd, (module, text) in chosen.commands.items()}}


def lookup_system(sprawl: Context) -> str:
    """The system a lookup (`roll`, `odds`, `table`, `rules`) of this command line uses."""
    return sprawl.options.system or systems_for(sprawl)[0]


def system_commands(sprawl: Context | None) -> tuple[str, dict[str, tuple[str, str]]]:
    """The system whose commands this command line sees, and those commands (full module paths)."""
    from sprawl_cli import systems

    lookup_name, game_name = systems_for(sprawl)
    found: dict[str, tuple[str, str]] = {}
    for which in (game_name, lookup_name):
        try:
            system = systems.menu(which)
        except SprawlError:
            continue
        for cmd, (module, text) in system.commands.items():
            if which == lookup_name and which != game_name and cmd not in system.lookups:
                continue
            found[cmd] = (f"{system.package}.{module}", text)
    return game_name, found
