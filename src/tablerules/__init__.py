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
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from tablerules._protocol import Game, GameCodec, GameObservation, GameState
from tablerules.cards import FULL_DECK, Card, Rank, Suit, cards_text, parse_cards
from tablerules.errors import (
    CardError,
    ConfigError,
    IllegalActionError,
    LogError,
    RulesError,
    StateError,
    show,
)
from tablerules.ranking import (
    HandCategory,
    best_rank,
    best_rank_unchecked,
    category,
    describe,
    hand_code,
    lowball27_as_high,
    rank3,
    rank3_unchecked,
    rank5,
    rank5_many,
    rank5_unchecked,
    rank_cards,
    rank_code,
    rank_lowball27,
    significant_ranks,
)

__version__ = "0.1.0.dev0"

if TYPE_CHECKING:
    from typing import TypeAlias

    from tablerules import mentok, mock, ofc

    OfcGame: TypeAlias = Game[ofc.State, ofc.Action, ofc.Observation, ofc.Config]
    MockGame: TypeAlias = Game[mock.State, mock.Action, mock.Observation, mock.Config]
    MentokGame: TypeAlias = Game[mentok.State, mentok.Action, mentok.Observation, mentok.Config]

_GAME_NAMES = ("mentok", "mock", "ofc")


class _Games(Mapping[str, Game[Any, Any, Any, Any]]):
    """Maps ``"ofc"``, ``"mock"`` and ``"mentok"`` to the game modules, imported on first use.

    A read-only :class:`~collections.abc.Mapping` whose lookups keep each
    game's types for mypy: ``GAMES["ofc"]`` is a :class:`Game` of OFC's
    ``State``, ``Action``, ``Observation`` and ``Config``, so
    ``GAMES["ofc"].new_game(seed=1)`` is an ``ofc.State``; a name known only
    at run time gives ``Game[Any, Any, Any, Any]``.

    >>> import tablerules as tr
    >>> sorted(tr.GAMES), "ofc" in tr.GAMES
    (['mentok', 'mock', 'ofc'], True)
    >>> tr.GAMES["ofc"] is tr.ofc
    True
    >>> tr.GAMES["OFC"]
    Traceback (most recent call last):
    ...
    KeyError: "no game named 'OFC': the games are 'mentok', 'mock', 'ofc'"
    """

    __slots__ = ("_modules",)

    def __init__(self) -> None:
        self._modules: dict[str, Game[Any, Any, Any, Any]] | None = None

    @overload
    def __getitem__(self, name: Literal["ofc"]) -> OfcGame: ...
    @overload
    def __getitem__(self, name: Literal["mock"]) -> MockGame: ...
    @overload
    def __getitem__(self, name: Literal["mentok"]) -> MentokGame: ...
    @overload
    def __getitem__(self, name: str) -> Game[Any, Any, Any, Any]: ...
    def __getitem__(self, name: str) -> Game[Any, Any, Any, Any]:
        if self._modules is None:
            self._modules = _load_games()
        try:
            return self._modules[name]
        except KeyError:
            raise KeyError(
                f"no game named {show(name)}: the games are {', '.join(map(repr, _GAME_NAMES))}"
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(_GAME_NAMES)

    def __len__(self) -> int:
        return len(_GAME_NAMES)

    def __contains__(self, name: object) -> bool:
        return name in _GAME_NAMES

    def __repr__(self) -> str:
        return "tablerules.GAMES"


def _load_games() -> dict[str, Game[Any, Any, Any, Any]]:
    """Import the three games; mypy checks each module against its own ``Game`` type here."""
    from tablerules import mentok, mock, ofc  # noqa: PLC0415 - imported on first use

    ofc_game: OfcGame = ofc
    mock_game: MockGame = mock
    mentok_game: MentokGame = mentok
    return {"mentok": mentok_game, "mock": mock_game, "ofc": ofc_game}


# No docstring here: the API reference shows the class's, which the doctests run.
GAMES = _Games()


def __getattr__(name: str) -> object:
    """Import the games on first use, so ``import tablerules`` stays quick for the ranker alone."""
    if name in _GAME_NAMES:
        return importlib.import_module(f"tablerules.{name}")
    raise AttributeError(f"module 'tablerules' has no attribute {name!r}")


__all__ = [
    "FULL_DECK",
    "GAMES",
    "Card",
    "CardError",
    "ConfigError",
    "Game",
    "GameCodec",
    "GameObservation",
    "GameState",
    "HandCategory",
    "IllegalActionError",
    "LogError",
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
    "hand_code",
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
    "rank_code",
    "rank_lowball27",
    "significant_ranks",
]
