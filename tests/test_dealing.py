"""Every round's deck is what :func:`random.shuffle` deals from the round's seed.

``round_deck`` inlines the shuffle for speed; this pins it to the standard
library's own algorithm on every Python version the suite runs on, so the
same seed deals the same cards everywhere and golden games keep replaying.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok, mock, ofc
from tablerules._common import round_deck
from tablerules.cards import FULL_DECK


def shuffled_by_random(seed: int, round_index: int, decks: int) -> tuple[object, ...]:
    cards = list(FULL_DECK) * decks
    random.Random(f"tablerules/{seed}/{round_index}").shuffle(cards)
    return tuple(cards)


@pytest.mark.parametrize("decks", [1, 2])
def test_the_first_thousand_seeds_deal_what_random_shuffle_deals(decks: int) -> None:
    for seed in range(1000):
        assert round_deck(seed, seed % 7, decks) == shuffled_by_random(seed, seed % 7, decks)


@given(
    seed=st.integers(min_value=-(2**200), max_value=2**200),
    round_index=st.integers(min_value=0, max_value=10**6),
    decks=st.sampled_from([1, 2]),
)
def test_any_seed_deals_what_random_shuffle_deals(seed: int, round_index: int, decks: int) -> None:
    assert round_deck(seed, round_index, decks) == shuffled_by_random(seed, round_index, decks)


def test_a_deck_holds_every_card_once_per_deck() -> None:
    assert sorted(round_deck(3, 0)) == sorted(FULL_DECK)
    assert sorted(round_deck(3, 0, decks=2)) == sorted(FULL_DECK * 2)


# --- redeal: a round dealt again from a given deck ------------------------------------------

REDEAL_CONFIGS = [
    ofc.Config(max_rounds=3),
    ofc.Config(players=3, progressive=True, max_rounds=3),
    mock.Config(players=3, target=15),
    mentok.Config(players=3, decks=2, max_rounds=4),
]


@pytest.mark.parametrize("config", REDEAL_CONFIGS, ids=repr)
def test_redeal_deals_the_round_from_the_deck_given(config: Any) -> None:
    """``redeal`` of any state of a round and that round's deck gives the round's first state."""
    module = {ofc.Config: ofc, mock.Config: mock, mentok.Config: mentok}[type(config)]
    decks = getattr(config, "decks", 1)
    deck = list(FULL_DECK) * decks
    random.Random(4).shuffle(deck)
    assert module.rules.redeal(module.new_game(config, seed=2), deck) == module.new_game(
        config, seed=2, deck=deck
    )
    rng = random.Random(3)
    state = start = module.new_game(config, seed=9)
    rounds = 0
    while not state.is_over:
        if state.round != start.round:
            start = state
            rounds += 1
        assert module.rules.redeal(state, round_deck(9, state.round, decks)) == start
        state = module.apply(state, module.random_action(state, rng))
    assert rounds >= 1  # later rounds, with their scores and carried state, were dealt again
    with pytest.raises(tr.StateError, match="the game is over"):
        module.rules.redeal(state, deck)
    with pytest.raises(tr.ConfigError, match="a stacked deck must hold"):
        module.rules.redeal(start, deck[1:])
