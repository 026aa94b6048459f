"""The hand categories and the lookup tables of the hand ranker (:mod:`tablerules.ranking`).

:class:`HandCategory` is defined here, beside the tables built from it, and
re-exported by :mod:`tablerules.ranking`, where the rest of the package
imports it from.

A hand's key is the sum of its cards' codes (see :mod:`tablerules.cards`)
masked with :data:`KEY_MASK`: the rank part names the ranks held, and the four
flush flags are set only by five cards of one suit. Each table maps a key to
the hand's value. The tables for one to five cards (:data:`SMALL`,
:data:`RANK3`, :data:`RANK5` and their ``_SIGNED`` twins) are built when this
module is imported, that is on ``import tablerules`` (about 10 to 15 ms); the
2-7 lowball table and the seven-card table are built by
:func:`build_lowball27` and :func:`build_rank7`, which the ranker calls on its
first lowball or seven-card hand.

Values: ``category * CATEGORY_BASE`` plus the ranks that decide ties, most
significant first, as base-14 digits (2 is 1, ace is 13, a missing kicker 0).
Every size of hand shares this scale, so an OFC top row compares with a
middle row directly, and a hand that runs out of kickers while all else is
equal is lower.
"""

from __future__ import annotations

import enum
import itertools
from typing import Final

from tablerules.cards import COUNT_SHIFT, RANK_CODES, SUIT_BITS, SUIT_SHIFT


