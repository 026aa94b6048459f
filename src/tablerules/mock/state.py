"""The Mock :class:`State`, the public record of a round and the summary of a finished round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import attrs

from tablerules.cards import Card, cards_text

if TYPE_CHECKING:
    from tablerules.mock.config import Config

__all__ = ["Drew", "Event", "Melded", "RoundSummary", "State", "Step"]

Step = Literal["draw", "meld", "over"]
"""The step of a turn: ``"draw"``, ``"meld"``, or ``"over"`` once the game has ended."""


@attrs.frozen(repr=False)
class Drew:
    """Public record of a draw: who drew, from where, and the card if it was the top discard.

    >>> from tablerules import Card
    >>> Drew(1, True, Card.parse("9h"))
    Drew(seat=1, from_discard=True, card=Card.parse('9h'))
    >>> Drew(2, False)
    Drew(seat=2, from_discard=False, card=None)
    """

    seat: int
    """The seat that drew."""
    from_discard: bool
    """``True`` if the card came from the discard pile, ``False`` from the draw pile."""
    card: Card | None = None
    """The card taken from the discard pile (public); ``None`` for a draw-pile card."""

    def __repr__(self) -> str:
        return f"Drew(seat={self.seat}, from_discard={self.from_discard}, card={self.card!r})"


@attrs.frozen(repr=False)
class Melded:
    """Public record of the second step of a turn.

    >>> from tablerules import parse_cards
    >>> Melded(0, parse_cards("Kd Ks"), parse_cards("2c"), 0, False)
    Melded(seat=0, cards='Kd Ks', discards='2c', drawn=0, finished=False)
    """

    seat: int
    """The seat that melded."""
    cards: tuple[Card, ...]
    """The cards melded this turn, sorted (possibly none)."""
    discards: tuple[Card, ...]
    """The cards discarded, in order (the last one ended on top of the discard pile)."""
    drawn: int
    """How many cards the player drew from the draw pile to equalise to three."""
    finished: bool
    """Whether the player finished the round with this turn."""

    def __repr__(self) -> str:
        return (
            f"Melded(seat={self.seat}, cards={cards_text(self.cards)!r}, "
            f"discards={cards_text(self.discards)!r}, drawn={self.drawn}, "
            f"finished={self.finished})"
        )


Event = Drew | Melded
"""One entry of a round's public history."""


@attrs.frozen
class RoundSummary:
    """The public result of a finished round, kept in ``last_round`` after the next deal.

    >>> import random
    >>> import tablerules.mock as mock
    >>> state, rng = mock.new_game(seed=1), random.Random(1)
    >>> state.last_round is None
    True
    >>> while state.round == 0:
    ...     state = mock.apply(state, mock.random_action(state, rng))
    >>> summary = state.last_round
    >>> summary.round, summary.dealer, state.scores == summary.points
    (0, 0, True)
    >>> summary.points == mock.score_round(summary.melds, summary.first_complete)[2]
    True
    """

    round: int
    """The round's number (0-based)."""
    dealer: int
    """The round's dealer."""
    melds: tuple[tuple[Card, ...], ...] = attrs.field(
        repr=lambda melds: repr(list(map(cards_text, melds)))
    )
    """Each seat's final melded hand."""
    hand_points: tuple[int, ...]
    """Each seat's category points (0 to 9) for its melded hand."""
    first_complete: int | None
    """The seat that melded five cards first (+1), if any."""
    highest_hand: tuple[int, ...]
    """The seats paid +2 for the highest hand (empty when ``"none"`` leaves a tie unpaid)."""
    points: tuple[int, ...]
    """Each seat's total points for the round."""


@attrs.frozen(repr=False)
class State:
    """A moment of a game of Mock. Build one with :func:`~tablerules.mock.new_game`.

    The draw pile is :attr:`deck`: the opening (its first :attr:`opening`
    cards) then the finish. Hands keep the order their cards arrived in.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=7)
    >>> state.to_act, state.step, len(state.deck), state.opening
    (1, 'draw', 40, 20)
    >>> state
    <mock.State round 0, dealer 0, seat 1 to draw; opening 20, finish 20, discards 0; ...>
    """

    config: Config
    """The game's options."""
    seed: int
    """The seed every round's shuffle derives from."""
    round: int
    """The current round, 0-based (the last round played once the game is over)."""
    scores: tuple[int, ...]
    """Game points of each seat."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, in the order its cards arrived."""
    melds: tuple[tuple[Card, ...], ...]
    """Each seat's melded cards, in the order melded."""
    deck: tuple[Card, ...]
    """The draw pile, next card first (the opening, then the finish)."""
    opening: int
    """How many cards of :attr:`deck` are left in the opening."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top card last."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    first_complete: int | None
    """The first seat to meld five cards this round, if any."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"`` or ``"meld"`` (``"over"`` once the game is over)."""
    took_discard: bool
    """Whether the player to act took the top discard this turn (then they must meld)."""
    opening_was_empty: bool
    """Whether the opening was empty when this turn started."""
    pile_was_empty: bool
    """Whether the whole draw pile was empty when this turn started."""
    history: tuple[Event, ...]
    """The public history of the round, oldest first."""
    winners: tuple[int, ...]
    """The winning seats, empty until the game is over."""
    last_round: RoundSummary | None
    """The summary of the previous round, ``None`` during round 0."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The dealer of the current round (seat 0 first, then one seat left each round)."""
        return self.round % self.config.players

    @property
    def finish(self) -> int:
        """How many cards of :attr:`deck` are left in the finish."""
        return len(self.deck) - self.opening

    @property
    def must_meld(self) -> int:
        """The fewest cards the player to act must meld in the meld step.

        1 after taking the top discard, or when the opening was empty at the
        start of the turn and nothing is melded yet; when the whole draw pile
        was empty, the number that brings the meld to five (or the whole hand).
        """
        seat = self.to_act
        if seat is None:
            return 0
        melded = len(self.melds[seat])
        if self.pile_was_empty:
            hand = len(self.hands[seat]) + (self.step == "draw" and bool(self.discard_pile))
            return min(5 - melded, hand)
        if self.took_discard or (self.opening_was_empty and melded == 0):
            return 1
        return 0

    def __repr__(self) -> str:
        if self.to_act is None:
            where = f"game over, winners {list(self.winners)}"
        else:
            where = f"seat {self.to_act} to {self.step}"
        return (
            f"<mock.State round {self.round}, dealer {self.dealer}, {where}; "
            f"opening {self.opening}, finish {self.finish}, discards {len(self.discard_pile)}; "
            f"scores {list(self.scores)}>"
        )
