"""`sprawl play`: a session read from stdin, its completion, status line, history and asked dice."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
import yaml

from sprawl_cli.cli.main import cli
from sprawl_cli.context import Env, Options
from sprawl_cli.play import Session, session_line_words, split_line, status_line
from sprawl_cli.playprompt import HISTORY_LIMIT, split_history, trim_history
from tests import harness
from tests.factory import PLF, SUIT, character, game


def on_disk(save: Path) -> dict:
    """The save file as another program would read it (no cache of ours involved)."""
    return yaml.safe_load(save.read_text(encoding="utf-8"))


def statuses_on_disk(save: Path, name: str) -> list[str]:
    return next(c.get("statuses", []) for c in on_disk(save)["characters"] if c["name"] == name)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# --- a session read from stdin ----------------------------------------------------


def test_lines_run_in_order_and_each_change_is_saved(sprawl):
    sprawl.new()
    result = sprawl("play", input="set Razz ran on\nstatus Razz --json\nset Razz pinned on\n")
    assert result.exit_code == 0, result.stderr
    shown = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert json.loads(shown[0])["characters"][0]["statuses"] == ["ran"]
    assert statuses_on_disk(sprawl.save, "Razz") == ["pinned", "ran"]


def test_an_error_is_shown_and_the_session_goes_on(sprawl):
    sprawl.new()
    result = sprawl("play", input="bogus\nset Nobody ran on\n'unclosed\nset Razz ran on\n")
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 3
    assert "no command 'bogus'" in errors[0]
    assert "Nobody" in errors[1]
    assert "quote" in errors[2]
    assert statuses_on_disk(sprawl.save, "Razz") == ["ran"]
    assert result.exit_code == 2  # the worst line: a usage error
    assert "Traceback" not in result.output + result.stderr


def test_a_refused_line_gives_exit_1(sprawl):
    sprawl.new()
    result = sprawl("play", input="set Nobody ran on\nstatus --json\n")
    assert result.exit_code == 1
    assert "error: no character named 'Nobody' in this game" in result.stderr
    assert json.loads(result.stdout.splitlines()[-1])["round"] == 1  # the session went on after the refusal


@pytest.mark.parametrize("leave", ["quit", "exit", "  quit  "])
def test_quit_and_exit_leave(sprawl, leave):
    sprawl.new()
    result = sprawl("play", input=f"{leave}\nset Razz ran on\n")
    assert result.exit_code == 0
    assert statuses_on_disk(sprawl.save, "Razz") == []


def test_blank_lines_comments_and_a_typed_sprawl_prefix(sprawl):
    sprawl.new()
    result = sprawl("play", input="\n# a comment\n   \nsprawl set Razz ran on\n")
    assert result.exit_code == 0, result.stderr
    assert statuses_on_disk(sprawl.save, "Razz") == ["ran"]


def test_session_json_prints_one_object_per_line(sprawl):
    sprawl.new()
    result = sprawl("play", "--json", input="set Razz ran on\nset Nobody ran on\nstatus\n")
    objects = json_lines(result.stdout)
    assert len(objects) == 3
    assert objects[0]["name"] == "Razz" and objects[0]["statuses"] == ["ran"]
    assert "error" in objects[1] and "Nobody" in objects[1]["error"]
    assert objects[2]["round"] == 1
    assert result.exit_code == 1


def test_the_journal_records_the_line_as_typed(sprawl):
    sprawl.new()
    sprawl("play", "--json", input="set Razz ran on\n")
    log = sprawl.json("log")
    assert log["entries"][-1]["command"] == "set Razz ran on"


def test_help_inside_a_session(sprawl):
    sprawl.new()
    result = sprawl("play", input="help\nhelp set\n")
    assert result.exit_code == 0
    assert "Commands" in result.stdout and "on|off" in result.stdout


def test_play_inside_play_is_refused(sprawl):
    sprawl.new()
    result = sprawl("play", input="play\nset Razz ran on\n")
    assert "already in a session" in result.stderr
    assert statuses_on_disk(sprawl.save, "Razz") == ["ran"]


@pytest.mark.parametrize("option", [("--dice", "4,5,7"), ("--force",), ("--nearby", "Babs")])
def test_per_line_options_are_accepted_but_ignored_for_the_whole_session(sprawl, option):
    # SPEC: every command accepts the common options; on `play` these apply to no line.
    sprawl.new()
    result = sprawl("play", *option, input="set Razz ran on\n")
    assert result.exit_code == 0
    assert "ignored for a whole session" in result.stderr
    assert statuses_on_disk(sprawl.save, "Razz") == ["ran"]


def test_session_game_option_is_used_by_every_line(sprawl):
    other = sprawl.folder / "other.yaml"
    assert sprawl("new", "--squad", PLF, "--squad", SUIT, "--game", str(other)).exit_code == 0
    result = sprawl("play", "--game", str(other), input="set Razz ran on\n")
    assert result.exit_code == 0, result.stderr
    assert statuses_on_disk(other, "Razz") == ["ran"]
    assert not sprawl.save.exists()


def test_a_session_may_start_the_game(sprawl):
    result = sprawl("play", input=f"new --squad {PLF} --squad {SUIT}\nset Razz ran on\n")
    assert result.exit_code == 0, result.stderr
    assert statuses_on_disk(sprawl.save, "Razz") == ["ran"]


def test_a_seeded_session_replays_and_lines_get_different_seeds(sprawl):
    lines = "roll 10 --json\nroll 10 --json\n"
    first = json_lines(sprawl("play", "--seed", "7", input=lines).stdout)
    again = json_lines(sprawl("play", "--seed", "7", input=lines).stdout)
    assert first == again
    assert first[0]["faces"] != first[1]["faces"]


# --- asked dice: --dice ask and physical games ------------------------------------------


def test_dice_ask_session_reads_faces_from_the_next_line(sprawl):
    result = sprawl("play", "--dice", "ask", "--json", input="roll 3\n4 5 7\n")
    assert result.exit_code == 0, result.stderr
    assert json_lines(result.stdout)[0]["faces"] == [4, 5, 7]
    assert "Test, 3d10" in result.stderr


def test_asked_dice_typos_ask_again_and_never_crash(sprawl):
    result = sprawl("roll", "3", "--dice", "ask", "--json", input="4 5 x\n4 5\n4,5,0\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["faces"] == [4, 5, 10]
    assert result.stderr.count("Test, 3d10") == 3
    assert "'x' is not a d10 face" in result.stderr
    assert "needs exactly 3" in result.stderr


def test_asked_dice_end_of_input_refuses_and_changes_nothing(sprawl, snapshot):
    sprawl.new("--physical")
    before = snapshot(sprawl.folder)
    result = sprawl("damage", "Razz", "3", "--nearby", "none", input="")
    assert result.exit_code == 1
    assert "no answer given for Razz: Incapacitation, 1d10" in result.stderr
    assert snapshot(sprawl.folder) == before


def test_physical_game_asks_every_roll_by_name_and_pool(sprawl):
    sprawl.new("--physical")
    assert on_disk(sprawl.save)["settings"]["dice"] == "physical"
    result = sprawl("play", "--json", input="damage Razz 3 --nearby none\n11\n5\nstatus Razz\n")
    assert result.exit_code == 0, result.stderr
    assert "Razz: Incapacitation, 1d10" in result.stderr
    assert "'11' is not a d10 face" in result.stderr
    done, shown = json_lines(result.stdout)
    assert done["victims"][0]["incapacitation"] == {"roll": 5, "result": "down"}
    assert "down" in shown["characters"][0]["statuses"]


def test_physical_game_is_honoured_even_without_physical_passed(tmp_path, monkeypatch):
    """Context.dice() asks in a physical game whatever the command passed (the loaded game decides)."""
    from sprawl_cli.context import Context

    monkeypatch.chdir(tmp_path)
    env = Env(stdin=io.StringIO("3 8\n"), stdout=io.StringIO(), stderr=io.StringIO(), interactive=False, environ={})
    ctx = Context(Options(), env)
    ctx.physical_game = True
    assert ctx.dice().roll(2, "Razz: Guts") == (3, 8)
    assert "Razz: Guts, 2d10" in env.stderr.getvalue()  # type: ignore[union-attr]


# --- the Session object: completion and the status line ------------------------------------


@pytest.fixture
def session(sprawl):
    sprawl.new()
    out, err = io.StringIO(), io.StringIO()
    env = Env(stdin=io.StringIO(), stdout=out, stderr=err, interactive=False, environ={})
    return Session(cli, env, sprawl.save)


def values(found):
    return [value for value, _help, _replace in found]


def test_tab_completes_commands(session):
    assert values(session.complete("sta")) == ["status "]  # a command's name ends with its space (issue 24)
    assert "quit " in values(session.complete("q"))
    assert "play " not in values(session.complete("pl"))


def test_tab_completes_options_from_the_click_command(session):
    found = values(session.complete("set Razz ran on --"))
    assert "--weapon" in found and "--json" in found and "--game" in found


def test_tab_completes_character_names(session):
    assert values(session.complete("set R")) == ["Razz", "Rafter"]
    assert values(session.complete("status w")) == ["Wes", "Wilson", "Wishbone"]
    assert [r for _v, _h, r in session.complete("set Ra")] == [2, 2]


def test_tab_completes_name_lists_after_a_comma(session):
    found = values(session.complete("damage Razz 3 --nearby Babs,W"))
    assert found == ["Babs,Wes", "Babs,Wilson", "Babs,Wishbone"]
    assert "none" in values(session.complete("damage Razz 3 --nearby n"))
    assert values(session.complete("damage Razz 3 --nearby Babs,Ba")) == []  # no name twice
    # every option that takes a list of names does the same, the scattered blast's included
    for option in ("--blast", "--blast-scattered", "--near-ledge"):
        line = f"shoot Razz Wilson --weapon Grenade {option} Babs,W"
        assert values(session.complete(line)) == ["Babs,Wes", "Babs,Wilson", "Babs,Wishbone"], option


@pytest.mark.parametrize(("line", "expected"), [
    ("move Razz --terrain ", ["open", "difficult", "treacherous"]),
    ("move Razz --terrain T", ["treacherous"]),
    ("campaign report --format ", ["md", "html"]),
    ("campaign report -f h", ["html"]),
    ("shoot Razz Wilson --range ", ["short", "long"]),  # click.Choice options answer for themselves
    ("shoot Razz Wilson --cover p", ["partial"]),
    ("move Razz --run ", None),  # a flag takes no value: the usual completions
])
def test_tab_completes_option_values_with_fixed_choices(session, line, expected):
    found = values(session.complete(line))
    if expected is None:
        assert "--terrain" in values(session.complete(line + "--"))
    else:
        assert found == expected


def test_tab_completes_the_named_characters_weapons(session):
    # Wishbone carries Pistol, Grenade and Rocket Launcher; shoot offers only what shoots.
    assert values(session.complete("shoot Wishbone Razz --weapon ")) == ["Pistol", "Grenade", "'Rocket Launcher'"]
    assert values(session.complete("shoot --cover full Wishbone Razz --weapon r")) == ["'Rocket Launcher'"]
    assert values(session.complete("odds shoot Wishbone Razz -w g")) == ["Grenade"]
    assert values(session.complete("brawl Babs Wilson --weapon ")) == ["Knife", "Fists"]
    assert values(session.complete("shoot Nobody Razz --weapon ")) == []
    assert values(session.complete("shoot --weapon ")) == []


def test_tab_after_help_completes_command_names(session):
    assert values(session.complete("help st")) == ["status "]


def test_tab_on_an_unknown_command_offers_nothing(session):
    assert session.complete("bogus R") == []


def test_names_are_read_again_when_the_save_changes(session, sprawl):
    assert values(session.complete("set Z")) == []
    roster = sprawl.folder / "zed.yaml"
    roster.write_text(Path(PLF).read_text().replace("name: Razz", "name: Zed"))
    assert session.run(f"new --force --squad {roster} --squad {SUIT}") == 0
    assert values(session.complete("set Z")) == ["Zed"]


def test_status_line_shows_round_side_phase_and_who_is_pinned(session):
    assert session.status_line() == "Round 1 | People's Liberation Front | movement"
    assert session.run("set Razz pinned on") == 0
    assert session.run("set Wilson panicked on") == 0
    assert session.status_line().endswith("pinned: Razz | panicked: Wilson")


def test_status_line_lists_a_down_character_under_down_only():
    ann, bo, cy = character("Ann"), character("Bo"), character("Cy")
    g = game([ann, bo], [cy])
    for c in (ann, bo):
        c.add("pinned")
    bo.add("down")  # R8: Down is pinned as well
    assert status_line(g) == "Round 1 | Red | movement | pinned: Ann | down: Bo"
    ann.add("down")
    assert status_line(g) == "Round 1 | Red | movement | down: Ann, Bo"


def test_status_line_without_a_game_says_how_to_start(tmp_path):
    env = Env(stdin=io.StringIO(), stdout=io.StringIO(), stderr=io.StringIO(), interactive=False, environ={})
    s = Session(cli, env, tmp_path / "none.yaml")
    assert "new --squad" in s.status_line()


def test_status_line_of_a_finished_game():
    g = game([character("Ann")], [character("Bo")], over=True, winner="Red", reason="Blue routed", rounds=6)
    assert status_line(g) == "Game over in round 1 (1 round played): Red won (Blue routed)"
    g.over = False
    g.characters[1].add("out_of_action")
    assert status_line(g) == "Round 1/6 | Red | movement | out: Bo"


# --- splitting lines ------------------------------------------------------------------


def test_lines_split_as_a_shell_splits_words():
    assert split_line("set 'Big Al' pinned on") == ["set", "Big Al", "pinned", "on"]
    assert split_line("next   # on to Ranged Combat") == ["next"]
    assert split_line("set Mr#1 ran on") == ["set", "Mr#1", "ran", "on"]  # not a comment mid-word
    assert split_line("concede 'S.U.I.T. #13' # they had enough") == ["concede", "S.U.I.T. #13"]
    assert split_line("# only a comment") == []
    assert split_line('sprawl shoot Razz "Wilson" --mod -1') == ["shoot", "Razz", "Wilson", "--mod", "-1"]


@pytest.mark.parametrize("text, words, typed, spans", [
    ("", [], "", 0),
    ("sta", [], "sta", 3),
    ("set ", ["set"], "", 0),
    ("set Ra", ["set"], "Ra", 2),
    ("set 'Big A", ["set"], "Big A", 6),
    ("set 'Big ", ["set"], "Big ", 5),
    ("set Razz  ", ["set", "Razz"], "", 0),
    ('a "b c" d', ["a", "b c"], "d", 1),
])
def test_words_before_the_cursor(text, words, typed, spans):
    assert session_line_words(text) == (words, typed, spans)


# --- history ---------------------------------------------------------------------


def lines_of(entries: list[str]) -> list[str]:
    """The commands stored in history entries."""
    return ["\n".join(line[1:] for line in e.splitlines() if line.startswith("+")) for e in entries]


def history_text(count: int) -> str:
    return "".join(f"\n# 2024-01-01 00:00:{i % 60:02d}\n+set Razz ran on {i}\n" for i in range(count))


def test_history_is_bounded_keeping_the_newest(tmp_path):
    path = tmp_path / "g.yaml.history"
    path.write_text(history_text(HISTORY_LIMIT + 25))
    trim_history(path)
    kept = lines_of(split_history(path.read_text()))
    assert len(kept) == HISTORY_LIMIT
    assert kept[0] == "set Razz ran on 25" and kept[-1] == f"set Razz ran on {HISTORY_LIMIT + 24}"


def test_history_entries_join_back_to_the_same_text():
    text = history_text(4) + "\n# 2024-01-01 00:01:00\n+two\n+lines\n"
    assert "".join(split_history(text)) == text
    assert lines_of(split_history(text))[-1] == "two\nlines"


def test_short_history_is_left_alone(tmp_path):
    path = tmp_path / "g.yaml.history"
    path.write_text(history_text(3))
    before = os.stat(path).st_mtime_ns, path.read_text()
    trim_history(path)
    assert (os.stat(path).st_mtime_ns, path.read_text()) == before


def test_history_file_sits_beside_the_save_and_prompt_toolkit_reads_it(tmp_path):
    from sprawl_cli.playprompt import bounded_history, history_path

    save = tmp_path / "club.yaml"
    path = history_path(save)
    assert path == tmp_path / "club.yaml.history"
    path.write_text(history_text(HISTORY_LIMIT + 2))
    history = bounded_history(path)
    loaded = list(history.load_history_strings())
    assert len(loaded) == HISTORY_LIMIT and loaded[0] == f"set Razz ran on {HISTORY_LIMIT + 1}"


def test_tab_completes_squads_with_a_prefix_a_shell_needs_no_quotes_for(session):
    assert values(session.complete("concede ")) == ["People", "S.U.I.T."]
    assert values(session.complete("end --winner s")) == ["S.U.I.T."]
    assert session.run("concede People") == 0
    assert session.status_line().startswith("Game over in round 1 (1 round played): S.U.I.T. #13 won")


# --- --json on every command ----------------------------------------------------------

# One line per command in COMMANDS (a new command without a line here fails the test).
# Many are refused in a fresh game's Movement Phase; a refusal must be one JSON object too.
JSON_LINES = {
    "roll": "roll 4", "odds": "odds 4", "table": "table incapacitation 7", "rules": "rules",
    "new": f"new --squad {PLF} --squad {SUIT} --force", "status": "status", "next": "next",
    "set": "set Razz ran on", "damage": "damage Razz 1", "log": "log", "undo": "undo", "redo": "redo",
    "repair": "repair",
    "roster": f"roster check {PLF}", "gear": "gear", "move": "move Razz", "charge": "charge Razz Wilson --yes",
    "hide": "hide Razz --yes", "spot": "spot Wilson Razz --yes", "overwatch": "overwatch Razz", "jump": "jump Razz",
    "fall": "fall Razz 2", "safe": "safe Razz", "edge": "edge Razz",
    "shoot": "shoot Razz Wilson --force --nearby none --near-ledge none --blast none", "los": "los Razz Wilson", "brawl": "brawl Razz Wilson",
    "break": "break Razz", "recover": "recover --force", "rout": "rout", "concede": "concede S.U.I.T.", "end": "end",
    "aftermath": "aftermath", "campaign": "campaign show", "objective": "objective drop core", "play": "play", "completion": "completion fish",
    "report": "report --format html", "serve": "serve --host 256.0.0.1",  # an address no machine has: refused
}


def test_every_command_has_a_json_example():
    from sprawl_cli.cli.line import commands_of

    COMMANDS = commands_of("sprawl")

    assert set(JSON_LINES) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(JSON_LINES))
def test_every_command_prints_exactly_one_json_object(sprawl, command):
    sprawl.new()
    words = split_line(JSON_LINES[command]) + ["--json", "--seed", "3"]
    result = sprawl(*words, input="set Razz ran on\n" if command == "play" else None)
    assert result.exit_code in (0, 1), result.stderr
    data = json.loads(result.stdout)  # exactly one object, nothing else on stdout
    assert isinstance(data, dict)
    assert result.exit_code == 0 or set(data) == {"error"}


# --- docs/scripting.md: its examples run as written ----------------------------------------


@pytest.mark.parametrize("language", ["python", "bash"])
def test_scripting_examples_run(tmp_path, language):
    import re
    import subprocess
    import sys

    from tests.factory import ROOT, ROSTERS

    text = (ROOT / "docs" / "scripting.md").read_text(encoding="utf-8")
    block = re.search(rf"```{language}\n(.*?)```", text, re.S)
    assert block is not None, f"docs/scripting.md lost its {language} example"
    env = harness.clean_environ()
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", ROSTERS=str(ROSTERS / "sprawl"))
    program = [sys.executable, "-c"] if language == "python" else ["bash", "-c"]
    done = subprocess.run([*program, block.group(1)], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    if language == "python":
        assert "now: ranged" in done.stdout and "hit(s)" in done.stdout
    else:
        assert "session exit status: 1" in done.stdout
        assert "5 refused: Babs cannot shoot" in done.stdout
        assert done.stdout.count(" ok") == 7


def test_the_walk_through_in_docs_play_finishes_a_round(sprawl):
    from tests.factory import ROOT

    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    walk = text[text.index("## 4."):text.index("## 6.")]
    lines = [line[len("sprawl> "):] for line in walk.splitlines() if line.startswith("sprawl> ")]
    assert len(lines) > 10
    sprawl.new("--rounds", "6")
    result = sprawl("play", "--seed", "1", input="\n".join(lines) + "\n")
    assert result.exit_code in (0, 1), result.stderr  # never a usage error: every line is a real command
    state = sprawl.json("status")
    assert (state["round"], state["side"], state["phase"]) == (2, "People's Liberation Front", "movement")


# --- Tab in a real prompt_toolkit prompt (pipe input, no screen) ------------------------------


def typed_at_the_prompt(session, keys: str, bindings=True) -> str:
    """The line a prompt_toolkit prompt returns after `keys` arrive in one read, as keys
    typed on a busy machine do, with the session's completer (and its Tab binding)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sprawl_cli.playprompt import tab_completes_at_once

    class Names(Completer):
        def get_completions(self, document, complete_event):
            for value, meta, replace in session.complete(document.text_before_cursor):
                yield Completion(value, start_position=-replace, display_meta=meta or None)

    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        prompt = PromptSession(input=pipe, output=DummyOutput(), completer=Names(), complete_while_typing=False,
                               key_bindings=tab_completes_at_once() if bindings else None)
        return prompt.prompt("sprawl> ")