class HandCategory(enum.IntEnum):
    """Poker hand categories, numbered as Mock scores them."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9


TOP_DIGIT: Final = 14**4
"""The place of a value's first tie-break rank: ``value % CATEGORY_BASE // TOP_DIGIT + 1``
is the rank that decides first (the pair's rank in a pair, the top card in a high card)."""
CATEGORY_BASE: Final = 14 * TOP_DIGIT
"""One step of category in a value; ``value // CATEGORY_BASE`` is the category."""

_FIELD_STARTS: Final = [SUIT_SHIFT + SUIT_BITS * suit for suit in range(4)]
SUIT_FIELDS: Final = {
    1 << (start + SUIT_BITS - 1): ((1 << SUIT_BITS) - 1) << start for start in _FIELD_STARTS
}
"""A suit's flush flag (the top bit of its field) to the mask of its whole field."""
FLUSH_FLAGS: Final = sum(SUIT_FIELDS)
KEY_MASK: Final = (1 << SUIT_SHIFT) - 1 | FLUSH_FLAGS | 7 << COUNT_SHIFT
"""Keeps the rank part, the four flush flags and the count of a sum of card codes."""
LOWBALL_TOP: Final = 10 * CATEGORY_BASE
"""2-7 lowball values are ``LOWBALL_TOP`` minus an aces-high, no-wheel value."""

# Group sizes of a hand, largest first, and the category they make.
_SHAPES: Final[dict[int, dict[tuple[int, ...], HandCategory]]] = {
    1: {(1,): HandCategory.HIGH_CARD},
    2: {(1, 1): HandCategory.HIGH_CARD, (2,): HandCategory.PAIR},
    3: {
        (1, 1, 1): HandCategory.HIGH_CARD,
        (2, 1): HandCategory.PAIR,
        (3,): HandCategory.THREE_OF_A_KIND,
    },
    4: {
        (1, 1, 1, 1): HandCategory.HIGH_CARD,
        (2, 1, 1): HandCategory.PAIR,
        (2, 2): HandCategory.TWO_PAIR,
        (3, 1): HandCategory.THREE_OF_A_KIND,
        (4,): HandCategory.FOUR_OF_A_KIND,
    },
    5: {
        (1, 1, 1, 1, 1): HandCategory.HIGH_CARD,
        (2, 1, 1, 1): HandCategory.PAIR,
        (2, 2, 1): HandCategory.TWO_PAIR,
        (3, 1, 1): HandCategory.THREE_OF_A_KIND,
        (3, 2): HandCategory.FULL_HOUSE,
        (4, 1): HandCategory.FOUR_OF_A_KIND,
    },
}
PAIRED_CATEGORIES: Final = frozenset(
    category for shapes in _SHAPES.values() for shape, category in shapes.items() if shape[0] > 1
)
"""The categories of hands that hold a repeated rank (a shape above with a group of two or more)."""
_RANKS_HIGH_FIRST: Final = tuple(range(14, 1, -1))
_WHEEL: Final = (14, 5, 4, 3, 2)


def _digits(ranks: tuple[int, ...]) -> int:
    """Pack up to five ranks (2 to 14), most significant first, as base-14 digits."""
    a, b, c, d, e = ranks + (1, 1, 1, 1, 1)[len(ranks) :]  # a missing rank counts as 1: digit 0
    return ((((a - 1) * 14 + b - 1) * 14 + c - 1) * 14 + d - 1) * 14 + e - 1


def _groups(shape: tuple[int, ...], used: frozenset[int] = frozenset()) -> list[tuple[int, ...]]:
    """Every choice of distinct ranks for the groups of ``shape``, in significance order.

    Groups of one size take their ranks high first, so each hand appears once.
    """
    if not shape:
        return [()]
    size = shape[0]
    same = shape.count(size)
    free = [rank for rank in _RANKS_HIGH_FIRST if rank not in used]
    return [
        chosen + rest
        for chosen in itertools.combinations(free, same)
        for rest in _groups(shape[same:], used | frozenset(chosen))
    ]


def _straight_top(ranks: tuple[int, ...], *, wheel: bool) -> int:
    """The top rank of five distinct ranks (high first) if they make a straight, else 0."""
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if wheel and ranks == _WHEEL:
        return 5
    return 0


def _five_distinct(ranks: tuple[int, ...], *, wheel: bool) -> tuple[int, int]:
    """The unsuited and suited values of five distinct ranks (high first)."""
    top = _straight_top(ranks, wheel=wheel)
    if top:
        suited = HandCategory.ROYAL_FLUSH if top == 14 else HandCategory.STRAIGHT_FLUSH
        digits = _digits((top,))
        return HandCategory.STRAIGHT * CATEGORY_BASE + digits, suited * CATEGORY_BASE + digits
    digits = _digits(ranks)
    return (
        HandCategory.HIGH_CARD * CATEGORY_BASE + digits,
        HandCategory.FLUSH * CATEGORY_BASE + digits,
    )


def _build(*, lowball: bool = False) -> dict[int, dict[int, int]]:
    """Key to value for each hand size 1 to 5; 2-7 lowball values of five cards if ``lowball``."""
    codes = dict(zip(_RANKS_HIGH_FIRST, reversed(RANK_CODES), strict=True))
    tables: dict[int, dict[int, int]] = {}
    for size in (5,) if lowball else tuple(_SHAPES):
        table: dict[int, int] = {}
        flushes: dict[int, int] = {}
        count = size << COUNT_SHIFT
        for shape, category in _SHAPES[size].items():
            distinct = size == 5 and category == HandCategory.HIGH_CARD
            for ranks in _groups(shape):
                code_sum = 0
                for rank, times in zip(ranks, shape, strict=True):
                    code_sum += codes[rank] * times
                key = code_sum | count
                if not distinct:
                    value = category * CATEGORY_BASE + _digits(ranks)
                    table[key] = LOWBALL_TOP - value if lowball else value
                    continue
                plain, suited = _five_distinct(ranks, wheel=not lowball)
                if lowball:
                    plain, suited = LOWBALL_TOP - plain, LOWBALL_TOP - suited
                table[key] = plain
                for flag in SUIT_FIELDS:
                    flushes[key | flag] = suited
        # Flushes go last: a dict's entries sit in insertion order, so the
        # common hands (high cards, then pairs, ...) share fewer cache lines.
        table.update(flushes)
        tables[size] = table
    return tables


def _signed(table: dict[int, int]) -> dict[int, int]:
    """The table with the values of hands holding a repeated rank negated."""
    return {
        key: -value if value // CATEGORY_BASE in PAIRED_CATEGORIES else value
        for key, value in table.items()
    }


_PLAIN: Final = _build()
RANK3: Final = _PLAIN[3]
RANK5: Final = _PLAIN[5]
RANK3_SIGNED: Final = _signed(RANK3)
RANK5_SIGNED: Final = _signed(RANK5)
SMALL: Final = {key: value for size in (1, 2, 3, 4) for key, value in _PLAIN[size].items()}
SMALL_SIGNED: Final = _signed(SMALL)
"""Key to value: ``SMALL`` for 1 to 4 cards (the key's count tells the size),
``RANK3`` and ``RANK5`` for three and five cards. The ``_SIGNED`` tables
negate the values of hands with a repeated rank (the only hands in which a
card can be repeated): the checked ranker looks for a repeated card only
when the value is negative."""
ACE_FIVE_HIGH: Final = _five_distinct(_WHEEL, wheel=False)
"""A-5-4-3-2 read aces high with no wheel, off suit and suited: the two values
that :func:`tablerules.lowball27_as_high` can give and no high hand has."""


def build_lowball27() -> dict[int, int]:
    """Key to 2-7 lowball value of five cards (11,323 entries, a few milliseconds)."""
    return _build(lowball=True)[5]


def build_rank7() -> dict[int, int]:
    """Key to value of the best five of seven cards that hold no five of a suit.

    49,205 entries, a tenth of a second or so: the best hand
    of seven ranks is the best of the six-rank hands left by dropping one of
    its ranks, and the same from six down to five.
    """
    one = 1 << COUNT_SHIFT
    best = {key: value for key, value in RANK5.items() if not key & FLUSH_FLAGS}
    for size in (6, 7):
        bigger: dict[int, int] = {}
        for combo in itertools.combinations_with_replacement(range(13), size):
            if any(combo[i] == combo[i + 4] for i in range(size - 4)):
                continue  # a rank five times
            key = sum(RANK_CODES[rank] for rank in combo) + size * one
            bigger[key] = max(best[key - RANK_CODES[rank] - one] for rank in set(combo))
        best = bigger
    return best
