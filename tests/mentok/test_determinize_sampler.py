"""Mentok's Sampler: many determinizations of one observation.

A sampler draws the states :func:`mentok.determinize` gives with the same
generator, however many it has drawn before, and refuses what determinize
refuses.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tests.mentok.strategies import configs, random_playout


class _OwnRandom(random.Random):
    """A generator with its own ``random()``: random.Random then draws with it, not with bits."""

    def random(self) -> float:
        return super().random()


@settings(max_examples=40, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_a_sampler_draws_what_determinize_draws(config: mentok.Config, seed: int) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), limit=200)
    for state in states[:: max(1, len(states) // 8)]:
        for seat in range(config.players):
            view = mentok.observe(state, seat)
            sampler = mentok.Sampler(view)
            assert sampler.observation is view
            drawn = [sampler.sample(random.Random(draw)) for draw in range(3)]
            assert drawn == [mentok.determinize(view, random.Random(draw)) for draw in range(3)]
            for guess in drawn:
                assert mentok.observe(guess, seat) == view


def test_any_random_generator_deals() -> None:
    state = mentok.new_game(mentok.Config(players=6, decks=2), seed=4)
    rng = random.Random(4)
    for _ in range(12):
        state = mentok.apply(state, mentok.random_action(state, rng))
    assert state.to_act is not None
    view = mentok.observe(state, state.to_act)
    sampler = mentok.Sampler(view)
    for seed in range(5):
        guess = sampler.sample(_OwnRandom(seed))
        assert mentok.observe(guess, view.seat) == view


def test_a_sampler_refuses_what_determinize_refuses() -> None:
    state = mentok.new_game(seed=3)
    view = mentok.observe(state, 0)
    with pytest.raises(
        TypeError, match=r"must be a tablerules\.mentok\.Observation, not tablerules\.mentok\.State"
    ):
        mentok.Sampler(state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        mentok.Sampler(view).sample(7)  # type: ignore[arg-type]
    broken = attrs.evolve(view, deck_size=view.deck_size + 1)
    for _ in range(2):
        with pytest.raises(tr.RulesError, match="does not add up"):
            mentok.determinize(broken, random.Random(0))
    with pytest.raises(tr.RulesError, match="does not add up"):
        mentok.Sampler(broken)
