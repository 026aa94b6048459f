"""JSON-compatible records of OFC states: :func:`to_dict` and :func:`from_dict`, a codec only.

:func:`from_dict` reads every field with the shared readers of
:mod:`tablerules._common` (errors name the path, such as ``state.scores[1]``)
and ends with :func:`~tablerules.ofc.check_state`, where the rules' invariants
are checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules._common import (
    CARD_OF_TEXT,
    Json,
    bool_item,
    check_type,
    fast_init,
    int_item,
    parse_card_field,
    quick_config,
    read_cards,
    read_header,
    read_int,
    read_list,
    read_mapping,
    read_optional_seat,
    read_seats,
    seat_item,
    write_cards,
    write_header,
)
from tablerules.cards import Card
from tablerules.errors import MAX_INT_BITS, CardError, StateError, show
from tablerules.ofc.board import ROW_SIZES, Board, make_board
from tablerules.ofc.config import Config
from tablerules.ofc.rules import make_state
from tablerules.ofc.state import RoundSummary, State
from tablerules.ofc.validate import check_read_state, check_state

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["from_dict", "to_dict"]

GAME = "ofc"
VERSION = 1
_STATE_FIELDS = frozenset(
    {
        *("game", "version", "config", "seed", "round", "scores"),
        *("boards", "hands", "discards", "deck", "fantasyland", "to_act", "street"),
        *("winners", "last_round"),
    }
)
_SUMMARY_FIELDS = frozenset(
    {"round", "boards", "fouled", "royalties", "points", "fantasyland", "next_fantasyland"}
)
_BOARD_FIELDS = frozenset({"top", "middle", "bottom"})


def board_dict(board: Board) -> dict[str, str]:
    """A board's record: each row as card text."""
    return {
        "top": write_cards(board.top),
        "middle": write_cards(board.middle),
        "bottom": write_cards(board.bottom),
    }


def summary_dict(summary: RoundSummary) -> Json:
    """A round summary's record (``last_round`` in state and observation records)."""
    return {
        "round": summary.round,
        "boards": [board_dict(board) for board in summary.boards],
        "fouled": list(summary.fouled),
        "royalties": [list(row) for row in summary.royalties],
        "points": list(summary.points),
        "fantasyland": list(summary.fantasyland),
        "next_fantasyland": list(summary.next_fantasyland),
    }


def to_dict(state: State) -> Json:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back.

    >>> import json
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> record = to_dict(state)
    >>> record["game"], record["version"], record["hands"][1]
    ('ofc', 1, '7h 8c 6h 8s 7c')
    >>> ofc.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    check_type(state, State, "state")
    return {
        **write_header(GAME, VERSION, state),
        "boards": [board_dict(board) for board in state.boards],
        "hands": [write_cards(hand) for hand in state.hands],
        "discards": [write_cards(cards) for cards in state.discards],
        "deck": write_cards(state.deck),
        "fantasyland": list(state.fantasyland),
        "to_act": state.to_act,
        "street": state.street,
        "winners": list(state.winners),
        "last_round": None if state.last_round is None else summary_dict(state.last_round),
    }


# --- reading -------------------------------------------------------------------------


def _only(data: Mapping[str, object], fields: frozenset[str], where: str) -> None:
    unknown = sorted(set(data) - fields)
    if unknown:
        raise StateError(f"{where} has unknown fields: {', '.join(map(show, unknown))}")


def board_item(value: object, where: str) -> Board:
    """A board's record read back, or :class:`StateError` naming ``where``."""
    raw = read_mapping(value, where)
    _only(raw, _BOARD_FIELDS, where)
    top, middle, bottom = (read_cards(raw, name, where) for name in ("top", "middle", "bottom"))
    try:
        return Board(top, middle, bottom)
    except CardError as error:
        raise StateError(f"{where}: {error}") from None


