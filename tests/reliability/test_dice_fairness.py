"""Dice: RandomDice's faces are uniform (chi-square at a fixed seed), and a seeded game
replays identically, save file and log, in two folders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sprawl_cli.dice import RandomDice
from tests.reliability.conftest import Folder, commands_that_load

CRITICAL_9DF_P001 = 27.88  # chi-square, 9 degrees of freedom, p = 0.001


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
