"""OFC determinization: sampled states agree with everything the observer knows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import fantasyland_round

CONFIGS = [
    ofc.Config(max_rounds=3),
    ofc.Config(players=3, max_rounds=3),
    ofc.Config(variant="classic", players=4, max_rounds=2),
    ofc.Config(lowball_middle=True, max_rounds=3),
    ofc.Config(progressive=True, fantasyland_cards=14, max_rounds=3),
]


def random_states(config: ofc.Config, seed: int) -> list[ofc.State]:
    rng = random.Random(seed)
    state = ofc.new_game(config, seed=seed)
    states = [state]
    while not state.is_over:
        state = ofc.apply(state, ofc.random_action(state, rng))
        states.append(state)
    return states


@settings(max_examples=25)
@given(st.sampled_from(CONFIGS), st.integers(0, 10_000), st.integers(0, 2**32))
def test_determinized_states_look_the_same_to_the_observer(
    config: ofc.Config, seed: int, draw: int
) -> None:
    rng = random.Random(draw)
    states = random_states(config, seed)
    for state in rng.sample(states, min(6, len(states))):
        for seat in range(config.players):
            view = ofc.observe(state, seat)
            guess = ofc.determinize(view, rng)
            ofc.check_state(guess)
            assert ofc.observe(guess, seat) == view
            if not guess.is_over:  # and the sampled state plays on to the end
                rollout = random.Random(draw)
                while not guess.is_over and guess.round == state.round:
                    guess = ofc.apply(guess, ofc.random_action(guess, rollout))


def test_determinize_deals_only_unseen_cards_and_varies() -> None:
    state = random_states(ofc.Config(players=3, max_rounds=1), 4)[7]
    view = ofc.observe(state, state.to_act or 0)
    guesses = {ofc.determinize(view, random.Random(seed)).deck for seed in range(10)}
    assert len(guesses) == 10
    seen = set(view.hand) | set(view.discards)
    for board in view.boards:
        seen.update(board.cards)
    for deck in guesses:
        assert not seen & set(deck)


def test_hidden_fantasyland_boards_are_sampled() -> None:
    """A fantasyland board set by another seat is hidden: the sample sets one of its own."""
    config = ofc.Config(players=3, max_rounds=2)
    deck = list(tr.FULL_DECK)
    random.Random(3).shuffle(deck)
    state = fantasyland_round(config, (0, 15, 0), tr.cards_text(deck), round_index=1)
    rng = random.Random(9)
    state = ofc.apply(state, ofc.random_action(state, rng))  # seat 1 sets its board
    view = ofc.observe(state, 2)
    assert view.hidden_boards == (False, True, False)
    for seed in range(20):
        guess = ofc.determinize(view, random.Random(seed))
        ofc.check_state(guess)
        assert ofc.observe(guess, 2) == view
        assert guess.boards[1].size == 13
        assert len(guess.discards[1]) == 2
        assert not ofc.is_fouled(guess.boards[1], config)


def test_determinize_refuses_other_observations() -> None:
    with pytest.raises(TypeError, match=r"must be a tablerules\.ofc\.Observation"):
        ofc.determinize(ofc.new_game(seed=1), random.Random(0))  # type: ignore[arg-type]
