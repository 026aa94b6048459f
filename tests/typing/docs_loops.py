"""The game loops the docs show, as a user would type them: ``mypy --strict`` checks this file.

Each function is a loop from the README or the docs, with a concrete game
module (so its types are the game's own, not ``Any``). The idiom that
type-checks binds ``state.to_act`` in the loop's test: ``to_act`` is
``int | None``, and only the bound name is narrowed to ``int`` inside the loop.
``tests/test_docs_typing.py`` runs them and checks that the docs use the idiom.
"""

from __future__ import annotations

import random

import tablerules as tr
from tablerules import mentok, mock, ofc


def readme_round(seed: int) -> tuple[int, ...]:
    """The README's loop: a bot acts on its view, the loop applies the action."""
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=seed)
    rng = random.Random(seed)
    while (seat := state.to_act) is not None:
        view = ofc.observe(state, seat)
        state = ofc.apply(state, ofc.random_action(view, rng))
    return state.scores


def mock_game(seed: int) -> tuple[int, ...]:
    """The Mock page's loop: legal actions from the view, chosen by the rng."""
    state, rng = mock.new_game(seed=seed), random.Random(seed)
    while (seat := state.to_act) is not None:
        view = mock.observe(state, seat)
        state = mock.apply(state, rng.choice(mock.legal_actions(view)))
    return state.winners


def mentok_round(seed: int) -> tuple[int, ...]:
    """A Mentok round through the codec, as the codec pages show it."""
    config = mentok.Config(max_rounds=1)
    codec, rng = mentok.Codec(config), random.Random(seed)
    state = mentok.new_game(config, seed=seed)
    while (seat := state.to_act) is not None:
        view = mentok.observe(state, seat)
        action_id = rng.choice(codec.legal_ids(view))
        state = mentok.apply(state, codec.decode(view, action_id))
    return state.scores


def any_game(name: str, seed: int) -> tuple[int, ...]:
    """The bots page's loop, over any game found by name at run time."""
    game = tr.GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(game.Config(max_rounds=1), seed=seed)
    while (seat := state.to_act) is not None:
        view = game.observe(state, seat)
        state = game.apply(state, rng.choice(game.legal_actions(view)))
    winners: tuple[int, ...] = state.winners
    return winners


LOOPS = (readme_round, mock_game, mentok_round)
"""The loops of one game each, by seed."""
