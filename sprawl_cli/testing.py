"""sprawl's test kit for a system's author: a pytest plugin, and a conformance suite.

Installed with sprawl, it is a pytest plugin (the `pytest11` entry point `sprawl`), so a
system's own tests have these fixtures without importing anything:

- `sprawl_runner`: runs `sprawl ARGS` in-process (Click's CliRunner) in a fresh folder, with a
  state folder of its own (the key that signs save caches is never the user's): call it,
  `.json(ARGS)` for `--json`'s data, `.files()` for every file byte for byte.
- `sprawl_game(system, rosters, *options)`: a game of any system started by `new` from inline
  rosters (file name -> YAML text, or a path), options such as `--map FILE` after them; returns
  the runner, the game in its folder.
- `scripted_dice(*faces)`: a `Dice` that gives these faces and cards in order (and fails the
  test if a rule asks for more), keeping every draw (`.rolls`).
- `scripted_answers(**answers)`: a `Table` answering the table's questions from what it is given
  (`yes`, `lists`, `numbers`, `choices`, `force`), as `sprawl_cli.api.ScriptedTable`.

`Conformance` is the suite every system passes (the five built-in ones run it in
tests/test_conformance.py; examples/duel/ runs it on an installed outside system). Subclass it
in a test module as `TestConformance`, saying which system and two squads:

    class TestConformance(Conformance):
        system = "duel"
        rosters = {"reds.yaml": "system: duel\\nsquad: Reds\\n...", "blues.yaml": "..."}

It plays every command the kernel gives each game (new, status, next, undo, redo, log, set,
rules, concede, end, report) through the command line, and checks that a refused command
changes no byte, that undo and redo give back the save exactly, the JSON shapes of the status
contract (`sprawl_cli.api.StatusJson`), that the live page and the battle report draw, and
that Tab completes the characters' names.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

import pytest

if TYPE_CHECKING:
    from click.testing import Result

    from sprawl_cli.dice import Card, Face, RecordingDice
    from sprawl_cli.table import ScriptedTable

Rosters = Mapping[str, "str | Path"]  # file name -> the roster's YAML text, or the path of a roster file


_RUNS: dict[str, int] = {}


def test_seed() -> str:
    """A seed for the dice of the next command the running test starts: the test's own id
    (crc32) and how many commands it has started, so each command rolls differently from the
    last, and every run of the suite rolls the same dice for the same test. A verdict never
    rests on luck, and a failure replays as it came."""
    import zlib

    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
    runs = _RUNS[test] = _RUNS.get(test, -1) + 1
    return str(zlib.crc32(test.encode()) * 4096 + runs % 4096)


test_seed.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test pytest should collect


class SprawlRunner:
    """`sprawl ARGS` in this process, in `folder` (the current folder while a test runs). Its
    dice are seeded by the test (`test_seed`) unless `env` names a SPRAWL_SEED."""

    def __init__(self, folder: Path, state: Path) -> None:
        self.folder = folder
        self.environ = {k: v for k, v in os.environ.items() if not k.startswith(("SPRAWL_", "_SPRAWL", "COMP_"))}
        self.environ["XDG_STATE_HOME"] = str(state)

    @property
    def save(self) -> Path:
        return self.folder / "sprawl-game.yaml"

    def __call__(self, *args: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
        from click.testing import CliRunner

        from sprawl_cli.cli.main import cli
        from sprawl_cli.context import Env

        environ = {**self.environ, "SPRAWL_SEED": test_seed(), **(env or {})}
        return CliRunner().invoke(cli, list(args), input=input, obj=Env(interactive=False, environ=environ),
                                  env=dict(env or {}), catch_exceptions=False)

    def json(self, *args: str) -> Any:
        """`--json`'s data of a command that must succeed."""
        done = self(*args, "--json")
        assert done.exit_code == 0, f"sprawl {' '.join(args)}: {done.stderr or done.stdout}"
        return json.loads(done.stdout)

    def files(self) -> dict[str, bytes]:
        """Every file under the folder, byte for byte (the lock aside), to prove nothing changed."""
        return {str(p.relative_to(self.folder)): p.read_bytes() for p in sorted(self.folder.rglob("*"))
                if p.is_file() and not p.name.endswith(".lock")}

    def squads(self, rosters: Rosters) -> list[str]:
        """`--squad FILE` for each roster, the inline ones written beside the folder (not in it)."""
        where = self.folder.parent / f"{self.folder.name}-rosters"
        where.mkdir(exist_ok=True)
        args: list[str] = []
        for file, roster in rosters.items():
            path = roster if isinstance(roster, Path) else where / file
            if not isinstance(roster, Path):
                path.write_text(roster, encoding="utf-8")
            args += ["--squad", str(path)]
        return args

    def new(self, system: str, rosters: Rosters, *options: str) -> SprawlRunner:
        done = self("new", "--system", system, *self.squads(rosters), *options)
        assert done.exit_code == 0, f"sprawl new --system {system}: {done.stderr}"
        return self

    def complete(self, line: str) -> list[str]:
        """What Tab offers at the end of `line` (the words after `sprawl`), as bash asks."""
        words = f"sprawl {line}"
        done = self(env={"_SPRAWL_COMPLETE": "bash_complete", "COMP_WORDS": words,
                         "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))})
        assert done.exit_code == 0, done.stderr
        return [row.partition(",")[2] for row in done.stdout.splitlines() if row]


@pytest.fixture
def sprawl_runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SprawlRunner]:
    folder = tmp_path / "table"
    folder.mkdir()
    monkeypatch.chdir(folder)
    yield SprawlRunner(folder, tmp_path / "state")


@pytest.fixture
def sprawl_game(sprawl_runner: SprawlRunner) -> Callable[..., SprawlRunner]:
    """`sprawl_game(system, rosters, *options)`: the runner, with a new game in its folder."""
    return sprawl_runner.new


class _Exact:
    """Scripted faces that fail the test when a rule asks for more than were given."""

    def __init__(self, faces: tuple[int | str, ...]) -> None:
        from sprawl_cli.dice import ScriptedDice

        self.given = faces
        self.inner = ScriptedDice(faces)

    def roll(self, count: int, label: str, sides: int = 10) -> tuple[Face, ...]:
        from sprawl_cli.errors import DiceShortage

        try:
            return self.inner.roll(count, label, sides)
        except DiceShortage as short:
            self.short(short.message)

    def card(self, deck: Sequence[Card], label: str) -> Card:
        from sprawl_cli.errors import DiceShortage

        try:
            return self.inner.card(deck, label)
        except DiceShortage as short:
            self.short(short.message)

    def short(self, message: str) -> NoReturn:
        pytest.fail(f"the rule asked for more than the scripted dice {list(self.given)}: {message}")


@pytest.fixture
def scripted_dice() -> Callable[..., RecordingDice]:
    """`scripted_dice(4, 7, "KS")`: dice that give these faces and cards in order."""
    from sprawl_cli.dice import RecordingDice

    return lambda *faces: RecordingDice(_Exact(faces))


@pytest.fixture
def scripted_answers() -> Callable[..., ScriptedTable]:
    """`scripted_answers(lists={"witnesses": ["Ann"]}, force=True)`: the table's answers, given up front."""
    from sprawl_cli.table import ScriptedTable

    return ScriptedTable


# --- the conformance suite -------------------------------------------------------------------


class Conformance:
    """The kernel's commands on a game of `system` (subclass as `TestConformance`; see the module)."""

    system: ClassVar[str] = ""
    rosters: ClassVar[Rosters] = {}  # two squads or more
    new_options: ClassVar[tuple[str, ...]] = ()  # anything else `new` needs (`--map FILE`)

    @pytest.fixture
    def game(self, sprawl_runner: SprawlRunner) -> SprawlRunner:
        assert self.system and len(self.rosters) >= 2, "say the system and give it two rosters"
        return sprawl_runner.new(self.system, self.rosters, *self.new_options)

    def status(self, game: SprawlRunner) -> dict[str, Any]:
        data: dict[str, Any] = game.json("status")
        return data

    def first(self, game: SprawlRunner) -> tuple[str, str]:
        """The first character's name and the first status `set` takes."""
        from sprawl_cli import systems

        statuses = systems.get(self.system).statuses
        assert statuses, f"{self.system} names no statuses for `set`"
        return self.status(game)["characters"][0]["name"], statuses[0]

    def test_new_writes_a_save_of_the_system(self, game: SprawlRunner) -> None:
        assert game.save.is_file() and f"system: {self.system}" in game.save.read_text(encoding="utf-8")

    def test_status_keeps_the_contract(self, game: SprawlRunner) -> None:
        from sprawl_cli.contract import SHARED_STATUS, STATUS_LISTS, sentences

        data = self.status(game)
        assert list(data)[:len(SHARED_STATUS)] == list(SHARED_STATUS)
        assert data["system"] == self.system and data["round"] >= 1 and data["over"] is False
        people = data["characters"]
        assert people and all(isinstance(c["name"], str) and isinstance(c["squad"], str)
                              and isinstance(c["statuses"], list) for c in people)
        assert len({c["squad"] for c in people}) >= 2 and data["side"] in {c["squad"] for c in people}
        for key in STATUS_LISTS:
            assert key not in data or sentences(data[key])
        one = game.json("status", people[0]["name"])
        assert [c["name"] for c in one["characters"]] == [people[0]["name"]]
        shown = game("status")
        assert shown.exit_code == 0 and people[0]["name"] in shown.stdout

    def test_next_undo_and_redo_are_exact(self, game: SprawlRunner) -> None:
        before = game.save.read_bytes()
        moved = game.json("next", "--force")
        assert isinstance(moved, dict)
        after = game.save.read_bytes()
        assert after != before
        assert game("undo").exit_code == 0 and game.save.read_bytes() == before
        assert game("redo").exit_code == 0 and game.save.read_bytes() == after

    def test_set_is_a_correction_undo_takes_back(self, game: SprawlRunner) -> None:
        name, status = self.first(game)
        before = game.save.read_bytes()
        done = game.json("set", name, status, "on", "--force")
        assert isinstance(done, dict)
        who = next(c for c in self.status(game)["characters"] if c["name"] == name)
        assert status in who["statuses"], f"`set {name} {status} on` left {name} without it"
        assert game("undo").exit_code == 0 and game.save.read_bytes() == before

    def test_the_log_lists_each_change(self, game: SprawlRunner) -> None:
        assert game.json("log")["entries"] == []
        game.json("next", "--force")
        entries = game.json("log")["entries"]
        assert [e["kind"] for e in entries] == ["next"]
        assert game("log").exit_code == 0

    def test_refused_commands_change_no_byte(self, game: SprawlRunner) -> None:
        name, status = self.first(game)
        before = game.files()
        for args in (["set", "Nobody At All", status, "on"], ["set", name, "no-such-status", "on"],
                     ["concede", "No Such Side"], ["undo"], ["redo"]):
            refused = game(*args)
            assert refused.exit_code in (1, 2), args
            assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr, args
            assert game.files() == before, f"`sprawl {' '.join(args)}` was refused and changed a file"

    def test_rules_has_topics(self, game: SprawlRunner) -> None:
        data = game.json("rules")
        assert data["system"] == self.system and isinstance(data["topics"], list)
        assert game("rules").exit_code == 0

    def test_concede_ends_the_game_and_refuses_more(self, game: SprawlRunner) -> None:
        data = self.status(game)
        sides = list(dict.fromkeys(c["squad"] for c in data["characters"]))
        conceded = game.json("concede", sides[0])
        assert isinstance(conceded, dict)
        over = self.status(game)
        if len(sides) == 2:
            assert over["over"] is True and over["winner"] == sides[1]
        if over["over"]:
            before = game.files()
            refused = game("next", "--force")
            assert refused.exit_code == 1 and game.files() == before

    def test_end_then_the_report_and_the_live_page(self, game: SprawlRunner) -> None:
        from sprawl_cli.render.table_page import game_view

        game.json("next", "--force")
        ended = game.json("end")
        assert isinstance(ended, dict) and self.status(game)["over"] is True
        report = game("report")
        assert report.exit_code == 0 and report.stdout.startswith("# "), report.stderr
        assert game("report", "--format", "html", "--output", "report.html").exit_code == 0
        assert (game.folder / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
        page = game_view(game.save)
        assert 'id="banner"' not in page, page
        assert all(c["name"] in page for c in self.status(game)["characters"])

    def test_the_live_page_draws_a_game_in_play(self, game: SprawlRunner) -> None:
        from sprawl_cli.render.table_page import game_view

        page = game_view(game.save)
        assert 'id="banner"' not in page and 'id="turn"' in page, page

    def test_tab_completes_the_names(self, game: SprawlRunner) -> None:
        names = [c["name"] for c in self.status(game)["characters"]]
        assert set(names) <= set(game.complete("set "))
        offered = game.complete("st")
        assert "status" in offered
