"""The hand categories, the value scale and the lookup tables of the hand ranker.

:class:`HandCategory` is defined here, beside the tables built from it, and
re-exported by :mod:`tablerules.ranking`, where the rest of the package
imports it from.

A hand's key is the sum of its cards' codes (see :mod:`tablerules.cards`)
masked with :data:`KEY_MASK`: the rank part names the ranks held, the four
flush flags are set only by five or more cards of one suit, and the count
says how many cards were added. Each table maps a key to the hand's value.

The tables ship with the package as data, in ``tablerules/_data/``, written
by ``scripts/make_tables.py`` from the builder in this module
(:func:`table_file`); ``tests/test_tables.py`` checks that the shipped files
are exactly what the builder makes. Loading a table is one read and one
``dict(zip(...))`` over the file's numbers, with no arithmetic per entry:

- :data:`HANDS` and :data:`HANDS_SIGNED` (one to five cards) and
  :data:`RANK3` and :data:`RANK3_SIGNED` are loaded when this module is
  imported, that is on ``import tablerules`` (2 to 3 ms);
- :func:`load_seven` (seven cards, and the flushes of six or seven) on the
  first hand that needs them (about 6 ms), :func:`load_lowball27` on the
  first 2-7 lowball hand (about 2 ms).

Values: ``category * CATEGORY_BASE`` plus the ranks that decide ties, most
significant first, as base-14 digits (2 is 1, ace is 13, a missing kicker 0).
Every size of hand shares this scale, so an OFC top row compares with a
middle row directly, and a hand that runs out of kickers while all else is
equal is lower.
"""

from __future__ import annotations

import enum
import itertools
import os
import sys
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
RANK_BITS: Final = (1 << SUIT_SHIFT) - 1
"""The rank part of a sum of card codes."""
COUNT_BITS: Final = 7 << COUNT_SHIFT
"""The count of a sum of card codes."""
KEY_MASK: Final = RANK_BITS | FLUSH_FLAGS | COUNT_BITS
"""Keeps the rank part, the four flush flags and the count of a sum of card codes."""
SUITED_MASK: Final = RANK_BITS | COUNT_BITS
"""Keeps the rank part and the count of the sum of the cards of one suit (the keys of
the flush table, :func:`build_flushes`)."""
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
FIVE_CARD_KEYS: Final = 11_323
"""How many keys five cards have (7,462 values; a flush's ranks once per suit)."""
_PLAIN_FIVES: Final = 6_175
"""How many keys five cards without a flush have."""
_SMALL_SIZES: Final = {1: 13, 2: 91, 3: 455, 4: 1_820}
"""How many keys one to four cards have."""


# --- the builder ---------------------------------------------------------------------------


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


def _signed(table: dict[int, int], signs: dict[int, int] | None = None) -> dict[int, int]:
    """The table with the values of hands holding a repeated rank negated.

    With ``signs``, a value is negated where the value of the same key in
    ``signs`` is negative (so a 2-7 table takes the signs of the high one).
    """
    if signs is not None:
        return {key: -value if signs[key] < 0 else value for key, value in table.items()}
    return {
        key: -value if value // CATEGORY_BASE in PAIRED_CATEGORIES else value
        for key, value in table.items()
    }


def build_hands() -> dict[int, int]:
    """Key to signed value of every hand of one to five cards, in the order shipped.

    Five cards without a flush first (the common hands first), then one,
    two, three and four cards, then five-card flushes. A dict's entries sit
    in insertion order and a key probes the slots its elders left free, so
    the order puts the hands most lookups find where they are found soonest.
    A hand holding a repeated rank has its value negated: the checked ranker
    looks for a repeated card only then.
    """
    tables = _build()
    five = _signed(tables[5])
    hands = {key: value for key, value in five.items() if not key & FLUSH_FLAGS}
    for size in _SMALL_SIZES:
        hands.update(_signed(tables[size]))
    hands.update((key, value) for key, value in five.items() if key & FLUSH_FLAGS)
    return hands


def build_lowball27() -> dict[int, int]:
    """Key to signed 2-7 lowball value of five cards, in the order of :func:`build_hands`.

    Values are negated where the high value is (a repeated rank).
    """
    hands = build_hands()
    lowball = _signed(_build(lowball=True)[5], hands)
    return {key: lowball[key] for key in hands if key >> COUNT_SHIFT & 7 == 5}


