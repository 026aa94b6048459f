"""JSON-compatible records of Mock: states (:func:`to_dict`, :func:`from_dict`) and observations.

A codec only: it writes and reads the fields, checking their shapes, and
leaves every rule to :func:`~tablerules.mock.check_state`, which
:func:`from_dict` runs on the state it read. For readability a record also
writes facts the state derives (``opening``, ``first_complete``,
``took_discard``, ``opening_was_empty``, ``pile_was_empty``, ``winners`` and
the last round's ``dealer``); reading checks that these copies agree with the
state.

:func:`observation_to_dict` writes the record an app sends to one player and
:func:`observation_from_dict` reads it back, checked: it holds only what the
observation holds, so nothing that seat may not know.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final, get_args

from tablerules._common import check_type, fast_init
from tablerules._records import (
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
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.errors import MAX_INT_BITS, StateError, show
from tablerules.mock.config import MELD_HAND, MELD_SIZE, Config
from tablerules.mock.determinize import determinize
from tablerules.mock.observe import Observation, observe
from tablerules.mock.state import (
    NONE_HELD,
    PILE_DRAWS,
    Drew,
    Event,
    Melded,
    RoundSummary,
    State,
    Step,
    replay_public,
)
from tablerules.mock.validate import check_read_state, check_state

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = [
    "OBSERVATION_VERSION",
    "VERSION",
    "card_text",
    "event_dict",
    "from_dict",
    "observation_from_dict",
    "observation_to_dict",
    "read_event",
    "read_events",
    "read_summary",
    "summary_dict",
    "to_dict",
]

VERSION: Final = 1
"""The record layout this library writes and reads."""

_STEPS: Final[tuple[Step, ...]] = get_args(Step)
_CARD_OF_TEXT: Final = {str(card): card for card in FULL_DECK}
_CARD_OF: Final = _CARD_OF_TEXT.__getitem__
_make_state: Final = fast_init(State)
_make_drew: Final = fast_init(Drew)
_make_melded: Final = fast_init(Melded)
_make_observation: Final = fast_init(Observation)
_DECK_SIZE: Final = len(FULL_DECK)
_LARGEST: Final = 1 << MAX_INT_BITS


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


def _split(value: object) -> tuple[Card, ...] | None:
    """Card text exactly as :func:`to_dict` writes it, or ``None`` for anything else."""
    if type(value) is not str:
        return None
    if not value:
        return ()
    try:
        return tuple(map(_CARD_OF, value.split(" ")))
    except KeyError:
        return None


def card_text(value: object, where: str) -> tuple[Card, ...]:
    """Card text as :func:`to_dict` writes it; any other text goes to the shared reader."""
    cards = _split(value)
    return parse_card_field(value, where) if cards is None else cards


def _cards(data: Mapping[str, object], key: str, where: str) -> tuple[Card, ...]:
    cards = _split(data.get(key))
    if cards is not None:
        return cards
    if key not in data:
        raise StateError(f"{where} has no field {key!r}")
    return parse_card_field(data[key], f"{where}.{key}")


def _seat_cards(
    data: Mapping[str, object], key: str, where: str, players: int
) -> tuple[tuple[Card, ...], ...]:
    """Field ``key``: card text for each seat (the messages are built only for bad input)."""
    values = data.get(key)
    if type(values) is list and len(values) == players:
        found = [_split(value) for value in values]
        if None not in found:
            return tuple(found)  # type: ignore[arg-type]
    return read_seats(data, key, where, players, card_text)


def _seat_ints(data: Mapping[str, object], key: str, where: str, players: int) -> tuple[int, ...]:
    """Field ``key``: an int for each seat (the messages are built only for bad input)."""
    values = data.get(key)
    if (
        type(values) is list
        and len(values) == players
        and all(type(value) is int and -_LARGEST < value < _LARGEST for value in values)
    ):
        return tuple(values)
    return read_seats(data, key, where, players, int_item)


def _seat_flags(data: Mapping[str, object], key: str, where: str, players: int) -> tuple[bool, ...]:
    """Field ``key``: true or false for each seat (the messages are built only for bad input)."""
    values = data.get(key)
    if type(values) is list and len(values) == players and all(type(v) is bool for v in values):
        return tuple(values)
    return read_seats(data, key, where, players, bool_item)


def _seat_list(data: Mapping[str, object], key: str, where: str, players: int) -> tuple[int, ...]:
    values = read_list(data, key, where)
    return tuple(seat_item(seat, f"{where}.{key}[{i}]", players) for i, seat in enumerate(values))


def _known_fields(data: Mapping[str, object], fields: frozenset[str], where: str) -> None:
    """Refuse a record or part of one with fields the writer never writes."""
    unknown = sorted(set(data) - fields, key=str)
    if unknown:
        raise StateError(f"{where} has unknown fields: {', '.join(map(show, unknown))}")


_PILE_DRAW_FIELDS: Final = frozenset({"seat", "draw"})
_DISCARD_DRAW_FIELDS: Final = frozenset({"seat", "draw", "card"})
_MELD_FIELDS: Final = frozenset({"seat", "meld", "discards", "drawn", "finished"})


def read_event(raw: object, players: int, field: str, index: int) -> Event:
    """Entry ``index`` of the history ``field`` (a record's path), written by :func:`event_dict`.

    Its shape is checked; the path of the entry is spelled only in a message.
    """
    event = raw if type(raw) is dict else read_mapping(raw, f"{field}[{index}]")
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= seat < players:
        seat = seat_item(seat, f"{field}[{index}].seat", players)
    if "draw" in event:
        source = event["draw"]
        if source == "pile" and type(source) is str:
            if event.keys() != _PILE_DRAW_FIELDS:
                _known_fields(event, _PILE_DRAW_FIELDS, f"{field}[{index}]")
            return PILE_DRAWS[seat]
        where = f"{field}[{index}]"
        if source == "discard" and type(source) is str:
            if event.keys() != _DISCARD_DRAW_FIELDS:
                _known_fields(event, _DISCARD_DRAW_FIELDS, where)
            card = _cards(event, "card", where)
            if len(card) != 1:
                raise StateError(f"{where}.card must be one card, not {len(card)}")
            return _make_drew(seat, True, card[0])
        source = read_str(event, "draw", where)
        raise StateError(f"{where}.draw must be 'pile' or 'discard', not {show(source)}")
    if event.keys() != _MELD_FIELDS:
        where = f"{field}[{index}]"
        if "meld" not in event:
            _known_fields(event, _MELD_FIELDS | _DISCARD_DRAW_FIELDS, where)
            raise StateError(f"{where} must have a field 'draw' or 'meld'")
        _known_fields(event, _MELD_FIELDS, where)
    drawn, finished = event.get("drawn"), event.get("finished")
    if type(drawn) is not int or not 0 <= drawn <= _LARGEST:
        drawn = read_int(event, "drawn", f"{field}[{index}]", minimum=0)
    if type(finished) is not bool:
        finished = read_bool(event, "finished", f"{field}[{index}]")
    cards, discards = _split(event.get("meld")), _split(event.get("discards"))
    if cards is None or discards is None:  # not as to_dict writes it: the shared reader says why
        cards = _cards(event, "meld", f"{field}[{index}]")
        discards = _cards(event, "discards", f"{field}[{index}]")
    return _make_melded(seat, tuple(sorted(cards)), discards, drawn, finished)


def read_events(data: Mapping[str, object], where: str, players: int) -> tuple[Event, ...]:
    """Field ``history`` of the record ``where``: its events, read by :func:`read_event`."""
    field = f"{where}.history"
    return tuple(
        [
            read_event(event, players, field, index)
            for index, event in enumerate(read_list(data, "history", where))
        ]
    )


def read_summary(raw: object, players: int, where: str = "state.last_round") -> RoundSummary | None:
    """A round summary written by :func:`summary_dict` (or ``None``), its shape checked."""
    if raw is None:
        return None
    data = read_mapping(raw, where)
    if data.keys() != _SUMMARY_FIELDS:
        _known_fields(data, _SUMMARY_FIELDS, where)
    summary = RoundSummary(
        round=read_int(data, "round", where, minimum=0),
        melds=_seat_cards(data, "melds", where, players),
        hand_points=_seat_ints(data, "hand_points", where, players),
        first_complete=read_optional_seat(data, "first_complete", where, players),
        highest_hand=_seat_list(data, "highest_hand", where, players),
        points=_seat_ints(data, "points", where, players),
    )
    dealer = seat_item(data.get("dealer"), f"{where}.dealer", players)
    if dealer != summary.dealer:
        raise StateError(
            f"{where}.dealer must be seat {summary.dealer} in round {summary.round}, not {dealer}"
        )
    return summary


def _check_copies(record: Mapping[str, object], state: State) -> None:
    """The facts a record writes for readability must agree with the state they derive from."""
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
    for name, derived, pile in (
        ("opening_was_empty", state.opening_was_empty, "the opening"),
        ("pile_was_empty", state.pile_was_empty, "the draw pile"),
    ):
        if read_bool(record, name, where) != derived:
            raise StateError(
                f"state.{name} must be {str(derived).lower()}: it describes {pile} at the start "
                "of this turn"
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
    record, header = read_header(data, "mock", VERSION, Config)
    if record.keys() != _STATE_FIELDS:
        _known_fields(record, _STATE_FIELDS, "state")
    config: Config = header.config
    players = config.players
    where = "state"
    if "last_round" not in record:
        raise StateError("state has no field 'last_round'")
    step = read_str(record, "step", where)
    if step not in _STEPS:
        raise StateError(f"state.step must be one of {', '.join(_STEPS)}, not {show(step)}")
    history = read_events(record, where, players)
    state = _make_state(
        config=config,
        seed=header.seed,
        round=header.round,
        scores=header.scores,
        hands=_seat_cards(record, "hands", where, players),
        melds=_seat_cards(record, "melds", where, players),
        deck=_cards(record, "deck", where),
        discard_pile=_cards(record, "discard_pile", where),
        known_held=NONE_HELD[players],  # not written: the check sets it from the history
        finished=_seat_flags(record, "finished", where, players),
        to_act=read_optional_seat(record, "to_act", where, players),
        step=step,
        history=history,
        last_round=read_summary(record["last_round"], players),
    )
    state = check_read_state(state)
    _check_copies(record, state)
    return state


# --- the observation's record ----------------------------------------------------

OBSERVATION_VERSION: Final = 1
"""The observation record layout this library writes and reads."""

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
    "step",
    "finished",
    "melds",
    "deck_size",
    "hand_sizes",
    "history",
    "last_round",
)
_DERIVED_FIELDS: Final = (
    "dealer",
    "opening_size",
    "finish_size",
    "discard_pile",
    "took_discard",
    "opening_was_empty",
    "pile_was_empty",
    "must_meld",
    "winners",
)


def observation_to_dict(view: Observation) -> Json:
    """The JSON-compatible record of ``view``: what an app sends to that one player.

    It holds the observation's fields (cards as text, the history as in
    :func:`~tablerules.mock.to_dict`) and, for readers without this library,
    facts they determine (``dealer``, ``opening_size``, ``finish_size``,
    ``discard_pile``, the turn's flags ``took_discard``, ``opening_was_empty``
    and ``pile_was_empty``, ``must_meld``, ``winners``). Built from the
    observation alone, it holds nothing the seat may not know.

    >>> import json
    >>> import tablerules.mock as mock
    >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
    >>> record = mock.observation_to_dict(mock.observe(state, 1))
    >>> record["kind"], record["seat"], record["hand"], record["hand_sizes"]
    ('observation', 1, 'Th Ad Ah 8s', [3, 4, 3, 3])
    >>> mock.observation_from_dict(json.loads(json.dumps(record))) == mock.observe(state, 1)
    True
    """
    check_type(view, Observation, "view")
    return {
        "game": "mock",
        "version": OBSERVATION_VERSION,
        "kind": "observation",
        "config": config_to_dict(view.config),
        "seat": view.seat,
        "round": view.round,
        "scores": list(view.scores),
        "hand": write_cards(view.hand),
        "to_act": view.to_act,
        "step": view.step,
        "opening_was_empty": view.opening_was_empty,
        "pile_was_empty": view.pile_was_empty,
        "finished": list(view.finished),
        "melds": [write_cards(meld) for meld in view.melds],
        "deck_size": view.deck_size,
        "hand_sizes": list(view.hand_sizes),
        "history": [event_dict(event) for event in view.history],
        "last_round": None if view.last_round is None else summary_dict(view.last_round),
        "dealer": view.dealer,
        "opening_size": view.opening_size,
        "finish_size": view.finish_size,
        "discard_pile": write_cards(view.discard_pile),
        "took_discard": view.took_discard,
        "must_meld": view.must_meld,
        "winners": list(view.winners),
    }


def _read_view_header(data: object) -> tuple[Mapping[str, object], Config]:
    """The record as a mapping, its fields checked by name, and its config."""
    fields = (*_BASE_FIELDS, *_DERIVED_FIELDS)
    return read_observation_header(data, "mock", OBSERVATION_VERSION, fields, Config)


_WHERE: Final = "observation"


def _size_item(value: object, where: str) -> int:
    size = int_item(value, where)
    if not 0 <= size <= MELD_HAND:
        raise StateError(f"{where} must be 0 to {MELD_HAND} (cards in a hand), not {size}")
    return size


def _score_item(value: object, where: str) -> int:
    score = int_item(value, where)
    if score < 0:
        raise StateError(
            f"{where} must be at least 0 (Mock points are never negative), not {score}"
        )
    return score


def _read_view(record: Mapping[str, object], config: Config) -> Observation:
    """The observation of a record whose header was read: every field's shape checked."""
    players, where = config.players, _WHERE
    step = read_str(record, "step", where)
    if step not in _STEPS:
        raise StateError(f"observation.step must be one of {', '.join(_STEPS)}, not {show(step)}")
    deck_size = read_int(record, "deck_size", where, minimum=0)
    if deck_size > config.pile_size:
        raise StateError(
            f"observation.deck_size must be at most {config.pile_size} (the draw pile after "
            f"the deal), not {deck_size}"
        )
    history = read_events(record, where, players)
    public = replay_public(history, players)
    return _make_observation(
        seat=seat_item(record["seat"], "observation.seat", players),
        hand=card_text(record["hand"], "observation.hand"),
        config=config,
        round=read_int(record, "round", where, minimum=0),
        to_act=read_optional_seat(record, "to_act", where, players),
        step=step,
        finished=_seat_flags(record, "finished", where, players),
        melds=read_seats(record, "melds", where, players, card_text),
        deck_size=deck_size,
        hand_sizes=read_seats(record, "hand_sizes", where, players, _size_item),
        scores=read_seats(record, "scores", where, players, _score_item),
        history=history,
        last_round=read_summary(record["last_round"], players, "observation.last_round"),
        discard_pile=public.discard_pile,
        known_held=public.held,
    )


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _check_view_cards(view: Observation) -> None:
    """The cards the view shows add up: each once, hand sizes and pile sizes consistent."""
    seat = view.seat
    if len(view.hand) != view.hand_sizes[seat]:
        raise StateError(
            f"observation.hand holds {_count(len(view.hand))}, but "
            f"observation.hand_sizes[{seat}] is {view.hand_sizes[seat]}"
        )
    for other, (meld, done) in enumerate(zip(view.melds, view.finished, strict=True)):
        if len(meld) > MELD_SIZE:
            raise StateError(
                f"observation.melds[{other}] holds {len(meld)} cards; a meld holds at most five"
            )
        if done and view.hand_sizes[other]:
            raise StateError(
                f"observation.hand_sizes[{other}] must be 0: seat {other} has finished the round"
            )
    shown: list[Card] = [*view.hand, *view.discard_pile]
    for meld in view.melds:
        shown.extend(meld)
    for other, held in enumerate(view.known_held):
        if other == seat:
            if not set(held) <= set(view.hand):
                raise StateError(
                    "observation.history shows the observer taking "
                    f"{cards_text(sorted(set(held) - set(view.hand)))} from the discard pile, "
                    "but observation.hand does not hold it"
                )
            continue
        if len(held) > view.hand_sizes[other]:
            raise StateError(
                f"observation.history shows seat {other} holding {cards_text(held)}, more "
                f"than observation.hand_sizes[{other}] = {view.hand_sizes[other]}"
            )
        shown.extend(held)
    twice = sorted(card for card, copies in Counter(shown).items() if copies > 1)
    if twice:
        raise StateError(
            f"observation: {cards_text(twice)} shown in two places (the hand, the melds, the "
            "discard pile and the cards the history shows in other hands hold each card once)"
        )
    placed = view.deck_size + sum(view.hand_sizes) + sum(map(len, view.melds))
    if placed + len(view.discard_pile) != _DECK_SIZE:
        raise StateError(
            f"observation: the draw pile ({view.deck_size}), the hands ({sum(view.hand_sizes)}), "
            f"the melds ({sum(map(len, view.melds))}) and the discard pile as "
            f"observation.history shows it ({len(view.discard_pile)}) must hold the "
            f"{_DECK_SIZE} cards, not {placed + len(view.discard_pile)}"
        )


