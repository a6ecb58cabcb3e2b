"""Hostile and broken files: save files and rosters that are malicious, huge, binary or wrong.

Every command that reads such a file must refuse it with exactly one `error:`
line (exit 1 or 2), never a traceback or an "internal error", never build a
Python object from a YAML tag, and never change any file. Beside the shapes any file
can take, each system's saves are broken in that system's own shapes (a hex position
off the map, negative bennies, a `system:` key that disagrees with the rest), and a
stale cache of any system's save is never believed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests import harness
from tests.factory import new_args
from tests.reliability.conftest import NAMES, PLF, PROFILES, SUIT, Folder, check_refusal, game_of
from tests.reliability.systems import HEX_MAP

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))


def edited(change: Callable[[dict[str, Any]], object]) -> Callable[[str], str]:
    """A case made by editing a valid file's data (loaded with PyYAML's safe loader)."""

    def make(valid: str) -> str:
        data = yaml.safe_load(valid)
        change(data)
        return yaml.safe_dump(data, sort_keys=False)

    return make


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


def _delete(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        del data[path[-1]]

    return change


# name -> the file's content: text, bytes, or a function of the valid file's text
COMMON: dict[str, Any] = {
    "python object tag": "!!python/object/apply:os.system ['echo owned > owned.txt']\n",
    "python name tag": "squads: !!python/name:os.system\n",
    "python object in a value": "schema_version: 1\nsystem: !!python/object/new:builtins.dict {}\n",
    "custom tag": "schema_version: !custom 1\n",
    "alias bomb": BOMB,
    "one alias": "a: &x {b: 1}\nc: *x\n",
    "huge file": "# " + "x" * (5 * 1024 * 1024) + "\n",
    "long list under the cap": "- 1\n" * 900_000,
    "deep nesting": "[" * 5000 + "]" * 5000,
    "deep maps": "a: " * 3000 + "1\n",
    "binary": bytes(range(256)) * 4,
    "not utf-8": "health: caf\xe9\n".encode("latin-1"),
    "utf-16 with bom": "schema_version: 1\n".encode("utf-16"),
    "empty file": "",
    "only a comment": "# nothing here\n",
    "a list instead of a map": "- schema_version\n- 1\n",
    "a scalar": "just some words\n",
    "a number": "42\n",
    "broken yaml": "squads: [unclosed\n  - : :\n",
    "tabs": "a:\n\t- b\n",
    "duplicate keys": "squad: A\nsquad: B\n",
    "null key": "~: 1\n",
    "list as key": "[1, 2]: 3\n",
    "huge integer": "schema_version: 99999999999999999999999999999999999\n",
    "bad octal": "schema_version: 0o99\n",
    "nan": "schema_version: .nan\n",
    "timestamp": "schema_version: 2001-12-14t21:59:43.10-05:00\n",
    "binary tag": "schema_version: !!binary aGVsbG8=\n",
    "set tag": "schema_version: !!set {a, b}\n",
    "merge key": "base: &b {x: 1}\nother:\n  <<: *b\n",
    "document stream": "a: 1\n---\nb: 2\n",
}

SAVE_ONLY: dict[str, Any] = {
    "missing squads": edited(_delete(("squads",))),
    "missing characters": edited(_delete(("characters",))),
    "unknown key": edited(_set(("cheat",), 1)),
    "unknown character key": edited(_set(("characters", 0, "superpower"), "flight")),
    "health is text": edited(_set(("characters", 0, "health"), "three")),
    "health is a list": edited(_set(("characters", 0, "health"), [1, 2])),
    "health above max": edited(_set(("characters", 0, "health"), 99)),
    "health negative": edited(_set(("characters", 0, "health"), -1)),
    "health is a float": edited(_set(("characters", 0, "health"), 2.5)),
    "health is a bool": edited(_set(("characters", 0, "health"), True)),
    "health is huge": edited(_set(("characters", 0, "health"), 10**40)),
    "statuses is a map": edited(_set(("characters", 0, "statuses"), {"pinned": True})),
    "unknown status": edited(_set(("characters", 0, "statuses"), ["invisible"])),
    "characters is a map": edited(_set(("characters",), {"Babs": 1})),
    "character is a number": edited(_set(("characters", 0), 7)),
    "squads empty": edited(_set(("squads",), [])),
    "no characters": edited(_set(("characters",), [])),
    "side out of range": edited(_set(("side",), 5)),
    "side negative": edited(_set(("side",), -1)),
    "phase unknown": edited(_set(("phase",), "lunch")),
    "round zero": edited(_set(("round",), 0)),
    "step negative": edited(_set(("step",), -3)),
    "schema from the future": edited(_set(("schema_version",), 99)),
    "schema zero": edited(_set(("schema_version",), 0)),
    "schema is text": edited(_set(("schema_version",), "one")),
    "another system": edited(_set(("system",), "gunplay")),
    "unknown squad of a character": edited(_set(("characters", 0, "squad"), "Nobody")),
    "leader not in squad": edited(_set(("squads", 0, "leader"), "Nobody")),
    "member unknown": edited(_set(("squads", 0, "members"), ["Babs", "Ghost"])),
    "two characters with one name": edited(_set(("characters", 1, "name"), "Babs")),
    "weapon kind unknown": edited(_set(("characters", 0, "weapons", 0, "kind"), "laser")),
    "weapon is text": edited(_set(("characters", 0, "weapons"), "Pistol")),
    "settings dice unknown": edited(_set(("settings", "dice"), "loaded")),
    "engaged with a ghost": edited(_set(("characters", 0, "engaged_with"), ["Ghost"])),
    "brawls is a list": edited(_set(("brawls",), [1])),
    "weapon state unknown": edited(_set(("characters", 0, "weapon_states"), {"Pistol": "melted"})),
    # Issue 34: numbers and names no game can hold.
    "round huge": edited(_set(("round",), 10**40)),
    "round three million": edited(_set(("round",), 3_000_000)),
    "round limit huge": edited(_set(("rounds",), 10**6)),
    "step huge": edited(_set(("step",), 10**9)),
    "shooting huge": edited(_set(("characters", 0, "shooting"), 10**40)),
    "shooting past twenty dice": edited(_set(("characters", 0, "shooting"), 21)),
    "weapon power huge": edited(_set(("characters", 0, "weapons", 0, "power"), 10**6)),
    "blast is nan": edited(_set(("characters", 0, "weapons", 0, "blast"), float("nan"))),
    "blast is infinite": edited(_set(("characters", 0, "weapons", 0, "blast"), float("inf"))),
    "name of ten thousand characters": edited(_set(("characters", 0, "name"), "B" * 10_000)),
    "name with a NUL": edited(_set(("characters", 0, "name"), "Ba\x00bs")),
    "name with an escape": edited(_set(("characters", 0, "name"), "Ba\x1b[31mbs")),
    "name with a right-to-left override": edited(_set(("characters", 0, "name"), "Ba\u202ebs")),
    "squad name with a control character": edited(_set(("squads", 0, "name"), "P\x07LF")),
}

ROSTER_ONLY: dict[str, Any] = {
    "no characters": "squad: A\nleader: X\ncharacters: []\n",
    "leader not in squad": edited(_set(("leader",), "Nobody")),
    "negative attribute": edited(_set(("characters", 0, "shooting"), -2)),
    "health zero": edited(_set(("characters", 0, "health"), 0)),
    "attribute is text": edited(_set(("characters", 0, "guts"), "brave")),
    "attribute is a float": edited(_set(("characters", 0, "guts"), 2.5)),
    "attribute missing": edited(_delete(("characters", 0, "smarts"))),
    "two characters with one name": edited(_set(("characters", 1, "name"), "Babs")),
    "unknown weapon": edited(_set(("characters", 0, "weapons"), ["Phaser"])),
    "weapons is a map": edited(_set(("characters", 0, "weapons"), {"Pistol": 1})),
    "inline weapon without kind": edited(_set(("characters", 0, "weapons"), [{"name": "Rock", "power": 1}])),
    "unknown key": edited(_set(("tactics",), "charge")),
    "character is a list": edited(_set(("characters", 0), ["Babs"])),
    "name is a number": edited(_set(("characters", 0, "name"), 12)),
    "attribute huge": edited(_set(("characters", 0, "shooting"), 10**40)),
    "name of ten thousand characters": edited(_set(("characters", 0, "name"), "B" * 10_000)),
    "name with a right-to-left override": edited(_set(("characters", 0, "name"), "Ba\u202ebs")),
    "squad name with a NUL": edited(_set(("squad",), "P\x00LF")),
}

# Saves of the other systems, in their own shapes: each edit breaks what that system's
# check (System.check_game) or the kernel's must catch in a game of that system.
SYSTEM_SAVES: dict[str, dict[str, Any]] = {
    "gunplay": {
        "a system that disagrees with the file": edited(_set(("system",), "sprawl")),
        "negative wounds": edited(_set(("characters", 0, "wounds"), -1)),
        "wounds is text": edited(_set(("characters", 0, "wounds"), "two")),
        "negative actions left": edited(_set(("characters", 0, "actions_left"), -2)),
        "unknown status": edited(_set(("characters", 0, "statuses"), ["pinned"])),
        "order names a side that is not there": edited(_set(("order",), [0, 7])),
        "side out of range": edited(_set(("side",), 5)),
        "weapon with negative damage": edited(_set(("characters", 0, "weapons", 0, "damage"), -3)),
        "die that is not on the ladder": edited(_set(("settings", "die"), "d7")),
        "member unknown": edited(_set(("squads", 0, "members"), ["Vic", "Ghost"])),
        "round huge": edited(_set(("round",), 10**40)),
        "shooting huge": edited(_set(("characters", 0, "shooting"), 10**40)),
        "name of ten thousand characters": edited(_set(("characters", 0, "name"), "V" * 10_000)),
    },
    "street-fight": {
        "a system that disagrees with the file": edited(_set(("system",), "savage-worlds")),
        "unknown weapon": edited(_set(("characters", 0, "weapon"), "phaser")),
        "negative move": edited(_set(("characters", 0, "moved_inches"), -4.0)),
        "negative aim": edited(_set(("characters", 0, "aim_turns"), -1)),
        "engaged with a ghost": edited(_set(("characters", 0, "engaged_with"), ["Ghost"])),
        "unknown status": edited(_set(("characters", 0, "statuses"), ["pinned"])),
        "phase unknown": edited(_set(("phase",), "lunch")),
        "morale of an unknown squad": edited(_set(("morale", 0, "squad"), "Nobody")),
        "morale setting unknown": edited(_set(("settings", "morale"), "maybe")),
        "position past the order": edited(_set(("position",), 9)),
        "move is nan": edited(_set(("characters", 0, "moved_inches"), float("nan"))),
        "move is infinite": edited(_set(("characters", 0, "moved_inches"), float("inf"))),
        "round three million": edited(_set(("round",), 3_000_000)),
    },
    "savage-worlds": {
        "a system that disagrees with the file": edited(_set(("system",), "gunplay")),
        "negative bennies": edited(_set(("characters", 0, "bennies"), -1)),
        "negative pool": edited(_set(("pools", "Expedition"), -3)),
        "pool of an unknown side": edited(_set(("pools", "Nobody"), 2)),
        "too many wounds": edited(_set(("characters", 5, "wounds"), 9)),
        "die that does not exist": edited(_set(("characters", 0, "agility"), "d7")),
        "skill die that does not exist": edited(_set(("characters", 0, "skills", "fighting"), "d5")),
        "card twice in the deck": edited(_set(("deck",), ["2C", "2C"])),
        "card that does not exist": edited(_set(("deck",), ["ZZ"])),
        "game master of an unknown side": edited(_set(("gm",), ["Nobody"])),
        "armor negative": edited(_set(("characters", 0, "armor"), -5)),
        "armor huge": edited(_set(("characters", 0, "armor"), 10**40)),
        "movement is nan": edited(_set(("characters", 0, "moved"), float("nan"))),
        "pool past any game's": edited(_set(("pools", "Expedition"), 1001)),
        "trait die with a huge bonus": edited(_set(("characters", 0, "agility"), "d12+1000000")),
        "rate of fire huge": edited(_set(("characters", 0, "weapons", 0, "rof"), 10**6)),
    },
    "scratch-grid": {
        "a system that disagrees with the file": edited(_set(("system",), "street-fight")),
        "position off the map": edited(_set(("characters", 0, "at"), "z99")),
        "position that is not a space": edited(_set(("characters", 0, "at"), "k")),
        "position in a wall": edited(_set(("characters", 0, "at"), "l1")),
        "two on one space": edited(_set(("characters", 1, "at"), "k3")),
        "ragged map": edited(_set(("map",), ["....", ".."])),
        "grid unknown": edited(_set(("grid",), "triangle")),
        "unknown status": edited(_set(("characters", 0, "statuses"), ["pinned"])),
        "negative quickness": edited(_set(("characters", 0, "quickness"), -2)),
        "quickness huge": edited(_set(("characters", 0, "quickness"), 10**40)),
        "round three million": edited(_set(("round",), 3_000_000)),
        "name with a control character": edited(_set(("characters", 0, "name"), "Ve\x08x")),
    },
    # Scratch:Grid on its hex map (rosters/scratch-grid/marsh.yaml: 12 x 8).
    "scratch-grid-hex": {
        "hex position off the map": edited(_set(("characters", 0, "at"), "m9")),
        "hex position past the last row": edited(_set(("characters", 0, "at"), "a9")),
        "hex position in a wall": edited(_set(("characters", 0, "at"), "l1")),
        "hex grid unknown": edited(_set(("grid",), "hexes")),
    },
}
SYSTEM_CASES = [pytest.param(system, name, id=f"{system}-{name}") for system, cases in SYSTEM_SAVES.items()
                for name in cases]


def system_commands(system: str) -> list[list[str]]:
    """What each hostile save of `system` is given: reads, the kernel's changes, one of its own."""
    profile = PROFILES[system]
    return [["status"], ["status", "--json"], ["next"], ["set", profile.people[0], profile.toggles[0], "on"],
            list(profile.fault_change), ["undo"], ["log"]]


