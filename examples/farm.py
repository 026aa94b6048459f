"""A playout farm: one Monte Carlo evaluation on processes, on Dask or on Ray.

The seat to act in a seeded position sends its observation, pickled, to
workers. Each task deals ``--playouts`` states consistent with that view
(``determinize``), plays the candidate action in each, then random moves to
the end of the round, and returns the sum of the seat's points; the mean per
candidate is printed. Every task's randomness comes from ``--seed`` and the
task's number, and results are gathered in task order, so the result lines
are the same on every backend and for any number of workers. Candidates
share their tasks' seeds (common random numbers): they are compared on the
same deals.

Run ``python examples/farm.py`` (two local processes), or
``--backend dask`` (a local Dask cluster of ``--workers`` processes, or the
scheduler at ``--address``) or ``--backend ray`` (a local Ray instance with
``--workers`` CPUs, or the cluster at ``--address``). Timings are printed only
with ``--timing``, on lines starting with ``# time`` so the result lines can
be compared across backends; ``--overhead`` measures what a task costs on the
backend and how many playouts a task needs to pay for it. The process backend
needs nothing but tablerules; Dask needs ``pip install "tablerules[dask]"``,
Ray ``pip install "tablerules[ray]"``.
"""

from __future__ import annotations

import argparse
import logging
import os
import pickle
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

import tablerules as tr
from tablerules.integrations import require

Task = tuple[str, bytes, Any, str, int]
"""One task: the game's name, the pickled observation, the candidate action,
the task's seed and the number of playouts."""
Runner = Callable[[Sequence[Task]], list[int]]
"""Runs tasks on a backend; returns each task's result, in task order."""

# --- the work: runs in the workers ---------------------------------------------------


def run_task(task: Task) -> int:
    """Play ``playouts`` determinized rounds after ``action``; the seat's total points."""
    name, pickled_view, action, seed, playouts = task
    game: Any = tr.GAMES[name]
    view = pickle.loads(pickled_view)  # trusted: it comes from our own driver
    rng = random.Random(seed)
    # A game with a Sampler (Mentok) reads the view once for all the playouts.
    deal = game.Sampler(view).sample if hasattr(game, "Sampler") else None
    total = 0
    for _ in range(playouts):
        dealt = game.determinize(view, rng) if deal is None else deal(rng)
        state = game.apply_unchecked(dealt, action)
        while not state.is_over and state.round == view.round:
            state = game.apply_unchecked(state, game.random_action(state, rng))
        total += state.last_round.points[view.seat]
    return total


# --- the backends: each maps run_task over the tasks, in order -------------------------


@contextmanager
def process_backend(workers: int, address: str | None) -> Iterator[Runner]:
    """A :class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes."""
    if address is not None:
        raise SystemExit("--address is for the dask and ray backends")
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield lambda tasks: list(pool.map(run_task, tasks))


@contextmanager
def dask_backend(workers: int, address: str | None) -> Iterator[Runner]:
    """Dask: a local cluster of ``workers`` processes, or the scheduler at ``address``."""
    distributed: Any = require("distributed", "dask")
    if address is None:
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    else:
        cluster = None
    client = distributed.Client(cluster if cluster is not None else address)
    try:
        # pure=False: equal tasks are still separate work (Dask would run them once)
        yield lambda tasks: client.gather(client.map(run_task, tasks, pure=False))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def ray_backend(workers: int, address: str | None) -> Iterator[Runner]:
    """Ray: a local instance with ``workers`` CPUs, or the cluster at ``address``."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a local run reports nowhere
    ray: Any = require("ray", "ray")
    ray.init(
        address=address,
        num_cpus=workers if address is None else None,
        include_dashboard=False,
        logging_level=logging.ERROR,
        log_to_driver=False,
    )
    try:
        remote = ray.remote(run_task)
        yield lambda tasks: ray.get([remote.remote(task) for task in tasks])
    finally:
        ray.shutdown()


BACKENDS = {"process": process_backend, "dask": dask_backend, "ray": ray_backend}


# --- the driver ---------------------------------------------------------------------


def position(name: str, seed: int, moves: int) -> Any:
    """A seeded game of ``name`` after ``moves`` random moves (the position to evaluate)."""
    game: Any = tr.GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(game.Config(), seed=seed)
    for _ in range(moves):
        state = game.apply(state, game.random_action(state, rng))
    return state


def make_tasks(
    name: str, state: Any, *, candidates: int, tasks: int, playouts: int, seed: int
) -> tuple[Any, list[Any], list[Task]]:
    """The acting seat's view, the candidate actions, and every task (candidate-major)."""
    game: Any = tr.GAMES[name]
    view = game.observe(state, state.to_act)
    actions = list(game.legal_actions(state))
    if candidates:
        actions = actions[:candidates]
    pickled = pickle.dumps(view, pickle.HIGHEST_PROTOCOL)
    work = [
        (name, pickled, action, f"farm/{seed}/{task}", playouts)
        for action in actions
        for task in range(tasks)
    ]
    return view, actions, work