def _check_copy(name: str, written: object, derived: object, derived_text: str) -> None:
    if written != derived:
        raise StateError(
            f"observation.{name} must be {derived_text}, what the observation's other fields "
            f"determine, not {show(written)}"
        )


def _check_view_copies(record: Mapping[str, object], view: Observation) -> None:
    """The facts the record writes for readers must be the ones the observation determines."""
    where, players = _WHERE, view.config.players
    for name, derived in (
        ("opening_size", view.opening_size),
        ("finish_size", view.finish_size),
        ("must_meld", view.must_meld),
    ):
        _check_copy(name, read_int(record, name, where), derived, str(derived))
    dealer = seat_item(record["dealer"], "observation.dealer", players)
    _check_copy("dealer", dealer, view.dealer, str(view.dealer))
    for name, flag in (
        ("took_discard", view.took_discard),
        ("opening_was_empty", view.opening_was_empty),
        ("pile_was_empty", view.pile_was_empty),
    ):
        _check_copy(name, read_bool(record, name, where), flag, str(flag).lower())
    pile = card_text(record["discard_pile"], "observation.discard_pile")
    if pile != view.discard_pile:
        _check_copy(
            "discard_pile", record["discard_pile"], None, repr(cards_text(view.discard_pile))
        )
    winners = tuple(
        seat_item(seat, f"observation.winners[{index}]", players)
        for index, seat in enumerate(read_list(record, "winners", where))
    )
    _check_copy("winners", winners, view.winners, str(list(view.winners)))


