"""Mentok actions: :class:`Ask`, :class:`Stand` and :class:`Score`."""

from __future__ import annotations

import attrs

from tablerules.cards import RANK_LETTERS, Rank
from tablerules.errors import IllegalActionError

__all__ = ["Action", "Ask", "Score", "Stand"]


def _to_rank(value: object) -> Rank:
    """A rank from a :class:`Rank`, an int 2 to 14, or a rank letter such as ``"K"``."""
    if isinstance(value, str) and len(value) == 1 and value.upper() in RANK_LETTERS:
        return Rank(RANK_LETTERS.index(value.upper()) + 2)
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return Rank(value)
    raise IllegalActionError(
        f"{value!r} is not a rank: use Rank.TWO .. Rank.ACE, 2 to 14, or a letter such as 'K'"
    )


@attrs.frozen
class Ask:
    """Ask seat ``target`` for a card of ``rank`` and meld it to table hand ``hand``.

    If the target holds that rank they give their earliest-received card of
    it; otherwise the asker draws the top card of the deck. Either way the
    card is melded to the asker's table hand ``hand`` and the turn ends.
    ``split=True`` (first turn only, ``hand=0``, the base card's rank) makes a
    given card start a second table hand. ``rank`` may be a
    :class:`~tablerules.Rank`, an int or a rank letter.

    >>> Ask(2, "K")
    Ask(target=2, rank=<Rank.KING: 13>, hand=0, split=False)
    >>> Ask(1, 14) == Ask(1, "A")
    True
    >>> Ask(1, "Z")
    Traceback (most recent call last):
    ...
    tablerules.errors.IllegalActionError: 'Z' is not a rank: use Rank.TWO .. Rank.ACE, 2 to 14, ...
    """

    target: int
    """The seat asked."""

    rank: Rank = attrs.field(converter=_to_rank)
    """The rank asked for."""

    hand: int = 0
    """The asker's active table hand that receives the card."""

    split: bool = False
    """Split if the card is given (first turn only, asking for the base card's rank)."""


@attrs.frozen
class Stand:
    """Sit on active table hand ``hand``; it takes no more cards this round.

    >>> Stand()
    Stand(hand=0)
    """

    hand: int = 0
    """The table hand to stand on."""


@attrs.frozen
class Score:
    """The end-of-round choice: score the table (False) or the cards still held (True).

    >>> Score(use_hand=True)
    Score(use_hand=True)
    """

    use_hand: bool = False
    """True to score the cards held in hand instead of the table hands."""


Action = Ask | Stand | Score
"""Any Mentok action."""
