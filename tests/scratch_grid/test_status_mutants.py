"""`status` for Scratch:Grid, pinned where a mutation run (mutmut 3.8.1) of status.py found the
tests loose: the whole JSON of a character and of the game, and the terminal view's text
(heading, the table's columns and rows, what is left of each turn, the house line) and the
colour of each squad's title.

Survivors left (5 on 2026-12-02; 10 on 2026-11-28), all in `status_view`, none of which the
text shown can tell apart:

- the squad table's `title_justify` None, "XXleftXX" or "LEFT" (3): the title is rendered
  through `render/grid.py`'s fast layout with that value as `justify`, and a title without a
  known justification is laid out from the left, as "left" does.
- `show_edge`, `pad_edge` as None (2): each is only read for its truth, and None is false like
  False.

Gone since 2026-11-28: `expand=False` (Rich's default, 2 survivors) and the count of rows shown
(3), now the list of the rows themselves.
"""

from __future__ import annotations

import io

import pytest

from sprawl_cli.render import make_console
from sprawl_cli.systems.scratch_grid.model import Character, Game
from sprawl_cli.systems.scratch_grid.status import character_json, game_json, status_view
from tests.scratch_grid.kit import ch, game

HOUSE = "S5 (house): the tool rolls no Scratch dice; the referee calls every hit or miss"
NO_RECORD = {"attacks": 0, "hits": 0, "injured": 0, "incapacitated": 0, "interrupts": 0, "times_injured": 0,
             "times_incapacitated": 0, "healed": 0, "escaped": 0}


def scene() -> Game:
    g = game(["....", "...."],
             [ch("Ada", "a1", quickness=2, flying=1), ch("Al", "b1", statuses=["injured"]),
              ch("Ann", "c1", statuses=["incapacitated"]), ch("Abe", "a2"), ch("Amy", None, statuses=["escaped"])],
             [ch("Zed", "d2", acrobatics=3, swimming=1, statuses=["immobilised", "delayed"], immobilised_turn=2,
                 delayed_turn=2, no_escape_turn=2)])
    g.character("Ada").moved = True
    g.character("Al").turn_over = True
    g.character("Abe").moved = g.character("Abe").acted = True
    return g


def shown(g: Game, only: Character | None) -> list[str]:
    out = io.StringIO()
    status_view(make_console(out), g, only)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_the_json_of_one_character_and_of_the_game() -> None:
    g = scene()
    zed = {"name": "Zed", "squad": "Blue", "at": "d2", "statuses": ["immobilised", "delayed"], "health": "healthy",
           "moved": False, "acted": False, "turn_over": False, "quickness": 0, "flying": 0, "acrobatics": 3,
           "swimming": 1, "immobilised_until": 2, "delayed_until": 2, "no_escape_until": 2, "interrupted_by": [],
           "record": NO_RECORD}
    assert game_json(g, g.character("Zed")) == {
        "turn": 1, "squads": [{"name": "Red", "members": ["Ada", "Al", "Ann", "Abe", "Amy"]},
                              {"name": "Blue", "members": ["Zed"]}],
        "characters": [zed], "grid": "square", "map": ["....", "...."], "map_file": None, "house": [HOUSE],
        "settings": {"dice": "random"}, "step": 0}
    assert [c["name"] for c in game_json(g)["characters"]] == ["Ada", "Al", "Ann", "Abe", "Amy", "Zed"]
    g.map_source = "yard.yaml"
    assert game_json(g)["map_file"] == "yard.yaml"
    ada = g.character("Ada")
    ada.interrupted_by = ["Zed"]
    assert character_json(g, ada) == {
        "name": "Ada", "squad": "Red", "at": "a1", "statuses": [], "health": "healthy", "moved": True,
        "acted": False, "turn_over": False, "quickness": 2, "flying": 1, "acrobatics": 0, "swimming": 0,
        "immobilised_until": None, "delayed_until": None, "no_escape_until": None, "interrupted_by": ["Zed"],
        "record": NO_RECORD}


