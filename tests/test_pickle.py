"""Compact pickles of every game's states and observations.

Round trips give equal values (same hash and repr) made of the very 52 card
objects, at every protocol; copies still work; a state keeps playing the same
after a round trip; and the pickle of an observation is a function of the
observation alone: a state that differs only in what the seat cannot see
(dealt by ``determinize`` from its view) gives the same bytes.
"""

from __future__ import annotations

import copy
import enum
import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok, mock, ofc
from tablerules._pickling import History, card_bytes, register
from tablerules.cards import Card, is_card
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
    assert round_trip(ofc.Board(), pickle.HIGHEST_PROTOCOL) == ofc.board.EMPTY_BOARD


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


def played(names: tuple[str, ...], games: int) -> list[Any]:
    """Every state of a few random games of each game and the acting seat's view, in play order."""
    values: list[Any] = []
    for name in names:
        game: AnyGame = tr.GAMES[name]
        for seed in range(games):
            config = game.Config(players=3, max_rounds=2 + seed % 3)
            state = game.new_game(config, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                values.append(state)
                values.append(game.observe(state, state.to_act))
                state = game.apply(state, game.random_action(state, rng))
            values.append(state)
    return values


def test_pickles_load_in_any_order_and_do_not_depend_on_what_came_before() -> None:
    """Pickling and loading keep their last config, summary and history: never visible."""
    values = played(("mock", "mentok", "ofc"), 8)
    assert len({value.last_round for value in values}) > 30
    pickles = [pickle.dumps(value, pickle.HIGHEST_PROTOCOL) for value in values]
    order = list(range(len(values)))
    random.Random(1).shuffle(order)
    for index in order + order[::-1] + sorted(order):
        assert pickle.dumps(values[index], pickle.HIGHEST_PROTOCOL) == pickles[index]
        assert pickle.loads(pickles[index]) == values[index]
    for index in order[:300]:  # equal values that are other objects give the same bytes
        value = values[index]
        if not isinstance(value, (mock.Observation, mentok.Observation, ofc.Observation)):
            game: Any = tr.GAMES[type(value).__module__.split(".")[1]]
            twin = game.from_dict(game.to_dict(value))
            assert twin is not value
            assert pickle.dumps(twin, pickle.HIGHEST_PROTOCOL) == pickles[index]


def test_copies_are_equal_values() -> None:
    for value in played(("mock", "mentok", "ofc"), 2)[::5]:
        for copied in (copy.copy(value), copy.deepcopy(value)):
            assert type(copied) is type(value)
            assert copied == value
            assert hash(copied) == hash(value)


def test_histories_read_on_from_the_last_one_equal_a_fresh_read() -> None:
    """A history that goes on from the one read (or written) last reads as if alone."""
    for events, values in [
        ((mock.Drew, mock.Melded), played(("mock",), 2)),
        ((mentok.AskRecord, mentok.StandRecord), played(("mentok",), 2)),
    ]:
        histories = [value.history for value in values]
        histories += [
            value.last_round.history for value in values if hasattr(value.last_round, "history")
        ]
        codec = History(events)
        blobs = [codec.write(history) for history in histories]
        for history, blob in zip(histories, blobs, strict=True):
            assert History(events).write(history) == blob
        for blob, history in list(zip(blobs, histories, strict=True)) * 2:
            assert codec.read(b"\x07" + blob, 1) == history == History(events).read(blob, 0)


def test_mentok_views_of_every_player_count_load_as_themselves() -> None:
    """Each pickle carries its sizes: views of 2 to 8 players, loaded interleaved, come back."""
    views: list[mentok.Observation] = []
    for players, decks in [(2, 1), (3, 1), (4, 1), (5, 1), (6, 2), (8, 2)]:
        config = mentok.Config(players=players, decks=decks, strict=False, max_rounds=2)
        state, rng = mentok.new_game(config, seed=players), random.Random(players)
        while not state.is_over:
            views += (mentok.observe(state, seat) for seat in range(players))
            state = mentok.apply(state, mentok.random_action(state, rng))
    pickles = [pickle.dumps(view, pickle.HIGHEST_PROTOCOL) for view in views]
    order = list(range(len(views)))
    random.Random(2).shuffle(order)
    for index in order:
        loaded = pickle.loads(pickles[index])
        assert loaded == views[index]
        assert len(loaded.hand_sizes) == len(loaded.tables) == loaded.config.players


class Players(enum.IntEnum):
    """An enum a caller may pass for a config's number."""

    THREE = 3
    FIVE = 5


def test_a_config_of_int_enum_members_pickles_and_loads() -> None:
    for game in (mock, mentok, ofc):
        config: Any = game.Config(players=Players.THREE, max_rounds=Players.FIVE)
        state = game.new_game(config, seed=1)
        for value in (config, state, game.observe(state, 0)):
            back = round_trip(value, pickle.HIGHEST_PROTOCOL)
            assert back == value
        loaded = round_trip(state, pickle.HIGHEST_PROTOCOL).config
        assert type(loaded.players) is int
        assert b"Players" not in pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


@attrs.frozen(kw_only=True)
class ToyConfig:
    """A config of a made-up game, to show that layouts follow the fields."""

    players: int = 2


@attrs.frozen
class ToySummary:
    """A made-up round summary."""

    round: int
    hands: tuple[tuple[Card, ...], ...]


@attrs.frozen
class ToyView:
    """A made-up observation, with a field of each kind."""

    config: ToyConfig
    seat: int
    hand: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    stood: tuple[tuple[bool, ...], ...]
    flag: bool | None
    last_round: ToySummary | None


register(ToyView, config=ToyConfig, summary=ToySummary)


def test_a_layout_follows_the_fields_of_its_class() -> None:
    """A class registered with other fields needs no layout written for it."""
    cards = tr.parse_cards("2c 3d 4h 5s 6c")
    summary = ToySummary(3, (cards[:2], ()))
    view = ToyView(ToyConfig(), 1, cards[2:], ((), cards[:1]), ((True,), ()), None, summary)
    check_round_trips(view)
    assert card_bytes(cards[2:]) in pickle.dumps(view, pickle.HIGHEST_PROTOCOL)
