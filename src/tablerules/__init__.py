"""tablerules: exact, typed, fast rules for card games.

Cards and a poker hand ranker shared by every game:

>>> import tablerules as tr
>>> hand = tr.parse_cards("As Ad Kc Kd 2s")
>>> tr.describe(tr.rank5(hand))
'two pair, aces and kings'
"""

from __future__ import annotations

from tablerules.cards import FULL_DECK, Card, Rank, Suit, cards_text, parse_cards
from tablerules.errors import CardError, ConfigError, IllegalActionError, RulesError, StateError
from tablerules.ranking import (
    HandCategory,
    best_rank,
    best_rank_unchecked,
    category,
    describe,
    lowball27_as_high,
    rank3,
    rank3_unchecked,
    rank5,
    rank5_many,
    rank5_unchecked,
    rank_cards,
    rank_lowball27,
    significant_ranks,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "FULL_DECK",
    "Card",
    "CardError",
    "ConfigError",
    "HandCategory",
    "IllegalActionError",
    "Rank",
    "RulesError",
    "StateError",
    "Suit",
    "__version__",
    "best_rank",
    "best_rank_unchecked",
    "cards_text",
    "category",
    "describe",
    "lowball27_as_high",
    "parse_cards",
    "rank3",
    "rank3_unchecked",
    "rank5",
    "rank5_many",
    "rank5_unchecked",
    "rank_cards",
    "rank_lowball27",
    "significant_ranks",
]
