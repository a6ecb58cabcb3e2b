"""`sprawl play`, asked rolls and shell completion in a real terminal (tmux), read off the screen."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import new_game, quoted, sprawl_run
from tests.factory import ROOT
from tests.harness import BIN

SPRAWL = BIN / "sprawl"

pytestmark = pytest.mark.e2e

PROMPT = "sprawl> "
READY = "sprawl>"  # capture-pane drops the trailing space of an empty prompt
PLAY = quoted(str(SPRAWL), "play")


def prompt_count(screen: str) -> int:
    return sum(1 for line in screen.splitlines() if line.startswith(READY))


def test_a_session_runs_commands_shows_the_status_line_and_saves_each_change(table, terminal):
    new_game(table)
    term = terminal(PLAY)
    screen = term.wait_for("Round 1 | People's Liberation Front | movement")  # the bottom toolbar
    assert READY in screen
    assert "Tab completes" in screen

    term.type("set Razz pinned on")
    screen = term.wait_for("pinned: Razz")
    assert "Razz: pinned on" in screen
    # Saved before the next prompt: another terminal sees it at once.
    other = json.loads(sprawl_run(table, "status", "Razz", "--json").stdout)
    assert "pinned" in other["characters"][0]["statuses"]

    term.type("bogus")
    term.wait_for("error: no command 'bogus'")
    term.type("set Nobody ran on")
    screen = term.wait_for("error: no character named 'Nobody'")
    term.wait_for(lambda s: prompt_count(s) >= 4)  # the session went on after both errors

    term.type("next --json")
    term.wait_for("Round 1 | People's Liberation Front | ranged")

    term.type("quit")
    assert term.wait_exit() == 0


def test_ctrl_d_leaves_and_ctrl_c_clears_the_line(table, terminal):
    new_game(table)
    term = terminal(PLAY)
    term.wait_for(READY)
    term.type("set Razz ran on", enter=False)
    term.keys("C-c")
    term.wait_for(lambda s: prompt_count(s) >= 2)
    term.keys("C-d")
    assert term.wait_exit() == 0
    assert "ran" not in json.loads(sprawl_run(table, "status", "Razz", "--json").stdout)["characters"][0]["statuses"]


def current_line(term) -> str:  # type: ignore[no-untyped-def]
    return [line for line in term.lines() if line.startswith(READY)][-1]


def test_tab_completes_commands_options_and_names(table, terminal):
    new_game(table)
    term = terminal(PLAY)
    term.wait_for(READY)

    term.type("sta", enter=False)
    term.keys("Tab")
    term.type("Razz", enter=False)  # the command's name was completed with its space (issue 24)
    term.wait_for(lambda s: current_line(term) == PROMPT + "status Razz")
    term.keys("C-u")

    term.type("set Gor", enter=False)
    term.keys("Tab")
    term.wait_for(lambda s: current_line(term) == PROMPT + "set Gordo")
    term.keys("C-u")

    term.type("set Wi", enter=False)
    term.keys("Tab")
    screen = term.wait_for("Wishbone")
    assert "Wilson" in screen  # both offered in the menu
    term.keys("Escape")
    term.keys("C-u")

    term.type("set Razz ran on --js", enter=False)
    term.keys("Tab")
    term.wait_for(lambda s: current_line(term) == PROMPT + "set Razz ran on --json")
    term.keys("Enter")
    term.wait_for('"statuses": ["ran"]')
    term.type("quit")
    assert term.wait_exit() == 0


def test_history_is_kept_across_sessions(table, terminal):
    new_game(table)
    first = terminal(PLAY)
    first.wait_for(READY)
    first.type("status Razz --json")
    first.wait_for('"name": "Razz"')
    first.type("quit")
    assert first.wait_exit() == 0
    assert "status Razz --json" in (table[0] / "sprawl-game.yaml.history").read_text()

    second = terminal(PLAY)
    second.wait_for(READY)
    second.keys("Up")  # the newest line of the last session: quit
    second.wait_for(lambda s: current_line(second) == PROMPT + "quit")
    second.keys("Up")
    second.wait_for(lambda s: current_line(second) == PROMPT + "status Razz --json")
    second.keys("C-u")
    second.type("quit")
    assert second.wait_exit() == 0


def test_an_asked_roll_takes_faces_and_asks_again_after_a_typo(table, terminal):
    term = terminal(quoted(str(SPRAWL), "roll", "3", "--dice", "ask"))
    term.wait_for("Test, 3d10: ")
    term.type("4 5 x")
    term.wait_for("'x' is not a d10 face")
    term.type("4 5")
    term.wait_for("needs exactly 3")
    term.type("4,5,0")
    screen = term.wait_for("net success")
    assert "[4 5 10]" in screen and "2 successes" in screen  # R2: the 10 counts twice
    assert term.wait_exit() == 0


def test_a_physical_dice_game_asks_each_roll_by_name_inside_a_session(table, terminal):
    new_game(table, "--physical")
    term = terminal(PLAY)
    term.wait_for(READY)
    term.type("damage Razz 3 --nearby none")
    term.wait_for("Razz: Incapacitation, 1d10: ")
    term.type("12")
    term.wait_for("'12' is not a d10 face")
    term.type("5")
    screen = term.wait_for("down: Razz")  # the status line after the change
    assert "pinned: Razz" not in screen  # Down is pinned too, but listed once, under down
    term.type("roll 2 --dice ask")
    term.wait_for("Test, 2d10: ")
    term.type("7 8")
    term.wait_for("[7 8]")
    term.type("quit")
    assert term.wait_exit() == 0
    assert "down" in json.loads(sprawl_run(table, "status", "Razz", "--json").stdout)["characters"][0]["statuses"]


def test_real_bash_tab_completes_commands_and_character_names(table, terminal):
    new_game(table)
    term = terminal("bash --norc --noprofile -i")
    term.type("PS1='$ '")
    term.type(f"source {quoted(str(ROOT / 'completions' / 'sprawl.bash'))}")
    term.type("clear")
    term.wait_for(lambda s: s.strip() == "$")
    term.type("sprawl sta", enter=False)
    term.keys("Tab")
    term.wait_for("$ sprawl status ")
    term.keys("C-u")
    term.type("sprawl set Gor", enter=False)
    term.keys("Tab")
    term.wait_for("$ sprawl set Gordo ")
    term.keys("C-u")
    term.type("exit")
    assert term.wait_exit() == 0


@pytest.mark.parametrize("ci, outcome", [("", pytest.skip.Exception), ("true", pytest.fail.Exception)])
def test_without_tmux_the_terminal_tests_skip_except_on_ci(monkeypatch, ci, outcome):
    from tests.e2e import conftest

    monkeypatch.setattr("shutil.which", lambda _name: None)
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="tmux is not installed"):
        conftest.need_tmux()
