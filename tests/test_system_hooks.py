"""The system interface is the kernel's to call (issue 25, item 2): a system's `new` flags
reach `new` through the registration, and only that system's games accept them; what a
system says at the end of a game is said; and no hook of `System` goes uncalled."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
import yaml

from sprawl_cli.systems.base import System
from tests.factory import ROSTERS, SAMPLES, new_args

KERNEL = Path(__file__).resolve().parent.parent / "sprawl_cli"
GUNPLAY = tuple(new_args("gunplay"))


def test_a_systems_new_flag_reaches_its_game(sprawl):
    sprawl.new("--no-tens")
    assert yaml.safe_load(sprawl.save.read_text(encoding="utf-8"))["settings"]["rule_of_tens"] is False
    sprawl.new("--force")
    assert yaml.safe_load(sprawl.save.read_text(encoding="utf-8"))["settings"]["rule_of_tens"] is True


@pytest.mark.parametrize("system", list(SAMPLES))
def test_new_physical_is_the_kernels_to_keep_in_every_systems_settings(sprawl, system):
    # No system's hook looks at `how.physical`: the kernel sets `settings.dice` after it.
    sprawl.new("--physical", "--dice", ",".join(str(n) for n in range(1, 13)), system=system)  # `new`'s rolls
    assert yaml.safe_load(sprawl.save.read_text(encoding="utf-8"))["settings"]["dice"] == "physical"
    sprawl.new("--force", system=system)
    assert yaml.safe_load(sprawl.save.read_text(encoding="utf-8"))["settings"]["dice"] == "random"


def test_another_systems_new_flag_is_a_usage_error_and_changes_nothing(sprawl, snapshot):
    before = snapshot(sprawl.folder)
    result = sprawl("new", *GUNPLAY, "--no-tens")
    assert result.exit_code == 2 and "--no-tens" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_new_help_lists_the_flags_of_the_game_it_would_start(sprawl):
    assert "--no-tens" in sprawl("new", "--help").stdout
    assert "--no-tens" not in sprawl("new", "--system", "gunplay", "--help").stdout


def test_a_flag_for_the_default_system_is_refused_for_a_campaign_of_another(sprawl, snapshot):
    made = sprawl.json("campaign", "new", "--squad", str(ROSTERS / "gunplay/crows.yaml"),
                       "--squad", str(ROSTERS / "gunplay/wardens.yaml"))
    assert made["system"] == "gunplay"
    before = snapshot(sprawl.folder)
    result = sprawl("new", "--campaign", "sprawl-campaign.yaml", "--no-tens")
    assert result.exit_code == 2  # `new` of a Gunplay campaign has Gunplay's options, not SPRAWL's
    assert result.stderr.startswith("error: No such option '--no-tens'")
    assert "`sprawl new --system NAME --help` lists them" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_a_systems_end_lines_are_said_when_the_game_ends(sprawl):
    assert sprawl("new", *GUNPLAY).exit_code == 0
    said = sprawl("concede", "Crows").stdout
    assert "Crows concedes the game." in said
    assert re.search(r"^Wounds: Vic 0, .*Kit 0\.$", said, re.M), said


def kernel_text() -> str:
    """Every kernel module's source (the systems' packages left out)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in KERNEL.rglob("*.py")
                     if "systems" not in p.relative_to(KERNEL).parts[:1] or p.parent == KERNEL / "systems")


def test_every_hook_of_the_interface_is_called_by_the_kernel():
    text = kernel_text()
    hooks = [name for name, value in vars(System).items()
             if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))]
    attributes = [name for name, value in vars(System).items()
                  if not name.startswith("_") and not callable(value) and not isinstance(value, property)]
    assert "end_lines" in hooks and "new_flags" in attributes
    # A hook is wired where the kernel calls it or hands it on (`log_view(..., system.logged_faces)`).
    unused = [name for name in hooks + attributes if not re.search(rf"\.{name}\b", text)]
    assert unused == []



# --- item 1: a system's answer options belong to its games only ------------------------------

OWN = {"gunplay": "fire", "street-fight": "shoot", "savage-worlds": "shoot", "scratch-grid": "attack"}


