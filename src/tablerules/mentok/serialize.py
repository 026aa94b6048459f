"""JSON-compatible records of Mentok states: :func:`to_dict` and :func:`from_dict`.

A codec and nothing more: :func:`to_dict` writes a state's fields (cards as
text) and :func:`from_dict` reads them back, refusing anything that is not
the record's shape with a :class:`~tablerules.StateError` naming the path
(``state.history[3].rank``), then hands the state to
:func:`~tablerules.mentok.check_state`, which checks it against the rules.
Derived facts (the dealer, who is still in the game) are not written.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter

from tablerules._common import (
    CARD_OF_TEXT,
    Json,
    bool_item,
    check_type,
    fast_init,
    int_item,
    parse_card_field,
    quick_config,
    read_bool,
    read_cards,
    read_header,
    read_int,
    read_list,
    read_mapping,
    read_optional_seat,
    read_seats,
    read_str,
    seat_item,
    write_cards,
    write_header,
)
from tablerules.cards import RANK_LETTERS, Card, Rank
from tablerules.errors import MAX_INT_BITS, StateError, show
from tablerules.mentok.config import Config
from tablerules.mentok.state import AskRecord, Event, RoundSummary, StandRecord, State
from tablerules.mentok.validate import check_read_state, check_state

__all__ = ["from_dict", "to_dict"]

# The event, table and summary readers and writers below are shared with the
# observation record (tablerules.mentok.observe), so both write them alike.

GAME = "mentok"
VERSION = 1

_STATE_FIELDS = frozenset(
    {
        "game",
        "version",
        "config",
        "seed",
        "round",
        "scores",
        "hands",
        "tables",
        "stood",
        "deck",
        "history",
        "choices",
        "to_act",
        "winners",
        "last_round",
    }
)
_SUMMARY_FIELDS = frozenset(
    {"round", "abandoned", "tables", "hands", "choices", "cheated", "points", "history"}
)
_ASK_FIELDS = frozenset(
    {"kind", "seat", "target", "rank", "hand", "split", "given", "card", "cheat"}
)
_STAND_FIELDS = frozenset({"kind", "seat", "hand"})
_DERIVED = {
    "dealer": "the dealer follows from the round",
    "in_game": "who is still in the game follows from the scores",
}


# --- writing -----------------------------------------------------------------


def event_dict(event: Event) -> Json:
    """One history event as a record entry."""
    if isinstance(event, StandRecord):
        return {"kind": "stand", "seat": event.seat, "hand": event.hand}
    return {
        "kind": "ask",
        "seat": event.seat,
        "target": event.target,
        "rank": event.rank.letter,
        "hand": event.hand,
        "split": event.split,
        "given": event.given,
        "card": None if event.card is None else str(event.card),
        "cheat": event.cheat,
    }


def tables_list(tables: tuple[tuple[tuple[Card, ...], ...], ...]) -> list[list[str]]:
    """Each seat's table hands as card text."""
    return [[write_cards(cards) for cards in seat] for seat in tables]


def summary_dict(summary: RoundSummary) -> Json:
    """A round summary as a record entry."""
    return {
        "round": summary.round,
        "abandoned": summary.abandoned,
        "tables": tables_list(summary.tables),
        "hands": [write_cards(hand) for hand in summary.hands],
        "choices": list(summary.choices),
        "cheated": list(summary.cheated),
        "points": list(summary.points),
        "history": [event_dict(event) for event in summary.history],
    }


def to_dict(state: State) -> Json:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back exactly.

    >>> import json
    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> record = mentok.to_dict(state)
    >>> record["game"], record["version"], record["hands"][0]
    ('mentok', 1, '3s Jh 8d 8h')
    >>> mentok.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    check_type(state, State, "state")
    record = write_header(GAME, VERSION, state)
    record.update(
        {
            "hands": [write_cards(hand) for hand in state.hands],
            "tables": tables_list(state.tables),
            "stood": [list(flags) for flags in state.stood],
            "deck": write_cards(state.deck),
            "history": [event_dict(event) for event in state.history],
            "choices": list(state.choices),
            "to_act": state.to_act,
            "winners": list(state.winners),
            "last_round": None if state.last_round is None else summary_dict(state.last_round),
        }
    )
    return record


# --- reading -----------------------------------------------------------------


