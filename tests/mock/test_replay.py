"""``check_state`` replays a round's history through the rules.

Every state the rules reach passes; states with one thing spoiled (their
history, their cards, or their turn) fail with a message, except the spoils
that keep a state valid.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock
from tablerules.mock.state import Drew, Melded
from tests.mock.strategies import configs


def passes(state: mock.State) -> bool:
    """Whether ``state`` passes ``check_state``."""
    try:
        mock.check_state(state)
    except tr.StateError:
        return False
    return True


def playout(config: mock.Config, seed: int) -> list[mock.State]:
    """Every state of one random game."""
    rng = random.Random(seed)
    state = mock.new_game(config, seed=seed)
    states = [state]
    while not state.is_over:
        state = mock.apply_unchecked(state, mock.random_action(state, rng))
        states.append(state)
    return states


def spoil_event(event: mock.Event, rng: random.Random, players: int) -> mock.Event:
    """``event`` with one field changed."""
    if type(event) is Drew:
        choice = rng.randrange(3)
        if choice == 0:
            return Drew(rng.randrange(players), event.from_discard, event.card)
        if choice == 1:
            return Drew(event.seat, True, rng.choice(tr.FULL_DECK))
        return Drew(event.seat, False)
    assert isinstance(event, Melded)
    field = rng.choice(["drawn", "finished", "seat", "cards", "discards"])
    if field == "drawn":
        return attrs.evolve(event, drawn=rng.randrange(5))
    if field == "finished":
        return attrs.evolve(event, finished=not event.finished)
    if field == "seat":
        return attrs.evolve(event, seat=rng.randrange(players))
    cards = tuple(rng.sample(tr.FULL_DECK, rng.randrange(4)))
    if field == "cards":
        return attrs.evolve(event, cards=tuple(sorted(cards)))
    return attrs.evolve(event, discards=cards)


def move_card(state: mock.State, rng: random.Random) -> mock.State:
    """``state`` with one card moved, swapped or copied between hands, melds and the piles."""
    hands, melds = [list(hand) for hand in state.hands], [list(meld) for meld in state.melds]
    deck, pile = list(state.deck), list(state.discard_pile)
    zones = [*hands, *melds, deck, pile]
    source = rng.choice([zone for zone in zones if zone])
    target = rng.choice(zones)
    how = rng.randrange(3)
    if how == 0 and target:  # copied: one card in two places, another in none
        target[rng.randrange(len(target))] = rng.choice(source)
    else:
        card = source.pop(rng.randrange(len(source)))
        if how == 1 and target:
            at = rng.randrange(len(target))
            source.append(target[at])
            target[at] = card
        else:
            target.insert(rng.randrange(len(target) + 1), card)
    return attrs.evolve(
        state,
        hands=tuple(map(tuple, hands)),
        melds=tuple(map(tuple, melds)),
        deck=tuple(deck),
        discard_pile=tuple(pile),
    )


def spoil_last_meld(state: mock.State, rng: random.Random) -> mock.State:
    """``state`` with its last meld's cards out of order, or one discard more or fewer."""
    last = state.history[-1] if state.history else None
    if not isinstance(last, Melded):
        return state
    if len(last.cards) > 1 and rng.random() < 0.3 and not state.is_over:
        melds = list(state.melds)
        melds[last.seat] = melds[last.seat][: -len(last.cards)] + last.cards[::-1]
        history = (*state.history[:-1], attrs.evolve(last, cards=last.cards[::-1]))
        return attrs.evolve(state, melds=tuple(melds), history=history)
    hands, pile = list(state.hands), state.discard_pile
    if last.discards and rng.random() < 0.5:  # it kept its last discard
        discards, pile = last.discards[:-1], pile[:-1]
        hands[last.seat] += last.discards[-1:]
    elif hands[last.seat]:  # it discarded one more card
        discards, pile = last.discards + hands[last.seat][:1], pile + hands[last.seat][:1]
        hands[last.seat] = hands[last.seat][1:]
    else:
        return state
    return attrs.evolve(
        state,
        hands=tuple(hands),
        discard_pile=pile,
        history=(*state.history[:-1], attrs.evolve(last, discards=discards)),
    )


def spoil(state: mock.State, rng: random.Random) -> mock.State:
    """``state`` with one thing changed: its history, its cards, or its turn."""
    history = list(state.history)
    players = state.config.players
    kind = rng.randrange(12)
    if kind == 11:
        return spoil_last_meld(state, rng)
    if kind == 0 and history:
        history.pop(rng.randrange(len(history)))
    elif kind == 1 and len(history) > 1:
        first, second = rng.sample(range(len(history)), 2)
        history[first], history[second] = history[second], history[first]
    elif kind == 2 and history:
        at = rng.randrange(len(history))
        history.insert(at, history[at])
    elif kind == 3 and history:
        at = rng.randrange(len(history))
        history[at] = spoil_event(history[at], rng, players)
    elif kind == 4 and history:
        del history[rng.randrange(len(history)) :]
    elif kind == 5:
        return move_card(state, rng)
    elif kind == 6 and state.to_act is not None:
        return attrs.evolve(state, step="draw" if state.step == "meld" else "meld")
    elif kind == 7:
        scores = list(state.scores)
        scores[rng.randrange(players)] += 1
        return attrs.evolve(state, scores=tuple(scores))
    elif kind == 8 and state.to_act is not None:
        return attrs.evolve(state, to_act=rng.randrange(players), step=rng.choice(["draw", "meld"]))
    elif kind == 9:
        finished = list(state.finished)
        finished[rng.randrange(players)] ^= True
        return attrs.evolve(state, finished=tuple(finished))
    elif kind == 10:  # the order within a hand is private: this one stays valid
        hands = tuple(tuple(rng.sample(hand, len(hand))) for hand in state.hands)
        return attrs.evolve(state, hands=hands)
    return attrs.evolve(state, history=tuple(history))


