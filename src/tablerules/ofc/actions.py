"""The one OFC action: :class:`Place`."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import attrs

from tablerules.cards import Card, cards_text, parse_cards

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["Action", "Place"]


def _cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """Cards given as card text or cards, sorted (the order never matters)."""
    if isinstance(value, str):
        return tuple(sorted(parse_cards(value))) if value.strip() else ()
    cards = tuple(value)
    if all(isinstance(card, Card) for card in cards):
        return tuple(sorted(cards))
    return cards  # the rules name the bad item when the action is checked


@attrs.frozen
class Place:
    """Place this turn's cards: what each row receives, and what is discarded.

    Pineapple streets discard one card, a fantasyland turn discards the cards
    beyond 13, classic streets discard none. Cards may be given as text and
    are stored sorted, so two orders of the same cards are the same action.

    >>> Place(top="Ks", bottom="2c 2d").bottom
    (Card.parse('2c'), Card.parse('2d'))
    >>> Place(top="Ks", bottom="2d 2c") == Place(bottom="2c 2d", top="Ks")
    True
    >>> print(Place(middle="9h 9s", discard="3c"))
    top - | middle 9s 9h | bottom - | discard 3c
    """

    top: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    """Cards added to the top row."""
    middle: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    """Cards added to the middle row."""
    bottom: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    """Cards added to the bottom row."""
    discard: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    """Cards discarded face down."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the action names, rows first, then discards.

        >>> len(Place(top="Ks", bottom="2c 2d", discard="3c").cards)
        4
        """
        return self.top + self.middle + self.bottom + self.discard

    def __str__(self) -> str:
        parts = zip(
            ("top", "middle", "bottom", "discard"),
            (self.top, self.middle, self.bottom, self.discard),
            strict=False,
        )
        return " | ".join(
            f"{name} {cards_text(reversed(row)) if row else '-'}" for name, row in parts
        )


_new = object.__new__
_SET_TOP = Place.__dict__["top"].__set__
_SET_MIDDLE = Place.__dict__["middle"].__set__
_SET_BOTTOM = Place.__dict__["bottom"].__set__
_SET_DISCARD = Place.__dict__["discard"].__set__


def _make_place(
    top: tuple[Card, ...],
    middle: tuple[Card, ...],
    bottom: tuple[Card, ...],
    discard: tuple[Card, ...],
) -> Place:
    """A Place from sorted card tuples: the engine's fast path."""
    place = _new(Place)
    _SET_TOP(place, top)
    _SET_MIDDLE(place, middle)
    _SET_BOTTOM(place, bottom)
    _SET_DISCARD(place, discard)
    return place


Action: TypeAlias = Place
"""Every OFC action (there is one kind)."""
