"""Whatever is typed, a Street-Fight command ends in a result or one error line, never a traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Sprawl
from tests.street_fight.test_cli import RATS, WARDENS

NAMES = ["Vex", "Mags", "Tully", "Skiv", "Orla", "Brant", "Cole", "Dee", "Nobody", ""]
WORDS = st.sampled_from(NAMES) | st.text(alphabet="abcXYZ-,0 ", max_size=6)
NUMBERS = st.sampled_from(["0", "-1", "3", "4.5", "9", "9.5", "200", "x", "nan", "inf", "-inf"])
COMMANDS = st.one_of(
    st.tuples(st.just("move"), WORDS, st.just("--inches"), NUMBERS),
    st.tuples(st.just("shoot"), WORDS, WORDS, st.just("--distance"), NUMBERS, st.just("--frontage"), NUMBERS),
    st.tuples(st.just("shoot"), WORDS, WORDS, st.just("--distance"), NUMBERS, st.just("--targets"), WORDS),
    st.tuples(st.just("fight"), WORDS, WORDS, st.sampled_from(["--charged", "--cover", "--force"])),
    st.tuples(st.just("aim"), WORDS), st.tuples(st.just("overwatch"), WORDS, st.just("--large")),
    st.tuples(st.just("morale"), WORDS), st.tuples(st.just("next"),),
    st.tuples(st.just("odds"), st.sampled_from(["shoot", "fight", "morale", "x"]), WORDS, WORDS,
              st.just("--distance"), NUMBERS, st.just("--weapon"), WORDS),
    st.tuples(st.just("odds"), st.just("shoot"), st.just("--weapon"), st.sampled_from(["LMG", "pistol", "HMG"]),
              st.just("--distance"), NUMBERS, st.just("--frontage"), NUMBERS, st.just("--targets"),
              st.sampled_from(["0", "1", "3", "99999999", "Vex,Dee", "none"])),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=st.lists(COMMANDS, min_size=1, max_size=4), dice=st.lists(st.integers(0, 100), max_size=8))
def test_no_traceback(tmp_path: Path, script: list[tuple[str, ...]], dice: list[int]) -> None:
    import os
    import tempfile

    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # hypothesis may run one example twice
    here = os.getcwd()
    os.chdir(folder)
    try:
        sprawl = Sprawl(folder)
        assert sprawl("new", "--system", "street-fight", "--squad", RATS, "--squad", WARDENS,
                      "--dice", "1,9,2").exit_code == 0
        for command in script:
            args = list(command) + (["--dice", ",".join(map(str, dice))] if dice else [])
            result = sprawl(*args)
            assert result.exit_code in (0, 1, 2), (args, result.output)
            if result.exit_code:
                assert "Traceback" not in result.stderr + result.stdout
                assert result.stderr.strip().count("\n") <= 1 or result.exit_code == 2, result.stderr
    finally:
        os.chdir(here)