def _royalty_item(value: object, where: str) -> tuple[int, int, int]:
    if not isinstance(value, list) or len(value) != 3:
        raise StateError(
            f"{where} must be a list of 3 integers (top, middle, bottom), not {show(value)}"
        )
    top, middle, bottom = (int_item(item, f"{where}[{row}]") for row, item in enumerate(value))
    return (top, middle, bottom)


def read_summary(data: Mapping[str, object], where: str, players: int) -> RoundSummary | None:
    """Field ``last_round`` of a record (``None`` or a round's summary), or :class:`StateError`."""
    if "last_round" not in data:
        raise StateError(f"{where} has no field 'last_round'")
    if data["last_round"] is None:
        return None
    where = f"{where}.last_round"
    raw = read_mapping(data["last_round"], where)
    _only(raw, _SUMMARY_FIELDS, where)
    return RoundSummary(
        round=read_int(raw, "round", where, minimum=0),
        boards=read_seats(raw, "boards", where, players, board_item),
        fouled=read_seats(raw, "fouled", where, players, bool_item),
        royalties=read_seats(raw, "royalties", where, players, _royalty_item),
        points=read_seats(raw, "points", where, players, int_item),
        fantasyland=read_seats(raw, "fantasyland", where, players, int_item),
        next_fantasyland=read_seats(raw, "next_fantasyland", where, players, int_item),
    )


def from_dict(data: Mapping[str, object]) -> State:
    """Read a state written by :func:`to_dict`, then check it with ``check_state``.

    Malformed or impossible records raise :class:`~tablerules.StateError`
    naming the field, or the rule the record breaks.

    >>> import tablerules.ofc as ofc
    >>> record = ofc.to_dict(ofc.new_game(seed=1))
    >>> record["deck"] = record["deck"][3:]
    >>> ofc.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state: cards appear more than once or are missing: missing 2s ...
    >>> record = ofc.to_dict(ofc.new_game(seed=1))
    >>> record["to_act"] = 0
    >>> ofc.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: seat 1 has 0 cards placed, 0 discarded and 5 in hand, ...
    """
    state = _quick_state(data)
    if state is not None:
        check_read_state(state)
        return state
    state = _careful_state(data)
    check_state(state)
    return state


def _careful_state(data: Mapping[str, object]) -> State:
    """The state a record holds, every field read with checks that name what is wrong."""
    record, header = read_header(data, GAME, VERSION, Config)
    _only(record, _STATE_FIELDS, "state")
    config: Config = header.config
    players = config.players
    winners = read_list(record, "winners", "state")
    return make_state(
        config=config,
        seed=header.seed,
        round=header.round,
        scores=header.scores,
        boards=read_seats(record, "boards", "state", players, board_item),
        hands=read_seats(record, "hands", "state", players, parse_card_field),
        discards=read_seats(record, "discards", "state", players, parse_card_field),
        deck=read_cards(record, "deck", "state"),
        fantasyland=read_seats(record, "fantasyland", "state", players, int_item),
        to_act=read_optional_seat(record, "to_act", "state", players),
        street=read_int(record, "street", "state", minimum=0),
        winners=tuple(
            seat_item(seat, f"state.winners[{index}]", players)
            for index, seat in enumerate(winners)
        ),
        last_round=read_summary(record, "state", players),
    )


# --- the quick reader ----------------------------------------------------------------
#
# Records as to_dict writes them are read by straight-line code: exact types,
# card text split on single spaces. Anything else (or anything wrong) makes it
# give up with None, and the careful reader above reads the record again and
# names the problem; both make equal states of the records the quick one reads.

_make_summary = fast_init(RoundSummary)
_card = CARD_OF_TEXT.__getitem__
_TOP, _MIDDLE, _BOTTOM = ROW_SIZES


class _UnusualError(Exception):
    """A record the quick reader leaves to the careful one."""


def _cards(text: object) -> tuple[Card, ...]:
    if type(text) is not str:
        raise _UnusualError
    return tuple(map(_card, text.split(" "))) if text else ()


