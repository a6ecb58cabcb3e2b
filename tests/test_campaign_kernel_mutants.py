"""The kernel's campaign books under mutation testing (issue 38): `sprawl_cli/books.py` (the
dataclasses and `read_book`'s checks), `sprawl_cli/campaign.py` (building the books, taking a game
in, the series, `campaign show`/`history` JSON) and `sprawl_cli/campaign_file.py` (the file: read,
written, recovered). What the runs found unchecked, pinned through the command line where a
table would see it.

Last run (2026-12-02, fourth session, docs/reliability.md "The campaign books after the split"):
`books.py` and `campaign.py` whole, then `campaign_file.py` whole, then the three together as
committed. `books.py`: every mutant killed. Left alive, each read and equivalent (no input tells
it from the original):
- `campaign.py`, `record_book_game` #30, #33, #34: `zip(strict=...)` None, left out or False
  for True: the game's entry lists its characters from the very list the parts were read from,
  so the two are always as long.
- `game_from_book` #10: no `table` handed to `System.new_game`: no system reads it when a game
  starts (Gunplay hands it on to its setup, which does not read it either).
- `game_entry` #49, #70, #74: no game handed to `System.record`, `fate` or `end_words`: each
  system reads only the character there.
- `after_game` #32 and `rosters_from_book` #32, #33: as in `tests/test_campaign_mutants.py`.
- `campaign_file.py`, `recover` #4, #7, #8: the words naming the file to `yamlio.load`; they
  only word a `SaveFileError`, which the recovery swallows (the load after it says what is wrong).
- `campaign_system` #7: "XXXX" for "" as the key of a name that is not text: unknown either
  way, and refused in the same words.
- `campaign_from_data` #20: a migration step for schema 0, which `migrate` refuses before any step.

Code a mutant showed could never matter was removed: the defaults of `next_leader`'s index (0)
and of `book_json`'s source ("campaign"), which every caller hands, and `campaign_system`'s own
folding of the system's name (`_` to `-`, lower case), which the registry does again: it calls
`systems.key` now (their mutants survived every test, but `upper()`, killed only by a registry
stubbed here). Killed since the run before: `recover` #35 and #36 (no `notify` handed to the
save's lock), by the last test here, which holds that lock from a second process.

Earlier runs: `book_history` #41, #43, #44 and `game_entry` #45, #46 (the scenario a campaign
game keeps) are killed by `tests/test_scenarios.py`'s campaign game. `book_json` #19, #23, #24
(the source `campaign show` names when it meets a broken sheet while finding a dead leader's
stand-in) showed a real flaw: the line said "campaign", not the file; `book_json` is handed the
campaign's path since, and a test below pins the whole line. `campaign_system`'s key and words
for a system the registry knows but cannot load (no built-in system gets there) are pinned by
a test here too.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sprawl_cli.campaign import book_from_rosters, book_series, game_entry, number_measures, record_book_game
from sprawl_cli.cli.main import cli
from sprawl_cli.context import Env
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.sprawl.roster import load_roster
from sprawl_cli.systems.sprawl.system import SYSTEM
from tests import harness
from tests.factory import PLF, ROSTERS, SUIT, dice, table
from tests.test_campaign_store import campaign_file, ended, killed_at  # noqa: F401 (ended: a fixture)

PLF_NAME = "People's Liberation Front"


def renamed_squad(folder: Path, squad: str) -> str:
    """The sample PLF roster under another squad name, written into `folder`."""
    text = Path(PLF).read_text(encoding="utf-8").replace(f"squad: {PLF_NAME}", f"squad: {squad}")
    target = folder / "other.yaml"
    target.write_text(text, encoding="utf-8")
    return str(target)


# --- recording a game ----------------------------------------------------------------------------


def test_a_game_recorded_without_its_save_step_or_date_keeps_none():
    book = book_from_rosters(SYSTEM, [load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")])
    game, _ = SYSTEM.new_game([load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")], NewGame(),
                              dice(), table())
    played = record_book_game(SYSTEM, book, game, [])
    assert (played.save, played.step, played.date) == ("", 0, "")


def test_an_aftermath_of_a_game_from_other_squads_is_refused_word_for_word(sprawl, snapshot):
    other = renamed_squad(sprawl.folder, "Another Crew")
    assert sprawl("campaign", "new", "--squad", other, "--squad", SUIT).exit_code == 0
    sprawl.new()  # the sample squads, not from the campaign
    assert sprawl("end", "--winner", "S.U.I.T.").exit_code == 0
    before = snapshot(sprawl.folder)
    result = sprawl("aftermath", "--campaign", "sprawl-campaign.yaml", "--dice", "5,5,5,5,5")
    assert result.exit_code == 1
    assert result.stderr == (f"error: Babs ({PLF_NAME}) is not in this campaign; was the game started with "
                             "`sprawl new --campaign` on this campaign file?\n")
    assert snapshot(sprawl.folder) == before


# --- the books' own checks of a hand-edited file ---------------------------------------------------


@pytest.fixture
def campaign(sprawl) -> Path:
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    return sprawl.folder / "sprawl-campaign.yaml"


def rewrite(path: Path, change: Callable[[dict[str, Any]], Any]) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def babs(data: dict[str, Any]) -> dict[str, Any]:
    return data["squads"][0]["characters"][0]


@pytest.mark.parametrize(("change", "key", "message"), [
    (lambda d: d["squads"].pop(), "squads", "a campaign needs at least two squads"),
    (lambda d: d["squads"][0].update(characters=[]), "squads.0.characters", "a squad needs at least one character"),
    (lambda d: d["squads"][1].update(leader="Babs"), "squads.1.leader", "'Babs' is not one of the squad's characters"),
    (lambda d: d["squads"][1]["characters"][1].update(name="BABS"), "squads.1.characters.1.name",
     "two characters are called 'BABS'"),
    (lambda d: babs(d).update(state="resting"), "squads.0.characters.0.state",
     "'resting' is not a state; use active or dead"),
    (lambda d: babs(d).update(games=-1), "squads.0.characters.0.games", "cannot be negative"),
    (lambda d: babs(d).update(record={"shots": 1, "hits": -1}), "squads.0.characters.0.record.hits",
     "cannot be negative"),
])
def test_a_hand_edit_the_books_cannot_keep_is_refused_naming_the_key(sprawl, campaign, snapshot, change, key,
                                                                      message):
    rewrite(campaign, change)
    before = snapshot(sprawl.folder)
    for command in (("campaign", "show"), ("new", "--campaign", "sprawl-campaign.yaml")):
        result = sprawl(*command)
        assert result.exit_code == 1, result.stdout
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert result.stderr.endswith(f"key '{key}': {message}\n"), result.stderr
    assert snapshot(sprawl.folder) == before


def test_a_campaign_of_a_system_this_sprawl_does_not_know_is_refused(sprawl, campaign):
    rewrite(campaign, lambda d: d.update(system="chess"))
    result = sprawl("campaign", "show")
    assert result.exit_code == 1
    assert result.stderr.endswith("key 'system': this campaign is for 'chess'; this sprawl knows "
                                  "sprawl, gunplay, street-fight, savage-worlds, scratch-grid\n"), result.stderr


def test_a_file_that_is_not_a_map_is_not_a_campaign(sprawl, campaign):
    campaign.write_text("- one\n- two\n", encoding="utf-8")
    result = sprawl("campaign", "show")
    assert result.exit_code == 1
    assert result.stderr == ("error: sprawl-campaign.yaml: not a sprawl campaign file (expected a map with schema_version "
                             "and squads)\n")


def test_a_missing_campaign_says_how_to_start_one(sprawl):
    result = sprawl("campaign", "show", "--campaign", "mine.yaml")
    assert result.exit_code == 1
    assert result.stderr == ("error: no campaign at mine.yaml; start one with `sprawl campaign new --squad FILE "
                             "--squad FILE` (or point --campaign / SPRAWL_CAMPAIGN at your campaign file)\n")


# --- the round-by-round series ------------------------------------------------------------------------

SUIT_NAME = "S.U.I.T. #13"


def sample_game(rounds: int = 2):
    game, _ = SYSTEM.new_game([load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")], NewGame(),
                              dice(), table())
    game.round = rounds
    return game


def test_the_series_read_only_numbers_of_the_games_own_characters_and_sides():
    """An entry without a round belongs to round 1; a value that is not a number (a flag, a word)
    and a name the game does not know are passed over; a side's own count (`standing`) is
    taken as the entry gives it, else worked out from who is gone."""
    entries = [
        {"health": {"Razz": 1, "Ghost": 9, "Babs": True, "Wes": "2"}, "gone": ["Razz", "Ghost"]},
        {"round": None, "hits": {"Wilson": 2}},
        {"round": 2, "standing": {PLF_NAME: 3, SUIT_NAME: 5, "Nobody": 1}, "gone": ["Razz"]},
    ]
    axis, series = book_series(sample_game(), entries, ["health", "hits"], ("standing",))
    assert axis == [1, 2]
    assert series == {
        "health": {PLF_NAME: [1, 1], SUIT_NAME: [0, 0]},
        "hits": {PLF_NAME: [0, 0], SUIT_NAME: [2, 2]},
        "standing": {PLF_NAME: [4, 3], SUIT_NAME: [5, 5]},
        "casualties": {PLF_NAME: [1, 1], SUIT_NAME: [0, 0]},
    }


def test_a_one_round_game_has_one_round_and_its_start():
    axis, series = book_series(sample_game(1), [{"round": 1, "hits": {"Babs": 1}, "gone": []}], ["hits"], (),
                               {"hits": {"Babs": 0, "Wilson": 0}})
    assert axis == [0, 1]
    assert series == {"hits": {PLF_NAME: [0, 1], SUIT_NAME: [0, 0]}, "casualties": {PLF_NAME: [0, 0], SUIT_NAME: [0, 0]}}
    axis, _ = book_series(sample_game(0), [], ["hits"])
    assert axis == [1]  # a game is charted from its first round, even before it began


def test_only_maps_of_numbers_are_charted_and_a_map_of_exactly_the_sides_is_a_sides():
    extras = {"gone": {"Razz": 1}, "health": {"Razz": 3}, "empty": {}, "flag": {"Razz": True},
              "words": {"Razz": "x"}, "pool": {"A": 1, "B": 2.5}, "half": {"A": 1}, "n": 3}
    assert number_measures(extras, ["A", "B"]) == (["health", "half"], ("pool",))
    assert number_measures(extras) == (["health", "pool", "half"], ())


@pytest.mark.parametrize("named", [" SPRAWL ", "Sprawl", None])
def test_the_system_is_read_in_any_case_and_sprawl_when_the_file_names_none(sprawl, campaign, named):
    rewrite(campaign, lambda d: d.update(system=named) if named else d.pop("system"))
    assert sprawl.json("campaign", "show")["system"] == "sprawl"


def test_a_system_that_is_not_a_word_is_refused(sprawl, campaign):
    rewrite(campaign, lambda d: d.update(system=3))
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and "key 'system': this campaign is for '3'; this sprawl knows sprawl," in result.stderr


# --- a dead leader's stand-in, read from a broken sheet ---------------------------------------------


def test_a_dead_leaders_stand_in_read_from_a_broken_sheet_is_refused_naming_the_key(sprawl):
    """Gunplay reads a campaign's sheets only when a game fields them; with a leader written in by
    hand and dead, `campaign show` reads the living to name the stand-in and meets the broken
    sheet: one line naming the second squad's key, no traceback."""
    rosters = Path(PLF).parent.parent / "gunplay"
    assert sprawl("campaign", "new", "--squad", str(rosters / "crows.yaml"),
                  "--squad", str(rosters / "wardens.yaml")).exit_code == 0
    path = sprawl.folder / "sprawl-campaign.yaml"

    def break_it(data: dict[str, Any]) -> None:
        squad = data["squads"][1]
        squad["leader"] = squad["characters"][0]["name"]
        squad["characters"][0]["state"] = "dead"
        squad["characters"][1]["sheet"]["shooting"] = "lots"

    rewrite(path, break_it)
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("error: sprawl-campaign.yaml: key "), result.stderr  # the file, not "campaign"
    assert result.stderr.endswith(": key 'squads.1.characters.1.sheet.shooting': should be a whole number, "
                                  "not 'lots'\n"), result.stderr


