"""Compact pickles of every game's states and observations.

Round trips give equal values (same hash and repr) made of the very 52 card
objects, at every protocol; copies still work; a state keeps playing the same
after a round trip; and the pickle of an observation is a function of the
observation alone: a state that differs only in what the seat cannot see
(dealt by ``determinize`` from its view) gives the same bytes.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import _pickling, mentok, mock, ofc
from tablerules._pickling import card_bytes
from tablerules.cards import is_card
from tablerules.mentok import _pickles as mentok_pickles
from tests.helpers import AnyGame, random_state
from tests.ofc.helpers import fantasyland_round

PROTOCOLS = sorted({0, 2, 4, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL})

CONFIGS: dict[str, list[object]] = {
    "ofc": [
        ofc.Config(max_rounds=3),
        ofc.Config(players=3, max_rounds=2),
        ofc.Config(variant="classic", players=4, max_rounds=2),
        ofc.Config(lowball_middle=True, lowball_fantasyland="either", max_rounds=2),
    ],
    "mock": [
        mock.Config(players=3, max_rounds=2),
        mock.Config(max_rounds=2),
        mock.Config(players=10, highest_hand_ties="suits", opening_size=11, max_rounds=1),
    ],
    "mentok": [
        mentok.Config(players=2, max_rounds=3),
        mentok.Config(players=5, strict=False, exact_target=False, max_rounds=2),
        mentok.Config(players=8, decks=2, max_rounds=1),
    ],
}

games_and_configs = st.sampled_from(sorted(CONFIGS)).flatmap(
    lambda name: st.tuples(st.just(name), st.sampled_from(CONFIGS[name]))
)


def cards_in(value: object) -> Iterator[object]:
    """Every int reachable from ``value`` through attrs fields and tuples that may be a card."""
    if isinstance(value, tr.Card):
        yield value
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)


def round_trip(value: Any, protocol: int) -> Any:
    return pickle.loads(pickle.dumps(value, protocol))


def check_round_trips(value: object) -> None:
    """Equal after every protocol and copy, with the same hash and repr, of the 52 cards."""
    cards = list(cards_in(value))
    assert all(is_card(card) for card in cards)
    for protocol in PROTOCOLS:
        back = round_trip(value, protocol)
        assert type(back) is type(value)
        assert back == value
        assert hash(back) == hash(value)
        assert repr(back) == repr(value)
        back_cards = list(cards_in(back))
        assert back_cards == cards
        assert all(is_card(card) for card in back_cards), "a card came back as another object"
    for copied in (copy.copy(value), copy.deepcopy(value)):
        assert copied == value
        assert repr(copied) == repr(value)


def values_of(game: AnyGame, state: Any) -> list[object]:
    """The state, every seat's observation, and what they hold that pickles on its own."""
    values: list[object] = [state]
    values += [game.observe(state, seat) for seat in range(len(state.scores))]
    if state.last_round is not None:
        values.append(state.last_round)
    if isinstance(state, ofc.State):
        values += state.boards
    return values


