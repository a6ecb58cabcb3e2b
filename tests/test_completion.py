"""Shell completion: the scripts in completions/ are fresh, and a real bash completes commands and names."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from sprawl_cli.cli.main import cli
from sprawl_cli.complete import completion_script
from tests import harness
from tests.factory import PLF, ROOT, SUIT

COMPLETIONS = ROOT / "completions"
SHELLS = ("bash", "zsh", "fish")


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_files_are_fresh(shell):
    kept = (COMPLETIONS / f"sprawl.{shell}").read_text(encoding="utf-8")
    assert kept == completion_script(shell, cli), (
        f"completions/sprawl.{shell} is stale: run `sprawl completion {shell} > completions/sprawl.{shell}`"
    )


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_command_prints_the_same_script(sprawl, shell):
    result = sprawl("completion", shell)
    assert result.exit_code == 0
    assert result.stdout == (COMPLETIONS / f"sprawl.{shell}").read_text(encoding="utf-8")
    assert json.loads(sprawl("completion", shell, "--json").stdout) == {"shell": shell, "script": result.stdout}


def test_completion_for_an_unknown_shell_is_a_usage_error(sprawl):
    result = sprawl("completion", "tcsh")
    assert result.exit_code == 2
    assert "choose bash, zsh or fish" in result.stderr


# --- through the installed program, the way a shell asks it --------------------------


@pytest.fixture
def table(tmp_path):
    """A folder with a game in it, and an environment whose PATH finds the installed sprawl
    (without it: a skip that says so, or a failure under CI=true)."""
    env = harness.clean_environ(PATH=f"{harness.BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    done = harness.run(["new", "--squad", PLF, "--squad", SUIT], tmp_path, installed=True, env=env)
    assert done.returncode == 0, done.stderr
    return tmp_path, env


def ask(table, words: str, cword: int, shell: str = "bash") -> list[str]:
    folder, env = table
    done = harness.run([], folder, installed=True,
                       env=dict(env, COMP_WORDS=words, COMP_CWORD=str(cword), _SPRAWL_COMPLETE=f"{shell}_complete"))
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line]


def test_program_completes_a_command(table):
    assert ask(table, "sprawl sta", 1) == ["plain,status"]


def test_program_completes_character_names_from_the_save(table):
    assert ask(table, "sprawl set R", 2) == ["plain,Razz", "plain,Rafter"]
    assert ask(table, "sprawl damage Razz 3 --nearby Babs,W", 5) == ["plain,Babs,Wes", "plain,Babs,Wilson",
                                                                      "plain,Babs,Wishbone"]


def test_program_reads_the_game_named_by_game_option(table):
    folder, env = table
    other = folder / "elsewhere"
    other.mkdir()
    (folder / "sprawl-game.yaml").rename(other / "g.yaml")
    assert ask(table, "sprawl set R", 2) == []
    assert ask(table, f"sprawl set --game {other / 'g.yaml'} R", 4) == ["plain,Razz", "plain,Rafter"]


# --- a real bash sourcing completions/sprawl.bash -----------------------------------------


def run_bash(table, script: str) -> str:
    folder, env = table
    bash = harness.need_tool("bash", "the completion script is tested in a real bash")
    done = subprocess.run([bash, "--norc", "--noprofile", "-i", "-c", script], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def completing(words: list[str]) -> str:
    """Bash that sets up a completion of `words` (the last is being typed) and prints COMPREPLY."""
    quoted = " ".join(f"'{w}'" for w in words)
    return (f"source '{COMPLETIONS / 'sprawl.bash'}'; "
            f"COMP_WORDS=({quoted}); COMP_CWORD={len(words) - 1}; COMPREPLY=(); "
            "_sprawl_completion sprawl; printf '%s\\n' \"${COMPREPLY[@]}\"")


def test_real_bash_registers_the_completion(table):
    out = run_bash(table, f"source '{COMPLETIONS / 'sprawl.bash'}'; complete -p sprawl")
    assert "_sprawl_completion" in out


def test_real_bash_completes_a_command(table):
    assert run_bash(table, completing(["sprawl", "sta"])).split() == ["status"]


def test_real_bash_completes_a_character_name(table):
    assert run_bash(table, completing(["sprawl", "set", "Wi"])).split() == ["Wilson", "Wishbone"]


def test_real_bash_completes_options(table):
    found = run_bash(table, completing(["sprawl", "set", "Razz", "ran", "on", "--j"])).split()
    assert found == ["--json"]


# --- what the game's system offers: statuses, on|off, option values, its own commands ------


def test_program_completes_set_with_statuses_then_on_or_off(table):
    from sprawl_cli import systems

    assert ask(table, "sprawl set Razz ", 3) == [f"plain,{s}" for s in systems.get("sprawl").statuses]
    assert ask(table, "sprawl set Razz pinned o", 4) == ["plain,on", "plain,off"]


def test_program_completes_weapon_values_and_report_formats(table):
    assert ask(table, "sprawl shoot Wishbone Razz --weapon ", 5) == ["plain,Pistol", "plain,Grenade",
                                                                     "plain,Rocket Launcher"]
    assert ask(table, "sprawl brawl Babs Wilson -w ", 5) == ["plain,Knife", "plain,Fists"]
    assert ask(table, "sprawl campaign report --format ", 4) == ["plain,md", "plain,html"]


def test_real_bash_completes_a_weapon(table):
    assert run_bash(table, completing(["sprawl", "shoot", "Wishbone", "Razz", "--weapon", "G"])).split() == ["Grenade"]


def test_program_completes_the_commands_of_the_game_named_by_game_option(table):
    folder, env = table
    other = folder / "gun"
    other.mkdir()
    subprocess.run([harness.installed_sprawl(), "new", "--system", "gunplay", "--game", str(other / "g.yaml"),
                    "--squad", str(ROOT / "rosters/gunplay/crows.yaml"),
                    "--squad", str(ROOT / "rosters/gunplay/wardens.yaml")],
                   cwd=folder, env=env, check=True, capture_output=True)
    assert ask(table, "sprawl fi", 1) == []  # the game here is SPRAWL's
    assert ask(table, f"sprawl --game {other / 'g.yaml'} fi", 3) == ["plain,fire"]
    assert ask(table, f"sprawl set --game {other / 'g.yaml'} Vic ", 5) == ["plain,down", "plain,prone",
                                                                            "plain,removed"]


def test_program_completes_the_objective_commands_and_a_scenarios_names(table):
    from tests.factory import ROOT

    folder, env = table
    done = harness.run(["new", "--force", "--squad", PLF, "--squad", SUIT, "--scenario",
                        str(ROOT / "scenarios/sprawl/crossroads.yaml")], folder, installed=True, env=env)
    assert done.returncode == 0, done.stderr
    assert ask(table, "sprawl objective t", 2) == ["plain,take"]
    assert ask(table, "sprawl objective take B", 3) == ["plain,Babs"]
    assert ask(table, "sprawl objective take Babs d", 4) == ["plain,data core"]
    assert ask(table, "sprawl objective hold c", 3) == ["plain,crossroads"]
