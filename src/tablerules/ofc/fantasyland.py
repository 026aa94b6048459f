"""Fantasyland turns: every setting of 13 cards, how many there are, and the best one.

A fantasyland player holds 13 to 20 cards (15 in pineapple and 13 in classic
by default, or ``fantasyland_cards``, plus up to 3 for a progressive entry)
and sets 13 of them at once: 3 on top, 5 in the middle, 5 on the bottom, the
rest discarded. ``rules.legal_actions`` lists a fantasyland turn's settings
as a :class:`FantasylandSettings`, a lazy sequence that unranks the i-th
setting on demand; ``rules.random_action`` plays :func:`solve_fantasyland`'s
setting on a fantasyland turn.

>>> from tablerules.ofc import count_fantasyland_settings, solve_fantasyland
>>> count_fantasyland_settings("As Ad Ac Kh Kd 9s 8s 7s 6s 5s 4h 3h 2h 2c")
1009008
>>> print(solve_fantasyland("As Ad Ac Kh Kd 9s 8s 7s 6s 5s 4h 3h 2h 2c"))
top Kh Kd 4h | middle As Ad Ac 2h 2c | bottom 9s 8s 7s 6s 5s | discard 3h
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, overload

from tablerules.cards import Card, card_tuple, cards_text, is_card
from tablerules.errors import CardError, RulesError, show
from tablerules.ofc._fantasyland_search import solve
from tablerules.ofc.actions import Place, make_place
from tablerules.ofc.board import BOARD_SIZE
from tablerules.ofc.config import Config, config_or_default

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

__all__ = [
    "DEFAULT_STAY_VALUE",
    "FantasylandSettings",
    "count_fantasyland_settings",
    "fantasyland_settings",
    "solve_fantasyland",
]

DEFAULT_STAY_VALUE: Final = 10.0
"""Points :func:`tablerules.ofc.solve_fantasyland` counts for a board that stays in fantasyland."""

SETTINGS_OF_13: Final = math.factorial(13) // (math.factorial(3) * math.factorial(5) ** 2)
"""Ways to split 13 cards into a top of 3, a middle of 5 and a bottom of 5: 72072."""


# --- checking the input -------------------------------------------------------------------------


def _hand(cards: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
    """The cards, sorted; at least 13 distinct cards or a CardError saying why."""
    if not isinstance(cards, str) and hasattr(cards, "__iter__"):
        cards = tuple(cards)
        for item in cards:
            if not is_card(item):
                raise CardError(f"{what} takes cards; {show(item)} is not a Card")
    hand = card_tuple(cards, what)
    if len(set(hand)) != len(hand):
        twice = sorted({card for card in hand if hand.count(card) > 1})
        raise CardError(f"{what}: {' '.join(map(str, twice))} given more than once")
    if len(hand) < BOARD_SIZE:
        raise CardError(
            f"{what} needs at least 13 cards (a fantasyland hand sets 13), not {len(hand)}"
        )
    return tuple(sorted(hand))


# --- the action space ----------------------------------------------------------------------------

# Every bottom of 13 positions with the 8 positions left, and every split of those 8
# into a middle of 5 and a top of 3 (as getters), in order.
_BOTTOMS: Final = tuple(
    (operator.itemgetter(*bottom), operator.itemgetter(*(p for p in range(13) if p not in bottom)))
    for bottom in itertools.combinations(range(BOARD_SIZE), 5)
)
_MIDDLES: Final = tuple(
    (operator.itemgetter(*middle), operator.itemgetter(*(p for p in range(8) if p not in middle)))
    for middle in itertools.combinations(range(8), 5)
)


def count_fantasyland_settings(cards: Iterable[Card] | str, config: Config | None = None) -> int:
    """How many distinct settings :func:`fantasyland_settings` yields, without listing them.

    With ``n`` distinct cards that is C(n, n - 13) x 13! / (3! 5! 5!): the
    choice of discards times the 72072 ways to split 13 cards into the rows.
    The config does not change the count (fouled settings are legal moves).

    >>> from tablerules.ofc import count_fantasyland_settings
    >>> from tablerules import FULL_DECK
    >>> [count_fantasyland_settings(FULL_DECK[:n]) for n in (13, 14, 15)]
    [72072, 1009008, 7567560]
    """
    config_or_default(config)
    hand = _hand(cards, "count_fantasyland_settings")
    return math.comb(len(hand), len(hand) - BOARD_SIZE) * SETTINGS_OF_13


def fantasyland_settings(
    cards: Iterable[Card] | str, config: Config | None = None
) -> Iterator[Place]:
    """Every distinct legal setting of 13 of ``cards``, one :class:`~tablerules.ofc.Place` each.

    Rows and discards are sets, so each setting appears once. Fouled
    settings are included: the rules allow them (they only score badly).
    The order is stable: discards in card order, then bottoms, then
    middles. The cards are checked at once; the settings are made lazily.

    >>> from tablerules.ofc import fantasyland_settings
    >>> from tablerules import FULL_DECK
    >>> settings = fantasyland_settings(FULL_DECK[:14])
    >>> print(next(settings))
    top 5d 5c 4s | middle 4h 4d 4c 3s 3h | bottom 3d 3c 2s 2h 2d | discard 2c
    >>> sum(1 for _ in fantasyland_settings(FULL_DECK[:13]))
    72072
    """
    config_or_default(config)
    hand = _hand(cards, "fantasyland_settings")
    return _settings(hand)


def _settings(hand: tuple[Card, ...]) -> Iterator[Place]:
    extra = len(hand) - BOARD_SIZE
    make = make_place
    for discard in itertools.combinations(range(len(hand)), extra):
        gone = set(discard)
        kept = [card for position, card in enumerate(hand) if position not in gone]
        thrown = tuple(hand[position] for position in discard)
        for bottom_of, rest_of in _BOTTOMS:
            bottom = bottom_of(kept)
            rest = rest_of(kept)
            for middle_of, top_of in _MIDDLES:
                yield make(top=top_of(rest), middle=middle_of(rest), bottom=bottom, discard=thrown)


# --- every setting as a sequence ------------------------------------------------------------

_MIDDLES_PER_BOTTOM: Final = len(_MIDDLES)
"""Ways to split the 8 cards left after a bottom into a middle and a top: 56."""
_BOTTOM_RANK: Final[dict[tuple[int, ...], int]] = {
    bottom: rank for rank, bottom in enumerate(itertools.combinations(range(BOARD_SIZE), 5))
}
_MIDDLE_RANK: Final[dict[tuple[int, ...], int]] = {
    middle: rank for rank, middle in enumerate(itertools.combinations(range(8), 5))
}


def _unrank_combination(rank: int, size: int, count: int) -> tuple[int, ...]:
    """The ``rank``-th ``count``-subset of ``range(size)``, in ``itertools.combinations`` order.

    >>> _unrank_combination(3, 4, 2), list(itertools.combinations(range(4), 2))[3]
    ((1, 2), (1, 2))
    """
    chosen = []
    position = 0
    for left in range(count - 1, -1, -1):
        after = math.comb(size - position - 1, left)
        while rank >= after:
            rank -= after
            position += 1
            after = math.comb(size - position - 1, left)
        chosen.append(position)
        position += 1
    return tuple(chosen)


def _rank_combination(chosen: Sequence[int], size: int) -> int:
    """The rank of the ascending positions ``chosen`` among the subsets of ``range(size)``.

    >>> _rank_combination((1, 2), 4)
    3
    """
    rank = 0
    position = 0
    count = len(chosen)
    for slot, value in enumerate(chosen):
        left = count - slot - 1
        while position < value:
            rank += math.comb(size - position - 1, left)
            position += 1
        position += 1
    return rank


class FantasylandSettings(Sequence[Place]):
    """Every setting of a fantasyland hand, lazily, in :func:`fantasyland_settings` order.

    This is what :func:`~tablerules.ofc.legal_actions` returns on a
    fantasyland turn. Nothing is listed up front: ``len`` is
    :func:`count_fantasyland_settings`, ``settings[i]`` builds the i-th setting
    directly (a few microseconds, negative indices and slices as for a
    tuple), ``place in settings`` and ``settings.index(place)`` compute a
    setting's position from its cards, and iteration streams them all. So
    ``random.Random().choice(settings)`` draws a setting uniformly at once.

    Setting ``i`` discards the ``i // 72072``-th choice of discards (positions
    in the sorted cards, in ``itertools.combinations`` order), then splits the
    13 kept cards by ``i % 72072``: the ``// 56``-th bottom of 5 of them, then
    the ``% 56``-th middle of 5 of the 8 left, the last 3 on top.

    >>> from tablerules.ofc import FantasylandSettings
    >>> import random
    >>> from tablerules import FULL_DECK
    >>> settings = FantasylandSettings(FULL_DECK[:14])
    >>> len(settings)
    1009008
    >>> print(settings[0])
    top 5d 5c 4s | middle 4h 4d 4c 3s 3h | bottom 3d 3c 2s 2h 2d | discard 2c
    >>> settings[-1] in settings, settings.index(settings[123_456])
    (True, 123456)
    >>> random.Random(1).choice(settings) in settings
    True
    >>> settings[len(settings)]
    Traceback (most recent call last):
    ...
    IndexError: setting 1009008 is out of range: these 14 cards have 1009008 settings
    """

    __slots__ = ("_discards", "_hand", "_length", "_positions")

    def __init__(self, cards: Iterable[Card] | str, config: Config | None = None) -> None:
        """The settings of ``cards`` (13 or more distinct cards, as cards or text)."""
        config_or_default(config)
        hand = _hand(cards, "FantasylandSettings")
        self._hand: tuple[Card, ...] = hand
        self._discards = len(hand) - BOARD_SIZE
        self._length = math.comb(len(hand), self._discards) * SETTINGS_OF_13
        self._positions = {card: position for position, card in enumerate(hand)}

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand, sorted.

        >>> from tablerules.ofc import FantasylandSettings
        >>> from tablerules import FULL_DECK
        >>> FantasylandSettings(reversed(FULL_DECK[:13])).cards == FULL_DECK[:13]
        True
        """
        return self._hand

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Place: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Place, ...]: ...

    def __getitem__(self, index: int | slice) -> Place | tuple[Place, ...]:
        if isinstance(index, slice):
            return tuple([self._setting(i) for i in range(*index.indices(self._length))])
        position = operator.index(index)
        if position < 0:
            position += self._length
        if not 0 <= position < self._length:
            raise IndexError(
                f"setting {index} is out of range: these {len(self._hand)} cards have "
                f"{self._length} settings"
            )
        return self._setting(position)

    def _setting(self, index: int) -> Place:
        """Setting ``index`` (in range), built from its rank."""
        discard_rank, split = divmod(index, SETTINGS_OF_13)
        bottom_rank, middle_rank = divmod(split, _MIDDLES_PER_BOTTOM)
        hand = self._hand
        kept: Sequence[Card]
        if self._discards:
            thrown_at = _unrank_combination(discard_rank, len(hand), self._discards)
            thrown = tuple([hand[position] for position in thrown_at])
            kept = [card for position, card in enumerate(hand) if position not in thrown_at]
        else:
            thrown, kept = (), hand
        bottom_of, rest_of = _BOTTOMS[bottom_rank]
        rest = rest_of(kept)
        middle_of, top_of = _MIDDLES[middle_rank]
        return make_place(
            top=top_of(rest), middle=middle_of(rest), bottom=bottom_of(kept), discard=thrown
        )

    def _rank(self, value: object) -> int | None:
        """The index of ``value`` in the sequence, or ``None`` if it is not one of its settings."""
        if not isinstance(value, Place):
            return None
        parts = (value.top, value.middle, value.bottom, value.discard)
        if any(type(part) is not tuple for part in parts):
            return None
        top, middle, bottom, discard = parts
        if (len(top), len(middle), len(bottom), len(discard)) != (3, 5, 5, self._discards):
            return None
        positions = self._positions
        try:
            if any(type(card) is not Card for card in top + middle + bottom + discard):
                return None
            thrown = sorted([positions[card] for card in discard])
            kept_at = [position for position in range(len(self._hand)) if position not in thrown]
            if len(kept_at) != BOARD_SIZE:
                return None  # a discard named twice
            among_kept = {position: rank for rank, position in enumerate(kept_at)}
            bottom_at = tuple(sorted([among_kept[positions[card]] for card in bottom]))
            rest_at = [rank for rank in range(BOARD_SIZE) if rank not in bottom_at]
            among_rest = {rank: index for index, rank in enumerate(rest_at)}
            middle_at = tuple(sorted([among_rest[among_kept[positions[card]]] for card in middle]))
            index = (
                _rank_combination(thrown, len(self._hand)) * SETTINGS_OF_13
                + _BOTTOM_RANK[bottom_at] * _MIDDLES_PER_BOTTOM
                + _MIDDLE_RANK[middle_at]
            )
        except KeyError:
            return None  # a card not in the hand, or one named in two parts
        return index if self._setting(index) == value else None

    def __contains__(self, value: object) -> bool:
        return self._rank(value) is not None

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The position of setting ``value``; :class:`ValueError` if it is not one (as for tuples).

        >>> from tablerules.ofc import FantasylandSettings
        >>> from tablerules import FULL_DECK
        >>> settings = FantasylandSettings(FULL_DECK[:13])
        >>> settings.index(settings[72071])
        72071
        """
        found = self._rank(value)
        if found is not None:
            low, high, _ = slice(start, stop).indices(self._length)
            if low <= found < high:
                return found
        raise ValueError(f"{value!r} is not a setting of these cards in the range searched")

    def count(self, value: object) -> int:
        """1 if ``value`` is one of the settings, else 0 (each setting appears once)."""
        return 0 if self._rank(value) is None else 1

    def __iter__(self) -> Iterator[Place]:
        return _settings(self._hand)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FantasylandSettings):
            return NotImplemented
        return self._hand == other._hand

    def __hash__(self) -> int:
        return hash((FantasylandSettings, self._hand))

    def __repr__(self) -> str:
        return f"FantasylandSettings({cards_text(self._hand)!r})"

    def __reduce__(self) -> tuple[type[FantasylandSettings], tuple[tuple[Card, ...]]]:
        return (FantasylandSettings, (self._hand,))


# --- the solver -----------------------------------------------------------------------------------


def _stay_value(stay_value: object) -> float:
    if isinstance(stay_value, bool) or not isinstance(stay_value, (int, float)):
        raise RulesError(f"stay_value must be a number of points, not {show(stay_value)}")
    if isinstance(stay_value, int) and stay_value.bit_length() > 1000:
        raise RulesError(f"stay_value must be finite and not huge, not {show(stay_value)}")
    if not 0 <= stay_value < math.inf:
        raise RulesError(f"stay_value must be 0 or more (and finite), not {show(stay_value)}")
    return float(stay_value)


def solve_fantasyland(
    cards: Iterable[Card] | str,
    config: Config | None = None,
    *,
    stay_value: float = DEFAULT_STAY_VALUE,
) -> Place:
    """The setting of 13 of ``cards`` that guarantees the most points on its own.

    The value of a setting is its royalties plus ``stay_value`` when the
    board stays in fantasyland (the config's stay rule: trips on top, a full
    house or better in the middle if ``fantasyland_stay_middle``, quads or
    better on the bottom; 7-5-4-3-2 in a lowball middle). A setting that
    fouls is never chosen while one that does not exists. Opponents are not
    modelled: line wins and scoops depend on their boards.

    Ties go to the stronger bottom, then the stronger middle (the better low
    with a lowball middle), then the stronger top, then the discard whose
    highest card is lowest (then its next card, and so on), then the
    bottom, then the middle, holding the higher cards in card order.
    The answer is exact: the search prunes only settings that provably
    cannot beat the best one found.

    Here quads on the bottom keep fantasyland (15 points of royalties plus
    the stay value); two flushes under queens score 19 but leave it:

    >>> from tablerules.ofc import solve_fantasyland
    >>> hand = "3c 3d 5c 6d 6h 7s 8c 8d Tc Td Qc Qd Qh Qs"
    >>> print(solve_fantasyland(hand))
    top Td Tc 7s | middle 8c 6h 6d 3d 3c | bottom Qs Qh Qd Qc 8d | discard 5c
    >>> print(solve_fantasyland(hand, stay_value=3))
    top Qs Qh 7s | middle Qc Tc 8c 5c 3c | bottom Qd Td 8d 6d 3d | discard 6h
    """
    config = config_or_default(config)
    hand = _hand(cards, "solve_fantasyland")
    bonus = _stay_value(stay_value) if config.fantasyland else 0.0
    bottom, middle, top = solve(hand, config, bonus)
    return _place(hand, top, middle, bottom)


def _place(hand: tuple[Card, ...], top: int, middle: int, bottom: int) -> Place:
    def cards(mask: int) -> tuple[Card, ...]:
        return tuple(card for position, card in enumerate(hand) if mask >> position & 1)

    everything = (1 << len(hand)) - 1
    return make_place(
        top=cards(top),
        middle=cards(middle),
        bottom=cards(bottom),
        discard=cards(everything & ~(top | middle | bottom)),
    )
