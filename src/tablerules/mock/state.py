"""The Mock :class:`State`, the public record of a round and the summary of a finished round.

A state stores the cards, the round's history, the turn, and two facts about
the draw pile at the start of the turn (``opening_was_empty`` and
``pile_was_empty``: the history and the deck fix them too, but the rules read
them on every meld, and the invariant check compares them with a replay).
Everything else is a property: the opening's size, and in ``TableFacts``,
which observations share, the dealer, who took the top discard, who
completed first, the winners and the meld obligation. They are built on the
functions here that the rules and the invariant check use too:
``fewest_to_meld`` (a turn's meld obligation), ``opening_left`` (the split
of the draw pile) and ``replay_public`` (what the history shows: the discard
pile, the cards taken from it into each hand, the first complete hand).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

import attrs

from tablerules._common import fast_init
from tablerules._pickling import (
    DeckBytes,
    HistoryBytes,
    LastShared,
    card_bytes,
    cards_of,
    reduce_own,
    shared_rebuild,
    shared_reduce,
    split,
)
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mock.config import MELD_SIZE, Config
from tablerules.mock.scoring import game_winners

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "CARD_IDS",
    "PILE_DRAWS",
    "Drew",
    "Event",
    "Melded",
    "PublicRecord",
    "RoundSummary",
    "State",
    "Step",
    "TableFacts",
    "fewest_to_meld",
    "first_to_complete",
    "held_from_discards",
    "opening_left",
    "replay_public",
]

CARD_IDS: Final = frozenset(map(id, FULL_DECK))
"""The identities of the 52 card objects: ``id(value) in CARD_IDS`` is
:func:`tablerules.cards.is_card` as one set lookup, for any value at all."""

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


def replay_public(history: Sequence[Event], players: int) -> PublicRecord:
    """Replay the public ``history`` of a round of ``players``: what every seat can know of it.

    >>> from tablerules import parse_cards
    >>> nine, two = parse_cards("9h 2c")
    >>> record = replay_public([Melded(0, (), (nine, two), 0, False), Drew(1, True, two)], 3)
    >>> record.discard_pile, record.held, record.first_complete
    ((Card.parse('9h'),), ((), (Card.parse('2c'),), ()), None)
    """
    held: list[list[Card]] = [[] for _ in range(players)]
    pile: list[Card] = []
    sizes = [0] * players
    first: int | None = None
    for event in history:
        if type(event) is Melded:
            seat, cards, discards = event.seat, event.cards, event.discards
            if held[seat] and (cards or discards):
                gone = {*cards, *discards}
                held[seat] = [card for card in held[seat] if card not in gone]
            pile.extend(discards)
            if cards and first is None:
                sizes[seat] += len(cards)
                if sizes[seat] == MELD_SIZE:
                    first = seat
        elif isinstance(event, Drew) and event.card is not None:
            held[event.seat].append(event.card)
            if pile:  # always, in a history the rules wrote
                pile.pop()
    return PublicRecord(tuple(pile), tuple([tuple(cards) for cards in held]), first)


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


def held_from_discards(history: Sequence[Event], players: int) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat took from the discard pile and still holds, by the public history.

    >>> from tablerules import Card
    >>> card = Card.parse("9h")
    >>> history = [Melded(0, (), (card,), 0, False), Drew(seat=1, from_discard=True, card=card)]
    >>> held_from_discards(history, 3)
    ((), (Card.parse('9h'),), ())
    """
    return replay_public(history, players).held


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
    opening_was_empty: bool
    pile_was_empty: bool
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

    def _in_hand(self, seat: int) -> int:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _has_discards(self) -> bool:
        raise NotImplementedError  # pragma: no cover - State and Observation define it

    def _has_deck(self) -> bool:
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

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle compactly: cards as bytes (see :mod:`tablerules._pickling`).

        Every state of the next round holds this summary: it is written once
        per object, and equal pickles load as one object.
        """
        return shared_reduce(self, reduce_own)

    def _reduce(self) -> tuple[object, ...]:
        return (_summary_from_pickle, self._parts())

    def _parts(self) -> tuple[tuple[int | None, ...], bytes, bytes]:
        """The summary's numbers, the cards of its melds, and the rest of its layout."""
        layout = [len(meld) for meld in self.melds]
        layout += self.hand_points
        layout += self.highest_hand
        cards = [card for meld in self.melds for card in meld]
        numbers = (self.round, self.first_complete, *self.points)
        return (numbers, card_bytes(cards), bytes(layout))


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
    discard_pile: tuple[Card, ...]
    """The discard pile, top card last."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"`` or ``"meld"`` (``"over"`` once the game is over)."""
    opening_was_empty: bool
    """Whether the opening was empty when this turn started."""
    pile_was_empty: bool
    """Whether the whole draw pile was empty when this turn started."""
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

    def _hand_to_act(self) -> tuple[Card, ...] | None:
        seat = self.to_act
        return None if seat is None else self.hands[seat]

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle compactly: cards as bytes, the config as its fields, no checks on loading.

        A pickle is for moving states between your own processes; read data
        from anyone else with :func:`~tablerules.mock.from_dict`, which checks it.

        >>> import pickle
        >>> import tablerules.mock as mock
        >>> state = mock.new_game(seed=7)
        >>> pickle.loads(pickle.dumps(state)) == state
        True
        """
        hands, melds, discard_pile = self.hands, self.melds, self.discard_pile
        layout = bytes(
            (
                STEP_CODES[self.step],
                self.opening_was_empty,
                self.pile_was_empty,
                *map(len, hands),
                *self.finished,
                *map(len, melds),
                len(discard_pile),
            )
        )
        cards = sum(hands, ()) + sum(melds, ()) + discard_pile
        shared = SHARED.args(self.config, self.last_round)
        return (
            _state_from_pickle,
            (
                shared,
                (self.seed, self.round, self.to_act, *self.scores),
                (bytes(_getter(*cards)(_INDEX)) if len(cards) > 1 else card_bytes(cards))
                + deck_bytes.write(self.deck),
                layout + history_bytes(self.history),
            ),
        )

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


# --- compact pickles ---------------------------------------------------------------

STEPS: Final[tuple[Step, ...]] = ("draw", "meld", "over")
"""The steps, in the order of their codes in a pickle."""
STEP_CODES: Final[dict[Step, int]] = {step: code for code, step in enumerate(STEPS)}

_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)
_make_drew: Final = fast_init(Drew)
_make_melded: Final = fast_init(Melded)
_card_at: Final = FULL_DECK.__getitem__
# A history's event codes: a draw from the pile is the seat; 16 + seat a draw of
# the top discard; 32 + seat and 48 + seat the draws the rules never write (a
# pile draw with a card, a discard draw without one); 64 + seat (+ 16 if it
# finished) a meld, followed by drawn, len(cards) and len(discards).
_DISCARD_DRAW: Final = 16
_CARD_DRAW: Final = 32
_OTHER_DRAW: Final = 48
_MELDED: Final = 64
_FINISHED: Final = 16
_SEAT_BITS: Final = 15


def _write_events(events: Sequence[Event], codes: list[int]) -> None:
    """Add each event's codes to ``codes``: its kind and seat, then its numbers and cards."""
    index = _INDEX
    card_index = index.__getitem__
    for event in events:
        if type(event) is Drew:
            card = event.card
            if card is None:
                codes.append(_OTHER_DRAW + event.seat if event.from_discard else event.seat)
            else:
                kind = _DISCARD_DRAW if event.from_discard else _CARD_DRAW
                codes += (kind + event.seat, index[card])
            continue
        melded: Melded = event  # type: ignore[assignment]
        cards, discards = melded.cards, melded.discards
        codes += (
            _MELDED + melded.seat + _FINISHED * melded.finished,
            melded.drawn,
            len(cards),
            len(discards),
        )
        if cards:
            codes += map(card_index, cards)
        codes += map(card_index, discards)


