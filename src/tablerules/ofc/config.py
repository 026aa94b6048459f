"""The configuration of an Open Face Chinese Poker game: :class:`Config`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

import attrs

from tablerules._common import is_int, plain_fields
from tablerules.errors import MAX_INT_BITS, ConfigError, show, type_name

__all__ = ["DEFAULT_CONFIG", "STREETS", "Config", "config_or_default"]

Variant = Literal["pineapple", "classic"]
"""The two deals: pineapple (streets of 3, one discarded) and classic (streets of 1)."""

_MAX_PLAYERS = {"pineapple": 3, "classic": 4}
_PER_PLAYER = {"pineapple": 17, "classic": 13}
STREETS: Final = {"pineapple": 5, "classic": 9}
"""Streets a player not in fantasyland plays per round, by variant."""
_BASE_FANTASYLAND = {"pineapple": 15, "classic": 13}
_MAX_FANTASYLAND = 17
_MAX_POINTS_BITS: Final = MAX_INT_BITS - 8
"""Bankrolls and royalties stay far enough below MAX_INT_BITS that scores always fit a record."""


def _int_tuple(value: Iterable[int]) -> tuple[int, ...]:
    """Points given as any iterable, as a tuple; anything else is left for the check to name."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return value  # type: ignore[return-value]  # Config.__attrs_post_init__ refuses it
    return tuple(value)