def _check_fields(data: Mapping[str, object], fields: frozenset[str], where: str) -> None:
    """Refuse fields a record of this kind does not have."""
    for key in data:
        if key not in fields:
            why = _DERIVED.get(key, "a Mentok record has no such field")
            raise StateError(f"{where}.{key} is not a field of the record: {why}")


def optional_bool_item(value: object, where: str) -> bool | None:
    """``value`` as a bool or None, or :class:`~tablerules.StateError` naming ``where``."""
    return None if value is None else bool_item(value, where)


def table_hands(value: object, where: str) -> tuple[tuple[Card, ...], ...]:
    """One seat's table hands (at most two, none empty), or :class:`~tablerules.StateError`."""
    if not isinstance(value, list):
        raise StateError(f"{where} must be a list of table hands, not {show(value)}")
    if len(value) > 2:
        raise StateError(f"{where} has {len(value)} table hands; a seat has at most 2")
    hands = tuple(parse_card_field(cards, f"{where}[{i}]") for i, cards in enumerate(value))
    if any(not cards for cards in hands):
        raise StateError(f"{where}: a table hand is never empty")
    return hands


def stood_flags(value: object, where: str) -> tuple[bool, ...]:
    """One seat's stood flags, or :class:`~tablerules.StateError`."""
    if not isinstance(value, list):
        raise StateError(f"{where} must be a list, not {show(value)}")
    return tuple(bool_item(flag, f"{where}[{i}]") for i, flag in enumerate(value))


def _read_seat(data: Mapping[str, object], key: str, where: str, players: int) -> int:
    if key not in data:
        raise StateError(f"{where} has no field {key!r}")
    return seat_item(data[key], f"{where}.{key}", players)


def read_event(raw: object, where: str, players: int) -> Event:
    """One history event read back, or :class:`~tablerules.StateError` naming the field."""
    data = read_mapping(raw, where)
    kind = read_str(data, "kind", where)
    if kind not in ("ask", "stand"):
        raise StateError(f"{where}.kind must be 'ask' or 'stand', not {show(kind)}")
    _check_fields(data, _ASK_FIELDS if kind == "ask" else _STAND_FIELDS, where)
    seat = _read_seat(data, "seat", where, players)
    hand = read_int(data, "hand", where, minimum=0)
    if hand > 1:
        raise StateError(f"{where}.hand must be 0 or 1, not {hand}")
    if kind == "stand":
        return StandRecord(seat=seat, hand=hand)
    target = _read_seat(data, "target", where, players)
    letter = read_str(data, "rank", where)
    if len(letter) != 1 or letter not in RANK_LETTERS:
        raise StateError(f"{where}.rank must be a rank letter such as 'K', not {show(letter)}")
    card_text = data.get("card")
    if "card" not in data:
        raise StateError(f"{where} has no field 'card'")
    card: Card | None = None
    if card_text is not None:
        cards = parse_card_field(card_text, f"{where}.card")
        if len(cards) != 1:
            raise StateError(f"{where}.card must be one card or null, not {show(card_text)}")
        card = cards[0]
    if "cheat" not in data:
        raise StateError(f"{where} has no field 'cheat'")
    return AskRecord(
        seat=seat,
        target=target,
        rank=Rank(RANK_LETTERS.index(letter) + 2),
        hand=hand,
        split=read_bool(data, "split", where),
        given=read_bool(data, "given", where),
        card=card,
        cheat=optional_bool_item(data["cheat"], f"{where}.cheat"),
    )


def read_history(
    data: Mapping[str, object], key: str, where: str, players: int
) -> tuple[Event, ...]:
    """Field ``key``: a list of history events, or :class:`~tablerules.StateError`."""
    return tuple(
        read_event(raw, f"{where}.{key}[{i}]", players)
        for i, raw in enumerate(read_list(data, key, where))
    )


def read_summary(raw: object, where: str, players: int) -> RoundSummary:
    """A round summary read back, or :class:`~tablerules.StateError` naming the field."""
    data = read_mapping(raw, where)
    _check_fields(data, _SUMMARY_FIELDS, where)
    return RoundSummary(
        round=read_int(data, "round", where, minimum=0),
        abandoned=read_bool(data, "abandoned", where),
        tables=read_seats(data, "tables", where, players, table_hands),
        hands=read_seats(data, "hands", where, players, parse_card_field),
        choices=read_seats(data, "choices", where, players, optional_bool_item),
        cheated=read_seats(data, "cheated", where, players, bool_item),
        points=read_seats(data, "points", where, players, int_item),
        history=read_history(data, "history", where, players),
    )