_VALID: dict[str, Path] = {}


def valid_game(system: str, path: Path) -> Folder:
    """A fresh game of `system` (`scratch-grid-hex`: on the hex map) at `path`, made once a run and copied."""
    if system not in _VALID:
        real = system.removesuffix("-hex")
        maker = Folder(Path(tempfile.mkdtemp(prefix="sprawl-hostile-")) / "game")
        maker.path.mkdir()
        args = new_args(real)
        if system.endswith("-hex"):  # the same squads on the hex map: one --map, as every option is given once
            args[args.index("--map") + 1] = str(HEX_MAP)
        maker.ok("new", *args, *PROFILES[real].new_extra)
        _VALID[system] = maker.path
    game = Folder(path)
    Folder(_VALID[system]).copy_to(game)
    return game


@pytest.mark.parametrize(("system", "name"), SYSTEM_CASES)
def test_hostile_save_of_each_system_is_refused_cleanly(tmp_path: Path, system: str, name: str,
                                                        figures: dict[str, Any]) -> None:
    game = valid_game(system, tmp_path / "game")
    valid = game.save.read_text(encoding="utf-8")
    hostile = content(SYSTEM_SAVES[system][name], valid)
    assert hostile != valid.encode("utf-8")
    game.save.write_bytes(hostile)  # the cache beside it still holds the valid game: it must not be believed
    runs = run_refused(game, system_commands(system.removesuffix("-hex")), game.path)
    record = figures.setdefault("hostile_by_system", {}).setdefault(
        system.removesuffix("-hex"), {"save_files": 0, "runs": 0})
    record["save_files"] += 1
    record["runs"] += runs


