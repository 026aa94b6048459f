"""The state of an OFC game and the public summary of a finished round: values only.

The dealer, the turn order and whether the game is over are properties
derived from the stored fields. A :class:`RoundSummary` keeps its round's
scoring beside the final boards, as the public record of how the round
ended; ``check_state`` recomputes it from those boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tablerules._common import turn_order
from tablerules.cards import cards_text
from tablerules.ofc.config import Config

if TYPE_CHECKING:
    from tablerules.cards import Card
    from tablerules.ofc.board import Board

__all__ = ["RoundSummary", "State"]


@attrs.frozen
class RoundSummary:
    """How a round ended, public to everyone once it is over (``State.last_round``).

    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state, rng = ofc.new_game(ofc.Config(max_rounds=1), seed=3), random.Random(0)
    >>> while not state.is_over:
    ...     state = ofc.apply(state, ofc.random_action(state, rng))
    >>> summary = state.last_round
    >>> summary.round, sum(summary.points)
    (0, 0)
    """

    round: int
    """The round's number (0-based)."""
    boards: tuple[Board, ...]
    """Every final board, fantasyland boards included."""
    fouled: tuple[bool, ...]
    """Whether each board was fouled."""
    royalties: tuple[tuple[int, int, int], ...]
    """Each board's top, middle and bottom royalties."""
    points: tuple[int, ...]
    """Each seat's result for the round (they sum to 0)."""
    fantasyland: tuple[int, ...]
    """Cards each seat was dealt in fantasyland that round (0 when not in fantasyland)."""
    next_fantasyland: tuple[int, ...]
    """Fantasyland cards each seat earned for the next round (before the supply rule)."""

    @property
    def dealer(self) -> int:
        """The round's dealer (seat 0 in round 0, then one seat left each round)."""
        return self.round % len(self.boards)


@attrs.frozen(repr=False)
class State:
    """A whole OFC game at one moment. Build it with :func:`tablerules.ofc.new_game`.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> state.to_act, state.street, len(state.hands[1]), len(state.deck)
    (1, 0, 5, 47)
    """

    config: Config
    """The game's rules."""
    seed: int
    """The seed every round's shuffle comes from."""
    round: int
    """The round being played (0-based); the last round played once the game is over."""
    scores: tuple[int, ...]
    """Each seat's bankroll."""
    boards: tuple[Board, ...]
    """Each seat's board this round, fantasyland boards included (``observe`` hides them)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards dealt and not yet placed, in the order dealt."""
    discards: tuple[tuple[Card, ...], ...]
    """Each seat's discards this round, in the order discarded."""
    deck: tuple[Card, ...]
    """The undealt cards, next first."""
    fantasyland: tuple[int, ...]
    """Cards each seat is dealt in fantasyland this round (0 when playing normally)."""
    to_act: int | None
    """The seat that must act, or ``None`` once the game is over."""
    street: int
    """The street of the players not in fantasyland, 0 being the first (5 cards).
    It stays 0 while fantasyland players set their boards."""
    winners: tuple[int, ...] = ()
    """Seats with the highest bankroll once the game is over; empty before."""
    last_round: RoundSummary | None = None
    """The summary of the round just finished; ``None`` until a round has ended."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The dealer this round, seat 0 in round 0, then one seat left each round."""
        return self.round % self.config.players

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in turn order this round, starting left of the dealer.

        >>> import tablerules.ofc as ofc
        >>> ofc.new_game(ofc.Config(players=3), seed=1).order
        (1, 2, 0)
        """
        return turn_order(self.config.players, self.round % self.config.players)

    @property
    def in_fantasyland_turn(self) -> bool:
        """Whether the seat to act is setting a fantasyland board."""
        return self.to_act is not None and self.fantasyland[self.to_act] > 0

    def __repr__(self) -> str:
        hands = tuple(cards_text(hand) for hand in self.hands)
        boards = tuple(str(board) for board in self.boards)
        return (
            f"ofc.State(round={self.round}, dealer={self.dealer}, to_act={self.to_act}, "
            f"street={self.street}, scores={self.scores}, hands={hands}, boards={boards}, "
            f"deck={len(self.deck)} cards, winners={self.winners})"
        )

    def __str__(self) -> str:
        """The whole state as text, every card face up; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.state(self)
