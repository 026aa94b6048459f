"""Mock's pickles: the same bytes and the same values whatever was pickled or loaded before.

Pickling and loading keep what they did last (the config, the summary and
the history): a pickle must still be a function of the value alone, and
loading must give the value back in any order.
"""

from __future__ import annotations

import pickle
import random

from tablerules import mock

PROTOCOL = pickle.HIGHEST_PROTOCOL


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


def test_pickles_do_not_depend_on_what_was_pickled_before() -> None:
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


def test_pickles_load_equal_in_any_order() -> None:
    played = [value for seed in range(4, 8) for value in values(seed)]
    pickles = [pickle.dumps(value, PROTOCOL) for value in played]
    order = list(range(len(played)))
    random.Random(3).shuffle(order)
    for index in sorted(order) + order + order[::-1]:
        assert pickle.loads(pickles[index]) == played[index]


def test_a_state_loaded_plays_on_like_the_original() -> None:
    rng = random.Random(9)
    for value in values(9)[::7]:
        if isinstance(value, mock.State) and not value.is_over:
            loaded = pickle.loads(pickle.dumps(value, PROTOCOL))
            mock.check_state(loaded)
            action = mock.random_action(value, rng)
            assert mock.apply(loaded, action) == mock.apply(value, action)
