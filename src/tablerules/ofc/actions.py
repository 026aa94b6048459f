"""The one OFC action, :class:`Place`: the cards a turn adds to each row, and the discards."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

import attrs

from tablerules._common import fast_init
from tablerules.cards import Card, card_tuple, cards_text

__all__ = ["Action", "Place", "make_place"]

PART_NAMES: Final = ("top", "middle", "bottom", "discard")
"""The parts of a :class:`Place`, in the order its text writes them."""


def _top(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value, "Place.top")))


def _middle(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value, "Place.middle")))


def _bottom(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value, "Place.bottom")))


def _discard(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value, "Place.discard")))


@attrs.frozen
class Place:
    """Place this turn's cards: what each row receives, and what is discarded.

    Pineapple streets discard one card, a fantasyland turn discards the cards
    beyond 13, classic streets discard none. Cards may be given as text or
    as cards and are stored sorted, so two orders of the same cards are the
    same action; anything else raises :class:`~tablerules.CardError`.

    ``str(place)`` is the action's text: the parts that hold cards, in the
    order top, middle, bottom, discard, each named and followed by its cards
    highest first, joined by ``" | "`` (``"-"`` for a place of no cards).
    :func:`~tablerules.ofc.parse_action` reads it back.

    >>> from tablerules.ofc import Place
    >>> Place(top="Ks", bottom="2c 2d").bottom
    (Card.parse('2c'), Card.parse('2d'))
    >>> Place(top="Ks", bottom="2d 2c") == Place(bottom="2c 2d", top="Ks")
    True
    >>> print(Place(middle="9h 9s", discard="3c"))
    middle 9s 9h | discard 3c
    >>> Place(top=[14])
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Place.top must hold cards or card text such as 'As Kd', not 14
    """

    top: tuple[Card, ...] = attrs.field(default=(), converter=_top)
    """Cards added to the top row."""
    middle: tuple[Card, ...] = attrs.field(default=(), converter=_middle)
    """Cards added to the middle row."""
    bottom: tuple[Card, ...] = attrs.field(default=(), converter=_bottom)
    """Cards added to the bottom row."""
    discard: tuple[Card, ...] = attrs.field(default=(), converter=_discard)
    """Cards discarded face down."""

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the action names, rows first, then discards.

        >>> from tablerules.ofc import Place
        >>> len(Place(top="Ks", bottom="2c 2d", discard="3c").cards)
        4
        """
        return self.top + self.middle + self.bottom + self.discard

    def __str__(self) -> str:
        parts = (self.top, self.middle, self.bottom, self.discard)
        text = " | ".join(
            f"{name} {cards_text(reversed(cards))}"
            for name, cards in zip(PART_NAMES, parts, strict=True)
            if cards
        )
        return text or "-"


make_place: Final = fast_init(Place)
"""Build a Place from sorted card tuples, skipping the checks: the engine's fast path."""

Action: TypeAlias = Place
"""Every OFC action (there is one kind)."""
