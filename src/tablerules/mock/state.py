"""The Mock :class:`State`, the public record of a round and the summary of a finished round.

A state stores the cards, the round's history, the turn, and the cards each
seat took from the discard pile and still holds (``known_held``: public, so
every observation copies it); the invariant check compares it with a replay
of the history. Everything else is a property: the opening's size, and in
``TableFacts``, which observations share, the dealer, who took the top
discard, who completed first, the winners, what the draw pile held when the
turn started (``opening_was_empty``, ``pile_was_empty``) and the meld
obligation. They are built on the
functions here that the rules and the invariant check use too:
``fewest_to_meld`` (a turn's meld obligation), ``opening_left`` (the split
of the draw pile), ``held_after`` (what one event does to the cards known
held) and ``replay_public`` (what the history shows: the discard pile, the
cards known held, the first complete hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeVar

import attrs

from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mock.config import MELD_SIZE, Config
from tablerules.mock.scoring import game_winners

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "CARD_IDS",
    "NONE_HELD",
    "PILE_DRAWS",
    "Drew",
    "Event",
    "Melded",
    "PublicRecord",
    "RoundSummary",
    "State",
    "Step",
    "TableFacts",
    "at_seat",
    "fewest_to_meld",
    "first_to_complete",
    "held_after",
    "opening_left",
    "replay_public",
]

_T = TypeVar("_T")

CARD_IDS: Final = frozenset(map(id, FULL_DECK))
"""The identities of the 52 card objects: ``id(value) in CARD_IDS`` is
:func:`tablerules.cards.is_card` as one set lookup, for any value at all."""

Step = Literal["draw", "meld", "over"]
"""The step of a turn: ``"draw"``, ``"meld"``, or ``"over"`` once the game has ended."""


@attrs.frozen(repr=False)
class Drew:
    """Public record of a draw: who drew, from where, and the card if it was the top discard.

    >>> from tablerules.mock import Drew
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

    >>> from tablerules.mock import Melded
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

PILE_DRAWS: Final = tuple(Drew(seat=seat, from_discard=False) for seat in range(10))
"""The record of a draw from the draw pile, for each seat (they are all alike, so shared)."""


def fewest_to_meld(
    melded: int, in_hand: int, took_discard: bool, opening_was_empty: bool, pile_was_empty: bool, /
) -> int:
    """The fewest cards the player to act must meld this turn: the meld obligations.

    With ``melded`` cards melded and ``in_hand`` cards to meld from: when the
    whole draw pile was empty at the start of the turn, enough to bring the
    meld to five, or the whole hand; otherwise 1 after taking the top
    discard, or when the opening was empty at the start of the turn and
    nothing is melded yet; else 0.

    >>> fewest_to_meld(3, 4, False, False, True), fewest_to_meld(0, 4, True, False, False)
    (2, 1)
    """
    if pile_was_empty:
        return min(MELD_SIZE - melded, in_hand)
    if took_discard or (opening_was_empty and not melded):
        return 1
    return 0


class PublicRecord(NamedTuple):
    """What a round's public history shows, replayed once (see ``replay_public``)."""

    discard_pile: tuple[Card, ...]
    """The discard pile, top card last."""
    held: tuple[tuple[Card, ...], ...]
    """The cards each seat took from the discard pile and still holds."""
    first_complete: int | None
    """The first seat to meld five cards, if any."""


