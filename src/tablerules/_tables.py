"""Lookup tables of the hand ranker, computed once at import.

A hand's key is the sum of its cards' codes (see :mod:`tablerules.cards`)
masked with :data:`KEY_MASK`: the rank part names the ranks held, and the four
flush flags are set only by five cards of one suit. Each table maps a key to
the hand's value.

Values: ``category * CATEGORY_BASE`` plus the ranks that decide ties, most
significant first, as base-14 digits (2 is 1, ace is 13, a missing kicker 0).
Every size of hand shares this scale, so an OFC top row compares with a
middle row directly, and a hand that runs out of kickers while all else is
equal is lower.
"""

from __future__ import annotations

import itertools
from typing import Final

from tablerules.cards import RANK_CODES, RANK_SHIFT, SUIT_BITS

CATEGORY_BASE: Final = 14**5
"""One step of category in a value; ``value // CATEGORY_BASE`` is the category."""

FLUSH_FLAGS: Final = sum(32 << (SUIT_BITS * suit) for suit in range(4))
KEY_MASK: Final = -(1 << RANK_SHIFT) | FLUSH_FLAGS
LOWBALL_TOP: Final = 10 * CATEGORY_BASE
"""2-7 lowball values are ``LOWBALL_TOP`` minus an aces-high, no-wheel value."""

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(
    10
)
PAIRED_CATEGORIES: Final = frozenset({PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS})
# Group sizes of a hand, largest first, and the category they make.
_SHAPES: Final = {
    1: {(1,): HIGH_CARD},
    2: {(1, 1): HIGH_CARD, (2,): PAIR},
    3: {(1, 1, 1): HIGH_CARD, (2, 1): PAIR, (3,): TRIPS},
    4: {(1, 1, 1, 1): HIGH_CARD, (2, 1, 1): PAIR, (2, 2): TWO_PAIR, (3, 1): TRIPS, (4,): QUADS},
    5: {
        (1, 1, 1, 1, 1): HIGH_CARD,
        (2, 1, 1, 1): PAIR,
        (2, 2, 1): TWO_PAIR,
        (3, 1, 1): TRIPS,
        (3, 2): FULL_HOUSE,
        (4, 1): QUADS,
    },
}
_RANKS_HIGH_FIRST: Final = tuple(range(14, 1, -1))


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
    if wheel and ranks == (14, 5, 4, 3, 2):
        return 5
    return 0


def _build() -> tuple[dict[int, int], ...]:
    codes = dict(zip(_RANKS_HIGH_FIRST, reversed(RANK_CODES)))
    plain: dict[int, dict[int, int]] = {}
    signed: dict[int, dict[int, int]] = {}
    lowball: dict[int, int] = {}
    for size, shapes in _SHAPES.items():
        table: dict[int, int] = {}
        for shape, category in shapes.items():
            for ranks in _groups(shape):
                key = sum(codes[rank] * count for rank, count in zip(ranks, shape)) << RANK_SHIFT
                value = category * CATEGORY_BASE + _digits(ranks)
                if size < 5 or category != HIGH_CARD:
                    table[key] = value
                    if size == 5:
                        lowball[key] = LOWBALL_TOP - value
                    continue
                # Five distinct ranks: straights, flushes and 2-7 lows differ.
                top = _straight_top(ranks, wheel=True)
                low_top = _straight_top(ranks, wheel=False)
                suited = (ROYAL if top == 14 else STRAIGHT_FLUSH) if top else FLUSH
                low_suited = STRAIGHT_FLUSH if low_top else FLUSH
                table[key] = STRAIGHT * CATEGORY_BASE + _digits((top,)) if top else value
                lowball[key] = LOWBALL_TOP - (
                    STRAIGHT * CATEGORY_BASE + _digits((low_top,)) if low_top else value
                )
                flush_value = suited * CATEGORY_BASE + _digits((top,) if top else ranks)
                low_flush = LOWBALL_TOP - (
                    low_suited * CATEGORY_BASE + _digits((low_top,) if low_top else ranks)
                )
                for suit in range(4):
                    flush_key = key | (32 << (SUIT_BITS * suit))
                    table[flush_key] = flush_value
                    lowball[flush_key] = low_flush
        plain[size] = table
        signed[size] = {
            key: -value if value // CATEGORY_BASE in PAIRED_CATEGORIES else value
            for key, value in table.items()
        }
    return plain[1], plain[2], plain[3], plain[4], plain[5], signed[3], signed[5], lowball


RANK1, RANK2, RANK3, RANK4, RANK5, RANK3_SIGNED, RANK5_SIGNED, LOWBALL27 = _build()
"""Key to value, by hand size; the ``_SIGNED`` tables negate values of hands with a
repeated rank (the only hands in which a card can be repeated), and ``LOWBALL27``
holds 2-7 lowball values of five-card hands."""
