"""A user's program, type-checked by CI with ``mypy --strict`` against the installed wheel."""

from __future__ import annotations

import tablerules as tr


def best_of(text: str) -> str:
    """Describe the best five cards of a hand written as text."""
    cards: tuple[tr.Card, ...] = tr.parse_cards(text)
    value: int = tr.best_rank(cards)
    category: tr.HandCategory = tr.category(value)
    return f"{tr.describe(value)} ({category.name})"


def highest(cards: list[tr.Card]) -> tr.Card:
    """The highest card, ordered by rank then suit."""
    top = max(cards)
    rank: tr.Rank = top.rank
    suit: tr.Suit = top.suit
    assert tr.Card(rank, suit) is top
    return top


if __name__ == "__main__":
    print(best_of("As Ks Qs Js Ts 2c 3d"), highest(list(tr.FULL_DECK)))
