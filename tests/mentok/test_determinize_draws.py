"""Mentok's determinize draws: the written-out sampler and the plans kept per observation.

``_sample_places_by_bits`` must make the very calls to ``getrandbits`` that
``_sample_places`` makes through :class:`_Draws`, so both give the same hand
and leave the generator in the same state; a plan kept for an observation
must give the deal a fresh plan gives.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tests.mentok.strategies import configs, random_playout

determinize_module = sys.modules["tablerules.mentok.determinize"]


class _OwnRandom(random.Random):
    """A generator with its own ``random()``: random.Random then draws with it, not with bits."""

    def random(self) -> float:
        return super().random()


_NEEDS = st.tuples(
    st.integers(0, 6),
    st.frozensets(st.integers(2, 14), max_size=6),
    st.frozensets(st.integers(2, 14), max_size=4),
)
"""A hand's size, its excluded ranks and its required ranks."""


@settings(max_examples=300, deadline=None)
@given(
    decks=st.sampled_from([1, 2]),
    size=st.integers(0, 90),
    needs=_NEEDS,
    seed=st.integers(0, 2**32),
)
def test_the_written_out_sampler_draws_as_the_general_one(
    decks: int, size: int, needs: tuple[int, frozenset[int], frozenset[int]], seed: int
) -> None:
    cards = list(range(52)) * decks
    random.Random(seed).shuffle(cards)
    pool = bytearray(cards[: min(size, len(cards))])
    need = determinize_module._Need(1, *needs)
    general, written = random.Random(seed), random.Random(seed)
    expected = determinize_module._sample_places(pool, need, determinize_module._Draws(general))
    draws = determinize_module._Draws(written)
    assert draws.bits is not None
    assert determinize_module._sample_places_by_bits(pool, need, draws, draws.bits) == expected
    assert written.getstate() == general.getstate()


def test_other_generators_keep_their_own_draws() -> None:
    assert determinize_module._Draws(_OwnRandom(1)).bits is None
    state = mentok.new_game(mentok.Config(players=6, decks=2), seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state = mentok.apply(state, mentok.random_action(state, rng))
    assert state.to_act is not None
    view = mentok.observe(state, state.to_act)
    for seed in range(5):
        guess = mentok.determinize(view, _OwnRandom(seed))
        assert mentok.observe(guess, view.seat) == view


@contextmanager
def fresh_plans() -> Iterator[None]:
    """Make every plan afresh, as if no observation had been seen."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(determinize_module, "_plan_of", determinize_module._make_plan)
        yield


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_a_kept_plan_deals_as_a_fresh_one(config: mentok.Config, seed: int) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), limit=200)
    for state in states[:: max(1, len(states) // 8)]:
        for seat in range(config.players):
            view = mentok.observe(state, seat)
            kept = [mentok.determinize(view, random.Random(draw)) for draw in range(3)]
            with fresh_plans():
                fresh = [mentok.determinize(view, random.Random(draw)) for draw in range(3)]
            assert kept == fresh


def test_plans_are_kept_per_observation_and_bounded() -> None:
    state = mentok.new_game(mentok.Config(players=5), seed=2)
    view = mentok.observe(state, 1)
    first = determinize_module._plan_of(view)
    assert determinize_module._plan_of(view) is first
    equal = mentok.observe(state, 1)
    assert equal == view
    assert equal is not view
    assert determinize_module._plan_of(equal) is not first  # kept by identity only
    for seed in range(3 * determinize_module._PLANS_KEPT):
        other = mentok.observe(mentok.new_game(seed=seed), 0)
        determinize_module._plan_of(other)
        assert len(determinize_module._PLANS) <= determinize_module._PLANS_KEPT


def test_an_observation_that_does_not_add_up_is_refused_every_time() -> None:
    import attrs

    view = mentok.observe(mentok.new_game(seed=3), 0)
    broken = attrs.evolve(view, deck_size=view.deck_size + 1)
    for _ in range(2):
        with pytest.raises(tr.RulesError, match="does not add up"):
            mentok.determinize(broken, random.Random(0))
