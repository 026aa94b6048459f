"""A turn of Mock, rule by rule, on stacked decks.

Most tests follow one scripted round of three players with a three-card
opening. The deal gives seat 1 ``As Ks Qs``, seat 2 ``2c 3d 4h`` and seat 0
``7c 8d 9h``; the opening is ``Js 5c 6d`` and the finish starts
``2s 3s 4s 5s 6s 7s 8s`` then the rest of the deck in order (``2d 2h 3c ...``).
"""

from __future__ import annotations

import attrs
import pytest

import tablerules as tr
from tablerules import mock
from tests.helpers import stacked
from tests.mock.strategies import advance, play

DECK = stacked("As Ks Qs 2c 3d 4h 7c 8d 9h Js 5c 6d 2s 3s 4s 5s 6s 7s 8s")
CONFIG = mock.Config(players=3, opening_size=3)
C = tr.parse_cards


def start() -> mock.State:
    return mock.new_game(CONFIG, seed=0, deck=DECK)


def refused(state: mock.State, action: mock.Action, message: str) -> None:
    """``action`` is illegal with ``message`` and leaves ``state`` untouched."""
    before = mock.to_dict(state)
    assert not mock.is_legal(state, action)
    assert action not in mock.legal_actions(state)
    with pytest.raises(tr.IllegalActionError, match=message) as error:
        mock.apply(state, action)
    assert error.value.action is action
    assert mock.to_dict(state) == before


def test_the_first_turn_is_blind() -> None:
    state = start()
    assert state.hands[1] == C("As Ks Qs")
    assert mock.legal_actions(state) == (mock.Draw(),)
    refused(state, mock.Draw(from_discard=True), "first turn of a round is blind")


def test_a_turn_is_a_draw_then_a_meld() -> None:
    state = start()
    refused(state, mock.Meld(), "draw first")
    state = mock.apply(state, mock.Draw())
    assert state.to_act == 1
    assert state.step == "meld"
    assert state.hands[1] == C("As Ks Qs Js")  # the drawn card is seen, last in hand
    assert state.history == (mock.Drew(1, False),)
    refused(state, mock.Draw(), "already drawn")


def test_equalise_by_discarding_exactly_the_excess() -> None:
    state = play(start(), "draw")
    refused(state, mock.Meld(), "wrong number of discards.*exactly 1")
    refused(state, mock.Meld((), C("Js As")), "wrong number of discards.*exactly 1")
    refused(state, mock.Meld((), C("5c")), "cannot discard 5c: it is not in your hand")
    refused(state, mock.Meld(C("As"), C("Ks")), "wrong number of discards.*discard none")
    refused(state, mock.Meld(C("As"), C("As")), "cannot both meld and discard As")
    state = mock.apply(state, mock.Meld((), C("Js")))
    assert state.hands[1] == C("As Ks Qs")
    assert state.discard_pile == C("Js")
    assert state.to_act == 2
    assert state.step == "draw"
    assert set(mock.legal_actions(state)) == {mock.Draw(), mock.Draw(from_discard=True)}


def test_equalise_draws_from_the_opening_then_the_finish() -> None:
    state = play(start(), "draw")
    state = mock.apply(state, mock.Meld(C("As Ks Qs Js")))
    assert state.melds[1] == C("Js Qs Ks As")  # each turn's meld is stored sorted
    assert state.hands[1] == C("5c 6d 2s")  # two opening cards, then the finish's first
    assert (state.opening, state.finish) == (0, 39)
    assert state.history[-1] == mock.Melded(1, C("Js Qs Ks As"), (), 3, False)


def test_cards_must_be_in_hand_and_named_once() -> None:
    state = play(start(), "draw")
    refused(state, mock.Meld(C("Ah")), "cannot meld Ah: it is not in your hand")
    refused(state, mock.Meld((C("As")[0], C("As")[0])), "name As twice")
    refused(state, mock.Meld(C("As Ks Qs"), C("Js Js")), "name Js twice|both meld and discard")


def test_not_an_action_and_after_the_game() -> None:
    state = start()
    for action in ("draw", None, 3, mock.Config()):
        refused(state, action, "is not a Mock action")  # type: ignore[arg-type]
    over = attrs.evolve(state, to_act=None, step="over")
    refused(over, mock.Draw(), "the game is over")
    refused(over, mock.Meld(), "the game is over")
    assert mock.legal_actions(over) == ()
    with pytest.raises(tr.IllegalActionError, match="game is over"):
        mock.random_action(over, __import__("random").Random(0))


def test_the_opening_obligation_is_fixed_at_the_start_of_the_turn() -> None:
    state = play(start(), "draw; discard Js; draw; discard 5c")
    assert state.opening == 1
    state = mock.apply(state, mock.Draw())  # seat 0 takes the last opening card
    assert state.opening == 0
    assert not state.opening_was_empty
    assert mock.is_legal(state, mock.Meld((), C("9h")))  # no obligation yet this turn
    state = mock.apply(state, mock.Meld((), C("9h")))
    assert state.to_act == 1
    assert state.opening_was_empty
    state = mock.apply(state, mock.Draw(from_discard=False))
    refused(state, mock.Meld((), C("As")), "opening was empty at the start of your turn")
    assert state.must_meld == 1
    assert all(len(action.cards) >= 1 for action in mock.legal_actions(state))  # type: ignore[union-attr]
    assert mock.is_legal(state, mock.Meld(C("As")))