history_bytes: Final = HistoryBytes(_write_events)
"""A round's history as a pickle writes it: per event its kind and seat, then its cards
(:func:`read_history` reads it back)."""


def read_history(codes: bytes, at: int) -> tuple[Event, ...]:
    r"""The history ``history_bytes`` wrote, from ``codes[at:]``.

    A history that goes on from the last one read reuses its events (the
    states of a round share them) and reads only the new ones, in one pass.
    Draws load as shared objects: the same one for equal draws.

    >>> import random
    >>> import tablerules.mock as mock
    >>> state, rng = mock.new_game(seed=2), random.Random(2)
    >>> for _ in range(9):
    ...     state = mock.apply(state, mock.random_action(state, rng))
    >>> read_history(b"\x07" + history_bytes(state.history), 1) == state.history
    True
    """
    tail = codes[at:]
    last_codes, last_events = _LAST_READ[0]
    if last_codes and tail.startswith(last_codes):
        # the round went on: events are self-delimiting, so the old ones end where they did
        if len(tail) == len(last_codes):
            return last_events
        before = last_events
        new = tail[len(last_codes) :]
    else:
        before, new = (), tail
    end = len(new)
    # the card of each code (None past the 52): a meld's cards are slices of it
    row: tuple[Card | None, ...] = _getter(*new)(_CARD_OF_CODE) if end > 1 else ()
    events: list[Event] = []
    append = events.append
    pile_draws, draws = PILE_DRAWS, _DRAWS
    at = 0
    while at < end:
        code = new[at]
        if code < _DISCARD_DRAW:
            append(pile_draws[code])
            at += 1
        elif code >= _MELDED:
            middle = at + 4 + new[at + 2]
            stop = middle + new[at + 3]
            append(
                _make_melded(
                    seat=code & _SEAT_BITS,
                    cards=row[at + 4 : middle],  # type: ignore[arg-type]
                    discards=row[middle:stop],  # type: ignore[arg-type]
                    drawn=new[at + 1],
                    finished=code >= _MELDED + _FINISHED,
                )
            )
            at = stop
        elif code < _OTHER_DRAW:
            key = code << 8 | new[at + 1]
            event = draws.get(key)
            if event is None:  # 32 codes times a card byte at most: the memo stays small
                event = draws[key] = _make_drew(code & _SEAT_BITS, code < _CARD_DRAW, row[at + 1])
            append(event)
            at += 2
        else:
            append(_make_drew(code - _OTHER_DRAW, True, None))
            at += 1
    history = before + tuple(events)
    _LAST_READ[0] = (tail, history)
    return history