def at_seat(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``values`` (one per seat) with the entry of ``seat`` replaced by ``value``.

    >>> at_seat((1, 2, 3), 1, 7)
    (1, 7, 3)
    """
    changed = list(values)  # quicker than joining two slices around the value
    changed[seat] = value
    return tuple(changed)


def held_after(held: tuple[tuple[Card, ...], ...], event: Event) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat took from the discard pile and still holds, after ``event``.

    ``held`` is what they were before it: a draw of the top discard adds
    its card to the drawer's; a meld takes away the cards it melds and
    discards. The one statement of the rule: :func:`replay_public` folds it
    over a history, ``apply`` keeps ``State.known_held`` with it.

    >>> from tablerules import Card
    >>> card = Card.parse("9h")
    >>> held = held_after(((), (), ()), Drew(seat=1, from_discard=True, card=card))
    >>> held, held_after(held, Melded(1, (), (card,), 0, False))
    (((), (Card.parse('9h'),), ()), ((), (), ()))
    """
    seat = event.seat
    if type(event) is Melded:
        mine = held[seat]
        if not mine:
            return held
        cards, discards = event.cards, event.discards
        if len(mine) == 1:  # most often: one card taken, kept or played now
            if mine[0] not in cards and mine[0] not in discards:
                return held
            kept: tuple[Card, ...] = ()
        else:
            kept = tuple([card for card in mine if card not in cards and card not in discards])
    else:
        card = event.card  # type: ignore[union-attr]
        if card is None:  # a draw from the draw pile
            return held
        kept = (*held[seat], card)
    return at_seat(held, seat, kept)


def replay_public(history: Sequence[Event], players: int) -> PublicRecord:
    """Replay the public ``history`` of a round of ``players``: what every seat can know of it.

    >>> from tablerules import parse_cards
    >>> nine, two = parse_cards("9h 2c")
    >>> record = replay_public([Melded(0, (), (nine, two), 0, False), Drew(1, True, two)], 3)
    >>> record.discard_pile, record.held, record.first_complete
    ((Card.parse('9h'),), ((), (Card.parse('2c'),), ()), None)
    """
    held = NONE_HELD[players]
    pile: list[Card] = []
    for event in history:
        held = held_after(held, event)
        if type(event) is Melded:
            pile += event.discards
        elif event.card is not None and pile:  # type: ignore[union-attr]
            pile.pop()  # the top discard was taken (the pile has it, in a history the rules wrote)
    return PublicRecord(tuple(pile), held, first_to_complete(history))


NONE_HELD: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    ((),) * players for players in range(11)
)
"""No card known held, for each table size: ``known_held`` after a deal."""


def first_to_complete(history: Sequence[Event]) -> int | None:
    """The first seat whose melds in ``history`` reach five cards, if any.

    The ``first_complete`` of :func:`replay_public`, without the rest of the replay.

    >>> from tablerules import parse_cards
    >>> history = [Melded(1, parse_cards("2c 3c"), (), 0, False)]
    >>> history.append(Melded(0, parse_cards("4d 5d 6d 7d 8d"), (), 0, True))
    >>> first_to_complete(history), first_to_complete(history[:1])
    (0, None)
    """
    sizes: dict[int, int] = {}
    for event in history:
        if type(event) is Melded and event.cards:
            seat = event.seat
            size = sizes.get(seat, 0) + len(event.cards)
            if size == MELD_SIZE:
                return seat
            sizes[seat] = size
    return None


def opening_left(config: Config, pile: int) -> int:
    """How many of the ``pile`` cards left in the draw pile are in the opening.

    The finish is drawn only once the opening is empty, so it holds its
    cards until then.

    >>> from tablerules.mock.config import Config
    >>> opening_left(Config(), 40), opening_left(Config(), 25), opening_left(Config(), 12)
    (20, 5, 0)
    """
    return max(0, pile - config.finish_cards)


