"""Random playouts per second for each game, and the cost of single calls.

Usage: ``python benchmarks/playouts.py [--seconds S] [--game NAME ...] [--workers N]``.

Each game's rows come from its ``bench_<game>`` function. ``--workers N`` also
runs random rounds of every game in ``N`` processes through
:class:`concurrent.futures.ProcessPoolExecutor` (Ray and Dask offer the same
executor interface, so the same code spreads a playout farm over a cluster).
Playouts apply the drawn actions with ``apply_unchecked`` (they come from
``random_action``, so they are legal), as a bot's playouts do; the rows marked
"checked" use ``apply`` to show what the legality check costs. OFC is also
measured against a minimal mutable loop playing the same random rounds
without validation or immutability, to show what those cost.
Times are CPU time (``time.process_time``), so other work on a shared machine
counts less; ratios come from loops measured in turns in the same run.
Speed lives here, never in the test suite: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import tablerules as tr

Row = tuple[str, float, str]
"""One line of output: what was measured, the number, its unit."""


def per_second(run_once: Callable[[int], object], seconds: float) -> float:
    """How many times per CPU second ``run_once(i)`` runs, over about ``seconds``."""
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        run_once(count)
        count += 1
        now = time.process_time()
        if now >= deadline:
            return count / (now - start)


def microseconds(call: Callable[[], object], repeat: int = 2000) -> float:
    """The best per-call CPU time of ``call`` in microseconds, over a few batches."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for _ in range(repeat):
            call()
        best = min(best, (time.process_time() - start) / repeat)
    return best * 1e6


def interleaved(loops: Sequence[Callable[[int], int]], seconds: float) -> list[float]:
    """CPU microseconds per unit of work of each loop, best of interleaved rounds.

    ``loop(seed)`` does some work and returns how many units it did (steps,
    rounds). The loops take turns, several rounds each, and each loop's best
    round counts, so a burst of load on a shared machine hits all of them alike.
    """
    best = [float("inf")] * len(loops)
    rounds = max(3, int(seconds * 3))
    for _ in range(rounds):
        for index, loop in enumerate(loops):
            start, units, seed = time.process_time(), 0, 0
            while time.process_time() - start < seconds / rounds or units == 0:
                units += loop(seed)
                seed += 1
            best[index] = min(best[index], (time.process_time() - start) / units * 1e6)
    return best


def random_rounds(name: str, seconds: float, seed: int = 0) -> int:
    """How many random one-round games of ``name`` (default players) finish in ``seconds``."""
    game = tr.GAMES[name]
    config = game.Config(max_rounds=1)
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    count = 0
    while time.perf_counter() < deadline:
        state = game.new_game(config, seed=seed * 1_000_003 + count)
        while not state.is_over:
            state = game.apply_unchecked(state, game.random_action(state, rng))
        count += 1
    return count


def farm(name: str, seconds: float, workers: int) -> float:
    """Random rounds per second of ``name`` summed over ``workers`` processes."""
    with ProcessPoolExecutor(max_workers=workers) as pool:
        counts = pool.map(random_rounds, [name] * workers, [seconds] * workers, range(workers))
        return sum(counts) / seconds


def minimal_rounds(seed: int) -> int:
    """Ten random 2-player pineapple rounds of the minimal loop below."""
    rng = random.Random(seed)
    for _ in range(10):
        minimal_ofc_round(rng)
    return 10


def library_rounds(seed: int) -> int:
    """Ten random 2-player pineapple rounds with the library, as bots play them."""
    from tablerules import ofc

    config, rng = ofc.Config(max_rounds=1), random.Random(seed)
    for index in range(10):
        state = ofc.new_game(config, seed=seed * 10 + index)
        while state.to_act is not None:
            state = ofc.apply_unchecked(state, ofc.random_action(state, rng))
    return 10


# The OFC rules of a 2-player pineapple round as a bare mutable loop: no
# validation, no immutable states, lists changed in place.
_TOP_PAIR = {6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7, 13: 8, 14: 9}
_MIDDLE = {3: 2, 4: 4, 5: 8, 6: 12, 7: 20, 8: 30, 9: 50}
_BOTTOM = {4: 2, 5: 4, 6: 6, 7: 10, 8: 15, 9: 25}