@pytest.mark.parametrize("system", NAMES)
def test_stale_cache_is_never_believed(tmp_path: Path, system: str, figures: dict[str, Any]) -> None:
    """A save's cache left from an earlier state (a save restored from a backup, a copy from
    another game) is passed over: every command reads the YAML, and the next save mends it."""
    game = valid_game(system, tmp_path / "game")
    cache = game.path / (game.save.name + ".cache")
    assert cache.is_file()
    stale = cache.read_bytes()
    profile = PROFILES[system]
    game.ok("set", profile.people[0], profile.toggles[0], "on")
    now = game.json("status")
    other = valid_game(NAMES[(NAMES.index(system) + 1) % len(NAMES)], tmp_path / "other")
    for wrong in (stale, (other.path / (other.save.name + ".cache")).read_bytes()):
        cache.write_bytes(wrong)
        assert game.json("status") == now, "a stale cache was believed"
        log = game.json("log")["entries"]
        assert [e["step"] for e in log] == [1]
    game.ok("undo")  # a change saves the YAML and a fresh cache of it
    assert game.json("status")["characters"] != now["characters"]
    assert game.save.read_bytes() == Folder(_VALID[system]).save.read_bytes()
    figures.setdefault("hostile_by_system", {}).setdefault(system, {}).setdefault("stale_caches", 0)
    figures["hostile_by_system"][system]["stale_caches"] += 2


