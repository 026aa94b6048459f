"""Drive any tablerules game through its codec only: integer ids, masks and feature bytes.

This is the loop a learning agent runs: it never builds an action itself. At
each turn the acting seat's observation goes through the game's ``Codec``,
which gives the legal ids (or a 0/1 mask over all ids) and a flat vector of
small-int features; the agent picks an id, and the codec turns it back into
the action. Here the "agent" is a seeded policy that prefers the lowest legal
id half of the time, so the example runs without a network or numpy. Run
``python examples/codec_bot.py``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import tablerules as tr


def choose(mask: bytes, features: bytes, rng: random.Random) -> int:
    """A stand-in for a network: it reads the mask (and could read the features)."""
    legal = [action_id for action_id, allowed in enumerate(mask) if allowed]
    assert len(features) > 0
    return legal[0] if rng.random() < 0.5 else rng.choice(legal)


def play(name: str, seed: int) -> Any:
    """Play one round of ``name`` with every seat choosing through the codec."""
    game: tr.Game[Any, Any, Any, Any] = tr.GAMES[name]
    config = game.Config(max_rounds=1)
    codec = game.Codec(config)
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    turns = 0
    while (seat := state.to_act) is not None:  # None once the game is over
        view = game.observe(state, seat)
        action_id = choose(codec.mask(view), codec.observation(view), rng)
        state = game.apply_unchecked(state, codec.decode(view, action_id))
        turns += 1
    print(
        f"{name:7} {codec.num_actions:5} ids, {codec.observation_size:5} features, "
        f"{turns:4} turns, scores {state.scores}, winners {state.winners}"
    )
    return state


def main(argv: Sequence[str] | None = None) -> None:
    """One seeded round of each game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.parse_args(argv)
    for seed, name in enumerate(sorted(tr.GAMES), start=1):
        play(name, seed)


if __name__ == "__main__":
    main()
