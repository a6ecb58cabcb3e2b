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
    assert zero.stderr.replace(" 0 ", " N ") == minus.stderr.replace(" -1 ", " N ")
    assert "not in the range x>=1" in minus.stderr


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
