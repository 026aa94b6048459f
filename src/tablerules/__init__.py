"""tablerules: exact, typed, fast rules for card games.

Cards and a poker hand ranker shared by every game:

>>> import tablerules as tr
>>> hand = tr.parse_cards("As Ad Kc Kd 2s")
>>> tr.describe(tr.rank5(hand))
'two pair, aces and kings'

Three games with one shape (:class:`Game`), by name in :data:`GAMES`:

>>> sorted(tr.GAMES)
['mentok', 'mock', 'ofc']
>>> tr.GAMES["ofc"] is tr.ofc
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tablerules._protocol import Game, GameObservation, GameState
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

if TYPE_CHECKING:
    from tablerules import mentok, mock, ofc

    GAMES: dict[str, Game[Any, Any, Any, Any]]
    """Maps ``"ofc"``, ``"mock"`` and ``"mentok"`` to the game modules."""


def __getattr__(name: str) -> object:
    """Import the games on first use, so ``import tablerules`` stays quick for the ranker alone."""
    if name in ("mentok", "mock", "ofc"):
        return importlib.import_module(f"tablerules.{name}")
    if name == "GAMES":
        from tablerules import mentok, mock, ofc  # noqa: PLC0415 - imported on first use

        games: dict[str, Game[Any, Any, Any, Any]] = {"mentok": mentok, "mock": mock, "ofc": ofc}
        globals()["GAMES"] = games
        return games
    raise AttributeError(f"module 'tablerules' has no attribute {name!r}")


__all__ = [
    "FULL_DECK",
    "GAMES",
    "Card",
    "CardError",
    "ConfigError",
    "Game",
    "GameObservation",
    "GameState",
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
    "mentok",
    "mock",
    "ofc",
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
