"""How long :func:`tablerules.ofc.solve_fantasyland` takes, by the number of cards.

Usage: ``python benchmarks/fantasyland.py [--hands N] [--sizes 14 15 ...] [--seed S]``.
Each size is solved on ``N`` random hands (seeded) under three rules: the
default pineapple config, the strict stay rule (no middle) and the 2-7
lowball middle. Prints the mean and the worst time per solve, in
milliseconds. Speed lives here, never in the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import tablerules as tr
from tablerules import ofc

CONFIGS = {
    "default": ofc.Config(),
    "strict stay": ofc.Config(fantasyland_stay_middle=False),
    "lowball": ofc.Config(lowball_middle=True),
}


def solve_times(size: int, hands: int, config: ofc.Config, seed: int) -> list[float]:
    """Seconds per solve of ``hands`` random hands of ``size`` cards."""
    rng = random.Random(seed * 100 + size)
    times = []
    for _ in range(hands):
        cards = rng.sample(tr.FULL_DECK, size)
        start = time.perf_counter()
        ofc.solve_fantasyland(cards, config)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    """Solve random hands of each size and print the mean and worst times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--sizes", type=int, nargs="+", default=[14, 15, 16, 17, 18])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'config':<12} {'cards':>5} {'settings':>12} {'mean ms':>9} {'worst ms':>9}")
    for name, config in CONFIGS.items():
        for size in args.sizes:
            times = solve_times(size, args.hands, config, args.seed)
            settings = ofc.count_fantasyland_settings(tr.FULL_DECK[:size])
            print(
                f"{name:<12} {size:>5} {settings:>12,} "
                f"{statistics.mean(times) * 1e3:>9.1f} {max(times) * 1e3:>9.1f}"
            )


if __name__ == "__main__":
    main()