SAVE_COMMANDS = [["status"], ["status", "--json"], ["status", "Babs"], ["next"], ["set", "Babs", "ran", "on"],
                 ["damage", "Babs", "1"], ["undo"], ["redo"], ["log"]]


def content(case: Any, valid: str) -> bytes:
    made = case(valid) if callable(case) else case
    return made.encode("utf-8") if isinstance(made, str) else made


def run_refused(game: Folder, commands: list[list[str]], where: Path) -> int:
    """Run each command; each must refuse cleanly and leave every file in `where` as it was."""
    def files() -> dict[str, bytes]:
        return {str(p): p.read_bytes() for p in sorted(where.rglob("*")) if p.is_file() and not p.name.endswith(".lock")}

    before = files()
    for args in commands:
        result = game.run(*args)
        check_refusal(result.exit_code, result.stderr, result.stdout)
        assert files() == before, f"{args} changed a file"
    assert not (where / "owned.txt").exists(), "a YAML tag ran code"
    return len(commands)


@pytest.mark.parametrize("name", [*COMMON, *SAVE_ONLY])
def test_hostile_save_file_is_refused_cleanly(tmp_path: Path, name: str, figures: dict[str, Any]) -> None:
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    game.new()
    valid = game.save.read_text(encoding="utf-8")
    game.save.write_bytes(content({**COMMON, **SAVE_ONLY}[name], valid))
    runs = run_refused(game, SAVE_COMMANDS, game.path)
    record = figures.setdefault("hostile", {"save_files": 0, "rosters": 0, "runs": 0})
    record["save_files"] += 1
    record["runs"] += runs


