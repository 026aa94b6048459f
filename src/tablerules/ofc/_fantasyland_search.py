"""The search behind :func:`tablerules.ofc.solve_fantasyland`: the best rows of a fantasyland hand.

Rows are sets of hand positions held as bit masks (bit ``p`` is the ``p``-th
card of the sorted hand). Every five-card and three-card subset is ranked once
and sorted strongest first; the search then goes through bottoms in that
order and, for each, through the middles that could still beat the best
setting found, taking the strongest top that fits from the cards left.

What makes it quick is what it knows about a middle before pairing it with a
bottom: the most its row and a top could add (the top made of cards outside
the middle, see :meth:`_Tops.royalty_bound`). The middles are grouped by that
figure as the search needs them, so a bottom only looks at the groups that
could beat the best setting so far, and the bottoms stop as soon as no group
can. With a lowball middle the middles are the lows that do not foul, best
first, and a bottom's top is bounded by the best scoring top outside it.
Everything pruned provably scores less, or the same with a worse tie-break, so
the answer is the one trying every setting would give.
"""

from __future__ import annotations

import bisect
import itertools
import math
from typing import TYPE_CHECKING, Final

from tablerules._tables import KEY_MASK, RANK3, RANK5
from tablerules.ofc.scoring import (
    BEST_LOW,
    BOTTOM_ROYALTY,
    MIDDLE_ROYALTY,
    is_low_fouled,
    low_royalty,
    top_royalty,
)
from tablerules.ranking import CATEGORY_BASE, HandCategory, lowball27_table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablerules.cards import Card
    from tablerules.ofc.config import Config

_TRIPS: Final = int(HandCategory.THREE_OF_A_KIND)
_FULL_HOUSE: Final = int(HandCategory.FULL_HOUSE)
_QUADS: Final = int(HandCategory.FOUR_OF_A_KIND)
_TEN: Final = 10
"""The highest rank a 2-7 low that does not foul can hold."""
_MASK_SHIFT: Final = 64
"""Where a card's position bit goes above its code: any sum of up to 20 codes (each below
``2**55``) stays below it, so one sum gives both a subset's ranking key and its mask."""


def subsets(
    hand: tuple[Card, ...],
    size: int,
    table: dict[int, int],
    among: Sequence[int] | None = None,
) -> tuple[list[int], list[int]]:
    """Every subset of ``size`` cards: values (from a ranker table) and position masks.

    Sorted strongest first, then by the higher cards (the larger mask). With
    ``among``, only the subsets of the cards at those positions.

    >>> from tablerules import FULL_DECK
    >>> values, masks = subsets(FULL_DECK[:4], 3, RANK3)
    >>> [bin(mask) for mask in masks]
    ['0b1110', '0b1101', '0b1011', '0b111']
    >>> [bin(mask) for mask in subsets(FULL_DECK[:4], 3, RANK3, among=(0, 2, 3))[1]]
    ['0b1101']
    """
    width = len(hand)
    key_mask = KEY_MASK
    shift = _MASK_SHIFT
    positions = range(width) if among is None else among
    codes = [hand[position] | (1 << (shift + position)) for position in positions]
    keys = [
        (table[total & key_mask] << width) | (total >> shift)
        for total in map(sum, itertools.combinations(codes, size))
    ]
    keys.sort(reverse=True)
    low = (1 << width) - 1
    return [key >> width for key in keys], [key & low for key in keys]


_SettingKey = tuple[float, int, int, int, int, int, int]
"""What orders candidate settings, the largest winning: points, the bottom, middle and top
values, minus the discard mask, then the bottom and middle masks (the order
:func:`tablerules.ofc.solve_fantasyland` documents for ties)."""


