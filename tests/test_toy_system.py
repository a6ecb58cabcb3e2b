"""The guide proved (issue 25, item 9): a sixth system, Coinflip (tests/coinflip/), built from
docs/ARCHITECTURE.md's interface alone and registered from outside sprawl's own package, is
played end to end by the kernel's commands: new, status, its own command, next, set, log,
undo, --json, --help, end and the battle report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sprawl_cli import systems


@pytest.fixture
def coinflip(sprawl, monkeypatch, tmp_path):
    monkeypatch.setitem(systems.REGISTRY, "coinflip", "tests.coinflip")
    rosters = tmp_path.parent / f"{tmp_path.name}-rosters"
    rosters.mkdir()
    for squad, names in (("Heads", "Ann, Bo"), ("Tails", "Cy, Di")):
        (rosters / f"{squad}.yaml").write_text(
            f"system: coinflip\nsquad: {squad}\ncharacters:\n"
            + "".join(f"  - {{name: {n.strip()}}}\n" for n in names.split(",")), encoding="utf-8")
    made = sprawl("new", "--system", "coinflip", "--squad", str(rosters / "Heads.yaml"),
                  "--squad", str(rosters / "Tails.yaml"))
    assert made.exit_code == 0, made.stderr
    return sprawl


def health(sprawl, name: str) -> int:
    return next(c["health"] for c in sprawl.json("status")["characters"] if c["name"] == name)


def test_a_toy_system_plays_through_the_kernel(coinflip):
    sprawl = coinflip
    status = sprawl.json("status")
    assert status["system"] == "coinflip" and status["side"] == "Heads" and status["round"] == 1
    assert "attack" in sprawl("--help").stdout and "shoot" not in sprawl("--help").stdout
    out = sprawl.json("attack", "Ann", "Cy", "--dice", "1")
    assert out["coin"] == "heads" and out["health"] == 2
    assert health(sprawl, "Cy") == 2
    refused = sprawl("attack", "Ann", "Di", "--dice", "1")  # one attack a turn
    assert refused.exit_code == 1 and "Ann has attacked this turn" in refused.stderr
    forced = sprawl.json("attack", "Ann", "Di", "--dice", "2", "--force")
    assert forced["coin"] == "tails" and forced["forced"] == ["Ann has attacked this turn"]
    assert sprawl.json("next")["side"] == "Tails"
    assert sprawl.json("set", "Ann", "down", "on")["on"] is True
    sprawl.json("undo")
    assert "down" not in next(c for c in sprawl.json("status")["characters"] if c["name"] == "Ann")["statuses"]
    log = sprawl.json("log")["entries"]
    assert [e["kind"] for e in log if not e.get("undone")] == ["attack", "attack", "next"]
    assert sprawl("--nearby", "none", "status").exit_code == 2  # SPRAWL's option is not Coinflip's


def test_a_toy_system_ends_and_reports(coinflip):
    sprawl = coinflip
    for _ in range(3):
        sprawl.json("attack", "Ann", "Cy", "--dice", "1", "--force")
        sprawl.json("attack", "Bo", "Di", "--dice", "1", "--force")
    status = sprawl.json("status")
    assert status["over"] is True and status["winner"] == "Heads"
    report = sprawl("report")
    assert report.exit_code == 0 and "Heads" in report.stdout


def test_a_system_name_with_a_digit_is_read_whole(tmp_path):
    from sprawl_cli.context import peek_system

    save = tmp_path / "g.yaml"
    save.write_text("schema_version: 1\nsystem: coin2flip\n", encoding="utf-8")
    assert peek_system(save) == "coin2flip"


def test_the_toy_system_uses_nothing_but_the_interface():
    """It imports the kernel's public modules only: no other system, nothing private."""
    folder = Path(__file__).resolve().parent / "coinflip"
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    assert "sprawl_cli.systems." not in text.replace("sprawl_cli.systems.base", "")
    assert json.dumps(sorted(systems.REGISTRY)) == json.dumps(sorted(["sprawl", "gunplay", "street-fight",
                                                                      "savage-worlds", "scratch-grid"]))


def rosters_of(tmp_path: Path) -> list[str]:
    """`--squad` arguments of the two Coinflip rosters the `coinflip` fixture wrote."""
    folder = tmp_path.parent / f"{tmp_path.name}-rosters"
    return [arg for squad in ("Heads", "Tails") for arg in ("--squad", str(folder / f"{squad}.yaml"))]


@pytest.mark.parametrize("hook", ["status_view", "status"])
def test_a_new_game_whose_status_fails_is_not_saved(coinflip, snapshot, tmp_path, hook):
    """Issue 37, item 6: `new` draws its view (and `status --json`'s fields) before it writes,
    so a system whose status fails leaves the old game, or none, and says nothing changed."""
    from tests.coinflip.system import Coinflip

    sprawl = coinflip

    def broken(*_args):
        raise RuntimeError("the view broke")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Coinflip, hook, broken)
        before = snapshot(sprawl.folder)
        failed = sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force")
        assert failed.exit_code == 1 and "the view broke" in failed.stderr and "nothing was changed" in failed.stderr
        assert snapshot(sprawl.folder) == before
        for path in sprawl.folder.iterdir():  # no game at all: none is left behind either
            if path.is_file():
                path.unlink()
        failed = sprawl("new", "--system", "coinflip", *rosters_of(tmp_path))
        assert failed.exit_code == 1 and "nothing was changed" in failed.stderr
        assert snapshot(sprawl.folder) == {}
    made = sprawl("new", "--system", "coinflip", *rosters_of(tmp_path))
    assert made.exit_code == 0 and "Heads" in made.stdout and sprawl.save.exists()


@pytest.mark.parametrize("key", ["phase", "side", "winner", "undone", "scenario"])
def test_a_system_cannot_give_a_status_key_the_kernel_owns(coinflip, snapshot, tmp_path, key):
    """Issue 37, item 9: a system's `status` that gives a kernel key (here Coinflip's, patched)
    is a defect named in one line, never a silent overwrite; `new` with it writes nothing."""
    from tests.coinflip.system import Coinflip

    sprawl = coinflip
    real = Coinflip.status
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Coinflip, "status", lambda self, game, only: {**real(self, game, only), key: "mine"})
        for args in (["status"], ["status", "--json"]):
            said = sprawl(*args)
            assert said.exit_code == 1 and "Traceback" not in said.stderr
            assert f"Coinflip system's status gives '{key}', which the kernel gives every game" in said.stderr
        before = snapshot(sprawl.folder)
        assert sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force").exit_code == 1
        assert snapshot(sprawl.folder) == before
    assert sprawl.json("status")["side"] == "Heads"  # the system as it is gives none of them
