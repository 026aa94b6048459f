"""Rank many hands at once: numpy arrays of card indices in, arrays of hand values out.

The values are those of :func:`~tablerules.rank5`, :func:`~tablerules.rank3`
and :func:`~tablerules.best_rank`, on the same scale, as ``int64`` arrays.
A hand is given by its cards' indices (:attr:`Card.index <tablerules.Card.index>`,
0 for ``2c`` to 51 for ``As``), and the hands of a batch lie side by side:
an array of shape ``(cards, N)`` holds ``N`` hands, one per column, so each
card's row is contiguous. :func:`indices` makes such an array from cards.

>>> import tablerules as tr
>>> from tablerules import batch
>>> hands = [tr.parse_cards("As Ks Qs Js Ts"), tr.parse_cards("2c 2d 3h 4s 5c")]
>>> cards = batch.indices(hands)
>>> cards.shape
(5, 2)
>>> values = batch.rank5(cards)
>>> [tr.describe(int(value)) for value in values]
['royal flush', 'pair of twos']
>>> values.tolist() == [tr.rank5(hand) for hand in hands]
True

Hands held one per row, shape ``(N, cards)``, are ranked with ``axis=1``
(the axis that holds a hand's cards) or by passing the transpose, ``a.T``.
An array of any shape works: the cards axis is dropped from the result.

The checks are those of the checked rankers, run over the whole array at
once: a wrong shape, an index outside 0 to 51 (or an array that is not of
integers) and a card repeated within a hand raise
:class:`~tablerules.CardError` naming the first bad hand.

This module needs numpy, the ``numpy`` extra (``pip install
'tablerules[numpy]'``); the rest of the library does not. Its tables are
built from the ranker's own on first use (a few milliseconds; about 16 MB for
seven cards, 3 MB for five).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - the tests need numpy to get here
    raise ImportError(
        "tablerules.batch needs numpy: install the numpy extra, pip install 'tablerules[numpy]'"
    ) from error

from tablerules._tables import HANDS, RANK_BITS, SUIT_FIELDS, load_arrays
from tablerules.cards import COUNT_SHIFT, FULL_DECK, RANK_CODES, Card
from tablerules.errors import CardError, show

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

__all__ = ["best_rank", "indices", "rank3", "rank5"]

# Rank weights whose sums over any hand of three (five) ranks, each at most
# four times, are all different, and small: 4,668 (360,918) at most, so a
# sum indexes a table directly. Found greedily; tests/test_batch.py checks them.
_WEIGHTS3: Final = (0, 1, 4, 13, 32, 71, 124, 218, 375, 572, 744, 1208, 1556)
_WEIGHTS5: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
# A card's batch code: its rank's weight, plus 1 in its suit's 3-bit count at bit 32 and up.
_SUIT_SHIFT: Final = 32
_NO_SUIT: Final = -1


def _codes(weights: Sequence[int]) -> NDArray[np.int64]:
    """Each card index's code: its rank's weight and a count of one for its suit."""
    return np.array(
        [weights[index // 4] + (1 << (_SUIT_SHIFT + 3 * (index % 4))) for index in range(52)],
        dtype=np.int64,
    )


def _flush_suits(least: int) -> NDArray[np.int8]:
    """For each 12-bit field of four suit counts, the suit counted ``least`` times or more, or -1.

    No two suits can both count five or more among seven cards.
    """
    counts = np.arange(1 << 12)[:, None] >> np.arange(0, 12, 3) & 7
    return np.where(counts.max(axis=1) >= least, counts.argmax(axis=1), _NO_SUIT).astype(np.int8)


def _value_of(keys: Iterable[int]) -> NDArray[np.int64]:
    """The ranker's values of hands given by their keys (sums of card codes, masked)."""
    return np.fromiter(map(HANDS.__getitem__, keys), dtype=np.int64)


def _rank_sets(size: int) -> list[tuple[int, ...]]:
    """Every choice of ``size`` ranks (0 to 12), each at most four times."""
    return [
        combo
        for combo in itertools.combinations_with_replacement(range(13), size)
        if not any(combo[i] == combo[i + 4] for i in range(size - 4))
    ]


