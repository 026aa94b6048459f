"""Observations show what a seat may know and nothing more."""

from __future__ import annotations

import pickle
import re

import attrs
import pytest

import tablerules as tr
from tablerules import mock
from tablerules.mock.state import replay_public
from tests.helpers import stacked
from tests.mock.strategies import advance, play, random_policy

DECK = stacked("As Ks Qs 2c 3d 4h 7c 8d 9h Js 5c 6d 2s 3s 4s 5s 6s 7s 8s")
CONFIG = mock.Config(players=3, opening_size=3)
C = tr.parse_cards
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def public_cards(state: mock.State) -> set[tr.Card]:
    """Cards whose place every seat may know: melds, discards, cards taken from discards."""
    cards = {card for meld in state.melds for card in meld} | set(state.discard_pile)
    for event in state.history:
        if isinstance(event, mock.Drew) and event.card is not None:
            cards.add(event.card)
        if isinstance(event, mock.Melded):
            cards.update(event.discards)
    return cards


def hidden_from(state: mock.State, seat: int) -> set[tr.Card]:
    """Cards ``seat`` may not see: the deck and other hands, minus what the history shows."""
    hidden = set(state.deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= set(hand)
    return hidden - public_cards(state)


def shown_cards(seen: mock.Observation) -> set[tr.Card]:
    """Every card named anywhere in an observation's repr, except inside last_round."""
    text = repr(attrs.evolve(seen, last_round=None))
    return (
        set(tr.parse_cards(" ".join(CARD_TOKEN.findall(text))))
        if CARD_TOKEN.search(text)
        else set()
    )


def check_hides(state: mock.State) -> None:
    for seat in range(state.config.players):
        seen = mock.observe(state, seat)
        assert seen.hand == state.hands[seat]
        assert set(seen.hand) <= shown_cards(seen)  # the scan does find cards
        assert not shown_cards(seen) & hidden_from(state, seat)
        assert not set(state.deck) & (shown_cards(seen) - public_cards(state) - set(seen.hand))


def test_observation_shows_the_public_table() -> None:
    state = play(mock.new_game(CONFIG, seed=0, deck=DECK), "draw; discard Js; draw discard")
    seen = mock.observe(state, 0)
    assert seen.seat == 0
    assert seen.hand == C("7c 8d 9h")
    assert seen.dealer == 0
    assert (seen.to_act, seen.step, seen.took_discard, seen.must_meld) == (2, "meld", True, 1)
    assert seen.hand_sizes == (3, 3, 4)
    assert (seen.opening_size, seen.finish_size, seen.discard_size) == (2, 40, 0)
    assert seen.top_discard is None
    assert seen.history == (
        mock.Drew(1, False),
        mock.Melded(1, (), C("Js"), 0, False),
        mock.Drew(2, True, C("Js")[0]),
    )
    assert seen.discard_pile == ()
    assert seen.scores == (0, 0, 0)
    assert seen.melds == ((), (), ())
    assert seen.finished == (False, False, False)
    assert not seen.is_over
    assert seen.last_round is None


def test_only_the_observer_sees_their_hand_including_the_card_just_drawn() -> None:
    state = play(mock.new_game(CONFIG, seed=0, deck=DECK), "draw")
    assert mock.observe(state, 1).hand == C("As Ks Qs Js")
    for seat in (0, 2):
        seen = mock.observe(state, seat)
        assert "Js" not in repr(seen)
        assert "As" not in repr(seen)
        assert seen.hand_sizes[1] == 4


def test_observations_hide_the_deck_and_other_hands_through_a_game() -> None:
    policy = random_policy(1)
    state = mock.new_game(mock.Config(players=5), seed=3)
    for _ in range(400):
        if state.is_over:
            break
        check_hides(state)
        state = mock.apply(state, policy(state))


def test_hidden_differences_do_not_change_an_observation() -> None:
    state = advance(mock.new_game(seed=6), lambda s: len(s.history) == 9, random_policy(3))
    seat = state.to_act
    assert seat is not None
    other = (seat + 1) % 4
    private = [card for card in state.hands[other] if card not in public_cards(state)]
    swapped_card, deck_card = private[0], state.deck[5]
    hands = list(state.hands)
    hands[other] = tuple(deck_card if card == swapped_card else card for card in hands[other])
    deck = tuple(swapped_card if card == deck_card else card for card in state.deck)
    changed = attrs.evolve(state, hands=tuple(hands), deck=deck)
    mock.from_dict(mock.to_dict(changed))  # still a consistent state
    for observer in range(4):
        same = mock.observe(state, observer) == mock.observe(changed, observer)
        assert same == (observer != other)
    shuffled = attrs.evolve(state, deck=state.deck[::-1])
    assert all(mock.observe(shuffled, s) == mock.observe(state, s) for s in range(4))
    reseeded = attrs.evolve(state, seed=state.seed + 1)
    assert all(mock.observe(reseeded, s) == mock.observe(state, s) for s in range(4))


def test_the_history_rebuilds_the_discard_pile() -> None:
    policy = random_policy(5)
    state = mock.new_game(seed=5)
    for _ in range(60):
        seen = mock.observe(state, 0)
        assert seen.discard_pile == state.discard_pile
        assert seen.top_discard == (state.discard_pile[-1] if state.discard_pile else None)
        # the cards taken from the discard pile are still in the hands that took them
        for held, hand in zip(seen.known_held, state.hands, strict=True):
            assert set(held) <= set(hand)
        assert seen.known_held == mock.observe(state, 1).known_held
        state = mock.apply(state, policy(state))


def test_the_cards_known_held_are_what_the_public_history_shows() -> None:
    # apply keeps State.known_held step by step; replaying the history gives the same
    for seed in range(3):
        policy = random_policy(seed)
        state = mock.new_game(mock.Config(players=3 + seed, max_rounds=2), seed=seed)
        while not state.is_over:
            players = state.config.players
            assert state.known_held == replay_public(state.history, players).held
            assert pickle.loads(pickle.dumps(state)).known_held == state.known_held
            state = mock.apply(state, policy(state))


def test_check_state_refuses_wrong_cards_known_held() -> None:
    state = mock.apply(mock.new_game(seed=5), mock.Draw())
    state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
    state = mock.apply(state, mock.Draw(from_discard=True))
    assert state.known_held == ((), (), tr.parse_cards("8s"), ())
    odd = attrs.evolve(state, known_held=((), tr.parse_cards("8s"), (), ()))
    message = (
        "state.known_held must be ['', '', '8s', ''], the cards the history shows each seat "
        "took from the discard pile and still holds, not ['', '8s', '', '']"
    )
    with pytest.raises(tr.StateError, match=re.escape(message)):
        mock.check_state(odd)
    with pytest.raises(tr.StateError, match=r"state\.known_held must be a tuple with one entry"):
        mock.check_state(attrs.evolve(state, known_held=()))


def test_observe_rejects_a_bad_seat() -> None:
    state = mock.new_game(seed=1)
    for seat in (-1, 4):  # a seat that is not an int: tests/test_protocol.py
        with pytest.raises(tr.RulesError, match="seat must be 0 to 3"):
            mock.observe(state, seat)


def test_known_hands_and_unseen_cards_account_for_every_card() -> None:
    policy = random_policy(9)
    state = mock.new_game(mock.Config(players=4), seed=9)
    took = 0
    for _ in range(300):
        if state.is_over:
            break
        took += state.took_discard
        for seat in range(4):
            seen = mock.observe(state, seat)
            known = seen.known_hands
            assert known[seat] == state.hands[seat]
            for other in range(4):
                assert set(known[other]) <= set(state.hands[other])
            hidden = set(state.deck)
            for other in range(4):
                if other != seat:
                    hidden |= set(state.hands[other]) - set(known[other])
            assert set(seen.unseen_cards) == hidden
            assert len(seen.unseen_cards) == seen.opening_size + seen.finish_size + sum(
                size - len(cards) for size, cards in zip(seen.hand_sizes, known, strict=True)
            )
        state = mock.apply(state, policy(state))
    assert took  # some cards were taken from the discard pile
