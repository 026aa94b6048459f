"""What one seat may know of an OFC game: :class:`Observation` and :func:`observe`.

The view's JSON record, :func:`~tablerules.ofc.observation_to_dict` and
:func:`~tablerules.ofc.observation_from_dict`, is in
:mod:`tablerules.ofc.serialize` with the state's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from tablerules._common import check_seat, check_type, fast_init
from tablerules.cards import FULL_DECK, cards_text
from tablerules.ofc.board import EMPTY_BOARD
from tablerules.ofc.config import Config
from tablerules.ofc.state import State

if TYPE_CHECKING:
    from tablerules.cards import Card
    from tablerules.ofc.board import Board
    from tablerules.ofc.state import RoundSummary

__all__ = ["Observation", "observe"]


@attrs.frozen
class Observation:
    """Everything one seat may know, and nothing more.

    Others' unplaced cards, others' discards, the deck and a fantasyland board
    set by another seat (until the round ends) are hidden; their sizes are
    public.

    >>> import tablerules.ofc as ofc
    >>> view = ofc.observe(ofc.new_game(seed=1), 0)
    >>> view.hand, view.hand_sizes, view.deck_size
    ((), (0, 5), 47)
    """

    seat: int
    """The observing seat."""
    config: Config
    """The game's rules."""
    round: int
    """The round being played (0-based)."""
    to_act: int | None
    """The seat that must act; ``None`` once the game is over."""
    street: int
    """The street of the players not in fantasyland (0 is the first street of 5)."""
    scores: tuple[int, ...]
    """Every bankroll."""
    hand: tuple[Card, ...]
    """The observer's own cards dealt and not yet placed."""
    discards: tuple[Card, ...]
    """The observer's own discards this round."""
    boards: tuple[Board, ...]
    """Every board as this seat sees it; another seat's fantasyland board is empty
    until the round ends."""
    hidden_boards: tuple[bool, ...]
    """Whether each seat's board is a fantasyland board hidden from this seat."""
    hand_sizes: tuple[int, ...]
    """How many unplaced cards each seat holds."""
    discard_counts: tuple[int, ...]
    """How many cards each seat has discarded this round."""
    fantasyland: tuple[int, ...]
    """Cards each seat was dealt in fantasyland this round (0 when not in fantasyland)."""
    deck_size: int
    """How many cards are left undealt."""
    winners: tuple[int, ...]
    """The winners once the game is over; empty before."""
    last_round: RoundSummary | None
    """The public summary of the round just finished, if any."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 0).is_over
        False
        """
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The seat with the dealer button (seat 0 in round 0, then one seat left each round).

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 0).dealer
        0
        """
        return self.round % self.config.players

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards this seat has not seen this round, in the order of ``FULL_DECK``.

        They are in the deck, in other seats' hands and discards, and on
        fantasyland boards hidden from this seat.

        >>> import tablerules.ofc as ofc
        >>> len(ofc.observe(ofc.new_game(seed=1), 1).unseen_cards)
        47
        """
        seen = {*self.hand, *self.discards}
        for board in self.boards:
            seen.update(board.cards)
        return tuple(card for card in FULL_DECK if card not in seen)

    @property
    def unseen_count(self) -> int:
        """How many cards this seat has not seen this round (``len(unseen_cards)``).

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 1).unseen_count
        47
        """
        seen = len(self.hand) + len(self.discards) + sum(board.size for board in self.boards)
        return len(FULL_DECK) - seen

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG (notebooks show it); see :mod:`tablerules.svg`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.observation(self)

    def __str__(self) -> str:
        """The table as this seat sees it, as text; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.observation(self)

    def __repr__(self) -> str:
        boards = tuple(
            "face down" if hidden else str(board)
            for board, hidden in zip(self.boards, self.hidden_boards, strict=True)
        )
        return (
            f"ofc.Observation(seat={self.seat}, hand={cards_text(self.hand)!r}, "
            f"round={self.round}, to_act={self.to_act}, street={self.street}, "
            f"scores={self.scores}, boards={boards}, hand_sizes={self.hand_sizes}, "
            f"deck_size={self.deck_size}, winners={self.winners})"
        )


make_observation: Final = fast_init(Observation)
"""Build an Observation from known-good fields, skipping attrs' checks.

Callers pass the first two fields (``seat``, ``config``) by position and the
others by keyword: a call with more than 15 keywords is compiled to build a
dict of them first, which costs about half a microsecond."""


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> ofc.observe(state, 1).hand == state.hands[1], ofc.observe(state, 0).hand
    (True, ())
    """
    if type(state) is not State:
        check_type(state, State, "state")
    config = state.config
    players = config.players
    if type(seat) is not int or not 0 <= seat < players:
        check_seat(seat, players)
    boards = state.boards
    fantasyland = state.fantasyland
    if state.to_act is None or not any(fantasyland):
        hidden = (False,) * players
    else:
        hidden = tuple(
            [
                other != seat and fantasyland[other] > 0 and bool(boards[other].size)
                for other in range(players)
            ]
        )
        if any(hidden):
            boards = tuple(
                [EMPTY_BOARD if hide else board for hide, board in zip(hidden, boards, strict=True)]
            )
    return make_observation(
        seat,
        config,
        round=state.round,
        to_act=state.to_act,
        street=state.street,
        scores=state.scores,
        hand=state.hands[seat],
        discards=state.discards[seat],
        boards=boards,
        hidden_boards=hidden,
        hand_sizes=tuple(map(len, state.hands)),
        discard_counts=tuple(map(len, state.discards)),
        fantasyland=fantasyland,
        deck_size=len(state.deck),
        winners=state.winners,
        last_round=state.last_round,
    )
