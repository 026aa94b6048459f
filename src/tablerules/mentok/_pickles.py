"""Mentok's compact pickles: the layouts of states and round summaries, and their memos.

``State.__reduce__`` and ``RoundSummary.__reduce__`` call :func:`reduce_state`
and :func:`reduce_summary`; observations use the same table and history codes
(see :mod:`tablerules.mentok.observe`). The shared parts are in
:mod:`tablerules._pickling`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import accumulate, pairwise
from typing import Final, TypeVar

from tablerules._common import fast_init
from tablerules._pickling import (
    DeckBytes,
    HistoryBytes,
    LastShared,
    card_bytes,
    cards_of,
    shared_rebuild,
)
from tablerules.cards import FULL_DECK, Card, Rank
from tablerules.mentok.config import Config
from tablerules.mentok.state import AskRecord, Event, RoundSummary, StandRecord, State


def reduce_state(state: State) -> tuple[object, ...]:
    """``State.__reduce__``: the rebuild function and its arguments (``_state_from_pickle``)."""
    hands, last_hands = state.hands, _LAST_HANDS[0]
    if hands is last_hands[0]:  # the hands written last
        sizes, in_hands = last_hands[1], last_hands[2]
    else:
        sizes, in_hands = hands_bytes(hands)
    codes: list[int] = []
    on_tables: list[Card] = []
    write_tables(state.tables, state.stood, state.choices, codes, on_tables)
    shared = SHARED.args(state.config, state.last_round)
    if len(on_tables) > 1:
        table_cards = bytes(_getter(*on_tables)(_INDEX))
    else:
        table_cards = card_bytes(on_tables)
    return (
        _state_from_pickle,
        (
            shared,
            (state.seed, state.round, state.to_act, *state.scores, *state.winners),
            in_hands + table_cards + deck_bytes.write(state.deck),
            sizes + bytes((len(codes), *codes)) + history_bytes(state.history),
        ),
    )


def reduce_summary(summary: RoundSummary) -> tuple[object, ...]:
    """``RoundSummary.__reduce__`` (made once per summary object by ``shared_reduce``)."""
    return (_summary_from_pickle, summary_parts(summary))


def summary_parts(summary: RoundSummary) -> tuple[tuple[int, ...], bytes, bytes]:
    """A round summary's numbers, its cards, and the rest of its layout."""
    layout = [summary.abandoned, *map(len, summary.hands), *summary.cheated]
    cards = [card for hand in summary.hands for card in hand]
    write_tables(summary.tables, None, summary.choices, layout, cards)
    numbers = (summary.round, *summary.points)
    return (numbers, card_bytes(cards), bytes(layout) + history_bytes(summary.history))


_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)
_make_ask: Final = fast_init(AskRecord)
_make_stand: Final = fast_init(StandRecord)
_RANKS: Final = {rank.value: rank for rank in Rank}
_STAND: Final = 128
"""An event code: an ask is its seat, a stand 128 + its seat."""
_NO_CARD: Final = 8
_OPTIONAL_BOOL: Final = {False: 0, True: 1, None: 2}
_STOOD_BIT: Final = 64
_SIZE_BITS: Final = 63
_ONE_STOOD: Final = ((False,), (True,))
_ONE_HAND: Final = {choice: 4 + code for choice, code in _OPTIONAL_BOOL.items()}
"""A seat's code with one table hand, by its choice."""
_BOOL_OR_NONE: Final = (False, True, None)


