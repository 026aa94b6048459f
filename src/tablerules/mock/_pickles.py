"""Mock's compact pickles: the layouts of states and round summaries, and their memos.

``State.__reduce__`` and ``RoundSummary.__reduce__`` call :func:`reduce_state`
and :func:`reduce_summary`; observations use the same history codes (see
:mod:`tablerules.mock.observe`). The shared parts are in
:mod:`tablerules._pickling`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import accumulate, pairwise
from typing import Final

from tablerules._common import fast_init
from tablerules._pickling import (
    DeckBytes,
    HistoryBytes,
    LastShared,
    card_bytes,
    cards_of,
    shared_rebuild,
    split,
)
from tablerules.cards import FULL_DECK, Card
from tablerules.mock.config import Config
from tablerules.mock.state import (
    PILE_DRAWS,
    Drew,
    Event,
    Melded,
    RoundSummary,
    State,
    Step,
    replay_public,
)


def reduce_state(state: State) -> tuple[object, ...]:
    """``State.__reduce__``: the rebuild function and its arguments (``_state_from_pickle``)."""
    hands, melds, discard_pile = state.hands, state.melds, state.discard_pile
    layout = bytes(
        (
            STEP_CODES[state.step],
            state.opening_was_empty,
            state.pile_was_empty,
            *map(len, hands),
            *state.finished,
            *map(len, melds),
            len(discard_pile),
        )
    )
    cards = sum(hands, ()) + sum(melds, ()) + discard_pile
    shared = SHARED.args(state.config, state.last_round)
    return (
        _state_from_pickle,
        (
            shared,
            (state.seed, state.round, state.to_act, *state.scores),
            (bytes(_getter(*cards)(_INDEX)) if len(cards) > 1 else card_bytes(cards))
            + deck_bytes.write(state.deck),
            layout + history_bytes(state.history),
        ),
    )


def reduce_summary(summary: RoundSummary) -> tuple[object, ...]:
    """``RoundSummary.__reduce__`` (made once per summary object by ``shared_reduce``)."""
    return (_summary_from_pickle, summary_parts(summary))


def summary_parts(summary: RoundSummary) -> tuple[tuple[int | None, ...], bytes, bytes]:
    """A round summary's numbers, the cards of its melds, and the rest of its layout."""
    layout = [len(meld) for meld in summary.melds]
    layout += summary.hand_points
    layout += summary.highest_hand
    cards = [card for meld in summary.melds for card in meld]
    numbers = (summary.round, summary.first_complete, *summary.points)
    return (numbers, card_bytes(cards), bytes(layout))


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
    history = read_history(layout, at + players + 1)
    return _make_state(  # sixteen fields: the first by position (see fast_init)
        config,
        numbers[0],
        numbers[1],
        numbers[3:],
        hands=hands_of(cards),
        melds=tuple(melds),
        deck=pile,
        discard_pile=cards[start:end],
        known_held=replay_public(history, players).held,  # public: the history fixes it
        finished=finished,
        to_act=numbers[2],
        step=step,
        opening_was_empty=opening_was_empty,
        pile_was_empty=pile_was_empty,
        history=history,
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


SHARED: Final[LastShared[Config, RoundSummary]] = LastShared(Config, summary_parts, _build_summary)
"""The config and round summary this game's pickles wrote and read last."""
