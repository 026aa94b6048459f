"""Every round's deck is what :func:`random.shuffle` deals from the round's seed.

``round_deck`` inlines the shuffle for speed; this pins it to the standard
library's own algorithm on every Python version the suite runs on, so the
same seed deals the same cards everywhere and golden games keep replaying.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
