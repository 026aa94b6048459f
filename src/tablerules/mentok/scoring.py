"""Mentok scoring: blackjack values, the points of a set of cards, a round's points, the winners.

:func:`hand_value` and :func:`hand_points` score one set of cards;
:func:`round_points` scores a whole round (each seat's table or held cards,
as chosen, and the cheat penalty); :func:`still_in_game` and
:func:`game_winners` apply the game score to the target. The rules
(:mod:`tablerules.mentok.rules`) and the invariant check
(:mod:`tablerules.mentok.validate`) both score with these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tablerules.cards import FULL_DECK, Card, is_card
from tablerules.errors import CardError, show
from tablerules.mentok.config import Config

__all__ = [
    "CHEAT_PENALTY",
    "LOW_VALUE",
    "MOST_POINTS",
    "RANK_BIT",
    "RANK_OF",
    "game_winners",
    "hand_points",
    "hand_value",
    "is_soft",
    "points_unchecked",
    "round_points",
    "still_in_game",
    "value_unchecked",
]

CHEAT_PENALTY: Final = -5
"""A cheat's points for the round, whatever else happens (abandoned rounds included)."""

LOW_VALUE: Final[dict[Card, int]] = {
    card: 1 if card.rank == 14 else min(int(card.rank), 10) for card in FULL_DECK
}
"""Each card's blackjack value with an ace counted as 1."""

RANK_OF: Final[dict[Card, int]] = {card: int(card.rank) for card in FULL_DECK}
"""Each card's rank as a plain int (2 to 14), for the engine's hot paths."""

RANK_BIT: Final[dict[Card, int]] = {card: 1 << (int(card.rank) - 2) for card in FULL_DECK}
"""Each card's rank as one bit of a rank set (bit ``rank - 2``)."""


def value_unchecked(cards: Sequence[Card]) -> int:
    """Blackjack value of known-valid cards (no checks)."""
    low = LOW_VALUE
    total = 0
    ace = False
    for card in cards:
        point = low[card]
        total += point
        if point == 1:
            ace = True
    if ace and total <= 11:
        return total + 10
    return total


def points_unchecked(cards: Sequence[Card]) -> int:
    """Points of known-valid cards (no checks); see :func:`hand_points`."""
    value = value_unchecked(cards)
    if value > 21:
        return 0
    points = value - 16 if value >= 17 else 0
    size = len(cards)
    if size == 2 and value == 21:
        points += 1
    if size >= 5:
        points += 1
    return points


MOST_POINTS: Final = 2 * points_unchecked((Card.parse("As"), Card.parse("Kd")))
"""The most one round can score: a blackjack on each of two table hands after a split."""


def _checked(cards: Sequence[Card]) -> Sequence[Card]:
    for card in cards:
        if not is_card(card):
            raise CardError(f"expected Card values, not {show(card)}")
    return cards


def hand_value(cards: Sequence[Card]) -> int:
    """The blackjack value of ``cards``: 2 to 9 at face value, T J Q K 10, an ace 1 or 11.

    Each ace counts 11 when that keeps the total at 21 or less (a soft hand),
    else 1. Duplicate cards (two decks) are allowed; no cards are worth 0.

    >>> from tablerules.mentok import hand_value
    >>> from tablerules import parse_cards
    >>> hand_value(parse_cards("As 6d")), hand_value(parse_cards("As 6d 9c"))
    (17, 16)
    >>> hand_value(parse_cards("Ks Qd 5c"))
    25
    """
    return value_unchecked(_checked(cards))


def is_soft(cards: Sequence[Card]) -> bool:
    """True if an ace in ``cards`` counts 11 in :func:`hand_value`.

    >>> from tablerules.mentok import is_soft
    >>> from tablerules import parse_cards
    >>> is_soft(parse_cards("As 6d")), is_soft(parse_cards("As 6d 9c"))
    (True, False)
    """
    _checked(cards)
    low = sum(LOW_VALUE[card] for card in cards)
    return any(LOW_VALUE[card] == 1 for card in cards) and low <= 11