def observation_from_dict(data: Mapping[str, object]) -> Observation:
    """Read an observation record written by :func:`observation_to_dict`, checked.

    Malformed records (wrong types, bad card text, unknown or missing fields,
    out-of-range seats and sizes) raise :class:`~tablerules.StateError`
    naming the field, and so do records that no game could show a seat: the
    observer's hand and its size disagree, a card shows twice, the piles, hands
    and melds do not hold the 52 cards, or the history cannot have been
    played. A record it accepts can be determinized and encoded.

    >>> import tablerules.mock as mock
    >>> record = mock.observation_to_dict(mock.observe(mock.new_game(seed=5), 2))
    >>> record["hand_sizes"][2] = 4
    >>> mock.observation_from_dict(record)
    Traceback (most recent call last):
    ...
    tablerules.errors.StateError: observation.hand holds 3 cards, but observation.hand_sizes[2] is 4
    """
    record, config = _read_view_header(data)
    view = _read_view(record, config)
    if (view.to_act is None) != (view.step == "over"):
        raise StateError("observation.to_act must be null exactly when observation.step is 'over'")
    _check_view_cards(view)
    _check_view_copies(record, view)
    _check_playable(view)
    return view


def _check_playable(view: Observation) -> None:
    """The view must be one a real game shows: a state dealt from it passes the invariant check."""
    check_view_is_playable(view, determinize, check_state, observe)
