"""How long :func:`tablerules.ofc.solve_fantasyland` takes, by the number of cards.

Usage: ``python benchmarks/fantasyland.py [--hands N] [--sizes 14 15 ...] [--seed S]
[--rounds R] [--configs NAME ...] [--slowest K]``.

Each size is solved on ``N`` random hands (2,000 by default; seeded, so every
run solves the same hands) under three rules: the default pineapple config,
the strict stay rule (no middle) and the 2-7 lowball middle. Every hand is
timed in CPU time (:func:`time.process_time`) once per round, the rounds
interleaved (each round goes over every hand of the size), and a hand counts
its best round. For each rule and size the script prints the mean and the
worst time per solve in milliseconds, and beside them the floor of this way
of solving, measured the same way on the same hands: ranking every five-card
and three-card subset of the hand once (and, with a lowball middle, every
five of its cards up to a ten as a 2-7 low), which the solver does before it
searches. ``--slowest K`` lists the
``K`` slowest hands of each size. The defaults take several minutes; CI runs
``--hands 2 --sizes 14`` as a smoke test. Speed lives here, never in the test
suite.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from typing import TYPE_CHECKING

import tablerules as tr
from tablerules import ofc
from tablerules._tables import RANK3, RANK5
from tablerules.ofc import _fantasyland_search as search
from tablerules.ranking import lowball27_table

if TYPE_CHECKING:
    from collections.abc import Callable

CONFIGS = {
    "default": ofc.Config(),
    "strict stay": ofc.Config(fantasyland_stay_middle=False),
    "lowball": ofc.Config(lowball_middle=True),
}


def deal(size: int, hands: int, seed: int) -> list[tuple[tr.Card, ...]]:
    """``hands`` random hands of ``size`` cards, the same for the same seed."""
    rng = random.Random(seed * 100 + size)
    return [tuple(rng.sample(tr.FULL_DECK, size)) for _ in range(hands)]


def ranking_floor(config: ofc.Config) -> Callable[[tuple[tr.Card, ...]], object]:
    """What the solver does before searching: rank every subset the search goes through."""
    low = lowball27_table() if config.lowball_middle else None

    def rank_all(cards: tuple[tr.Card, ...]) -> object:
        hand = tuple(sorted(cards))
        ranked = (search.subsets(hand, 5, RANK5), search.subsets(hand, 3, RANK3))
        if low is not None:
            low_cards = [position for position, card in enumerate(hand) if card.rank <= 10]
            return ranked, search.subsets(hand, 5, low, low_cards)
        return ranked

    return rank_all


def best_times(
    hands: list[tuple[tr.Card, ...]], config: ofc.Config, rounds: int
) -> tuple[list[float], list[float]]:
    """Each hand's best CPU time over ``rounds`` interleaved rounds: solving, and the floor."""
    solve = ofc.solve_fantasyland
    floor = ranking_floor(config)
    solved = [float("inf")] * len(hands)
    floors = [float("inf")] * len(hands)
    clock = time.process_time
    for _ in range(rounds):
        for index, cards in enumerate(hands):
            start = clock()
            solve(cards, config)
            middle = clock()
            floor(cards)
            end = clock()
            solved[index] = min(solved[index], middle - start)
            floors[index] = min(floors[index], end - middle)
    return solved, floors


def main() -> None:
    """Solve random hands of each size and print the mean and worst times, and the floor."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 15, 16, 17])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--configs", nargs="+", choices=sorted(CONFIGS), default=list(CONFIGS))
    parser.add_argument("--slowest", type=int, default=0)
    args = parser.parse_args()
    # The first lowball hand loads the 2-7 table: not part of any solve.
    lowball27_table()
    print(
        f"CPython {platform.python_version()}, CPU time, best of {args.rounds} interleaved "
        f"rounds, {args.hands} hands per size (seed {args.seed})"
    )
    print(
        f"{'config':<12} {'cards':>5} {'settings':>12} {'mean ms':>9} {'worst ms':>9} "
        f"{'floor ms':>9} {'mean/floor':>10}"
    )
    slowest: list[str] = []
    for name in args.configs:
        config = CONFIGS[name]
        for size in args.sizes:
            hands = deal(size, args.hands, args.seed)
            solved, floors = best_times(hands, config, args.rounds)
            settings = ofc.count_fantasyland_settings(tr.FULL_DECK[:size])
            mean = sum(solved) / len(solved)
            floor = sum(floors) / len(floors)
            print(
                f"{name:<12} {size:>5} {settings:>12,} {mean * 1e3:>9.2f} "
                f"{max(solved) * 1e3:>9.2f} {floor * 1e3:>9.2f} {mean / floor:>9.1f}x"
            )
            order = sorted(range(len(hands)), key=solved.__getitem__, reverse=True)
            slowest.extend(
                f"{name:<12} {size:>5} {solved[index] * 1e3:>7.2f} ms  "
                f"{tr.cards_text(sorted(hands[index]))}"
                for index in order[: args.slowest]
            )
    if slowest:
        print("\nslowest hands:")
        print("\n".join(slowest))


if __name__ == "__main__":
    main()