def build_rank7() -> dict[int, int]:
    """Key to value of the best five of seven cards that hold no five of a suit.

    49,205 entries: the best hand of seven ranks is the best of the six-rank
    hands left by dropping one of its ranks, and the same from six down to
    five.
    """
    one = 1 << COUNT_SHIFT
    best = {key: value for key, value in _build()[5].items() if not key & FLUSH_FLAGS}
    for size in (6, 7):
        bigger: dict[int, int] = {}
        for combo in itertools.combinations_with_replacement(range(13), size):
            if any(combo[i] == combo[i + 4] for i in range(size - 4)):
                continue  # a rank five times
            key = sum(RANK_CODES[rank] for rank in combo) + size * one
            bigger[key] = max(best[key - RANK_CODES[rank] - one] for rank in set(combo))
        best = bigger
    return best


def build_flushes() -> dict[int, int]:
    """Key to value of the best five of five to seven cards of one suit (4,719 entries).

    The key is the sum of the cards masked with :data:`SUITED_MASK`. With five
    or more cards of one suit among six or seven, the best flush is the best
    hand: no room is left for a full house or four of a kind.
    """
    flag = next(iter(SUIT_FIELDS))  # the suited ranks are what counts: any suit will do
    five = _build()[5]
    flushes: dict[int, int] = {}
    for size in (5, 6, 7):
        for combo in itertools.combinations(range(13), size):
            flushes[sum(RANK_CODES[rank] for rank in combo) | size << COUNT_SHIFT] = max(
                five[sum(RANK_CODES[rank] for rank in chosen) | 5 << COUNT_SHIFT | flag]
                for chosen in itertools.combinations(combo, 5)
            )
    return flushes


# --- the shipped files -----------------------------------------------------------------------

# A file is a magic line, a count of arrays, then per array a type code
# ("q": signed 8-byte, "i": signed 4-byte integers) and a length, then the
# arrays, all little-endian. The loader reads each array as one memoryview.
_MAGIC: Final = b"tablerules tables 1\n"
_HEADER_ITEM: Final = 8  # a type code padded to 4 bytes, then a 4-byte length
_SIZES: Final = {"q": 8, "i": 4}


def _encode(arrays: list[tuple[str, list[int]]]) -> bytes:
    """The bytes of a table file holding ``arrays`` (type code, numbers)."""
    parts = [_MAGIC, len(arrays).to_bytes(4, "little")]
    for code, numbers in arrays:
        parts.append(code.encode().ljust(4, b"\0") + len(numbers).to_bytes(4, "little"))
    for code, numbers in arrays:
        size = _SIZES[code]
        parts.extend(number.to_bytes(size, "little", signed=True) for number in numbers)
    return b"".join(parts)


def table_file(name: str) -> bytes:
    """The exact bytes of the file ``name`` in ``tablerules/_data/``, built now."""
    if name == "hands.bin":
        hands = build_hands()
        return _encode([("q", list(hands)), ("i", list(hands.values()))])
    if name == "lowball27.bin":
        return _encode([("i", list(build_lowball27().values()))])
    if name == "seven.bin":
        rank7, flushes = build_rank7(), build_flushes()
        return _encode(
            [
                ("q", list(rank7)),
                ("i", list(rank7.values())),
                ("q", list(flushes)),
                ("i", list(flushes.values())),
            ]
        )
    raise ValueError(f"no table file is called {name!r}")


TABLE_FILES: Final = ("hands.bin", "lowball27.bin", "seven.bin")
"""The files in ``tablerules/_data/``."""


def data_path(name: str) -> str:
    """Where the shipped file ``name`` is (inside a zip archive if the package is zipped)."""
    return os.path.join(os.path.dirname(__file__), "_data", name)


def read_data(name: str) -> bytes:
    """The bytes of the shipped file ``name``.

    Read through the module's loader, which knows files and zip archives
    alike; :mod:`importlib.resources` would do the same but costs 10 ms or
    more to import, most of ``import tablerules``.
    """
    loader = __spec__.loader if __spec__ is not None else None
    get_data = getattr(loader, "get_data", None)
    if get_data is None:  # pragma: no cover - an unusual loader
        from importlib.resources import files  # noqa: PLC0415 - only then

        return (files("tablerules") / "_data" / name).read_bytes()
    data: bytes = get_data(data_path(name))
    return data


