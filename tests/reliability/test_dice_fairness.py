"""Dice: RandomDice's faces are uniform (chi-square at a fixed seed), every system's dice and
deck too, drawn through its own rules (issue 25, item 16), and a seeded game replays identically,
save file and log, in two folders.

Every check is a chi-square of a fixed sample at fixed seeds against p = 0.001: the same numbers
on every run, so never flaky, and each has a twin that shows a die or a deck loaded by a little
is caught."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sprawl_cli.dice import DECK, RandomDice
from tests.reliability.conftest import Folder, commands_that_load

CRITICAL_9DF_P001 = 27.88  # chi-square, 9 degrees of freedom, p = 0.001
# Chi-square at p = 0.001 by degrees of freedom (the upper tail of the distribution, as printed
# in statistical tables): a fair die passes at a fixed seed, one loaded by a little does not.
CRITICAL_P001 = {1: 10.83, 5: 20.52, 6: 22.46, 9: 27.88, 10: 29.59, 11: 31.26, 14: 36.12, 18: 42.31, 19: 43.82,
                 22: 48.27, 51: 87.97, 53: 90.57, 99: 148.23}


def chi_square(faces: list[int]) -> float:
    expected = len(faces) / 10
    counts = [0] * 10
    for face in faces:
        counts[face - 1] += 1
    return sum((c - expected) ** 2 / expected for c in counts)


def test_chi_square_of_faces_is_below_the_critical_value(release: bool, figures: dict[str, Any]) -> None:
    rolls = 1_000_000 if release else 60_000
    results = {}
    for seed in (1, 2, 3):
        dice = RandomDice(seed)
        faces: list[int] = []
        while len(faces) < rolls:
            faces.extend(dice.roll(10, "fairness"))
        assert set(faces) == set(range(1, 11))
        results[seed] = round(chi_square(faces), 2)
        assert results[seed] < CRITICAL_9DF_P001, f"seed {seed}: chi-square {results[seed]}"
    figures["dice"] = {"faces_per_seed": rolls, "chi_square_by_seed": results, "critical_9df_p0.001": 27.88}


def test_the_statistic_catches_a_loaded_die() -> None:
    """The test can fail: a die that shows 10 a little too often is caught."""
    loaded = [((i * 7) % 10) + 1 for i in range(60_000)]
    loaded += [10] * 1_000
    assert chi_square(loaded) > CRITICAL_9DF_P001
    assert chi_square(list(range(1, 11)) * 100) == 0


# --- every system's dice and deck (issue 25, item 16) --------------------------------------


def chi_square_against(counts: Mapping[Hashable, int], chances: Mapping[Hashable, Fraction]) -> tuple[float, int]:
    """(the chi-square of `counts` against the exact `chances` of each outcome, its degrees of
    freedom). An outcome that has no chance at all fails the test outright."""
    assert sum(chances.values()) == 1
    impossible = set(counts) - set(chances)
    assert not impossible, f"outcomes that cannot happen came up: {sorted(map(str, impossible))[:5]}"
    n = sum(counts.values())
    return sum((counts.get(k, 0) - n * float(p)) ** 2 / (n * float(p)) for k, p in chances.items()), len(chances) - 1


def uniform(outcomes: Any) -> dict[Hashable, Fraction]:
    outcomes = list(outcomes)
    return {o: Fraction(1, len(outcomes)) for o in outcomes}


def passes(name: str, counts: Mapping[Hashable, int], chances: Mapping[Hashable, Fraction],
           results: dict[str, Any]) -> None:
    statistic, df = chi_square_against(counts, chances)
    results[name] = {"draws": sum(counts.values()), "chi_square": round(statistic, 2), "df": df,
                     "critical_p0.001": CRITICAL_P001[df]}
    assert statistic < CRITICAL_P001[df], f"{name}: chi-square {statistic:.2f} over {CRITICAL_P001[df]} ({df} df)"


def ace_bin(total: int, sides: int) -> int | str:
    """Where an acing die's total falls: itself below two tops, else `2s+` (W1: a top face rolls again)."""
    return total if total < 2 * sides else f"{2 * sides}+"