def from_dict(data: Mapping[str, object]) -> State:
    """Read a record written by :func:`to_dict`, checking it against the rules.

    Malformed input (wrong types, missing or unknown fields, bad card text)
    raises :class:`~tablerules.StateError` naming the field; so does a
    record that breaks the rules (see :func:`~tablerules.mentok.check_state`:
    cards missing or duplicated, a history the deal cannot produce, a wrong
    turn, scores that do not follow, a game that should have ended).

    >>> from tablerules import mentok
    >>> record = mentok.to_dict(mentok.new_game(seed=3))
    >>> record["deck"] = record["deck"][3:]      # lose a card
    >>> mentok.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state: cards are missing or duplicated: missing 6s
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
    where = "state"
    record, header = read_header(data, GAME, VERSION, Config)
    _check_fields(record, _STATE_FIELDS, where)
    config: Config = header.config
    players = config.players
    if "last_round" not in record:
        raise StateError(f"{where} has no field 'last_round'")
    last_raw = record["last_round"]
    return State(
        config=config,
        seed=header.seed,
        round=header.round,
        scores=header.scores,
        hands=read_seats(record, "hands", where, players, parse_card_field),
        tables=read_seats(record, "tables", where, players, table_hands),
        stood=read_seats(record, "stood", where, players, stood_flags),
        deck=read_cards(record, "deck", where),
        history=read_history(record, "history", where, players),
        choices=read_seats(record, "choices", where, players, optional_bool_item),
        to_act=read_optional_seat(record, "to_act", where, players),
        winners=tuple(
            seat_item(value, f"{where}.winners[{i}]", players)
            for i, value in enumerate(read_list(record, "winners", where))
        ),
        last_round=None
        if last_raw is None
        else read_summary(last_raw, f"{where}.last_round", players),
    )


# --- the quick reader --------------------------------------------------------
#
# Records as to_dict writes them are read by straight-line code: exact types,
# card text split on single spaces. Anything else (or anything wrong) makes it
# give up with None, and the careful reader above reads the record again and
# names the problem; both make equal states of the records the quick one reads.

_make_state = fast_init(State)
_make_ask = fast_init(AskRecord)
_make_stand = fast_init(StandRecord)
_make_summary = fast_init(RoundSummary)
_RANK_OF_LETTER = {letter: Rank(index + 2) for index, letter in enumerate(RANK_LETTERS)}
_card = CARD_OF_TEXT.__getitem__


class _UnusualError(Exception):
    """A record the quick reader leaves to the careful one."""


def _ints(raw: object, players: int) -> tuple[int, ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    for value in raw:
        if type(value) is not int or value.bit_length() > MAX_INT_BITS:
            raise _UnusualError
    return tuple(raw)


def _choices(raw: object, players: int) -> tuple[bool | None, ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    for value in raw:
        if type(value) is not bool and value is not None:
            raise _UnusualError
    return tuple(raw)


def _flags(raw: object, players: int) -> tuple[bool, ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    for value in raw:
        if type(value) is not bool:
            raise _UnusualError
    return tuple(raw)


def _cards(text: object) -> tuple[Card, ...]:
    if type(text) is not str:
        raise _UnusualError
    return tuple(map(_card, text.split(" "))) if text else ()


def _hands(raw: object, players: int) -> tuple[tuple[Card, ...], ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    return tuple(map(_cards, raw))


def _tables(raw: object, players: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    tables = []
    for seat in raw:
        if type(seat) is not list or len(seat) > 2:
            raise _UnusualError
        hands = tuple(map(_cards, seat))
        if () in hands:
            raise _UnusualError
        tables.append(hands)
    return tuple(tables)


_ASK_FIELDS_OF = itemgetter(
    "kind", "seat", "target", "rank", "hand", "split", "given", "card", "cheat"
)
_STAND_FIELDS_OF = itemgetter("kind", "seat", "hand")
_HANDS = (0, 1)
_ASKS: dict[tuple[object, ...], AskRecord] = {}
"""Asks read, by their fields' values: events are immutable, and records share them."""
_MAX_EVENTS = 8192
_STAND_RECORDS = tuple((_make_stand(seat, 0), _make_stand(seat, 1)) for seat in range(10))
"""Every stand a record can hold (seats are checked to be in range first)."""