@settings(max_examples=max(20, settings().max_examples // 3), deadline=None)
@given(games_and_configs, st.integers(0, 10_000), st.integers(0, 120))
def test_round_trips_are_equal(choice: tuple[str, object], seed: int, steps: int) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    state = random_state(game, config, seed, steps)
    for value in values_of(game, state):
        check_round_trips(value)


@settings(max_examples=max(20, settings().max_examples // 3), deadline=None)
@given(games_and_configs, st.integers(0, 10_000), st.integers(0, 120))
def test_states_play_on_after_a_round_trip(
    choice: tuple[str, object], seed: int, steps: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    state = random_state(game, config, seed, steps)
    back = round_trip(state, pickle.HIGHEST_PROTOCOL)
    if state.is_over:
        assert back.is_over
        assert back.winners == state.winners
        return
    if not (name == "ofc" and state.in_fantasyland_turn):
        assert game.legal_actions(back) == game.legal_actions(state)
    first, second = random.Random(seed), random.Random(seed)
    for _ in range(40):
        if state.is_over:
            break
        action = game.random_action(state, first)
        assert game.random_action(back, second) == action
        state, back = game.apply(state, action), game.apply(back, action)
        assert back == state
        back = round_trip(back, pickle.HIGHEST_PROTOCOL)
    assert back == state


@settings(max_examples=max(20, settings().max_examples // 3), deadline=None)
@given(games_and_configs, st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 2**16))
def test_an_observation_pickle_holds_nothing_hidden(
    choice: tuple[str, object], seed: int, steps: int, twin_seed: int
) -> None:
    name, config = choice
    game: AnyGame = tr.GAMES[name]
    state = random_state(game, config, seed, steps)
    for seat in range(len(state.scores)):
        view = game.observe(state, seat)
        twin = game.determinize(view, random.Random(twin_seed))
        twin_view = game.observe(twin, seat)
        assert twin_view == view
        for protocol in PROTOCOLS:
            pickled = pickle.dumps(view, protocol)
            assert pickle.dumps(twin_view, protocol) == pickled, "the pickle shows hidden facts"
            if len(state.deck) >= 8:
                assert card_bytes(state.deck) not in pickled
                assert card_bytes(state.deck[:8]) not in pickled


def test_hidden_fantasyland_boards_stay_hidden_in_pickles() -> None:
    config = ofc.Config(players=3, max_rounds=2)
    deck = list(tr.FULL_DECK)
    random.Random(3).shuffle(deck)
    state = fantasyland_round(config, (0, 15, 0), tr.cards_text(deck), round_index=1)
    state = ofc.apply(state, ofc.random_action(state, random.Random(9)))  # seat 1 sets its board
    view = ofc.observe(state, 2)
    assert view.hidden_boards == (False, True, False)
    check_round_trips(view)
    check_round_trips(state)
    pickled = pickle.dumps(view, pickle.HIGHEST_PROTOCOL)
    assert card_bytes(state.boards[1].cards) not in pickled
    for seed in range(10):
        guess = ofc.determinize(view, random.Random(seed))
        assert pickle.dumps(ofc.observe(guess, 2), pickle.HIGHEST_PROTOCOL) == pickled


def test_boards_round_trip() -> None:
    rng = random.Random(4)
    for _ in range(200):
        top, middle = rng.randrange(4), rng.randrange(6)
        cards = rng.sample(tr.FULL_DECK, top + middle + rng.randrange(6))
        board = ofc.Board(cards[:top], cards[top : top + middle], cards[top + middle :])
        check_round_trips(board)
    assert round_trip(ofc.Board(), pickle.HIGHEST_PROTOCOL) is ofc.board.EMPTY_BOARD


def test_pickles_are_compact() -> None:
    """A pickle is a fraction of the state's JSON record, and far below attrs' default pickle."""
    for name, configs in CONFIGS.items():
        game: AnyGame = tr.GAMES[name]
        for config in configs:
            state = random_state(game, config, 5, 30)
            record = json.dumps(game.to_dict(state), separators=(",", ":"))
            pickled = pickle.dumps(state, pickle.HIGHEST_PROTOCOL)
            assert len(pickled) < len(record) / 2, (name, len(pickled), len(record))
            view = game.observe(state, 0)
            module: Any = game
            record = json.dumps(module.observation_to_dict(view), separators=(",", ":"))
            assert len(pickle.dumps(view, pickle.HIGHEST_PROTOCOL)) < len(record) / 2


def test_configs_come_back_equal_and_shared() -> None:
    config = mock.Config(players=5, target=70, highest_hand_ties="none")
    first = round_trip(mock.new_game(config, seed=1), 5)
    second = round_trip(mock.new_game(config, seed=2), 5)
    assert first.config == config
    assert first.config is second.config


def test_round_trips_in_any_order_and_past_the_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pickles loaded out of order, and more events and summaries than the memos keep."""
    monkeypatch.setattr(mentok_pickles, "MAX_ASKS", 50)
    monkeypatch.setattr(_pickling, "_MAX_SHARED", 5)
    monkeypatch.setattr(_pickling, "_MAX_CONFIGS", 2)
    values: list[Any] = []
    for name in ("mock", "mentok", "ofc"):
        game: AnyGame = tr.GAMES[name]
        for seed in range(12):
            config = game.Config(players=3, max_rounds=2 + seed % 3)
            state = game.new_game(config, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                values.append(state)
                values.append(game.observe(state, state.to_act))
                state = game.apply(state, game.random_action(state, rng))
            values.append(state)
    events = {event for value in values for event in getattr(value, "history", ())}
    summaries = {value.last_round for value in values}
    assert len(events) > 500
    assert len(summaries) > 50
    pickles = [pickle.dumps(value, pickle.HIGHEST_PROTOCOL) for value in values]
    order = list(range(len(values)))
    random.Random(1).shuffle(order)
    for index in order + order[::-1] + sorted(order):
        assert pickle.loads(pickles[index]) == values[index]


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 52)), max_size=30))
def test_deck_bytes_write_and_read_every_deck_as_if_alone(cuts: list[tuple[int, int]]) -> None:
    # DeckBytes cuts a deck from the one written (or read) last when it ends
    # it: decks that do, that do not, empty ones and other shuffles in any
    # order still give card_bytes' bytes and the very card objects back.
    shuffles = [random.Random(seed).sample(tr.FULL_DECK, 52) for seed in range(4)]
    writer, reader = _pickling.DeckBytes(), _pickling.DeckBytes()
    for which, start in cuts:
        deck = tuple(shuffles[which][start:])
        blob = writer.write(deck)
        assert blob == card_bytes(deck)
        back = reader.read(blob)
        assert back == deck
        assert all(card is tr.FULL_DECK[card.index] for card in back)