def acing_chances(sides: int) -> dict[Hashable, Fraction]:
    """The exact chance of each total of one acing die: k tops then a face r below the top make
    k*s + r, with chance (1/s)^(k+1); a multiple of s never comes up. Totals of two aces or more are
    one bin (chance 1/s^2), so that every bin expects plenty at the sample size."""
    chances: dict[Hashable, Fraction] = {r: Fraction(1, sides) for r in range(1, sides)}
    chances.update({sides + r: Fraction(1, sides ** 2) for r in range(1, sides)})
    chances[f"{2 * sides}+"] = Fraction(1, sides ** 2)
    return chances


def gunplay_faces(sides: int, rolls: int, seed: int) -> Counter[int]:
    """Gunplay's d12 (or the d20 setting), as its ladder test rolls them (G1): ten dice a test."""
    from sprawl_cli.systems.gunplay.ladder import roll_test

    dice, faces = RandomDice(seed), Counter[int]()
    for _ in range(rolls // 10):
        faces.update(roll_test(dice, "fairness", "moderate", count=10, sides=sides).rolls)
    return faces


@pytest.mark.parametrize("sides", [12, 20])
def test_gunplay_dice_are_fair(sides: int, release: bool, figures: dict[str, Any]) -> None:
    results = figures.setdefault("gunplay_dice", {})
    for seed in (1, 2):
        passes(f"d{sides} seed {seed}", gunplay_faces(sides, 600_000 if release else 60_000, seed),
               uniform(range(1, sides + 1)), results)


def test_street_fight_dice_are_fair(release: bool, figures: dict[str, Any]) -> None:
    """The d100 as F5 arms a figure with it (each weapon as often as its band of faces says), and
    the d10 drawn as its rules draw it (initiative, close combat, rounds, kill rolls, morale)."""
    from sprawl_cli.systems.street_fight.weapons import WEAPONS, roll_weapon

    draws = 1_000_000 if release else 100_000
    results = figures.setdefault("street_fight_dice", {})
    dice = RandomDice(3)
    faces, weapons = Counter[int](), Counter[str]()
    for _ in range(draws):
        face, weapon = roll_weapon(dice, "fairness")
        faces[face] += 1
        weapons[weapon.name] += 1
    passes("d100", faces, uniform(range(1, 101)), results)
    bands = {w.name: Fraction(w.high - w.low + 1, 100) for w in WEAPONS}
    passes("d100 weapon (F5)", weapons, bands, results)
    dice = RandomDice(4)
    passes("d10", Counter(dice.roll(1, "fairness: Kill roll", 10)[0] for _ in range(draws // 2)),
           uniform(range(1, 11)), results)


def trait_chains(sides: int, tests: int, seed: int) -> tuple[Counter[Hashable], Counter[Hashable]]:
    """(the totals of the trait dice, of the Wild Dice) of `tests` Savage Worlds trait tests of
    a Wild Card at a rate of fire of 12, binned by `ace_bin`."""
    from sprawl_cli.systems.savage_worlds.model import TraitDie
    from sprawl_cli.systems.savage_worlds.traits import WILD_DIE, trait_test

    dice, trait, wild = RandomDice(seed), Counter[Hashable](), Counter[Hashable]()
    for _ in range(tests):
        test = trait_test(dice, "fairness", TraitDie(sides), wild=True, count=12)
        trait.update(ace_bin(sum(chain), sides) for chain in test.trait_rolls)
        wild.update(ace_bin(sum(chain), WILD_DIE) for chain in test.wild_rolls)
    return trait, wild


def test_savage_worlds_trait_and_wild_dice_ace_as_often_as_they_should(release: bool, figures: dict[str, Any]) -> None:
    """W1, W2: each trait die d4-d12 and the Wild Die d6, with their aces: the totals against
    their exact chances (one top then a lower face, two tops, ...)."""
    tests = 50_000 if release else 5_000  # twelve trait dice and one Wild Die a test
    results = figures.setdefault("savage_worlds_dice", {})
    wild = Counter[Hashable]()
    for seed, sides in enumerate((4, 6, 8, 10, 12), start=5):
        trait, wild_here = trait_chains(sides, tests, seed)
        passes(f"d{sides} with aces", trait, acing_chances(sides), results)
        wild.update(wild_here)
    passes("Wild Die d6 with aces", wild, acing_chances(6), results)


def dealt_cards(rounds: int, seed: int) -> Counter[str]:
    """Every card dealt by `rounds` Savage Worlds deals (W4) to five Wild Cards, the Jokers'
    shuffles included, drawing from what is left of the deck each time."""
    from sprawl_cli.systems.savage_worlds.cards import advance, deal
    from tests.savage_worlds.helpers import game, hero, table

    g = game([hero("Ada"), hero("Bo"), hero("Cy")], [hero("Dax"), hero("Eve")])
    dice, dealt, shuffles = RandomDice(seed), Counter[str](), 0
    for _ in range(rounds):
        out = deal(g, dice, table())
        shuffles += out.shuffled
        dealt.update(entry["card"] for entry in out.order)
        assert len(g.deck) + len(out.order) <= len(DECK)
        while g.phase == "action":  # `next` through the round, as the table plays it
            advance(g, dice, table())
    assert shuffles > rounds // 20, "the Jokers never shuffled the deck: the check proves little"
    return dealt


def deck_chances(dealt: Counter[str]) -> tuple[dict[Hashable, Fraction], dict[Hashable, Fraction]]:
    """The chances to test the deal against: the 52 suit cards are dealt equally often, and so are
    the two Jokers (a Joker shuffles the deck, so a Joker and a suit card are not alike). Cards
    come without replacement, so the counts are more even than independent draws would be: the
    statistic comes out low, and a card dealt too often or too seldom still pushes it over."""
    suits = uniform(c for c in DECK if c not in ("RJ", "BJ"))
    return suits, uniform(["RJ", "BJ"])


def test_savage_worlds_action_deck_deals_fairly(release: bool, figures: dict[str, Any]) -> None:
    results = figures.setdefault("savage_worlds_deck", {})
    dealt = dealt_cards(100_000 if release else 12_000, 10)
    suits, jokers = deck_chances(dealt)
    passes("52 suit cards", Counter({c: n for c, n in dealt.items() if c in suits}), suits, results)
    passes("two Jokers", Counter({c: n for c, n in dealt.items() if c in jokers}), jokers, results)
    # One card from a whole deck, as a shuffle leaves it: all 54 alike.
    dice = RandomDice(11)
    passes("one card of 54", Counter(dice.card(DECK, "fairness") for _ in range(60_000)), uniform(DECK), results)


def test_scratch_grid_draws_no_dice(tmp_path: Path) -> None:
    """S5 (house): Scratch:Grid asks the referee for each outcome, so it has no dice to check. A
    seeded game logs no roll, and none of its rules draws one (if one ever does, this fails and
    its dice join the checks above)."""
    from tests import harness
    from tests.factory import SAMPLES, new_args

    source = Path(SAMPLES["scratch-grid"][0]).parents[2] / "sprawl_cli" / "systems" / "scratch_grid"
    drawing = [p.name for p in source.glob("*.py") if ".roll(" in p.read_text(encoding="utf-8")
               or ".card(" in p.read_text(encoding="utf-8")]
    assert drawing == []
    save = str(tmp_path / "g.yaml")
    for args in (["new", *new_args("scratch-grid")], ["next"], ["next"], ["next"]):
        done = harness.invoke([*args, "--game", save, "--seed", "7"])
        assert done.exit_code == 0, done.stderr
    entries = json.loads(harness.invoke(["log", "--game", save, "--json"]).stdout)["entries"]
    assert [e["kind"] for e in entries] == ["next", "next", "next"] and all(e["rolls"] == [] for e in entries)


def test_the_checks_catch_a_die_or_a_deck_loaded_by_a_little() -> None:
    """Every check above can fail: a d12 that shows 12 one time in a hundred too often, a d100
    that never shows 100, an acing d8 whose second ace never comes, a deck that lost a card."""
    def over(counts: Mapping[Hashable, int], chances: Mapping[Hashable, Fraction]) -> bool:
        statistic, df = chi_square_against(counts, chances)
        return statistic > CRITICAL_P001[df]

    fair12 = Counter({f: 5_000 for f in range(1, 13)})
    assert not over(fair12, uniform(range(1, 13)))
    assert over(fair12 + Counter({12: 600}), uniform(range(1, 13)))
    d100 = Counter({f: 1_000 for f in range(1, 101)})
    assert not over(d100, uniform(range(1, 101)))
    assert over(d100 - Counter({100: 1_000}), uniform(range(1, 101)))  # 00 read as nothing
    n = 8 ** 2 * 1_000
    acing = Counter({ace_bin(t, 8): n // 8 if t < 8 else n // 64 for t in (*range(1, 8), *range(9, 16))})
    acing[ace_bin(16, 8)] = n // 64
    assert not over(acing, acing_chances(8))
    acing[ace_bin(16, 8)] = 0  # never two aces in a row
    assert over(acing, acing_chances(8))
    with pytest.raises(AssertionError, match="cannot happen"):
        chi_square_against(Counter({8: 1}), acing_chances(8))  # a bare top face: the ace was not rolled
    suits = {c: Fraction(1, 52) for c in DECK[:52]}
    assert over(Counter({c: 1_000 for c in DECK[1:52]}), suits)  # the ace of spades never dealt


SHOTS = [["shoot", "Razz", "Wilson", "--nearby", "none", "--yes"], ["shoot", "Babs", "Gordo", "--nearby", "none", "--yes"],
         ["shoot", "Mutt", "Newton", "--nearby", "none", "--yes"]]
NEXT = ["next", "--force"]  # a seed may leave someone Down: the referee moves on regardless (logged as forced)
SEQUENCE = [
    NEXT, *SHOTS, NEXT, ["damage", "Razz", "3", "--nearby", "none"], NEXT, NEXT,
    ["set", "Wilson", "pinned", "on"], ["set", "Gordo", "pinned", "on"], NEXT, NEXT, NEXT, NEXT,
    ["damage", "Wilson", "3", "--nearby", "none"], ["roll", "6"], ["undo"], NEXT, NEXT, NEXT, NEXT,
]

def play(folder: Folder, seed: str) -> list[str]:
    outputs = []
    folder.new("--seed", seed)
    for args in SEQUENCE:
        result = folder.run(*args, "--seed", seed, "--json")
        assert result.exit_code == 0, f"{args}: {result.stderr}"  # a refused command would replay trivially
        outputs.append(result.stdout)
    return outputs


def without_times(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Log entries less what differs between runs by design: the clock (time, undone_at, and seq, a clock stamp) and the save's own path."""
    return [{k: v for k, v in e.items() if k not in ("time", "seq", "undone_at", "command")} for e in entries]


def test_a_seeded_game_replays_identically(tmp_path: Path, figures: dict[str, Any]) -> None:
    commands_that_load(sorted({args[0] for args in SEQUENCE}))
    first, second, other = (Folder(tmp_path / name) for name in ("a", "b", "c"))
    for f in (first, second, other):
        f.path.mkdir()
    out_a, out_b = play(first, "42"), play(second, "42")
    assert [o.replace(str(first.path), "") for o in out_a] == [o.replace(str(second.path), "") for o in out_b]
    assert first.save.read_bytes() == second.save.read_bytes()
    log_a, log_b = first.json("log")["entries"], second.json("log")["entries"]
    assert without_times(log_a) == without_times(log_b)
    assert any(entry["rolls"] for entry in log_a), "the sequence rolled no dice; it proves nothing"
    # Another seed gives another game (so equality above is not trivial).
    play(other, "43")
    assert json.dumps(without_times(other.json("log")["entries"])) != json.dumps(without_times(log_a))
    figures["replay"] = {"commands": len(SEQUENCE), "rolls": sum(len(e["rolls"]) for e in log_a)}
