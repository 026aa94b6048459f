"""Cross-checks against peer evaluators, run when the ``bench`` extra is installed."""

from __future__ import annotations

import itertools

import pytest

import tablerules as tr
from tests.test_ranking import PINNED_ORDER_SHA256, dense_order_digest


@pytest.mark.slow
def test_order_matches_treys() -> None:
    """treys ranks all 2,598,960 hands in the same order, and gives the pinned digest."""
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    five = evaluator._five  # the peer's own five-card entry point
    codes = {card: treys.Card.new(str(card)) for card in tr.FULL_DECK}
    deck = [codes[card] for card in tr.FULL_DECK]
    # treys: 1 is the best hand and 7462 the worst; flip so larger is stronger.
    flipped = [7463 - five(list(hand)) for hand in itertools.combinations(deck, 5)]
    assert dense_order_digest(flipped) == PINNED_ORDER_SHA256
    ours = tr.rank5_many(list(itertools.combinations(tr.FULL_DECK, 5)))
    assert dense_order_digest(ours) == PINNED_ORDER_SHA256


def test_sample_matches_pokerkit() -> None:
    """pokerkit's standard high hands compare as ours on a fixed sample."""
    pokerkit = pytest.importorskip("pokerkit")
    import random

    rng = random.Random(11)
    hands = [tuple(rng.sample(tr.FULL_DECK, 5)) for _ in range(600)]
    theirs = [
        pokerkit.StandardHighHand.from_game(tr.cards_text(hand).replace(" ", "")) for hand in hands
    ]
    ours = [tr.rank5(hand) for hand in hands]
    for (a, their_a), (b, their_b) in itertools.pairwise(zip(ours, theirs, strict=True)):
        assert (a < b) == (their_a < their_b)
        assert (a == b) == (their_a == their_b)
