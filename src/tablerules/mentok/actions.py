"""Mentok actions: :class:`Ask`, :class:`Stand` and :class:`Score`.

Each action checks the kind of its fields when it is built and raises
:class:`~tablerules.CardError` naming the field for a value of the wrong
kind; whether an action is legal now is for :func:`~tablerules.mentok.apply`
and :func:`~tablerules.mentok.is_legal` to say. ``str(action)`` is the short
text notation that :func:`~tablerules.mentok.parse_action` reads back (see
:mod:`tablerules.mentok.notation`).
"""

from __future__ import annotations

from typing import Any

import attrs

from tablerules.cards import RANK_LETTERS, Rank
from tablerules.errors import MAX_INT_BITS, CardError, show

__all__ = ["Action", "Ask", "Score", "Stand"]


def _to_rank(value: object) -> Rank:
    """A rank from a :class:`~tablerules.Rank`, an int 2 to 14, or rank text such as ``"Q"``.

    Rank text is a rank letter (upper or lower case, ``"T"`` for ten) or ``"10"``.

    >>> _to_rank("q"), _to_rank("10"), _to_rank(14)
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>, <Rank.ACE: 14>)
    >>> _to_rank("Z")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Ask.rank must be a rank: Rank.TWO .. Rank.ACE, 2 to 14, ...
    """
    if isinstance(value, str):
        text = "T" if value == "10" else value.upper()
        if len(text) == 1 and text in RANK_LETTERS:
            return Rank(RANK_LETTERS.index(text) + 2)
    elif isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return Rank(value)
    raise CardError(
        "Ask.rank must be a rank: Rank.TWO .. Rank.ACE, 2 to 14, or rank text such as "
        f"'Q', 'T' or '10', not {show(value)}"
    )


def _int_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value.bit_length() > MAX_INT_BITS:
        what = "a seat number" if attribute.name == "target" else "a table hand number"
        raise CardError(
            f"{type(instance).__name__}.{attribute.name} must be {what} (an int), not {show(value)}"
        )


def _bool_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise CardError(
            f"{type(instance).__name__}.{attribute.name} must be True or False, not {show(value)}"
        )


@attrs.frozen
class Ask:
    """Ask seat ``target`` for a card of ``rank`` and meld it to table hand ``hand``.

    If the target holds that rank they give their earliest-received card of
    it; otherwise the asker draws the top card of the deck. Either way the
    card is melded to the asker's table hand ``hand`` and the turn ends.
    ``split=True`` (first turn only, ``hand=0``, the base card's rank) makes a
    given card start a second table hand. ``rank`` may be a
    :class:`~tablerules.Rank`, an int 2 to 14, or rank text (``"Q"``, ``"T"``
    or ``"10"``). ``str(ask)`` is its notation.

    >>> from tablerules.mentok import Ask
    >>> Ask(2, "K")
    Ask(target=2, rank=<Rank.KING: 13>, hand=0, split=False)
    >>> Ask(1, 14) == Ask(1, "A"), str(Ask(1, "10", hand=1)), str(Ask(0, "9", split=True))
    (True, 'ask 1 T hand 1', 'ask 0 9 split')
    >>> Ask(1, "Z")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Ask.rank must be a rank: Rank.TWO .. Rank.ACE, 2 to 14, ...
    >>> Ask("x", "K")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Ask.target must be a seat number (an int), not 'x'
    """

    target: int = attrs.field(validator=_int_field)
    """The seat asked."""

    rank: Rank = attrs.field(converter=_to_rank)
    """The rank asked for."""

    hand: int = attrs.field(default=0, validator=_int_field)
    """The asker's active table hand that receives the card."""

    split: bool = attrs.field(default=False, validator=_bool_field)
    """Split if the card is given (first turn only, asking for the base card's rank)."""

    def __str__(self) -> str:
        text = f"ask {self.target} {self.rank.letter}"
        if self.hand != 0:
            text += f" hand {self.hand}"
        if self.split:
            text += " split"
        return text


@attrs.frozen
class Stand:
    """Sit on active table hand ``hand``; it takes no more cards this round.

    >>> from tablerules.mentok import Stand
    >>> Stand(), str(Stand(1))
    (Stand(hand=0), 'stand 1')
    >>> Stand(hand=True)
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Stand.hand must be a table hand number (an int), not True
    """

    hand: int = attrs.field(default=0, validator=_int_field)
    """The table hand to stand on."""

    def __str__(self) -> str:
        return f"stand {self.hand}"


@attrs.frozen
class Score:
    """The end-of-round choice: score the table (False) or the cards still held (True).

    >>> from tablerules.mentok import Score
    >>> Score(use_hand=True), str(Score(use_hand=True)), str(Score())
    (Score(use_hand=True), 'score hand', 'score table')
    >>> Score(use_hand=1)
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Score.use_hand must be True or False, not 1
    """

    use_hand: bool = attrs.field(default=False, validator=_bool_field)
    """True to score the cards held in hand instead of the table hands."""

    def __str__(self) -> str:
        return "score hand" if self.use_hand else "score table"


Action = Ask | Stand | Score
"""Any Mentok action."""
