"""Game and campaign move in one step: the journal's companion files, the crash
window between the two writes (a real process killed with SIGKILL in it), and
undo / redo of an aftermath."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import sprawl_cli.store as store_module
from sprawl_cli.save import atomic, journal, wal
from sprawl_cli.errors import SaveFileError
from sprawl_cli.save.atomic import TEMP_MARK
from sprawl_cli.save.data import game_to_data
from sprawl_cli.store import GameStore
from tests import harness
from tests.factory import PLF, SUIT
from tests.factory import character, game


# A real `sprawl` process that kills itself with SIGKILL at the instant it would put a new
# version of one file in place (its os.replace): nothing runs after that, no clean-up, no
# finally, exactly as when the power or the OOM killer stops it there.
KILL_AT_REPLACE = """
import os, runpy, signal, sys
target = os.path.realpath(sys.argv[1])
real_replace = os.replace

def replace(src, dst, *args, **kwargs):
    if os.path.realpath(dst) == target:
        os.kill(os.getpid(), signal.SIGKILL)
    return real_replace(src, dst, *args, **kwargs)

os.replace = replace
sys.argv = ["sprawl", *sys.argv[2:]]
runpy.run_module("sprawl_cli", run_name="__main__")
"""


def killed_at(sprawl, target: Path, *args: str) -> None:
    """Run `sprawl ARGS` as a real process in the game's folder, SIGKILLed as it replaces `target`."""
    done = subprocess.run([sys.executable, "-c", KILL_AT_REPLACE, str(target), *args], cwd=sprawl.folder,
                          env=harness.clean_environ(), capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == -signal.SIGKILL, f"the kill never came (exit {done.returncode}): {done.stderr}"


# Every module that writes with atomic_write, under the name it imported.
WRITERS = (atomic, journal, wal, store_module)


@contextlib.contextmanager
def fail_on(target: Path, error: BaseException) -> Iterator[list[Path]]:
    """While open, atomic_write raises `error` when it is about to replace `target`;
    yields the paths it did write."""
    real = atomic.atomic_write
    written: list[Path] = []

    def patched(path: Path, text: str, **options: bool) -> None:
        if Path(path).resolve() == target.resolve():
            raise error
        written.append(Path(path))
        real(path, text, **options)

    with pytest.MonkeyPatch.context() as patch:
        for module in WRITERS:
            patch.setattr(module, "atomic_write", patched)
        yield written


@pytest.fixture
def ended(sprawl):
    """A campaign, a game of it, Razz put Out of Action and the game ended."""
    assert sprawl("campaign", "new", "--squad", PLF, "--squad", SUIT).exit_code == 0
    assert sprawl("new", "--campaign", "sprawl-campaign.yaml").exit_code == 0
    sprawl.json("set", "Razz", "out_of_action", "on")
    sprawl.json("set", "Babs", "pinned", "on")
    for name in ("Babs", "Wes", "Lang", "Mutt"):
        sprawl.json("set", name, "out_of_action", "on")
    assert sprawl.json("status")["over"] is True
    return sprawl


def campaign_file(sprawl) -> Path:
    return sprawl.folder / "sprawl-campaign.yaml"


def test_killed_between_campaign_and_save_is_rolled_back(ended, snapshot):
    before = snapshot(ended.folder)
    killed_at(ended, ended.save, "aftermath", "--dice", "5,5,5,5,5")
    campaign = campaign_file(ended)
    assert "number: 1" in campaign.read_text()  # the campaign had been written ...
    journal = ended.folder / "sprawl-game.yaml.journal"
    orphan = sorted(journal.glob("*.json"))[-1]
    assert "files" in json.loads(orphan.read_text())  # ... and the entry that can take it back
    # Reading the campaign puts it back first (and drops the orphaned entry).
    assert ended.json("campaign", "show")["games"] == []
    assert snapshot(ended.folder) == before
    # The aftermath can then be done, once.
    data = ended.json("aftermath", "--dice", "5,5,5,5,5")
    assert [r["name"] for r in data["results"]] == ["Babs", "Razz", "Wes", "Lang", "Mutt"]
    assert len(ended.json("campaign", "show")["games"]) == 1


def test_killed_then_next_game_command_rolls_back_too(ended):
    killed_at(ended, ended.save, "aftermath", "--dice", "5,5,5,5,5")
    assert "number: 1" in campaign_file(ended).read_text()
    data = ended.json("aftermath", "--dice", "6,6,6,6,6")  # ctx.change discards the orphan first
    assert [r["roll"] for r in data["results"]] == [6] * 5
    show = ended.json("campaign", "show")
    assert len(show["games"]) == 1
    assert all(c["record"]["games"] == 1 for s in show["squads"] for c in s["characters"])


def test_killed_before_the_campaign_write_leaves_it_alone(ended, snapshot):
    before = snapshot(ended.folder)
    killed_at(ended, campaign_file(ended), "aftermath", "--dice", "5,5,5,5,5")
    after = snapshot(ended.folder)
    new = set(after) - set(before)
    temps = {n for n in new if TEMP_MARK in n}
    # New: the journal entry, and the campaign's half-written temp file the kill left behind.
    assert [Path(o).parent.name for o in new - temps] == ["sprawl-game.yaml.journal"]
    assert [Path(t).name.startswith(".sprawl-campaign.yaml") for t in temps] == [True]
    log = "sprawl-game.yaml.wal"  # one record more: the change the kill cut short
    assert after[log].startswith(before[log]) and after[log].endswith(b"LAWS")
    assert {k: v for k, v in after.items() if k not in new | {log}} == {k: v for k, v in before.items() if k != log}
    ended.json("aftermath", "--dice", "5,5,5,5,5")  # the next change drops the orphan, then goes on
    assert len(ended.json("campaign", "show")["games"]) == 1
    assert not [p for p in ended.folder.rglob("*") if TEMP_MARK in p.name], "the temp file was left behind"


def test_disk_refusing_the_save_puts_the_campaign_back(ended, snapshot):
    before = snapshot(ended.folder)
    with fail_on(ended.save, SaveFileError("could not write: No space left on device")):
        result = ended("aftermath", "--dice", "5,5,5,5,5")
    assert result.exit_code == 1 and "No space left" in result.stderr
    assert snapshot(ended.folder) == before


def test_undo_and_redo_move_game_and_campaign_together(ended):
    campaign = campaign_file(ended)
    save_before, campaign_before = ended.save.read_bytes(), campaign.read_bytes()
    ended.json("aftermath", "--dice", "2,3,1,5,6,9")
    save_after, campaign_after = ended.save.read_bytes(), campaign.read_bytes()
    assert campaign_after != campaign_before
    ended.json("undo")
    assert ended.save.read_bytes() == save_before and campaign.read_bytes() == campaign_before
    ended.json("redo")
    assert ended.save.read_bytes() == save_after and campaign.read_bytes() == campaign_after


def test_undo_refused_when_the_campaign_changed_since(ended, snapshot):
    ended.json("aftermath", "--dice", "5,5,5,5,5")
    campaign = campaign_file(ended)
    campaign.write_text(campaign.read_text().replace("date:", "# a hand edit\n  date:", 1))
    before = snapshot(ended.folder)
    result = ended("undo")
    assert result.exit_code == 1 and "changed after this step" in result.stderr
    assert snapshot(ended.folder) == before


def orphan(tmp_path: Path, extra_text: str | None, files: dict, *, same_game: bool = True) -> GameStore:
    """A save at step 0 and a journal entry 1 with companion `files`, as a killed command leaves them."""
    store = GameStore(tmp_path / "g.yaml")
    store.start(game([character("A")], [character("B")]))
    before = game_to_data(store.load())
    if not same_game:
        before["round"] = 7  # an entry made from some other game's state
    store.journal.mkdir(exist_ok=True)
    atomic.atomic_write(store._entry_path(1), json.dumps({"step": 1, "before": before, "files": files}))
    if extra_text is not None:
        (tmp_path / "extra.txt").write_text(extra_text)
    return store


def test_store_rolls_back_a_new_companion_to_nothing(tmp_path):
    """A companion that did not exist before the orphaned change is removed again."""
    extra = tmp_path / "extra.txt"
    store = orphan(tmp_path, "new", {str(extra): {"before": None, "after": "new"}})
    store.discard_orphans(store.load())
    assert not extra.exists() and not store._entry_path(1).exists()


def test_store_rolls_back_a_companion_to_its_text_before(tmp_path):
    extra = tmp_path / "extra.txt"
    store = orphan(tmp_path, "new", {str(extra): {"before": "old", "after": "new"}})
    store.discard_orphans(store.load())
    assert extra.read_text() == "old"


def test_store_leaves_a_companion_someone_else_changed(tmp_path):
    extra = tmp_path / "extra.txt"
    store = orphan(tmp_path, "changed by another game", {str(extra): {"before": "old", "after": "new"}})
    store.discard_orphans(store.load())
    assert extra.read_text() == "changed by another game" and not store._entry_path(1).exists()


def test_store_never_rolls_back_for_an_entry_of_another_game(tmp_path):
    """An old game's committed aftermath left beside a new game is stale, not an orphan of it."""
    extra = tmp_path / "extra.txt"
    store = orphan(tmp_path, "new", {str(extra): {"before": "old", "after": "new"}}, same_game=False)
    store.discard_orphans(store.load())
    assert extra.read_text() == "new" and not store._entry_path(1).exists()
