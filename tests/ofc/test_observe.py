"""Observations: what each seat may see."""

from __future__ import annotations

import random

import attrs

from tablerules import ofc
from tests.ofc.helpers import fantasyland_round


def test_own_hand_and_discards_are_visible_others_are_not() -> None:
    state = ofc.new_game(seed=6)
    rng = random.Random(6)
    for _ in range(5):
        state = ofc.apply(state, ofc.random_action(state, rng))
    seat = state.to_act
    assert seat is not None
    other = 1 - seat
    mine, theirs = ofc.observe(state, seat), ofc.observe(state, other)
    assert mine.hand == state.hands[seat]
    assert mine.hand
    assert theirs.hand == ()
    assert theirs.hand_sizes[seat] == len(state.hands[seat])
    assert mine.discards == state.discards[seat]
    assert theirs.discards == state.discards[other]
    assert theirs.discard_counts == tuple(len(d) for d in state.discards)
    assert mine.boards == state.boards
    assert mine.deck_size == len(state.deck)
    assert mine.scores == state.scores
    assert (mine.to_act, mine.street, mine.round, mine.dealer) == (seat, state.street, 0, 0)
    for view, hidden_seat in ((mine, other), (theirs, seat)):
        text = repr(view)
        for card in state.deck:
            assert str(card) not in text
            assert card not in view.hand
        for card in state.hands[hidden_seat] + state.discards[hidden_seat]:
            assert repr(card) not in text
    assert len(mine.unseen_cards) == mine.unseen_count
    assert mine.unseen_count == 52 - len(mine.hand) - len(mine.discards) - sum(
        b.size for b in mine.boards
    )


def this_round(view: ofc.Observation) -> ofc.Observation:
    """The view without the last round's summary (a finished round may show any card)."""
    return attrs.evolve(view, last_round=None)


def test_fantasyland_board_hidden_until_the_round_ends() -> None:
    state = fantasyland_round(ofc.Config(), (15, 0), "")
    rng = random.Random(1)
    state = ofc.apply(state, ofc.random_action(state, rng))
    board = state.boards[0]
    assert board.is_complete
    view = ofc.observe(state, 1)
    assert view.boards[0] == ofc.Board()
    assert view.hidden_boards == (True, False)
    assert view.fantasyland == (15, 0)
    for card in board.cards + state.discards[0]:
        assert repr(card) not in repr(this_round(view))
    assert ofc.observe(state, 0).boards[0] == board
    assert ofc.observe(state, 0).hidden_boards == (False, False)
    while state.round == 1:
        state = ofc.apply(state, ofc.random_action(state, rng))
    summary = ofc.observe(state, 1).last_round
    assert summary is not None
    assert summary.boards[0] == board


def test_fantasyland_hand_hidden_before_it_is_set() -> None:
    state = fantasyland_round(ofc.Config(players=3), (15, 0, 0), "")
    view = ofc.observe(state, 2)
    assert view.hand == ()
    assert view.hand_sizes == (15, 0, 0)
    for card in state.hands[0]:
        assert repr(card) not in repr(this_round(view))


def test_observations_differ_only_in_what_the_seat_may_see() -> None:
    # two states identical except the deck order and the other seat's hand: same view for seat 0
    state = ofc.new_game(seed=3)
    other = ofc.from_dict({**ofc.to_dict(state)})
    record = ofc.to_dict(state)
    hand, deck = record["hands"][1].split(), record["deck"].split()
    record["hands"][1] = " ".join(deck[:5])
    record["deck"] = " ".join(hand + deck[5:])
    other = ofc.from_dict(record)
    assert other != state
    assert ofc.observe(other, 0) == ofc.observe(state, 0)
    assert ofc.observe(other, 1) != ofc.observe(state, 1)


def test_bad_seat() -> None:
    import pytest

    import tablerules as tr

    with pytest.raises(tr.RulesError, match="seat must be 0 to 1"):
        ofc.observe(ofc.new_game(seed=1), 2)