@pytest.mark.parametrize("name", [*COMMON, *ROSTER_ONLY])
def test_hostile_roster_is_refused_cleanly(tmp_path: Path, name: str, figures: dict[str, Any]) -> None:
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    roster = game.path / "roster.yaml"
    roster.write_bytes(content({**COMMON, **ROSTER_ONLY}[name], Path(PLF).read_text(encoding="utf-8")))
    runs = run_refused(game, [["new", "--squad", str(roster), "--squad", SUIT],
                              ["new", "--squad", SUIT, "--squad", str(roster), "--force"]], game.path)
    record = figures.setdefault("hostile", {"save_files": 0, "rosters": 0, "runs": 0})
    record["rosters"] += 1
    record["runs"] += runs


def test_save_path_that_is_a_folder(tmp_path: Path) -> None:
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    game.save.mkdir()
    run_refused(game, [*SAVE_COMMANDS, ["new", "--squad", PLF, "--squad", SUIT]], game.path)


def test_roster_that_is_a_folder_or_missing(folder: Folder) -> None:
    run_refused(folder, [["new", "--squad", str(folder.path), "--squad", SUIT, "--force"],
                         ["new", "--squad", str(folder.path / "nope.yaml"), "--squad", SUIT, "--force"]], folder.path)


def test_save_path_that_is_a_symlink_loop(tmp_path: Path) -> None:
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    os.symlink(game.save, game.save)
    run_refused(game, SAVE_COMMANDS, game.path)


def test_save_file_in_a_missing_folder(tmp_path: Path) -> None:
    game = Folder(tmp_path / "nowhere" / "deeper")
    result = game.run("status")
    check_refusal(result.exit_code, result.stderr)
    assert "sprawl new" in result.stderr


def test_unreadable_save_file(tmp_path: Path, figures: dict[str, Any]) -> None:
    """A save file its user may not read (mode 000): each command, run as a real process by a
    user that file modes apply to (as root: the user nobody), says so in one line, changes nothing."""
    base = Path(tempfile.mkdtemp(prefix="sprawl-unreadable-"))  # pytest's tmp_path is private to root
    try:
        base.chmod(0o755)
        game = Folder(base / "game")
        game.path.mkdir()
        game.new()
        start, env, user = harness.unprivileged(game.path)
        game.save.chmod(0)
        before = game.files()
        for args in SAVE_COMMANDS:
            done = subprocess.run([*start, *game.args(*args)], cwd=game.path, env=env, capture_output=True,
                                  text=True, timeout=60, stdin=subprocess.DEVNULL)
            check_refusal(done.returncode, done.stderr, done.stdout)
            assert f"error: {game.save}: cannot read the sprawl save file: Permission denied" in done.stderr, (
                f"{args} as {user}: {done.stderr}")
            assert game.files() == before, f"{args} changed a file"
        figures.setdefault("hostile", {})["unreadable_save_run_as"] = user
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_damaged_journal_entry_refuses_undo_only(folder: Folder) -> None:
    """A hand-damaged journal entry: undo and log say which file, other commands go on."""
    folder.ok("set", "Babs", "ran", "on")
    entry = folder.journal / "000001.json"
    for damage in (b"{not json", b"[1, 2]", b"\xff\xfe", b""):
        entry.write_bytes(damage)
        run_refused(folder, [["undo"], ["log"]], folder.path)
        folder.ok("status", "--json")
    entry.write_bytes(b'{"step": 1, "before": {"schema_version": 1, "system": "sprawl"}}')
    run_refused(folder, [["undo"]], folder.path)
    entry.write_bytes(b'{"step": 1, "before": "not a game"}')
    run_refused(folder, [["undo"]], folder.path)


