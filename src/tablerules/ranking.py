"""Poker hand ranking on one shared scale.

Values are plain :class:`int`: larger is stronger and equal is a tie. Hands of
every size (1 to 5 cards) share the scale, so an OFC top row compares with a
middle row as a poker player compares them:

>>> from tablerules import parse_cards, rank3, rank5, describe
>>> top, middle = parse_cards("As Ad Kc"), parse_cards("Ah Ac Qs Jd 2c")
>>> rank3(top) > rank5(middle)        # kicker K beats Q: this board is fouled
True
>>> describe(rank5(parse_cards("Ah Kh Qh Jh Th")))
'royal flush'

The checked functions (:func:`rank5`, :func:`rank3`, :func:`rank_cards`,
:func:`best_rank`, :func:`rank_lowball27`) raise :class:`ValueError` for a
wrong number of cards, a repeated card or values that are not cards. The
``*_unchecked`` functions skip those checks for code that already knows its
hands are valid (game engines, bots running millions of playouts); given
anything else they return garbage or raise :class:`KeyError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from tablerules._tables import (
    CATEGORY_BASE,
    FLUSH_FLAGS,
    KEY_MASK,
    LOWBALL_TOP,
    RANK3,
    RANK3_SIGNED,
    RANK5,
    RANK5_SIGNED,
    SMALL,
    SUIT_FIELDS,
    TOP_DIGIT,
    HandCategory,
    build_lowball27,
    build_rank7,
)
from tablerules.cards import COUNT_SHIFT, RANK_LETTERS, Card

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = [
    "CATEGORY_BASE",
    "TOP_DIGIT",
    "HandCategory",
    "best_rank",
    "best_rank_unchecked",
    "category",
    "describe",
    "lowball27_as_high",
    "rank3",
    "rank3_unchecked",
    "rank5",
    "rank5_many",
    "rank5_unchecked",
    "rank_cards",
    "rank_lowball27",
    "significant_ranks",
]


_MASK: Final = KEY_MASK
_LOWBALL27: dict[int, int] = {}  # filled by build_lowball27() on the first 2-7 hand
_RANK7: dict[int, int] = {}  # filled by build_rank7() on the first seven-card hand


def _hand_error(cards: object, name: str, sizes: str) -> ValueError:
    """Explain why ``cards`` is not a hand for ``name``."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        return ValueError(
            f"{name} takes a sequence of Card, not {type(cards).__name__}; "
            "use parse_cards() to read card text"
        )
    for position, card in enumerate(cards):
        if not isinstance(card, Card):
            return ValueError(
                f"{name}: item {position} is {card!r} ({type(card).__name__}), not a Card"
            )
    if str(len(cards)) not in sizes.split():
        return ValueError(f"{name} takes {sizes.replace(' ', ', ')} cards, got {len(cards)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return ValueError(f"{name}: card {card} appears more than once")
        seen.add(card)
    return ValueError(f"{name}: {cards!r} is not a valid hand")  # pragma: no cover


def rank5(cards: Sequence[Card]) -> int:
    """The value of a five-card hand.

    >>> from tablerules import parse_cards
    >>> rank5(parse_cards("Kh Kd Kc 5s 5d")) > rank5(parse_cards("Ah Qh 9h 5h 2h"))
    True
    >>> rank5(parse_cards("As Ks Qs Js"))
    Traceback (most recent call last):
    ...
    ValueError: rank5 takes 5 cards, got 4
    """
    try:
        a, b, c, d, e = cards
        value = RANK5_SIGNED[(a + b + c + d + e) & _MASK]
    except (ValueError, TypeError, KeyError):
        raise _hand_error(cards, "rank5", "5") from None
    if value < 0:  # a repeated rank: is a card repeated? (cards are interned)
        if (
            a is b or a is c or a is d or a is e or b is c
            or b is d or b is e or c is d or c is e or d is e
        ):  # fmt: skip
            raise _hand_error(cards, "rank5", "5")
        return -value
    return value


def rank5_unchecked(cards: Sequence[Card]) -> int:
    """:func:`rank5` without the checks: the fast path for valid hands only.

    >>> from tablerules import parse_cards
    >>> rank5_unchecked(parse_cards("2c 3d 4h 5s Ac")) == rank5(parse_cards("2c 3d 4h 5s Ac"))
    True
    """
    a, b, c, d, e = cards
    return RANK5[(a + b + c + d + e) & _MASK]


def rank5_many(hands: Iterable[Sequence[Card]]) -> list[int]:
    """The values of many five-card hands at once, checked like :func:`rank5`.

    One call for a whole batch saves the per-call cost of :func:`rank5`.

    >>> from tablerules import parse_cards
    >>> values = rank5_many([parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2d 3h 4s 5c")])
    >>> [describe(value) for value in values]
    ['royal flush', 'pair of twos']
    """
    hands = hands if isinstance(hands, Sequence) else list(hands)
    table, mask = RANK5_SIGNED, _MASK
    values: list[int] = []
    append = values.append
    try:
        for a, b, c, d, e in hands:
            value = table[(a + b + c + d + e) & mask]
            if value < 0:
                if (
                    a is b or a is c or a is d or a is e or b is c
                    or b is d or b is e or c is d or c is e or d is e
                ):  # fmt: skip
                    raise ValueError
                value = -value
            append(value)
    except (ValueError, TypeError, KeyError):
        for hand in hands:
            rank5(hand)  # raises the error of the first bad hand
        raise  # pragma: no cover - rank5 and this loop check the same things
    return values


def rank3(cards: Sequence[Card]) -> int:
    """The value of a three-card hand (an OFC top row): no straights or flushes.

    >>> from tablerules import parse_cards, rank5
    >>> rank3(parse_cards("Qs Qd 2c")) > rank5(parse_cards("Jh Jc As Kd Qc"))
    True
    """
    try:
        a, b, c = cards
        value = RANK3_SIGNED[(a + b + c) & _MASK]
    except (ValueError, TypeError, KeyError):
        raise _hand_error(cards, "rank3", "3") from None
    if value < 0:
        if a is b or b is c or a is c:
            raise _hand_error(cards, "rank3", "3")
        return -value
    return value


def rank3_unchecked(cards: Sequence[Card]) -> int:
    """:func:`rank3` without the checks: the fast path for valid hands only."""
    a, b, c = cards
    return RANK3[(a + b + c) & _MASK]


def rank_cards(cards: Sequence[Card]) -> int:
    """The value of 1 to 5 cards; fewer than five count only pairs, trips and quads.

    >>> from tablerules import parse_cards
    >>> rank_cards(parse_cards("Kh Kd 5s 5d")) < rank_cards(parse_cards("Kh Kd 5s 5d 2c"))
    True
    >>> describe(rank_cards(parse_cards("9c 9d 9h 9s")))
    'four of a kind, nines'
    """
    if isinstance(cards, Sequence) and 1 <= len(cards) <= 5:
        if len(cards) == 5:
            return rank5(cards)
        try:
            key = sum(cards) & _MASK
            value = SMALL[key]
        except (TypeError, KeyError):
            pass
        else:
            if key >> COUNT_SHIFT & 7 == len(cards) == len(set(cards)):
                return value
    raise _hand_error(cards, "rank_cards", "1 2 3 4 5")


def best_rank(cards: Sequence[Card]) -> int:
    """The value of the best five-card hand among 5, 6 or 7 cards.

    >>> from tablerules import parse_cards
    >>> describe(best_rank(parse_cards("As Ks 2d 2c Qs Js Ts")))
    'royal flush'
    """
    try:
        size = len(cards)
        if 5 <= size <= 7 and len(set(cards)) == size:
            return best_rank_unchecked(cards)
    except (TypeError, ValueError, KeyError):
        pass
    raise _hand_error(cards, "best_rank", "5 6 7")


def best_rank_unchecked(cards: Sequence[Card]) -> int:
    """:func:`best_rank` without the checks: the fast path for valid hands only.

    Seven cards without five of a suit take one lookup in a table of every
    seven-rank hand, built on the first call (about 0.2 s, 49,205 entries).
    """
    total = sum(cards)
    if total & FLUSH_FLAGS:  # five or more of one suit: nothing beats the best flush
        flag = total & FLUSH_FLAGS
        suited = [card for card in cards if card & SUIT_FIELDS[flag]]
        if len(suited) == 5:
            return RANK5[sum(suited) & _MASK]
        return max(RANK5[sum(five) & _MASK] for five in itertools.combinations(suited, 5))
    if len(cards) == 7:
        table = _RANK7 or _fill_rank7()
        return table[total & _MASK]
    if len(cards) == 6:
        return max([RANK5[(total - card) & _MASK] for card in cards])
    return RANK5[total & _MASK]


def lowball27_table() -> dict[int, int]:
    """The 2-7 lowball table (key to value), built on first use."""
    if not _LOWBALL27:
        _LOWBALL27.update(build_lowball27())
    return _LOWBALL27


def _fill_rank7() -> dict[int, int]:
    _RANK7.update(build_rank7())
    return _RANK7


def rank_lowball27(cards: Sequence[Card]) -> int:
    """The 2-7 lowball value of five cards: larger is the better low.

    Aces are always high, straights and flushes count against the hand, and
    7-5-4-3-2 of mixed suits is the best low.

    >>> from tablerules import parse_cards
    >>> best = rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))
    >>> best > rank_lowball27(parse_cards("8c 5d 4h 3s 2c"))
    True
    >>> wheel = rank_lowball27(parse_cards("As 2d 3h 4s 5c"))  # ace high, not a straight
    >>> wheel < rank_lowball27(parse_cards("Ks Qd Jh 9s 8c"))
    True
    """
    try:
        a, b, c, d, e = cards
        value = (_LOWBALL27 or lowball27_table())[(a + b + c + d + e) & _MASK]
    except (ValueError, TypeError, KeyError):
        raise _hand_error(cards, "rank_lowball27", "5") from None
    if len({a, b, c, d, e}) != 5:
        raise _hand_error(cards, "rank_lowball27", "5")
    return value


def lowball27_as_high(value: int) -> int:
    """Turn a 2-7 lowball value back into a high-hand value (aces high, no wheel).

    Useful to ask what the low hand *is*: ``describe(lowball27_as_high(v))``.

    >>> from tablerules import parse_cards
    >>> describe(lowball27_as_high(rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))))
    'seven high'
    """
    return LOWBALL_TOP - value


def category(value: int) -> HandCategory:
    """The category of a hand value.

    >>> from tablerules import parse_cards
    >>> category(rank3(parse_cards("7s 7d 7c")))
    <HandCategory.THREE_OF_A_KIND: 3>
    """
    return HandCategory(value // CATEGORY_BASE)


_NAMES: Final = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
_PLURALS: Final = tuple("sixes" if name == "six" else name + "s" for name in _NAMES)


def _ranks_of(value: int) -> list[int]:
    """The significant ranks (2 to 14) encoded in a value, most significant first."""
    digits = value % CATEGORY_BASE
    ranks = []
    for power in (TOP_DIGIT, 14**3, 14**2, 14, 1):
        digit = digits // power % 14
        if digit:
            ranks.append(digit + 1)
    return ranks


def describe(value: int) -> str:
    """A short English name of a hand value.

    >>> from tablerules import parse_cards
    >>> describe(rank5(parse_cards("As Ad 9c 7h 2s")))
    'pair of aces'
    >>> describe(rank5(parse_cards("Ks Kd 5c 5h 5s")))
    'full house, fives full of kings'
    >>> describe(rank5(parse_cards("5s 4d 3c 2h As")))
    'five-high straight'
    """
    kind = category(value)
    ranks = _ranks_of(value)
    name = [_NAMES[rank - 2] for rank in ranks]
    plural = [_PLURALS[rank - 2] for rank in ranks]
    if kind == HandCategory.HIGH_CARD:
        return f"{name[0]} high"
    if kind == HandCategory.PAIR:
        return f"pair of {plural[0]}"
    if kind == HandCategory.TWO_PAIR:
        return f"two pair, {plural[0]} and {plural[1]}"
    if kind == HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {plural[0]}"
    if kind == HandCategory.STRAIGHT:
        return f"{name[0]}-high straight"
    if kind == HandCategory.FLUSH:
        return f"{name[0]}-high flush"
    if kind == HandCategory.FULL_HOUSE:
        return f"full house, {plural[0]} full of {plural[1]}"
    if kind == HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {plural[0]}"
    if kind == HandCategory.STRAIGHT_FLUSH:
        return f"{name[0]}-high straight flush"
    return "royal flush"


def significant_ranks(value: int) -> str:
    """The ranks that decide ties within a value's category, as letters.

    >>> from tablerules import parse_cards
    >>> significant_ranks(rank5(parse_cards("Ks Kd 9c 5h 2s")))
    'K952'
    """
    return "".join(RANK_LETTERS[rank - 2] for rank in _ranks_of(value))
