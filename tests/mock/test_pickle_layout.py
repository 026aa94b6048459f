"""Mock pickles: the bytes follow the documented layout whatever was pickled or loaded before.

The pickle writers keep the last history, deck, config and summary they
wrote, and the readers the last ones they read and the shapes of layouts.
These tests check the arguments of every ``__reduce__`` against a plain
encoder of the layout that keeps nothing, in play order, shuffled and with
small memos, and that loading gives equal values made of the very 52 card
objects (and the shared draw records).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import attrs
import pytest

from tablerules import mock
from tablerules._pickling import LastShared
from tablerules.cards import FULL_DECK, Card
from tablerules.mock import Drew, Melded
from tablerules.mock import _pickles as pickles_module
from tablerules.mock.state import PILE_DRAWS
from tests.helpers import check_pickles

observe_module = importlib.import_module("tablerules.mock.observe")  # the module, not the function
STEPS = {"draw": 0, "meld": 1, "over": 2}


def _card_bytes(cards: list[Card] | tuple[Card, ...]) -> bytes:
    return bytes(card.index for card in cards)


def _history_codes(history: tuple[mock.Event, ...]) -> list[int]:
    codes: list[int] = []
    for event in history:
        if isinstance(event, Drew):
            kind = (
                (16 if event.from_discard else 32)
                if event.card
                else (48 if event.from_discard else 0)
            )
            codes.append(kind + event.seat)
            if event.card is not None:
                codes.append(event.card.index)
            continue
        assert isinstance(event, Melded)
        codes += (64 + event.seat + 16 * event.finished, event.drawn)
        codes += (len(event.cards), len(event.discards))
        codes += (card.index for card in event.cards + event.discards)
    return codes


def _summary_blob(summary: mock.RoundSummary) -> bytes:
    numbers = (summary.round, summary.first_complete, *summary.points)
    text = ",".join("" if number is None else str(number) for number in numbers).encode()
    cards = _card_bytes([card for meld in summary.melds for card in meld])
    layout = bytes([*map(len, summary.melds), *summary.hand_points, *summary.highest_hand])
    return len(text).to_bytes(2, "big") + len(cards).to_bytes(2, "big") + text + cards + layout


def _shared(config: mock.Config, summary: mock.RoundSummary | None) -> bytes:
    """The config's fields as text and the previous round's summary, as one bytes."""
    key = ",".join(repr(getattr(config, field.name)) for field in attrs.fields(mock.Config))
    text = key.encode()
    return len(text).to_bytes(2, "big") + text + (_summary_blob(summary) if summary else b"")


def reference(value: mock.State | mock.Observation) -> tuple[object, ...]:
    """The arguments of ``value.__reduce__()``, written plainly from the layout."""
    head = [STEPS[value.step], value.opening_was_empty, value.pile_was_empty]
    melded = [card for meld in value.melds for card in meld]
    if isinstance(value, mock.State):
        layout = [*head, *map(len, value.hands), *value.finished, *map(len, value.melds)]
        layout.append(len(value.discard_pile))
        cards = [card for hand in value.hands for card in hand] + melded
        cards += value.discard_pile + value.deck
        numbers: tuple[object, ...] = (value.seed, value.round, value.to_act, *value.scores)
    else:
        layout = [*head, *value.finished, *value.hand_sizes, *map(len, value.melds)]
        cards = melded + list(value.hand)
        numbers = (value.seat, value.round, value.to_act, value.deck_size, *value.scores)
    layout += _history_codes(value.history)
    return (_shared(value.config, value.last_round), numbers, _card_bytes(cards), bytes(layout))


def _values(seed: int) -> list[Any]:
    rng = random.Random(seed)
    config = mock.Config(players=3 + seed % 8, max_rounds=2, opening_size=None)
    state = mock.new_game(config, seed=seed)
    values: list[Any] = [state]
    while not state.is_over:
        values += (mock.observe(state, seat) for seat in range(config.players))
        state = mock.apply(state, mock.random_action(state, rng))
        values.append(state)
    return values


def _check(values: list[Any], order: list[int]) -> None:
    check_pickles(values, order, reference, _check_loaded)


def _check_loaded(loaded: Any) -> None:
    cards = [card for meld in loaded.melds for card in meld]
    cards += loaded.hand if isinstance(loaded, mock.Observation) else loaded.deck
    for event in loaded.history:
        cards += event.cards + event.discards if isinstance(event, Melded) else ()
        if isinstance(event, Drew) and event.card is None and not event.from_discard:
            assert event is PILE_DRAWS[event.seat]
    assert all(card is FULL_DECK[card.index] for card in cards)


def test_pickles_follow_the_layout_in_play_order_and_shuffled() -> None:
    values = _values(1) + _values(2)
    order = list(range(len(values)))
    _check(values, order)
    random.Random(5).shuffle(order)
    _check(values, order)


def test_pickles_follow_the_layout_past_small_memos(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pickles_module, "MAX_SHAPES", 3)
    monkeypatch.setattr(observe_module, "_MAX_VIEW_SHAPES", 3)
    for module, name in [
        (pickles_module, "_SHAPES"),
        (pickles_module, "_GETTERS"),
        (observe_module, "_VIEW_SHAPES"),
    ]:
        monkeypatch.setattr(module, name, {})
    values = [value for seed in range(3, 9) for value in _values(seed)]
    order = list(range(len(values)))
    _check(values, order)
    random.Random(6).shuffle(order)
    _check(values, order)
    assert 0 < len(pickles_module._SHAPES) <= 3
    assert len(pickles_module._GETTERS) <= 3
    assert 0 < len(observe_module._VIEW_SHAPES) <= 3


def test_draws_read_back_as_the_draws_written() -> None:
    """Draws the rules never write (a pile draw with a card, a discard draw without) too."""
    card = FULL_DECK[17]
    events: tuple[mock.Event, ...] = (
        Drew(2, True, card),
        Drew(2, False, card),
        Drew(3, True, None),
        Drew(1, False),
        Melded(2, (card,), (FULL_DECK[3], FULL_DECK[51]), 1, True),
        Melded(0, (), (), 0, False),
    )
    for history in [events, events[::-1], events[1:], events[:1], events[2:4] + events[:2]]:
        codes = pickles_module.history_bytes(history)
        assert codes == bytes(_history_codes(history))
        read = pickles_module.read_history(b"\x05\x06" + codes, 2)
        assert read == history
        assert [type(event) for event in read] == [type(event) for event in history]


def test_the_shared_bytes_follow_the_config_and_summary_alone() -> None:
    """Equal configs and summaries that are other objects give the same bytes and values."""
    values = [value for value in _values(4) if isinstance(value, mock.State)]
    summaries = [value.last_round for value in values if value.last_round is not None]
    summary = summaries[-1]
    shared = LastShared(mock.Config, pickles_module.summary_parts, pickles_module._build_summary)
    config = values[0].config
    twin_config = attrs.evolve(config)
    twin_summary = attrs.evolve(summary)
    assert twin_config is not config
    assert twin_summary is not summary
    for one, other in [(config, None), (twin_config, summary), (config, twin_summary)]:
        blob = shared.args(one, other)
        assert blob == _shared(one, other)
        assert shared.values(blob) == (one, other)
        back_config, back_summary = shared.values(_shared(one, other))
        assert back_config == one
        assert back_summary == other
