"""Numbers the game can hold (issue 34, items 5 and 6): one kernel parser, `numbers.Number`, for
every numeric option and argument of every command of every system, each with its bound;
and one answer per question, an option given twice being a usage error everywhere."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import click
import pytest

from sprawl_cli import systems
from sprawl_cli.cli.choices import CHOOSE_SYSTEM
from sprawl_cli.cli.line import GROUPS, commands_of
from sprawl_cli.cli.main import load_command, load_module_group
from sprawl_cli.cli.options import with_common, with_table_options
from sprawl_cli.numbers import INCHES, MODIFIER, Bound, Number, quoted
from tests.factory import new_args

SYSTEMS = ("sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid")


def every_command(system: str) -> Iterator[tuple[str, click.Command]]:
    """(command path, command as the kernel hands it out, with the system's table options) for
    every command of `system`'s games."""
    groups = set(GROUPS) | set(systems.menu(system).groups)
    for name, (module, _) in commands_of(system).items():
        command = load_module_group(module) if name in groups else load_command(module, name)
        assert command is not None, name
        yield from _walk(with_table_options(with_common(command), system, own=not module.startswith("sprawl_cli.cli.")),
                         name)


def _walk(command: click.Command, path: str) -> Iterator[tuple[str, click.Command]]:
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            yield from _walk(sub, f"{path} {name}")
    else:
        yield path, command


def numeric(param: click.Parameter) -> bool:
    return isinstance(param.type, (Number, click.types.IntParamType, click.types.FloatParamType))


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_number_a_command_takes_is_bounded_by_the_one_kernel_parser(system: str) -> None:
    found = [(path, p.name, p.type) for path, command in every_command(system) for p in command.params if numeric(p)]
    assert found, system
    unbounded = [(path, name) for path, name, kind in found if not isinstance(kind, Number)]
    assert unbounded == []
    for path, name, kind in found:
        assert isinstance(kind, Number)
        assert math.isfinite(kind.bound.low) and math.isfinite(kind.bound.high), (path, name)
        assert kind.bound.low <= kind.bound.high, (path, name)


# --- through the real command line, a game of each system ------------------------------------------

def _refused_alone(result: Any, code: int, *words: str) -> str:
    """One `error:` line, the exit code, no traceback; the line holds every word."""
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and "internal error" not in lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def _files(folder: Any) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.endswith(".lock")}


# (system, a command line with a number no game can hold, what the one line says of its bound)
PAST: list[tuple[str, tuple[str, ...], str]] = [
    ("sprawl", ("shoot", "Razz", "Wilson", "--distance", "inf"), "from 0 to 1000"),
    ("sprawl", ("fall", "Babs", "nan"), "from 0 to 1000"),
    ("sprawl", ("roll", "3", "--difficulty", "1e9"), "from 0 to 100"),
    ("sprawl", ("damage", "Gordo", "1000"), "from 0 to 100"),
    ("sprawl", ("move", "Babs", "--run", "--across", "-1"), "from 0 to 1000"),
    ("sprawl", ("odds", "100000"), "from 0 to 1000"),
    ("sprawl", ("log", "--last", "1e400"), "from 1 to 100000"),
    ("gunplay", ("fire", "Vic", "Ruth", "--distance", "inf"), "from 0 to 1000"),
    ("gunplay", ("fire", "Vic", "Ruth", "--distance", "nan"), "from 0 to 1000"),
    ("gunplay", ("odds", "--rof", "21"), "from 1 to 20"),
    ("gunplay", ("set", "Kit", "wounds", "1e40"), "from 0 to 20"),
    ("street-fight", ("move", "Orla", "--inches", "nan"), "from 0 to 1000"),
    ("street-fight", ("shoot", "Vex", "Brant", "--distance", "-inf"), "from 0 to 1000"),
    ("street-fight", ("odds", "morale", "--left", "99999999999999999999"), "from 0 to 100"),
    ("savage-worlds", ("odds", "d8", "--tn", "1000000"), "from 1 to 100"),
    ("savage-worlds", ("move", "Ada", "--inches", "inf"), "from 0 to 1000"),
    ("savage-worlds", ("award", "Expedition", "11"), "from 1 to 10"),
    ("savage-worlds", ("shoot", "Ada", "Acolyte 1", "--distance", "nan"), "from 0 to 1000"),
    ("savage-worlds", ("test", "Ada", "notice", "--actions", "11"), "from 1 to 10"),
    ("scratch-grid", ("undo", "100001"), "from 1 to 100000"),
    ("scratch-grid", ("new", "--rounds", "1001"), "from 1 to 1000"),
]


@pytest.mark.parametrize(("system", "args", "bound"), PAST, ids=[f"{s}:{' '.join(a)}" for s, a, _ in PAST])
def test_a_number_no_game_can_hold_is_one_line_saying_the_bound(sprawl: Any, system: str, args: tuple[str, ...],
                                                               bound: str) -> None:
    sprawl.new(system=system)
    before = _files(sprawl.folder)
    line = _refused_alone(sprawl(*args), 2, bound)
    assert "give a" in line
    assert _files(sprawl.folder) == before
    assert "error" in json_of(sprawl(*args, "--json"))  # --json: one JSON object, the same line


def json_of(result: Any) -> Any:
    import json

    return json.loads(result.stdout)


