"""Hostile and broken files: save files and rosters that are malicious, huge, binary or wrong.

Every command that reads such a file must refuse it with exactly one `error:`
line (exit 1 or 2), never a traceback or an "internal error", never build a
Python object from a YAML tag, and never change any file.
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
from tests.reliability.conftest import PLF, SUIT, Folder, check_refusal

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
}

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
