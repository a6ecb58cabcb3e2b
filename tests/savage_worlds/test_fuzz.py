"""Bad input never gets past the error boundary: any command with odd arguments ends in
exit 0, 1 or 2 and never an internal error."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import CULT, EXPEDITION
from tests.savage_worlds.helpers import CLEAR

WORDS = st.sampled_from(["Ada", "Jonah", "Pike", "Priestess", "Hound", "Acolyte 1", "nobody", "", "-1", "0", "d8",
                         "d13", "99", "KS", "RJ", "head", "--rof", "3", "--template", "small", "--range", "far",
                         "--distance", "-4", "--victims", "Ada,Ada", "--dive", "Pike", "--victim-cover", "Ada=x",
                         "--called", "tiny", "--actions", "0", "--wild", "--mod", "--tn", "--benny", "--surprise",
                         "Expedition", "--dice", "1,1,1,1,1,1,1,1,1,1,1,1", "6,6,6,6,6", "--force", "--type",
                         "blunt", "lock", "--inches", "100", "--crouching", "--draw", "--yes", "--light", "short",
                         "pitch", "--weapon", "Tommy Gun", "Cult of the Eye"])
COMMANDS = st.sampled_from(["deal", "hold", "interrupt", "fight", "shoot", *CLEAR, "benny", "soak", "recover", "defend",
                            "run", "move", "prone", "rise", "jump", "test", "break", "finish", "wounds", "next",
                            "roll", "odds", "set", "status", "aim", "award", "reload", "standoff", "oppose", "suppress"])


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(COMMANDS, st.lists(WORDS, max_size=6))
def test_no_command_line_ends_in_an_internal_error(sprawl: Sprawl, command: str, words: list[str]) -> None:
    if not Path(sprawl.save).exists():
        result = sprawl("new", "--system", "savage-worlds", "--squad", EXPEDITION, "--squad", CULT)
        assert result.exit_code == 0
    args = [command, *words]
    if command in ("roll", "odds"):
        args += ["--system", "savage-worlds"]
    result = sprawl(*args, "--dice", "3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3")
    assert result.exit_code in (0, 1, 2), (args, result.output)
    assert "internal error" not in result.output + result.stderr, (args, result.stderr)
