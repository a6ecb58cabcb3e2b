"""SPRAWL's system hooks that the command line of SPRAWL itself never reaches, what the run of
system.py (2026-12-02, third session) left untested: the values Tab offers for an option
(`option_values`: `--terrain` of `move` and `charge`, `--weapon` of `shoot`, `brawl` and `odds
shoot`) and the kernel's `set_status` hook (SPRAWL's own `set` goes to the referee's rule
directly; the hook is the interface every system gives the kernel, and answers the same).

Then the run's other survivors, by name with these tests: the marks' list of those out, the
journal's `gone` and the book's `hits` keys, `fled`, `odds shoot` alone read as `shoot`, a roster
read through the hook naming its file, another die's faces in the log (physical dice, once
pinned here, are the kernel's `new` to keep since the sixth session: tests/test_system_hooks.py). Left
(332 mutants, 323 killed; run again on 2026-12-02, fourth session, after the hooks were typed and
the cast helpers went: 312 mutants, 304 killed, the same survivors but `glance` 5), each
equivalent: `new_game` 10 and 12 (`flags.get("no_tens")` with
None or no default: `not None` is True as `not False` is), 20 (`start_turn(game, None)`: a new
game's first turn has nobody to rout or flee, so it rolls nothing); `set_status` 10 and 11 (the
rule's last argument dropped or None: its default is None); `campaign_migrate` 2 (a later
schema handed to `migrate_v1` too: the migration leaves a member or game already in the
kernel's shape as it is, and returns the same map); `character_from_sheet` 4 (`where` None: read
only in the error for a broken sheet, and the campaign's sheets are checked whole when the file
is read, before any is made a character); `glance` 1 (the game handed as None: SPRAWL's
glance reads only the character).
"""

from __future__ import annotations

from sprawl_cli.systems.sprawl.system import Sprawl
from tests.factory import GRENADE, KNIFE, PISTOL, character, game, table

FISTS_TOO = ["Knife", "Fists"]


def duel():
    babs = character("Babs", weapons=[PISTOL, KNIFE, GRENADE])
    return game([babs], [character("Wilson", squad="Blue")])


def test_terrain_offers_what_each_move_may_cross() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "move", "--terrain", []) == ["open", "difficult", "treacherous"]
    assert system.option_values(g, "charge", "--terrain", []) == ["open", "difficult"]


def test_weapon_offers_the_ones_that_command_can_use() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "shoot", "--weapon", ["Babs"]) == ["Pistol", "Grenade"]
    assert system.option_values(g, "odds", "--weapon", ["shoot", "Babs", "Wilson"]) == ["Pistol", "Grenade"]
    assert system.option_values(g, "brawl", "--weapon", ["Babs"]) == FISTS_TOO
    assert system.option_values(g, "odds", "--weapon", ["5"]) == []  # `odds POOL` names nobody
    assert system.option_values(g, "move", "--weapon", ["Babs"]) == ["Pistol", "Knife", "Grenade"]


def test_weapon_offers_nothing_without_a_known_character_and_other_options_are_not_its() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "shoot", "--weapon", []) == []
    assert system.option_values(g, "shoot", "--weapon", ["Nobody"]) == []
    assert system.option_values(g, "odds", "--weapon", ["shoot"]) == []
    assert system.option_values(g, "shoot", "--cover", ["Babs"]) is None


def test_the_set_status_hook_sets_as_the_referee_does() -> None:
    system, g = Sprawl(), duel()
    babs = g.character("Babs")
    out = system.set_status(g, babs, "pinned", True, table())
    assert babs.has("pinned")
    assert out.data["name"] == "Babs" and out.data["status"] == "pinned" and out.data["on"] is True
    assert any("Babs" in line and "pinned" in line.lower() for line in out.lines)
    out = system.set_status(g, babs, "pinned", False, table())
    assert not babs.has("pinned") and out.data["on"] is False


# --- the second pass's survivors (the run by name with the tests above) ---------------------


def test_only_odds_shoot_reads_its_weapon_as_shoots() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "brawl", "--weapon", ["shoot", "Babs"]) == []  # "shoot" is nobody here


def test_the_marks_name_everyone_out_joined_with_commas() -> None:
    g = duel()
    g.character("Babs").add("out_of_action")
    g.character("Wilson").add("out_of_play")
    assert Sprawl().status_marks(g)[-1] == "out: Babs, Wilson"


def test_the_journal_and_the_book_keep_who_is_gone_and_the_hits_by_name() -> None:
    system, g = Sprawl(), duel()
    g.character("Wilson").add("out_of_action")
    g.character("Babs").record.hits = 2
    assert system.journal_extras(g) == {"health": {"Babs": 3, "Wilson": 3}, "gone": ["Wilson"],
                                        "hits": {"Babs": 2, "Wilson": 0}}
    assert system.book_start(g) == {"health": {"Babs": 3, "Wilson": 3}, "hits": {"Babs": 0, "Wilson": 0}}


def test_fled_is_out_of_play_and_not_out_of_action() -> None:
    from sprawl_cli.books import Part

    fled = Sprawl().fled
    assert fled(Part("A", "Red", statuses=["out_of_play"])) is True
    assert fled(Part("A", "Red", statuses=[])) is False
    assert fled(Part("A", "Red", statuses=["out_of_action"])) is False
    assert fled(Part("A", "Red", statuses=["out_of_play", "out_of_action"])) is False


def test_a_campaign_of_another_schema_is_handed_back_as_it_is() -> None:
    data = {"schema_version": 2, "squads": [{"name": "Red", "characters": [{"name": "A", "state": "fled"}]}]}
    assert Sprawl().campaign_migrate(2, data) is data


def test_a_roster_read_through_the_hook_names_its_file() -> None:
    from sprawl_cli import yamlio
    from sprawl_cli.schema import Where
    from tests.factory import ROSTERS

    path = ROSTERS / "sprawl" / "plf.yaml"
    data, lines = yamlio.parse(path.read_text(encoding="utf-8"), str(path))
    roster = Sprawl().read_roster(data, Where(str(path), lines), path)
    assert roster.squad.roster == str(path) and roster.squad.name == "People's Liberation Front"


def test_only_d10s_are_logged_as_sprawls_dice() -> None:
    system = Sprawl()
    assert system.logged_faces([3], "d6") is None  # another die's faces are shown as they are
    assert system.logged_faces([3], "d10") is not None and system.logged_faces([3], None) is not None