def write_tables(
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    stood: tuple[tuple[bool, ...], ...] | None,
    choices: tuple[bool | None, ...],
    layout: list[int],
    cards: list[Card],
) -> None:
    """Add each seat's table hands, stood flags and choice to a pickle (see :func:`read_tables`).

    Per seat: 4 times the number of table hands plus the choice (0, 1 or 2
    for ``None``), then each table hand's size plus 64 if it stood.
    """
    if stood is None:
        codes = _OPTIONAL_BOOL
        for seat_tables, choice in zip(tables, choices, strict=True):
            layout.append(4 * len(seat_tables) + codes[choice])
            for cards_on_table in seat_tables:
                cards += cards_on_table
                layout.append(len(cards_on_table))
        return
    one_hand = _ONE_HAND
    # one entry per seat in each (zip's strict keyword alone costs a tenth of a microsecond)
    for seat_tables, seat_stood, choice in zip(tables, stood, choices):  # noqa: B905
        if len(seat_tables) == 1:
            cards_on_table = seat_tables[0]
            cards += cards_on_table
            layout += (one_hand[choice], len(cards_on_table) + _STOOD_BIT * seat_stood[0])
            continue
        layout.append(4 * len(seat_tables) + _OPTIONAL_BOOL[choice])
        for cards_on_table, flag in zip(seat_tables, seat_stood):  # noqa: B905 - as above
            cards += cards_on_table
            layout.append(len(cards_on_table) + _STOOD_BIT * flag)


def hands_bytes(hands: tuple[tuple[Card, ...], ...]) -> tuple[bytes, bytes]:
    """The sizes of ``hands`` and their cards, as a pickle writes them (the last ones kept).

    The states of a round share their hands until a card is given.

    >>> from tablerules import mentok
    >>> sizes, cards = hands_bytes(mentok.new_game(seed=3).hands)
    >>> list(sizes), len(cards)
    ([4, 4, 4, 4], 16)
    """
    last_hands, sizes, cards = _LAST_HANDS[0]
    if hands is not last_hands:
        sizes = bytes(map(len, hands))
        cards = card_bytes(sum(hands, ()))
        _LAST_HANDS[0] = (hands, sizes, cards)
    return sizes, cards


_LAST_HANDS: Final[list[tuple[tuple[tuple[Card, ...], ...], bytes, bytes]]] = [((), b"", b"")]
"""The hands written last, their sizes and their cards (one entry, swapped whole)."""


def read_tables(
    layout: bytes, at: int, players: int, cards: tuple[Card, ...], start: int
) -> tuple[list[tuple[tuple[Card, ...], ...]], list[tuple[bool, ...]], list[bool | None], int, int]:
    """What :func:`write_tables` wrote: tables, stood flags, choices, and where each part ends."""
    tables: list[tuple[tuple[Card, ...], ...]] = []
    stood: list[tuple[bool, ...]] = []
    choices: list[bool | None] = []
    choice_of = _BOOL_OR_NONE
    for _ in range(players):
        head = layout[at]
        choices.append(choice_of[head & 3])
        if head < 4:  # no table hand: out of the round
            tables.append(())
            stood.append(())
            at += 1
        elif head < 8:  # one table hand
            code = layout[at + 1]
            end = start + (code & _SIZE_BITS)
            tables.append((cards[start:end],))
            stood.append(_ONE_STOOD[code >= _STOOD_BIT])
            start = end
            at += 2
        else:
            first, second = layout[at + 1], layout[at + 2]
            middle = start + (first & _SIZE_BITS)
            end = middle + (second & _SIZE_BITS)
            tables.append((cards[start:middle], cards[middle:end]))
            stood.append((first >= _STOOD_BIT, second >= _STOOD_BIT))
            start = end
            at += 3
    return tables, stood, choices, at, start


def write_history_codes(history: tuple[Event, ...], codes: list[int]) -> None:
    """Add a round's history to a pickle's codes.

    An ask is written as its seat, target, rank and flags (hand, split,
    given, no card, and the cheat flag as 0, 1 or 2 for ``None``), then the
    card's index; a stand as 128 + its seat and the hand.
    :func:`read_history_codes` reads it back.

    >>> from tablerules import mentok
    >>> state = mentok.apply(mentok.new_game(seed=3), mentok.Stand())
    >>> codes = []
    >>> write_history_codes(state.history, codes)
    >>> read_history_codes(bytes(codes), 0) == state.history
    True
    """
    codes += history_bytes(history)


def _write_events(events: Sequence[Event], codes: list[int]) -> None:
    """Add each event's codes to ``codes`` (see :func:`write_history_codes`)."""
    index, cheat_codes = _INDEX, _OPTIONAL_BOOL
    for event in events:
        if type(event) is AskRecord:
            card = event.card
            flags = event.hand + 2 * event.split + 4 * event.given + 16 * cheat_codes[event.cheat]
            if card is None:
                codes += (event.seat, event.target, event.rank, flags + _NO_CARD)
            else:
                codes += (event.seat, event.target, event.rank, flags, index[card])
        else:
            codes += (_STAND + event.seat, event.hand)


