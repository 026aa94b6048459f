"""The Mock :class:`Config`: player count, target, tie rule and the split of the draw pile."""

from __future__ import annotations

import functools
from typing import Final, Literal

import attrs

from tablerules._common import is_int, plain_fields
from tablerules.errors import MAX_INT_BITS, ConfigError, show

__all__ = ["HAND_SIZE", "MELD_HAND", "MELD_SIZE", "TIE_RULES", "Config", "TieRule"]

HAND_SIZE: Final = 3
"""Cards dealt to each player, and the size a hand is equalised to."""

MELD_HAND: Final = HAND_SIZE + 1
"""The most cards a hand holds: three, and the card just drawn at a meld step."""

MELD_SIZE: Final = 5
"""Melded cards that make a complete hand and finish a player's round."""

TieRule = Literal["share", "none", "suits"]
"""How the +2 for the highest hand is paid when several hands tie."""

TIE_RULES: Final[tuple[TieRule, ...]] = ("share", "none", "suits")


def _is_count(value: object) -> bool:
    """Whether ``value`` is a positive int that a record can hold (at most MAX_INT_BITS bits)."""
    return is_int(value) and 0 < value <= _LARGEST  # type: ignore[operator]


_LARGEST: Final = (1 << MAX_INT_BITS) - 1


@attrs.frozen(kw_only=True)
class Config:
    """The options of a game of Mock.

    >>> from tablerules.mock import Config
    >>> Config().players, Config().target, Config().opening_cards
    (4, 50, 20)
    >>> Config(players=10).opening_cards, Config(players=10).finish_cards
    (11, 11)
    >>> Config(players=4, opening_size=38)
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: opening_size=38 leaves 2 cards in the finish, ...
    """

    players: int = 4
    """Number of players, 3 to 10."""
    target: int = 50
    """The game ends after a round in which a player reaches this score alone at the top."""
    highest_hand_ties: TieRule = "share"
    """Who gets the +2 when the highest hands tie, ``"share"`` (all of them),
    ``"none"`` (nobody) or ``"suits"`` (suits decide, c < d < h < s)."""
    opening_size: int | None = None
    """Cards in the opening (the top part of the draw pile); ``None`` is half
    of the draw pile, rounded up."""
    max_rounds: int | None = None
    """End the game after this many rounds (``None`` for no limit)."""

    def __attrs_post_init__(self) -> None:
        plain_fields(self)
        players = self.players
        if not is_int(players):
            raise ConfigError(f"players must be an integer, not {show(players)}")
        if not 3 <= players <= 10:
            raise ConfigError(f"Mock is played by 3 to 10 players, not {show(players)}")
        if not _is_count(self.target):
            raise ConfigError(
                f"target must be a positive integer of at most {MAX_INT_BITS} bits, "
                f"not {show(self.target)}"
            )
        ties: object = self.highest_hand_ties
        if type(ties) is not str or ties not in TIE_RULES:
            raise ConfigError(
                f"highest_hand_ties must be one of {', '.join(map(repr, TIE_RULES))}, "
                f"not {show(ties)}"
            )
        rounds = self.max_rounds
        if rounds is not None and not _is_count(rounds):
            raise ConfigError(
                f"max_rounds must be None or a positive integer of at most {MAX_INT_BITS} bits, "
                f"not {show(rounds)}"
            )
        size = self.opening_size
        if size is not None and not is_int(size):
            raise ConfigError(f"opening_size must be None or an integer, not {show(size)}")
        pile = self.pile_size
        opening = self.opening_cards
        if opening < players:
            raise ConfigError(
                f"opening_size={show(opening)} is fewer than the {players} players; each part of "
                "the draw pile must hold at least one card per player"
            )
        if pile - opening < players:
            raise ConfigError(
                f"opening_size={show(opening)} leaves {show(max(pile - opening, 0))} cards in the "
                "finish, fewer "
                f"than the {players} players; each part of the draw pile must hold at least "
                "one card per player"
            )

    @functools.cached_property
    def pile_size(self) -> int:
        """Cards in the draw pile after the deal.

        >>> Config(players=3).pile_size
        43
        """
        return 52 - HAND_SIZE * self.players

    @functools.cached_property
    def opening_cards(self) -> int:
        """Cards in the opening at the start of a round.

        >>> Config(players=3).opening_cards
        22
        """
        if self.opening_size is None:
            return (self.pile_size + 1) // 2
        return self.opening_size

    @functools.cached_property
    def finish_cards(self) -> int:
        """Cards in the finish (the bottom part of the draw pile) at the start of a round.

        >>> Config(players=3).finish_cards
        21
        """
        return self.pile_size - self.opening_cards
