"""A Monte Carlo OFC bot: determinize, roll out, pick the placement that scores best.

For each legal placement the bot samples full states consistent with what it
sees (``determinize``), plays each sample to the end of the round with random
moves, and keeps the placement with the best average result. It never looks
at the real state: only at its observation and the legal actions. A
fantasyland turn has too many settings to roll out, so there it takes
``solve_fantasyland``'s exact setting (``random_action`` does the same in the
rollouts, so sampled futures that reach fantasyland stay realistic).

Run ``python examples/monte_carlo_ofc.py``: a short seeded match against a
random bot, seats swapped every round.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from tablerules import ofc


def rollout_points(state: ofc.State, seat: int, rng: random.Random) -> int:
    """Play random moves to the end of the current round; ``seat``'s points in it."""
    round_index = state.round
    while not state.is_over and state.round == round_index:
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.last_round is not None
    return state.last_round.points[seat]


class MonteCarloBot:
    """Picks each placement by averaging random rollouts of sampled states."""

    def __init__(self, seed: int, samples: int = 3) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, view: ofc.Observation, actions: Sequence[ofc.Action]) -> ofc.Action:
        """The placement with the best average rollout over ``samples`` determinizations."""
        worlds = [ofc.determinize(view, self.rng) for _ in range(self.samples)]
        best, best_total = actions[0], None
        for action in actions:
            total = sum(
                rollout_points(ofc.apply(world, action), view.seat, self.rng) for world in worlds
            )
            if best_total is None or total > best_total:
                best, best_total = action, total
        return best


def play_round(seed: int, clever_seat: int, samples: int = 3) -> int:
    """One seeded heads-up round; the Monte Carlo bot's points."""
    bot = MonteCarloBot(seed, samples)
    rng = random.Random(seed + 1)
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=seed)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if seat == clever_seat and state.fantasyland[seat]:
            # Too many settings to roll out one by one: take the exact solver's.
            action = ofc.solve_fantasyland(ofc.observe(state, seat).hand, state.config)
        elif seat == clever_seat:
            view = ofc.observe(state, seat)
            action = bot.choose(view, ofc.legal_actions(view))
        else:
            action = ofc.random_action(state, rng)
        state = ofc.apply(state, action)
    assert state.last_round is not None
    return state.last_round.points[clever_seat]


def match(rounds: int, samples: int = 3, first_seed: int = 100) -> list[int]:
    """The Monte Carlo bot's points in each of ``rounds`` seeded rounds, seats swapped."""
    return [play_round(first_seed + index, index % 2, samples) for index in range(rounds)]


def main(argv: Sequence[str] | None = None) -> None:
    """A short match against a random bot."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    points = match(rounds=4, samples=3)
    for index, result in enumerate(points):
        print(f"round {index + 1} (Monte Carlo bot in seat {index % 2}): {result:+d}")
    print(f"total over {len(points)} rounds: {sum(points):+d} for the Monte Carlo bot")


if __name__ == "__main__":
    main()