_DRAWS: Final[dict[int, Drew]] = {}
"""The draws with a card read so far, by their codes (at most 32 * 256 of them)."""
_LAST_READ: Final[list[tuple[bytes, tuple[Event, ...]]]] = [(b"", ())]
_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(FULL_DECK)}
_CARD_OF_CODE: Final[tuple[Card | None, ...]] = FULL_DECK + (None,) * (256 - len(FULL_DECK))
_getter: Final = operator.itemgetter


def _summary_from_pickle(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked (one object for equal pickles)."""
    return shared_rebuild(_build_summary, numbers, blob, layout)


def _build_summary(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked."""
    players = len(numbers) - 2
    melds = split(cards_of(blob), layout[: players - 1])
    return _make_summary(
        round=numbers[0],
        melds=tuple(melds),
        hand_points=tuple(layout[players : 2 * players]),
        first_complete=numbers[1],
        highest_hand=tuple(layout[2 * players :]),
        points=numbers[2:],
    )


deck_bytes: Final = DeckBytes()
"""The draw piles this game's state pickles wrote and read last."""


def _state_from_pickle(
    shared: bytes, numbers: tuple[int, ...], blob: bytes, layout: bytes
) -> State:
    """Rebuild a pickled state, unchecked (see ``State.__reduce__``).

    ``layout`` holds the step and the two flags, the hands' sizes, the
    finished flags, the melds' sizes, the discard pile's size, then the
    history; ``blob`` the cards of the hands, the melds, the discard pile and
    the deck; ``shared`` the config and the previous round's summary. What
    comes before the melds' sizes takes few values: its shape is kept per
    layout.
    """
    config, summary = SHARED.values(shared)
    players = config.players
    at = 3 + 2 * players
    shape = _SHAPES.get(layout[:at])
    if shape is None:
        shape = _shape(layout[:at])
    hands_of, start, finished, step, opening_was_empty, pile_was_empty = shape
    meld_sizes = layout[at : at + players]
    end = start + sum(meld_sizes) + layout[at + players]
    cards: tuple[Card, ...] = _getter(*blob[:end])(FULL_DECK) if end > 1 else cards_of(blob[:end])
    melds = []
    for size in meld_sizes:
        melds.append(cards[start : start + size])
        start += size
    pile = deck_bytes.read(blob[end:])
    return _make_state(
        config=config,
        seed=numbers[0],
        round=numbers[1],
        scores=numbers[3:],
        hands=hands_of(cards),
        melds=tuple(melds),
        deck=pile,
        discard_pile=cards[start:end],
        finished=finished,
        to_act=numbers[2],
        step=step,
        opening_was_empty=opening_was_empty,
        pile_was_empty=pile_was_empty,
        history=read_history(layout, at + players + 1),
        last_round=summary,
    )


Splitter = Callable[[tuple[Card, ...]], tuple[tuple[Card, ...], ...]]
Shape = tuple[Splitter, int, tuple[bool, ...], Step, bool, bool]


def _shape(head: bytes) -> Shape:
    """What a state's pickle layout says before the melds' sizes: kept per layout."""
    players = (len(head) - 3) // 2
    hands_of, count = cards_getter(head[3 : 3 + players])
    shape = (
        hands_of,
        count,
        tuple(map(bool, head[3 + players :])),
        STEPS[head[0]],
        bool(head[1]),
        bool(head[2]),
    )
    if len(_SHAPES) >= MAX_SHAPES:
        _SHAPES.clear()
    _SHAPES[head] = shape
    return shape


def cards_getter(sizes: bytes, start: int = 0) -> tuple[Splitter, int]:
    """A getter of consecutive parts of ``sizes`` (at least two) from ``start``, and their count.

    Kept per layout.

    >>> from tablerules.cards import parse_cards
    >>> parts, count = cards_getter(bytes([2, 0, 1]), 1)
    >>> parts(parse_cards("2c 3c 4c 5c 6c")), count
    (((Card.parse('3c'), Card.parse('4c')), (), (Card.parse('5c'),)), 3)
    """
    key = (sizes, start)
    found = _GETTERS.get(key)
    if found is None:
        cuts = list(accumulate(sizes, initial=start))
        getter = operator.itemgetter(*[slice(begin, end) for begin, end in pairwise(cuts)])
        found = (getter, cuts[-1] - start)
        if len(_GETTERS) >= MAX_SHAPES:
            _GETTERS.clear()
        _GETTERS[key] = found
    return found


_GETTERS: Final[dict[tuple[bytes, int], tuple[Splitter, int]]] = {}
MAX_SHAPES: Final = 4096
"""How many pickle layouts are kept (each memo of them is emptied when it is full)."""
_SHAPES: Final[dict[bytes, Shape]] = {}


SHARED: Final[LastShared[Config, RoundSummary]] = LastShared(
    Config, RoundSummary._parts, _build_summary
)
"""The config and round summary this game's pickles wrote and read last."""