@settings(max_examples=60, deadline=None)
@given(configs(max_rounds=2), st.integers(0, 2**32))
def test_every_state_the_rules_reach_passes(config: mock.Config, seed: int) -> None:
    for state in playout(config, seed):
        assert passes(state)


@settings(max_examples=30, deadline=None)
@given(configs(max_rounds=2), st.integers(0, 2**32))
def test_spoiled_states_fail_with_a_message(config: mock.Config, seed: int) -> None:
    rng = random.Random(seed)
    messages: set[str] = set()
    for state in playout(config, seed):
        for _ in range(3):
            spoiled = state
            for _ in range(rng.randrange(1, 3)):
                spoiled = spoil(spoiled, rng)
            try:
                mock.check_state(spoiled)
            except tr.StateError as error:
                messages.add(str(error))
    assert messages
    assert "" not in messages


def test_odd_events_are_refused() -> None:
    state = mock.apply(mock.new_game(seed=2), mock.Draw())
    assert passes(state)
    for event in [
        Drew(True, False),  # a seat that is a bool
        Drew(state.to_act or 0, False, tr.FULL_DECK[0]),  # a card drawn from the draw pile
        "draw",
    ]:
        odd = attrs.evolve(state, history=(event,))  # type: ignore[arg-type]
        with pytest.raises(tr.StateError, match=r"state\.history\[0\]"):
            mock.check_state(odd)


def private_draw(state: mock.State) -> tuple[mock.Meld, mock.State] | None:
    """A meld step letting every private card of the hand go and a card taken from the
    discard pile, then drawing from the draw pile, if any; and the state after it."""
    seat = state.to_act
    assert seat is not None
    held = state.known_held[seat]
    private = [card for card in state.hands[seat] if card not in held]
    for action in mock.legal_actions(state):
        assert isinstance(action, mock.Meld)
        leaving = action.cards + action.discards
        if all(card in leaving for card in private) and set(held) & set(leaving):
            after = mock.apply(state, action)
            event = after.history[-1] if after.round == state.round else None
            if isinstance(event, Melded) and event.drawn and not event.finished:
                return action, after
    return None


def test_a_card_that_leaves_a_hand_before_it_arrives_is_caught() -> None:
    # draws from the discard pile whenever possible, else random
    rng, state, games = random.Random(0), mock.new_game(mock.Config(players=3), seed=0), 0
    while True:
        if state.is_over:
            games += 1
            assert games < 100, "no such turn"
            state = mock.new_game(mock.Config(players=3), seed=games)
        if state.step == "meld":
            found = private_draw(state)
            if found:
                break
        actions = mock.legal_actions(state)
        state = mock.apply(state, actions[-1] if state.step == "draw" else rng.choice(actions))
    # the record says a card drawn after the meld left in it, in place of a card taken
    # from the discard pile (which stays in the hand): it would leave before it arrives
    action, after = found
    seat, event = state.to_act, after.history[-1]
    assert seat is not None
    assert isinstance(event, Melded)
    assert passes(after)
    held = state.known_held[seat]
    drawn = next(card for card in after.hands[seat] if card not in state.hands[seat])
    gone = next(card for card in action.cards + action.discards if card in held)
    swap = {gone: drawn, drawn: gone}

    def swapped(cards: tuple[tr.Card, ...]) -> tuple[tr.Card, ...]:
        return tuple(swap.get(card, card) for card in cards)

    melds, hands = list(after.melds), list(after.hands)
    melds[seat], hands[seat] = swapped(melds[seat]), swapped(hands[seat])
    last = attrs.evolve(event, cards=tuple(sorted(swapped(event.cards))))
    last = attrs.evolve(last, discards=swapped(event.discards))
    spoiled = attrs.evolve(
        after,
        melds=tuple(melds),
        hands=tuple(hands),
        discard_pile=swapped(after.discard_pile),
        history=(*after.history[:-1], last),
    )
    with pytest.raises(tr.StateError, match=r"state\.history\[\d+\]: seat \d cannot play"):
        mock.check_state(spoiled)


def test_check_state_refuses_a_copy_of_a_card_object() -> None:
    state = mock.new_game(seed=3)
    card = state.hands[1][0]
    copy = int.__new__(tr.Card, int(card))  # equal to the card, but not one of the 52
    assert copy == card
    assert copy is not card
    hands = (state.hands[0], (copy, *state.hands[1][1:]), *state.hands[2:])
    with pytest.raises(tr.StateError, match=r"state\.hands\[1\]"):
        mock.check_state(attrs.evolve(state, hands=hands))