class TableFacts:
    """Facts derived from the public fields, shared by :class:`State` and the observation."""

    __slots__ = ()
    config: Config
    round: int
    scores: tuple[int, ...]
    melds: tuple[tuple[Card, ...], ...]
    to_act: int | None
    step: Step
    history: tuple[Event, ...]

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The dealer of the current round (seat 0 first, then one seat left each round)."""
        return self.round % self.config.players

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats, empty until the game is over (see ``game_winners``)."""
        if self.to_act is not None:
            return ()
        return game_winners(self.config, self.round, self.scores)

    @property
    def took_discard(self) -> bool:
        """Whether the player to act took the top discard this turn (then they must meld)."""
        history = self.history
        if not history:
            return False
        last = history[-1]
        return type(last) is Drew and last.from_discard

    @property
    def first_complete(self) -> int | None:
        """The first seat to meld five cards this round, if any (the +1 bonus)."""
        return first_to_complete(self.history)

    def _pile_at_turn_start(self) -> int | None:
        """The draw pile's size when this turn started (``None`` once the game is over).

        The pile is as the turn found it, but for the card a draw from it took.
        """
        if self.to_act is None:
            return None
        pile = self._deck_size()
        if self.step == "meld" and self.history:
            last = self.history[-1]
            if type(last) is Drew and not last.from_discard:
                return pile + 1
        return pile

    @property
    def opening_was_empty(self) -> bool:
        """Whether the opening was empty when this turn started (``False`` once over)."""
        pile = self._pile_at_turn_start()
        return pile is not None and not opening_left(self.config, pile)

    @property
    def pile_was_empty(self) -> bool:
        """Whether the whole draw pile was empty when this turn started (``False`` once over)."""
        return self._pile_at_turn_start() == 0

    def _in_hand(self, seat: int) -> int:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _has_discards(self) -> bool:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _has_deck(self) -> bool:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _deck_size(self) -> int:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _hand_to_act(self) -> tuple[Card, ...] | None:
        """The hand of the seat to act if this value shows it (``None`` once over)."""
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    @property
    def must_meld(self) -> int:
        """The fewest cards the player to act must meld this turn (0 once over).

        1 after taking the top discard, or when the opening was empty at the
        start of the turn and nothing is melded yet; when the whole draw pile
        was empty, the number that brings the meld to five (or the whole hand).
        See ``fewest_to_meld``.
        """
        seat = self.to_act
        if seat is None:
            return 0
        # in the draw step with the draw pile empty, the top discard will join the hand
        in_hand = self._in_hand(seat) + (self.step == "draw" and self._has_discards())
        return fewest_to_meld(
            len(self.melds[seat]),
            in_hand,
            self.took_discard,
            self.opening_was_empty,
            self.pile_was_empty,
        )


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

    @property
    def dealer(self) -> int:
        """The round's dealer (the dealer moves one seat left every round)."""
        return self.round % len(self.melds)


@attrs.frozen(repr=False)
class State(TableFacts):
    """A moment of a game of Mock. Build one with :func:`~tablerules.mock.new_game`.

    The draw pile is :attr:`deck`: the opening (its first :attr:`opening`
    cards) then the finish. Hands keep the order their cards arrived in.
    Facts the fields determine are properties (see ``TableFacts``).

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=7)
    >>> state.to_act, state.step, len(state.deck), state.opening
    (1, 'draw', 40, 20)
    >>> state
    mock.State(round=0, dealer=0, to_act=1, step='draw', scores=(0, 0, 0, 0), ...)
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
    discard_pile: tuple[Card, ...]
    """The discard pile, top card last."""
    known_held: tuple[tuple[Card, ...], ...]
    """For each seat, the cards it took from the discard pile and still holds, in the order
    taken: public, as the history shows them (see ``held_after``)."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"`` or ``"meld"`` (``"over"`` once the game is over)."""
    history: tuple[Event, ...]
    """The public history of the round, oldest first."""
    last_round: RoundSummary | None
    """The summary of the previous round, ``None`` during round 0."""

    @property
    def opening(self) -> int:
        """How many cards of :attr:`deck` are left in the opening (see ``opening_left``)."""
        return opening_left(self.config, len(self.deck))

    @property
    def finish(self) -> int:
        """How many cards of :attr:`deck` are left in the finish."""
        return len(self.deck) - self.opening

    def _in_hand(self, seat: int) -> int:
        return len(self.hands[seat])

    def _has_discards(self) -> bool:
        return bool(self.discard_pile)

    def _has_deck(self) -> bool:
        return bool(self.deck)

    def _deck_size(self) -> int:
        return len(self.deck)

    def _hand_to_act(self) -> tuple[Card, ...] | None:
        seat = self.to_act
        return None if seat is None else self.hands[seat]

    def __repr__(self) -> str:
        hands = tuple(cards_text(hand) for hand in self.hands)
        melds = tuple(cards_text(meld) for meld in self.melds)
        return (
            f"mock.State(round={self.round}, dealer={self.dealer}, to_act={self.to_act}, "
            f"step={self.step!r}, scores={self.scores}, hands={hands}, melds={melds}, "
            f"deck={len(self.deck)} cards, discards={len(self.discard_pile)} cards, "
            f"winners={self.winners})"
        )

    def __str__(self) -> str:
        """The whole state as text, every card face up; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.state(self)
