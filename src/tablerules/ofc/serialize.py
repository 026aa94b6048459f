"""JSON-compatible records of OFC states: :func:`to_dict` and :func:`from_dict`, a codec only.

:func:`from_dict` reads every field with the shared readers of
:mod:`tablerules._common` (errors name the path, such as ``state.scores[1]``)
and ends with :func:`~tablerules.ofc.check_state`, where the rules' invariants
are checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablerules._common import (
    Json,
    bool_item,
    check_type,
    int_item,
    parse_card_field,
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
from tablerules.errors import CardError, StateError, show
from tablerules.ofc.board import Board
from tablerules.ofc.config import Config
from tablerules.ofc.rules import make_state
from tablerules.ofc.state import RoundSummary, State
from tablerules.ofc.validate import check_state

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
    record, header = read_header(data, GAME, VERSION, Config)
    _only(record, _STATE_FIELDS, "state")
    config: Config = header.config
    players = config.players
    winners = read_list(record, "winners", "state")
    state = make_state(
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
    check_state(state)
    return state
