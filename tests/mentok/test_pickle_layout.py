"""Mentok pickles: the bytes follow the documented layout whatever was pickled before.

The pickle writers keep the last history, deck, hands, config and summary
they wrote, and the readers the last ones they read and each layout's
shape. These tests check the arguments of every ``__reduce__`` against a
plain encoder of the layout that keeps nothing, in play order, shuffled and
with small memos, and that loading gives equal values made of the very 52
card objects.
"""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablerules import mentok
from tablerules.cards import FULL_DECK, Card, Rank
from tablerules.mentok import AskRecord, StandRecord
from tests.helpers import check_pickles
from tests.mentok.strategies import configs, random_playout

pickles_module = sys.modules["tablerules.mentok._pickles"]
observe_module = sys.modules["tablerules.mentok.observe"]

_CODE = {False: 0, True: 1, None: 2}


def _card_bytes(cards: list[Card]) -> bytes:
    return bytes(card.index for card in cards)


def _history_codes(history: tuple[mentok.Event, ...]) -> list[int]:
    codes: list[int] = []
    for event in history:
        if isinstance(event, StandRecord):
            codes += (128 + event.seat, event.hand)
            continue
        flags = event.hand + 2 * event.split + 4 * event.given + 16 * _CODE[event.cheat]
        if event.card is None:
            codes += (event.seat, event.target, event.rank, flags + 8)
        else:
            codes += (event.seat, event.target, event.rank, flags, event.card.index)
    return codes


def _tables(value: Any, stood: Any, choices: Any, layout: list[int], cards: list[Card]) -> None:
    for seat, seat_tables in enumerate(value.tables):
        layout.append(4 * len(seat_tables) + _CODE[choices[seat]])
        for index, on_table in enumerate(seat_tables):
            cards += on_table
            layout.append(len(on_table) + (64 * stood[seat][index] if stood else 0))


def _summary_blob(summary: mentok.RoundSummary) -> bytes:
    layout = [int(summary.abandoned), *map(len, summary.hands), *summary.cheated]
    cards = [card for hand in summary.hands for card in hand]
    _tables(summary, None, summary.choices, layout, cards)
    layout += _history_codes(summary.history)
    text = ",".join(map(str, (summary.round, *summary.points))).encode()
    blob = _card_bytes(cards)
    return len(text).to_bytes(2, "big") + len(blob).to_bytes(2, "big") + text + blob + bytes(layout)


def _shared(config: mentok.Config, summary: mentok.RoundSummary | None) -> bytes:
    """The config's fields as text and the previous round's summary, as one bytes."""
    key = ",".join(repr(getattr(config, field.name)) for field in attrs.fields(mentok.Config))
    text = key.encode()
    return (
        len(text).to_bytes(2, "big") + text + (b"" if summary is None else _summary_blob(summary))
    )


def reference(value: mentok.State | mentok.Observation) -> tuple[object, ...]:
    """The arguments of ``value.__reduce__()``, written plainly from the layout."""
    if isinstance(value, mentok.State):
        layout = [len(hand) for hand in value.hands]
        cards = [card for hand in value.hands for card in hand]
        tables: list[int] = []
        _tables(value, value.stood, value.choices, tables, cards)
        layout += (len(tables), *tables)
        cards += value.deck
        numbers = (value.seed, value.round, value.to_act, *value.scores, *value.winners)
    else:
        layout = [*value.hand_sizes, int(value.cheated), _CODE[value.choice]]
        cards = list(value.hand)
        _tables(value, value.stood, value.chosen, layout, cards)
        numbers = (
            value.seat,
            value.round,
            value.to_act,
            value.deck_size,
            *value.scores,
            *value.winners,
        )
    layout += _history_codes(value.history)
    return (
        _shared(value.config, value.last_round),
        numbers,
        _card_bytes(cards),
        bytes(layout),
    )


def _values(config: mentok.Config, seed: int) -> list[Any]:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), limit=120)
    values: list[Any] = []
    for state in states:
        values.append(state)
        values += (mentok.observe(state, seat) for seat in range(config.players))
    return values


def _check(values: list[Any], order: list[int]) -> None:
    check_pickles(values, order, reference, _check_loaded)


def _check_loaded(loaded: Any) -> None:
    assert all(card is FULL_DECK[card.index] for card in _cards_of(loaded))


