"""Mock's pickles: the same bytes and the same values whatever was pickled or loaded before.

Pickling and loading keep what they did last (the history and the deck of
the last state, the layouts met): a pickle must still be a function of the
value alone, and loading must give the value back in any order.
"""

from __future__ import annotations

import importlib
import pickle
import random

import pytest

from tablerules import mock
from tablerules.mock import _pickles as mock_pickles

PROTOCOL = pickle.HIGHEST_PROTOCOL
mock_observe = importlib.import_module("tablerules.mock.observe")  # the module, not the function


def values(seed: int) -> list[object]:
    """The states of a random game and the acting seats' views, in the order played."""
    rng = random.Random(seed)
    state = mock.new_game(mock.Config(players=3 + seed % 4, max_rounds=2), seed=seed)
    found: list[object] = [state]
    while not state.is_over:
        found.append(mock.observe(state, state.to_act or 0))
        state = mock.apply(state, mock.random_action(state, rng))
        found.append(state)
    return found


def test_pickles_do_not_depend_on_what_was_pickled_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mock_pickles, "MAX_SHAPES", 7)
    monkeypatch.setattr(mock_observe, "_MAX_VIEW_SHAPES", 7)
    played = [value for seed in range(4) for value in values(seed)]
    in_order = [pickle.dumps(value, PROTOCOL) for value in played]
    order = list(range(len(played)))
    random.Random(2).shuffle(order)
    for index in order + order[::-1]:
        assert pickle.dumps(played[index], PROTOCOL) == in_order[index]
    # equal values that are other objects: read back from records
    for index in order[:200]:
        value = played[index]
        if isinstance(value, mock.State):
            copy = mock.from_dict(mock.to_dict(value))
            assert copy is not value
            assert pickle.dumps(copy, PROTOCOL) == in_order[index]


def test_pickles_load_equal_in_any_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mock_pickles, "MAX_SHAPES", 7)
    monkeypatch.setattr(mock_observe, "_MAX_VIEW_SHAPES", 7)
    # the memos start empty, whatever ran before
    monkeypatch.setattr(mock_pickles, "_SHAPES", {})
    monkeypatch.setattr(mock_pickles, "_GETTERS", {})
    monkeypatch.setattr(mock_observe, "_VIEW_SHAPES", {})
    played = [value for seed in range(4, 8) for value in values(seed)]
    pickles = [pickle.dumps(value, PROTOCOL) for value in played]
    order = list(range(len(played)))
    random.Random(3).shuffle(order)
    for index in sorted(order) + order + order[::-1]:
        assert pickle.loads(pickles[index]) == played[index]
        assert len(mock_pickles._SHAPES) <= 7
        assert len(mock_pickles._GETTERS) <= 7
        assert len(mock_observe._VIEW_SHAPES) <= 7


def test_a_state_loaded_plays_on_like_the_original() -> None:
    rng = random.Random(9)
    for value in values(9)[::7]:
        if isinstance(value, mock.State) and not value.is_over:
            loaded = pickle.loads(pickle.dumps(value, PROTOCOL))
            mock.check_state(loaded)
            action = mock.random_action(value, rng)
            assert mock.apply(loaded, action) == mock.apply(value, action)
