"""SPRAWL's campaign rules and file: R26's aftermath with scripted dice on every edge,
the d8, games from the campaign, records, the round series, the strict file, and a
campaign file written when SPRAWL kept books of its own (schema 1), still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.books import Book, BookGame
from sprawl_cli.campaign import book_from_rosters, game_entry, game_from_book, record_book_game
from sprawl_cli.campaign_file import campaign_text, load_campaign, save_campaign
from sprawl_cli.dice import AskDice, RandomDice, RecordingDice, ScriptedDice
from sprawl_cli.errors import BadInput, DiceShortage, SaveFileError
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.sprawl.campaign import HOUSE_LABEL, Aftermath, injuries, resolve_aftermath, roll_d8
from sprawl_cli.systems.sprawl.model import Game
from sprawl_cli.systems.sprawl.roster import load_roster
from sprawl_cli.systems.sprawl.system import SYSTEM
from sprawl_cli.systems.sprawl.tables import INJURY_ATTRIBUTES
from tests.factory import ROOT, ROSTERS, dice, leftover, table

OLD_FILE = ROOT / "tests" / "data" / "sprawl-campaign-v1.yaml"  # written by sprawl before SPRAWL used the kernel's books


@pytest.fixture
def book() -> Book:
    return book_from_rosters(SYSTEM, [load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")])


def game_from_campaign(path: Path, rounds: int | None = None, rule_of_tens: bool = True) -> Game:
    game, _ = game_from_book(SYSTEM, path, NewGame(rounds=rounds, flags={} if rule_of_tens else {"no_tens": True}),
                             dice(), table())
    assert isinstance(game, Game)
    return game


def aftermath(game: Game, book: Book, d: RecordingDice) -> Aftermath:
    return resolve_aftermath(game, book, d, len(book.games) + 1)


def record_game(book: Book, game: Game, entries: list | None = None, d: RecordingDice | None = None, **how) -> BookGame:
    """The game into the books, then its aftermath rolled, as `sprawl aftermath` does."""
    played = record_book_game(SYSTEM, book, game, entries or [], **how)
    SYSTEM.aftermath(game, book, played, d or dice())
    return played


@pytest.fixture
def path(tmp_path: Path, book: Book) -> Path:
    target = tmp_path / "camp.yaml"
    save_campaign(target, book)
    return target


def knock_out(game, *names: str) -> None:
    for n in names:
        c = game.character(n)
        c.add("out_of_action")
        c.record.times_out_of_action += 1
    game.over = True


def fighter(book: Book, name: str):
    return next(f for s in book.squads for f in s.characters if f.name == name)


# --- R26 with the house table ----------------------------------------------------


@pytest.mark.parametrize(("roll", "result"), [(1, "dead"), (2, "injured"), (3, "injured"), (4, "recovered"),
                                               (9, "recovered"), (10, "recovered")])
def test_house_table_edges(path, book, roll, result):
    game = game_from_campaign(path)
    knock_out(game, "Razz")
    d = dice(roll, 1) if result == "injured" else dice(roll)
    outcome = aftermath(game, book, d)
    assert [r.result for r in outcome.results] == [result]
    assert outcome.results[0].roll == roll and outcome.table == HOUSE_LABEL
    assert fighter(book, "Razz").state == ("dead" if result == "dead" else "active")
    assert leftover(d) == []


@pytest.mark.parametrize("face", range(1, 9))
def test_d8_picks_the_attribute_in_spec_order(path, book, face):
    game = game_from_campaign(path)
    knock_out(game, "Wes")  # every attribute of Wes is 2 or more
    attribute = INJURY_ATTRIBUTES[face - 1]
    before = fighter(book, "Wes").sheet[attribute]
    outcome = aftermath(game, book, dice(2, face))
    r = outcome.results[0]
    assert (r.attribute, r.attribute_roll, r.before, r.after) == (attribute, face, before, before - 1)
    assert fighter(book, "Wes").sheet[attribute] == before - 1
    assert [(i["game"], i["attribute"]) for i in injuries(fighter(book, "Wes"))] == [(1, attribute)]


def test_injury_never_takes_an_attribute_below_1(path, book):
    fighter(book, "Mutt").sheet["guts"] = 1
    save_campaign(path, book)
    game = game_from_campaign(path)
    knock_out(game, "Mutt")
    outcome = aftermath(game, book, dice(3, 5))  # d8 5: guts
    r = outcome.results[0]
    assert (r.attribute, r.before, r.after) == ("guts", 1, 1)
    assert fighter(book, "Mutt").sheet["guts"] == 1
    assert len(injuries(fighter(book, "Mutt"))) == 1  # the injury is still on the books


def test_d8_is_a_real_d8_and_refuses_a_9(path, book):
    game = game_from_campaign(path)
    knock_out(game, "Razz")
    d = dice(2, 4)
    outcome = aftermath(game, book, d)
    assert outcome.results[0].attribute == "smarts" and outcome.results[0].attribute_roll == 4
    assert leftover(d) == []
    assert d.rolls[-1].label == "Razz: Injury" and d.rolls[-1].faces == (4,) and d.rolls[-1].die == "d8"
    again = game_from_campaign(path)
    knock_out(again, "Razz")
    with pytest.raises(BadInput, match="'9' is not a d8 face"):
        aftermath(again, book, dice(2, 9))


def test_only_those_who_went_out_of_action_roll_in_roster_order(path, book):
    game = game_from_campaign(path)
    knock_out(game, "Gordo", "Mutt", "Babs")
    game.character("Lang").add("out_of_play")  # fled off the table: not Out of Action (R26)
    game.character("Wes").health = 0  # Down or hurt, but never Out of Action
    outcome = aftermath(game, book, dice(5, 6, 7))
    assert [r.name for r in outcome.results] == ["Babs", "Mutt", "Gordo"]


def test_out_of_action_then_back_still_rolls(path, book):
    """R26 asks who *went* Out of Action: a referee who took the status off again does not undo that."""
    game = game_from_campaign(path)
    knock_out(game, "Razz")
    game.character("Razz").drop("out_of_action")
    assert [r.name for r in aftermath(game, book, dice(7)).results] == ["Razz"]


def test_out_of_action_without_a_count_still_rolls(path, book):
    """A save whose character is Out of Action with no count of it (a referee's hand edit) still rolls."""
    game = game_from_campaign(path)
    game.character("Lang").add("out_of_action")
    game.over = True
    outcome = aftermath(game, book, dice(7))
    assert [r.name for r in outcome.results] == ["Lang"] and outcome.game == 1


def test_nobody_out_rolls_nothing(path, book):
    game = game_from_campaign(path)
    d = dice()
    assert aftermath(game, book, d).results == [] and d.rolls == []


def test_campaign_table_is_used_instead_of_the_house_table(path, book):
    book.settings = {"aftermath_table": {"title": "Grim streets", "rows": [
        {"low": 1, "high": 5, "result": "dead"}, {"low": 6, "high": 9, "result": "injured"},
        {"low": 10, "result": "recovered"}]}}
    game = game_from_campaign(path)
    knock_out(game, "Babs", "Razz")
    outcome = aftermath(game, book, dice(5, 6, 8))
    assert [(r.name, r.result, r.attribute) for r in outcome.results] == [("Babs", "dead", None),
                                                                          ("Razz", "injured", "health")]
    assert outcome.table == "Grim streets"


def test_a_character_missing_or_dead_in_the_campaign_is_refused(path, book):
    game = game_from_campaign(path)
    knock_out(game, "Razz")
    fighter(book, "Razz").state = "dead"
    with pytest.raises(BadInput, match="already dead"):
        record_game(book, game, d=dice(5))
    game.character("Babs").squad = "Nobody"
    with pytest.raises(BadInput, match="not in this campaign"):
        aftermath(game, book, dice(5))
    with pytest.raises(BadInput, match="not in this campaign"):
        record_game(book, game, d=dice(5))
    assert book.games == []


# --- the d8 from each dice source -----------------------------------------------------


def test_roll_d8_random_is_uniform_over_1_to_8():
    faces = [roll_d8(RandomDice(seed), "x") for seed in range(400)]
    assert set(faces) == set(range(1, 9))


def test_roll_d8_scripted_shortage_names_the_d8():
    with pytest.raises(DiceShortage, match="Babs: Injury needs 1d8"):
        roll_d8(ScriptedDice([]), "Babs: Injury")


def test_roll_d8_asks_for_a_d8_and_refuses_9():
    asked: list[str] = []
    answers = iter(["9", "x", "3"])
    warnings: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    assert roll_d8(RecordingDice(AskDice(ask, warnings.append)), "Razz: Injury") == 3
    assert asked == ["Razz: Injury, 1d8"] * 3 and len(warnings) == 2


def test_scripted_d8_falls_back_to_asking():
    answers = iter(["6"])
    source = ScriptedDice([], more=AskDice(lambda _p: next(answers), lambda _w: None))
    assert roll_d8(source, "Razz: Injury") == 6


# --- games from the campaign ---------------------------------------------------------


def test_game_from_campaign_leaves_the_dead_home_and_carries_injuries(path, book):
    fighter(book, "Razz").state = "dead"
    fighter(book, "Wes").sheet["shooting"] = 1
    fighter(book, "Gordo").sheet["health"] = 3
    save_campaign(path, book)
    game = game_from_campaign(path, rounds=4, rule_of_tens=False)
    names = [c.name for c in game.characters]
    assert "Razz" not in names and "Razz" not in game.squads[0].members
    assert game.character("Wes").shooting == 1
    gordo = game.character("Gordo")
    assert gordo.max_health == gordo.health == 3
    assert game.rounds == 4 and game.settings.rule_of_tens is False
    assert game.campaign == str(path.resolve())


def test_dead_leader_is_replaced_by_the_most_smarts(path, book):
    fighter(book, "Babs").state = "dead"
    save_campaign(path, book)
    game = game_from_campaign(path)
    assert game.squads[0].leader == "Razz"  # Razz and Lang have Smarts 3; Razz comes first
    assert load_campaign(path).squads[0].leader == "Babs"  # the campaign keeps its own leader


def test_a_squad_with_nobody_alive_cannot_play(path, book):
    for f in book.squads[1].characters:
        f.state = "dead"
    save_campaign(path, book)
    with pytest.raises(BadInput, match="nobody left alive"):
        game_from_campaign(path)


# --- records and the series ----------------------------------------------------------


def test_record_game_adds_each_record_and_one_game(path, book):
    game = game_from_campaign(path)
    razz = game.character("Razz")
    razz.record.shots, razz.record.hits, razz.record.damage_dealt, razz.record.put_out_of_action = 3, 2, 4, 1
    knock_out(game, "Wilson")
    game.character("Wilson").damage_taken = 3
    game.winner, game.round = "People's Liberation Front", 3
    played = record_game(book, game, d=dice(6), save="s.yaml", step=9)
    razz = fighter(book, "Razz")
    r = razz.record
    assert (razz.games, r["shots"], r["hits"], r["damage_dealt"], r["put_out_of_action"]) == (1, 3, 2, 4, 1)
    wilson = fighter(book, "Wilson")
    assert (wilson.games, wilson.record["damage_taken"], wilson.record["times_out_of_action"]) == (1, 3, 1)
    assert (played.number, played.winner, played.rounds, played.step) == (1, "People's Liberation Front", 3, 9)
    assert played.table == HOUSE_LABEL and [r["name"] for r in played.results] == ["Wilson"]
    again = game_from_campaign(path)  # a second game adds up
    again.character("Razz").record.shots = 2
    record_game(book, again)
    assert fighter(book, "Razz").record["shots"] == 5 and fighter(book, "Razz").games == 2
    assert [g.number for g in book.games] == [1, 2]


def test_series_takes_the_last_entry_of_each_round(path):
    game = game_from_campaign(path)
    game.round = 3
    entries = [
        {"round": 1, "health": {"Razz": 2}, "gone": [], "hits": {"Wilson": 1}},
        {"round": 1, "health": {"Razz": 0}, "gone": ["Razz"], "hits": {"Wilson": 2}},
        {"round": 3, "health": {"Gordo": 1}, "gone": ["Razz"], "hits": {"Wilson": 2, "Babs": 1}},
    ]
    s = game_entry(SYSTEM, game, entries)
    assert s.rounds_axis == [0, 1, 2, 3]
    # Each side's Health added up: Razz (3) falls to 0 in round 1, Gordo (4) drops to 1 in round 3.
    assert s.series["health"] == {"People's Liberation Front": [13, 10, 10, 10], "S.U.I.T. #13": [16, 16, 16, 13]}
    assert s.series["casualties"] == {"People's Liberation Front": [0, 1, 1, 1], "S.U.I.T. #13": [0, 0, 0, 0]}
    assert s.series["standing"] == {"People's Liberation Front": [5, 4, 4, 4], "S.U.I.T. #13": [5, 5, 5, 5]}
    assert s.series["hits"] == {"People's Liberation Front": [0, 0, 0, 1], "S.U.I.T. #13": [0, 2, 2, 2]}


def opened(rnd: int) -> dict:
    """The `next` that ended round `rnd - 1` and opened round `rnd` (the journal keeps the round before)."""
    return {"round": rnd - 1, "kind": "next", "health": {}, "gone": [], "hits": {}}


def test_a_rout_as_a_round_opens_counts_that_round(path, book):
    """H7: a round counts once begun; a side routed as round 3 opens played 3 rounds, and the
    chart's last round repeats the state the game ended in."""
    game = game_from_campaign(path)
    game.round, game.over, game.winner = 3, True, "S.U.I.T. #13"
    entries = [{"round": 1, "kind": "damage", "health": {"Razz": 1}, "gone": [], "hits": {}}, opened(2), opened(3)]
    played = record_game(book, game, entries)
    assert played.rounds_axis == [0, 1, 2, 3] and played.series["health"]["People's Liberation Front"] == [13, 11, 11, 11]
    assert played.rounds == 3


# --- the file -------------------------------------------------------------------------


def test_file_round_trips(path, book):
    game = game_from_campaign(path)
    knock_out(game, "Razz")
    record_game(book, game, d=dice(2, 3))
    save_campaign(path, book)
    assert load_campaign(path) == book


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("state: active", "state: resting", "'resting' is not a state"),
    ("shooting: 3", "shooting: three", "should be a whole number"),
    ("  guts: 3", "  guts: 3\n      luck: 2", "unknown key"),
    ("schema_version: 2", "schema_version: 99", "newer sprawl"),
    ("leader: Babs", "leader: Nobody", "'Nobody' is not one of"),
    ("health: 3", "health: 0", "should be 1 or more"),
])
def test_bad_hand_edits_name_file_line_and_key(path, old, new, message):
    edit(path, old, new)
    with pytest.raises(SaveFileError, match=message) as problem:
        load_campaign(path)
    assert str(path) in str(problem.value) and f"{path}:" in str(problem.value)


