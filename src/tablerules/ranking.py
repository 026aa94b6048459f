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
:func:`best_rank`, :func:`rank_lowball27`, :func:`rank5_many`) raise
:class:`~tablerules.CardError`, a :class:`ValueError`, for a wrong number of
cards, a repeated card or a value that is not a :class:`~tablerules.Card`
(a plain int equal to a card's code is not a card). The ``*_unchecked``
functions skip those checks for code that already knows its hands are valid
(game engines, bots running millions of playouts); given anything else their
result is undefined: a wrong value or an exception.

:func:`category`, :func:`describe` and :func:`significant_ranks` read a value
back. They raise :class:`TypeError` for an argument that is not an int and
:class:`~tablerules.CardError` for an int that no hand has.

:func:`hand_code` and :func:`rank_code` rank a hand that grows a card at a
time (an OFC row) with one addition per card and one lookup per ranking.
They are unchecked, like the ``*_unchecked`` functions.

The tables ship with the package as data: those for one to five cards are
read on ``import tablerules`` (2 to 3 ms), the 2-7 lowball tables on the
first lowball hand (about 2 ms), the seven-card and flush tables on the first
hand of six or seven cards that needs them (about 6 ms).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Iterable, Sequence
from typing import Final

from tablerules._tables import (
    ACE_FIVE_HIGH,
    CATEGORY_BASE,
    FLUSH_FLAGS,
    HANDS,
    HANDS_SIGNED,
    KEY_MASK,
    LOWBALL_TOP,
    RANK3,
    RANK3_SIGNED,
    SUIT_FIELDS,
    SUITED_MASK,
    TOP_DIGIT,
    HandCategory,
    load_lowball27,
    load_seven,
)
from tablerules.cards import FULL_DECK, RANK_LETTERS, Card, Rank, is_card
from tablerules.errors import CardError, show, type_name

__all__ = [
    "CATEGORY_BASE",
    "TOP_DIGIT",
    "HandCategory",
    "best_rank",
    "best_rank_unchecked",
    "category",
    "describe",
    "hand_code",
    "lowball27_as_high",
    "rank3",
    "rank3_unchecked",
    "rank5",
    "rank5_many",
    "rank5_unchecked",
    "rank_cards",
    "rank_code",
    "rank_lowball27",
    "significant_ranks",
]

# Empty until read, on first use, by _fill_lowball27() and _fill_seven():
_LOWBALL27: dict[int, int] = {}  # key of five cards to 2-7 value
_LOWBALL27_SIGNED: dict[int, int] = {}  # the same, negated where a rank repeats
_RANK7: dict[int, int] = {}  # key of seven cards without five of a suit to the best five's value
_FLUSHES: dict[int, int] = {}  # the cards of a flush's suit (SUITED_MASK) to the best five's value
# What a checked function catches from a bad hand before it looks for the reason.
_BAD_HAND: Final = (TypeError, ValueError, KeyError, IndexError)


# --- telling cards from everything else --------------------------------------------------------

# The checked functions test ``type(x) is Card`` for every card before they
# add the codes up, so a plain int equal to a card's code is refused; repeats
# are found by identity, since each card is one object. A Card made around
# its constructor (``int.__new__(Card, n)``) is not supported: one that
# equals a code ranks as that card, and one that equals none of the 52 codes
# is refused when the hand's sum finds no table entry, as it does for nearly
# every n (a small n can add up to some other hand's key). Checking identity
# against the 52 objects instead would cost about 60 ns more per five-card hand.
_CARD_OF_CODE: Final = {int(card): card for card in FULL_DECK}


def _not_a_card(value: object, position: int) -> str:
    """Why the item at ``position`` is not a card."""
    if type(value) is Card:  # a Card object that is none of the 52
        return (
            f"int.__new__(Card, {show(int(value))}) (item {position}) is not a card: "
            "a Card built with int.__new__ is none of the 52 cards; "
            "make cards with Card(rank, suit) or parse_cards()"
        )
    if type(value) is int and value in _CARD_OF_CODE:
        return (
            f"{value} (item {position}) is not a card: it equals the code of "
            f"{_CARD_OF_CODE[value]}, but only Card objects are cards; "
            "use parse_cards() or FULL_DECK"
        )
    hint = "; read card text with parse_cards()" if isinstance(value, str) else ""
    return f"{show(value)} (item {position}) is not a card{hint}"


def _hand_error(name: str, cards: object, low: int, high: int) -> CardError:
    """Explain why ``cards`` is not a hand of ``low`` to ``high`` cards for ``name``."""
    wanted = f"exactly {low}" if low == high else f"{low} to {high}"
    if isinstance(cards, str):
        return CardError(
            f"{name} takes a sequence of cards, not the str {show(cards)}; "
            "read card text with parse_cards()"
        )
    if isinstance(cards, (bytes, bytearray)) or not isinstance(cards, Collection):
        return CardError(f"{name} takes a sequence of {wanted} cards, not {type_name(cards)}")
    items = list(cards)
    for position, item in enumerate(items):
        if not is_card(item):
            return CardError(f"{name}: {_not_a_card(item, position)}")
    if not low <= len(items) <= high:
        return CardError(f"{name} takes {wanted} cards, not {len(items)}")
    seen: set[Card] = set()
    for card in items:
        if card in seen:
            return CardError(f"{name}: repeated card {card}")
        seen.add(card)
    return CardError(f"{name}: {show(cards)} is not a hand")  # pragma: no cover - checked above


# --- ranking ---------------------------------------------------------------------------------


def rank5(cards: Sequence[Card]) -> int:
    """The value of a five-card hand.

    >>> from tablerules import parse_cards, rank5
    >>> rank5(parse_cards("Kh Kd Kc 5s 5d")) > rank5(parse_cards("Ah Qh 9h 5h 2h"))
    True
    >>> rank5(parse_cards("As Ks Qs Js"))
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: rank5 takes exactly 5 cards, not 4
    """
    try:
        a, b, c, d, e = cards
        if (
            type(a) is Card
            and type(b) is Card
            and type(c) is Card
            and type(d) is Card
            and type(e) is Card
        ):
            value = HANDS_SIGNED[(a + b + c + d + e) & KEY_MASK]
            if value > 0:
                return value
            # A repeated rank: is a card repeated? (each card is one object)
            if not (
                a is b or a is c or a is d or a is e or b is c
                or b is d or b is e or c is d or c is e or d is e
            ):  # fmt: skip
                return -value
    except _BAD_HAND:
        pass
    raise _hand_error("rank5", cards, 5, 5)


def rank5_unchecked(cards: Sequence[Card]) -> int:
    """:func:`rank5` without the checks: the fast path for valid hands only.

    >>> from tablerules import parse_cards, rank5, rank5_unchecked
    >>> rank5_unchecked(parse_cards("2c 3d 4h 5s Ac")) == rank5(parse_cards("2c 3d 4h 5s Ac"))
    True
    """
    a, b, c, d, e = cards
    return HANDS[(a + b + c + d + e) & KEY_MASK]


def rank5_many(hands: Iterable[Sequence[Card]]) -> list[int]:
    """The values of many five-card hands at once, checked like :func:`rank5`.

    One call for a whole batch saves the per-call cost of :func:`rank5`. A bad
    hand raises :class:`~tablerules.CardError` naming the first one.

    >>> from tablerules import describe, parse_cards, rank5_many
    >>> values = rank5_many([parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2d 3h 4s 5c")])
    >>> [describe(value) for value in values]
    ['royal flush', 'pair of twos']
    >>> rank5_many([parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2c 3h 4s 5c")])
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: rank5_many: hand 1: rank5: repeated card 2c
    """
    given: object = hands  # callers without a type checker may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise CardError(f"rank5_many takes an iterable of hands, not {type_name(given)}")
    batch: Sequence[Sequence[Card]] = hands if isinstance(hands, Sequence) else list(hands)
    table = HANDS_SIGNED
    values: list[int] = []
    append = values.append
    try:
        for a, b, c, d, e in batch:
            if (
                type(a) is Card
                and type(b) is Card
                and type(c) is Card
                and type(d) is Card
                and type(e) is Card
            ):
                value = table[(a + b + c + d + e) & KEY_MASK]
                if value > 0:
                    append(value)
                    continue
                if not (
                    a is b or a is c or a is d or a is e or b is c
                    or b is d or b is e or c is d or c is e or d is e
                ):  # fmt: skip
                    append(-value)
                    continue
            break
        else:
            return values
    except _BAD_HAND:
        pass
    for index, hand in enumerate(batch):
        try:
            rank5(hand)
        except CardError as error:
            raise CardError(f"rank5_many: hand {index}: {error}") from None
    raise CardError("rank5_many: a hand is not valid")  # pragma: no cover - rank5 raised


def rank3(cards: Sequence[Card]) -> int:
    """The value of a three-card hand (an OFC top row): no straights or flushes.

    >>> from tablerules import parse_cards, rank3, rank5
    >>> rank3(parse_cards("Qs Qd 2c")) > rank5(parse_cards("Jh Jc As Kd Qc"))
    True
    """
    try:
        a, b, c = cards
        if type(a) is Card and type(b) is Card and type(c) is Card:
            value = RANK3_SIGNED[(a + b + c) & KEY_MASK]
            if value > 0:
                return value
            if not (a is b or b is c or a is c):
                return -value
    except _BAD_HAND:
        pass
    raise _hand_error("rank3", cards, 3, 3)


def rank3_unchecked(cards: Sequence[Card]) -> int:
    """:func:`rank3` without the checks: the fast path for valid hands only."""
    a, b, c = cards
    return RANK3[(a + b + c) & KEY_MASK]


def rank_cards(cards: Sequence[Card]) -> int:
    """The value of 1 to 5 cards; fewer than five count only pairs, trips and quads.

    >>> from tablerules import describe, parse_cards, rank_cards
    >>> rank_cards(parse_cards("Kh Kd 5s 5d")) < rank_cards(parse_cards("Kh Kd 5s 5d 2c"))
    True
    >>> describe(rank_cards(parse_cards("9c 9d 9h 9s")))
    'four of a kind, nines'
    """
    try:
        size = len(cards)
        if size == 5:
            return rank5(cards)
        if 1 <= size <= 4:
            for card in cards:
                if type(card) is not Card:
                    break
            else:
                value = HANDS_SIGNED[sum(cards) & KEY_MASK]
                if value > 0:
                    return value
                if len(set(cards)) == size:
                    return -value
    except _BAD_HAND:  # CardError from rank5 too: the message should name rank_cards
        pass
    raise _hand_error("rank_cards", cards, 1, 5)


def hand_code(cards: Iterable[Card]) -> int:
    """The code of a hand: the sum of its cards, which :func:`rank_code` ranks.

    A row's running code: adding a card to the code adds the card to the
    hand, so a hand built a card at a time costs one addition per card, and
    trying each candidate card costs one addition and one lookup. The code
    of no cards is 0. Unchecked, like :func:`rank5_unchecked`: the cards
    must be distinct :class:`~tablerules.Card` objects.

    >>> from tablerules import Card, describe, hand_code, parse_cards, rank_code
    >>> row = hand_code(parse_cards("Qs Qd"))
    >>> row += Card.parse("Qc")
    >>> describe(rank_code(row))
    'three of a kind, queens'
    >>> hand_code([]) + Card.parse("As") == hand_code(parse_cards("As"))
    True
    """
    return sum(cards)


def rank_code(code: int) -> int:
    """The value of the hand of 1 to 5 cards whose :func:`hand_code` is ``code``.

    One mask and one lookup: the same value :func:`rank_cards` gives those
    cards. Unchecked, like :func:`rank5_unchecked`: given a code that is no
    hand of one to five distinct cards, the result is undefined (a wrong
    value or a :class:`KeyError`).

    >>> from tablerules import Card, describe, hand_code, parse_cards, rank_cards, rank_code
    >>> middle = hand_code(parse_cards("Ah Kh Qh Jh"))
    >>> rank_code(middle) == rank_cards(parse_cards("Ah Kh Qh Jh"))
    True
    >>> [describe(rank_code(middle + Card.parse(text))) for text in ("Th", "Ts")]
    ['royal flush', 'ace-high straight']
    """
    return HANDS[code & KEY_MASK]


def best_rank(cards: Sequence[Card]) -> int:
    """The value of the best five-card hand among 5, 6 or 7 cards.

    >>> from tablerules import best_rank, describe, parse_cards
    >>> describe(best_rank(parse_cards("As Ks 2d 2c Qs Js Ts")))
    'royal flush'
    """
    try:
        size = len(cards)
        if size == 7:
            a, b, c, d, e, f, g = cards
            # One chained comparison tests the seven types (a little quicker than seven tests).
            if (
                type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is type(g) is Card
            ) and not (
                a is b or a is c or a is d or a is e or a is f or a is g
                or b is c or b is d or b is e or b is f or b is g
                or c is d or c is e or c is f or c is g
                or d is e or d is f or d is g
                or e is f or e is g
                or f is g
            ):  # fmt: skip
                total = a + b + c + d + e + f + g
                if not total & FLUSH_FLAGS:
                    return (_RANK7 or _fill_seven())[total & KEY_MASK]
                return _best_flush(cards, total)
        elif size == 5:
            return rank5(cards)
        elif size == 6:
            a, b, c, d, e, f = cards
            if type(a) is type(b) is type(c) is type(d) is type(e) is type(f) is Card and not (
                a is b or a is c or a is d or a is e or a is f
                or b is c or b is d or b is e or b is f
                or c is d or c is e or c is f
                or d is e or d is f
                or e is f
            ):  # fmt: skip
                return best_rank_unchecked(cards)
    except _BAD_HAND:  # CardError from rank5 too: the message should name best_rank
        pass
    raise _hand_error("best_rank", cards, 5, 7)


def best_rank_unchecked(cards: Sequence[Card]) -> int:
    """:func:`best_rank` without the checks: the fast path for valid hands only.

    Seven cards without five of a suit take one lookup in a table of every
    seven-rank hand (49,205 entries, read on the first such call, a few
    milliseconds); five or more cards of a suit, one lookup for the cards of
    that suit.
    """
    total = sum(cards)
    size = len(cards)
    if size == 7 and not total & FLUSH_FLAGS:
        return (_RANK7 or _fill_seven())[total & KEY_MASK]
    if size == 5:
        return HANDS[total & KEY_MASK]
    if total & FLUSH_FLAGS:
        return _best_flush(cards, total)
    return max([HANDS[(total - card) & KEY_MASK] for card in cards])


def _best_flush(cards: Sequence[Card], total: int) -> int:
    """The best five of six or seven cards, five or more of them of the suit flagged in ``total``.

    Nothing beats the best flush among them: five of a suit among seven
    leave no room for a full house or four of a kind.
    """
    field = SUIT_FIELDS[total & FLUSH_FLAGS]
    if not _FLUSHES:
        _fill_seven()
    return _FLUSHES[sum([card for card in cards if card & field]) & SUITED_MASK]


def _fill_seven() -> dict[int, int]:
    global _RANK7, _FLUSHES
    _RANK7, _FLUSHES = load_seven()
    return _RANK7


def _fill_lowball27() -> dict[int, int]:
    global _LOWBALL27, _LOWBALL27_SIGNED
    _LOWBALL27, _LOWBALL27_SIGNED = load_lowball27()
    return _LOWBALL27_SIGNED


def lowball27_table() -> dict[int, int]:
    """The 2-7 lowball table (key to value, keyed like ``rank5``'s), read on first use."""
    if not _LOWBALL27:
        _fill_lowball27()
    return _LOWBALL27


def rank_lowball27(cards: Sequence[Card]) -> int:
    """The 2-7 lowball value of five cards: larger is the better low.

    Aces are always high, straights and flushes count against the hand, and
    7-5-4-3-2 of mixed suits is the best low.

    >>> from tablerules import parse_cards, rank_lowball27
    >>> best = rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))
    >>> best > rank_lowball27(parse_cards("8c 5d 4h 3s 2c"))
    True
    >>> wheel = rank_lowball27(parse_cards("As 2d 3h 4s 5c"))  # ace high, not a straight
    >>> wheel < rank_lowball27(parse_cards("Ks Qd Jh 9s 8c"))
    True
    """
    try:
        a, b, c, d, e = cards
        if (
            type(a) is Card
            and type(b) is Card
            and type(c) is Card
            and type(d) is Card
            and type(e) is Card
        ):
            value = (_LOWBALL27_SIGNED or _fill_lowball27())[(a + b + c + d + e) & KEY_MASK]
            if value > 0:
                return value
            if not (
                a is b or a is c or a is d or a is e or b is c
                or b is d or b is e or c is d or c is e or d is e
            ):  # fmt: skip
                return -value
    except _BAD_HAND:
        pass
    raise _hand_error("rank_lowball27", cards, 5, 5)


def lowball27_as_high(value: int) -> int:
    """Turn a 2-7 lowball value back into a high-hand value (aces high, no wheel).

    Useful to ask what the low hand *is*: ``describe(lowball27_as_high(v))``.
    The value must come from :func:`rank_lowball27`; this is arithmetic only,
    and :func:`describe` refuses what no hand has.

    >>> from tablerules import describe, lowball27_as_high, parse_cards, rank_lowball27
    >>> describe(lowball27_as_high(rank_lowball27(parse_cards("7c 5d 4h 3s 2c"))))
    'seven high'
    """
    return LOWBALL_TOP - value


# --- reading values back -----------------------------------------------------------------------


@functools.cache
def _hand_values() -> frozenset[int]:
    """Every value of a hand of 1 to 7 cards, and of A-5-4-3-2 read aces high."""
    return frozenset(itertools.chain(HANDS.values(), ACE_FIVE_HIGH))


def _checked_value(value: int, name: str) -> int:
    """``value`` if some hand has it; else TypeError (not an int) or CardError."""
    if not isinstance(value, int):
        raise TypeError(
            f"{name} takes a hand value, an int from rank5, rank3, rank_cards or best_rank, "
            f"not {type_name(value)}"
        )
    if value not in _hand_values():
        raise CardError(
            f"{name}: {show(value)} is not the value of any hand "
            "(values come from rank5, rank3, rank_cards, best_rank or lowball27_as_high)"
        )
    return value


def category(value: int) -> HandCategory:
    """The category of a hand value.

    >>> from tablerules import category, parse_cards, rank3
    >>> category(rank3(parse_cards("7s 7d 7c")))
    <HandCategory.THREE_OF_A_KIND: 3>
    >>> category(5)
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: category: 5 is not the value of any hand (values come from ...)
    """
    return HandCategory(_checked_value(value, "category") // CATEGORY_BASE)


_NAMES: Final = tuple(rank.name.lower() for rank in Rank)
_PLURALS: Final = tuple("sixes" if name == "six" else name + "s" for name in _NAMES)
# What describe() says for each category: {n[i]} is the i-th significant rank's
# name, {p[i]} its plural.
_DESCRIPTIONS: Final = {
    HandCategory.HIGH_CARD: "{n[0]} high",
    HandCategory.PAIR: "pair of {p[0]}",
    HandCategory.TWO_PAIR: "two pair, {p[0]} and {p[1]}",
    HandCategory.THREE_OF_A_KIND: "three of a kind, {p[0]}",
    HandCategory.STRAIGHT: "{n[0]}-high straight",
    HandCategory.FLUSH: "{n[0]}-high flush",
    HandCategory.FULL_HOUSE: "full house, {p[0]} full of {p[1]}",
    HandCategory.FOUR_OF_A_KIND: "four of a kind, {p[0]}",
    HandCategory.STRAIGHT_FLUSH: "{n[0]}-high straight flush",
    HandCategory.ROYAL_FLUSH: "royal flush",
}


def _ranks_of(value: int) -> list[int]:
    """The significant ranks (2 to 14) encoded in a value, most significant first."""
    digits = value % CATEGORY_BASE
    ranks = []
    place = TOP_DIGIT
    while place:
        digit = digits // place % 14
        if digit:
            ranks.append(digit + 1)
        place //= 14
    return ranks


def describe(value: int) -> str:
    """A short English name of a hand value.

    >>> from tablerules import describe, parse_cards, rank5
    >>> describe(rank5(parse_cards("As Ad 9c 7h 2s")))
    'pair of aces'
    >>> describe(rank5(parse_cards("Ks Kd 5c 5h 5s")))
    'full house, fives full of kings'
    >>> describe(rank5(parse_cards("5s 4d 3c 2h As")))
    'five-high straight'
    """
    kind = HandCategory(_checked_value(value, "describe") // CATEGORY_BASE)
    ranks = _ranks_of(value)
    return _DESCRIPTIONS[kind].format(
        n=[_NAMES[rank - 2] for rank in ranks], p=[_PLURALS[rank - 2] for rank in ranks]
    )


def significant_ranks(value: int) -> str:
    """The ranks that decide ties within a value's category, as letters.

    >>> from tablerules import parse_cards, rank5, significant_ranks
    >>> significant_ranks(rank5(parse_cards("Ks Kd 9c 5h 2s")))
    'K952'
    """
    ranks = _ranks_of(_checked_value(value, "significant_ranks"))
    return "".join(RANK_LETTERS[rank - 2] for rank in ranks)