def _board(raw: object) -> Board:
    if type(raw) is not dict or raw.keys() != _BOARD_FIELDS:
        raise _UnusualError
    top, middle, bottom = raw["top"], raw["middle"], raw["bottom"]
    if type(top) is not str or type(middle) is not str or type(bottom) is not str:
        raise _UnusualError
    # rows are sets, stored sorted (as Board stores them)
    top_row = tuple(sorted(map(_card, top.split(" ")))) if top else ()
    middle_row = tuple(sorted(map(_card, middle.split(" ")))) if middle else ()
    bottom_row = tuple(sorted(map(_card, bottom.split(" ")))) if bottom else ()
    size = len(top_row) + len(middle_row) + len(bottom_row)
    if (
        len(top_row) > _TOP
        or len(middle_row) > _MIDDLE
        or len(bottom_row) > _BOTTOM
        or len({*top_row, *middle_row, *bottom_row}) != size  # a card twice on the board
    ):
        raise _UnusualError
    return make_board(top=top_row, middle=middle_row, bottom=bottom_row)


def _per_seat(raw: object, players: int) -> list[object]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    return raw


def _ints(raw: object, players: int) -> tuple[int, ...]:
    for value in _per_seat(raw, players):
        if type(value) is not int or value.bit_length() > MAX_INT_BITS:
            raise _UnusualError
    return tuple(raw)  # type: ignore[arg-type]


def _int(value: object) -> int:
    if type(value) is not int or value < 0 or value.bit_length() > MAX_INT_BITS:
        raise _UnusualError
    return value


def _summary(raw: object, players: int) -> RoundSummary | None:
    if raw is None:
        return None
    if type(raw) is not dict or raw.keys() != _SUMMARY_FIELDS:
        raise _UnusualError
    fouled: list[bool] = []
    for flag in _per_seat(raw["fouled"], players):
        if type(flag) is not bool:
            raise _UnusualError
        fouled.append(flag)
    royalties: list[tuple[int, int, int]] = []
    for row in _per_seat(raw["royalties"], players):
        top, middle, bottom = _ints(row, 3)
        royalties.append((top, middle, bottom))
    return _make_summary(
        round=_int(raw["round"]),
        boards=tuple(map(_board, _per_seat(raw["boards"], players))),
        fouled=tuple(fouled),
        royalties=tuple(royalties),
        points=_ints(raw["points"], players),
        fantasyland=_ints(raw["fantasyland"], players),
        next_fantasyland=_ints(raw["next_fantasyland"], players),
    )


def _quick_state(data: object) -> State | None:
    """The state of a record exactly as :func:`to_dict` writes it, or None to read it carefully.

    The state is well formed (every field of its kind, one entry per seat),
    as :func:`~tablerules.ofc.validate.check_read_state` expects.
    """
    if type(data) is not dict or data.keys() != _STATE_FIELDS:
        return None
    version = data["version"]
    if data["game"] != GAME or type(version) is not int or version != VERSION:
        return None
    config = quick_config(data["config"], Config)
    if config is None:
        return None
    players = config.players
    to_act, winners = data["to_act"], data["winners"]
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < players):
        return None
    if type(winners) is not list or not all(
        type(seat) is int and 0 <= seat < players for seat in winners
    ):
        return None
    try:
        seed = data["seed"]
        if type(seed) is not int or seed.bit_length() > MAX_INT_BITS:
            return None
        return make_state(
            config=config,
            seed=seed,
            round=_int(data["round"]),
            scores=_ints(data["scores"], players),
            boards=tuple(map(_board, _per_seat(data["boards"], players))),
            hands=tuple(map(_cards, _per_seat(data["hands"], players))),
            discards=tuple(map(_cards, _per_seat(data["discards"], players))),
            deck=_cards(data["deck"]),
            fantasyland=_ints(data["fantasyland"], players),
            to_act=to_act,
            street=_int(data["street"]),
            winners=tuple(winners),
            last_round=_summary(data["last_round"], players),
        )
    except (_UnusualError, KeyError, TypeError):
        return None