class _Five:
    """Tables for five cards: value by weight sum, and the value the same ranks have suited."""

    def __init__(self) -> None:
        self.codes = _codes(_WEIGHTS5)
        self.flush_suits = _flush_suits(5)
        sets = _rank_sets(5)
        weights = np.array([sum(_WEIGHTS5[rank] for rank in ranks) for ranks in sets])
        count = 5 << COUNT_SHIFT
        keys = [sum(RANK_CODES[rank] for rank in ranks) | count for ranks in sets]
        self.plain = np.zeros(int(weights.max()) + 1, dtype=np.int64)
        self.plain[weights] = _value_of(keys)
        distinct = [i for i, ranks in enumerate(sets) if len(set(ranks)) == 5]
        flag = next(iter(SUIT_FIELDS))
        self.suited = np.zeros_like(self.plain)
        self.suited[weights[distinct]] = _value_of(keys[i] | flag for i in distinct)


class _Three:
    """The table for three cards: value by weight sum."""

    def __init__(self) -> None:
        self.codes = _codes(_WEIGHTS3)
        sets = _rank_sets(3)
        weights = np.array([sum(_WEIGHTS3[rank] for rank in ranks) for ranks in sets])
        count = 3 << COUNT_SHIFT
        self.plain = np.zeros(int(weights.max()) + 1, dtype=np.int64)
        self.plain[weights] = _value_of(sum(RANK_CODES[r] for r in ranks) | count for ranks in sets)


