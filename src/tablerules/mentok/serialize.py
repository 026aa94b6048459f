"""JSON-compatible records of Mentok states: :func:`to_dict` and :func:`from_dict`.

A codec and nothing more: :func:`to_dict` writes a state's fields (cards as
text) and :func:`from_dict` reads them back, refusing anything that is not
the record's shape with a :class:`~tablerules.StateError` naming the path
(``state.history[3].rank``), then hands the state to
:func:`~tablerules.mentok.check_state`, which checks it against the rules.
Derived facts (the dealer, who is still in the game) are not written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Final

import attrs

from tablerules._common import check_type, fast_init
from tablerules._records import (
    CARD_OF_TEXT,
    Json,
    bool_item,
    check_view_is_playable,
    config_to_dict,
    int_item,
    parse_card_field,
    read_bool,
    read_header,
    read_int,
    read_list,
    read_mapping,
    read_observation_header,
    read_optional_seat,
    read_seats,
    read_str,
    seat_item,
    write_cards,
    write_header,
)
from tablerules.cards import FULL_DECK, RANK_LETTERS, Card, Rank, cards_text
from tablerules.errors import StateError, show
from tablerules.mentok.config import Config
from tablerules.mentok.determinize import determinize
from tablerules.mentok.observe import Observation, observe
from tablerules.mentok.rounds import HAND_SIZE
from tablerules.mentok.state import AskRecord, Event, HandState, RoundSummary, StandRecord, State
from tablerules.mentok.validate import check_read_state, check_state

__all__ = ["VIEW_VERSION", "from_dict", "observation_from_dict", "observation_to_dict", "to_dict"]

# The event, table and summary readers and writers below are shared by the
# state's record and the observation's (at the end), so both write them alike.

GAME = "mentok"
VERSION = 1

_STATE_FIELDS = frozenset({"game", "version", *attrs.fields_dict(State)})
"""A state record's fields: the game and version, then one per :class:`State` field."""
_SUMMARY_FIELDS = frozenset(
    {"round", "abandoned", "tables", "hands", "choices", "cheated", "points", "history"}
)
_ASK_FIELDS = frozenset(
    {"kind", "seat", "target", "rank", "hand", "split", "given", "card", "cheat"}
)
_STAND_FIELDS = frozenset({"kind", "seat", "hand"})
_make_state: Final = fast_init(State)
_make_observation: Final = fast_init(Observation)
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


# --- the observation's record ----------------------------------------------------

VIEW_VERSION: Final = 1
"""The observation record layout this library writes and reads."""

_WHERE: Final = "observation"
_BASE_FIELDS: Final = (
    "game",
    "version",
    "kind",
    "config",
    "seat",
    "round",
    "scores",
    "hand",
    "to_act",
    "tables",
    "stood",
    "hand_sizes",
    "deck_size",
    "history",
    "cheated",
    "choice",
    "chosen",
    "winners",
    "last_round",
)
_DERIVED_FIELDS: Final = ("dealer", "phase", "in_game", "done", "has_split", "hand_states")


def observation_to_dict(view: Observation) -> Json:
    """The JSON-compatible record of ``view``: what an app sends to that one player.

    It holds the observation's fields (cards as text, the history and the
    last round as in :func:`~tablerules.mentok.to_dict`, with others' cheat
    flags null until the round ends) and, for readers without this library,
    facts they determine: ``dealer``, ``phase``, ``in_game``, ``done``,
    ``has_split`` and ``hand_states``. Built from the observation alone, it
    holds nothing the seat may not know: no deck, no other hand, no seed.

    >>> import json
    >>> from tablerules import mentok
    >>> state = mentok.apply(mentok.new_game(seed=3), mentok.Stand())
    >>> record = mentok.observation_to_dict(mentok.observe(state, 2))
    >>> record["kind"], record["seat"], record["hand"], record["hand_sizes"], record["phase"]
    ('observation', 2, '4s 5c Jc 7s', [4, 4, 4, 4], 'play')
    >>> mentok.observation_from_dict(json.loads(json.dumps(record))) == mentok.observe(state, 2)
    True
    """
    check_type(view, Observation, "view")
    return {
        "game": "mentok",
        "version": VIEW_VERSION,
        "kind": "observation",
        "config": config_to_dict(view.config),
        "seat": view.seat,
        "round": view.round,
        "scores": list(view.scores),
        "hand": write_cards(view.hand),
        "to_act": view.to_act,
        "tables": tables_list(view.tables),
        "stood": [list(flags) for flags in view.stood],
        "hand_sizes": list(view.hand_sizes),
        "deck_size": view.deck_size,
        "history": [event_dict(event) for event in view.history],
        "cheated": view.cheated,
        "choice": view.choice,
        "chosen": list(view.chosen),
        "winners": list(view.winners),
        "last_round": None if view.last_round is None else summary_dict(view.last_round),
        "dealer": view.dealer,
        "phase": view.phase.value,
        "in_game": list(view.in_game),
        "done": list(view.done),
        "has_split": list(view.has_split),
        "hand_states": [[state.value for state in seat] for seat in view.hand_states],
    }


