"""What one seat may know: :class:`Observation` and :func:`observe`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tablerules._common import check_seat
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mock.state import Drew, Melded

if TYPE_CHECKING:
    from tablerules.mock.config import Config
    from tablerules.mock.state import Event, RoundSummary, State, Step

__all__ = ["Observation", "observe"]


def _cards_repr(cards: tuple[Card, ...]) -> str:
    return repr(cards_text(cards))


def _melds_repr(melds: tuple[tuple[Card, ...], ...]) -> str:
    return repr([cards_text(cards) for cards in melds])


@attrs.frozen
class Observation:
    """Everything one seat may know about a game of Mock, and nothing more.

    Public: the dealer, whose turn and which step, who has finished, every
    meld, the top discard, the sizes of the discard pile, opening, finish
    and every hand, the scores, and the round's public history (who drew
    from where, the card taken from the discard pile, what was melded and
    discarded). Private to the observer: their own hand. Never shown: other
    hands, the order of the draw pile, and the game's seed.

    >>> import tablerules.mock as mock
    >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
    >>> seen = mock.observe(state, 1)
    >>> seen.step, len(seen.hand), seen.hand_sizes, seen.opening_size
    ('meld', 4, (3, 4, 3, 3), 19)
    """

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...] = attrs.field(repr=_cards_repr)
    """The observer's own hand, in the order its cards arrived."""
    config: Config
    """The game's options."""
    round: int
    """The current round, 0-based."""
    dealer: int
    """The current round's dealer."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"``, ``"meld"`` or ``"over"``."""
    took_discard: bool
    """Whether the player to act took the top discard this turn."""
    opening_was_empty: bool
    """Whether the opening was empty when the current turn started."""
    pile_was_empty: bool
    """Whether the whole draw pile was empty when the current turn started."""
    must_meld: int
    """The fewest cards the player to act must meld this turn."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    first_complete: int | None
    """The first seat to meld five cards this round, if any."""
    melds: tuple[tuple[Card, ...], ...] = attrs.field(repr=_melds_repr)
    """Every seat's melded cards."""
    top_discard: Card | None
    """The top card of the discard pile, if any."""
    discard_size: int
    """Cards in the discard pile."""
    opening_size: int
    """Cards left in the opening."""
    finish_size: int
    """Cards left in the finish."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    scores: tuple[int, ...]
    """Game points of each seat."""
    history: tuple[Event, ...]
    """The round's public history, oldest first."""
    winners: tuple[int, ...]
    """The winning seats, empty until the game is over."""
    last_round: RoundSummary | None
    """The summary of the previous round (or of the last one, once the game is over)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile (top last) as a player who remembers the history knows it.

        >>> import tablerules.mock as mock
        >>> state = mock.new_game(seed=5)
        >>> for _ in range(2):
        ...     state = mock.apply(state, mock.legal_actions(state)[0])
        >>> mock.observe(state, 0).discard_pile == state.discard_pile
        True
        """
        pile: list[Card] = []
        for event in self.history:
            if isinstance(event, Melded):
                pile.extend(event.discards)
            elif event.from_discard:
                pile.pop()
        return tuple(pile)

    @property
    def known_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards known to be in each hand.

        The observer's whole hand, and for the others the cards they took from
        the discard pile and still hold.

        >>> import tablerules.mock as mock
        >>> from tablerules import cards_text
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
        >>> state = mock.apply(state, mock.Draw(from_discard=True))
        >>> [cards_text(hand) for hand in mock.observe(state, 0).known_hands]
        ['5h Js 9c', '', '8s', '']
        """
        known: list[list[Card]] = [[] for _ in self.hand_sizes]
        for event in self.history:
            if isinstance(event, Drew):
                if event.card is not None:
                    known[event.seat].append(event.card)
            else:
                gone = set(event.cards) | set(event.discards)
                known[event.seat] = [card for card in known[event.seat] if card not in gone]
        known[self.seat] = list(self.hand)
        return tuple(tuple(cards) for cards in known)

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards whose place the observer cannot know, in deck order.

        They are in the draw pile or in other hands (not taken there from the
        discard pile). Their number is the draw pile's size plus the unknown cards in the
        other hands.

        >>> import tablerules.mock as mock
        >>> len(mock.observe(mock.new_game(seed=5), 0).unseen_cards)
        49
        """
        seen = {card for meld in self.melds for card in meld}
        seen.update(self.discard_pile)
        for cards in self.known_hands:
            seen.update(cards)
        return tuple(card for card in FULL_DECK if card not in seen)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> seen = mock.observe(state, 2)
    >>> seen.hand == state.hands[2], seen.top_discard, seen.hand_sizes
    (True, None, (3, 3, 3, 3))
    >>> mock.observe(state, 4)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: seat must be 0 to 3, not 4
    """
    players = state.config.players
    check_seat(seat, players)
    pile = state.discard_pile
    return Observation(
        seat=seat,
        hand=state.hands[seat],
        config=state.config,
        round=state.round,
        dealer=state.dealer,
        to_act=state.to_act,
        step=state.step,
        took_discard=state.took_discard,
        opening_was_empty=state.opening_was_empty,
        pile_was_empty=state.pile_was_empty,
        must_meld=state.must_meld,
        finished=state.finished,
        first_complete=state.first_complete,
        melds=state.melds,
        top_discard=pile[-1] if pile else None,
        discard_size=len(pile),
        opening_size=state.opening,
        finish_size=state.finish,
        hand_sizes=tuple(len(hand) for hand in state.hands),
        scores=state.scores,
        history=state.history,
        winners=state.winners,
        last_round=state.last_round,
    )