class _Seven:
    """Tables for seven cards, from the ranker's: the class of each rank sum, and flushes."""

    def __init__(self) -> None:
        self.codes = _codes(RANK_CODES)
        self.flush_suits = _flush_suits(5)
        keys, values, flush_keys, flush_values = (np.asarray(a) for a in load_arrays("seven.bin"))
        # 49,205 sums of seven rank codes (7.8 million at most), each to one of 4,824 values.
        self.values, classes = np.unique(values.astype(np.int64), return_inverse=True)
        ranks = keys & RANK_BITS
        self.classes = np.zeros(int(ranks.max()) + 1, dtype=np.uint16)
        self.classes[ranks] = classes
        order = np.argsort(flush_keys)
        self.flush_keys = flush_keys[order].astype(np.int64)
        self.flush_values = flush_values[order].astype(np.int64)
        self.rank_codes = np.array([RANK_CODES[index // 4] for index in range(52)], np.int64)


_five = functools.cache(_Five)
_three = functools.cache(_Three)
_seven = functools.cache(_Seven)


# --- checking the input ----------------------------------------------------------------------


def _hand_at(shape: tuple[int, ...], flat: int) -> str:
    """The ``flat``-th hand of a batch of ``shape``, named as the user indexes it."""
    if not shape:
        return "the hand"
    where = tuple(int(i) for i in np.unravel_index(flat, shape))
    return f"hand {where[0]}" if len(where) == 1 else f"hand {where}"


def _checked(
    name: str, indices: ArrayLike, sizes: tuple[int, ...], axis: int
) -> tuple[NDArray[np.intp], tuple[int, ...]]:
    """The card indices as an ``intp`` array of shape ``(cards, hands)``, and the batch's shape.

    Raises CardError for anything that is not a batch of hands of one of ``sizes``.
    """
    wanted = " or ".join(map(str, sizes))
    array = np.asarray(indices)
    if array.dtype.kind not in "iu":
        hint = " (batch.indices(hands) makes them from cards)"
        raise CardError(f"{name} takes integer card indices, not {array.dtype}{hint}")
    if array.ndim == 0:
        raise CardError(
            f"{name} takes hands of {wanted} cards along axis {axis}, not an array of shape ()"
        )
    if not -array.ndim <= axis < array.ndim:
        raise CardError(
            f"{name}: axis {axis} is not an axis of an array of shape {array.shape}; "
            f"the cards of a hand lie along axis 0 (shape ({wanted}, N)) unless told otherwise"
        )
    array = np.moveaxis(array, axis, 0)
    if array.shape[0] not in sizes:
        raise CardError(
            f"{name} takes hands of {wanted} cards along axis {axis}, "
            f"not an array of shape {np.moveaxis(array, 0, axis).shape}"
        )
    array = array.astype(np.intp, copy=False)
    if array.size and array.view(np.uintp).max() > 51:  # negative indices look huge unsigned
        bad = np.flatnonzero(((array < 0) | (array > 51)).any(axis=0))[0]
        column = array.reshape(array.shape[0], -1)[:, bad]
        value = next(int(v) for v in column if not 0 <= v <= 51)
        raise CardError(
            f"{name}: {_hand_at(array.shape[1:], int(bad))} holds {show(value)}, "
            "which is no card index (0 to 51, as Card.index gives; batch.indices(hands) "
            "makes them from cards)"
        )
    size = array.shape[0]
    small = array.astype(np.uint8)  # compared a byte at a time, several times quicker
    repeated = np.zeros(array.shape[1:], dtype=bool)
    for first, second in itertools.combinations(range(size), 2):
        repeated |= small[first] == small[second]
    if repeated.any():
        bad = int(np.flatnonzero(repeated)[0])
        column = array.reshape(size, -1)[:, bad].tolist()
        card = next(FULL_DECK[v] for v in column if column.count(v) > 1)
        raise CardError(f"{name}: {_hand_at(array.shape[1:], bad)} repeats card {card}")
    return array.reshape(size, -1), array.shape[1:]


def _sum_rows(codes: NDArray[np.int64], cards: NDArray[np.intp]) -> NDArray[np.int64]:
    """The sum over each hand of its cards' codes (one contiguous row of cards at a time)."""
    total: NDArray[np.int64] = codes[cards[0]]
    for row in cards[1:]:
        total += codes[row]
    return total


# --- ranking ---------------------------------------------------------------------------------


def rank5(indices: ArrayLike, *, axis: int = 0) -> NDArray[np.int64]:
    """The values of five-card hands, as :func:`~tablerules.rank5` gives them.

    ``indices`` holds card indices 0 to 51, five per hand along ``axis``
    (shape ``(5, N)`` by default; ``axis=1`` for ``(N, 5)``).

    >>> from tablerules.batch import rank5
    >>> import numpy as np
    >>> import tablerules as tr
    >>> rank5(np.array([[51, 47, 43, 39, 35]]), axis=1).tolist() == [
    ...     tr.rank5(tr.parse_cards("As Ks Qs Js Ts"))
    ... ]
    True
    >>> rank5(np.array([[0, 0, 4, 8, 12]]), axis=1)
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: batch.rank5: hand 0 repeats card 2c
    """
    cards, shape = _checked("batch.rank5", indices, (5,), axis)
    return _rank5(cards).reshape(shape)


def _rank5(cards: NDArray[np.intp]) -> NDArray[np.int64]:
    return _fives(_sum_rows(_five().codes, cards))


def _fives(total: NDArray[np.int64]) -> NDArray[np.int64]:
    """The values of five-card hands from the sums of their codes."""
    tables = _five()
    values: NDArray[np.int64] = tables.plain[total & 0xFFFFFFFF]
    flushes = np.flatnonzero(tables.flush_suits[total >> _SUIT_SHIFT] != _NO_SUIT)
    if flushes.size:
        values[flushes] = tables.suited[total[flushes] & 0xFFFFFFFF]
    return values


def rank3(indices: ArrayLike, *, axis: int = 0) -> NDArray[np.int64]:
    """The values of three-card hands (no straights or flushes), as :func:`~tablerules.rank3`.

    On the scale of :func:`rank5`, so ``rank3(tops) <= rank5(middles)``
    holds where an OFC board is not fouled.

    >>> from tablerules.batch import indices, rank3
    >>> import numpy as np
    >>> import tablerules as tr
    >>> tops = [tr.parse_cards("Qs Qd 2c"), tr.parse_cards("As Kd 7h")]
    >>> rank3(indices(tops)).tolist() == [tr.rank3(top) for top in tops]
    True
    """
    cards, shape = _checked("batch.rank3", indices, (3,), axis)
    tables = _three()
    values: NDArray[np.int64] = tables.plain[_sum_rows(tables.codes, cards) & 0xFFFFFFFF]
    return values.reshape(shape)


def best_rank(indices: ArrayLike, *, axis: int = 0) -> NDArray[np.int64]:
    """The value of the best five cards of each hand of 5, 6 or 7, as :func:`~tablerules.best_rank`.

    >>> from tablerules.batch import best_rank, indices
    >>> import tablerules as tr
    >>> hands = [tr.parse_cards("As Ks 2d 2c Qs Js Ts"), tr.parse_cards("9c 9d 9h 4s 4c 2d 3h")]
    >>> [tr.describe(int(value)) for value in best_rank(indices(hands))]
    ['royal flush', 'full house, nines full of fours']
    """
    cards, shape = _checked("batch.best_rank", indices, (5, 6, 7), axis)
    size = cards.shape[0]
    if size == 5:
        return _rank5(cards).reshape(shape)
    return (_best6(cards) if size == 6 else _best7(cards)).reshape(shape)


def _best6(cards: NDArray[np.intp]) -> NDArray[np.int64]:
    """The best of the six hands of five in six cards: the sum less one card each."""
    codes: NDArray[np.int64] = _five().codes[cards]
    total = codes.sum(axis=0)
    best = np.zeros(total.shape, dtype=np.int64)
    for code in codes:
        np.maximum(best, _fives(total - code), out=best)
    return best


def _best7(cards: NDArray[np.intp]) -> NDArray[np.int64]:
    """One lookup per hand without five of a suit; the flushes' suited cards one more."""
    seven = _seven()
    total = _sum_rows(seven.codes, cards)
    values: NDArray[np.int64] = seven.values[seven.classes[total & RANK_BITS]]
    suits = seven.flush_suits[total >> _SUIT_SHIFT]
    flushes = np.flatnonzero(suits != _NO_SUIT)
    if flushes.size:
        # Five or more of one suit: the best five of that suit's cards is the best hand.
        flush_cards = cards[:, flushes]
        suited = (flush_cards & 3) == suits[flushes]
        keys = np.where(suited, seven.rank_codes[flush_cards], 0).sum(axis=0)
        keys |= suited.sum(axis=0).astype(np.int64) << COUNT_SHIFT
        values[flushes] = seven.flush_values[np.searchsorted(seven.flush_keys, keys)]
    return values


# --- from cards ------------------------------------------------------------------------------

_INDEX_OF: Final = {card: index for index, card in enumerate(FULL_DECK)}


def indices(hands: Iterable[Sequence[Card]]) -> NDArray[np.intp]:
    """The card indices of hands of cards, shape ``(cards, N)``: what the rankers here take.

    Every hand must hold the same number of cards, each one of the 52
    :class:`~tablerules.Card` objects; repeated cards are left for the
    rankers to refuse.

    >>> from tablerules.batch import indices
    >>> import tablerules as tr
    >>> indices([tr.parse_cards("2c 2d"), tr.parse_cards("As Kd")]).tolist()
    [[0, 51], [1, 45]]
    >>> indices([tr.parse_cards("2c 2d"), tr.parse_cards("As")])
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: batch.indices: hand 1 holds 1 cards, not 2 as hand 0 does
    """
    given: object = hands
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise CardError(f"batch.indices takes an iterable of hands, not {type(given).__name__}")
    rows = hands if isinstance(hands, Sequence) else list(hands)
    if not set(map(type, rows)) <= {tuple, list}:  # other sequences are checked one by one
        for number, row in enumerate(rows):
            if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
                hint = "; read card text with parse_cards()" if isinstance(row, str) else ""
                raise CardError(
                    f"batch.indices: hand {number} is {show(row)}, not a sequence of cards{hint}"
                )
    size = len(rows[0]) if rows else 0
    if len(set(map(len, rows))) > 1:
        number, row = next((n, row) for n, row in enumerate(rows) if len(row) != size)
        raise CardError(
            f"batch.indices: hand {number} holds {len(row)} cards, not {size} as hand 0 does"
        )
    if not size:
        return np.zeros((0, len(rows)), dtype=np.intp)
    flat = list(itertools.chain.from_iterable(rows))
    if set(map(type, flat)) != {Card}:
        place = next(i for i, card in enumerate(flat) if type(card) is not Card)
        raise CardError(
            f"batch.indices: hand {place // size} holds {show(flat[place])} "
            f"(item {place % size}), which is not a card"
        )
    try:
        found = np.fromiter(map(_INDEX_OF.__getitem__, flat), dtype=np.intp, count=len(flat))
    except KeyError:
        place = next(i for i, card in enumerate(flat) if card not in _INDEX_OF)
        raise CardError(
            f"batch.indices: hand {place // size} holds {flat[place]!r} (item {place % size}), "
            "a Card forged with int.__new__, which is none of the 52 cards"
        ) from None
    return np.ascontiguousarray(found.reshape(len(rows), size).T)