def _cards_of(value: Any) -> list[Card]:
    hands = value.hands if isinstance(value, mentok.State) else (value.hand,)
    cards = [card for hand in hands for card in hand]
    cards += (card for seat in value.tables for on_table in seat for card in on_table)
    cards += getattr(value, "deck", ())
    cards += (event.card for event in value.history if isinstance(event, AskRecord) and event.card)
    return cards


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), shuffle=st.randoms(use_true_random=False))
def test_pickles_follow_the_layout_in_play_order_and_shuffled(
    config: mentok.Config, seed: int, shuffle: random.Random
) -> None:
    values = _values(config, seed) + _values(config, seed + 1)
    order = list(range(len(values)))
    _check(values, order)
    shuffle.shuffle(order)
    _check(values, order)


@pytest.mark.parametrize(("often", "max_seen"), [(1, 5), (2, 5), (3, 10_000)])
def test_pickles_follow_the_layout_past_small_memos(
    monkeypatch: pytest.MonkeyPatch, often: int, max_seen: int
) -> None:
    """Layouts read directly until seen ``often`` times, then by their kept shapes."""
    monkeypatch.setattr(pickles_module, "MAX_SHAPES", 3)
    monkeypatch.setattr(pickles_module, "MAX_ASKS", 7)
    monkeypatch.setattr(pickles_module, "MAX_SEEN", max_seen)
    monkeypatch.setattr(pickles_module, "OFTEN", often)
    monkeypatch.setattr(observe_module, "MAX_SHAPES", 3)
    for module, name in [
        (pickles_module, "_STATE_SHAPES"),
        (pickles_module, "_HAND_SHAPES"),
        (pickles_module, "_ASKS"),
        (pickles_module, "_STATE_SEEN"),
        (observe_module, "_SHAPES"),
        (observe_module, "_SEEN"),
    ]:
        monkeypatch.setattr(module, name, {})
    values: list[Any] = []
    for seed in range(6):
        config = mentok.Config(players=2 + seed % 4, strict=seed % 2 == 0, max_rounds=3)
        values += _values(config, seed)
    order = list(range(len(values)))
    _check(values, order)
    random.Random(4).shuffle(order)
    _check(values, order)
    assert 0 < len(pickles_module._STATE_SHAPES) <= 3
    assert 0 < len(pickles_module._HAND_SHAPES) <= 3
    assert 0 < len(pickles_module._ASKS) <= 7
    assert 0 < len(observe_module._SHAPES) <= 3
    assert len(pickles_module._STATE_SEEN) <= max_seen
    assert len(observe_module._SEEN) <= max_seen


def test_memos_of_the_last_value_written_hit_only_equal_values() -> None:
    ask = AskRecord(0, 1, Rank.KING, 0, False, True, FULL_DECK[44], False)
    hidden = attrs.evolve(ask, cheat=None)
    stand = StandRecord(1, 0)
    for history in [(ask,), (ask, stand), (hidden, stand), (hidden,), (ask, stand, ask), ()]:
        assert pickles_module.history_bytes(history) == bytes(_history_codes(history))
    deck = FULL_DECK[10:30]
    other = FULL_DECK[:20]
    for cards in [deck, deck[5:], other[5:], deck[5:], deck, other, deck[19:], ()]:
        assert pickles_module.deck_bytes.write(cards) == _card_bytes(list(cards))
        assert pickles_module.deck_bytes.read(_card_bytes(list(cards))) == cards
    hands = ((FULL_DECK[0], FULL_DECK[1]), ())
    for value in [hands, ((FULL_DECK[0],), (FULL_DECK[1],)), hands, hands]:
        sizes, cards = pickles_module.hands_bytes(value)
        assert sizes == bytes(map(len, value))
        assert cards == _card_bytes([card for hand in value for card in hand])


def test_an_observation_pickle_holds_only_the_cards_in_view() -> None:
    rng = random.Random(8)
    state = mentok.new_game(mentok.Config(players=4, strict=False), seed=8)
    for _ in range(40):
        for seat in range(4):
            view = mentok.observe(state, seat)
            args: Any = view.__reduce__()[1]
            blob = args[2]
            shown = list(view.hand)
            shown += (card for tables in view.tables for cards in tables for card in cards)
            assert blob == _card_bytes(shown)
            twin = mentok.determinize(view, random.Random(seat))
            twin_view = mentok.observe(twin, seat)
            assert pickle.dumps(twin_view, 5) == pickle.dumps(view, 5)
        if state.is_over:
            break
        state = mentok.apply(state, mentok.random_action(state, rng))
