"""Mentok settings: :class:`Config`."""

from __future__ import annotations

import attrs

from tablerules._common import is_int, plain_fields
from tablerules.errors import MAX_INT_BITS, ConfigError, show

__all__ = ["Config"]


def _small_int(value: object) -> bool:
    """An int (not a bool) small enough to write in a record."""
    return is_int(value) and value.bit_length() <= MAX_INT_BITS  # type: ignore[attr-defined]


@attrs.frozen(kw_only=True)
class Config:
    """How a game of Mentok is played. Every field has the usual table's default.

    >>> from tablerules.mentok import Config
    >>> Config().players, Config().decks, Config().target
    (4, 1, 21)
    >>> Config(players=8)
    Traceback (most recent call last):
    ...
    tablerules.errors.ConfigError: players must be 2 to 5 with one deck (8 given); use decks=2 ...
    """

    players: int = 4
    """Number of seats, 2 to 5 with one deck and 2 to 10 with two decks."""

    decks: int = 1
    """Number of 52-card decks shuffled together, 1 or 2 (two decks mean duplicate cards)."""

    strict: bool = True
    """If True, an ask outside the sphere of influence is illegal. If False, it is a legal
    cheat, and the player scores -5 for that round whatever else happens."""

    exact_target: bool = True
    """If True, the game is won by reaching exactly :attr:`target`, and a player who goes
    past it busts out of the game. If False, reaching the target or more wins."""

    target: int = 21
    """Game points that win the game."""

    max_rounds: int | None = None
    """End the game after this many rounds (abandoned rounds count); None for no limit."""

    def __attrs_post_init__(self) -> None:
        plain_fields(self)
        if not _small_int(self.decks) or self.decks not in (1, 2):
            raise ConfigError(f"decks must be 1 or 2, not {show(self.decks)}")
        if not _small_int(self.players):
            raise ConfigError(f"players must be an int, not {show(self.players)}")
        if self.decks == 1 and not 2 <= self.players <= 5:
            hint = "; use decks=2 for up to 10 players" if 5 < self.players <= 10 else ""
            raise ConfigError(f"players must be 2 to 5 with one deck ({self.players} given){hint}")
        if self.decks == 2 and not 2 <= self.players <= 10:
            raise ConfigError(f"players must be 2 to 10 with two decks ({self.players} given)")
        for name in ("strict", "exact_target"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"{name} must be True or False, not {show(getattr(self, name))}")
        if not _small_int(self.target) or self.target < 1:
            raise ConfigError(
                f"target must be a positive int of at most {MAX_INT_BITS} bits, "
                f"not {show(self.target)}"
            )
        if self.max_rounds is not None and (not _small_int(self.max_rounds) or self.max_rounds < 1):
            raise ConfigError(
                f"max_rounds must be None or a positive int of at most {MAX_INT_BITS} bits, "
                f"not {show(self.max_rounds)}"
            )
