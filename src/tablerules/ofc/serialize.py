"""JSON-compatible records of OFC games: states and observations, a codec only.

:func:`to_dict` writes a whole state and :func:`from_dict` reads it back;
:func:`observation_to_dict` writes what one seat may know, the record an app
sends that player, and :func:`observation_from_dict` reads it back. The
readers check every field with the shared readers of
:mod:`tablerules._records` (errors name the path, such as ``state.scores[1]``),
then the rules: a state record ends with :func:`~tablerules.ofc.check_state`,
an observation record with a state dealt from it by
:func:`~tablerules.ofc.determinize`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

from tablerules._common import check_type
from tablerules._records import (
    Json,
    bool_item,
    check_view_is_playable,
    config_to_dict,
    int_item,
    parse_card_field,
    read_cards,
    read_header,
    read_int,
    read_list,
    read_mapping,
    read_observation_header,
    read_optional_seat,
    read_seats,
    seat_item,
    write_cards,
    write_header,
)
from tablerules.cards import cards_text
from tablerules.errors import CardError, StateError, show
from tablerules.ofc.board import BOARD_SIZE, Board
from tablerules.ofc.config import Config
from tablerules.ofc.determinize import determinize
from tablerules.ofc.observe import Observation, make_observation, observe
from tablerules.ofc.rules import make_state
from tablerules.ofc.scoring import DECK_SIZE
from tablerules.ofc.state import RoundSummary, State
from tablerules.ofc.validate import check_read_state, check_state

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["from_dict", "observation_from_dict", "observation_to_dict", "to_dict"]

GAME: Final = "ofc"
VERSION: Final = 1
"""The state record layout this library writes and reads."""
OBSERVATION_VERSION: Final = 1
"""The observation record layout this library writes and reads."""
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

    >>> from tablerules.ofc import to_dict
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
    state = _read_state(data)
    check_read_state(state)  # the reader made every field of its kind, as check_state's first step
    return state


def _read_state(data: Mapping[str, object]) -> State:
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


# --- the observation's record ----------------------------------------------------

_WHERE: Final = "observation"
_BASE_FIELDS: Final = (
    "game",
    "version",
    "kind",
    "config",
    "seat",
    "round",
    "to_act",
    "street",
    "scores",
    "hand",
    "discards",
    "boards",
    "hidden_boards",
    "hand_sizes",
    "discard_counts",
    "fantasyland",
    "deck_size",
    "winners",
    "last_round",
)
_DERIVED_FIELDS: Final = ("dealer", "unseen_count")
"""Facts the other fields determine, written for readers without this library."""


def observation_to_dict(view: Observation) -> Json:
    """The JSON-compatible record of ``view``: what an app sends to that one player.

    It holds the observation's fields (cards as text, boards and the last
    round as in :func:`~tablerules.ofc.to_dict`) and, for readers without
    this library, ``dealer`` and ``unseen_count``. Built from the observation
    alone, it holds nothing the seat may not know: never the seed, the deck,
    another seat's unplaced cards or discards, or a hidden fantasyland board.

    >>> import json
    >>> import tablerules.ofc as ofc
    >>> view = ofc.observe(ofc.new_game(seed=1), 1)
    >>> record = ofc.observation_to_dict(view)
    >>> record["kind"], record["seat"], record["hand"], record["hand_sizes"]
    ('observation', 1, '7h 8c 6h 8s 7c', [0, 5])
    >>> ofc.observation_from_dict(json.loads(json.dumps(record))) == view
    True
    """
    check_type(view, Observation, "view")
    return {
        "game": GAME,
        "version": OBSERVATION_VERSION,
        "kind": "observation",
        "config": config_to_dict(view.config),
        "seat": view.seat,
        "round": view.round,
        "to_act": view.to_act,
        "street": view.street,
        "scores": list(view.scores),
        "hand": write_cards(view.hand),
        "discards": write_cards(view.discards),
        "boards": [board_dict(board) for board in view.boards],
        "hidden_boards": list(view.hidden_boards),
        "hand_sizes": list(view.hand_sizes),
        "discard_counts": list(view.discard_counts),
        "fantasyland": list(view.fantasyland),
        "deck_size": view.deck_size,
        "winners": list(view.winners),
        "last_round": None if view.last_round is None else summary_dict(view.last_round),
        "dealer": view.dealer,
        "unseen_count": view.unseen_count,
    }


def _read_header(data: object) -> tuple[Mapping[str, object], Config]:
    """The record as a mapping, its fields checked by name, and its config."""
    fields = (*_BASE_FIELDS, *_DERIVED_FIELDS)
    return read_observation_header(data, GAME, OBSERVATION_VERSION, fields, Config)


def _size_item(value: object, where: str) -> int:
    """A count of cards: 0 to 52, or :class:`StateError`."""
    size = int_item(value, where)
    if not 0 <= size <= DECK_SIZE:
        raise StateError(f"{where} must be a number of cards from 0 to {DECK_SIZE}, not {size}")
    return size


def _read_view(record: Mapping[str, object], config: Config) -> Observation:
    """The observation of a record whose header was read: every field's shape checked."""
    players, where = config.players, _WHERE
    street = read_int(record, "street", where, minimum=0)
    if street >= config.streets:
        raise StateError(
            f"observation.street must be 0 to {config.streets - 1} ({config.variant} has "
            f"{config.streets} streets), not {street}"
        )
    return make_observation(
        seat_item(record["seat"], "observation.seat", players),
        config,
        round=read_int(record, "round", where, minimum=0),
        to_act=read_optional_seat(record, "to_act", where, players),
        street=street,
        scores=read_seats(record, "scores", where, players, int_item),
        hand=read_cards(record, "hand", where),
        discards=read_cards(record, "discards", where),
        boards=read_seats(record, "boards", where, players, board_item),
        hidden_boards=read_seats(record, "hidden_boards", where, players, bool_item),
        hand_sizes=read_seats(record, "hand_sizes", where, players, _size_item),
        discard_counts=read_seats(record, "discard_counts", where, players, _size_item),
        fantasyland=read_seats(record, "fantasyland", where, players, _size_item),
        deck_size=_size_item(record["deck_size"], "observation.deck_size"),
        winners=tuple(
            seat_item(seat, f"observation.winners[{index}]", players)
            for index, seat in enumerate(read_list(record, "winners", where))
        ),
        last_round=read_summary(record, where, players),
    )


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _check_cards(view: Observation) -> None:
    """The cards the view shows add up: each once, the observer's sizes, 52 in all."""
    seat = view.seat
    for name, cards, sizes in (
        ("hand", view.hand, "hand_sizes"),
        ("discards", view.discards, "discard_counts"),
    ):
        size = getattr(view, sizes)[seat]
        if len(cards) != size:
            raise StateError(
                f"observation.{name} holds {_count(len(cards))}, but "
                f"observation.{sizes}[{seat}] is {size}"
            )
    for other, (hidden, count, board) in enumerate(
        zip(view.hidden_boards, view.fantasyland, view.boards, strict=True)
    ):
        if hidden and (other == seat or not count or board.size or view.to_act is None):
            raise StateError(
                f"observation.hidden_boards[{other}] must be false: only another seat's "
                "fantasyland board, set and shown empty while the round goes on, is hidden"
            )
    shown = [*view.hand, *view.discards]
    for board in view.boards:
        shown.extend(board.cards)
    twice = sorted(card for card, copies in Counter(shown).items() if copies > 1)
    if twice:
        raise StateError(
            f"observation: {cards_text(twice)} shown in two places (the hand, the discards and "
            "the boards hold each card once)"
        )
    others = sum(
        view.hand_sizes[other] + view.discard_counts[other] + BOARD_SIZE * view.hidden_boards[other]
        for other in range(len(view.boards))
        if other != seat
    )
    total = len(shown) + others + view.deck_size
    if total != DECK_SIZE:
        raise StateError(
            f"observation: the cards shown ({len(shown)}), the other seats' unplaced cards, "
            f"discards and hidden boards ({others}) and the deck ({view.deck_size}) must make "
            f"the {DECK_SIZE} cards, not {total}"
        )


