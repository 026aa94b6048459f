"""Batch ranking speed: ``tablerules.batch`` on numpy arrays against Python loops over peers.

Usage: ``python benchmarks/batch.py [--hands N] [--repeat R]`` (the ``numpy``
extra; the peers, treys and eval7, come from the ``bench`` extra and are
skipped when missing). Every contestant ranks the same ``N`` random hands
(1,000,000 by default): the batch functions in one call on a ``(cards, N)``
index array, the peers in a plain ``for`` loop over hands pre-built in their
own card types. Times are CPU time per hand, the best of ``--repeat``
interleaved rounds. treys needs about 6 us for a seven-card hand, so it
ranks the first 100,000 seven-card hands only (per hand, it is the same).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import tablerules as tr

try:
    import numpy as np

    from tablerules import batch
except ImportError:
    sys.exit("benchmarks/batch.py needs numpy: pip install 'tablerules[numpy]'")

Contestant = tuple[str, Callable[[Any], object], Any, int]
"""Name, function, its input, and how many hands that input holds."""


def loop(function: Callable[[Any], object]) -> Callable[[Sequence[Any]], None]:
    """A Python loop calling ``function`` on each hand, the way a user would rank them."""

    def run(hands: Sequence[Any]) -> None:
        for hand in hands:
            function(hand)

    return run


def best_times(contestants: Sequence[Contestant], repeat: int) -> list[float]:
    """Best CPU nanoseconds per hand of each contestant over ``repeat`` interleaved rounds."""
    best = [float("inf")] * len(contestants)
    for round_number in range(repeat):
        for offset in range(len(contestants)):
            index = (round_number + offset) % len(contestants)
            _, function, given, count = contestants[index]
            start = time.process_time_ns()
            function(given)
            best[index] = min(best[index], (time.process_time_ns() - start) / count)
    return best


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(2026)
    deck = list(tr.FULL_DECK)
    hands7 = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    hands5 = [hand[:5] for hand in hands7]
    hands3 = [hand[:3] for hand in hands7]
    few = min(args.hands, 100_000)
    cards7, cards5, cards3 = (batch.indices(h) for h in (hands7, hands5, hands3))
    for cards, ranker in ((cards5, batch.rank5), (cards3, batch.rank3), (cards7, batch.best_rank)):
        ranker(cards)  # the tables are built on first use: not timed
    tasks: dict[str, list[Contestant]] = {
        "five cards": [
            ("tablerules.batch.rank5 (one call)", batch.rank5, cards5, args.hands),
            ("tablerules.rank5_many (one call, pure Python)", tr.rank5_many, hands5, args.hands),
        ],
        "three cards": [("tablerules.batch.rank3 (one call)", batch.rank3, cards3, args.hands)],
        "seven cards (best five)": [
            ("tablerules.batch.best_rank (one call)", batch.best_rank, cards7, args.hands),
            ("tablerules.best_rank (loop, pure Python)", loop(tr.best_rank), hands7, args.hands),
        ],
        "making the index array": [
            ("tablerules.batch.indices (7 cards)", batch.indices, hands7, args.hands),
        ],
    }
    try:
        import treys
    except ImportError:
        print("treys not installed: skipped", file=sys.stderr)
    else:
        evaluator = treys.Evaluator()
        code = {card: treys.Card.new(str(card)) for card in tr.FULL_DECK}
        t5 = [[code[card] for card in hand] for hand in hands5]
        t7 = [([code[c] for c in hand[:2]], [code[c] for c in hand[2:]]) for hand in hands7[:few]]
        tasks["five cards"].append(
            ("treys Evaluator._five (loop)", loop(evaluator._five), t5, len(t5))
        )
        tasks["seven cards (best five)"].append(
            ("treys Evaluator.evaluate 2+5 (loop)", loop(lambda h: evaluator.evaluate(*h)), t7, few)
        )
    try:
        import eval7
    except ImportError:
        print("eval7 not installed: skipped", file=sys.stderr)
    else:
        card7 = {card: eval7.Card(str(card)) for card in tr.FULL_DECK}
        for title, hands in (("five cards", hands5), ("three cards", hands3)):
            converted = [[card7[card] for card in hand] for hand in hands]
            tasks[title].append(
                ("eval7.evaluate (loop, compiled)", loop(eval7.evaluate), converted, len(hands))
            )
        e7 = [[card7[card] for card in hand] for hand in hands7]
        tasks["seven cards (best five)"].append(
            ("eval7.evaluate (loop, compiled)", loop(eval7.evaluate), e7, len(e7))
        )
    everyone = [entry for contestants in tasks.values() for entry in contestants]
    times = dict(zip(map(id, everyone), best_times(everyone, args.repeat), strict=True))
    print(
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, {args.hands:,} random hands, "
        f"CPU time, best of {args.repeat} interleaved rounds\n"
    )
    for title, contestants in tasks.items():
        batch_ns = times[id(contestants[0])]
        print(f"{title}:")
        print(f"  {'':48} {'ns/hand':>9} {'x batch':>8}")
        for entry in contestants:
            ns = times[id(entry)]
            print(f"  {entry[0]:48} {ns:9.1f} {ns / batch_ns:8.1f}")
        print()


if __name__ == "__main__":
    main()