def test_turns_kept_without_their_status_and_a_bar_on_escaping_that_is_over_are_not_shown() -> None:
    g = scene()
    al = g.character("Al")
    al.immobilised_turn, al.delayed_turn, al.no_escape_turn = 3, 3, 1
    data = character_json(g, al)
    assert (data["immobilised_until"], data["delayed_until"], data["no_escape_until"]) == (None, None, 1)
    al.no_escape_turn = 0
    assert character_json(g, al)["no_escape_until"] is None


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


def test_the_terminal_view_of_every_squad() -> None:
    assert shown(scene(), None) == [
        "Scratch:Grid — round 1, turn 1: Red to play",
        "   a b c d",
        " 1 A L n ·",
        " 2 B · · Z",
        "Red: A Ada a1, L Al b1 (injured), N Ann c1 (incapacitated), B Abe a2, M Amy escaped",
        "Blue: Z Zed d2 (immobilised, delayed)",
        "4x2 squares: # wall o obstacle · open ^ rough ~ water E exit = tight",
        "Red",
        "  ┃ name ┃ at ┃ health        ┃ statuses ┃ moves                 ┃ this turn",
        "━━╇━━━━━━╇━━━━╇━━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━",
        "A │ Ada  │ a1 │ healthy       │          │ quickness 2, flying 1 │ action",
        "L │ Al   │ b1 │ injured       │          │                       │ turn ended (S4)",
        "N │ Ann  │ c1 │ incapacitated │          │                       │",
        "B │ Abe  │ a2 │ healthy       │          │                       │ done",
        "M │ Amy  │ —  │ healthy       │ escaped  │                       │",
        "Blue",
        "  ┃ name ┃ at ┃ health  ┃ statuses            ┃ moves                    ┃ this turn",
        "━━╇━━━━━━╇━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━",
        "Z │ Zed  │ d2 │ healthy │ immobilised delayed │ acrobatics 3, swimming 1 │",
        HOUSE + "."]


def test_the_terminal_view_of_one_character_once_the_game_is_over() -> None:
    g = scene()
    g.rounds = 3
    g.over, g.reason = True, "the round limit (3) was reached"
    assert shown(g, g.character("Zed")) == [
        "Scratch:Grid — round 1 of 3 — game over: the round limit (3) was reached",
        "Blue",
        "  ┃ name ┃ at ┃ health  ┃ statuses            ┃ moves                    ┃ this turn",
        "━━╇━━━━━━╇━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━",
        "Z │ Zed  │ d2 │ healthy │ immobilised delayed │ acrobatics 3, swimming 1 │",
        HOUSE + "."]
    g.reason = None
    assert shown(g, g.character("Zed"))[0] == "Scratch:Grid — round 1 of 3 — game over:"


def test_one_character_not_first_in_its_squad_and_a_fresh_turn() -> None:
    g = scene()
    g.character("Al").turn_over = False
    assert shown(g, g.character("Al"))[1:5] == [
        "Red",
        "  ┃ name ┃ at ┃ health  ┃ statuses ┃ moves ┃ this turn",
        "━━╇━━━━━━╇━━━━╇━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━╇━━━━━━━━━━━━━━",
        "L │ Al   │ b1 │ injured │          │       │ move + action"]


def test_each_squads_table_is_titled_in_its_sides_colour() -> None:
    from rich.console import Console
    from rich.theme import Theme

    g = scene()
    out = io.StringIO()
    plain_names = Theme({name: "none" for name in ("good", "warn", "bad", "name", "rule")})
    colour = Console(file=out, force_terminal=True, color_system="standard", width=200, highlight=False,
                     theme=plain_names)
    status_view(colour, g, g.character("Zed"))
    assert out.getvalue().splitlines()[1].startswith("\x1b[1;31mBlue")  # Blue's colour: bold red
