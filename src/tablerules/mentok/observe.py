"""What one seat may know: :class:`Observation`, :func:`observe`, and the observation's record.

:func:`observation_to_dict` writes the JSON record an app sends to one player
and :func:`observation_from_dict` reads it back, checked: it holds only what
the observation holds, so nothing that seat may not know.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from typing import Final

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
    parse_card_field,
    read_bool,
    read_int,
    read_list,
    read_observation_header,
    read_optional_seat,
    read_seats,
    read_str,
    seat_item,
    write_cards,
)
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.errors import StateError, show
from tablerules.mentok.config import Config
from tablerules.mentok.state import (
    AskRecord,
    Event,
    HandState,
    RoundSummary,
    State,
    TableFacts,
)

__all__ = ["VERSION", "Observation", "observation_from_dict", "observation_to_dict", "observe"]


@attrs.frozen(repr=False)
class Observation(TableFacts):
    """Everything one seat may know about a game of Mentok, and nothing more.

    Public: the dealer, whose turn, every table hand and its state, who
    split, who is done or out of the game, hand sizes, the deck size, scores,
    who has made their score choice, and the round's history of asks (who
    asked whom for which rank, given or drawn, and the card melded) and
    stands. Private to the observer: their own hand, their own score choice,
    and whether their own asks were cheats. Hidden: other hands, the deck,
    others' pending score choices, and others' cheats until the round ends.
    As on :class:`~tablerules.mentok.State`, ``dealer``, ``phase``,
    ``is_over``, ``in_game`` and the table facts (``hand_states``, ``done``,
    ``has_split``, ``in_round``) are properties derived from the fields.

    >>> from tablerules import mentok
    >>> seen = mentok.observe(mentok.new_game(seed=3), 2)
    >>> seen.seat, len(seen.hand), seen.hand_sizes, seen.deck_size
    (2, 4, (4, 4, 4, 4), 32)
    """

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...]
    """The observer's own hand, in the order received."""
    config: Config
    """The game's settings."""
    round: int
    """The current round, 0-based."""
    to_act: int | None
    """The seat that must act; None once the game is over."""
    scores: tuple[int, ...]
    """Game points per seat."""
    tables: tuple[tuple[tuple[Card, ...], ...], ...]
    """Every seat's table hands (face up)."""
    stood: tuple[tuple[bool, ...], ...]
    """For each seat and table hand, whether its owner stood on it."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    deck_size: int
    """How many cards are left in the deck."""
    history: tuple[Event, ...]
    """This round's public history; other seats' ``cheat`` flags are None."""
    cheated: bool
    """Whether the observer has cheated this round (scores -5 for the round)."""
    choice: bool | None
    """The observer's own score choice this round, None until made."""
    chosen: tuple[bool, ...]
    """Which seats have made their score choice this round (not what they chose)."""
    winners: tuple[int, ...]
    """The winning seats, empty until the game is over."""
    last_round: RoundSummary | None
    """The public summary of the previous round (None during round 0)."""

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards whose place the observer cannot see, in the deck or in other hands.

        Every card not in the observer's hand or on a table, in the order of ``FULL_DECK``;
        with two decks a card is listed once for each copy unseen (first
        copies, then second copies). Their number is the deck size plus the
        other hands' sizes.

        >>> from tablerules import mentok
        >>> len(mentok.observe(mentok.new_game(seed=3), 0).unseen_cards)
        44
        """
        seen = [*self.hand]
        for seat_tables in self.tables:
            for cards in seat_tables:
                seen += cards
        if self.config.decks == 1:
            known = set(seen)
            return tuple(card for card in FULL_DECK if card not in known)
        left = dict.fromkeys(FULL_DECK, self.config.decks)
        for card in seen:
            left[card] -= 1
        firsts = [card for card in FULL_DECK if left[card] > 0]
        return (*firsts, *(card for card in FULL_DECK if left[card] > 1))

    @property
    def unseen_count(self) -> int:
        """How many cards the observer cannot place (``len(unseen_cards)``).

        >>> from tablerules import mentok
        >>> mentok.observe(mentok.new_game(seed=3), 0).unseen_count
        44
        """
        return self.deck_size + sum(
            size for seat, size in enumerate(self.hand_sizes) if seat != self.seat
        )

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG (notebooks show it); see :mod:`tablerules.svg`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.observation(self)

    def __str__(self) -> str:
        """The table as this seat sees it, as text; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.observation(self)

    def __repr__(self) -> str:
        tables = tuple(tuple(cards_text(cards) for cards in seat) for seat in self.tables)
        return (
            f"mentok.Observation(seat={self.seat}, hand={cards_text(self.hand)!r}, "
            f"round={self.round}, to_act={self.to_act}, phase={self.phase.value!r}, "
            f"scores={self.scores}, tables={tables}, hand_sizes={self.hand_sizes}, "
            f"deck_size={self.deck_size}, history={len(self.history)} events)"
        )


