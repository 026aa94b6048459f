"""Random playouts for 3 to 10 players, checking the invariants at every step."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock
from tests.mock.strategies import configs
from tests.mock.test_observe import check_hides
from tests.strategies import seeds


def all_cards(state: mock.State) -> Counter[tr.Card]:
    cards = Counter(state.deck) + Counter(state.discard_pile)
    for hand, meld in zip(state.hands, state.melds, strict=True):
        cards.update(hand)
        cards.update(meld)
    return cards


def brute_force_melds(state: mock.State) -> set[mock.Meld]:
    """Every Meld built from the hand (any set melded, any ordered discards) that is legal."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    found = set()
    for size in range(len(hand) + 1):
        for melded in itertools.combinations(hand, size):
            rest = [card for card in hand if card not in melded]
            for count in range(len(rest) + 1):
                for discards in itertools.permutations(rest, count):
                    action = mock.Meld(melded, discards)
                    if mock.is_legal(state, action):
                        found.add(action)
    return found


def check_step(state: mock.State, rng: random.Random) -> None:
    players = state.config.players
    assert all_cards(state) == Counter(tr.FULL_DECK)
    record = mock.to_dict(state)
    assert mock.from_dict(json.loads(json.dumps(record))) == state
    actions = mock.legal_actions(state)
    assert (not actions) == state.is_over
    assert len(set(actions)) == len(actions)
    for action in rng.sample(actions, min(3, len(actions))):
        assert mock.is_legal(state, action)
        mock.apply(state, action)
    if state.step == "meld":
        sizes = [len(action.cards) for action in actions]  # type: ignore[union-attr]
        assert sizes == sorted(sizes)  # fewest melded cards first
        assert mock.legal_actions(state) == actions  # a stable order
        if rng.random() < 0.2:
            assert brute_force_melds(state) == set(actions)
    if state.to_act is not None:
        assert not state.finished[state.to_act]
        assert all(len(hand) <= 3 for seat, hand in enumerate(state.hands) if seat != state.to_act)
    assert all(len(meld) <= 5 for meld in state.melds)
    assert sum(state.finished) < players or state.is_over
    assert mock.to_dict(state) == record  # nothing above changed the state


@settings(max_examples=25)
@given(config=configs(max_rounds=1), seed=seeds, play_seed=seeds)
def test_one_round_playouts_keep_every_invariant(
    config: mock.Config, seed: int, play_seed: int
) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(config, seed=seed)
    for _ in range(2000):
        check_step(state, rng)
        if rng.random() < 0.3:
            check_hides(state)
        if state.is_over:
            break
        action = mock.random_action(state, rng)
        assert mock.is_legal(state, action)
        before = mock.to_dict(state)
        after = mock.apply(state, action)
        assert mock.to_dict(state) == before
        assert after != state
        state = after
    assert state.is_over
    assert state.winners
    assert state.last_round is not None


@settings(max_examples=10)
@given(config=configs(max_rounds=None), seed=seeds, play_seed=seeds)
def test_whole_games_end_with_a_lone_leader(config: mock.Config, seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(config, seed=seed)
    rounds = 0
    for _ in range(200_000):
        if state.is_over:
            break
        if state.history == ():
            rounds += 1
            assert all_cards(state) == Counter(tr.FULL_DECK)
        state = mock.apply(state, mock.random_action(state, rng))
    assert state.is_over
    top = max(state.scores)
    assert top >= config.target
    assert state.winners == (state.scores.index(top),)
    assert state.round == rounds - 1
    assert mock.from_dict(mock.to_dict(state)) == state


@settings(max_examples=10)
@given(config=configs(max_rounds=2), seed=seeds, play_seed=seeds)
def test_same_seed_and_actions_give_the_same_states(
    config: mock.Config, seed: int, play_seed: int
) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(config, seed=seed)
    trail, actions = [state], []
    while not state.is_over:
        action = mock.random_action(state, rng)
        actions.append(action)
        state = mock.apply(state, action)
        trail.append(state)
    replay = mock.new_game(config, seed=seed)
    assert replay == trail[0]
    for action, expected in zip(actions, trail[1:], strict=True):
        replay = mock.apply(replay, action)
        assert replay == expected


@settings(max_examples=20)
@given(config=configs(max_rounds=1), seed=seeds, play_seed=seeds, junk=st.integers(0, 4))
def test_illegal_actions_are_refused_with_a_reason(
    config: mock.Config, seed: int, play_seed: int, junk: int
) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(config, seed=seed)
    while not state.is_over:
        legal = set(mock.legal_actions(state))
        candidates: list[object] = [mock.Draw(), mock.Draw(from_discard=True), "draw", None]
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        deck_card = state.deck[:1]
        candidates += [
            mock.Meld(),
            mock.Meld(hand[:junk]),
            mock.Meld((), hand[:junk]),
            mock.Meld(hand[:1], hand[1 : 1 + junk]),
            mock.Meld(deck_card),
            mock.Meld((), deck_card),
        ]
        for action in candidates:
            if action in legal:
                continue
            assert not mock.is_legal(state, action)
            with pytest.raises(tr.IllegalActionError, match=r"\w+") as error:
                mock.apply(state, action)  # type: ignore[arg-type]
            assert error.value.action is action
        state = mock.apply(state, mock.random_action(state, rng))


def test_random_action_is_uniform_over_the_legal_actions() -> None:
    state = mock.new_game(seed=12)
    state = mock.apply(state, mock.Draw())
    actions = mock.legal_actions(state)
    draws = 300 * len(actions)
    counts = Counter(mock.random_action(state, random.Random(i)) for i in range(draws))
    assert set(counts) == set(actions)
    assert all(150 < count < 450 for count in counts.values())


def test_random_action_is_uniform_when_finishing() -> None:
    import attrs

    from tests.helpers import stacked
    from tests.mock.strategies import play

    deck = stacked("As Ks Qs 2c 3d 4h 7c 8d 9h Js")
    state = play(mock.new_game(mock.Config(players=3), seed=0, deck=deck), "draw; meld Js Qs Ks As")
    # Seat 1 (four melded, three in hand) starts a turn with both piles empty.
    state = attrs.evolve(state, to_act=1, step="meld", deck=())
    assert state.pile_was_empty  # so the opening was empty too
    actions = mock.legal_actions(state)
    assert len(actions) == 6  # one card of three to meld, the other two discarded in either order
    counts = Counter(mock.random_action(state, random.Random(i)) for i in range(300 * len(actions)))
    assert set(counts) == set(actions)
    assert all(150 < count < 450 for count in counts.values())
