"""Random playouts for 2 to 10 players with one and two decks, checking invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tests.mentok.strategies import configs, random_playout
from tests.strategies import seeds


def all_cards(state: mentok.State) -> Counter[tr.Card]:
    counts: Counter[tr.Card] = Counter(state.deck)
    for hand in state.hands:
        counts.update(hand)
    for seat in state.tables:
        for cards in seat:
            counts.update(cards)
    return counts


@settings(max_examples=40)
@given(configs, seeds)
def test_random_playouts_keep_every_invariant(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    full = Counter(tr.FULL_DECK * config.decks)
    state = mentok.new_game(config, seed=seed)
    steps = 0
    while True:
        assert all_cards(state) == full, "a card was lost or duplicated"
        actions = mentok.legal_actions(state)
        assert (not actions) == state.is_over
        assert (state.to_act is None) == state.is_over
        if state.is_over:
            assert state.winners
            assert state.last_round is not None
            break
        assert len(set(actions)) == len(actions)
        assert all(mentok.is_legal(state, action) for action in actions)
        before = mentok.to_dict(state)
        for action in rng.sample(actions, min(3, len(actions))):
            mentok.apply(state, action)
        action = mentok.random_action(state, rng)
        assert action in actions
        following = mentok.apply(state, action)
        assert mentok.to_dict(state) == before, "apply changed its input"
        if following.round == state.round and not following.is_over:
            assert following.scores == state.scores
        state = following
        steps += 1
        assert steps < 5000, "the game did not end"
    mentok.check_state(state)


@settings(max_examples=15)
@given(configs, seeds)
def test_same_seed_and_actions_give_the_same_game(config: mentok.Config, seed: int) -> None:
    first = random_playout(mentok.new_game(config, seed=seed), random.Random(seed))
    second = random_playout(mentok.new_game(config, seed=seed), random.Random(seed))
    assert first == second


@settings(max_examples=15)
@given(st.integers(2, 10), seeds)
def test_two_deck_games_count_copies(players: int, seed: int) -> None:
    config = mentok.Config(players=players, decks=2, max_rounds=2)
    rng = random.Random(seed)
    for state in random_playout(mentok.new_game(config, seed=seed), rng):
        counts = all_cards(state)
        assert set(counts.values()) == {2}
        assert len(counts) == 52


@settings(max_examples=15)
@given(configs, seeds)
def test_illegal_actions_raise_with_a_reason(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_playout(mentok.new_game(config, seed=seed), rng, limit=60):
        legal = set(mentok.legal_actions(state))
        candidates: list[object] = [
            mentok.Stand(0),
            mentok.Stand(1),
            mentok.Score(),
            mentok.Score(use_hand=True),
            "Stand",
        ]
        candidates += [
            mentok.Ask(target, rank, hand, split)
            for target in range(config.players)
            for rank in range(2, 15)
            for hand in (0, 1)
            for split in (False, True)
        ]
        for action in candidates:
            if action in legal:
                continue
            assert not mentok.is_legal(state, action)
            with pytest.raises(tr.IllegalActionError) as info:
                mentok.apply(state, action)  # type: ignore[arg-type]
            assert len(str(info.value)) > 20
        assert legal == {action for action in candidates if mentok.is_legal(state, action)}


@settings(max_examples=20)
@given(configs, seeds)
def test_random_action_is_the_drawn_entry_of_legal_actions(
    config: mentok.Config, seed: int
) -> None:
    rng = random.Random(seed)
    for state in random_playout(mentok.new_game(config, seed=seed), rng, limit=120):
        if state.is_over:
            break
        actions = mentok.legal_actions(state)
        for draw in range(3):
            expected = actions[random.Random(draw).randrange(len(actions))]
            assert mentok.random_action(state, random.Random(draw)) == expected


def test_a_drawn_action_is_still_checked_against_another_state() -> None:
    rng = random.Random(3)
    state = mentok.new_game(mentok.Config(players=2), seed=3)
    action = mentok.random_action(state, rng)
    following = mentok.apply(state, action)
    if isinstance(action, mentok.Ask):
        # The other seat is to act now: asking itself is illegal.
        with pytest.raises(tr.IllegalActionError, match="cannot ask itself"):
            mentok.apply(following, mentok.Ask(following.to_act or 0, action.rank))
    with pytest.raises(tr.IllegalActionError):
        mentok.apply(following, mentok.Score())
    stood = mentok.apply(state, mentok.Stand())
    drawn = mentok.random_action(state, random.Random(0))
    assert mentok.is_legal(state, drawn)
    if not mentok.is_legal(stood, drawn):
        with pytest.raises(tr.IllegalActionError):
            mentok.apply(stood, drawn)
