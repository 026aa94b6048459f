"""Hypothesis strategies shared by the test suite."""

from __future__ import annotations

from hypothesis import strategies as st

import tablerules as tr

cards = st.sampled_from(tr.FULL_DECK)
"""Any one card."""

seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Game seeds."""


def hands(size: int) -> st.SearchStrategy[tuple[tr.Card, ...]]:
    """``size`` distinct cards, in random order."""
    return st.permutations(tr.FULL_DECK).map(lambda deck: tuple(deck[:size]))


def hand_sizes(low: int, high: int) -> st.SearchStrategy[tuple[tr.Card, ...]]:
    """Between ``low`` and ``high`` distinct cards."""
    return st.integers(low, high).flatmap(hands)


card_texts = st.sampled_from([str(card) for card in tr.FULL_DECK])
"""The text of any one card."""

non_cards = st.one_of(
    st.sampled_from(tr.FULL_DECK).map(int),
    st.integers(-(2**40), 2**40).map(lambda value: int.__new__(tr.Card, value)),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False),
    card_texts,
    st.text(max_size=3),
    st.none(),
    st.tuples(cards),
)
"""Values that are not cards: plain ints equal to a card's code, ``Card``
objects forged with ``int.__new__`` that equal no card, other ints, text,
``None``, a card inside a tuple."""
