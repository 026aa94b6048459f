"""Hand ranking speed: nanoseconds per hand, and ratios against peers in the same run.

Usage: ``python benchmarks/rank.py [--hands N] [--repeat R]``. Peers (treys,
pokerkit, eval7) come from the ``bench`` extra; a missing peer is skipped.
Every contestant ranks the same random hands, pre-built in its own card type
as a user would hold them, in a plain ``for`` loop; the best of ``--repeat``
interleaved rounds counts, in CPU time. The floor is a one-argument Python
function doing one dict lookup on a precomputed int: no Python ranker can
beat it. ``rank_code`` ranks precomputed hand codes (a row's running code
plus a candidate card), the way an OFC bot ranks its rows.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import tablerules as tr

Contestant = tuple[str, Callable[[Any], object], Sequence[Any]]
BATCH = "(per hand of one batch call)"


def run_once(function: Callable[[Any], object], items: Sequence[Any], *, batch: bool) -> float:
    """CPU nanoseconds per item of one pass: ``function`` on each item, or once on all."""
    start = time.process_time_ns()
    if batch:
        function(items)
    else:
        for item in items:
            function(item)
    return (time.process_time_ns() - start) / len(items)


def best_times(contestants: Sequence[Contestant], repeat: int) -> list[float]:
    """Best nanoseconds per item of each contestant over ``repeat`` rounds.

    The rounds are interleaved (every contestant runs once per round, in a
    rotating order), so a noisy moment on a shared machine hurts all of them
    alike rather than whichever happened to be running. Each timed pass
    follows an untimed one over the same items, so every contestant is timed
    with its own tables and hands in the caches, as in a long run.
    """
    best = [float("inf")] * len(contestants)
    for round_number in range(repeat):
        for offset in range(len(contestants)):
            index = (round_number + offset) % len(contestants)
            name, function, items = contestants[index]
            batch = name.endswith(BATCH)
            run_once(function, items, batch=batch)  # the warm-up pass
            best[index] = min(best[index], run_once(function, items, batch=batch))
    return best


def peers(
    hands5: list[tuple[tr.Card, ...]],
    hands3: list[tuple[tr.Card, ...]],
    hands7: list[tuple[tr.Card, ...]],
) -> dict[str, list[Contestant]]:
    """The peers' contestants, by task, for those peers that are installed."""
    found: dict[str, list[Contestant]] = {"five": [], "three": [], "seven": []}
    try:
        import treys
    except ImportError:
        print("treys not installed: skipped", file=sys.stderr)
    else:
        evaluator = treys.Evaluator()
        code = {card: treys.Card.new(str(card)) for card in tr.FULL_DECK}
        t5 = [[code[card] for card in hand] for hand in hands5]
        t7 = [
            ([code[card] for card in hand[:2]], [code[card] for card in hand[2:]])
            for hand in hands7
        ]
        found["five"].append(("treys Evaluator._five", evaluator._five, t5))
        found["five"].append(
            ("treys Evaluator.evaluate (0+5)", lambda h: evaluator.evaluate([], h), t5)
        )
        found["seven"].append(
            ("treys Evaluator.evaluate (2+5)", lambda h: evaluator.evaluate(*h), t7)
        )
    try:
        import eval7
    except ImportError:
        print("eval7 not installed: skipped", file=sys.stderr)
    else:
        code7 = {card: eval7.Card(str(card)) for card in tr.FULL_DECK}
        found["five"].append(
            ("eval7.evaluate (compiled)", eval7.evaluate, [[code7[c] for c in h] for h in hands5])
        )
        found["three"].append(
            ("eval7.evaluate (compiled)", eval7.evaluate, [[code7[c] for c in h] for h in hands3])
        )
        found["seven"].append(
            ("eval7.evaluate (compiled)", eval7.evaluate, [[code7[c] for c in h] for h in hands7])
        )
    try:
        import pokerkit
    except ImportError:
        print("pokerkit not installed: skipped", file=sys.stderr)
    else:
        lookup = pokerkit.StandardLookup()
        pk = {
            card: pokerkit.Card.parse(str(card))[0]
            if False
            else next(iter(pokerkit.Card.parse(str(card))))
            for card in tr.FULL_DECK
        }
        p5 = [tuple(pk[card] for card in hand) for hand in hands5]
        found["five"].append(("pokerkit StandardLookup.get_entry", lookup.get_entry, p5))
        found["five"].append(
            ("pokerkit StandardHighHand.from_game", pokerkit.StandardHighHand.from_game, p5)
        )
    return found


