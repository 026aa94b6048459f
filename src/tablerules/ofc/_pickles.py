"""OFC's compact pickles: the layouts of states and round summaries, and their memos.

``State.__reduce__`` and ``RoundSummary.__reduce__`` call :func:`reduce_state`
and :func:`reduce_summary`; observations carry their summary the same way (see
:mod:`tablerules.ofc.observe`). The shared parts are in :mod:`tablerules._pickling`.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Final

from tablerules._common import fast_init
from tablerules._pickling import (
    DeckBytes,
    card_bytes,
    cards_of,
    config_fields,
    config_from_fields,
    shared_rebuild,
    shared_reduce,
)
from tablerules.ofc.board import board_from_rows
from tablerules.ofc.config import Config
from tablerules.ofc.state import RoundSummary, State

if TYPE_CHECKING:
    from tablerules.cards import Card
    from tablerules.ofc.board import Board


def reduce_state(state: State) -> tuple[object, ...]:
    """``State.__reduce__``: the rebuild function and its arguments (``_state_from_pickle``)."""
    cards: list[Card] = []
    layout: list[int] = []
    for board, hand, discards, fantasyland in zip(
        state.boards, state.hands, state.discards, state.fantasyland, strict=True
    ):
        top, middle, bottom = board.top, board.middle, board.bottom
        cards += top
        cards += middle
        cards += bottom
        cards += hand
        cards += discards
        layout += (len(top), len(middle), len(bottom), len(hand), len(discards), fantasyland)
    layout += state.winners
    numbers = (state.seed, state.round, state.to_act, state.street, *state.scores)
    fields = config_fields(state.config)
    blob = card_bytes(cards) + deck_bytes.write(state.deck)
    return (
        _state_from_pickle,
        (fields, numbers, blob, bytes(layout), summary_args(state.last_round)),
    )


def reduce_summary(summary: RoundSummary) -> tuple[object, ...]:
    """``RoundSummary.__reduce__`` (made once per summary object by ``shared_reduce``)."""
    blob, layout = _boards_bytes(summary.boards)
    extra = zip(
        map(int, summary.fouled), summary.fantasyland, summary.next_fantasyland, strict=True
    )
    numbers = (summary.round, *summary.points, *chain.from_iterable(summary.royalties))
    return (_summary_from_pickle, (numbers, blob, layout + bytes(chain.from_iterable(extra))))


_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)


def _boards_bytes(boards: tuple[Board, ...]) -> tuple[bytes, bytes]:
    """The boards' cards as bytes, and each row's size."""
    cards: list[Card] = []
    sizes: list[int] = []
    for board in boards:
        top, middle, bottom = board.top, board.middle, board.bottom
        cards += top
        cards += middle
        cards += bottom
        sizes += (len(top), len(middle), len(bottom))
    return card_bytes(cards), bytes(sizes)


def boards_from_bytes(cards: tuple[Card, ...], sizes: bytes, start: int = 0) -> tuple[Board, ...]:
    """The boards that ``_boards_bytes`` wrote (each seat's three sizes), from ``start``."""
    boards = []
    for place in range(0, len(sizes), 3):
        top_end = start + sizes[place]
        middle_end = top_end + sizes[place + 1]
        end = middle_end + sizes[place + 2]
        boards.append(
            board_from_rows(cards[start:top_end], cards[top_end:middle_end], cards[middle_end:end])
        )
        start = end
    return tuple(boards)


def _summary_from_pickle(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked (one object for equal pickles)."""
    return shared_rebuild(_build_summary, numbers, blob, layout)


def _build_summary(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked."""
    players = (len(numbers) - 1) // 4
    boards = boards_from_bytes(cards_of(blob), layout[: 3 * players])
    extra = layout[3 * players :]
    royalties = numbers[1 + players :]
    return _make_summary(
        round=numbers[0],
        boards=boards,
        fouled=tuple(map(_BOOLS.__getitem__, extra[0::3])),
        royalties=tuple(zip(royalties[0::3], royalties[1::3], royalties[2::3], strict=True)),
        points=numbers[1 : 1 + players],
        fantasyland=tuple(extra[1::3]),
        next_fantasyland=tuple(extra[2::3]),
    )


_BOOLS: Final = (False, True)


def _state_from_pickle(
    fields: tuple[object, ...],
    numbers: tuple[int, ...],
    blob: bytes,
    layout: bytes,
    last_round: tuple[object, ...] | None,
) -> State:
    """Rebuild a pickled state, unchecked (see ``State.__reduce__``)."""
    last_fields, config = _LAST_CONFIG[0]
    if fields != last_fields:
        config = config_from_fields(Config, fields)
        _LAST_CONFIG[0] = (fields, config)
    players = config.players
    cards = cards_of(blob)
    boards, hands, discards = [], [], []
    start = 0
    for place in range(0, 6 * players, 6):
        top_end = start + layout[place]
        middle_end = top_end + layout[place + 1]
        bottom_end = middle_end + layout[place + 2]
        hand_end = bottom_end + layout[place + 3]
        end = hand_end + layout[place + 4]
        boards.append(
            board_from_rows(
                cards[start:top_end], cards[top_end:middle_end], cards[middle_end:bottom_end]
            )
        )
        hands.append(cards[bottom_end:hand_end])
        discards.append(cards[hand_end:end])
        start = end
    last_args, summary = _LAST_SUMMARY[0]
    if last_round != last_args:
        summary = summary_from_args(last_round)
        _LAST_SUMMARY[0] = (last_round, summary)
    return _make_state(
        config=config,
        seed=numbers[0],
        round=numbers[1],
        scores=numbers[4:],
        boards=tuple(boards),
        hands=tuple(hands),
        discards=tuple(discards),
        deck=cards[start:],
        fantasyland=tuple(layout[5 : 6 * players : 6]),
        to_act=numbers[2],
        street=numbers[3],
        winners=tuple(layout[6 * players :]),
        last_round=summary,
    )


deck_bytes: Final = DeckBytes()
"""The decks this game's state pickles wrote and read last."""
_LAST_CONFIG: Final[list[tuple[tuple[object, ...], Config]]] = [((), Config())]
"""The config fields read last and their config (one entry, swapped whole)."""
_LAST_SUMMARY: Final[list[tuple[tuple[object, ...] | None, RoundSummary | None]]] = [(None, None)]
"""The summary arguments read last and their summary (one entry, swapped whole)."""


def summary_args(summary: RoundSummary | None) -> tuple[object, ...] | None:
    """A round summary's pickle arguments, for a state's or an observation's own pickle.

    Made once per summary object (``shared_reduce``). Inlined in the other
    pickle, the summary costs no second global there.
    """
    if summary is None:
        return None
    return shared_reduce(summary, reduce_summary)[1]  # type: ignore[return-value]


def summary_from_args(args: tuple[object, ...] | None) -> RoundSummary | None:
    """The summary whose :func:`summary_args` these are (one object for equal arguments)."""
    if args is None:
        return None
    return shared_rebuild(_build_summary, *args)
