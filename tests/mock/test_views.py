"""Bots act on what they see: the rules answer from a seat's observation as from the state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock
from tests.helpers import playout

CONFIGS = [
    mock.Config(players=3, max_rounds=2),
    mock.Config(max_rounds=2),
    mock.Config(players=10, max_rounds=1),
    mock.Config(players=5, highest_hand_ties="suits", max_rounds=2),
    mock.Config(players=4, highest_hand_ties="none", opening_size=4, max_rounds=2),
]


def candidates(state: mock.State) -> list[mock.Action]:
    """Legal actions and near misses: both draws, melds of other cards, wrong discards."""
    found: list[mock.Action] = [mock.Draw(), mock.Draw(from_discard=True), mock.Meld()]
    found.extend(mock.legal_actions(state)[:12])
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    others = [card for other, cards in enumerate(state.hands) if other != seat for card in cards]
    if hand:
        found.append(mock.Meld(cards=hand[:1]))
        found.append(mock.Meld(discards=hand[:1]))
        found.append(mock.Meld(cards=hand[:1], discards=hand[:1]))
        found.append(mock.Meld(discards=hand))
    if others:
        found.append(mock.Meld(cards=others[:1]))
        found.append(mock.Meld(discards=others[:1]))
    if state.deck:
        found.append(mock.Meld(cards=state.deck[:1]))
    return found


def check_views(state: mock.State, _action: object) -> None:
    seat_to_act = state.to_act
    assert seat_to_act is not None
    actions = mock.legal_actions(state)
    for seat in range(state.config.players):
        view = mock.observe(state, seat)
        if seat != seat_to_act:
            assert mock.legal_actions(view) == ()
            assert not any(mock.is_legal(view, action) for action in actions)
            with pytest.raises(tr.IllegalActionError, match=f"seat {seat_to_act}'s turn"):
                mock.random_action(view, random.Random(0))
            continue
        assert mock.legal_actions(view) == actions
        for action in candidates(state):
            assert mock.is_legal(view, action) == mock.is_legal(state, action), action
        for key in range(3):
            rng_view, rng_state = random.Random(key), random.Random(key)
            assert mock.random_action(view, rng_view) == mock.random_action(state, rng_state)
            assert rng_view.random() == rng_state.random()  # the same draws were made


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
@pytest.mark.parametrize("seed", range(3))
def test_a_view_gives_the_states_answers_through_playouts(config: mock.Config, seed: int) -> None:
    playout(mock, config, seed, check_views)


@settings(max_examples=20)
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6))
def test_a_view_gives_the_states_answers_for_any_seed(config: mock.Config, seed: int) -> None:
    playout(mock, config, seed, check_views, unchecked=True)


def test_a_finished_games_views_have_no_action() -> None:
    final, _ = playout(mock, mock.Config(max_rounds=1), 4)
    for seat in range(4):
        view = mock.observe(final, seat)
        assert mock.legal_actions(view) == ()
        assert not mock.is_legal(view, mock.Draw())
        with pytest.raises(tr.IllegalActionError, match="the game is over"):
            mock.random_action(view, random.Random(1))


def test_apply_names_the_seat_a_view_cannot_act_for() -> None:
    view = mock.observe(mock.new_game(seed=5), 0)
    assert mock.rules.why_illegal(view, mock.Draw()) == (
        "it is seat 1's turn: this observation is seat 0's, which cannot act now"
    )


@pytest.mark.parametrize("value", [None, 5, "draw", {"seat": 0}, mock.Config()])
def test_only_a_state_or_an_observation_is_read(value: Any) -> None:
    message = "state must be a tablerules.mock.State or a tablerules.mock.Observation"
    with pytest.raises(TypeError, match=message):
        mock.legal_actions(value)
    with pytest.raises(TypeError, match=message):
        mock.is_legal(value, mock.Draw())
    with pytest.raises(TypeError, match=message):
        mock.random_action(value, random.Random(1))


def test_a_view_still_needs_a_random_generator() -> None:
    view = mock.observe(mock.new_game(seed=5), 1)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        mock.random_action(view, 7)  # type: ignore[arg-type]


def test_the_discard_size_adds_up_with_the_pile_the_history_shows() -> None:
    def check(state: mock.State, _action: object) -> None:
        for seat in range(state.config.players):
            view = mock.observe(state, seat)
            assert view.discard_size == len(view.discard_pile) == len(state.discard_pile)

    for config in CONFIGS[:3]:
        playout(mock, config, 11, check)