def test_a_tab_is_answered_before_the_next_key_is_read(session):
    # Keys that arrive together: the Tab must complete before the next key lands. prompt_toolkit's
    # own Tab (prompt_toolkit 3.0.53) completes in a background task and drops the completion once
    # the text has changed: with it, this line comes back "sta--json". (The completed name brings
    # its own space.)
    assert typed_at_the_prompt(session, "sta\t--json\r") == "status --json"
    assert typed_at_the_prompt(session, "set Gor\t ran on\r") == "set Gordo ran on"
    # Issue 24: a completed command name (or a group's subcommand) ends with its space.
    assert typed_at_the_prompt(session, "sta\tRazz\r") == "status Razz"
    assert typed_at_the_prompt(session, "campaign rep\t--format md\r") == "campaign report --format md"


def test_tab_opens_the_menu_when_several_fit_and_a_second_tab_walks_it(session):
    assert typed_at_the_prompt(session, "set Wi\t\t\r") == "set Wilson"
    assert typed_at_the_prompt(session, "set Wi\t\t\t\r") == "set Wishbone"


def test_tab_inserts_what_every_choice_shares(session):
    assert typed_at_the_prompt(session, "set Razz ran on --js\t\r") == "set Razz ran on --json"
    assert typed_at_the_prompt(session, "set Ra\t\r") == "set Ra"  # Razz and Rafter share only "Ra"


def test_tab_with_nothing_to_offer_changes_nothing(session):
    assert typed_at_the_prompt(session, "frobnicate\t\r") == "frobnicate"