def test_tags_and_aliases_are_refused(path):
    path.write_text("schema_version: 1\nsquads: !!python/object:os.system {}\n")
    with pytest.raises(SaveFileError, match="tag"):
        load_campaign(path)
    path.write_text("schema_version: 1\nsystem: &a sprawl\nx: *a\n")
    with pytest.raises(SaveFileError, match="alias"):
        load_campaign(path)


def test_missing_file_points_to_campaign_new(tmp_path):
    with pytest.raises(SaveFileError, match="sprawl campaign new"):
        load_campaign(tmp_path / "none.yaml")


def table_data(rows):
    return {"name": "aftermath", "title": "Mine", "roll": "d10", "rows": rows, "note": ""}


@pytest.mark.parametrize(("rows", "message"), [
    ([{"low": 1, "high": 4, "result": "dead"}, {"low": 6, "high": 10, "result": "recovered"}], "roll\\(s\\) 5"),
    ([{"low": 1, "high": 5, "result": "dead"}, {"low": 5, "high": None, "result": "recovered"}], "covered twice"),
    ([{"low": 1, "high": 10, "result": "maimed"}], "'maimed' is not a result"),
    ([{"low": 0, "high": 10, "result": "dead"}], "not within 1-10"),
    ([{"low": 1, "high": 11, "result": "dead"}], "not within 1-10"),
    ([], "needs rows"),
])
def test_user_table_must_cover_1_to_10_with_known_results(path, rows, message):
    text = path.read_text().replace("settings: {}", "settings:\n  aftermath_table: " + json.dumps(table_data(rows)))
    assert "aftermath_table" in text
    path.write_text(text)
    with pytest.raises(SaveFileError, match=message):
        load_campaign(path)


