"""OpenSpiel's information-set MCTS against a random bot, on heads-up OFC.

The search (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, random-rollout
evaluator) starts every simulation from ``state.resample_from_infostate``: a
state dealt anew from what the searching seat has seen, so it never looks at
the real deck or the other hand. Each deal is played twice with the seats
swapped (the same deal: the chance nodes of both games are sampled from
generators with the same seed), and the example prints the searcher's points per deal and its
mean margin. Everything is seeded, so the output repeats exactly.

Run ``python examples/ismcts.py``; ``--deals 50 --simulations 200`` plays a
longer, stronger match.
"""

# Needs: pyspiel (the openspiel extra: pip install "tablerules[openspiel]")

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

from tablerules.integrations import openspiel

GAME = "python_tablerules_ofc(players=2)"


def make_search(game: Any, simulations: int, seed: int) -> Any:
    """An ISMCTS bot whose worlds come from ``resample_from_infostate`` with a seeded sampler."""
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state),
        uct_c=10.0,  # OFC points run to a dozen or so a round: explore on that scale
        max_simulations=simulations,
        random_state=random_state,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    # ISMCTS's own resampler passes an unseeded sampler; a seeded one makes the search repeat
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play(deals: int, simulations: int, seed: int, search_seat: int) -> list[float]:
    """The searcher's points in each of ``deals`` rounds, sitting at ``search_seat``."""
    game = pyspiel.load_game(GAME)
    search = make_search(game, simulations, seed + 1)
    randomly = uniform_random.UniformRandomBot(1 - search_seat, np.random.RandomState(seed + 2))
    chance = np.random.RandomState(seed)  # every card is a chance node: same seed, same deals
    points = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(chance.choice(cards, p=odds)))
                continue
            bot = search if state.current_player() == search_seat else randomly
            state.apply_action(bot.step(state))
        points.append(state.returns()[search_seat])
    return points


def main() -> None:
    """A short seeded match, seats swapped on every deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals, each played twice")
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations a move")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    openspiel.register()
    first = play(args.deals, args.simulations, args.seed, search_seat=0)
    second = play(args.deals, args.simulations, args.seed, search_seat=1)
    for deal, (as_first, as_second) in enumerate(zip(first, second, strict=True)):
        print(f"deal {deal}: ISMCTS {as_first:+.0f} in seat 0, {as_second:+.0f} in seat 1")
    games = first + second
    won = sum(1 for points in games if points > 0)
    lost = sum(1 for points in games if points < 0)
    margin = sum(games) / len(games)
    print(
        f"ISMCTS ({args.simulations} simulations a move) against random: {margin:+.2f} points "
        f"a round over {len(games)} rounds ({won} won, {lost} lost)"
    )


if __name__ == "__main__":
    main()
