"""Random playouts per second for each game, and the cost of single calls.

Usage: ``python benchmarks/playouts.py [--seconds S] [--game NAME ...]``.
Speed lives here, never in the test suite: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

Row = tuple[str, float, str]
"""One line of output: what was measured, the number, its unit."""


def per_second(run_once: Callable[[int], object], seconds: float) -> float:
    """How many times per second ``run_once(i)`` runs, over about ``seconds``."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        run_once(count)
        count += 1
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def microseconds(call: Callable[[], object], repeat: int = 2000) -> float:
    """The best per-call time of ``call`` in microseconds, over a few batches."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best * 1e6


# --- game benchmarks: one function per game, returning rows ----------------

# (each game adds its function below and registers it in GAMES)


def bench_ofc(seconds: float) -> list[Row]:
    """Random 2-player pineapple rounds per second, and the cost of single calls."""
    import random

    from tablerules import ofc

    config = ofc.Config(max_rounds=1)
    rng = random.Random(2026)

    def one_round(index: int) -> None:
        state = ofc.new_game(config, seed=index)
        while state.to_act is not None:
            state = ofc.apply(state, ofc.random_action(state, rng))

    rounds = per_second(one_round, seconds)
    # CPU time too: on a busy machine wall-clock rates drop with the load
    cpu_start, count = time.process_time(), 0
    while time.process_time() - cpu_start < seconds:
        one_round(count)
        count += 1
    cpu_rounds = count / (time.process_time() - cpu_start)
    first = ofc.new_game(config, seed=1)
    later = first
    for _ in range(4):
        later = ofc.apply(later, ofc.random_action(later, rng))
    action = ofc.random_action(later, rng)
    last = later
    while True:
        after = ofc.apply(last, ofc.random_action(last, rng))
        if after.to_act is None:
            break
        last = after
    final_action = ofc.random_action(last, rng)
    return [
        ("random 2-player pineapple rounds", rounds, "rounds/s"),
        ("random 2-player pineapple rounds (CPU time)", cpu_rounds, "rounds/cpu-s"),
        ("apply (pineapple street)", microseconds(lambda: ofc.apply(later, action)), "us"),
        ("apply (last street: scoring)", microseconds(lambda: ofc.apply(last, final_action)), "us"),
        (
            "random_action (pineapple street)",
            microseconds(lambda: ofc.random_action(later, rng)),
            "us",
        ),
        (
            "legal_actions (first street: 232)",
            microseconds(lambda: ofc.legal_actions(first), 200),
            "us",
        ),
        ("legal_actions (pineapple street)", microseconds(lambda: ofc.legal_actions(later)), "us"),
        ("observe", microseconds(lambda: ofc.observe(later, 0)), "us"),
    ]


def bench_mock(seconds: float) -> list[Row]:
    """Mock: random 4-player rounds per second, and the cost of single calls."""
    import random

    from tablerules import mock

    rng = random.Random(0)
    config = mock.Config(max_rounds=1)

    def one_round(index: int) -> None:
        state = mock.new_game(config, seed=index)
        apply, random_action = mock.apply, mock.random_action
        while state.to_act is not None:
            state = apply(state, random_action(state, rng))

    rounds = per_second(one_round, seconds)
    state = mock.new_game(config, seed=1)
    for _ in range(9):  # a meld step with four cards in hand, mid-round
        state = mock.apply(state, mock.random_action(state, rng))
    if state.step != "meld":
        state = mock.apply(state, mock.Draw())
    action = mock.legal_actions(state)[0]
    fixed = random.Random(1)
    return [
        ("random 4-player rounds", rounds, "rounds/s"),
        ("apply (meld step)", microseconds(lambda: mock.apply(state, action)), "us"),
        ("legal_actions (meld step)", microseconds(lambda: mock.legal_actions(state)), "us"),
        ("random_action (meld step)", microseconds(lambda: mock.random_action(state, fixed)), "us"),
        ("observe", microseconds(lambda: mock.observe(state, 0)), "us"),
        (
            "to_dict + from_dict",
            microseconds(lambda: mock.from_dict(mock.to_dict(state)), 200),
            "us",
        ),
    ]


def bench_mentok(seconds: float) -> list[Row]:
    """Random 4-player Mentok rounds per second, and the cost of single calls."""
    import random

    from tablerules import mentok

    config = mentok.Config(players=4)
    rng = random.Random(2026)
    apply, random_action = mentok.apply, mentok.random_action

    games = [mentok.new_game(config, seed=0)]

    def one_round(index: int) -> None:
        # Play one round of the current game (its deal included); start a new
        # game when it ends, so every measured round is dealt exactly once.
        state = games[0]
        if state.is_over:
            state = mentok.new_game(config, seed=index)
        played = state.round
        while state.round == played and not state.is_over:
            state = apply(state, random_action(state, rng))
        games[0] = state

    rounds = per_second(one_round, seconds)
    state = mentok.new_game(config, seed=1)
    for _ in range(3):
        state = apply(state, random_action(state, rng))
    action = mentok.legal_actions(state)[0]
    return [
        ("random 4-player rounds", rounds, "rounds/s"),
        ("apply (an ask)", microseconds(lambda: apply(state, action)), "us"),
        ("legal_actions", microseconds(lambda: mentok.legal_actions(state)), "us"),
        ("random_action", microseconds(lambda: random_action(state, rng)), "us"),
        ("observe", microseconds(lambda: mentok.observe(state, 0)), "us"),
        ("new_game (deal)", microseconds(lambda: mentok.new_game(config, seed=1)), "us"),
    ]


GAMES: dict[str, Callable[[float], list[Row]]] = {
    "mentok": bench_mentok,
    "mock": bench_mock,
    "ofc": bench_ofc,
}


def main() -> None:
    """Run the selected benchmarks and print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args()
    for name in args.game or sorted(GAMES):
        for label, value, unit in GAMES[name](args.seconds):
            print(f"{name:7} {label:45} {value:12,.1f} {unit}")


if __name__ == "__main__":
    main()
