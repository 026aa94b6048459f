"""Mock actions: :class:`Draw` a card, then :class:`Meld` and equalise.

Card fields read card text or :class:`~tablerules.Card` values and refuse
anything else with :class:`~tablerules.CardError` when the action is built;
``str(action)`` writes the text notation :func:`~tablerules.mock.parse_action`
reads back (see :mod:`tablerules.mock.notation`).

>>> Meld("Ks Kd", discards="7h 2c")
Meld(cards='Kd Ks', discards='7h 2c')
>>> print(Draw(from_discard=True), "/", Meld("Ks Kd", discards="7h 2c"))
draw discard / meld Kd Ks discard 7h 2c
"""

from __future__ import annotations

import attrs

from tablerules.cards import Card, card_tuple, cards_text
from tablerules.errors import CardError, show

__all__ = ["DISCARD_WORD", "DRAW_WORD", "MELD_WORD", "Action", "Draw", "Meld"]

DRAW_WORD = "draw"
"""The notation's word for a :class:`Draw`."""
DISCARD_WORD = "discard"
"""The notation's word for the discard pile (after ``draw``) or the discards (in a meld)."""
MELD_WORD = "meld"
"""The notation's word for a :class:`Meld`."""


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise CardError(f"Draw.from_discard must be True or False, not {show(value)}")
    return value


def _meld_cards(value: object) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value, "Meld.cards")))


def _discards(value: object) -> tuple[Card, ...]:
    return card_tuple(value, "Meld.discards")


@attrs.frozen
class Draw:
    """The first step of a turn: take the top card of the draw pile or of the discard pile.

    >>> from tablerules.mock import Draw
    >>> Draw(), str(Draw())
    (Draw(from_discard=False), 'draw')
    >>> Draw(from_discard=True), str(Draw(from_discard=True))
    (Draw(from_discard=True), 'draw discard')
    >>> Draw(from_discard=1)
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Draw.from_discard must be True or False, not 1
    """

    from_discard: bool = attrs.field(default=False, converter=_flag)
    """``True`` takes the top card of the discard pile, ``False`` the next card of the draw pile."""

    def __str__(self) -> str:
        return f"{DRAW_WORD} {DISCARD_WORD}" if self.from_discard else DRAW_WORD


@attrs.frozen(repr=False)
class Meld:
    """The second step of a turn: meld cards face up, then equalise the hand to three.

    ``cards`` are stored sorted (their order does not matter); ``discards``
    keep their order: the last one named ends on top of the discard pile.
    Both take cards or card text.

    >>> from tablerules.mock import Meld
    >>> from tablerules import parse_cards
    >>> Meld(parse_cards("Ks Kd"), parse_cards("7h 2c"))
    Meld(cards='Kd Ks', discards='7h 2c')
    >>> Meld("Ks Kd") == Meld("Kd Ks")
    True
    >>> print(Meld(), Meld("Ks Kd"), Meld(discards="9c"), sep=" / ")
    meld / meld Kd Ks / discard 9c
    >>> Meld(cards=[14])
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Meld.cards must hold cards or card text such as 'As Kd', not 14
    """

    cards: tuple[Card, ...] = attrs.field(default=(), converter=_meld_cards)
    """The cards melded this turn (possibly none)."""
    discards: tuple[Card, ...] = attrs.field(default=(), converter=_discards)
    """The cards discarded, in order; the last one ends on top of the discard pile."""

    def __repr__(self) -> str:
        return f"Meld(cards={cards_text(self.cards)!r}, discards={cards_text(self.discards)!r})"

    def __str__(self) -> str:
        if not self.cards:
            if self.discards:
                return f"{DISCARD_WORD} {cards_text(self.discards)}"
            return MELD_WORD
        if self.discards:
            return (
                f"{MELD_WORD} {cards_text(self.cards)} {DISCARD_WORD} {cards_text(self.discards)}"
            )
        return f"{MELD_WORD} {cards_text(self.cards)}"


Action = Draw | Meld
"""Any Mock action."""