def test_every_command_of_a_sprawl_game_takes_its_answer_option(sprawl):
    sprawl.new()
    assert "--nearby" in sprawl("shoot", "--help").stdout
    for line in (("status",), ("log",), ("next", "--yes"), ("campaign", "show")):
        result = sprawl(*line, "--nearby", "none")
        assert result.exit_code != 2, (line, result.stderr)


@pytest.mark.parametrize("system", list(OWN))
def test_another_games_commands_neither_list_nor_take_it(sprawl, snapshot, system):
    sprawl.new(system=system)
    for command in (OWN[system], "status", "set"):
        assert "--nearby" not in sprawl(command, "--help").stdout, command
    before = snapshot(sprawl.folder)
    result = sprawl("status", "--nearby", "none")
    assert result.exit_code == 2 and "--nearby" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_a_sessions_answer_option_is_named_in_its_warning(sprawl):
    sprawl.new()
    result = sprawl("play", "--nearby", "Babs", input="status\n")
    assert result.exit_code == 0
    assert "--nearby is ignored for a whole session" in result.stderr
    assert result.stderr.count("--nearby") == 1  # said once, not "unused" again at the end


# --- item 5: the sides are the kernel's to check, once, in one wording -----------------------

def renamed(roster: Path, folder: Path, squad: str) -> str:
    """A copy of `roster` whose squad is called `squad` (its characters keep their names)."""
    data = yaml.safe_load(roster.read_text(encoding="utf-8"))
    data["squad"] = squad
    folder.mkdir(exist_ok=True)
    copy = folder / f"{squad}.yaml"
    copy.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(copy)


@pytest.mark.parametrize("system", list(SAMPLES))
def test_every_system_refuses_bad_sides_in_the_same_words(sprawl, snapshot, tmp_path, system):
    one, other, extra = SAMPLES[system]
    base = ("new", "--system", system, *extra)
    before = snapshot(sprawl.folder)
    twins = renamed(one, tmp_path.parent / f"{tmp_path.name}-rosters", "Twins")
    cases = [
        (("--squad", str(one)), "error: a game needs two squads or more: give --squad FILE for each"),
        (("--squad", str(one), "--squad", str(one)), "error: two squads are called '"),
        (("--squad", str(one), "--squad", twins), "error: the name '"),
    ]
    for squads, words in cases:
        result = sprawl(*base, *squads)
        assert result.exit_code == 1 and result.stderr.startswith(words), (squads, result.stderr)
        assert snapshot(sprawl.folder) == before
    assert "is used in both" in result.stderr and "and Twins; every character needs its own name" in result.stderr
    assert sprawl(*base, "--squad", str(one), "--squad", str(other)).exit_code == 0


def test_a_campaign_checks_its_sides_with_the_same_words(sprawl):
    for system in ("sprawl", "gunplay"):
        one = str(SAMPLES[system][0])
        result = sprawl("campaign", "new", "--squad", one)
        assert result.exit_code == 1
        assert result.stderr == "error: a campaign needs two squads or more: give --squad FILE for each\n"


# --- item 4: the kernel builds what every status has -----------------------------------------

ROSTER_NAMES = {system: tuple(yaml.safe_load(path.read_text(encoding="utf-8"))["squad"]
                              for path in SAMPLES[system][:2]) for system in SAMPLES}
SHARED = ("system", "round", "rounds", "side", "phase", "over", "winner", "draw", "reason")


@pytest.mark.parametrize("system", list(SAMPLES))
def test_every_systems_status_has_the_shared_fields_the_kernel_builds(sprawl, system):
    sprawl.new("--rounds", "4", "--seed", "2", system=system)
    data = sprawl.json("status")
    assert {key: data[key] for key in SHARED} == {
        "system": system, "round": 1, "rounds": 4, "side": data["side"], "phase": data["phase"],
        "over": False, "winner": None, "draw": False, "reason": None}
    assert data["side"] in (ROSTER_NAMES[system]) and isinstance(data["phase"], str)
    assert all({"name", "squad", "statuses"} <= set(c) for c in data["characters"])