def report(
    view: Any, actions: Sequence[Any], results: Sequence[int], tasks: int, playouts: int
) -> list[str]:
    """The result lines: each candidate's mean points, then the best candidate."""
    lines = [
        f"seat {view.seat} to act in round {view.round}: {len(actions)} candidates, "
        f"{tasks} tasks x {playouts} playouts each"
    ]
    means = []
    for index, action in enumerate(actions):
        total = sum(results[index * tasks : (index + 1) * tasks])
        means.append(total / (tasks * playouts))
        lines.append(f"candidate {index:2}: mean {means[-1]:+8.3f}  {action}")
    best = max(range(len(actions)), key=means.__getitem__)
    lines.append(f"best: candidate {best} ({actions[best]})")
    return lines


def measure_overhead(run: Runner, name: str, state: Any, workers: int, seed: int) -> list[str]:
    """What a task costs on this backend, and the playouts per task that pay for it.

    ``t`` is one playout's CPU time, measured here; ``workers / t`` playouts
    a second is the ideal. ``o`` is the wall time of an empty task (no
    playouts) times the workers: what a task takes of a worker beyond its
    playouts (sending it, running it, sending its result back). A task of
    ``k`` playouts then costs ``k*t + o``, so ``k >= 9*o/t`` keeps the
    overhead under 10%. Tasks of growing ``k`` show the throughput against
    the ideal. Each wall time is the best of three runs; on a machine busy
    with other work (see the load average) the throughputs fall short.
    """

    def best_wall(work: Sequence[Task]) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            run(work)
            best = min(best, time.perf_counter() - start)
        return best

    _, _, inline = make_tasks(name, state, candidates=1, tasks=1, playouts=1000, seed=seed)
    start = time.process_time()
    run_task(inline[0])
    playout = (time.process_time() - start) / 1000
    ideal = workers / playout
    _, _, empty = make_tasks(name, state, candidates=1, tasks=500, playouts=0, seed=seed)
    run(empty[:50])  # warm the workers up
    overhead = best_wall(empty) / len(empty) * workers
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        f"# time one playout: {playout * 1e6:.0f} us of CPU; ideal {ideal:.0f} playouts/s "
        f"on {workers} workers (load average {load:.1f})",
        f"# time empty task: {overhead / workers * 1e6:.0f} us of wall time each, "
        f"{overhead * 1e6:.0f} us of a worker's time",
        f"# time overhead under 10% from about {9 * overhead / playout:.0f} playouts per task",
    ]
    for playouts in (1, 4, 16, 64, 256):
        count = max(2 * workers, min(500, 4096 // playouts))
        _, _, work = make_tasks(
            name, state, candidates=1, tasks=count, playouts=playouts, seed=seed
        )
        rate = count * playouts / best_wall(work)
        lines.append(
            f"# time {playouts:4} playouts per task: {rate:8.0f} playouts/s, "
            f"{rate / ideal:4.0%} of the ideal"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Evaluate the position's candidates on the chosen backend and print the result lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=sorted(BACKENDS), default="process")
    parser.add_argument("--game", choices=sorted(tr.GAMES), default="ofc")
    parser.add_argument("--seed", type=int, default=1, help="the position's and the tasks' seed")
    parser.add_argument("--moves", type=int, default=3, help="random moves before the position")
    parser.add_argument("--candidates", type=int, default=0, help="the first N actions (0: all)")
    parser.add_argument("--tasks", type=int, default=4, help="tasks per candidate")
    parser.add_argument("--playouts", type=int, default=8, help="playouts per task")
    parser.add_argument("--workers", type=int, default=2, help="local processes or CPUs")
    parser.add_argument("--address", help="a Dask scheduler's or a Ray cluster's address")
    parser.add_argument("--timing", action="store_true", help="print '# time' lines")
    parser.add_argument("--overhead", action="store_true", help="measure the backend's overhead")
    args = parser.parse_args(argv)
    state = position(args.game, args.seed, args.moves)
    view, actions, work = make_tasks(
        args.game,
        state,
        candidates=args.candidates,
        tasks=args.tasks,
        playouts=args.playouts,
        seed=args.seed,
    )
    start = time.perf_counter()
    with BACKENDS[args.backend](args.workers, args.address) as run:
        started = time.perf_counter()
        results = run(work)
        done = time.perf_counter()
        extra = []
        if args.overhead:
            extra = measure_overhead(run, args.game, state, args.workers, args.seed)
    print(f"{args.game}, seed {args.seed}, {args.moves} moves in", end=": ")
    print("\n".join(report(view, actions, results, args.tasks, args.playouts)))
    if args.timing or args.overhead:
        print(
            f"# time backend {args.backend}, {args.workers} workers: started in "
            f"{started - start:.2f} s, {len(work)} tasks in {done - started:.3f} s"
        )
        for line in extra:
            print(line)


if __name__ == "__main__":
    main()