def every_option(system: str) -> Iterator[tuple[list[str], click.Option, str]]:
    """(command path, option, its long spelling) for every option of every command of `system`."""
    for path, command in every_command(system):
        for param in command.params:
            if isinstance(param, click.Option) and param.name not in ("help", "version") and path != "serve":
                yield path.split(), param, next(o for o in param.opts if o.startswith("--"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_nan_and_infinity_are_refused_by_every_numeric_option(sprawl: Any, system: str) -> None:
    """Every numeric option of every command of the system, given NaN, an infinity and 10**40."""
    sprawl.new(system=system)
    before = _files(sprawl.folder)
    numeric = [(path, spelt) for path, param, spelt in every_option(system) if isinstance(param.type, Number)]
    for path, spelt in numeric:
        for value in ("nan", "inf", "-inf", "1" + "0" * 40):
            _refused_alone(sprawl(*path, f"{spelt}={value}"), 2, "give a")
    assert len(numeric) >= 2 and _files(sprawl.folder) == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_given_twice_is_a_usage_error(sprawl: Any, system: str) -> None:
    """One answer per question (item 5): any option of any command, given twice, whatever it takes."""
    sprawl.new(system=system)
    before = _files(sprawl.folder)
    single = [(path, param, spelt) for path, param, spelt in every_option(system)
              if not (param.multiple or param.count)]
    for path, param, spelt in single:
        value = {"game": str(sprawl.save), "system": system}.get(param.name or "", "x")  # read before parsing
        once = [spelt] if param.is_flag else [f"{spelt}={value}"]
        # `new`, `rules`, `campaign` take their system from --system, not the save (nor its table answers)
        chosen = ["--system", system] if path[0] in CHOOSE_SYSTEM and param.name != "system" else []
        _refused_alone(sprawl(*path, *chosen, *once, *once), 2, f"{spelt} was given twice")
    assert len(single) > 30 and _files(sprawl.folder) == before


@pytest.mark.parametrize("args", [
    ("--game", "sprawl-game.yaml", "status", "--game", "sprawl-game.yaml"),
    ("--json", "status", "--json"),
    ("status", "--json", "--json"),
    ("shoot", "Razz", "Wilson", "--cover", "partial", "--cover", "full"),
    ("shoot", "Razz", "Wilson", "--range=short", "--range", "long"),
])
def test_before_and_after_the_command_and_any_spelling_one_answer(sprawl: Any, args: tuple[str, ...]) -> None:
    sprawl.new()
    before = _files(sprawl.folder)
    _refused_alone(sprawl(*args), 2, "was given twice")
    assert _files(sprawl.folder) == before


def test_options_made_to_repeat_still_may(sprawl: Any) -> None:
    sprawl.new()
    assert sprawl.json("roll", "3", "--mod", "1", "--mod", "2", "--dice", "7,8,9")["difficulty"] == 4


def test_the_bound_parser_at_its_edges() -> None:
    whole = Bound(1, 10)
    assert whole.parse(" 1 ") == 1 and whole.parse("10") == 10 and whole.parse("3.0") == 3 and whole.parse("1e1") == 10
    for text, says in (("0", "out of bounds"), ("11", "out of bounds"), ("1.5", "not a whole number"),
                       ("nan", "not a number"), ("inf", "not a finite number"), ("", "not a number"),
                       ("x" * 500, "not a number")):
        with pytest.raises(ValueError, match=says) as bad:
            whole.parse(text)
        assert "give a whole number from 1 to 10" in str(bad.value) and len(str(bad.value)) < 120
    assert INCHES.parse("0") == 0.0 and INCHES.parse("1000") == 1000.0 and INCHES.parse("2.5") == 2.5
    for text in ("-0.001", "1000.001", "1e400", "-inf", "nan"):
        with pytest.raises(ValueError, match="give a number from 0 to 1000"):
            INCHES.parse(text)
    assert MODIFIER.fault(100) is None and "past any die's reach" in (MODIFIER.fault(-101) or "")
    assert MODIFIER.fault(True) is not None and MODIFIER.fault(float("nan")) is not None
    assert quoted("a" * 100).endswith("...") and len(quoted("a" * 100)) == 40
    assert quoted("\x1b[31m\u202e") == "\\x1b[31m\\u202e"


def test_a_game_past_the_rounds_a_save_holds_is_never_written(sprawl: Any) -> None:
    """`next` past round 1000 would write a save no command reads again: the write refuses first."""
    from sprawl_cli.errors import BadInput
    from sprawl_cli.store import GameStore

    sprawl.new()
    store = GameStore(sprawl.save)
    game = store.load()
    game.round = 1000
    store.save(game)
    assert sprawl.json("status")["round"] == 1000
    before = sprawl.save.read_bytes()
    game.round = 1001
    with pytest.raises(BadInput, match="round 1001 is past the 1000 rounds a save holds"):
        store.save(game)
    assert sprawl.save.read_bytes() == before


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_long_or_hostile_name_typed_is_cut_and_escaped_in_the_one_line(sprawl: Any, system: str) -> None:
    sprawl.new(system=system)
    before = _files(sprawl.folder)
    line = _refused_alone(sprawl("set", "N" * 10_000, "x", "on"), 1, "no character named", "...")
    assert len(line) < 400
    line = _refused_alone(sprawl("set", "a\x1b[2J\u202eb", "x", "on"), 1, "a\\x1b[2J\\u202eb")
    assert "\x1b" not in line and "\u202e" not in line
    assert _files(sprawl.folder) == before


@pytest.mark.parametrize("seed", ["nan", "-1", "1" + "0" * 40, "x"])
def test_the_seed_from_the_environment_has_the_bound_of_the_option(sprawl: Any, seed: str) -> None:
    _refused_alone(sprawl("roll", "3", env={"SPRAWL_SEED": seed}), 1, "SPRAWL_SEED:", "from 0 to 18446744073709551615")
    _refused_alone(sprawl("roll", "3", "--seed", seed), 2, "--seed", "from 0 to 18446744073709551615")
    assert sprawl("roll", "3", env={"SPRAWL_SEED": str(2**64 - 1)}).exit_code == 0
