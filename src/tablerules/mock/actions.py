"""Mock actions: :class:`Draw` a card, then :class:`Meld` and equalise."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tablerules.cards import Card, cards_text, parse_cards

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["Action", "Draw", "Meld"]


def _sorted_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(sorted(parse_cards(cards))) if cards.strip() else ()
    return tuple(sorted(cards))


def _card_tuple(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards) if cards.strip() else ()
    return tuple(cards)


@attrs.frozen
class Draw:
    """The first step of a turn: take the top card of the draw pile or of the discard pile.

    >>> Draw()
    Draw(from_discard=False)
    >>> Draw(from_discard=True)
    Draw(from_discard=True)
    """

    from_discard: bool = False
    """``True`` takes the top card of the discard pile, ``False`` the next card of the draw pile."""


@attrs.frozen(repr=False)
class Meld:
    """The second step of a turn: meld cards face up, then equalise the hand to three.

    ``cards`` are stored sorted (their order does not matter); ``discards``
    keep their order: the last one named ends on top of the discard pile.
    Both take cards or card text.

    >>> from tablerules import parse_cards
    >>> Meld(parse_cards("Ks Kd"), parse_cards("7h 2c"))
    Meld(cards='Kd Ks', discards='7h 2c')
    >>> Meld("Ks Kd") == Meld("Kd Ks")
    True
    """

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_sorted_cards)
    """The cards melded this turn (possibly none)."""
    discards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)
    """The cards discarded, in order; the last one ends on top of the discard pile."""

    def __repr__(self) -> str:
        return f"Meld(cards={cards_text(self.cards)!r}, discards={cards_text(self.discards)!r})"


def unchecked_meld(cards: tuple[Card, ...], discards: tuple[Card, ...]) -> Meld:
    """A :class:`Meld` from a sorted tuple of cards, skipping the converters.

    The engine's fast path for actions it builds itself; anything else should
    call :class:`Meld`.

    >>> from tablerules import parse_cards
    >>> unchecked_meld(parse_cards("Kd Ks"), ()) == Meld("Ks Kd")
    True
    """
    meld = _new(Meld)
    _set(meld, "cards", cards)
    _set(meld, "discards", discards)
    return meld


_new = object.__new__
_set = object.__setattr__

Action = Draw | Meld
"""Any Mock action."""