def test_user_table_in_the_shape_sprawl_table_prints_is_accepted(path):
    from sprawl_cli.systems.sprawl.tables import HOUSE_AFTERMATH, table_to_json

    shape = table_to_json(HOUSE_AFTERMATH)
    shape["title"] = "Our own"
    path.write_text(path.read_text().replace("settings: {}", "settings:\n  aftermath_table: " + json.dumps(shape)))
    book = load_campaign(path)
    assert book.settings["aftermath_table"]["title"] == "Our own"
    assert SYSTEM.aftermath_label(book) == "Our own"


# --- the report's words ------------------------------------------------------------------


@pytest.mark.parametrize(("reason", "sentence"), [
    ("the round limit (4) was reached (R25)", "The round limit (4) was reached (R25)."),
    ("S.U.I.T. #13 routed (R24)", "S.U.I.T. #13 routed (R24)."),
    ("already a sentence.", "Already a sentence."),
    (None, ""),
    ("", ""),
])
def test_reason_is_a_sentence_of_its_own(reason, sentence):
    from sprawl_cli.report import reason_sentence

    assert reason_sentence(reason) == sentence


def test_every_report_starts_the_reason_with_a_capital(path, book):
    from sprawl_cli.render.report_views import book_history_lines
    from sprawl_cli.render.report_html import render_book

    game = game_from_campaign(path, rounds=4)
    game.over, game.round, game.reason = True, 4, "the round limit (4) was reached (R25)"
    played = record_game(book, game)
    assert "**No winner after 4 rounds.** The round limit (4) was reached (R25).\n" in render_book(book, played, "md")
    assert "</strong> The round limit (4) was reached (R25).</p>" in render_book(book, played, "html")
    assert book_history_lines(book)[0].endswith("in 4 rounds. The round limit (4) was reached (R25).")