def _read_header(data: object) -> tuple[Mapping[str, object], Config]:
    """The record as a mapping, its fields checked by name, and its config."""
    fields = (*_BASE_FIELDS, *_DERIVED_FIELDS)
    return read_observation_header(data, "mentok", VIEW_VERSION, fields, Config)


def _size_item(value: object, where: str) -> int:
    size = int_item(value, where)
    if not 0 <= size <= HAND_SIZE:  # the cards dealt: hands only give cards away
        raise StateError(f"{where} must be 0 to {HAND_SIZE} (cards in a hand), not {size}")
    return size


def _optional_bool(value: object, where: str) -> bool | None:
    return None if value is None else bool_item(value, where)


def _read_view(record: Mapping[str, object], config: Config) -> Observation:
    """The observation of a record whose header was read: every field's shape checked."""
    players, where = config.players, _WHERE
    deck_size = read_int(record, "deck_size", where, minimum=0)
    if deck_size > len(FULL_DECK) * config.decks:
        raise StateError(
            f"observation.deck_size must be at most {len(FULL_DECK) * config.decks}, "
            f"not {deck_size}"
        )
    last_raw = record["last_round"]
    return _make_observation(
        seat_item(record["seat"], "observation.seat", players),
        card_field(record["hand"], "observation.hand"),
        config=config,
        round=read_int(record, "round", where, minimum=0),
        to_act=read_optional_seat(record, "to_act", where, players),
        scores=read_seats(record, "scores", where, players, int_item),
        tables=read_seats(record, "tables", where, players, table_hands),
        stood=read_seats(record, "stood", where, players, stood_flags),
        hand_sizes=read_seats(record, "hand_sizes", where, players, _size_item),
        deck_size=deck_size,
        history=read_history(record, "history", where, players),
        cheated=read_bool(record, "cheated", where),
        choice=_optional_bool(record["choice"], "observation.choice"),
        chosen=read_seats(record, "chosen", where, players, bool_item),
        winners=tuple(
            seat_item(seat, f"observation.winners[{index}]", players)
            for index, seat in enumerate(read_list(record, "winners", where))
        ),
        last_round=None
        if last_raw is None
        else read_summary(last_raw, "observation.last_round", players),
    )


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _check_cards(view: Observation) -> None:
    """The visible places add up: sizes, table hands and stood flags, card copies, the deck."""
    config, seat = view.config, view.seat
    decks = config.decks
    if len(view.hand) != view.hand_sizes[seat]:
        raise StateError(
            f"observation.hand holds {_count(len(view.hand))}, but "
            f"observation.hand_sizes[{seat}] is {view.hand_sizes[seat]}"
        )
    shown = Counter(view.hand)
    for other, (tables, stood) in enumerate(zip(view.tables, view.stood, strict=True)):
        if len(stood) != len(tables):
            raise StateError(
                f"observation.stood[{other}] must hold one flag per table hand ({len(tables)}), "
                f"not {len(stood)}"
            )
        if not tables and view.hand_sizes[other]:
            raise StateError(
                f"observation.hand_sizes[{other}] must be 0: seat {other} is not in the round"
            )
        for cards in tables:
            shown.update(cards)
    extra = sorted(card for card, copies in shown.items() if copies > decks)
    if extra:
        copies = "once" if decks == 1 else "twice"
        raise StateError(
            f"observation: {cards_text(extra)} shown more often than the deck holds it "
            f"(the hand and the table hands show each card at most {copies})"
        )
    hidden = sum(size for other, size in enumerate(view.hand_sizes) if other != seat)
    unseen = len(FULL_DECK) * decks - sum(shown.values())
    if view.deck_size + hidden != unseen:
        raise StateError(
            f"observation: the deck ({view.deck_size}) and the other hands ({hidden}) must hold "
            f"the {unseen} cards the observer cannot see, not {view.deck_size + hidden}"
        )
    if view.to_act is None:
        summary = view.last_round
        if summary is None:
            raise StateError("observation.last_round: a finished game keeps its last round")
        revealed: Counter[Card] = Counter()
        for other, size in enumerate(view.hand_sizes):
            if other != seat and len(summary.hands[other]) != size:
                raise StateError(
                    f"observation.last_round.hands[{other}] must hold the {_count(size)} of "
                    f"observation.hand_sizes[{other}]: the game is over and every hand revealed"
                )
            if other != seat:
                revealed.update(summary.hands[other])
        if any(shown[card] + copies > decks for card, copies in revealed.items()):
            raise StateError(
                "observation.last_round.hands: a revealed card is also in view elsewhere"
            )


