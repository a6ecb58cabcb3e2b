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
            assert f"Coinflip's status gives {key}, which the kernel owns; leave them out" in said.stderr
        before = snapshot(sprawl.folder)
        assert sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force").exit_code == 1
        assert snapshot(sprawl.folder) == before
    assert sprawl.json("status")["side"] == "Heads"  # the system as it is gives none of them


def motto(text: str) -> str:
    """A parser of the system's own: a motto of one word."""
    if " " in text.strip():
        raise ValueError(f"'{text}' is more than one word; give one")
    return text.strip().upper()


@pytest.fixture
def with_options(coinflip, monkeypatch):
    """Coinflip with three `new` options of its own (issue 37, item 7): a bounded number, a
    choice and a parser of its own; `told` keeps what each `new` handed the system."""
    from sprawl_cli.cli import choices
    from sprawl_cli.numbers import Bound
    from sprawl_cli.systems.newoptions import NewOption
    from tests.coinflip.system import Coinflip

    told = []
    real = Coinflip.new_game

    def new_game(self, rosters, how, dice, table):
        told.append(how)
        return real(self, rosters, how, dice, table)

    monkeypatch.setattr(choices, "_NEW", {})  # `new` as the kernel builds it afresh, with the options below
    monkeypatch.setattr(Coinflip, "new_game", new_game)
    monkeypatch.setattr(Coinflip, "new_options", {
        "coins": NewOption("N", "How many coins each flip.", parse=Bound(1, 5)),
        "first_face": NewOption("FACE", "The face that wins a flip.", choices=("heads", "tails")),
        "motto": NewOption("WORD", "The squads' motto.", parse=motto),
    })
    return coinflip, told


def test_a_systems_new_options_take_values_and_land_in_new_game_by_name(with_options, tmp_path):
    sprawl, told = with_options
    helped = sprawl("new", "--system", "coinflip", "--help").stdout
    assert "--coins" in helped and "--first-face" in helped and "--motto" in helped and "--map" not in helped
    made = sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force", "--coins", "3",
                  "--first-face", "TAILS", "--motto", "onward")
    assert made.exit_code == 0, made.stderr
    assert told[-1].options == {"coins": 3, "first_face": "tails", "motto": "ONWARD"} and told[-1].flags == {}
    assert sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force").exit_code == 0
    assert told[-1].options == {}


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--coins", "9", "give a whole number from 1 to 5"),
    ("--coins", "nan", "is not a number"),
    ("--first-face", "edge", "'edge' is not one of 'heads', 'tails'"),
    ("--motto", "two words", "'two words' is more than one word; give one"),
])
def test_a_value_a_system_does_not_take_is_a_usage_error_that_changes_nothing(with_options, snapshot, tmp_path,
                                                                               option, value, said):
    sprawl, told = with_options
    before = snapshot(sprawl.folder)
    result = sprawl("new", "--system", "coinflip", *rosters_of(tmp_path), "--force", option, value)
    assert result.exit_code == 2 and said in result.stderr and result.stderr.count("\n") == 1
    assert snapshot(sprawl.folder) == before and told == []


def test_a_systems_new_option_is_not_another_systems(with_options, snapshot):
    sprawl, _ = with_options
    before = snapshot(sprawl.folder)
    result = sprawl("new", "--squad", "a.yaml", "--squad", "b.yaml", "--force", "--coins", "2")  # a SPRAWL game
    assert result.exit_code == 2 and "No such option '--coins'" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_a_new_option_takes_a_parser_or_choices_not_both():
    from sprawl_cli.systems.newoptions import NewOption

    with pytest.raises(ValueError, match="a parser or choices, not both"):
        NewOption("X", "both", parse=int, choices=("a",))


def test_the_map_is_scratch_grids_own_new_option():
    """`--map` is no longer the kernel's: Scratch:Grid declares it, and it lands in `options`."""
    from pathlib import Path

    from sprawl_cli.systems.base import NewGame, System
    from sprawl_cli.systems.scratch_grid.system import SYSTEM

    assert list(SYSTEM.new_options) == ["map"] and SYSTEM.new_options["map"].parse is Path
    assert System.new_options == {} and not hasattr(NewGame(), "map_file")

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