def test_a_games_entry_is_game_1_by_default_and_has_no_drawing_where_the_system_makes_none():
    entry = game_entry(SYSTEM, sample_game(), [])
    assert entry.number == 1 and entry.figure == "" and entry.scenario is None


# --- recovering a killed aftermath: only what the last game's save names -----------------------------


@pytest.fixture
def one_game(sprawl, campaign) -> Path:
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("concede", "S.U.I.T.")
    sprawl.json("aftermath", "--dice", "5")
    return campaign


@pytest.mark.parametrize("save", ["", "gone.yaml", "notes.txt"])
def test_a_last_game_naming_no_save_a_missing_one_or_no_game_leaves_everything_alone(sprawl, one_game, snapshot,
                                                                                       save):
    (sprawl.folder / "notes.txt").write_text("not a game\n", encoding="utf-8")
    rewrite(one_game, lambda d: d["games"][-1].update(save=save))
    before = snapshot(sprawl.folder)
    assert sprawl.json("campaign", "show")["games"][0]["number"] == 1
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize(("change", "key"), [
    (lambda d: d["games"][-1].update(save=3), "games.0.save"),
    (lambda d: d.update(games=[3]), "games.0"),
    (lambda d: d.update(games="none"), "games"),
])
def test_a_last_game_of_the_wrong_shape_is_refused_by_the_load_not_by_the_recovery(sprawl, one_game, change, key):
    rewrite(one_game, change)
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result.stderr
    assert f"key '{key}'" in result.stderr, result.stderr