def _royalties(top: int, middle: int, bottom: int) -> int:
    base = tr.ranking.CATEGORY_BASE
    category = top // base
    ranks = top % base // 14**4 + 1
    top_points = ranks + 8 if category == 3 else _TOP_PAIR.get(ranks, 0) if category == 1 else 0
    return top_points + _MIDDLE.get(middle // base, 0) + _BOTTOM.get(bottom // base, 0)


def minimal_ofc_round(rng: random.Random) -> int:
    """One random 2-player pineapple round, scored; returns seat 0's points."""
    deck = list(tr.FULL_DECK)
    rng.shuffle(deck)
    rows: list[list[list[tr.Card]]] = [[[], [], []], [[], [], []]]
    room = (3, 5, 5)
    for street in range(5):
        for seat in (1, 0):
            cards = [deck.pop() for _ in range(5 if street == 0 else 3)]
            if street:
                cards.pop(rng.randrange(3))
            board = rows[seat]
            for card in cards:
                open_rows = [row for row in range(3) if len(board[row]) < room[row]]
                board[rng.choice(open_rows)].append(card)
    values = []
    for board in rows:
        top, middle, bottom = board
        values.append(
            (tr.rank3_unchecked(top), tr.rank5_unchecked(middle), tr.rank5_unchecked(bottom))
        )
    fouled = [not (t <= m <= b) for t, m, b in values]
    royalties = [
        0 if foul else _royalties(*value) for foul, value in zip(fouled, values, strict=True)
    ]
    if fouled[0] and fouled[1]:
        return 0
    if fouled[0] or fouled[1]:
        lines = -3 if fouled[0] else 3
    else:
        lines = sum((a > b) - (a < b) for a, b in zip(values[0], values[1], strict=True))
    scoop = 3 if lines == 3 else -3 if lines == -3 else 0
    return lines + scoop + royalties[0] - royalties[1]


# --- game benchmarks: one function per game, returning rows ----------------

# (each game adds its function below and registers it in GAMES)


def bench_ofc(seconds: float) -> list[Row]:
    """Random 2-player pineapple rounds per second, and the cost of single calls."""
    import random

    from tablerules import ofc

    config = ofc.Config(max_rounds=1)
    rng = random.Random(2026)

    def one_round(index: int, apply: Callable[[ofc.State, ofc.Place], ofc.State]) -> None:
        state = ofc.new_game(config, seed=index)
        while state.to_act is not None:
            state = apply(state, ofc.random_action(state, rng))

    rounds = per_second(lambda index: one_round(index, ofc.apply_unchecked), seconds)
    checked = per_second(lambda index: one_round(index, ofc.apply), seconds)
    # CPU time too: on a busy machine wall-clock rates drop with the load
    cpu_start, count = time.process_time(), 0
    while time.process_time() - cpu_start < seconds:
        one_round(count, ofc.apply_unchecked)
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
        ("random 2-player pineapple rounds, checked", checked, "rounds/s"),
        ("apply (pineapple street)", microseconds(lambda: ofc.apply(later, action)), "us"),
        (
            "apply_unchecked (pineapple street)",
            microseconds(lambda: ofc.apply_unchecked(later, action)),
            "us",
        ),
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

    def one_round(index: int, apply: Callable[[mock.State, mock.Action], mock.State]) -> None:
        state = mock.new_game(config, seed=index)
        random_action = mock.random_action
        while state.to_act is not None:
            state = apply(state, random_action(state, rng))

    rounds = per_second(lambda index: one_round(index, mock.apply_unchecked), seconds)
    checked = per_second(lambda index: one_round(index, mock.apply), seconds)
    state = mock.new_game(config, seed=1)
    for _ in range(9):  # a meld step with four cards in hand, mid-round
        state = mock.apply(state, mock.random_action(state, rng))
    if state.step != "meld":
        state = mock.apply(state, mock.Draw())
    action = mock.legal_actions(state)[0]
    fixed = random.Random(1)
    return [
        ("random 4-player rounds", rounds, "rounds/s"),
        ("random 4-player rounds, checked", checked, "rounds/s"),
        ("apply (meld step)", microseconds(lambda: mock.apply(state, action)), "us"),
        (
            "apply_unchecked (meld step)",
            microseconds(lambda: mock.apply_unchecked(state, action)),
            "us",
        ),
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
    random_action = mentok.random_action

    games = [mentok.new_game(config, seed=0)]

    def one_round(index: int, apply: Callable[[mentok.State, mentok.Action], mentok.State]) -> None:
        # Play one round of the current game (its deal included); start a new
        # game when it ends, so every measured round is dealt exactly once.
        state = games[0]
        if state.is_over:
            state = mentok.new_game(config, seed=index)
        played = state.round
        while state.round == played and not state.is_over:
            state = apply(state, random_action(state, rng))
        games[0] = state

    rounds = per_second(lambda index: one_round(index, mentok.apply_unchecked), seconds)
    checked = per_second(lambda index: one_round(index, mentok.apply), seconds)
    state = mentok.new_game(config, seed=1)
    for _ in range(3):
        state = mentok.apply(state, random_action(state, rng))
    action = mentok.legal_actions(state)[0]
    return [
        ("random 4-player rounds", rounds, "rounds/s"),
        ("random 4-player rounds, checked", checked, "rounds/s"),
        ("apply (an ask)", microseconds(lambda: mentok.apply(state, action)), "us"),
        (
            "apply_unchecked (an ask)",
            microseconds(lambda: mentok.apply_unchecked(state, action)),
            "us",
        ),
        ("legal_actions", microseconds(lambda: mentok.legal_actions(state)), "us"),
        ("random_action", microseconds(lambda: random_action(state, rng)), "us"),
        ("observe", microseconds(lambda: mentok.observe(state, 0)), "us"),
        ("new_game (deal)", microseconds(lambda: mentok.new_game(config, seed=1)), "us"),
    ]


def codec_steps(name: str, seconds: float, *, features: bool) -> tuple[float, float]:
    """Microseconds per step of random one-round games: plain, and through the codec.

    The plain loop is ``random_action`` + ``apply_unchecked``; the codec loop
    is what a learning agent runs: ``observe``, ``legal_ids``, a choice,
    ``decode`` and ``apply_unchecked`` (with ``features``, also the
    observation vector). Both are timed in CPU time over the same games.
    """
    game = tr.GAMES[name]
    config = game.Config(max_rounds=1)
    codec = game.Codec(config)

    def plain(seed: int) -> int:
        rng, state, steps = random.Random(seed), game.new_game(config, seed=seed), 0
        while not state.is_over:
            state = game.apply_unchecked(state, game.random_action(state, rng))
            steps += 1
        return steps

    def through_codec(seed: int) -> int:
        rng, state, steps = random.Random(seed), game.new_game(config, seed=seed), 0
        while not state.is_over:
            view = game.observe(state, state.to_act)
            ids = codec.legal_ids(view)
            if features:
                codec.observation(view)
            action = codec.decode(view, ids[int(rng.random() * len(ids))])
            state = game.apply_unchecked(state, action)
            steps += 1
        return steps

    plain_step, codec_step = interleaved((plain, through_codec), seconds)
    return plain_step, codec_step


def codec_rows(name: str, seconds: float) -> list[Row]:
    """The codec loop against the plain one, without and with the observation vector."""
    plain, codec = codec_steps(name, seconds, features=False)
    plain_f, codec_f = codec_steps(name, seconds, features=True)
    return [
        ("step: random_action + apply_unchecked (CPU)", plain, "us"),
        ("step through the codec (CPU)", codec, "us"),
        ("codec step vs plain step", codec / plain, "x"),
        ("codec step with the observation vector vs plain", codec_f / plain_f, "x"),
    ]


GAMES: dict[str, Callable[[float], list[Row]]] = {
    "mentok": bench_mentok,
    "mock": bench_mock,
    "ofc": bench_ofc,
}


RECORD_GAMES = 3_000
"""Games whose records ``record_rows`` reads, each once a pass: more than any memo keeps."""
DETERMINIZE_VIEWS = 500
"""Observations ``record_rows`` determinizes in turn, once each a pass, for its first-call rows."""


def round_one_positions(name: str, seed: int) -> tuple[object, object]:
    """The start of round 1 and a position halfway through it, in a random game of ``name``."""
    game = tr.GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(game.Config(), seed=seed)
    later = []
    while not state.is_over and state.round < 2:
        state = game.apply_unchecked(state, game.random_action(state, rng))
        if state.round == 1 and not state.is_over:
            later.append(state)
    if not later:  # the game ended in round 0: take the next seed's
        return round_one_positions(name, seed + 1_000_003)
    return later[0], later[len(later) // 2]


def record_rows(name: str, seconds: float) -> list[Row]:
    """to_dict and from_dict (which checks the record against the rules), and their ratio.

    Measured at the start of round 1 (the last round's summary just written)
    and mid-round 1, in CPU time, best of interleaved rounds, over the records
    of ``RECORD_GAMES`` different games, each read once a pass (so no memo of
    the library's holds a record read before: a cold read, as of a saved game
    opened once); "again" rows read one record over and over, as a program
    reading the same game back does. For Mentok also determinize with 10
    players and two decks, 6 and 40 moves into a round: states drawn again
    and again from one view's :class:`~tablerules.mentok.Sampler`, as a
    search does, and the first call on each of ``DETERMINIZE_VIEWS`` views.
    """
    game = tr.GAMES[name]
    positions = [round_one_positions(name, seed) for seed in range(RECORD_GAMES)]
    rows: list[Row] = []
    for label, index in (("start of round 1", 0), ("mid-round 1", 1)):
        states = [pair[index] for pair in positions]
        records = [game.to_dict(state) for state in states]
        turns = iter(range(1 << 62))

        def write(_: int, states: list[object] = states) -> int:
            game.to_dict(states[next(turns) % RECORD_GAMES])  # noqa: B023 - one counter, drawn on
            return 1

        def read(_: int, records: list[dict[str, object]] = records) -> int:
            game.from_dict(records[next(turns) % RECORD_GAMES])  # noqa: B023 - one counter
            return 1

        def again(_: int, record: dict[str, object] = records[0]) -> int:
            game.from_dict(record)
            return 1

        wrote, read_back, read_again = interleaved([write, read, again], seconds)
        rows += [
            (f"to_dict ({label})", wrote, "us"),
            (f"from_dict ({label})", read_back, "us"),
            (f"from_dict vs to_dict ({label})", read_back / wrote, "x"),
            (f"from_dict, one record again ({label})", read_again, "us"),
        ]
    if name == "mentok":
        config = tr.mentok.Config(players=10, decks=2)
        for moves in (6, 40):
            views = []
            for seed in range(3, 3 + DETERMINIZE_VIEWS):
                position, moves_rng = tr.mentok.new_game(config, seed=seed), random.Random(seed)
                for _ in range(moves):
                    action = tr.mentok.random_action(position, moves_rng)
                    position = tr.mentok.apply(position, action)
                if position.to_act is not None:
                    views.append(tr.mentok.observe(position, position.to_act))
            draws, turns = random.Random(5), iter(range(1 << 62))

            sampler = tr.mentok.Sampler(views[0])

            def one_view(_: int, sampler: tr.mentok.Sampler = sampler) -> int:
                sampler.sample(draws)  # noqa: B023 - one generator, drawn on
                return 1

            def each_view(_: int, views: list[tr.mentok.Observation] = views) -> int:
                view = views[next(turns) % len(views)]  # noqa: B023 - one counter, drawn on
                tr.mentok.determinize(view, draws)  # noqa: B023
                return 1

            repeated, fresh = interleaved([one_view, each_view], seconds)
            rows += [
                (f"Sampler.sample, 10 players, 2 decks, {moves} moves in", repeated, "us"),
                (f"  determinize, a fresh observation, {moves} moves in", fresh, "us"),
            ]
    return rows


def sampled_positions(name: str, seed: int, count: int) -> list[tuple[Any, Any, Any]]:
    """``count`` positions of random games of ``name`` from ``seed`` on, in play order.

    Each is (state, the acting seat's observation, the next random action);
    a fifth of the states of each game are taken, from every round (so the
    summaries of finished rounds are in them), in the default config.
    """
    game = tr.GAMES[name]
    rng = random.Random(seed)
    positions: list[tuple[Any, Any, Any]] = []
    while len(positions) < count:
        state = game.new_game(game.Config(), seed=seed)
        seed += 1
        for _step in range(300):
            if state.is_over:
                break
            action = game.random_action(state, rng)
            if rng.random() < 0.2:
                positions.append((state, game.observe(state, state.to_act), action))
            state = game.apply(state, action)
    return positions[:count]


def pickle_lines(names: Sequence[str], seconds: float) -> list[str]:
    """A pickle round trip of a state and of an observation, against ``apply``, per game.

    Each round takes 300 positions of new games (``sampled_positions``) and
    times ``apply`` on each, then ``pickle.loads(pickle.dumps(x,
    pickle.HIGHEST_PROTOCOL))`` of each state and of each observation, once
    each and in play order (as a process sending the positions of its games
    to workers does), then the states' round trips again; the best round of
    each counts, in CPU time. The memos the library keeps help only as they
    would there: with the states before in the same game, never with the
    same state, except in the "again" row.
    """
    import pickle

    protocol = pickle.HIGHEST_PROTOCOL
    lines = []
    for name in names:
        apply = tr.GAMES[name].apply
        best = [float("inf")] * 4
        rounds = max(3, int(seconds * 12))
        sizes = [0, 0]
        for index in range(rounds):
            positions = sampled_positions(name, 100_000 * (index + 1), 300)
            states = [state for state, _, _ in positions]
            timings = []
            for work in ("apply", states, [view for _, view, _ in positions], states):
                start = time.process_time()
                if work == "apply":
                    for state, _, action in positions:
                        apply(state, action)
                else:
                    for value in work:
                        pickle.loads(pickle.dumps(value, protocol))
                timings.append((time.process_time() - start) / len(positions) * 1e6)
            best = [min(old, new) for old, new in zip(best, timings, strict=True)]
            sizes[0] += sum(len(pickle.dumps(state, protocol)) for state, _, _ in positions)
            sizes[1] += sum(len(pickle.dumps(view, protocol)) for _, view, _ in positions)
        applied, state_trip, view_trip, again = best
        count = 300 * rounds
        for label, value, unit in [
            ("apply (random positions)", applied, "us"),
            ("pickle round trip of a state", state_trip, "us"),
            ("pickle round trip of a state vs apply", state_trip / applied, "x"),
            ("pickle round trip of an observation vs apply", view_trip / applied, "x"),
            ("  of the same states again, vs apply", again / applied, "x"),
            ("pickle of a state (mean)", sizes[0] / count, "bytes"),
            ("pickle of an observation (mean)", sizes[1] / count, "bytes"),
        ]:
            lines.append(f"{name:7} {label:48} {value:12,.2f} {unit}")
    return lines


def plain_steps(name: str, *, checked: bool = False, config: Any = None) -> Callable[[int], int]:
    """A loop playing one random game of ``name`` from a seed; returns its steps.

    The game is one round, or of ``config``. Actions are applied with
    ``apply_unchecked``, or with ``apply`` if ``checked``.
    """
    game = tr.GAMES[name]
    if config is None:
        config = game.Config(max_rounds=1)
    apply = game.apply if checked else game.apply_unchecked

    def plain(seed: int) -> int:
        rng, state, steps = random.Random(seed), game.new_game(config, seed=seed), 0
        while not state.is_over:
            state = apply(state, game.random_action(state, rng))
            steps += 1
        return steps

    return plain


def pettingzoo_rows(name: str, seconds: float) -> list[Row]:
    """Microseconds per step of the PettingZoo environments against the plain loop.

    The environment loops are PettingZoo's ``last()`` then ``step(id)`` with a
    random legal id, on ``raw_env`` and on ``env`` (``raw_env`` in the wrappers PettingZoo's
    classic games use), over random one-round games (and once over
    whole games of the default config, where a game's end, with its final
    observations for every agent, comes less often); the plain loops are
    ``random_action`` then ``apply_unchecked``, or the checked ``apply``.
    Needs the pettingzoo extra.
    """
    from tablerules.integrations import pettingzoo

    config = tr.GAMES[name].Config(max_rounds=1)

    def stepper(env: Any) -> Callable[[int], int]:
        def through_env(seed: int) -> int:
            rng, steps = random.Random(seed), 0
            env.reset(seed=seed)
            while env.agents:
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
            return steps

        return through_env

    raw = stepper(pettingzoo.raw_env(name, config))
    wrapped = stepper(pettingzoo.env(name, config))
    loops = (plain_steps(name), plain_steps(name, checked=True), raw, wrapped)
    plain, checked, raw_step, env_step = interleaved(loops, seconds)
    whole = tr.GAMES[name].Config()
    whole_checked, whole_step, whole_env_step = interleaved(
        (
            plain_steps(name, checked=True, config=whole),
            stepper(pettingzoo.raw_env(name, whole)),
            stepper(pettingzoo.env(name, whole)),
        ),
        seconds,
    )
    return [
        ("step: pettingzoo raw_env last()+step (CPU)", raw_step, "us"),
        ("step: pettingzoo env last()+step (CPU)", env_step, "us"),
        ("pettingzoo raw_env step vs plain step", raw_step / plain, "x"),
        ("pettingzoo env step vs plain step", env_step / plain, "x"),
        ("pettingzoo raw_env step vs checked plain step", raw_step / checked, "x"),
        ("pettingzoo env step vs checked plain step", env_step / checked, "x"),
        ("  raw_env vs checked, whole default games", whole_step / whole_checked, "x"),
        ("  env vs checked, whole default games", whole_env_step / whole_checked, "x"),
    ]


def openspiel_rows(name: str, seconds: float) -> list[Row]:
    """Microseconds per ``state.apply_action(random legal id)`` in OpenSpiel against the plain loop.

    Whole one-round episodes, ``new_initial_state`` and ``legal_actions``
    included (as the plain loop includes ``new_game`` and ``random_action``).
    Needs the openspiel extra.
    """
    import pyspiel

    from tablerules.integrations import openspiel

    openspiel.register()
    game = pyspiel.load_game(f"python_tablerules_{name}", {"max_rounds": 1})

    def through_openspiel(seed: int) -> int:
        rng, steps = random.Random(seed), 0
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    plain, step = interleaved((plain_steps(name), through_openspiel), seconds)
    return [
        ("step: openspiel apply_action (CPU)", step, "us"),
        ("openspiel step vs plain step", step / plain, "x"),
    ]


def integration_lines(names: Sequence[str], seconds: float) -> list[str]:
    """The integrations' rows, or a line saying which extra is missing."""
    lines = []
    for extra, module, rows in (
        ("pettingzoo", "pettingzoo", pettingzoo_rows),
        ("openspiel", "pyspiel", openspiel_rows),
    ):
        if importlib.util.find_spec(module) is None:
            lines.append(f"# {extra}: not installed (pip install 'tablerules[{extra}]'), skipped")
            continue
        for name in names:
            lines += [
                f"{name:7} {label:48} {value:12,.2f} {unit}"
                for label, value, unit in rows(name, seconds)
            ]
    return lines


def main() -> None:
    """Run the selected benchmarks and print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--workers", type=int, default=0, help="also run playouts in N processes")
    args = parser.parse_args()
    names = args.game or sorted(GAMES)
    print(f"# {platform.python_implementation()} {platform.python_version()}; times are CPU time")
    for name in names:
        for label, value, unit in (
            GAMES[name](args.seconds)
            + codec_rows(name, args.seconds)
            + record_rows(name, args.seconds)
        ):
            print(f"{name:7} {label:48} {value:12,.2f} {unit}")
    if "ofc" in names:
        bare, library = interleaved((minimal_rounds, library_rounds), args.seconds)
        for label, value, unit in [
            ("minimal mutable loop, same random rounds", 1e6 / bare, "rounds/cpu-s"),
            ("library rounds (apply_unchecked), same loop", 1e6 / library, "rounds/cpu-s"),
            ("library cost vs the minimal loop", library / bare, "x"),
        ]:
            print(f"{'ofc':7} {label:48} {value:12,.2f} {unit}")
    for name in names:
        game = tr.GAMES[name]
        rng = random.Random(3)
        state = game.new_game(game.Config(max_rounds=1), seed=3)
        for _ in range(6):  # a few moves into the round
            state = game.apply(state, game.random_action(state, rng))
        view = game.observe(state, state.to_act)
        cost = microseconds(lambda: game.determinize(view, rng), 500)  # noqa: B023
        print(f"{name:7} {'determinize (six moves into a round)':45} {cost:12,.1f} us")
    print(*pickle_lines(names, args.seconds), sep="\n")
    print(*integration_lines(names, args.seconds), sep="\n")
    if args.workers:
        for name in names:
            one = random_rounds(name, args.seconds) / args.seconds
            many = farm(name, args.seconds, args.workers)
            label = f"random rounds, {args.workers} processes"
            print(f"{name:7} {label:45} {many:12,.1f} rounds/s ({many / one:.2f}x one process)")


if __name__ == "__main__":
    main()
