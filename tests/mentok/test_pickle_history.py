"""Mentok pickles: a history read on from the history read last is the history written."""

from __future__ import annotations

import pickle
import random
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from tablerules import mentok
from tests.mentok.strategies import configs, random_playout

pickles_module = sys.modules["tablerules.mentok._pickles"]


def _fresh(codes: bytes) -> tuple[object, ...]:
    """``codes`` read with nothing read before."""
    saved = pickles_module._LAST_READ[0]
    pickles_module._LAST_READ[0] = (b"", ())
    try:
        return pickles_module.read_history_codes(codes, 0)  # type: ignore[no-any-return]
    finally:
        pickles_module._LAST_READ[0] = saved


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), order=st.randoms(use_true_random=False))
def test_states_and_views_load_back_in_any_order(
    config: mentok.Config, seed: int, order: random.Random
) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), limit=150)
    values: list[object] = [*states]
    values += [mentok.observe(state, state.to_act or 0) for state in states]
    pickles = [pickle.dumps(value, pickle.HIGHEST_PROTOCOL) for value in values]
    for _ in range(2):  # in play order (histories go on from each other), then shuffled
        for value, data in zip(values, pickles, strict=True):
            assert pickle.loads(data) == value
        paired = list(zip(values, pickles, strict=True))
        order.shuffle(paired)
        values, pickles = [pair[0] for pair in paired], [pair[1] for pair in paired]


def test_a_history_read_on_from_the_last_equals_a_fresh_read() -> None:
    rng = random.Random(3)
    state = mentok.new_game(mentok.Config(players=5, strict=False), seed=3)
    written: list[bytes] = []
    while not state.is_over and len(written) < 60:
        codes: list[int] = []
        pickles_module.write_history_codes(state.history, codes)
        written.append(bytes(codes))
        state = mentok.apply(state, mentok.random_action(state, rng))
    for blob in written + written[::-1]:
        read = pickles_module.read_history_codes(blob, 0)
        assert read == _fresh(blob)
        assert (blob, read) == pickles_module._LAST_READ[0]
    longer = written[-1]
    pickles_module.read_history_codes(longer, 0)
    assert pickles_module.read_history_codes(b"\x09" + longer, 1) == _fresh(longer)