def load_arrays(name: str) -> list[memoryview]:
    """The arrays of the shipped file ``name``, each a memoryview of ints.

    A file that is missing or unreadable is built instead (a fraction of a
    second), so a checkout without the files, or with files of an older
    layout, still imports and ``scripts/make_tables.py`` can write them.
    """
    try:
        return decode(read_data(name))
    except (OSError, ValueError):
        return decode(table_file(name))


def decode(data: bytes) -> list[memoryview]:
    """The arrays of a table file's bytes, each a memoryview of ints; ValueError if damaged."""
    start = len(_MAGIC)
    if data[:start] != _MAGIC:
        raise ValueError("not a table file")
    view = memoryview(data)
    count = int.from_bytes(view[start : start + 4], "little")
    start += 4
    layout = []
    for _ in range(count):
        code = bytes(view[start : start + 1]).decode()
        layout.append((code, int.from_bytes(view[start + 4 : start + 8], "little")))
        start += _HEADER_ITEM
    arrays = []
    for code, length in layout:
        end = start + length * _SIZES[code]
        arrays.append(_native(view[start:end], code))
        start = end
    if start != len(view):
        raise ValueError("a table file of the wrong length")
    return arrays


def _native(data: memoryview, code: str) -> memoryview:
    """Little-endian bytes as a memoryview of ints of type ``code``."""
    if sys.byteorder == "little":
        return data.cast("q") if code == "q" else data.cast("i")
    import array  # noqa: PLC0415 - big-endian machines only

    numbers = array.array(code, data.tobytes())
    numbers.byteswap()
    return memoryview(numbers)


def _load_hands() -> tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]:
    keys, values = load_arrays("hands.bin")
    signed = dict(zip(keys, values, strict=True))
    plain = dict(zip(signed, map(abs, signed.values()), strict=True))
    # Three cards: the keys after five cards without a flush, one and two cards.
    start = _PLAIN_FIVES + _SMALL_SIZES[1] + _SMALL_SIZES[2]
    end = start + _SMALL_SIZES[3]
    three_signed = dict(zip(keys[start:end], values[start:end], strict=True))
    three = dict(zip(three_signed, map(abs, three_signed.values()), strict=True))
    return plain, signed, three, three_signed


HANDS, HANDS_SIGNED, RANK3, RANK3_SIGNED = _load_hands()
"""Key to value of every hand of one to five cards (the key's count tells the
size) and of three cards; the ``_SIGNED`` tables negate the values of hands
with a repeated rank (the only hands in which a card can be repeated): the
checked ranker looks for a repeated card only when the value is negative."""
RANK5: Final = HANDS
"""Five-card keys find their values in :data:`HANDS` (the name the OFC solver uses)."""


def load_seven() -> tuple[dict[int, int], dict[int, int]]:
    """The tables of :func:`build_rank7` and :func:`build_flushes`, read from the shipped file."""
    keys, values, flush_keys, flush_values = load_arrays("seven.bin")
    return dict(zip(keys, values, strict=True)), dict(zip(flush_keys, flush_values, strict=True))


def load_lowball27() -> tuple[dict[int, int], dict[int, int]]:
    """The 2-7 lowball table, plain and signed, read from the shipped file."""
    (values,) = load_arrays("lowball27.bin")
    # The five-card keys of HANDS_SIGNED, in its order: all but those of one to four cards.
    fives = itertools.chain(
        itertools.islice(HANDS_SIGNED, _PLAIN_FIVES),
        itertools.islice(HANDS_SIGNED, _PLAIN_FIVES + sum(_SMALL_SIZES.values()), None),
    )
    signed = dict(zip(fives, values, strict=True))
    return dict(zip(signed, map(abs, signed.values()), strict=True)), signed


ACE_FIVE_HIGH: Final = _five_distinct(_WHEEL, wheel=False)
"""A-5-4-3-2 read aces high with no wheel, off suit and suited: the two values
that :func:`tablerules.lowball27_as_high` can give and no high hand has."""
