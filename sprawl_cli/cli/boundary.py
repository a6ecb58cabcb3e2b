"""The one place an error becomes a line and an exit code: every command line runs through
`boundary`, which never lets a traceback reach a user (unless `--debug` asks for it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from sprawl_cli.context import Context
from sprawl_cli.errors import ExitCode, SprawlError
from sprawl_cli.numbers import shown_line

def boundary(call: Callable[[], Any], sprawl: Context, argv: list[str]) -> int:
    """Run a command; map every error to one line and an exit code (the only such place)."""
    wants_json = "--json" in argv or sprawl.options.json
    debug = "--debug" in argv or bool(sprawl.env.vars.get("SPRAWL_DEBUG"))

    def report(message: str, code: int) -> int:
        message = shown_line(message)
        if sprawl.env.mid_line:  # a question was left unanswered on the line: the message starts below it
            sprawl.env.err.write("\n")
            sprawl.env.mid_line = False
        if wants_json:
            import json

            sprawl.env.out.write(json.dumps({"error": message}) + "\n")
            sprawl.env.out.flush()
        sprawl.env.err.write(f"error: {message}\n")
        sprawl.env.err.flush()
        return code

    def internal(problem: Exception) -> int:
        if debug:
            raise problem
        return report(
            f"internal error ({type(problem).__name__}: {problem}); nothing was changed. "
            "Run again with --debug for the traceback and report it",
            ExitCode.REFUSED,
        )

    try:
        result = call()
        code = result if isinstance(result, int) else 0
        if code == 0:
            sprawl.finish()
        return code
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.NoArgsIsHelpError as problem:  # `sprawl` or a group alone: the help, then one line
        if problem.ctx is not None:
            sprawl.env.out.write(problem.ctx.get_help() + "\n")
        path = problem.ctx.command_path if problem.ctx is not None else "sprawl"
        return report(f"give a command (listed above); `{path} COMMAND --help` tells more", ExitCode.USAGE)
    except click.NoSuchOption as problem:
        if problem.option_name.lstrip("-").replace(".", "", 1).isdigit():
            return report(*_negative(problem, usage))
        return report(*usage(problem))
    except click.UsageError as problem:
        return report(*usage(problem))
    except SprawlError as problem:
        if debug:
            import traceback

            traceback.print_exc(file=sprawl.env.err)
        return report(problem.message, problem.exit_code)
    except (click.Abort, KeyboardInterrupt, EOFError) as stop:
        if isinstance(stop, KeyboardInterrupt):
            sprawl.env.mid_line = True  # the terminal echoed ^C where the cursor was
        return report("interrupted; nothing was changed", ExitCode.REFUSED)
    except BrokenPipeError:
        return ExitCode.REFUSED
    except ValueError as problem:
        if "null byte" not in str(problem):  # a NUL in a path reaches the file system only as this
            return internal(problem)
        return report("a path or a name given holds a NUL character, which no file name may; nothing was changed",
                      ExitCode.REFUSED)
    except OSError as problem:  # the file system said no (a name too long, a full disk): where, and why
        from sprawl_cli.numbers import quoted

        where = f"'{quoted(problem.filename)}': " if problem.filename else ""
        return report(f"{where}{problem.strerror or problem}; nothing was changed", ExitCode.REFUSED)
    except click.ClickException as problem:
        return report(problem.format_message(), problem.exit_code or ExitCode.REFUSED)
    except Exception as problem:  # the last line of defence: never a traceback for users
        return internal(problem)


def usage(problem: click.UsageError) -> tuple[str, int]:
    """A usage error's line, pointing at the command's --help."""
    text = problem.format_message()
    hint = f" (see `{problem.ctx.command_path} --help`)" if problem.ctx is not None and "--help" not in text else ""
    if isinstance(problem, click.NoSuchOption) and problem.ctx is not None and problem.ctx.command.name == "new":
        # a system's own options of `new` (System.new_flags, new_options) are for its games alone
        hint = (f" (see `{problem.ctx.command_path} --help`; a game system's own options of `new` are for "
                "its games: `sprawl new --system NAME --help` lists them)")
    return text + hint, ExitCode.USAGE


def _negative(problem: click.NoSuchOption, usage: Callable[[click.UsageError], tuple[str, int]]) -> tuple[str, int]:
    """`undo -1`: click reads a negative number as an option. Say what the command's number
    argument says of any other number out of its range (`undo 0`), in the same words."""
    from sprawl_cli.numbers import Number

    number = problem.option_name
    command = problem.ctx.command if problem.ctx is not None else None
    numeric = [p for p in (command.params if command is not None else [])
               if isinstance(p, click.Argument)
               and isinstance(p.type, (Number, click.types.IntParamType, click.types.FloatParamType))]
    for param in numeric[:1]:
        try:
            param.type.convert(number, param, problem.ctx)
        except click.BadParameter as bad:
            return usage(click.BadParameter(bad.message, problem.ctx, param))
        return usage(click.UsageError(f"{number} looks like an option to the shell's reader; put `--` before "
                                      f"it ({problem.ctx.command_path if problem.ctx else 'sprawl'} -- {number})",
                                      problem.ctx))
    return usage(click.UsageError(f"{number} is a negative number, and this command takes no number there",
                                  problem.ctx))