def main() -> None:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    rng = random.Random(2026)
    hands5 = [tuple(rng.sample(tr.FULL_DECK, 5)) for _ in range(args.hands)]
    hands3 = [tuple(rng.sample(tr.FULL_DECK, 3)) for _ in range(args.hands)]
    hands7 = [tuple(rng.sample(tr.FULL_DECK, 7)) for _ in range(args.hands // 4)]
    hands4 = [hand[:4] for hand in hands5]
    table = {i: i for i in range(10_000)}

    def floor(key: int) -> int:
        return table[key]

    keys = [rng.randrange(10_000) for _ in range(args.hands)]
    # Rows of one to five cards as an OFC bot keeps them: a running code plus a candidate.
    codes = [tr.hand_code(hand[: 1 + index % 5]) for index, hand in enumerate(hands5)]
    codes5 = [tr.hand_code(hand) for hand in hands5]
    found = peers(hands5, hands3, hands7)
    tasks: list[tuple[str, list[Contestant]]] = [
        (
            "five cards",
            [
                ("tablerules.rank5 (checked)", tr.rank5, hands5),
                ("tablerules.rank5_unchecked", tr.rank5_unchecked, hands5),
                (f"tablerules.rank5_many {BATCH}", tr.rank5_many, hands5),
                *found["five"],
            ],
        ),
        (
            "three cards",
            [
                ("tablerules.rank3 (checked)", tr.rank3, hands3),
                ("tablerules.rank3_unchecked", tr.rank3_unchecked, hands3),
                *found["three"],
            ],
        ),
        (
            "seven cards (best five)",
            [
                ("tablerules.best_rank (checked)", tr.best_rank, hands7),
                ("tablerules.best_rank_unchecked", tr.best_rank_unchecked, hands7),
                *found["seven"],
            ],
        ),
        (
            "incremental (hand codes, unchecked)",
            [
                ("tablerules.rank_code (1 to 5 cards)", tr.rank_code, codes),
                ("tablerules.rank_code (5 cards)", tr.rank_code, codes5),
            ],
        ),
        (
            "other checked calls",
            [
                ("tablerules.rank_cards (4 cards)", tr.rank_cards, hands4),
                ("tablerules.rank_lowball27 (5 cards)", tr.rank_lowball27, hands5),
            ],
        ),
    ]
    everyone: list[Contestant] = [("floor", floor, keys)]
    for _, contestants in tasks:
        everyone.extend(contestants)
    # Keyed by identity: the same peer (eval7) can run in several tasks.
    timings = best_times(everyone, args.repeat)
    times = {id(entry): ns for entry, ns in zip(everyone, timings, strict=True)}
    floor_ns = times[id(everyone[0])]
    print(
        f"Python {sys.version.split()[0]}, {args.hands:,} random hands, "
        f"best of {args.repeat} interleaved rounds"
    )
    print(f"floor (one dict lookup in a function): {floor_ns:.0f} ns\n")
    for title, contestants in tasks:
        reference = next(
            (times[id(entry)] for entry in contestants if entry[0].startswith(("treys", "eval7"))),
            None,
        )
        print(f"{title}:")
        print(f"  {'':50} {'ns/hand':>9} {'x floor':>8} {'x first peer':>12}")
        for entry in contestants:
            name, ns = entry[0], times[id(entry)]
            peer = f"{ns / reference:12.2f}" if reference else f"{'-':>12}"
            print(f"  {name:50} {ns:9.0f} {ns / floor_ns:8.2f} {peer}")
        print()
    by_name = {entry[0]: times[id(entry)] for entry in everyone}
    print("ratios in this run:")
    for what, top, bottom in (
        ("rank_code (1 to 5 cards) / floor", "tablerules.rank_code (1 to 5 cards)", "floor"),
        ("rank_code (5 cards) / floor", "tablerules.rank_code (5 cards)", "floor"),
        ("rank5 (checked) / rank5_unchecked", "tablerules.rank5 (checked)",
         "tablerules.rank5_unchecked"),
        ("best_rank (checked) / best_rank_unchecked, 7 cards", "tablerules.best_rank (checked)",
         "tablerules.best_rank_unchecked"),
    ):  # fmt: skip
        print(f"  {what:50} {by_name[top] / by_name[bottom]:9.2f}")


if __name__ == "__main__":
    main()
