"""The text notation of Mock actions: ``str(action)`` and :func:`parse_action`.

``str(action)`` writes an action in a few words, and :func:`parse_action`
reads it back exactly, so records and logs stay readable:

==========================  ===========================================
Text                        Action
==========================  ===========================================
``draw``                    ``Draw()``: the next card of the draw pile
``draw discard``            ``Draw(from_discard=True)``: the top discard
``meld``                    ``Meld()``: meld nothing, discard nothing
``meld Kd Ks``              ``Meld("Kd Ks")``: meld two cards
``discard 7h 2c``           ``Meld(discards="7h 2c")``: discard two, 2c on top
``meld Kd Ks discard 7h``   ``Meld("Kd Ks", "7h")``: both
==========================  ===========================================

Melded cards are written sorted, discards in their order (the last one ends
on top of the discard pile). Cards are card text as
:func:`~tablerules.parse_cards` reads it.

>>> from tablerules import mock
>>> action = mock.Meld("Ks Kd", discards="7h 2c")
>>> str(action)
'meld Kd Ks discard 7h 2c'
>>> parse_action(str(action)) == action
True
>>> parse_action("draw the top card")
Traceback (most recent call last):
...
tablerules.errors.IllegalActionError: not a Mock action: 'draw the top card' (write 'draw', ...)
"""

from __future__ import annotations

from typing import Final

from tablerules.cards import parse_cards
from tablerules.errors import IllegalActionError, show
from tablerules.mock.actions import DISCARD_WORD, DRAW_WORD, MELD_WORD, Action, Draw, Meld

__all__ = ["parse_action"]

_EXPECTED: Final = (
    "write 'draw', 'draw discard', 'meld', 'meld <cards>', 'discard <cards>' "
    "or 'meld <cards> discard <cards>', such as 'meld Kd Ks discard 7h'"
)
_DRAW: Final = Draw(from_discard=False)
_DRAW_DISCARD: Final = Draw(from_discard=True)


def parse_action(text: str) -> Action:
    """The action ``str(action)`` wrote as ``text`` (see the module docstring).

    Bad notation raises :class:`~tablerules.IllegalActionError` showing the
    expected forms; bad card text raises :class:`~tablerules.CardError`.

    >>> from tablerules.mock import parse_action
    >>> parse_action("draw"), parse_action("draw discard")
    (Draw(from_discard=False), Draw(from_discard=True))
    >>> parse_action("meld As Ad discard 2c")
    Meld(cards='Ad As', discards='2c')
    >>> parse_action("meld As Zz")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: bad card 'Zz': 'Z' is not a rank (expected one of ...)
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str such as 'draw', not {type(text).__name__}")
    words = text.split()
    if words == [DRAW_WORD]:
        return _DRAW
    if words == [DRAW_WORD, DISCARD_WORD]:
        return _DRAW_DISCARD
    if not words or words[0] not in (MELD_WORD, DISCARD_WORD):
        raise IllegalActionError(f"not a Mock action: {show(text)} ({_EXPECTED})")
    melded, discarded = ([], words[1:]) if words[0] == DISCARD_WORD else (words[1:], [])
    if DISCARD_WORD in melded:
        at = melded.index(DISCARD_WORD)
        melded, discarded = melded[:at], melded[at + 1 :]
    if words[-1] == DISCARD_WORD:
        raise IllegalActionError(
            f"not a Mock action: {show(text)} names no card after 'discard' ({_EXPECTED})"
        )
    if {DRAW_WORD, DISCARD_WORD, MELD_WORD}.intersection(melded + discarded):
        raise IllegalActionError(f"not a Mock action: {show(text)} ({_EXPECTED})")
    return Meld(
        parse_cards(" ".join(melded)) if melded else (),
        parse_cards(" ".join(discarded)) if discarded else (),
    )
