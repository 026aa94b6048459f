"""The text notation of Mentok actions: ``str(action)`` and :func:`parse_action`.

=============================  ============================================
Text                           Action
=============================  ============================================
``ask 2 Q``                    ``Ask(target=2, rank="Q")``
``ask 0 9 split``              ``Ask(0, "9", split=True)``
``ask 1 T hand 1``             ``Ask(1, "10", hand=1)`` (``T`` is ten)
``stand 0``, ``stand 1``       ``Stand(hand=0)``, ``Stand(hand=1)``
``score table``                ``Score(use_hand=False)``
``score hand``                 ``Score(use_hand=True)``
=============================  ============================================

An ask names the seat asked and the rank by its letter, then ``hand N`` when
the card goes to a table hand other than 0, then ``split`` when it asks to
split. A stand always names its table hand. :func:`parse_action` reads back
exactly what ``str(action)`` writes, for every action (legal now or not);
it also takes a lower-case rank letter or ``10``, and any run of spaces
between the words.

>>> from tablerules import mentok
>>> str(mentok.Ask(2, "Q")), str(mentok.Stand()), str(mentok.Score(use_hand=True))
('ask 2 Q', 'stand 0', 'score hand')
>>> mentok.parse_action("ask 1 T hand 1")
Ask(target=1, rank=<Rank.TEN: 10>, hand=1, split=False)
>>> mentok.parse_action("fish 2 Q")
Traceback (most recent call last):
...
tablerules.errors.IllegalActionError: 'fish 2 Q' is not a Mentok action: write 'ask <seat> ...
"""

from __future__ import annotations

import re
from typing import Final

from tablerules.errors import IllegalActionError, show
from tablerules.mentok.actions import Action, Ask, Score, Stand

__all__ = ["parse_action"]

_NUMBER: Final = r"(-?[0-9]{1,78})"
_ASK: Final = re.compile(rf"ask {_NUMBER} (\S+)(?: hand {_NUMBER})?( split)?")
_STAND: Final = re.compile(rf"stand {_NUMBER}")
_SCORES: Final[dict[str, Action]] = {
    "score table": Score(use_hand=False),
    "score hand": Score(use_hand=True),
}


def parse_action(text: str) -> Action:
    """The action that ``str(action)`` wrote as ``text``.

    Text that is not an action in this notation raises
    :class:`~tablerules.IllegalActionError` showing the notation; an ask
    whose rank is not a rank raises :class:`~tablerules.CardError`; a value
    that is not a ``str`` raises :class:`TypeError`.

    >>> from tablerules import mentok
    >>> mentok.parse_action("ask 3 J"), mentok.parse_action("score table")
    (Ask(target=3, rank=<Rank.JACK: 11>, hand=0, split=False), Score(use_hand=False))
    >>> action = mentok.Ask(2, "J", split=True)
    >>> mentok.parse_action(str(action)) == action
    True
    >>> mentok.parse_action("ask 3 X")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Ask.rank must be a rank: Rank.TWO .. Rank.ACE, 2 to 14, ...
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str such as 'ask 2 Q', not {type(text).__name__}")
    words = " ".join(text.split())
    found = _ASK.fullmatch(words)
    if found is not None:
        target, rank, hand, split = found.groups()
        return Ask(int(target), rank, 0 if hand is None else int(hand), split is not None)
    found = _STAND.fullmatch(words)
    if found is not None:
        return Stand(int(found.group(1)))
    score = _SCORES.get(words)
    if score is not None:
        return score
    raise IllegalActionError(
        f"{show(text)} is not a Mentok action: write 'ask <seat> <rank>' (then 'hand <n>' "
        "for a table hand other than 0, and 'split' to split), 'stand <hand>', "
        "'score table' or 'score hand'; for example 'ask 2 Q', 'ask 0 9 split', 'stand 0'"
    )