history_bytes: Final = HistoryBytes(_write_events)
"""A round's history as a pickle writes it: the codes :func:`write_history_codes` adds
(:func:`read_history_codes` reads them back)."""


def read_history_codes(codes: bytes, at: int) -> tuple[Event, ...]:
    """The history :func:`write_history_codes` wrote, from ``codes[at:]``.

    A history that goes on from the one read last (its codes start with
    those) reuses its events (the states of a round share them) and reads
    only the rest, in one pass. Equal events load as one object: the asks
    through a memo of a few thousand (the views of the seats in turn read
    the same asks again), the stands through one of every stand read.
    """
    start = at
    last_codes, last_events = _LAST_READ[0]
    if last_codes and codes.startswith(last_codes, at):
        # it goes on from the history read last: those events, then the rest
        if len(codes) - at == len(last_codes):
            return last_events
        before = last_events
        at += len(last_codes)
    else:
        before = ()
    events: list[Event] = []
    append = events.append
    end = len(codes)
    stands, ranks, cheats, card_at = _STANDS, _RANKS, _BOOL_OR_NONE, _card_at
    memo = _ASKS
    while at < end:
        code = codes[at]
        if code >= _STAND:
            key = code << 8 | codes[at + 1]
            stand = stands.get(key)
            if stand is None:  # 128 codes times a hand byte at most: the memo stays small
                stand = stands[key] = _make_stand(code - _STAND, codes[at + 1])
            append(stand)
            at += 2
            continue
        flags = codes[at + 3]
        stop = at + 4 if flags & _NO_CARD else at + 5
        chunk = codes[at:stop]
        event: Event | None = memo.get(chunk)
        if event is None:
            event = _make_ask(
                seat=code,
                target=codes[at + 1],
                rank=ranks[codes[at + 2]],
                hand=flags & 1,
                split=flags & 2 == 2,
                given=flags & 4 == 4,
                card=None if flags & _NO_CARD else card_at(codes[at + 4]),
                cheat=cheats[flags >> 4],
            )
            if len(memo) >= MAX_ASKS:
                memo.clear()
            memo[chunk] = event
        append(event)
        at = stop
    history = before + tuple(events)
    _LAST_READ[0] = (codes[start:], history)
    return history


_LAST_READ: Final[list[tuple[bytes, tuple[Event, ...]]]] = [(b"", ())]
"""The history codes read last and their events (one entry, swapped whole)."""


_STANDS: Final[dict[int, StandRecord]] = {}
"""The stands read so far, by their codes."""
_ASKS: Final[dict[bytes, Event]] = {}
"""The asks read so far, by their codes (emptied when it holds :data:`MAX_ASKS`)."""
MAX_ASKS: Final = 4096
"""How many asks :func:`read_history_codes` keeps."""
_card_at: Final = FULL_DECK.__getitem__
_INDEX: Final[dict[Card, int]] = {card: index for index, card in enumerate(FULL_DECK)}
_getter: Final = operator.itemgetter


def _hands(cards: tuple[Card, ...], sizes: bytes) -> tuple[tuple[tuple[Card, ...], ...], int]:
    """The hands whose ``sizes`` are given, from the start of ``cards``; and where they end."""
    hands = []
    start = 0
    for size in sizes:
        end = start + size
        hands.append(cards[start:end])
        start = end
    return tuple(hands), start


