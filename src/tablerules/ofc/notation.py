"""The text notation of OFC actions: ``str(place)`` and :func:`parse_action` read each other.

A :class:`~tablerules.ofc.Place` is written as the parts that hold cards, in
the order top, middle, bottom, discard, each named and followed by its cards
(highest first, as boards print), joined by ``" | "``; a place of no cards is
``"-"``. Reading is a little more lenient than writing: cards may come in any
order or run together (``"9s9h"``), a part may be written with ``-`` for no
cards, and spaces around ``|`` do not matter; the action read is the same.

>>> from tablerules.ofc import Place, parse_action
>>> str(Place(top="Ks", middle="9h 9s", discard="3c"))
'top Ks | middle 9s 9h | discard 3c'
>>> parse_action("top Ks | middle 9s 9h | discard 3c") == Place(
...     top="Ks", middle="9s 9h", discard="3c"
... )
True
>>> parse_action("top Ks | middle - | bottom - | discard 3c") == parse_action("top Ks | discard 3c")
True
>>> parse_action("middle Ks | top 2c")
Traceback (most recent call last):
...
tablerules.errors.IllegalActionError: 'middle Ks | top 2c' is not an OFC action: ...
"""

from __future__ import annotations

from tablerules.cards import parse_cards
from tablerules.errors import IllegalActionError, show
from tablerules.ofc.actions import PART_NAMES, Place

__all__ = ["parse_action"]

NOTATION = (
    "'top Ks Qd | middle 9s 9h | bottom 2c | discard 3c' (parts in this order, empty ones left out)"
)


def parse_action(text: str) -> Place:
    """Read an action written by ``str(place)``; the result equals the original.

    Bad notation raises :class:`~tablerules.IllegalActionError` showing the
    expected form; bad card text raises :class:`~tablerules.CardError`.

    >>> from tablerules.ofc import Place, parse_action
    >>> print(parse_action("top As Ad | bottom Kc"))
    top As Ad | bottom Kc
    >>> parse_action("-") == Place()
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_action takes the text of an action, not {type(text).__name__}")
    if text.strip() == "-":
        return Place()
    fields: dict[str, str] = {}
    last = -1
    for part in text.split("|"):
        name, _, cards = part.strip().partition(" ")
        position = PART_NAMES.index(name) if name in PART_NAMES else -1
        if position <= last or not cards.strip():
            raise IllegalActionError(
                f"{show(text)} is not an OFC action: write it as {NOTATION}, or '-' for no cards"
            )
        last = position
        fields[name] = "" if cards.strip() == "-" else cards
    return Place(**{name: parse_cards(cards) if cards else () for name, cards in fields.items()})
