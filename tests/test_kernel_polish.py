"""Kernel polish from issue 12 (items 11, 12, 15) and issue 14 (item 3): piped output,
completion of statuses / on|off / option values, and the small messages."""

from __future__ import annotations

from tests.conftest import PLF, SUIT  # noqa: F401  (the fixture's rosters)


# --- item 11: a pipe sees whole sentences ----------------------------------------------


def test_piped_output_does_not_wrap_a_sentence(sprawl):
    result = sprawl("new", "--squad", PLF, "--squad", SUIT, "--seed", "3", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    whole = [line for line in result.stdout.splitlines() if "Chargers first" in line]
    assert whole and "`jump`)" in whole[0] and len(whole[0]) > 80


def test_piped_tables_still_fit_the_width(sprawl):
    sprawl.new()
    result = sprawl("status", env={"COLUMNS": "80"})
    table = [line for line in result.stdout.splitlines() if "│" in line]
    assert table and max(len(line) for line in table) <= 80


# --- item 15: the small ones ----------------------------------------------------------


def test_undo_zero_and_minus_one_say_the_same(sprawl):
    sprawl.new()
    zero, minus = sprawl("undo", "0"), sprawl("undo", "-1")
    assert zero.exit_code == minus.exit_code == 2
    assert zero.stderr.replace("'0'", "N") == minus.stderr.replace("'-1'", "N")
    assert "from 1 to" in minus.stderr


def test_a_negative_number_where_no_number_goes_says_so(sprawl):
    sprawl.new()
    result = sprawl("status", "-3")
    assert result.exit_code == 2 and "-3 is a negative number" in result.stderr


def test_input_ending_at_a_question_starts_the_message_on_its_own_line(sprawl):
    sprawl.new()
    result = sprawl("hide", "Razz", terminal=True, input="")
    assert result.exit_code == 1
    question, _, rest = result.stderr.partition("\n")
    assert question.endswith("[y/n]: ") and rest.startswith("error: no answer to:")


def test_ctrl_c_message_starts_on_its_own_line(sprawl, monkeypatch):
    from sprawl_cli.context import Env

    sprawl.new()

    class CtrlC:
        def readline(self):
            raise KeyboardInterrupt  # the terminal has echoed ^C after the question

    monkeypatch.setattr(Env, "inp", property(lambda self: CtrlC()))
    result = sprawl("hide", "Razz", terminal=True)
    assert result.exit_code == 1
    assert "[y/n]: \nerror: no answer to:" in result.stderr


def test_a_finished_command_interrupted_by_eof_adds_no_blank_line(sprawl):
    result = sprawl("roll", "3", "--dice", "ask", terminal=True, input="")
    assert result.stderr.count("\n\n") == 0


def test_hints_inside_play_leave_out_the_sprawl_prefix(sprawl):
    sprawl.new()
    result = sprawl("play", input="undo 0\nbogus\n")
    assert "(see `undo --help`)" in result.stderr
    assert "no command 'bogus'; `help` lists the commands" in result.stderr
    assert "`sprawl" not in result.stderr + result.stdout


def test_hints_outside_play_keep_the_prefix(sprawl):
    sprawl.new()
    assert "(see `sprawl undo --help`)" in sprawl("undo", "0").stderr


# --- item 12 / issue 14 item 3: play completes the current game, of any system ------------

import io  # noqa: E402

import pytest  # noqa: E402

from sprawl_cli import systems  # noqa: E402
from sprawl_cli.cli.main import cli  # noqa: E402
from sprawl_cli.context import Env  # noqa: E402
from sprawl_cli.play import Session, status_line  # noqa: E402
from tests.factory import new_args  # noqa: E402

OWN_COMMAND = {"sprawl": "shoot", "gunplay": "fire", "scratch-grid": "attack"}
GAMES = list(OWN_COMMAND)  # systems whose own attack command differs in name


def start(sprawl, system: str, elsewhere: bool = False) -> Session:
    """A session on a new game of `system` (in a save that is not the default one if `elsewhere`)."""
    result = sprawl("new", *new_args(system), "--seed", "1")
    assert result.exit_code == 0, result.stderr
    save = sprawl.save
    if elsewhere:
        save = sprawl.save.rename(sprawl.folder / "elsewhere.yaml")
    env = Env(stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO(), interactive=False, environ={})
    return Session(cli, env, save)


def offered(session: Session, text: str) -> list[str]:
    return [value for value, _help, _replace in session.complete(text)]


@pytest.mark.parametrize("system", list(GAMES))
def test_play_completes_the_games_own_commands(sprawl, system):
    session = start(sprawl, system, elsewhere=True)
    commands = [name.rstrip() for name in offered(session, "")]
    assert OWN_COMMAND[system] in commands and "status" in commands
    assert not {OWN_COMMAND[s] for s in GAMES if s != system} & set(commands)


@pytest.mark.parametrize("system", list(GAMES))
def test_set_completes_the_systems_statuses_then_on_or_off(sprawl, system):
    session = start(sprawl, system)
    first = session.watch.game().characters[0].name  # type: ignore[union-attr]
    assert offered(session, f"set {first} ") == list(systems.get(system).statuses)
    assert offered(session, f"set {first} {systems.get(system).statuses[0]} ") == ["on", "off"]
    assert offered(session, f"set {first} {systems.get(system).statuses[0]} of") == ["off"]


def test_set_completes_a_prefix_of_a_status(sprawl):
    session = start(sprawl, "sprawl")
    assert offered(session, "set Razz pin") == ["pinned"]


def test_weapon_completes_the_named_characters_weapons_in_gunplay(sprawl):
    session = start(sprawl, "gunplay")
    game = session.watch.game()
    who = game.characters[0]  # type: ignore[union-attr]
    assert offered(session, f"fire {who.name} X --weapon ") == [w.name for w in who.weapons]  # type: ignore[attr-defined]
    assert offered(session, "fire Nobody X --weapon ") == []


@pytest.mark.parametrize("system", ["gunplay", "scratch-grid"])
def test_play_status_line_asks_the_system(sprawl, system):
    session = start(sprawl, system)
    game = session.watch.game()
    first, status = game.characters[0].name, systems.get(system).statuses[0]  # type: ignore[union-attr]
    assert session.status_line() == status_line(game)  # type: ignore[arg-type]
    word = systems.get(system).round_word.capitalize()  # Gunplay counts turns, Scratch:Grid rounds
    assert session.status_line().startswith(f"{word} 1 | {game.current_squad.name}")  # type: ignore[union-attr]
    assert session.run(f"set {first} {status} on") == 0, session.env.err.getvalue()  # type: ignore[attr-defined]
    assert f"{status}: {first}" in session.status_line()


def test_help_with_a_game_lists_its_systems_commands_and_without_one_groups_them(sprawl):
    everyone = sprawl("--help").stdout
    assert all(f"(--system {name})" in everyone for name in systems.installed())
    start(sprawl, "gunplay")
    other = sprawl.folder / "g.yaml"
    sprawl.save.rename(other)
    for line in (("--game", str(other), "--help"), ("--help",)):
        shown = sprawl(*line, env={"SPRAWL_GAME": str(other)} if line == ("--help",) else None).stdout
        assert "(--system gunplay)" in shown and "(--system sprawl)" not in shown


def test_help_without_a_game_lists_every_command_once(sprawl):
    shown = sprawl("--help").stdout
    names = [line.split()[0] for line in shown.splitlines() if line.startswith("  ") and not line.startswith("   ")
             and not line.lstrip().startswith("-")]
    assert names.count("set") == 1 and names.count("status") == 1
    assert "--weapon, --count" not in shown  # SPRAWL's own `set` is shown in a SPRAWL game's --help
    assert "--weapon, --count" in sprawl("--system", "sprawl", "--help").stdout


def test_a_command_of_another_system_without_a_game_says_there_is_no_game(sprawl):
    result = sprawl("map")
    assert result.exit_code == 2
    assert "it is a command of scratch-grid, and there is no game here" in result.stderr
    assert "sprawl new --system scratch-grid" in result.stderr and "this game is" not in result.stderr
    assert "for a lookup" not in result.stderr  # `map` is no lookup: --system would not reach it
    sprawl.new()
    assert "this game is sprawl (give --game for another save)" in sprawl("map").stderr
    sprawl.new("--force", system="scratch-grid")  # a lookup of another system may be reached with --system
    assert "give --system sprawl for a lookup, or give --game" in sprawl("roll", "3").stderr