def _summary_from_pickle(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked (one object for equal pickles)."""
    return shared_rebuild(_build_summary, numbers, blob, layout)


def _build_summary(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked."""
    players = len(numbers) - 1
    cards = cards_of(blob)
    hands, start = _hands(cards, layout[1 : 1 + players])
    tables, _, choices, at, start = read_tables(layout, 1 + 2 * players, players, cards, start)
    return _make_summary(
        round=numbers[0],
        abandoned=bool(layout[0]),
        tables=tuple(tables),
        hands=hands,
        choices=tuple(choices),
        cheated=tuple(map(bool, layout[1 + players : 1 + 2 * players])),
        points=numbers[1:],
        history=read_history_codes(layout, at),
    )


def _state_from_pickle(
    shared: bytes, numbers: tuple[int, ...], blob: bytes, layout: bytes
) -> State:
    """Rebuild a pickled state, unchecked (see ``State.__reduce__``).

    ``layout`` holds the hands' sizes, the number of codes of the tables,
    the tables' codes (see :func:`write_tables`), then the history; ``blob``
    the cards of the hands, of the tables, then the deck; ``shared`` the
    config and the previous round's summary. The hands' sizes take few
    values, and so do the tables' codes of most states: their shapes are
    kept, the tables' once seen :data:`OFTEN` times.
    """
    config, summary = SHARED.values(shared)
    players = config.players
    hand_shape = _HAND_SHAPES.get(layout[:players])
    if hand_shape is None:
        hand_shape = _hand_shape(layout[:players])
    at = players + 1
    end = at + layout[players]
    shape = _STATE_SHAPES.get(layout[at:end])
    if shape is None:
        shape = _table_shape(layout[at:end], players)
        if shape is None:  # tables seen less often: read directly
            return _read_state(config, summary, numbers, blob, layout)
    hands_of, start = hand_shape
    parts_of, seats_of, stood, choices, count = shape
    stop = start + count
    cards = cards_of(blob[:stop])
    pile = deck_bytes.read(blob[stop:])
    return _make_state(
        config=config,
        seed=numbers[0],
        round=numbers[1],
        scores=numbers[3 : 3 + players],
        hands=hands_of(cards),
        tables=seats_of(parts_of(cards[start:])),
        stood=stood,
        deck=pile,
        history=read_history_codes(layout, end),
        choices=choices,
        to_act=numbers[2],
        winners=numbers[3 + players :],
        last_round=summary,
    )


def _read_state(
    config: Config,
    summary: RoundSummary | None,
    numbers: tuple[int, ...],
    blob: bytes,
    layout: bytes,
) -> State:
    """Rebuild a pickled state from its layout read directly (tables seen less often)."""
    players = config.players
    cards = cards_of(blob)
    hands, start = _hands(cards, layout[:players])
    tables, stood, choices, at, start = read_tables(layout, players + 1, players, cards, start)
    return _make_state(
        config=config,
        seed=numbers[0],
        round=numbers[1],
        scores=numbers[3 : 3 + players],
        hands=hands,
        tables=tuple(tables),
        stood=tuple(stood),
        deck=cards[start:],
        history=read_history_codes(layout, at),
        choices=tuple(choices),
        to_act=numbers[2],
        winners=numbers[3 + players :],
        last_round=summary,
    )


deck_bytes: Final = DeckBytes()
"""The draw piles this game's state pickles wrote and read last."""


_T = TypeVar("_T")
_K = TypeVar("_K")
PartsGetter = Callable[[tuple[_T, ...]], tuple[tuple[_T, ...], ...]]
"""A getter of consecutive parts of a tuple (see :func:`parts_getter`)."""
StateShape = tuple[
    PartsGetter[Card],
    PartsGetter[tuple[Card, ...]],
    tuple[tuple[bool, ...], ...],
    tuple[bool | None, ...],
    int,
]
"""What the tables' codes of a state's pickle say: getters of the table hands' cards and of
each seat's table hands, the stood flags, the choices and the number of cards."""
MAX_SHAPES: Final = 4096
"""How many pickle layouts are kept (each memo of them is emptied when it is full)."""
_STATE_SHAPES: Final[dict[bytes, StateShape]] = {}
_HAND_SHAPES: Final[dict[bytes, tuple[PartsGetter[Card], int]]] = {}


def parts_getter(cuts: list[int]) -> PartsGetter[_T]:
    """A getter of the parts of a tuple between consecutive ``cuts``, as a tuple.

    >>> from tablerules.cards import parse_cards
    >>> parts_getter([1, 3, 3, 4])(parse_cards("2c 3c 4c 5c 6c"))
    ((Card.parse('3c'), Card.parse('4c')), (), (Card.parse('5c'),))
    """
    slices = [slice(begin, end) for begin, end in pairwise(cuts)]
    if len(slices) > 1:
        getter: PartsGetter[_T] = operator.itemgetter(*slices)
        return getter
    return lambda values: tuple(values[part] for part in slices)


def table_parts(
    layout: bytes, at: int, players: int, start: int
) -> tuple[list[int], list[int], tuple[tuple[bool, ...], ...], tuple[bool | None, ...], int]:
    """What :func:`write_tables` wrote from ``layout[at:]``, for cards from ``start`` on.

    Where each table hand's cards start and end, where each seat's table
    hands start and end among them, the stood flags, the choices, and where
    the codes end in ``layout``.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> head, cards = [], []
    >>> write_tables(state.tables, state.stood, state.choices, head, cards)
    >>> cuts, seats, stood, choices, end = table_parts(bytes(head), 0, 4, 0)
    >>> cuts, seats, stood == state.stood, choices == state.choices, end
    ([0, 1, 2, 3, 4], [0, 1, 2, 3, 4], True, True, 8)
    """
    stood: list[tuple[bool, ...]] = []
    choices: list[bool | None] = []
    cuts = [start]
    seats = [0]
    for _ in range(players):
        head = layout[at]
        choices.append(_BOOL_OR_NONE[head & 3])
        flags = layout[at + 1 : at + 1 + (head >> 2)]
        stood.append(tuple(code >= _STOOD_BIT for code in flags))
        for code in flags:
            cuts.append(cuts[-1] + (code & _SIZE_BITS))
        seats.append(seats[-1] + len(flags))
        at += 1 + len(flags)
    return cuts, seats, tuple(stood), tuple(choices), at


def table_end(layout: bytes, at: int, players: int) -> int:
    """Where the codes :func:`write_tables` wrote from ``layout[at:]`` end."""
    for _ in range(players):
        at += (layout[at] >> 2) + 1  # a seat's code, then one per table hand
    return at


def _hand_shape(sizes: bytes) -> tuple[PartsGetter[Card], int]:
    """A getter of the hands of these sizes from the start of the cards, and their count."""
    cuts = list(accumulate(sizes, initial=0))
    shape: tuple[PartsGetter[Card], int] = (parts_getter(cuts), cuts[-1])
    if len(_HAND_SHAPES) >= MAX_SHAPES:
        _HAND_SHAPES.clear()
    _HAND_SHAPES[sizes] = shape
    return shape


def _table_shape(codes: bytes, players: int) -> StateShape | None:
    """What a state's tables' codes say, kept once seen :data:`OFTEN` times (else None).

    Most states' tables come once: the reader reads those directly.
    """
    if not seen_often(_STATE_SEEN, codes):
        return None
    cuts, seats, stood, choices, _ = table_parts(codes, 0, players, 0)
    shape: StateShape = (parts_getter(cuts), parts_getter(seats), stood, choices, cuts[-1])
    if len(_STATE_SHAPES) >= MAX_SHAPES:
        _STATE_SHAPES.clear()
    _STATE_SHAPES[codes] = shape
    return shape


_STATE_SEEN: Final[dict[bytes, int]] = {}


def seen_often(seen: dict[_K, int], key: _K) -> bool:
    """Whether ``key`` has been seen :data:`OFTEN` times, counting this one (counts bounded).

    >>> seen: dict[str, int] = {}
    >>> [seen_often(seen, "layout") for _ in range(OFTEN)][-2:]
    [False, True]
    """
    count = seen.get(key, 0) + 1
    if count >= OFTEN:
        return True
    if len(seen) >= MAX_SEEN:
        seen.clear()
    seen[key] = count
    return False


OFTEN: Final = 3
"""How many times a pickle layout is read directly before its shape is kept."""
MAX_SEEN: Final = 4 * MAX_SHAPES
"""How many pickle layouts seen fewer times are counted."""


SHARED: Final[LastShared[Config, RoundSummary]] = LastShared(Config, summary_parts, _build_summary)
"""The config and round summary this game's pickles wrote and read last."""
