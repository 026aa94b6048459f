"""JSON-compatible records of Mock states: :func:`to_dict` and :func:`from_dict`.

A codec only: it writes and reads the fields, checking their shapes, and
leaves every rule to :func:`~tablerules.mock.check_state`, which
:func:`from_dict` runs on the state it read. For readability a record also
writes facts the state derives (``opening``, ``first_complete``,
``took_discard``, ``winners`` and the last round's ``dealer``); reading
checks that these copies agree with the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, get_args

from tablerules._common import (
    Json,
    bool_item,
    check_type,
    fast_init,
    int_item,
    parse_card_field,
    quick_config,
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
from tablerules.cards import FULL_DECK, Card
from tablerules.errors import MAX_INT_BITS, StateError, show
from tablerules.mock.config import Config
from tablerules.mock.state import PILE_DRAWS, Drew, Event, Melded, RoundSummary, State, Step
from tablerules.mock.validate import check_read_state, check_state

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "VERSION",
    "card_text",
    "event_dict",
    "from_dict",
    "read_event",
    "read_summary",
    "summary_dict",
    "to_dict",
]

VERSION: Final = 1
"""The record layout this library writes and reads."""

_STEPS: Final[tuple[Step, ...]] = get_args(Step)
_CARD_OF_TEXT: Final = {str(card): card for card in FULL_DECK}
_make_state: Final = fast_init(State)
_make_drew: Final = fast_init(Drew)
_make_melded: Final = fast_init(Melded)
_LARGEST: Final = 1 << MAX_INT_BITS


def event_dict(event: Event) -> Json:
    """A history entry as a record writes it."""
    if isinstance(event, Drew):
        if event.from_discard:
            assert event.card is not None
            return {"seat": event.seat, "draw": "discard", "card": str(event.card)}
        return {"seat": event.seat, "draw": "pile"}
    return {
        "seat": event.seat,
        "meld": write_cards(event.cards),
        "discards": write_cards(event.discards),
        "drawn": event.drawn,
        "finished": event.finished,
    }


def summary_dict(summary: RoundSummary) -> Json:
    """A round summary as a record writes it."""
    return {
        "round": summary.round,
        "dealer": summary.dealer,
        "melds": [write_cards(cards) for cards in summary.melds],
        "hand_points": list(summary.hand_points),
        "first_complete": summary.first_complete,
        "highest_hand": list(summary.highest_hand),
        "points": list(summary.points),
    }


def to_dict(state: State) -> Json:
    """A JSON-compatible record of ``state``; :func:`from_dict` reads it back.

    >>> import json
    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=4)
    >>> record = mock.to_dict(state)
    >>> record["game"], record["version"], record["hands"][1]
    ('mock', 1, '3d 7s 9h')
    >>> mock.from_dict(json.loads(json.dumps(record))) == state
    True
    """
    check_type(state, State, "state")
    return {
        **write_header("mock", VERSION, state),
        "hands": [write_cards(hand) for hand in state.hands],
        "melds": [write_cards(meld) for meld in state.melds],
        "deck": write_cards(state.deck),
        "opening": state.opening,
        "discard_pile": write_cards(state.discard_pile),
        "finished": list(state.finished),
        "first_complete": state.first_complete,
        "to_act": state.to_act,
        "step": state.step,
        "took_discard": state.took_discard,
        "opening_was_empty": state.opening_was_empty,
        "pile_was_empty": state.pile_was_empty,
        "history": [event_dict(event) for event in state.history],
        "winners": list(state.winners),
        "last_round": None if state.last_round is None else summary_dict(state.last_round),
    }


def card_text(value: object, where: str) -> tuple[Card, ...]:
    """Card text as :func:`to_dict` writes it; any other text goes to the shared reader."""
    if type(value) is str and value:
        try:
            return tuple([_CARD_OF_TEXT[token] for token in value.split(" ")])
        except KeyError:
            pass
    return parse_card_field(value, where)


def _cards(data: Mapping[str, object], key: str, where: str) -> tuple[Card, ...]:
    if key not in data:
        raise StateError(f"{where} has no field {key!r}")
    return card_text(data[key], f"{where}.{key}")


def _seat_list(data: Mapping[str, object], key: str, where: str, players: int) -> tuple[int, ...]:
    values = read_list(data, key, where)
    return tuple(seat_item(seat, f"{where}.{key}[{i}]", players) for i, seat in enumerate(values))


def _quick_cards(value: object) -> tuple[Card, ...] | None:
    """Card text exactly as :func:`to_dict` writes it, or ``None`` for anything else."""
    if type(value) is not str:
        return None
    if not value:
        return ()
    try:
        return tuple([_CARD_OF_TEXT[token] for token in value.split(" ")])
    except KeyError:
        return None


def _quick_event(raw: object, players: int) -> Event | None:
    """A history entry exactly as :func:`to_dict` writes it, or ``None`` for anything else."""
    if type(raw) is not dict:
        return None
    seat = raw.get("seat")
    if type(seat) is not int or not 0 <= seat < players:
        return None
    if "draw" in raw:
        source = raw["draw"]
        if type(source) is not str:
            return None
        if source == "pile":
            return PILE_DRAWS[seat]
        text = raw.get("card")
        if source != "discard" or type(text) is not str or text not in _CARD_OF_TEXT:
            return None
        return _make_drew(seat=seat, from_discard=True, card=_CARD_OF_TEXT[text])
    meld, gone = raw.get("meld"), raw.get("discards")
    drawn, finished = raw.get("drawn"), raw.get("finished")
    if (
        type(meld) is not str
        or type(gone) is not str
        or type(drawn) is not int
        or not 0 <= drawn <= _LARGEST
        or type(finished) is not bool
    ):
        return None
    key = (seat, meld, gone, drawn, finished)  # of exact types: equal keys, equal events
    event = _MELDS_READ.get(key)
    if event is None:
        cards, discards = _quick_cards(meld), _quick_cards(gone)
        if cards is None or discards is None:
            return None
        event = _make_melded(
            seat=seat, cards=tuple(sorted(cards)), discards=discards, drawn=drawn, finished=finished
        )
        if len(_MELDS_READ) >= _MELDS_KEPT:
            _MELDS_READ.clear()
        _MELDS_READ[key] = event
    return event


# Events are immutable, and the records of one round repeat its events: each meld
# read is kept, keyed on its fields' values (of the types checked above), so it is
# read once (at most a few thousand kept; a race between threads only costs a miss).
_MELDS_READ: Final[dict[tuple[int, str, str, int, bool], Melded]] = {}
_MELDS_KEPT: Final = 4096


def read_event(raw: object, where: str, players: int) -> Event:
    """A history entry written by :func:`event_dict`, its shape checked (``where`` names it)."""
    quick = _quick_event(raw, players)
    if quick is not None:
        return quick
    event = read_mapping(raw, where)
    seat = seat_item(event.get("seat"), f"{where}.seat", players)
    if "draw" in event:
        source = read_str(event, "draw", where)
        if source == "pile":
            return PILE_DRAWS[seat]
        if source == "discard":
            card = _cards(event, "card", where)
            if len(card) != 1:
                raise StateError(f"{where}.card must be one card, not {len(card)}")
            return _make_drew(seat=seat, from_discard=True, card=card[0])
        raise StateError(f"{where}.draw must be 'pile' or 'discard', not {show(source)}")
    if "meld" not in event:
        raise StateError(f"{where} must have a field 'draw' or 'meld'")
    return _make_melded(
        seat=seat,
        cards=tuple(sorted(_cards(event, "meld", where))),
        discards=_cards(event, "discards", where),
        drawn=read_int(event, "drawn", where, minimum=0),
        finished=read_bool(event, "finished", where),
    )


def read_summary(raw: object, players: int, where: str = "state.last_round") -> RoundSummary | None:
    """A round summary written by :func:`summary_dict` (or ``None``), its shape checked."""
    if raw is None:
        return None
    data = read_mapping(raw, where)
    summary = RoundSummary(
        round=read_int(data, "round", where, minimum=0),
        melds=read_seats(data, "melds", where, players, card_text),
        hand_points=read_seats(data, "hand_points", where, players, int_item),
        first_complete=read_optional_seat(data, "first_complete", where, players),
        highest_hand=_seat_list(data, "highest_hand", where, players),
        points=read_seats(data, "points", where, players, int_item),
    )
    dealer = seat_item(data.get("dealer"), f"{where}.dealer", players)
    if dealer != summary.dealer:
        raise StateError(
            f"{where}.dealer must be seat {summary.dealer} in round {summary.round}, not {dealer}"
        )
    return summary


def _check_copies(record: Mapping[str, object], state: State) -> None:
    """The facts a record writes for readability must agree with the state they derive from."""
    opening, first = record.get("opening"), record.get("first_complete", _MISSING)
    took, winners = record.get("took_discard"), record.get("winners")
    if (  # as to_dict writes them during a game: nothing to say
        type(opening) is int
        and opening == state.opening
        and type(took) is bool
        and took is state.took_discard
        and type(winners) is list
        and not winners
        and state.to_act is not None
        and (first is None or type(first) is int)
        and first == state.first_complete
    ):
        return
    _check_copies_carefully(record, state)


_MISSING: Final = object()


def _check_copies_carefully(record: Mapping[str, object], state: State) -> None:
    """:func:`_check_copies`, naming the field that is wrong."""
    where = "state"
    opening = read_int(record, "opening", where, minimum=0)
    if opening != state.opening:
        raise StateError(
            f"state.opening is {opening}, but state.deck holds {len(state.deck)} cards: the "
            f"finish must still hold {state.config.finish_cards} cards while the opening has "
            f"cards, which leaves {state.opening} in the opening"
        )
    first = read_optional_seat(record, "first_complete", where, state.config.players)
    if first != state.first_complete:
        raise StateError(
            f"state.first_complete is {first}, but by state.history the first seat to meld "
            f"five cards is {state.first_complete}"
        )
    if read_bool(record, "took_discard", where) != state.took_discard:
        raise StateError(
            f"state.took_discard must be {str(state.took_discard).lower()}: it says whether "
            "the last event of state.history is a draw from the discard pile"
        )
    winners = _seat_list(record, "winners", where, state.config.players)
    if winners != state.winners:
        if not state.is_over:
            raise StateError("state.winners must be set exactly when the game is over")
        if state.winners:  # else check_state says why the game cannot be over
            raise StateError(
                f"state.winners must be the seats with the top score, {list(state.winners)}, "
                f"not {list(winners)}"
            )


def from_dict(data: Mapping[str, object]) -> State:
    """Read a state written by :func:`to_dict` and check it with :func:`.check_state`.

    Malformed input (wrong types, bad card text, missing fields) and states
    that break the rules (a card missing or twice, a history that does not
    lead to the state, scores that do not add up, a wrong turn) raise
    :class:`~tablerules.StateError` naming the field or the rule.

    >>> import tablerules.mock as mock
    >>> record = mock.to_dict(mock.new_game(seed=4))
    >>> record["to_act"] = 3
    >>> mock.from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: state.to_act must be seat 1, whose turn it is, not 3
    """
    state = _quick_state(data)
    if state is None:
        state = _careful_state(data)
        check_state(state)
    else:
        check_read_state(state)
    _check_copies(data, state)
    return state


def _careful_state(data: Mapping[str, object]) -> State:
    """The state a record holds, every field read with checks that name what is wrong."""
    record, header = read_header(data, "mock", VERSION, Config)
    config: Config = header.config
    players = config.players
    where = "state"
    if "last_round" not in record:
        raise StateError("state has no field 'last_round'")
    step = read_str(record, "step", where)
    if step not in _STEPS:
        raise StateError(f"state.step must be one of {', '.join(_STEPS)}, not {show(step)}")
    history = tuple(
        read_event(event, f"state.history[{index}]", players)
        for index, event in enumerate(read_list(record, "history", where))
    )
    return _make_state(
        config=config,
        seed=header.seed,
        round=header.round,
        scores=header.scores,
        hands=read_seats(record, "hands", where, players, card_text),
        melds=read_seats(record, "melds", where, players, card_text),
        deck=_cards(record, "deck", where),
        discard_pile=_cards(record, "discard_pile", where),
        finished=read_seats(record, "finished", where, players, bool_item),
        to_act=read_optional_seat(record, "to_act", where, players),
        step=step,
        opening_was_empty=read_bool(record, "opening_was_empty", where),
        pile_was_empty=read_bool(record, "pile_was_empty", where),
        history=history,
        last_round=read_summary(record["last_round"], players),
    )


# --- the quick reader ------------------------------------------------------
#
# Records as to_dict writes them are read by straight-line code: exact types,
# card text split on single spaces. Anything else makes it give up with None,
# and the careful reader above reads the record again and names the problem;
# both make equal states of the records the quick one reads.

_STATE_FIELDS: Final = frozenset(
    {
        *("game", "version", "config", "seed", "round", "scores", "hands", "melds", "deck"),
        *("opening", "discard_pile", "finished", "first_complete", "to_act", "step"),
        *("took_discard", "opening_was_empty", "pile_was_empty", "history", "winners"),
        "last_round",
    }
)
_SUMMARY_FIELDS: Final = frozenset(
    {"round", "dealer", "melds", "hand_points", "first_complete", "highest_hand", "points"}
)
_make_summary: Final = fast_init(RoundSummary)


class _UnusualError(Exception):
    """A record the quick reader leaves to the careful one."""


def _quick_int(value: object) -> int:
    if type(value) is not int or value.bit_length() > MAX_INT_BITS:
        raise _UnusualError
    return value


def _quick_ints(raw: object, players: int) -> tuple[int, ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    return tuple(map(_quick_int, raw))


def _quick_hands(raw: object, players: int) -> tuple[tuple[Card, ...], ...]:
    if type(raw) is not list or len(raw) != players:
        raise _UnusualError
    hands = tuple(map(_quick_cards, raw))
    if None in hands:
        raise _UnusualError
    return hands  # type: ignore[return-value]


def _quick_pile(value: object) -> tuple[Card, ...]:
    cards = _quick_cards(value)
    if cards is None:
        raise _UnusualError
    return cards


def _quick_seat(value: object, players: int) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value < players):
        raise _UnusualError
    return value


def _quick_summary(raw: object, players: int) -> RoundSummary | None:
    if raw is None:
        return None
    if type(raw) is not dict or raw.keys() != _SUMMARY_FIELDS:
        raise _UnusualError
    highest = raw["highest_hand"]
    if type(highest) is not list:
        raise _UnusualError
    summary = _make_summary(
        round=_quick_int(raw["round"]),
        melds=_quick_hands(raw["melds"], players),
        hand_points=_quick_ints(raw["hand_points"], players),
        first_complete=_quick_seat(raw["first_complete"], players),
        highest_hand=tuple(highest),
        points=_quick_ints(raw["points"], players),
    )
    for seat in highest:
        if _quick_seat(seat, players) is None:
            raise _UnusualError
    dealer = raw["dealer"]
    if summary.round < 0 or type(dealer) is not int or dealer != summary.dealer:
        raise _UnusualError
    return summary


def _quick_state(data: object) -> State | None:
    """The state of a record exactly as :func:`to_dict` writes it, or None to read it carefully.

    The state is well formed (every field of its type, one entry per seat),
    as :func:`~tablerules.mock.validate.check_read_state` expects.
    """
    if type(data) is not dict or data.keys() != _STATE_FIELDS:
        return None
    version = data["version"]
    if data["game"] != "mock" or type(version) is not int or version != VERSION:
        return None
    config = quick_config(data["config"], Config)
    if config is None:
        return None
    players = config.players
    step, history = data["step"], data["history"]
    finished = data["finished"]
    if type(step) is not str or step not in _STEPS or type(history) is not list:
        return None
    if type(finished) is not list or len(finished) != players:
        return None
    if not all(type(flag) is bool for flag in finished):
        return None
    opening_was_empty, pile_was_empty = data["opening_was_empty"], data["pile_was_empty"]
    if type(opening_was_empty) is not bool or type(pile_was_empty) is not bool:
        return None
    events = [_quick_event(event, players) for event in history]
    if None in events:
        return None
    try:
        round_index = _quick_int(data["round"])
        if round_index < 0:
            return None
        return _make_state(
            config=config,
            seed=_quick_int(data["seed"]),
            round=round_index,
            scores=_quick_ints(data["scores"], players),
            hands=_quick_hands(data["hands"], players),
            melds=_quick_hands(data["melds"], players),
            deck=_quick_pile(data["deck"]),
            discard_pile=_quick_pile(data["discard_pile"]),
            finished=tuple(finished),
            to_act=_quick_seat(data["to_act"], players),
            step=step,
            opening_was_empty=opening_was_empty,
            pile_was_empty=pile_was_empty,
            history=tuple(events),  # type: ignore[arg-type]
            last_round=_quick_summary(data["last_round"], players),
        )
    except (_UnusualError, TypeError):
        return None
