"""What one seat may know: :class:`Observation` and :func:`observe`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from tablerules._common import check_seat, check_type, fast_init
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mock.state import State, TableFacts, held_from_discards, opening_left, replay_public

if TYPE_CHECKING:
    from tablerules.mock.config import Config
    from tablerules.mock.state import Event, RoundSummary, Step

__all__ = ["Observation", "observe"]

DECK_SIZE: Final = len(FULL_DECK)


def _cards_repr(cards: tuple[Card, ...]) -> str:
    return repr(cards_text(cards))


def _melds_repr(melds: tuple[tuple[Card, ...], ...]) -> str:
    return repr([cards_text(cards) for cards in melds])


@attrs.frozen
class Observation(TableFacts):
    """Everything one seat may know about a game of Mock, and nothing more.

    Public: the dealer, whose turn and which step, who has finished, every
    meld, the discard pile (as the history shows it), the sizes of the draw
    pile and of every hand, the scores, and the round's public history (who
    drew from where, the card taken from the discard pile, what was melded
    and discarded). Private to the observer: their own hand. Never shown:
    other hands, the order of the draw pile, and the game's seed. Facts the
    fields determine are properties (the ones a state has too come from
    ``TableFacts``), named as in the other games
    where they share a meaning (:attr:`deck_size`, :attr:`hand_sizes`,
    :attr:`unseen_count`, :attr:`is_over`).

    >>> import tablerules.mock as mock
    >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
    >>> seen = mock.observe(state, 1)
    >>> seen.step, len(seen.hand), seen.hand_sizes, seen.deck_size, seen.opening_size
    ('meld', 4, (3, 4, 3, 3), 39, 19)
    """

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...] = attrs.field(repr=_cards_repr)
    """The observer's own hand, in the order its cards arrived."""
    config: Config
    """The game's options."""
    round: int
    """The current round, 0-based."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"``, ``"meld"`` or ``"over"``."""
    opening_was_empty: bool
    """Whether the opening was empty when the current turn started."""
    pile_was_empty: bool
    """Whether the whole draw pile was empty when the current turn started."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    melds: tuple[tuple[Card, ...], ...] = attrs.field(repr=_melds_repr)
    """Every seat's melded cards."""
    deck_size: int
    """Cards left in the draw pile (the opening, then the finish)."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    scores: tuple[int, ...]
    """Game points of each seat."""
    history: tuple[Event, ...]
    """The round's public history, oldest first."""
    last_round: RoundSummary | None
    """The summary of the previous round (or of the last one, once the game is over)."""

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
        return replay_public(self.history, len(self.hand_sizes)).discard_pile

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile, the cards of the deck that are nowhere else.

        Every card is in the draw pile, a hand, a meld or the discard pile,
        so the sizes the observation shows give it without replaying the
        history (it equals ``len(discard_pile)``).

        >>> import tablerules.mock as mock
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> state = mock.apply(state, mock.Meld(discards="8s"))
        >>> seen = mock.observe(state, 0)
        >>> seen.discard_size, len(seen.discard_pile)
        (1, 1)
        """
        return DECK_SIZE - self.deck_size - sum(self.hand_sizes) - sum(map(len, self.melds))

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        pile = self.discard_pile
        return pile[-1] if pile else None

    @property
    def opening_size(self) -> int:
        """Cards left in the opening (see ``opening_left``)."""
        return opening_left(self.config, self.deck_size)

    @property
    def finish_size(self) -> int:
        """Cards left in the finish."""
        return self.deck_size - self.opening_size

    def _in_hand(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def _has_discards(self) -> bool:
        return self.discard_size > 0

    def _has_deck(self) -> bool:
        return self.deck_size > 0

    def _hand_to_act(self) -> tuple[Card, ...] | None:
        return self.hand if self.to_act == self.seat else None

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
        known = list(held_from_discards(self.history, len(self.hand_sizes)))
        known[self.seat] = self.hand
        return tuple(known)

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards whose place the observer cannot know, in the order of ``FULL_DECK``.

        They are in the draw pile or in other hands (not taken there from the
        discard pile). Their number is the draw pile's size plus the unknown
        cards in the other hands.

        >>> import tablerules.mock as mock
        >>> len(mock.observe(mock.new_game(seed=5), 0).unseen_cards)
        49
        """
        seen = {card for meld in self.melds for card in meld}
        seen.update(self.discard_pile)
        for cards in self.known_hands:
            seen.update(cards)
        return tuple(card for card in FULL_DECK if card not in seen)

    @property
    def unseen_count(self) -> int:
        """How many cards the observer cannot place (``len(unseen_cards)``).

        >>> import tablerules.mock as mock
        >>> mock.observe(mock.new_game(seed=5), 0).unseen_count
        49
        """
        return len(self.unseen_cards)


_make_observation: Final = fast_init(Observation)


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
    check_type(state, State, "state")
    check_seat(seat, state.config.players)
    return _make_observation(
        seat=seat,
        hand=state.hands[seat],
        config=state.config,
        round=state.round,
        to_act=state.to_act,
        step=state.step,
        opening_was_empty=state.opening_was_empty,
        pile_was_empty=state.pile_was_empty,
        finished=state.finished,
        melds=state.melds,
        deck_size=len(state.deck),
        hand_sizes=tuple([len(hand) for hand in state.hands]),
        scores=state.scores,
        history=state.history,
        last_round=state.last_round,
    )
