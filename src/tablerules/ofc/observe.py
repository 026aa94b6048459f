"""What one seat may know of an OFC game: :class:`Observation`, :func:`observe`, and its record.

:func:`observation_to_dict` writes a view as the JSON record an app sends to
that one player; :func:`observation_from_dict` reads it back and refuses any
record no game could show a seat.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

import attrs

from tablerules._common import (
    Json,
    bool_item,
    check_seat,
    check_type,
    check_view_is_playable,
    config_to_dict,
    fast_init,
    int_item,
    read_cards,
    read_int,
    read_list,
    read_observation_header,
    read_optional_seat,
    read_seats,
    seat_item,
    write_cards,
)
from tablerules.cards import FULL_DECK, cards_text
from tablerules.errors import StateError
from tablerules.ofc.board import EMPTY_BOARD
from tablerules.ofc.config import Config
from tablerules.ofc.state import State

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablerules.cards import Card
    from tablerules.ofc.board import Board
    from tablerules.ofc.state import RoundSummary

__all__ = ["Observation", "observation_from_dict", "observation_to_dict", "observe"]


@attrs.frozen
class Observation:
    """Everything one seat may know, and nothing more.

    Others' unplaced cards, others' discards, the deck and a fantasyland board
    set by another seat (until the round ends) are hidden; their sizes are
    public.

    >>> import tablerules.ofc as ofc
    >>> view = ofc.observe(ofc.new_game(seed=1), 0)
    >>> view.hand, view.hand_sizes, view.deck_size
    ((), (0, 5), 47)
    """

    seat: int
    """The observing seat."""
    config: Config
    """The game's rules."""
    round: int
    """The round being played (0-based)."""
    to_act: int | None
    """The seat that must act; ``None`` once the game is over."""
    street: int
    """The street of the players not in fantasyland (0 is the first street of 5)."""
    scores: tuple[int, ...]
    """Every bankroll."""
    hand: tuple[Card, ...]
    """The observer's own cards dealt and not yet placed."""
    discards: tuple[Card, ...]
    """The observer's own discards this round."""
    boards: tuple[Board, ...]
    """Every board as this seat sees it; another seat's fantasyland board is empty
    until the round ends."""
    hidden_boards: tuple[bool, ...]
    """Whether each seat's board is a fantasyland board hidden from this seat."""
    hand_sizes: tuple[int, ...]
    """How many unplaced cards each seat holds."""
    discard_counts: tuple[int, ...]
    """How many cards each seat has discarded this round."""
    fantasyland: tuple[int, ...]
    """Cards each seat was dealt in fantasyland this round (0 when not in fantasyland)."""
    deck_size: int
    """How many cards are left undealt."""
    winners: tuple[int, ...]
    """The winners once the game is over; empty before."""
    last_round: RoundSummary | None
    """The public summary of the round just finished, if any."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 0).is_over
        False
        """
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The seat with the dealer button (seat 0 in round 0, then one seat left each round).

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 0).dealer
        0
        """
        return self.round % self.config.players

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards this seat has not seen this round, in the order of ``FULL_DECK``.

        They are in the deck, in other seats' hands and discards, and on
        fantasyland boards hidden from this seat.

        >>> import tablerules.ofc as ofc
        >>> len(ofc.observe(ofc.new_game(seed=1), 1).unseen_cards)
        47
        """
        seen = {*self.hand, *self.discards}
        for board in self.boards:
            seen.update(board.cards)
        return tuple(card for card in FULL_DECK if card not in seen)

    @property
    def unseen_count(self) -> int:
        """How many cards this seat has not seen this round (``len(unseen_cards)``).

        >>> import tablerules.ofc as ofc
        >>> ofc.observe(ofc.new_game(seed=1), 1).unseen_count
        47
        """
        seen = len(self.hand) + len(self.discards) + sum(board.size for board in self.boards)
        return len(FULL_DECK) - seen

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG (notebooks show it); see :mod:`tablerules.svg`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.observation(self)


make_observation: Final = fast_init(Observation)
"""Called with its first two fields by position: a call with more than 15 keywords is
compiled to build a dict of them first, which costs about half a microsecond."""
"""Build an Observation from known-good fields, skipping attrs' checks (keywords only)."""


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> observe(state, 1).hand == state.hands[1], observe(state, 0).hand
    (True, ())
    """
    if type(state) is not State:
        check_type(state, State, "state")
    config = state.config
    players = config.players
    if type(seat) is not int or not 0 <= seat < players:
        check_seat(seat, players)
    boards = state.boards
    fantasyland = state.fantasyland
    if state.to_act is None or not any(fantasyland):
        hidden = (False,) * players
    else:
        hidden = tuple(
            [
                other != seat and fantasyland[other] > 0 and bool(boards[other].size)
                for other in range(players)
            ]
        )
        if any(hidden):
            boards = tuple(
                [EMPTY_BOARD if hide else board for hide, board in zip(hidden, boards, strict=True)]
            )
    return make_observation(
        seat,
        config,
        round=state.round,
        to_act=state.to_act,
        street=state.street,
        scores=state.scores,
        hand=state.hands[seat],
        discards=state.discards[seat],
        boards=boards,
        hidden_boards=hidden,
        hand_sizes=tuple(map(len, state.hands)),
        discard_counts=tuple(map(len, state.discards)),
        fantasyland=fantasyland,
        deck_size=len(state.deck),
        winners=state.winners,
        last_round=state.last_round,
    )


# --- the observation's record ----------------------------------------------------

VERSION: Final = 1
"""The observation record layout this library writes and reads."""

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
_DECK_SIZE: Final = len(FULL_DECK)
_BOARD_SIZE: Final = 13


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
    from tablerules.ofc.serialize import board_dict, summary_dict  # noqa: PLC0415 - see below

    # serialize imports the rules, which import this module: it is imported when first used.
    check_type(view, Observation, "view")
    return {
        "game": "ofc",
        "version": VERSION,
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
    return read_observation_header(data, "ofc", VERSION, fields, Config)


def _size_item(value: object, where: str) -> int:
    """A count of cards: 0 to 52, or :class:`StateError`."""
    size = int_item(value, where)
    if not 0 <= size <= _DECK_SIZE:
        raise StateError(f"{where} must be a number of cards from 0 to {_DECK_SIZE}, not {size}")
    return size


def _read_view(record: Mapping[str, object], config: Config) -> Observation:
    """The observation of a record whose header was read: every field's shape checked."""
    from tablerules.ofc.serialize import board_item, read_summary  # noqa: PLC0415

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
        view.hand_sizes[other]
        + view.discard_counts[other]
        + _BOARD_SIZE * view.hidden_boards[other]
        for other in range(len(view.boards))
        if other != seat
    )
    total = len(shown) + others + view.deck_size
    if total != _DECK_SIZE:
        raise StateError(
            f"observation: the cards shown ({len(shown)}), the other seats' unplaced cards, "
            f"discards and hidden boards ({others}) and the deck ({view.deck_size}) must make "
            f"the {_DECK_SIZE} cards, not {total}"
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
    from tablerules.ofc.determinize import determinize  # noqa: PLC0415 - it reads observations
    from tablerules.ofc.validate import check_state  # noqa: PLC0415 - validate reads the rules

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
