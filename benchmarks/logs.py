"""What keeping a game log costs, and how long its text is.

Usage: ``python benchmarks/logs.py [--games N] [--repeat R]``.

For each game, ``N`` seeded random games (default configs) are played once to
fix their actions; then the same actions are played again and again, with
``apply`` alone and with ``GameLog.play`` (which checks each action as
``apply`` does and keeps the log), and the ratio of the two is printed: the
contract is at most 1.5. The text rows give bytes a move of the whole log
and of seat 0's log, and what writing and reading a whole log costs a move.
Times are the best CPU time (``time.process_time``) of ``R`` rounds.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable
from typing import Any

import tablerules as tr


def best(run: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs of ``run``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def games(game: tr.Game[Any, Any, Any, Any], count: int) -> list[tuple[int, list[Any]]]:
    """``count`` seeded random games as (seed, actions)."""
    found = []
    for seed in range(count):
        rng, state, actions = random.Random(seed), game.new_game(seed=seed), []
        while not state.is_over:
            action = game.random_action(state, rng)
            state = game.apply_unchecked(state, action)
            actions.append(action)
        found.append((seed, actions))
    return found


def write_all(logs: list[Any]) -> None:
    for log in logs:
        log.to_text()


def read_all(game: tr.Game[Any, Any, Any, Any], texts: list[str]) -> None:
    for text in texts:
        game.read_log(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per game")
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds, best kept")
    options = parser.parse_args()
    print(f"{'game':8} {'moves':>7} {'play/apply':>10} {'bytes/move':>10} {'seat log':>9}", end="")
    print(f" {'write us/move':>13} {'read us/move':>12}")
    for name in sorted(tr.GAMES):
        game = tr.GAMES[name]
        played = games(game, options.games)
        moves = sum(len(actions) for _, actions in played)

        def with_apply(played: list[tuple[int, list[Any]]] = played, game: Any = game) -> None:
            for seed, actions in played:
                state = game.new_game(seed=seed)
                for action in actions:
                    state = game.apply(state, action)

        def with_log(played: list[tuple[int, list[Any]]] = played, game: Any = game) -> None:
            for seed, actions in played:
                log = game.GameLog.start(seed=seed)
                for action in actions:
                    log = log.play(action)

        ratio = best(with_log, options.repeat) / best(with_apply, options.repeat)
        logs = [game.GameLog.start(seed=seed) for seed, _ in played]
        for index, (_, actions) in enumerate(played):
            for action in actions:
                logs[index] = logs[index].play(action)
        texts = [log.to_text() for log in logs]
        size = sum(map(len, texts)) / moves
        seat_size = sum(len(log.to_text(seat=0)) for log in logs) / moves
        write = best(functools.partial(write_all, logs), options.repeat)
        read = best(functools.partial(read_all, game, texts), 1)
        print(f"{name:8} {moves:7} {ratio:10.2f} {size:10.1f} {seat_size:9.1f}", end="")
        print(f" {write / moves * 1e6:13.1f} {read / moves * 1e6:12.1f}")


if __name__ == "__main__":
    main()
