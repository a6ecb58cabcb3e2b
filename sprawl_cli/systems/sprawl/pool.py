"""SPRAWL's Test: a pool of d10 against a Difficulty (R1-R4), and its exact odds.

Every SPRAWL roll of an attribute is one of these; the rules modules build the
Difficulty and hand `test_pool` their dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from sprawl_cli.api import BadInput, Face, record_repr

if TYPE_CHECKING:
    from sprawl_cli.api import Dice

SUCCESS_FACE = 7  # R1: 7, 8, 9 and 10 succeed
MAX_ODDS_POOL = 1000  # odds above this are refused (they are all 0 or 1 anyway)


def count_successes(faces: Sequence[Face], tens: bool = True) -> int:
    """R1/R2: faces of 7+ succeed; a 10 counts twice when `tens` (the Rule of Tens)."""
    return sum((2 if tens and face == 10 else 1) for face in faces if face >= SUCCESS_FACE)


def difficulty_of(base: int = 1, modifiers: Iterable[int] = ()) -> int:
    """R3: the base Difficulty plus every modifier, never below 1."""
    return max(1, base + sum(modifiers))


def net_successes(successes: int, difficulty: int) -> int:
    """R4: raw - Difficulty + 1 when the Test passes, else 0."""
    return successes - difficulty + 1 if successes >= difficulty else 0


class PoolResult(tuple[str, tuple[Face, ...], int, int, int, bool]):
    """A Test as rolled: every face, the raw successes and what they came to."""

    __slots__ = ()
    _fields = ("label", "faces", "successes", "difficulty", "net", "passed")
    __repr__ = record_repr

    def __new__(cls, label: str, faces: tuple[Face, ...], successes: int, difficulty: int, net: int,
                passed: bool) -> PoolResult:
        return tuple.__new__(cls, (label, faces, successes, difficulty, net, passed))

    @property
    def label(self) -> str:
        return self[0]

    @property
    def faces(self) -> tuple[Face, ...]:
        return self[1]

    @property
    def successes(self) -> int:
        return self[2]

    @property
    def difficulty(self) -> int:
        return self[3]

    @property
    def net(self) -> int:
        return self[4]

    @property
    def passed(self) -> bool:
        return self[5]

    def to_json(self) -> dict[str, object]:
        return {
            "faces": list(self.faces),
            "successes": self.successes,
            "difficulty": self.difficulty,
            "net": self.net,
            "passed": self.passed,
        }


def test_pool(dice: Dice, pool: int, difficulty: int, label: str, tens: bool = True) -> PoolResult:
    """Roll a Test of `pool` d10 against `difficulty` (R1-R4)."""
    faces = dice.roll(max(0, pool), label)
    raw = count_successes(faces, tens)
    net = net_successes(raw, difficulty)
    return PoolResult(label, faces, raw, difficulty, net, raw >= difficulty)


# A Test's name starts with "test", which pytest would collect; say it is not one.
test_pool.__test__ = False  # type: ignore[attr-defined]


def success_distribution(pool: int, tens: bool = True) -> list[float]:
    """P(raw successes = k) for k = 0..2*pool, computed exactly by convolution (not sampled).

    Raises:
        BadInput: the pool is negative or larger than MAX_ODDS_POOL.
    """
    if pool < 0:
        raise BadInput(f"a pool of {pool} dice makes no sense; give 0 or more")
    if pool > MAX_ODDS_POOL:
        raise BadInput(f"odds are computed for pools of up to {MAX_ODDS_POOL} dice; {pool} is too many")
    # One die in tenths: 0 successes 6 (1-6), 1 success 3 (7-9) plus the 10 when tens are off,
    # 2 successes 1 (the 10, R2). The pool's counts are the coefficients of (6 + 3x + x^2)^pool,
    # worked out in whole numbers by the power recurrence (k*a0*b[k] = sum over i of
    # ((pool+1)*i - k) * a[i] * b[k-i], always a whole division), so the chances are exact
    # until the one division that makes each a float; linear in the pool, not quadratic.
    a = (6, 3, 1) if tens else (6, 4, 0)
    top = 2 * pool if tens else pool
    counts = [6 ** pool]
    for k in range(1, top + 1):
        total = ((pool + 1) - k) * a[1] * counts[k - 1]
        if k >= 2:
            total += (2 * (pool + 1) - k) * a[2] * counts[k - 2]
        counts.append(total // (k * 6))
    throws = 10 ** pool
    return [c / throws for c in counts]


class Odds(tuple[int, int, bool, float, dict[int, float]]):
    """The exact chance of passing a Test and of each net-success count."""

    __slots__ = ()
    _fields = ("pool", "difficulty", "tens", "p_pass", "net")
    __repr__ = record_repr

    def __new__(cls, pool: int, difficulty: int, tens: bool, p_pass: float, net: dict[int, float]) -> Odds:
        return tuple.__new__(cls, (pool, difficulty, tens, p_pass, net))

    @property
    def pool(self) -> int:
        return self[0]

    @property
    def difficulty(self) -> int:
        return self[1]

    @property
    def tens(self) -> bool:
        return self[2]

    @property
    def p_pass(self) -> float:
        return self[3]

    @property
    def net(self) -> dict[int, float]:
        return self[4]

    def to_json(self) -> dict[str, object]:
        return {
            "pool": self.pool,
            "difficulty": self.difficulty,
            "rule_of_tens": self.tens,
            "p_pass": self.p_pass,
            "net": {str(k): p for k, p in self.net.items()},
        }


def odds(pool: int, difficulty: int, tens: bool = True) -> Odds:
    """Exact odds of a Test: P(pass) and P(net = k) for every reachable k (R4)."""
    dist = success_distribution(pool, tens)
    net: dict[int, float] = {0: 0.0}
    for raw, p in enumerate(dist):
        k = net_successes(raw, difficulty)
        net[k] = net.get(k, 0.0) + p
    p_pass = sum(dist[difficulty:])
    return Odds(pool, difficulty, tens, min(1.0, p_pass), dict(sorted(net.items())))
