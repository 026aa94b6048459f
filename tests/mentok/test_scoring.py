"""Blackjack values with soft aces, and the points of one set of cards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tests.mentok.strategies import cards


@pytest.mark.parametrize(
    ("text", "value", "soft"),
    [
        ("", 0, False),
        ("2c 9d", 11, False),
        ("Kc Qd", 20, False),
        ("Jc Ts", 20, False),
        ("As", 11, True),
        ("As 6d", 17, True),
        ("As 6d 9c", 16, False),
        ("As Ad", 12, True),
        ("As Ad Ac Ah", 14, True),
        ("As Ad 9c", 21, True),
        ("As Kd", 21, True),
        ("As Kd Qc", 21, False),
        ("Ks Qd 5c", 25, False),
        ("As As Ks Ks", 22, False),
    ],
)
def test_hand_value_counts_aces_as_1_or_11(text: str, value: int, soft: bool) -> None:
    assert mentok.hand_value(cards(text)) == value
    assert mentok.is_soft(cards(text)) is soft


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Tc 6d", 0),
        ("Tc 7d", 1),
        ("Tc 8d", 2),
        ("Tc 9d", 3),
        ("Tc Kd", 4),
        ("Tc 5d 6h", 5),
        ("Ac Kd", 6),
        ("Ac Ad 9h", 5),
        ("2c 3d 4h 2s 5c", 1),
        ("2c 3d 4h 2s 6c", 2),
        ("2c 3d 4h 2s Tc", 6),
        ("2c 3d 4h 2s 2d 3c", 1),
        ("Tc 9d 5h", 0),
        ("2c 3d 4h 5s Tc", 0),
        ("", 0),
    ],
)
def test_hand_points(text: str, points: int) -> None:
    assert mentok.hand_points(cards(text)) == points


def test_hand_points_rejects_non_cards() -> None:
    with pytest.raises(tr.CardError, match="expected Card"):
        mentok.hand_points([1, 2])  # type: ignore[list-item]


@given(st.lists(st.sampled_from(tr.FULL_DECK), max_size=8))
def test_value_is_the_best_total_not_over_21(hand: list[tr.Card]) -> None:
    low = sum(1 if card.rank == 14 else min(int(card.rank), 10) for card in hand)
    aces = sum(card.rank == 14 for card in hand)
    totals = [low + 10 * k for k in range(aces + 1)]
    fitting = [total for total in totals if total <= 21]
    assert mentok.hand_value(hand) == (max(fitting) if fitting else low)