# --- a campaign file of schema 1, written when SPRAWL kept books of its own -----------------


def test_an_old_sprawl_campaign_file_reads_as_it_did(sprawl):
    """`campaign show --json` of a file written by the old code is what the old code printed
    (kept beside it), less nothing: only `system`, `campaign` and each squad's `next_leader` are new."""
    (sprawl.folder / "sprawl-campaign.yaml").write_bytes(OLD_FILE.read_bytes())
    shown = sprawl.json("campaign", "show")
    assert [s.pop("next_leader") for s in shown["squads"]] == ["Babs", "Wilson"]
    expected = json.loads(OLD_FILE.with_suffix(".show.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in shown.items() if k not in ("system", "campaign")} == expected
    history = sprawl.json("campaign", "history")["games"]
    assert history[0]["table"] == "Mean streets" and history[0]["aftermath"][0] == {
        "name": "Razz", "roll": 1, "result": "dead", "attribute": None, "attribute_roll": None, "before": None,
        "after": None}
    assert history[0]["standing"] == {"People's Liberation Front": 1, "S.U.I.T. #13": 5}
    report = sprawl("campaign", "report", "1").stdout
    assert "- Wes: rolled 3, lasting injury: Shooting -1 (2 to 1), d8 1" in report
    assert "| Lang | 0 | 0 | 0 | 0 | 0 | 0 | Out of Play (fled) |" in report
    assert "| start | 13 | 0 | 5 | 0 | 16 | 0 | 5 | 0 |" in report and "| 1 | 10 | 0 | 1 | 4 | 14 | 0 | 5 | 0 |" in report
    assert "Mean streets" in sprawl("campaign", "report", "1", "--format", "html").stdout


@pytest.mark.parametrize(("old", "new"), [
    ("    health: 3\n    max_health: 3\n", "    health: three\n    max_health: 3\n"),
    ("  series:\n    rounds: [0, 1]\n", "  series:\n    rounds: [0, one]\n"),
    ("    record: {shots: 0", "    record: [shots, 0]\n    x: {shots: 0"),
    ("    record: {shots: 0", "    record: {kills: 2, shots: 0"),  # the old books refused it too
])
def test_an_old_file_broken_by_hand_is_refused_naming_the_key(sprawl, snapshot, old, new):
    text = OLD_FILE.read_text(encoding="utf-8")
    assert old in text
    (sprawl.folder / "sprawl-campaign.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    before = snapshot(sprawl.folder)
    result = sprawl("campaign", "show")
    assert result.exit_code == 1 and "sprawl-campaign.yaml:" in result.stderr and "key '" in result.stderr
    assert "internal error" not in result.stderr and result.stderr.count("\n") == 1
    assert snapshot(sprawl.folder) == before


def test_an_old_file_is_written_in_the_new_shape_and_undo_puts_it_back(sprawl):
    """Migrated on write: the next aftermath writes schema 2 with the old games in it; undo
    puts back the very bytes of the old file."""
    campaign = sprawl.folder / "sprawl-campaign.yaml"
    campaign.write_bytes(OLD_FILE.read_bytes())
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    status = sprawl.json("status")
    names = [c["name"] for c in status["characters"]]
    assert "Razz" not in names  # dead in game 1
    wes = next(c for c in status["characters"] if c["name"] == "Wes")
    assert wes["attributes"]["shooting"] == 1  # injured in game 1
    sprawl.json("set", "Babs", "out_of_action", "on", "--nearby", "none")
    sprawl.json("concede", "People's Liberation Front")
    done = sprawl.json("aftermath", "--dice", "4,1")  # Babs: a lasting injury, d8 1: Shooting 3 to 2
    assert done["game"] == 3 and done["table"] == "Mean streets"
    text = campaign.read_text(encoding="utf-8")
    assert "schema_version: 2" in text and "sheet:" in text and "number: 3" in text
    show = sprawl.json("campaign", "show")
    babs = next(c for s in show["squads"] for c in s["characters"] if c["name"] == "Babs")
    assert babs["shooting"] == 2 and babs["record"]["games"] == 3
    assert [i["game"] for i in babs["injuries"]] == [3]
    wes = next(c for s in show["squads"] for c in s["characters"] if c["name"] == "Wes")
    assert wes["injuries"] == [{"game": 1, "attribute": "shooting", "before": 2, "after": 1}]
    assert len(sprawl.json("campaign", "history")["games"]) == 3
    sprawl.json("undo")
    assert campaign.read_bytes() == OLD_FILE.read_bytes()


_old_counts = st.integers(min_value=0, max_value=40)


@settings(max_examples=40, deadline=None)
@given(attributes=st.lists(st.integers(min_value=1, max_value=9), min_size=8, max_size=8),
       counts=st.lists(_old_counts, min_size=7, max_size=7), dead=st.booleans(),
       hurt=st.lists(st.tuples(st.integers(min_value=1, max_value=9), st.sampled_from(INJURY_ATTRIBUTES),
                               st.integers(min_value=1, max_value=9)), max_size=3))
def test_an_old_characters_books_read_the_same(attributes, counts, dead, hurt):
    """Any character as the old books kept it (attributes, state, injuries, record) shows in
    `campaign show --json` exactly as the old books showed it."""
    from sprawl_cli import yamlio
    from sprawl_cli.campaign_file import campaign_from_data
    from sprawl_cli.systems.sprawl.model import ATTRIBUTES

    data, _ = yamlio.load(OLD_FILE, "campaign")
    old = data["squads"][0]["characters"][0]
    old.update(dict(zip(ATTRIBUTES, attributes, strict=True)), state="dead" if dead else "active",
               injuries=[{"game": g, "attribute": a, "before": b + 1, "after": b} for g, a, b in hurt],
               record=dict(zip(("shots", "hits", "damage_dealt", "put_out_of_action", "times_out_of_action", "games",
                                "damage_taken"), counts, strict=True)))
    expected = {"name": old["name"], "state": old["state"], **{a: old[a] for a in ATTRIBUTES},
                "injuries": old["injuries"], "record": old["record"]}
    book = campaign_from_data(data, {}, "old.yaml")
    assert SYSTEM.campaign_member(book.squads[0].characters[0]) == expected
    again = campaign_from_data(yaml.safe_load(campaign_text(book)), {}, "new.yaml")
    assert again == book  # written in the new shape, it reads back the same