def _check_copy(name: str, written: object, derived: object) -> None:
    if written != derived:
        raise StateError(
            f"observation.{name} must be {show(derived)}, what the observation's other fields "
            f"determine, not {show(written)}"
        )


def _check_copies(record: Mapping[str, object], view: Observation) -> None:
    """The facts the record writes for readers must be the ones the observation determines."""
    where, players = _WHERE, view.config.players
    _check_copy("dealer", seat_item(record["dealer"], "observation.dealer", players), view.dealer)
    _check_copy("phase", read_str(record, "phase", where), view.phase.value)
    for name, derived in (
        ("in_game", view.in_game),
        ("done", view.done),
        ("has_split", view.has_split),
    ):
        _check_copy(name, read_seats(record, name, where, players, bool_item), derived)
    states = read_seats(record, "hand_states", where, players, _hand_states)
    _check_copy("hand_states", states, view.hand_states)


_HAND_STATES: Final = {state.value: state for state in HandState}


def _hand_states(value: object, where: str) -> tuple[HandState, ...]:
    if not isinstance(value, list):
        raise StateError(f"{where} must be a list, not {show(value)}")
    states = []
    for index, item in enumerate(value):
        state = _HAND_STATES.get(item) if type(item) is str else None
        if state is None:  # (HandState(item) itself would repr a nested list past the limit)
            raise StateError(
                f"{where}[{index}] must be 'active', 'stood' or 'bust', not {show(item)}"
            )
        states.append(state)
    return tuple(states)


def observation_from_dict(data: Mapping[str, object]) -> Observation:
    """Read an observation record written by :func:`observation_to_dict`, checked.

    Malformed records (wrong types, bad card text, unknown or missing fields,
    out-of-range seats and sizes) raise :class:`~tablerules.StateError`
    naming the field, and so do records that no game could show a seat: the
    observer's hand and its size disagree, a card shows more often than the
    deck holds it, the deck and the hidden hands do not hold the cards the
    observer cannot see, a derived fact (``dealer``, ``phase``, ...) does
    not follow, or the history cannot have been played. A record it accepts
    can be determinized and encoded.

    >>> from tablerules import mentok
    >>> record = mentok.observation_to_dict(mentok.observe(mentok.new_game(seed=3), 2))
    >>> record["hand_sizes"][2] = 3
    >>> mentok.observation_from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: observation.hand holds 4 cards, but observation.hand_sizes[2] is 3
    """
    record, config = _read_header(data)
    view = _read_view(record, config)
    _check_cards(view)
    _check_copies(record, view)
    _check_playable(view)
    return view


def _check_playable(view: Observation) -> None:
    """The view must be one a real game shows: a state dealt from it passes the invariant check."""
    check_view_is_playable(view, determinize, check_state, observe)
