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
    """It imports the kernel through sprawl_cli.api alone (tests/test_api.py checks each import)."""
    folder = Path(__file__).resolve().parent / "coinflip"
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("*.py"))
    assert "sprawl_cli.api" in text and "sprawl_cli.systems" not in text
    assert json.dumps(sorted(systems.REGISTRY)) == json.dumps(sorted(["sprawl", "gunplay", "street-fight",
                                                                      "savage-worlds", "scratch-grid"]))


# --- the test kit (sprawl_cli/testing.py) on the toy system ----------------------------------

from sprawl_cli.api import Outcome  # noqa: E402
from sprawl_cli.testing import Conformance, SprawlRunner  # noqa: E402

COINFLIP_ROSTERS = {f"{squad}.yaml": f"system: coinflip\nsquad: {squad}\ncharacters:\n"
                    + "".join(f"  - {{name: {n}}}\n" for n in names)
                    for squad, names in (("Heads", ("Ann", "Bo")), ("Tails", ("Cy", "Di")))}


class TestCoinflipConformance(Conformance):
    """The conformance suite passes on the toy system, registered from outside the package."""

    system = "coinflip"
    rosters = COINFLIP_ROSTERS

    @pytest.fixture(autouse=True)
    def registered(self, monkeypatch):
        monkeypatch.setitem(systems.REGISTRY, "coinflip", "tests.coinflip")
        systems._LOADED.pop("coinflip", None)
        yield
        systems._LOADED.pop("coinflip", None)
        systems._MENUS.pop("coinflip", None)


def test_the_suite_fails_a_system_that_breaks_the_status_contract(sprawl_runner: SprawlRunner, monkeypatch):
    from tests.coinflip.system import Coinflip

    monkeypatch.setitem(systems.REGISTRY, "coinflip", "tests.coinflip")
    game = sprawl_runner.new("coinflip", COINFLIP_ROSTERS)
    suite = TestCoinflipConformance()
    monkeypatch.setattr(Coinflip, "status", lambda self, g, only: {"characters": [{"name": "Ann", "squad": "Heads"}]})
    with pytest.raises(AssertionError, match="a character without a name, squad and statuses"):
        suite.test_status_keeps_the_contract(game)
    monkeypatch.setattr(Coinflip, "status", lambda self, g, only: {"characters": [], "round": 9})
    with pytest.raises(AssertionError, match="gives round, which the kernel owns"):
        suite.test_status_keeps_the_contract(game)
    monkeypatch.setattr(Coinflip, "status", Coinflip.__dict__["status"])
    monkeypatch.setattr(Coinflip, "set_status", lambda self, g, c, s, on, table: Outcome())
    with pytest.raises(AssertionError):
        suite.test_set_is_a_correction_undo_takes_back(game)  # a `set` that changes nothing


def test_the_kit_gives_scripted_dice_and_answers(scripted_dice, scripted_answers):
    from sprawl_cli.api import NeedsAnswer, refuse

    dice = scripted_dice(4, "KS")
    assert dice.roll(1, "a test", sides=6) == (4,)
    assert dice.card(["KS", "2C"], "a card") == "KS"
    with pytest.raises(pytest.fail.Exception, match=r"more than the scripted dice \[4, 'KS'\]"):
        dice.roll(1, "one too many")
    table = scripted_answers(lists={"nearby": ["Ann"]}, force=True)
    assert table.names("nearby", "Who is near?") == ["Ann"]
    with pytest.raises(NeedsAnswer, match="Give --target N"):
        table.number("target", "What number?")
    refuse(table, "out of turn")
    assert table.overruled == ["out of turn"]