def hand_points(cards: Sequence[Card]) -> int:
    """Points one set of cards (a table hand, or the cards held) scores at the end of a round.

    Value 17 scores 1, 18 scores 2, 19 scores 3, 20 scores 4 and 21 scores 5;
    anything else (less than 17, or bust over 21) scores 0. Bonuses: +1 for a
    blackjack (exactly two cards worth 21), +1 for five-and-under (five or
    more cards worth 21 or less).

    >>> from tablerules.mentok import hand_points
    >>> from tablerules import parse_cards
    >>> hand_points(parse_cards("Ah Kd"))          # blackjack: 5 + 1
    6
    >>> hand_points(parse_cards("2c 3d 4h 2s 5c")) # five-and-under at 16
    1
    >>> hand_points(parse_cards("Tc 9d 5h"))       # bust
    0
    """
    return points_unchecked(_checked(cards))


def round_points(
    tables: Sequence[Sequence[Sequence[Card]]],
    hands: Sequence[Sequence[Card]],
    choices: Sequence[bool | None],
    cheated: Sequence[bool],
    *,
    abandoned: bool,
) -> tuple[int, ...]:
    """The game points each seat scores for a finished round.

    A seat not in the round (no table hands) scores 0; a cheat scores
    :data:`CHEAT_PENALTY` whatever else happens; in an abandoned round
    everybody else scores 0; otherwise a seat scores its held cards
    (``choices[seat]`` True) or the sum over its table hands, each by
    :func:`hand_points`.

    >>> from tablerules import parse_cards
    >>> tables = [[parse_cards("Ts 9s")], [parse_cards("As Kd"), parse_cards("Ad Qh")]]
    >>> hands = [parse_cards("2c"), parse_cards("Tc 7d")]
    >>> round_points(tables, hands, [False, False], [False, False], abandoned=False)
    (3, 12)
    >>> round_points(tables, hands, [False, True], [True, False], abandoned=False)
    (-5, 1)
    """
    points = []
    for seat, seat_tables in enumerate(tables):
        if not seat_tables:
            points.append(0)
        elif cheated[seat]:
            points.append(CHEAT_PENALTY)
        elif abandoned:
            points.append(0)
        elif choices[seat]:
            points.append(points_unchecked(hands[seat]))
        else:
            points.append(sum(points_unchecked(cards) for cards in seat_tables))
    return tuple(points)


def still_in_game(config: Config, scores: Sequence[int]) -> tuple[bool, ...]:
    """Whether each seat is still in the game, from the game scores.

    With ``exact_target`` a score past the target busts a seat out of the
    game; without it nobody leaves.

    >>> still_in_game(Config(players=3), (21, 22, -5))
    (True, False, True)
    """
    if not config.exact_target:
        return (True,) * len(scores)
    target = config.target
    return tuple(score <= target for score in scores)


def game_winners(
    config: Config, rounds_played: int, scores: Sequence[int], in_round: Sequence[int]
) -> tuple[int, ...]:
    """The winners if the game ends once ``rounds_played`` rounds are over, else ``()``.

    ``scores`` are the game scores after the last of those rounds and
    ``in_round`` the seats dealt into it. With ``exact_target`` the game
    ends when someone has exactly the target (all such seats win) or when
    fewer than two seats are still in the game (the one left wins; if nobody
    is left, the seats of that last round with the lowest score share the
    win). Without it, reaching the target or more wins, the highest such
    score first, ties shared. Failing those, ``max_rounds`` ends the game:
    the highest score among the seats still in wins, ties shared.

    >>> game_winners(Config(players=3), 2, (21, 22, 10), (0, 1, 2))
    (0,)
    >>> game_winners(Config(players=3), 2, (20, 22, 10), (0, 1, 2))
    ()
    >>> game_winners(Config(players=3, max_rounds=2), 2, (20, 22, 20), (0, 1, 2))
    (0, 2)
    """
    target = config.target
    seats = range(config.players)
    if config.exact_target:
        exact = tuple(seat for seat in seats if scores[seat] == target)
        if exact:
            return exact
        remaining = [seat for seat in seats if scores[seat] <= target]
        if len(remaining) == 1:
            return (remaining[0],)
        if not remaining:
            lowest = min(scores[seat] for seat in in_round)
            return tuple(seat for seat in in_round if scores[seat] == lowest)
    else:
        remaining = list(seats)
        reached = [seat for seat in seats if scores[seat] >= target]
        if reached:
            best = max(scores[seat] for seat in reached)
            return tuple(seat for seat in reached if scores[seat] == best)
    if config.max_rounds is not None and rounds_played >= config.max_rounds:
        best = max(scores[seat] for seat in remaining)
        return tuple(seat for seat in remaining if scores[seat] == best)
    return ()