@attrs.frozen(kw_only=True)
class Config:
    """The rules of one OFC game; the defaults are two players of pineapple.

    >>> from tablerules.ofc import Config
    >>> Config().fantasyland_base
    15
    >>> Config(variant="classic", players=4).fantasyland_base
    13
    >>> Config(players=4)
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: pineapple takes 2 or 3 players, not 4 ...
    """

    players: int = 2
    """Number of players (2 or 3 in pineapple, 2 to 4 in classic)."""
    variant: Variant = "pineapple"
    """``"pineapple"`` (first street 5, then 4 streets of 3, each placing 2 and
    discarding 1) or ``"classic"`` (first street 5, then 8 streets of 1)."""
    fantasyland: bool = True
    """Whether a top row of QQ or better (without a foul) earns a fantasyland round."""
    fantasyland_cards: int | None = None
    """Cards dealt to a fantasyland player; ``None`` = 15 in pineapple, 13 in classic."""
    progressive: bool = False
    """Whether fantasyland is progressive, one extra card on entry per top-row step
    above QQ (KK +1, AA +2, trips +3)."""
    fantasyland_stay_middle: bool = True
    """Whether a full house or better in the middle (7-5-4-3-2 with a lowball
    middle) keeps a player in fantasyland; many sites only accept trips on top
    or quads on the bottom (set ``False``)."""
    lowball_middle: bool = False
    """Whether the middle row is ranked 2-7 lowball (2-7 Pineapple)."""
    lowball_fantasyland: Literal["both", "either"] = "both"
    """With a lowball middle, whether fantasyland needs KK+ on top *and* 7-5-4-3-2
    in the middle (``"both"``), or either of them (``"either"``)."""
    lowball_royalties: tuple[int, ...] = attrs.field(default=(1, 2, 4), converter=_int_tuple)
    """Middle royalties of a lowball middle for a nine-low, eight-low and seven-low."""
    starting_points: int = 100
    """Each player's bankroll at the start."""
    max_rounds: int | None = None
    """End the game after this many rounds (``None`` plays until a bankroll reaches 0)."""

    def __attrs_post_init__(self) -> None:
        """Reject configurations that cannot be played."""
        plain_fields(self)
        if not isinstance(self.variant, str) or self.variant not in _MAX_PLAYERS:
            raise ConfigError(f"variant must be 'pineapple' or 'classic', not {show(self.variant)}")
        if not is_int(self.players) or not 2 <= self.players <= _MAX_PLAYERS[self.variant]:
            if self.variant == "classic":
                raise ConfigError(f"classic takes 2 to 4 players, not {show(self.players)}")
            raise ConfigError(
                f"pineapple takes 2 or 3 players, not {show(self.players)} (each player uses 17 "
                "of the 52 cards); classic takes 2 to 4"
            )
        for name in ("fantasyland", "progressive", "fantasyland_stay_middle", "lowball_middle"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be True or False, not {show(getattr(self, name))}")
        if self.fantasyland_cards is not None and (
            not is_int(self.fantasyland_cards) or not 13 <= self.fantasyland_cards <= 17
        ):
            raise ConfigError(
                "fantasyland_cards must be None (the variant's default) or 13 to "
                f"{_MAX_FANTASYLAND}, not {show(self.fantasyland_cards)}"
            )
        if not self.fantasyland and (self.fantasyland_cards is not None or self.progressive):
            raise ConfigError(
                "fantasyland_cards and progressive need fantasyland=True; "
                "with fantasyland off nobody is dealt a fantasyland hand"
            )
        if not isinstance(self.lowball_fantasyland, str) or self.lowball_fantasyland not in (
            "both",
            "either",
        ):
            raise ConfigError(
                "lowball_fantasyland must be 'both' or 'either', "
                f"not {show(self.lowball_fantasyland)}"
            )
        if self.lowball_fantasyland == "either" and not self.lowball_middle:
            raise ConfigError("lowball_fantasyland='either' needs lowball_middle=True")
        if self.lowball_middle and self.progressive:
            raise ConfigError(
                "progressive fantasyland does not apply with a lowball middle: "
                "a lowball fantasyland always gives the base count"
            )
        royalties: object = self.lowball_royalties
        if (
            not isinstance(royalties, tuple)
            or len(royalties) != 3
            or not all(is_int(points) and 0 <= points < 2**32 for points in royalties)
        ):
            raise ConfigError(
                "lowball_royalties must be three points (nine-low, eight-low, seven-low) "
                f"from 0 to 2**32 - 1, not {show(royalties)}"
            )
        if (
            not is_int(self.starting_points)
            or self.starting_points < 1
            or self.starting_points.bit_length() > _MAX_POINTS_BITS
        ):
            raise ConfigError(
                f"starting_points must be a positive integer of at most {_MAX_POINTS_BITS} bits, "
                f"not {show(self.starting_points)}"
            )
        if self.max_rounds is not None and (not is_int(self.max_rounds) or self.max_rounds < 1):
            raise ConfigError(f"max_rounds must be None or at least 1, not {show(self.max_rounds)}")
        if self.max_rounds is not None and self.max_rounds.bit_length() > MAX_INT_BITS:
            raise ConfigError(
                f"max_rounds must fit in {MAX_INT_BITS} bits, not {show(self.max_rounds)}"
            )

    @property
    def fantasyland_base(self) -> int:
        """The fantasyland card count before progressive extras and the supply rule.

        >>> from tablerules.ofc import Config
        >>> Config(fantasyland_cards=14).fantasyland_base
        14
        """
        if self.fantasyland_cards is not None:
            return self.fantasyland_cards
        return _BASE_FANTASYLAND[self.variant]

    @property
    def streets(self) -> int:
        """Streets a player not in fantasyland plays per round (5 in pineapple, 9 in classic).

        >>> from tablerules.ofc import Config
        >>> Config().streets, Config(variant="classic").streets
        (5, 9)
        """
        return STREETS[self.variant]

    @property
    def cards_per_player(self) -> int:
        """Cards a player not in fantasyland is dealt per round (17 or 13).

        >>> from tablerules.ofc import Config
        >>> Config().cards_per_player
        17
        """
        return _PER_PLAYER[self.variant]


DEFAULT_CONFIG: Final = Config()
"""The configuration used when a function is given ``config=None``."""


def config_or_default(config: object, parameter: str = "config") -> Config:
    """``config`` if it is a :class:`Config`, :data:`DEFAULT_CONFIG` for ``None``, else TypeError.

    >>> config_or_default(None) == Config()
    True
    >>> config_or_default("pineapple")
    Traceback (most recent call last):
    ...
    TypeError: config must be a tablerules.ofc.Config or None, not str
    """
    if config is None:
        return DEFAULT_CONFIG
    if not isinstance(config, Config):
        raise TypeError(
            f"{parameter} must be a tablerules.ofc.Config or None, not {type_name(config)}"
        )
    return config