# --- item 14: a system named is never ignored ------------------------------------------------


@pytest.mark.parametrize("line", [("--system", "chess", "roll", "3"), ("roll", "3", "--system", "chess"),
                                  ("--system", "chess", "status")])
def test_an_unknown_system_is_a_usage_error(sprawl, line):
    result = sprawl(*line)
    assert result.exit_code == 2
    assert "--system chess: no such game system; the systems are: sprawl, gunplay" in result.stderr


def test_an_unknown_system_in_the_environment_is_a_usage_error(sprawl):
    result = sprawl("roll", "3", env={"SPRAWL_SYSTEM": "chess"})
    assert result.exit_code == 2 and "SPRAWL_SYSTEM chess: no such game system" in result.stderr


def test_a_system_that_disagrees_with_the_save_is_a_usage_error_and_changes_nothing(sprawl, snapshot):
    sprawl.new(system="gunplay")
    before = snapshot(sprawl.folder)
    for line in (("--system", "sprawl", "set", "Vic", "prone", "on"), ("set", "Vic", "prone", "on", "--system", "sprawl"),
                 ("--system", "street-fight", "status")):
        result = sprawl(*line)
        assert result.exit_code == 2, line
        assert "disagrees with the game in sprawl-game.yaml, which is gunplay" in result.stderr
    assert snapshot(sprawl.folder) == before
    assert sprawl("--system", "gunplay", "status").exit_code == 0  # agreeing is fine
    assert sprawl("--system", "sprawl", "roll", "3", "--dice", "7,7,7").exit_code == 0  # a lookup chooses


def test_a_map_for_a_game_without_one_is_a_usage_error(sprawl, snapshot):
    before = snapshot(sprawl.folder)
    result = sprawl("new", *new_args("gunplay"), "--map", str(ROSTERS / "scratch-grid/yard.yaml"))
    assert result.exit_code == 2  # `--map` is Scratch:Grid's own option of `new` (issue 37, item 7)
    assert result.stderr.startswith("error: No such option '--map'")
    assert "a game system's own options of `new` are for its games" in result.stderr
    assert snapshot(sprawl.folder) == before


# --- item 15: a hand-edited count the rules cannot reach is refused with its line ----------


@pytest.mark.parametrize("value", ["10000000000000000000000000000000000000000", "2"])
def test_street_fight_refuses_aim_turns_past_the_turns_played(sprawl, snapshot, value):
    sprawl.new(system="street-fight")
    text = sprawl.save.read_text(encoding="utf-8")
    assert "aim_turns: 0" in text
    sprawl.save.write_text(text.replace("aim_turns: 0", f"aim_turns: {value}", 1), encoding="utf-8")
    before = snapshot(sprawl.folder)
    result = sprawl("status")
    line = next(i for i, row in enumerate(sprawl.save.read_text(encoding="utf-8").splitlines(), 1)
                if f"aim_turns: {value}" in row)
    assert result.exit_code == 1
    # issue 34: a number past any a game keeps is refused by the kernel's bound before the system's check
    said = "at most 1, the turns played" if value == "2" else "is past any number a game keeps"
    assert result.stderr.startswith(f"error: sprawl-game.yaml:{line}: ") and said in result.stderr
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("before", [["--seed", "3"], ["--json", "--dice", "1,2"], ["--game=sprawl-game.yaml"]])
def test_a_systems_new_options_follow_the_system_after_the_root_options(sprawl, before):
    """`sprawl --seed 3 new --system scratch-grid ... --map FILE`: the command is found past the
    root group's options (and their values), so `new` has Scratch:Grid's `--map`."""
    result = sprawl(*before, "new", *new_args("scratch-grid"))
    assert result.exit_code == 0, result.stderr


def test_the_command_of_a_line_is_found_past_the_root_options():
    from sprawl_cli.cli.line import command_words

    assert command_words(["--seed", "3", "--json", "new", "--squad", "a"]) == ["new", "--squad", "a"]
    assert command_words(["--game=x.yaml", "--system", "gunplay", "campaign", "new"]) == ["campaign", "new"]
    assert command_words(["--force"]) == [] and command_words([]) == []