class _Tops:
    """The top rows of a hand: the best one under a limit from given cards, and bounds on it."""

    __slots__ = (
        "_bits",
        "_index",
        "_within",
        "cores",
        "masks",
        "negated",
        "royalty",
        "trips",
        "values",
    )

    def __init__(self, hand: tuple[Card, ...], stays: bool) -> None:
        values, masks = subsets(hand, 3, RANK3)
        self.negated = [-value for value in values]
        self.values = values
        self.masks = masks
        self.royalty = [top_royalty(value) for value in values]
        self.trips = [stays and value // CATEGORY_BASE == _TRIPS for value in values]
        self._index = {mask: index for index, mask in enumerate(masks)}
        self._bits = [1 << position for position in range(len(hand))]
        self._within: dict[int, list[int]] = {}
        self.cores = self._cores(hand)

    def _cores(self, hand: tuple[Card, ...]) -> list[tuple[int, bool, int, int]]:
        """(royalty, stays, core mask, lowest value) of every kind of top that scores.

        A scoring top is a pair of sixes or better with any kicker, or trips; its
        core is the pair (the three cards for trips), its lowest value the weakest
        top with that core. Strongest royalty first.
        """
        ranks = [card.rank for card in hand]
        found: dict[int, tuple[int, bool, int]] = {}
        for value, mask, royalty, trips in zip(
            self.values, self.masks, self.royalty, self.trips, strict=True
        ):
            if not royalty:
                continue
            held = [position for position in range(len(hand)) if mask >> position & 1]
            core = sum(
                1 << position
                for position in held
                if sum(ranks[other] == ranks[position] for other in held) > 1
            )
            found[core] = (royalty, trips, value)  # the tops come strongest first
        cores = [(royalty, trips, core, value) for core, (royalty, trips, value) in found.items()]
        cores.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        return cores

    def start(self, limit: int) -> int:
        """Index of the strongest three whose value is at most ``limit``."""
        return bisect.bisect_left(self.negated, -limit)

    def best(self, start: int, free: int) -> int:
        """Index of the first three from ``start`` made only of ``free`` positions; -1 if none."""
        within = self._within.get(free)
        if within is None:
            within = self._list(free)
        for index in within:
            if index >= start:
                return index
        return -1

    def _list(self, free: int) -> list[int]:
        """The indices of the threes made of ``free`` positions, in order (remembered)."""
        bits = [bit for bit in self._bits if free & bit]
        index = self._index
        within = sorted([index[a | b | c] for a, b, c in itertools.combinations(bits, 3)])
        self._within[free] = within
        return within

    def royalty_bound(self, limit: int, used: int) -> tuple[int, bool]:
        """A bound on the royalty of a top at most ``limit`` that avoids ``used``, and its stay.

        The royalty of the best scoring top whose core avoids ``used`` and that
        can be at most ``limit``, and whether it stays; (0, False) if none.
        """
        for royalty, trips, core, lowest in self.cores:
            if not core & used and lowest <= limit:
                return royalty, trips
        return 0, False


def solve(hand: tuple[Card, ...], config: Config, bonus: float) -> tuple[int, int, int]:
    """Masks of the best (bottom, middle, top) of ``hand`` (sorted, 13 cards or more).

    When every setting fouls (a lowball middle with no ten-low in the cards):
    the strongest five on the bottom, the best low of the rest in the middle,
    the strongest three of the rest on top (ties as in the search).
    """
    stays = config.fantasyland
    if config.lowball_middle:
        return _solve_lowball(hand, config, bonus, stays)
    found = _solve_high(hand, config, bonus, stays)
    assert found is not None, "some setting of 13 cards or more never fouls"
    return found


def _solve_high(
    hand: tuple[Card, ...], config: Config, bonus: float, stays: bool
) -> tuple[int, int, int] | None:
    values, masks = subsets(hand, 5, RANK5)
    tops = _Tops(hand, stays)
    everything = (1 << len(hand)) - 1
    middle_stays = stays and config.fantasyland_stay_middle
    count = len(values)
    categories = [value // CATEGORY_BASE for value in values]
    tops_count = len(tops.values)
    tops_values = tops.values
    tops_masks = tops.masks
    tops_royalty = tops.royalty
    tops_trips = tops.trips
    tops_negated = tops.negated
    start_of = tops.start
    best_top = tops.best
    royalty_bound = tops.royalty_bound
    middle_royalty = MIDDLE_ROYALTY

    # First index holding each value (the fives are sorted strongest first).
    first_of: dict[int, int] = {}
    for index in range(count - 1, -1, -1):
        first_of[values[index]] = index

    # The middles seen so far (indices below `filled`), grouped by the most the middle row
    # and a top of cards outside it could add: with the stay bonus (`levels`) and without
    # it (`plain_levels`, for bottoms that stay on their own). The first top at most each
    # middle's value is in `top_under`.
    top_under = [0] * count
    levels: dict[float, list[int]] = {}
    plain_levels: dict[float, list[int]] = {}
    filled = 0

    best_points = -math.inf
    best_key: _SettingKey | None = None
    best_masks: tuple[int, int, int] | None = None

    def consider(b: int, m: int, top_start: int) -> None:
        """Make (bottom b, middle m) with the best top left the best so far if it beats it."""
        nonlocal best_points, best_key, best_masks
        bottom_mask = masks[b]
        middle_mask = masks[m]
        free = everything & ~(bottom_mask | middle_mask)
        t = best_top(top_start, free)
        if t < 0:
            return
        top_mask = tops_masks[t]
        bottom_category = categories[b]
        middle_category = categories[m]
        points: float = (
            BOTTOM_ROYALTY[bottom_category] + middle_royalty[middle_category] + tops_royalty[t]
        )
        if (
            (stays and bottom_category >= _QUADS)
            or tops_trips[t]
            or (middle_stays and middle_category >= _FULL_HOUSE)
        ):
            points += bonus
        key = (
            points,
            values[b],
            values[m],
            tops_values[t],
            -(free & ~top_mask),
            bottom_mask,
            middle_mask,
        )
        if best_key is None or key > best_key:
            best_key = key
            best_points = points
            best_masks = (bottom_mask, middle_mask, top_mask)

    # A first setting to beat: the strongest bottom and the strongest middle left.
    for m in range(count):
        if not masks[m] & masks[0]:
            consider(0, m, start_of(values[m]))
            break

    for b in range(count):
        bottom_value = values[b]
        bottom_mask = masks[b]
        bottom_category = categories[b]
        start = first_of[bottom_value]
        # What this bottom adds, and the groups of middles that go with it.
        if stays and bottom_category >= _QUADS:
            base = BOTTOM_ROYALTY[bottom_category] + bonus
            plain = True
            groups = plain_levels
        else:
            base = BOTTOM_ROYALTY[bottom_category]
            plain = False
            groups = levels
        # A setting with this bottom and as many points as the best one beats it only with
        # the same bottom value (`tie_bottom`) and a middle at least as strong (`tie_middle`).
        if best_key is None:
            tie_bottom = True
            tie_middle = -1
        else:
            tie_bottom = bottom_value == best_key[1]
            tie_middle = best_key[2]
        # Group every middle that could still beat the best setting (from this bottom on:
        # the bottoms only get weaker, the best setting only better).
        left = -math.inf
        while filled < count:
            # The most this middle or any weaker one adds with any top (ignoring cards).
            value = values[filled]
            top = bisect.bisect_left(tops_negated, -value)
            if top >= tops_count:
                left = -math.inf
                break
            category = categories[filled]
            middle_points: float = middle_royalty[category] + tops_royalty[top]
            middle_keeps = middle_stays and category >= _FULL_HOUSE
            if not plain and (tops_trips[top] or middle_keeps):
                middle_points += bonus
            left = base + middle_points
            if left < best_points or (
                left == best_points and not (tie_bottom and value >= tie_middle)
            ):
                break
            # Group it by the most it adds with a top of other cards.
            top_under[filled] = top
            royalty, trips = royalty_bound(value, masks[filled])
            middle_points = middle_royalty[category] + royalty
            plain_levels.setdefault(middle_points, []).append(filled)
            if trips or middle_keeps:
                middle_points += bonus
            levels.setdefault(middle_points, []).append(filled)
            filled += 1
            left = -math.inf
        # The most any middle from `start` on adds: the best group holding one, or what the
        # middles not grouped could add at most.
        ranked = sorted(groups, reverse=True)
        for level in ranked:
            if groups[level][-1] >= start:
                left = max(left, base + level)
                break
        if left < best_points or (left == best_points and not tie_bottom):
            break  # no later bottom does better either
        for level in ranked:
            reached = base + level
            if reached < best_points or (reached == best_points and not tie_bottom):
                break
            members = groups[level]
            for position in range(bisect.bisect_left(members, start), len(members)):
                m = members[position]
                if reached == best_points and values[m] < tie_middle:
                    break
                if masks[m] & bottom_mask:
                    continue
                consider(b, m, top_under[m])
                if best_key is not None:
                    tie_bottom = bottom_value == best_key[1]
                    tie_middle = best_key[2]
                if reached < best_points or (reached == best_points and not tie_bottom):
                    break
    return best_masks


def _solve_lowball(
    hand: tuple[Card, ...], config: Config, bonus: float, stays: bool
) -> tuple[int, int, int]:
    high = subsets(hand, 5, RANK5)
    tops = _Tops(hand, stays)
    everything = (1 << len(hand)) - 1
    middle_stays = stays and config.fantasyland_stay_middle
    # The middles that do not foul (ten-low or better), the best low first: only cards
    # up to a ten can be in one.
    lows = []
    table = lowball27_table()
    low_cards = [position for position, card in enumerate(hand) if card.rank <= _TEN]
    for low, mask in zip(*subsets(hand, 5, table, low_cards), strict=True):
        if not is_low_fouled(low):
            royalty = low_royalty(low, config)
            lows.append((low, mask, royalty, middle_stays and low == BEST_LOW))
    if not lows:
        bottom = high[1][0]
        middle = next(mask for mask in subsets(hand, 5, table)[1] if not mask & bottom)
        free = everything & ~(bottom | middle)
        return bottom, middle, tops.masks[tops.best(0, free)]
    lows.sort(reverse=True)
    low_bound = [royalty + (bonus if keeps else 0.0) for _, _, royalty, keeps in lows]
    low_plain = [royalty for _, _, royalty, _ in lows]
    best_points = -math.inf
    best_key: _SettingKey | None = None
    best_masks: tuple[int, int, int] | None = None
    tops_values = tops.values
    tops_masks = tops.masks
    tops_royalty = tops.royalty
    tops_trips = tops.trips
    best_top = tops.best
    for bottom_value, bottom_mask in zip(*high, strict=True):
        bottom_category = bottom_value // CATEGORY_BASE
        bottom_royalty = BOTTOM_ROYALTY[bottom_category]
        bottom_stays = stays and bottom_category >= _QUADS
        first_top = tops.start(bottom_value)
        if first_top >= len(tops_values):
            continue  # every top beats this bottom (only with 13 cards)
        # The best top under this bottom from any cards bounds every later bottom too.
        if bottom_stays or tops_trips[first_top]:
            bound = bottom_royalty + tops_royalty[first_top] + bonus + low_plain[0]
        else:
            bound = bottom_royalty + tops_royalty[first_top] + low_bound[0]
        if bound < best_points:
            break
        if best_key is not None and bound == best_points and bottom_value < best_key[1]:
            break
        # A top made of cards outside this bottom scores at most this.
        top_royalty_left, top_trips = tops.royalty_bound(bottom_value, bottom_mask)
        top_stays = bottom_stays or top_trips
        for m, (middle_value, middle_mask, middle_royalty, middle_keeps) in enumerate(lows):
            if top_stays:
                bound = bottom_royalty + top_royalty_left + bonus + low_plain[m]
            else:
                bound = bottom_royalty + top_royalty_left + low_bound[m]
            if bound < best_points:
                break
            if (
                best_key is not None
                and bound == best_points
                and (
                    bottom_value < best_key[1]
                    or (bottom_value == best_key[1] and middle_value < best_key[2])
                )
            ):
                break
            if middle_mask & bottom_mask:
                continue
            free = everything & ~(bottom_mask | middle_mask)
            t = best_top(first_top, free)
            if t < 0:
                continue
            top_mask = tops_masks[t]
            points: float = bottom_royalty + middle_royalty + tops_royalty[t]
            if bottom_stays or middle_keeps or tops_trips[t]:
                points += bonus
            key = (
                points,
                bottom_value,
                middle_value,
                tops_values[t],
                -(free & ~top_mask),
                bottom_mask,
                middle_mask,
            )
            if best_key is None or key > best_key:
                best_key = key
                best_points = points
                best_masks = (bottom_mask, middle_mask, top_mask)
    assert best_masks is not None, "a valid low leaves a bottom over a top"
    return best_masks