# --- issue 34: not a file where a file belongs, and names no game can hold -------------------------

def _refused_in_a_process(game: Folder, args: list[str], *words: str) -> None:
    """`args` as a real process: a hang fails the test (harness.run's timeout raises), a refusal is
    one line holding `words`, and no file changes."""
    before = game.files()
    done = game.process(*args, timeout=60)
    check_refusal(done.returncode, done.stderr, done.stdout)
    for word in words:
        assert word in done.stderr, (args, done.stderr)
    assert game.files() == before, f"{args} changed a file"


@pytest.mark.parametrize("system", NAMES)
def test_a_fifo_where_the_save_belongs_is_refused_without_opening_it(tmp_path: Path, system: str,
                                                                    figures: dict[str, Any]) -> None:
    game = valid_game(system, tmp_path / "game")
    game.save.unlink()
    os.mkfifo(game.save)
    for args in (["status"], ["status", "--json"], list(PROFILES[system].fault_change)):
        _refused_in_a_process(game, args, f"{game.save} is a FIFO")
    figures.setdefault("not_a_file", {}).setdefault(system, 0)
    figures["not_a_file"][system] += 3


PLACES = {
    "cache": lambda g: g.path / (g.save.name + ".cache"),
    "journal": lambda g: g.journal,
    "journal entry": lambda g: g.journal / "000001.json",
    "lock": lambda g: g.path / (g.save.name + ".lock"),
    "first state": lambda g: g.path / (g.save.name + ".first.json"),
    "write-ahead log": lambda g: g.path / (g.save.name + ".wal"),
}


@pytest.mark.parametrize(("place", "kind"), [(p, k) for p in PLACES for k in ("fifo", "folder", "device")
                                              if (p, k) != ("journal", "folder")])  # the journal is a folder
def test_not_a_file_where_a_file_of_the_save_belongs(folder: Folder, place: str, kind: str) -> None:
    folder.ok("set", "Babs", "ran", "on")  # a journal with an entry
    path = PLACES[place](folder)
    shutil.rmtree(path) if path.is_dir() else path.unlink()
    {"fifo": os.mkfifo, "folder": os.mkdir, "device": lambda p: os.symlink("/dev/zero", p)}[kind](path)
    said = {"fifo": "is a FIFO", "folder": "is a folder", "device": "is a device"}[kind]
    commands = [["undo"], ["log"]] if place == "journal entry" else [["status"], ["undo"]]
    for args in commands:
        _refused_in_a_process(folder, args, f"{path.name} {said}")


@pytest.mark.parametrize("system", NAMES)
@pytest.mark.parametrize("name", ["B" * 10_000, "Ba\x00bs", "Ba\x1b[2Jbs", "Ba\u202ebs", "Ba\u2066bs", " "])
def test_a_roster_name_no_game_can_hold_is_refused_in_one_short_line(tmp_path: Path, system: str, name: str) -> None:
    from tests.factory import SAMPLES

    first, second, extra = SAMPLES[system]
    data = yaml.safe_load(first.read_text(encoding="utf-8"))
    data["characters"][0]["name"] = name
    roster = tmp_path / "roster.yaml"
    roster.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = Folder(tmp_path / "game")
    game.path.mkdir()
    result = game.run("new", "--system", system, "--squad", str(roster), "--squad", str(second), *extra)
    check_refusal(result.exit_code, result.stderr, result.stdout)
    line = result.stderr.strip()
    assert len(line) < 400 and "\x00" not in line and "\x1b" not in line and "\u202e" not in line, line
    assert not game.save.exists()