def test_scripted_round() -> None:
    """The long script: obligations, taking the discard, finishing, skipping, playing alone."""
    state = play(start(), "draw; meld Js Qs Ks As")
    # Seat 2's turn starts with the opening empty and nothing melded: meld at least one.
    state = mock.apply(state, mock.Draw())
    assert state.hands[2] == C("2c 3d 4h 3s")
    refused(state, mock.Meld((), C("2c")), "opening was empty")
    state = play(state, "meld 3d 3s")
    assert state.hands[2] == C("2c 4h 4s")
    state = play(state, "draw; meld 7c")
    assert state.hands[0] == C("8d 9h 5s")
    # Seat 1 reaches five: finished, every other card discarded in the named order, no draw.
    state = mock.apply(state, mock.Draw())
    assert state.hands[1] == C("5c 6d 2s 6s")
    refused(state, mock.Meld(C("6d"), C("6s 2s")), "you finish this turn.*all 3 remaining")
    refused(state, mock.Meld(C("6d 5c")), "more than five melded")
    deck_before = state.deck
    state = mock.apply(state, mock.Meld(C("6d"), C("6s 2s 5c")))
    assert state.melds[1] == C("Js Qs Ks As 6d")
    assert state.hands[1] == ()
    assert state.finished == (False, True, False)
    assert state.first_complete == 1
    assert state.discard_pile == C("6s 2s 5c")  # 5c, named last, is on top
    assert state.deck == deck_before
    assert state.history[-1] == mock.Melded(1, C("6d"), C("6s 2s 5c"), 0, True)
    # Seat 2 takes the top discard, so must meld at least one card.
    assert state.to_act == 2
    state = mock.apply(state, mock.Draw(from_discard=True))
    assert state.hands[2] == C("2c 4h 4s 5c")
    assert state.history[-1] == mock.Drew(2, True, C("5c")[0])
    assert state.discard_pile == C("6s 2s")
    assert state.must_meld == 1
    refused(state, mock.Meld((), C("5c")), "took the top discard, so you must meld at least one")
    state = play(state, "meld 4h 4s")
    assert state.hands[2] == C("2c 5c 7s")
    state = play(state, "draw; meld 8d 8s")
    assert state.hands[0] == C("9h 5s 2d")
    # Seat 1 has finished and is skipped.
    assert state.to_act == 2
    # The card just taken may be discarded again (here when finishing).
    state = play(state, "draw discard; meld 2c discard 2s 7s 5c")
    assert state.finished == (False, True, True)
    assert state.first_complete == 1  # the bonus stays with the first to finish
    assert state.discard_pile == C("6s 2s 7s 5c")
    # Seat 0 is left alone and keeps taking turns.
    assert state.to_act == 0
    state = play(state, "draw; discard 9h")
    assert state.to_act == 0
    assert state.round == 0
    state = advance(state, lambda s: s.round == 1)
    summary = state.last_round
    assert summary is not None
    assert summary.melds[1] == C("Js Qs Ks As 6d")
    assert summary.melds[2] == C("3d 3s 4h 4s 2c")
    assert summary.hand_points[1:] == (0, 2)
    assert summary.first_complete == 1


def test_a_player_who_draws_the_last_card_is_not_yet_obliged_to_finish() -> None:
    state = advance(start(), lambda s: len(s.deck) == 1 and s.step == "draw")
    state = mock.apply(state, mock.Draw())
    assert not state.deck
    assert not state.pile_was_empty
    outcomes = [mock.apply(state, action).history[-1] for action in mock.legal_actions(state)]
    assert any(isinstance(event, mock.Melded) and not event.finished for event in outcomes)


def test_once_the_whole_pile_was_empty_a_player_melds_up_to_five_and_finishes() -> None:
    state = advance(start(), lambda s: s.pile_was_empty and s.step == "draw")
    seat = state.to_act
    assert seat is not None
    state = mock.apply(state, mock.legal_actions(state)[0])  # takes the top discard
    hand, melded = state.hands[seat], len(state.melds[seat])
    need = min(5 - melded, len(hand))
    assert state.must_meld == need
    actions = mock.legal_actions(state)
    assert actions
    for action in actions:
        assert isinstance(action, mock.Meld)
        assert len(action.cards) == need
        assert sorted(action.cards + action.discards) == sorted(hand)
    wrong = mock.Meld(hand[: need - 1], hand[need - 1 :])
    refused(state, wrong, f"draw pile was empty at the start of your turn, so you must meld {need}")
    for action in (actions[0], actions[-1]):
        assert isinstance(action, mock.Meld)
        after = mock.apply(state, action)
        assert after.finished[seat] or after.round == 1
        if after.round == 0:
            assert after.discard_pile == state.discard_pile + action.discards


def test_with_both_piles_empty_the_turn_starts_at_the_meld_step() -> None:
    state = advance(start(), lambda s: s.pile_was_empty and s.step == "draw")
    seat = state.to_act
    assert seat is not None
    # Build the rare case where nothing can be drawn and the hand is empty.
    empty = attrs.evolve(
        state,
        hands=tuple(() if s == seat else hand for s, hand in enumerate(state.hands)),
        discard_pile=(),
        step="meld",
    )
    assert mock.legal_actions(empty) == (mock.Meld(),)
    after = mock.apply(empty, mock.Meld())
    assert after.finished[seat] or after.round == 1
    # A player with cards in hand melds them and finishes.
    loaded = attrs.evolve(state, discard_pile=(), step="meld")
    for action in mock.legal_actions(loaded):
        assert isinstance(action, mock.Meld)
        assert len(action.cards) == min(5 - len(state.melds[seat]), len(state.hands[seat]))