def _check_copies(record: Mapping[str, object], view: Observation) -> None:
    """The facts the record writes for readers must be the ones the observation determines."""
    for name, derived in (("dealer", view.dealer), ("unseen_count", view.unseen_count)):
        written = read_int(record, name, _WHERE)
        if written != derived:
            raise StateError(
                f"observation.{name} must be {derived}, what the observation's other fields "
                f"determine, not {written}"
            )


def _check_playable(view: Observation) -> None:
    """The view must be one a real game shows: a state dealt from it passes the invariant check."""
    check_view_is_playable(view, determinize, check_state, observe)


def observation_from_dict(data: Mapping[str, object]) -> Observation:
    """Read an observation record written by :func:`observation_to_dict`, checked.

    Malformed records (wrong types, bad card text, unknown or missing fields,
    out-of-range seats, streets and sizes) raise :class:`~tablerules.StateError`
    naming the field, and so do records that no game could show a seat: the
    observer's hand or discards and their sizes disagree, a card shows twice,
    the cards do not add up to 52, a board is hidden that cannot be, or no
    state with this view passes :func:`~tablerules.ofc.check_state` (the turn,
    the boards, the fantasyland counts, the bankrolls and the last round must
    agree as in a real game). A record it accepts can be determinized and
    encoded.

    >>> import tablerules.ofc as ofc
    >>> record = ofc.observation_to_dict(ofc.observe(ofc.new_game(seed=5), 1))
    >>> record["hand_sizes"][1] = 4
    >>> ofc.observation_from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: observation.hand holds 5 cards, but observation.hand_sizes[1] is 4
    """
    record, config = _read_header(data)
    view = _read_view(record, config)
    _check_cards(view)
    _check_copies(record, view)
    _check_playable(view)
    return view
