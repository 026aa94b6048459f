"""What one seat may know: :class:`Observation` and :func:`observe`.

The observation's JSON record (``observation_to_dict`` and
``observation_from_dict``) is in :mod:`tablerules.mock.serialize`, with the
other records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from tablerules._common import check_seat, check_type, fast_init
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mock.config import Config
from tablerules.mock.state import State, TableFacts, opening_left

if TYPE_CHECKING:
    from tablerules.mock.state import Event, RoundSummary, Step

__all__ = ["Observation", "observe"]


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
    discard_pile: tuple[Card, ...] = attrs.field(repr=_cards_repr)
    """The discard pile, top card last, as the public history builds it."""
    known_held: tuple[tuple[Card, ...], ...] = attrs.field(repr=_melds_repr)
    """For each seat, the cards it took from the discard pile and still holds, in the
    order taken: public, as the history shows them (the observer's are in :attr:`hand` too)."""

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile (``len(discard_pile)``)."""
        return len(self.discard_pile)

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
        return bool(self.discard_pile)

    def _has_deck(self) -> bool:
        return self.deck_size > 0

    def _deck_size(self) -> int:
        return self.deck_size

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
        known = list(self.known_held)
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

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG (notebooks show it); see :mod:`tablerules.svg`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.observation(self)

    def __str__(self) -> str:
        """The table as this seat sees it, as text; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.observation(self)

    def __repr__(self) -> str:
        melds = tuple(cards_text(meld) for meld in self.melds)
        return (
            f"mock.Observation(seat={self.seat}, hand={cards_text(self.hand)!r}, "
            f"round={self.round}, to_act={self.to_act}, step={self.step!r}, "
            f"scores={self.scores}, melds={melds}, hand_sizes={self.hand_sizes}, "
            f"deck_size={self.deck_size}, history={len(self.history)} events)"
        )


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
    if type(state) is not State:
        check_type(state, State, "state")
    config, hands = state.config, state.hands
    if type(seat) is not int or not 0 <= seat < config.players:
        check_seat(seat, config.players)
    return _make_observation(  # the first fields by position, as in the class
        seat,
        hands[seat],
        config,
        state.round,
        to_act=state.to_act,
        step=state.step,
        finished=state.finished,
        melds=state.melds,
        deck_size=len(state.deck),
        hand_sizes=tuple(map(len, hands)),
        scores=state.scores,
        history=state.history,
        last_round=state.last_round,
        discard_pile=state.discard_pile,
        known_held=state.known_held,
    )
