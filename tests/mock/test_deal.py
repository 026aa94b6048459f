"""The deal: blocks of three from the front, left of the dealer first; the dealer rotates."""

from __future__ import annotations

import tablerules as tr
from tablerules import mock
from tablerules._common import round_deck
from tests.helpers import stacked
from tests.mock.strategies import advance


def test_round_zero_deals_blocks_of_three_left_of_seat_zero_first() -> None:
    state = mock.new_game(seed=0, deck=tr.FULL_DECK)
    deck = tr.FULL_DECK
    assert state.dealer == 0
    assert state.hands == (deck[9:12], deck[0:3], deck[3:6], deck[6:9])
    assert state.deck == deck[12:]
    assert (state.opening, state.finish) == (20, 20)
    assert state.to_act == 1
    assert state.step == "draw"
    assert state.melds == ((), (), (), ())
    assert state.discard_pile == ()
    assert state.last_round is None


def test_the_opening_is_the_front_of_the_draw_pile() -> None:
    state = mock.new_game(mock.Config(players=3, opening_size=3), seed=0, deck=stacked("2c 3c 4c"))
    opening_cards = state.deck[:3]
    for _ in range(3):
        card = state.deck[0]
        seat = state.to_act
        assert seat is not None
        state = mock.apply(state, mock.Draw())
        assert state.hands[seat][-1] == card
        state = mock.apply(state, mock.Meld((), (card,)))
    assert state.opening == 0
    assert state.discard_pile == opening_cards


def test_later_rounds_are_dealt_from_the_seed_and_the_dealer_moves_left() -> None:
    seed = 11
    state = mock.new_game(mock.Config(players=5), seed=seed, deck=tr.FULL_DECK)
    for round_index in (1, 2, 3):

        def reached(s: mock.State, r: int = round_index) -> bool:
            return s.round == r

        state = advance(state, reached)
        dealer = round_index % 5
        assert state.dealer == dealer
        deck = round_deck(seed, round_index)
        for block in range(5):
            seat = (dealer + 1 + block) % 5
            assert state.hands[seat] == deck[3 * block : 3 * block + 3]
        assert state.deck == deck[15:]
        assert state.to_act == (dealer + 1) % 5
        assert state.history == ()
        assert state.finished == (False,) * 5


def test_the_same_seed_deals_the_same_game() -> None:
    assert mock.new_game(seed=3) == mock.new_game(seed=3)
    assert mock.new_game(seed=3).hands != mock.new_game(seed=4).hands
