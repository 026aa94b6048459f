"""A random bot for any tablerules game, written once against the shared protocol.

A bot sees only its own observation and the list of legal actions, never the
state itself. Run ``python examples/random_bot.py``: it plays one seeded game
of each game with random bots in every seat and prints how each ended.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import tablerules as tr


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded rng."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: tr.Game[Any, Any, Any, Any], view: Any) -> object:
        """The bot's move, from its observation alone.

        An OFC fantasyland turn lists its settings lazily, so choosing among
        them is cheap.
        """
        return self.rng.choice(game.legal_actions(view))


def play(name: str, config: object, seed: int) -> Any:
    """Play one game of ``name`` with a random bot in each seat; return the final state."""
    game: tr.Game[Any, Any, Any, Any] = tr.GAMES[name]
    state = game.new_game(config, seed=seed)
    bots = [RandomBot(seed * 100 + seat) for seat in range(len(state.scores))]
    moves = 0
    while (seat := state.to_act) is not None:  # None once the game is over
        view = game.observe(state, seat)
        state = game.apply(state, bots[seat].choose(game, view))
        moves += 1
    print(
        f"{name:7} {moves:5} moves, {state.round + 1:3} rounds, "
        f"scores {state.scores}, winners {state.winners}"
    )
    return state


def main(argv: Sequence[str] | None = None) -> None:
    """One seeded game of each game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    play("ofc", tr.ofc.Config(max_rounds=5), seed=2)  # bankrolls move: someone set a board
    play("mock", tr.mock.Config(), seed=2)
    play("mentok", tr.mentok.Config(), seed=3)


if __name__ == "__main__":
    main()