def _history(raw: object, players: int) -> tuple[Event, ...]:
    if type(raw) is not list:
        raise _UnusualError
    events: list[Event] = []
    append = events.append
    seats = range(players)
    ask_fields, stand_fields, hands = _ASK_FIELDS_OF, _STAND_FIELDS_OF, _HANDS
    make_ask, rank_of, card_of, memo = _make_ask, _RANK_OF_LETTER, _card, _ASKS
    if len(memo) + len(raw) > _MAX_EVENTS:  # kept bounded: a history adds at most its asks
        memo.clear()
        if len(raw) > _MAX_EVENTS:
            memo = {}  # longer than the memo keeps: its asks are not kept
    for item in raw:
        if type(item) is not dict:
            raise _UnusualError
        if len(item) == 9:  # an ask: the nine fields, none else (a missing one is a KeyError)
            values = ask_fields(item)
            kind, seat, target, rank, hand, split, given, card, cheat = values
            if (
                kind != "ask"
                or type(seat) is not int
                or seat not in seats
                or type(target) is not int
                or target not in seats
                or type(hand) is not int
                or hand not in hands
                or type(split) is not bool
                or type(given) is not bool
                or (cheat is not None and type(cheat) is not bool)
            ):
                raise _UnusualError
            # Checked to be of their kinds, equal values make equal events.
            event = memo.get(values)
            if event is None:
                event = make_ask(
                    seat=seat,
                    target=target,
                    rank=rank_of[rank],
                    hand=hand,
                    split=split,
                    given=given,
                    card=None if card is None else card_of(card),
                    cheat=cheat,
                )
                memo[values] = event
            append(event)
            continue
        if len(item) != 3:
            raise _UnusualError
        kind, seat, hand = stand_fields(item)
        if (
            kind != "stand"
            or type(seat) is not int
            or seat not in seats
            or type(hand) is not int
            or hand not in hands
        ):
            raise _UnusualError
        append(_STAND_RECORDS[seat][hand])
    return tuple(events)


def _summary(raw: object, players: int) -> RoundSummary | None:
    if raw is None:
        return None
    if type(raw) is not dict or raw.keys() != _SUMMARY_FIELDS:
        raise _UnusualError
    round_index, abandoned = raw["round"], raw["abandoned"]
    if type(round_index) is not int or round_index < 0 or type(abandoned) is not bool:
        raise _UnusualError
    if round_index.bit_length() > MAX_INT_BITS:
        raise _UnusualError
    return _make_summary(
        round=round_index,
        abandoned=abandoned,
        tables=_tables(raw["tables"], players),
        hands=_hands(raw["hands"], players),
        choices=_choices(raw["choices"], players),
        cheated=_flags(raw["cheated"], players),
        points=_ints(raw["points"], players),
        history=_history(raw["history"], players),
    )


def _quick_state(data: object) -> State | None:
    """The state of a record exactly as :func:`to_dict` writes it, or None to read it carefully.

    The state is well formed (every field of its kind, one entry per seat,
    a stood flag per table hand), as :func:`check_read_state` expects.
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
    seed, round_index, to_act = data["seed"], data["round"], data["to_act"]
    if type(seed) is not int or type(round_index) is not int or round_index < 0:
        return None
    if seed.bit_length() > MAX_INT_BITS or round_index.bit_length() > MAX_INT_BITS:
        return None
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < players):
        return None
    winners = data["winners"]
    if type(winners) is not list or not all(
        type(seat) is int and 0 <= seat < players for seat in winners
    ):
        return None
    stood_raw = data["stood"]
    try:
        tables = _tables(data["tables"], players)
        if type(stood_raw) is not list or len(stood_raw) != players:
            return None
        for seat, flags in enumerate(stood_raw):
            if type(flags) is not list or len(flags) != len(tables[seat]):
                return None
            for flag in flags:
                if type(flag) is not bool:
                    return None
        return _make_state(
            config=config,
            seed=seed,
            round=round_index,
            scores=_ints(data["scores"], players),
            hands=_hands(data["hands"], players),
            tables=tables,
            stood=tuple(map(tuple, stood_raw)),
            deck=_cards(data["deck"]),
            history=_history(data["history"], players),
            choices=_choices(data["choices"], players),
            to_act=to_act,
            winners=tuple(winners),
            last_round=_summary(data["last_round"], players),
        )
    except (_UnusualError, KeyError, TypeError):
        return None
