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
from typing import Final

from tablerules._common import (
    CARD_OF_TEXT,
    Json,
    bool_item,
    check_type,
    fast_init,
    int_item,
    parse_card_field,
    read_bool,
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
from tablerules.errors import StateError, show
from tablerules.mentok.config import Config
from tablerules.mentok.state import AskRecord, Event, RoundSummary, StandRecord, State
from tablerules.mentok.validate import check_read_state

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
_make_state: Final = fast_init(State)
_CARD_OF_TEXT: Final = CARD_OF_TEXT.__getitem__
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


def card_field(value: object, where: str) -> tuple[Card, ...]:
    """Card text as :func:`to_dict` writes it (or any spelling ``parse_cards`` reads), or named."""
    if type(value) is str:
        try:
            return tuple(map(_CARD_OF_TEXT, value.split(" "))) if value else ()
        except KeyError:
            pass  # another spelling, or bad text: the careful parser reads it or names it
    return parse_card_field(value, where)


def optional_bool_item(value: object, where: str) -> bool | None:
    """``value`` as a bool or None, or :class:`~tablerules.StateError` naming ``where``."""
    return None if value is None else bool_item(value, where)


def table_hands(value: object, where: str) -> tuple[tuple[Card, ...], ...]:
    """One seat's table hands (at most two, none empty), or :class:`~tablerules.StateError`."""
    if not isinstance(value, list):
        raise StateError(f"{where} must be a list of table hands, not {show(value)}")
    if len(value) > 2:
        raise StateError(f"{where} has {len(value)} table hands; a seat has at most 2")
    hands = tuple(card_field(cards, f"{where}[{i}]") for i, cards in enumerate(value))
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


_RANK_OF_LETTER: Final = {letter: Rank(index + 2) for index, letter in enumerate(RANK_LETTERS)}
_make_ask: Final = fast_init(AskRecord)
_STANDS: Final = tuple((StandRecord(seat, 0), StandRecord(seat, 1)) for seat in range(10))
"""Every stand a record can hold, by seat and hand (records are values: they share them)."""


def read_event(raw: object, where: str, players: int) -> Event:
    """One history event read back, or :class:`~tablerules.StateError` naming the field.

    An event exactly as :func:`to_dict` writes it is taken in one test of
    its fields; anything else is read field by field, to name what is wrong.
    """
    if type(raw) is dict:
        seat, hand = raw.get("seat"), raw.get("hand")
        if (
            type(seat) is int and 0 <= seat < players and type(hand) is int and 0 <= hand <= 1
        ):  # then the kind's own fields, exactly, are all the record's keys
            kind = raw.get("kind")
            if kind == "stand" and len(raw) == len(_STAND_FIELDS):
                return _STANDS[seat][hand]
            target, card, cheat = raw.get("target"), raw.get("card", False), raw.get("cheat", 0)
            if (
                kind == "ask"
                and raw.keys() == _ASK_FIELDS
                and type(target) is int
                and 0 <= target < players
                and type(raw["split"]) is bool
                and type(raw["given"]) is bool
                and (cheat is None or type(cheat) is bool)
                and type(raw["rank"]) is str
                and raw["rank"] in _RANK_OF_LETTER
                and (card is None or (type(card) is str and card in CARD_OF_TEXT))
            ):
                return _make_ask(
                    seat=seat,
                    target=target,
                    rank=_RANK_OF_LETTER[raw["rank"]],
                    hand=hand,
                    split=raw["split"],
                    given=raw["given"],
                    card=None if card is None else CARD_OF_TEXT[card],
                    cheat=cheat,
                )
    return _read_event_by_field(raw, where, players)


def _read_event_by_field(raw: object, where: str, players: int) -> Event:
    """:func:`read_event` field by field, naming the first that is wrong."""
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
        cards = card_field(card_text, f"{where}.card")
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
        hands=read_seats(data, "hands", where, players, card_field),
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
    state = _read_state(data)
    check_read_state(state)
    return state


def _read_state(data: Mapping[str, object]) -> State:
    """The state a record holds, well formed: every field of its kind and length, or named."""
    where = "state"
    record, header = read_header(data, GAME, VERSION, Config)
    _check_fields(record, _STATE_FIELDS, where)
    config: Config = header.config
    players = config.players
    for name in ("deck", "last_round"):
        if name not in record:
            raise StateError(f"{where} has no field {name!r}")
    last_raw = record["last_round"]
    tables = read_seats(record, "tables", where, players, table_hands)
    stood = read_seats(record, "stood", where, players, stood_flags)
    for seat in range(players):
        if len(stood[seat]) != len(tables[seat]):
            raise StateError(f"state.stood[{seat}] must hold one true or false per table hand")
    return _make_state(
        config=config,
        seed=header.seed,
        round=header.round,
        scores=header.scores,
        hands=read_seats(record, "hands", where, players, card_field),
        tables=tables,
        stood=stood,
        deck=card_field(record["deck"], f"{where}.deck"),
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