def test_a_campaign_path_that_is_no_campaign_file_says_what_it_is(sprawl):
    (sprawl.folder / "afolder").mkdir()
    (sprawl.folder / "bin.yaml").write_bytes(b"\x00\x01binary")
    result = sprawl("campaign", "show", "--campaign", "afolder")
    assert result.exit_code == 1
    assert result.stderr == ("error: afolder is a folder, not a sprawl campaign file; sprawl reads only plain files "
                             "there (move it away, or name another file)\n")
    result = sprawl("campaign", "show", "--campaign", "bin.yaml")
    assert result.exit_code == 1 and result.stderr == "error: bin.yaml: this is a binary file, not a sprawl campaign file\n"


def test_the_campaign_file_opens_with_a_line_saying_what_it_is(campaign):
    assert campaign.read_text(encoding="utf-8").splitlines()[0] == (
        "# sprawl campaign file: squads between games and every game played. Safe to read; edit with care.")


def test_games_out_of_order_are_refused_naming_the_number_they_should_have(sprawl, one_game):
    rewrite(one_game, lambda d: d["games"][0].update(number=2))
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr.endswith("key 'games.0.number': games are numbered in order; this one should be 1\n"), \
        result.stderr


def test_a_schema_below_one_asks_whether_it_is_a_campaign_file(sprawl, campaign):
    # campaign_file.campaign_from_data 28 (2026-12-02, third session): the kind of file migrate names.
    campaign.write_text(campaign.read_text(encoding="utf-8").replace("schema_version: 2", "schema_version: 0"),
                        encoding="utf-8")
    result = sprawl("campaign", "show")
    assert result.exit_code == 1
    assert result.stderr == ("error: sprawl-campaign.yaml: key 'schema_version' should be a whole number from 1; "
                             "is this a sprawl campaign file?\n")


