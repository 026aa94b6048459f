"""Scoring Mock: hand values, category points, the tie rules, the bonuses and the game's end.

The rules call :func:`score_round` when a round ends and :func:`game_winners`
to decide whether the game is over; the invariant check
(:mod:`tablerules.mock.validate`) calls them to check a record.

>>> from tablerules import parse_cards
>>> melds = [parse_cards("Ah Ad Ac 9s 9h"), parse_cards("2c 3d 4h 5s 6c"), parse_cards("Jc Jd")]
>>> score_round(melds, first_complete=1)
((6, 4, 1), (0,), (8, 5, 1))
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from tablerules.errors import ConfigError, show
from tablerules.mock.config import MELD_SIZE, TIE_RULES, Config
from tablerules.ranking import CATEGORY_BASE, HandCategory, rank_cards

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablerules.cards import Card

__all__ = [
    "FIRST_COMPLETE_BONUS",
    "HIGHEST_HAND_BONUS",
    "MAX_ROUND_POINTS",
    "game_winners",
    "hand_points",
    "hand_value",
    "highest_hands",
    "score_round",
]

FIRST_COMPLETE_BONUS: Final = 1
"""Points for the first player to meld five cards in a round."""

HIGHEST_HAND_BONUS: Final = 2
"""Points for the highest melded hand of a round (see the tie rules)."""

MAX_ROUND_POINTS: Final = int(HandCategory.ROYAL_FLUSH) + HIGHEST_HAND_BONUS + FIRST_COMPLETE_BONUS
"""The most one seat can score in a round: a royal flush with both bonuses."""

_STRAIGHTS: Final = (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)


def hand_value(cards: Sequence[Card]) -> int:
    """The strength of a melded hand of 0 to 5 cards, on the ranker's scale.

    Five cards rank as poker hands; fewer count only pairs, two pair, trips
    and quads, then kickers (see :func:`tablerules.rank_cards`). An empty
    meld is ``-1``, below every hand.

    >>> from tablerules.mock import hand_value
    >>> from tablerules import parse_cards
    >>> hand_value(parse_cards("Ks Kd 2c")) > hand_value(parse_cards("Qs Qd Jc Th 9c"))
    True
    >>> hand_value(())
    -1
    """
    if isinstance(cards, (tuple, list)) and not cards:
        return -1
    return rank_cards(cards)


def _points_of(value: int) -> int:
    """The category points of a hand value from :func:`hand_value` (0 for an empty meld)."""
    return 0 if value < 0 else value // CATEGORY_BASE


def hand_points(cards: Sequence[Card]) -> int:
    """Category points of a melded hand (0 to 9), without the round's bonuses.

    An incomplete hand scores by the small-hand ranking: pairs, two pair,
    trips and quads only. An empty meld scores 0.

    >>> from tablerules.mock import hand_points
    >>> from tablerules import parse_cards
    >>> hand_points(parse_cards("As Ks Qs Js Ts")), hand_points(parse_cards("9c 9d 4h 4s"))
    (9, 2)
    >>> hand_points(parse_cards("2h 3h 4h 5h 6c"))
    4
    >>> try:
    ...     hand_points(parse_cards("As As"))
    ... except ValueError as error:  # a CardError
    ...     print(error)
    rank_cards: ...As...
    """
    return _points_of(hand_value(cards))


def _suit_order(cards: Sequence[Card]) -> tuple[int, ...]:
    """The suits of a hand read in the order the ``"suits"`` tie rule compares them.

    Cards go by rank group (bigger groups first), then rank (high first, the
    ace of a wheel last), equal ranks by suit high to low.
    """
    counts = Counter(card.rank for card in cards)
    wheel = len(cards) == MELD_SIZE and set(counts) == {14, 2, 3, 4, 5}
    wheel = wheel and rank_cards(cards) // CATEGORY_BASE in _STRAIGHTS

    def key(card: Card) -> tuple[int, int, int]:
        rank = 1 if wheel and card.rank == 14 else int(card.rank)
        return (-counts[card.rank], -rank, -card.suit)

    return tuple(int(card.suit) for card in sorted(cards, key=key))


def _highest(values: list[int], melds: Sequence[Sequence[Card]], ties: str) -> tuple[int, ...]:
    if ties not in TIE_RULES:
        raise ConfigError(f"unknown tie rule {show(ties)}: use 'share', 'none' or 'suits'")
    best = max(values)
    tied = tuple(seat for seat, value in enumerate(values) if value == best)
    if len(tied) == 1 or ties == "share":
        return tied
    if ties == "none":
        return ()
    orders = {seat: _suit_order(melds[seat]) for seat in tied}
    top = max(orders.values())
    return tuple(seat for seat in tied if orders[seat] == top)


def highest_hands(melds: Sequence[Sequence[Card]], ties: str = "share") -> tuple[int, ...]:
    """The seats paid +2 for the highest melded hand, under a tie rule.

    ``ties`` is ``"share"`` (every tied seat), ``"none"`` (nobody when tied)
    or ``"suits"`` (suits decide: c < d < h < s, compared card by card with
    the cards ordered by rank group, then rank, the ace of a wheel last).

    >>> from tablerules.mock import highest_hands
    >>> from tablerules import parse_cards
    >>> melds = [parse_cards("Ks Kd 2c"), parse_cards("Kh Kc 2d"), parse_cards("Qs Qd 9c")]
    >>> highest_hands(melds), highest_hands(melds, "none"), highest_hands(melds, "suits")
    ((0, 1), (), (0,))
    """
    return _highest([hand_value(cards) for cards in melds], melds, ties)


def score_round(
    melds: Sequence[Sequence[Card]], first_complete: int | None, ties: str = "share"
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Score a round: (category points, seats paid for the highest hand, total points) per seat.

    >>> from tablerules.mock import score_round
    >>> from tablerules import parse_cards
    >>> melds = [parse_cards("As Ks Qs Js Ts"), parse_cards("2c 2d"), parse_cards("3c 4d 5h")]
    >>> score_round(melds, first_complete=0)
    ((9, 1, 0), (0,), (12, 1, 0))
    """
    values = [hand_value(cards) for cards in melds]
    category_points = tuple([_points_of(value) for value in values])
    points = list(category_points)
    highest = _highest(values, melds, ties)
    for seat in highest:
        points[seat] += HIGHEST_HAND_BONUS
    if first_complete is not None:
        points[first_complete] += FIRST_COMPLETE_BONUS
    return category_points, highest, tuple(points)


def game_winners(config: Config, round_index: int, scores: Sequence[int]) -> tuple[int, ...]:
    """The winners if the game ends after round ``round_index`` with ``scores``, else ``()``.

    The game ends when a player alone has the highest score and it reaches
    the target (a tie at the top plays on), or after ``max_rounds`` rounds,
    when every player with the highest score wins.

    >>> game_winners(Config(), 3, (50, 20, 50, 0)), game_winners(Config(), 3, (51, 20, 50, 0))
    ((), (0,))
    >>> game_winners(Config(max_rounds=4), 3, (50, 20, 50, 0))
    (0, 2)
    """
    top = max(scores)
    leaders = tuple(seat for seat, score in enumerate(scores) if score == top)
    if top >= config.target and len(leaders) == 1:
        return leaders
    if config.max_rounds is not None and round_index + 1 >= config.max_rounds:
        return leaders
    return ()