_make_observation: Final = fast_init(Observation)
"""Called with its first two fields by position: a call with more than 15 keywords is
compiled to build a dict of them first, which costs about half a microsecond."""
_make_ask_record: Final = fast_init(AskRecord)
_OPTIONAL_BOOL: Final = {False: 0, True: 1, None: 2}
_BOOL_OR_NONE: Final = (False, True, None)


@functools.cache
def _chosen(choices: tuple[bool | None, ...]) -> tuple[bool, ...]:
    """Which seats have made their score choice (a memo: there are few choice tuples)."""
    return tuple(choice is not None for choice in choices)


@functools.lru_cache(maxsize=8192)
def _hidden(event: AskRecord) -> AskRecord:
    """``event`` with its cheat flag hidden (a pure memo: equal events, equal answers)."""
    return _make_ask_record(
        seat=event.seat,
        target=event.target,
        rank=event.rank,
        hand=event.hand,
        split=event.split,
        given=event.given,
        card=event.card,
        cheat=None,
    )


def _public_history(history: tuple[Event, ...], seat: int) -> tuple[tuple[Event, ...], bool]:
    """``history`` with others' cheat flags hidden, and whether ``seat`` cheated."""
    events: list[Event] = []
    append = events.append
    cheated = False
    hidden = _hidden
    for event in history:
        if type(event) is AskRecord:
            if event.seat == seat:
                if event.cheat:
                    cheated = True
            elif event.cheat is not None:
                append(hidden(event))
                continue
        append(event)
    return tuple(events), cheated


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know about ``state``.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> seen = mentok.observe(state, 0)
    >>> seen.hand == state.hands[0], seen.tables == state.tables
    (True, True)
    >>> mentok.observe(state, 4)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: seat must be 0 to 3, not 4
    """
    if type(state) is not State:
        check_type(state, State, "state")
    config = state.config
    if type(seat) is not int or not 0 <= seat < config.players:
        check_seat(seat, config.players)
    history = state.history
    cheated = False
    if not config.strict:
        if state.to_act is not None:
            # Others' cheats stay hidden until the round ends (once the game is
            # over, the final round has ended and everything is revealed).
            history, cheated = _public_history(history, seat)
        else:
            cheated = any(
                type(event) is AskRecord and event.seat == seat and bool(event.cheat)
                for event in history
            )
    hands, choices = state.hands, state.choices
    return _make_observation(
        seat,
        hands[seat],
        config=config,
        round=state.round,
        to_act=state.to_act,
        scores=state.scores,
        tables=state.tables,
        stood=state.stood,
        hand_sizes=tuple(map(len, hands)),
        deck_size=len(state.deck),
        history=history,
        cheated=cheated,
        choice=choices[seat],
        chosen=_chosen(choices),
        winners=state.winners,
        last_round=state.last_round,
    )


# --- the observation's record ----------------------------------------------------

VERSION: Final = 1
"""The observation record layout this library writes and reads."""

_WHERE: Final = "observation"
_HAND_SIZE: Final = 4
"""The most cards a hand holds: the four dealt (hands only give cards away)."""
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
    from tablerules.mentok.serialize import (  # noqa: PLC0415 - serialize imports the rules
        event_dict,
        summary_dict,
        tables_list,
    )

    check_type(view, Observation, "view")
    return {
        "game": "mentok",
        "version": VERSION,
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
    return read_observation_header(data, "mentok", VERSION, fields, Config)


def _size_item(value: object, where: str) -> int:
    size = int_item(value, where)
    if not 0 <= size <= _HAND_SIZE:
        raise StateError(f"{where} must be 0 to {_HAND_SIZE} (cards in a hand), not {size}")
    return size


def _optional_bool(value: object, where: str) -> bool | None:
    return None if value is None else bool_item(value, where)


def _read_view(record: Mapping[str, object], config: Config) -> Observation:
    """The observation of a record whose header was read: every field's shape checked."""
    from tablerules.mentok.serialize import (  # noqa: PLC0415 - serialize imports the rules
        read_history,
        read_summary,
        stood_flags,
        table_hands,
    )

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
        parse_card_field(record["hand"], "observation.hand"),
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


def _hand_states(value: object, where: str) -> tuple[HandState, ...]:
    if not isinstance(value, list):
        raise StateError(f"{where} must be a list, not {show(value)}")
    states = []
    for index, item in enumerate(value):
        try:
            states.append(HandState(item))
        except ValueError:
            raise StateError(
                f"{where}[{index}] must be 'active', 'stood' or 'bust', not {show(item)}"
            ) from None
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
    from tablerules.mentok.determinize import determinize  # noqa: PLC0415 - it reads observations
    from tablerules.mentok.validate import check_state  # noqa: PLC0415 - validate reads the rules

    check_view_is_playable(view, determinize, check_state, observe)