def test_a_known_system_that_cannot_load_is_refused_by_its_key_with_its_own_words(monkeypatch) -> None:
    # A system the registry lists but cannot load (an outside package broken since it was
    # installed): the campaign file is refused at its `system` key, in the registry's words.
    from sprawl_cli import systems
    from sprawl_cli.campaign_file import campaign_system
    from sprawl_cli.errors import BadInput, SaveFileError
    from sprawl_cli.schema import Where

    def broken(name: str):
        raise BadInput(f"the system '{name}' could not be loaded: no module named duel")

    monkeypatch.setattr(systems, "known", lambda key: True)
    monkeypatch.setattr(systems, "get", broken)
    with pytest.raises(SaveFileError) as refused:
        campaign_system({"system": "Duel"}, Where("camp.yaml", {("system",): 3}))
    assert str(refused.value) == ("camp.yaml:3: key 'system': the system 'duel' could not be loaded: "
                                  "no module named duel")


# --- the recovery waits its turn for the save's lock, and says so -------------------------------------


class Terminal(io.StringIO):
    """The person's stderr; once a line asks them to wait, `then` runs (once)."""

    def __init__(self, then: Callable[[], None]) -> None:
        super().__init__()
        self.then: Callable[[], None] | None = then

    def write(self, text: str) -> int:
        written = super().write(text)
        if self.then is not None and "waiting for another sprawl command" in self.getvalue():
            self.then, then = None, self.then
            then()
        return written


def test_a_recovery_that_finds_the_saves_lock_taken_says_so_then_waits_its_turn(ended):
    """`campaign show` after an aftermath killed half-way puts the campaign back under the
    game's lock; while another process holds that lock (a `sprawl play` session, as its
    lock file says) the recovery says whom it waits for. Synchronised on events only: the
    holder lets go when the waiting line reaches the terminal, never on a clock, so the line
    must be said while the lock is held, and the recovery still does its work after."""
    killed_at(ended, ended.save, "aftermath", "--dice", "5,5,5,5,5")
    recorded = yaml.safe_load(campaign_file(ended).read_text(encoding="utf-8"))["games"][-1]["save"]
    lock = ended.folder / "sprawl-game.yaml.lock"
    holder = harness.hold_lock(lock)  # a second process; returns once it holds the lock
    assert holder.stdin is not None
    try:
        lock.write_text(f"{holder.pid} sprawl play", encoding="utf-8")  # who holds it, as sprawl writes it
        terminal = Terminal(holder.stdin.close)  # closing its stdin lets the lock go
        result = CliRunner().invoke(cli, ["campaign", "show", "--json"], catch_exceptions=False,
                                    obj=Env(stderr=terminal, interactive=False, environ=harness.clean_environ()))
    finally:
        if not holder.stdin.closed:
            holder.stdin.close()
        assert holder.wait(timeout=60) == 0  # a guard against a hang, not a verdict
    assert terminal.getvalue() == (f"waiting for another sprawl command, `sprawl play` (process {holder.pid}, which "
                                   f"may be waiting for an answer in its terminal), to finish with {recorded} ...\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == []  # and the killed aftermath was taken back after the wait
