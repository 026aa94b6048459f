"""Blackjack values and the points of one set of cards: :func:`hand_value`, :func:`hand_points`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablerules.cards import FULL_DECK, Card
from tablerules.errors import CardError

__all__ = ["hand_points", "hand_value", "is_soft"]

LOW_VALUE: Final[dict[Card, int]] = {
    card: 1 if card.rank == 14 else min(int(card.rank), 10) for card in FULL_DECK
}
"""Each card's blackjack value with an ace counted as 1."""

RANK_OF: Final[dict[Card, int]] = {card: int(card.rank) for card in FULL_DECK}
"""Each card's rank as a plain int (2 to 14), for the engine's hot paths."""


def value_unchecked(cards: Sequence[Card]) -> int:
    """Blackjack value of known-valid cards (no checks)."""
    low = LOW_VALUE
    total = 0
    ace = False
    for card in cards:
        point = low[card]
        total += point
        if point == 1:
            ace = True
    if ace and total <= 11:
        return total + 10
    return total


def _value(cards: Sequence[Card]) -> int:
    total = sum(LOW_VALUE[card] for card in cards)
    if total <= 11 and any(LOW_VALUE[card] == 1 for card in cards):
        return total + 10
    return total


def points_unchecked(cards: Sequence[Card]) -> int:
    """Points of known-valid cards (no checks); see :func:`hand_points`."""
    value = value_unchecked(cards)
    if value > 21:
        return 0
    points = value - 16 if value >= 17 else 0
    size = len(cards)
    if size == 2 and value == 21:
        points += 1
    if size >= 5:
        points += 1
    return points


def _checked(cards: Sequence[Card]) -> Sequence[Card]:
    for card in cards:
        if not isinstance(card, Card):
            raise CardError(f"expected Card values, not {card!r}")
    return cards


def hand_value(cards: Sequence[Card]) -> int:
    """The blackjack value of ``cards``: 2 to 9 at face value, T J Q K 10, an ace 1 or 11.

    Each ace counts 11 when that keeps the total at 21 or less (a soft hand),
    else 1. Duplicate cards (two decks) are allowed; no cards are worth 0.

    >>> from tablerules import parse_cards
    >>> hand_value(parse_cards("As 6d")), hand_value(parse_cards("As 6d 9c"))
    (17, 16)
    >>> hand_value(parse_cards("Ks Qd 5c"))
    25
    """
    return _value(_checked(cards))


def is_soft(cards: Sequence[Card]) -> bool:
    """True if an ace in ``cards`` counts 11 in :func:`hand_value`.

    >>> from tablerules import parse_cards
    >>> is_soft(parse_cards("As 6d")), is_soft(parse_cards("As 6d 9c"))
    (True, False)
    """
    _checked(cards)
    low = sum(LOW_VALUE[card] for card in cards)
    return any(LOW_VALUE[card] == 1 for card in cards) and low <= 11


def hand_points(cards: Sequence[Card]) -> int:
    """Points one set of cards (a table hand, or the cards held) scores at the end of a round.

    Value 17 scores 1, 18 scores 2, 19 scores 3, 20 scores 4 and 21 scores 5;
    anything else (less than 17, or bust over 21) scores 0. Bonuses: +1 for a
    blackjack (exactly two cards worth 21), +1 for five-and-under (five or
    more cards worth 21 or less).

    >>> from tablerules import parse_cards
    >>> hand_points(parse_cards("Ah Kd"))          # blackjack: 5 + 1
    6
    >>> hand_points(parse_cards("2c 3d 4h 2s 5c")) # five-and-under at 16
    1
    >>> hand_points(parse_cards("Tc 9d 5h"))       # bust
    0
    """
    return points_unchecked(_checked(cards))
