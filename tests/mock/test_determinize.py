"""Mock determinization: sampled states agree with everything the observer knows."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerules import mock


def random_states(config: mock.Config, seed: int) -> list[mock.State]:
    rng = random.Random(seed)
    state = mock.new_game(config, seed=seed)
    states = [state]
    while not state.is_over:
        state = mock.apply(state, mock.random_action(state, rng))
        states.append(state)
    return states


@settings(max_examples=25)
@given(st.integers(3, 10), st.integers(0, 10_000), st.integers(0, 2**32))
def test_determinized_states_look_the_same_to_the_observer(
    players: int, seed: int, draw: int
) -> None:
    rng = random.Random(draw)
    config = mock.Config(players=players, max_rounds=2)
    states = random_states(config, seed)
    for state in rng.sample(states, min(8, len(states))):
        for seat in range(players):
            view = mock.observe(state, seat)
            guess = mock.determinize(view, rng)
            mock.check_state(guess)
            assert mock.observe(guess, seat) == view
            assert mock.from_dict(json.loads(json.dumps(mock.to_dict(guess)))) == guess
            rollout = random.Random(draw)
            while not guess.is_over and guess.round == state.round:
                guess = mock.apply(guess, mock.random_action(guess, rollout))


def test_known_cards_stay_where_the_history_puts_them() -> None:
    """A card seen taken from the discard pile stays in its taker's sampled hand."""
    state = mock.apply(mock.new_game(seed=5), mock.Draw())
    state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
    state = mock.apply(state, mock.Draw(from_discard=True))
    view = mock.observe(state, 0)
    taken = view.known_hands[2]
    assert len(taken) == 1
    for seed in range(10):
        guess = mock.determinize(view, random.Random(seed))
        assert taken[0] in guess.hands[2]
    decks = {mock.determinize(view, random.Random(seed)).deck for seed in range(10)}
    assert len(decks) == 10


def test_determinize_refuses_other_observations() -> None:
    with pytest.raises(TypeError, match=r"must be a tablerules\.mock\.Observation"):
        mock.determinize(mock.new_game(seed=1), random.Random(0))  # type: ignore[arg-type]
