"""determinize's own draws: the same values as random.Random's choice, sample and shuffle.

The deal draws with ``getrandbits`` as :mod:`random` does, without its two
Python calls per draw; these tests pin that every draw, and the generator's
state after it, is exactly what ``rng.choice``, ``rng.sample`` and
``rng.shuffle`` would give, so determinize deals what it always dealt.
"""

from __future__ import annotations

import importlib
import random

import pytest

determinize_module = importlib.import_module("tablerules.mentok.determinize")
Draws = determinize_module._Draws


@pytest.mark.parametrize("seed", range(40))
def test_the_draws_are_randoms_own(seed: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    draws = Draws(mine)
    chooser = random.Random(seed + 1000)
    for _ in range(60):
        n = chooser.choice([1, 2, 3, 5, 8, 20, 21, 22, 30, 64, 65, 100])
        population = list(range(100, 100 + n))
        assert draws.choice(population) == theirs.choice(population)
        k = chooser.randrange(min(n, 6) + 1)
        assert draws.sample(population, k) == theirs.sample(population, k)
        assert draws.sample(range(n), min(k, n)) == theirs.sample(range(n), min(k, n))
        left, right = population[:], population[:]
        draws.shuffle(left)
        theirs.shuffle(right)
        assert left == right
        assert draws.random() == theirs.random()
    assert mine.getstate() == theirs.getstate()


def test_larger_samples_and_errors_are_randoms_too() -> None:
    mine, theirs = random.Random(7), random.Random(7)
    draws = Draws(mine)
    assert draws.sample(list(range(40)), 9) == theirs.sample(list(range(40)), 9)
    with pytest.raises(ValueError, match="Sample larger than population"):
        draws.sample([1, 2], 3)
    assert mine.getstate() == theirs.getstate()


class OwnRandom(random.Random):
    """A generator with its own random(): random.Random then draws without getrandbits."""

    def random(self) -> float:
        return super().random() / 2


def test_a_generator_that_draws_otherwise_keeps_its_own_methods() -> None:
    rng = OwnRandom(3)
    draws = Draws(rng)
    assert draws.choice == rng.choice
    assert draws.sample == rng.sample
    assert draws.shuffle == rng.shuffle
    mine, theirs = OwnRandom(3), OwnRandom(3)
    assert Draws(mine).sample(list(range(50)), 4) == theirs.sample(list(range(50)), 4)
