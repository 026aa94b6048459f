"""What one seat may know: :class:`Observation`, :func:`observe`, and the observation's record.

:func:`observation_to_dict` writes the JSON record an app sends to one player
and :func:`observation_from_dict` reads it back, checked: it holds only what
the observation holds, so nothing that seat may not know.
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
from tablerules.mock.config import HAND_SIZE, MELD_SIZE, Config
from tablerules.mock.serialize import card_text, event_dict, read_event, read_summary, summary_dict
from tablerules.mock.state import (
    State,
    TableFacts,
    held_from_discards,
    opening_left,
    replay_public,
)
from tablerules.mock.validate import check_state

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablerules.mock.state import Event, RoundSummary, Step

__all__ = ["VERSION", "Observation", "observation_from_dict", "observation_to_dict", "observe"]

DECK_SIZE: Final = len(FULL_DECK)
MELD_HAND: Final = HAND_SIZE + 1
"""The most cards a hand holds: three, and the card just drawn at a meld step."""


def _cards_repr(cards: tuple[Card, ...]) -> str:
    return repr(cards_text(cards))


def _melds_repr(melds: tuple[tuple[Card, ...], ...]) -> str:
    return repr([cards_text(cards) for cards in melds])


@attrs.frozen
class Observation(TableFacts):
    """Everything one seat may know about a game of Mock, and nothing more.

    Public: the dealer, whose turn and which step, who has finished, every
    meld, the discard pile (as the history shows it), the sizes of the draw
    pile and of every hand, the scores, and the round's public history (who
    drew from where, the card taken from the discard pile, what was melded
    and discarded). Private to the observer: their own hand. Never shown:
    other hands, the order of the draw pile, and the game's seed. Facts the
    fields determine are properties (the ones a state has too come from
    ``TableFacts``), named as in the other games
    where they share a meaning (:attr:`deck_size`, :attr:`hand_sizes`,
    :attr:`unseen_count`, :attr:`is_over`).

    >>> import tablerules.mock as mock
    >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
    >>> seen = mock.observe(state, 1)
    >>> seen.step, len(seen.hand), seen.hand_sizes, seen.deck_size, seen.opening_size
    ('meld', 4, (3, 4, 3, 3), 39, 19)
    """

    seat: int
    """The observing seat."""
    hand: tuple[Card, ...] = attrs.field(repr=_cards_repr)
    """The observer's own hand, in the order its cards arrived."""
    config: Config
    """The game's options."""
    round: int
    """The current round, 0-based."""
    to_act: int | None
    """The seat to act, ``None`` once the game is over."""
    step: Step
    """``"draw"``, ``"meld"`` or ``"over"``."""
    opening_was_empty: bool
    """Whether the opening was empty when the current turn started."""
    pile_was_empty: bool
    """Whether the whole draw pile was empty when the current turn started."""
    finished: tuple[bool, ...]
    """Which seats have finished the round."""
    melds: tuple[tuple[Card, ...], ...] = attrs.field(repr=_melds_repr)
    """Every seat's melded cards."""
    deck_size: int
    """Cards left in the draw pile (the opening, then the finish)."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    scores: tuple[int, ...]
    """Game points of each seat."""
    history: tuple[Event, ...]
    """The round's public history, oldest first."""
    last_round: RoundSummary | None
    """The summary of the previous round (or of the last one, once the game is over)."""

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile (top last) as a player who remembers the history knows it.

        >>> import tablerules.mock as mock
        >>> state = mock.new_game(seed=5)
        >>> for _ in range(2):
        ...     state = mock.apply(state, mock.legal_actions(state)[0])
        >>> mock.observe(state, 0).discard_pile == state.discard_pile
        True
        """
        return replay_public(self.history, len(self.hand_sizes)).discard_pile

    @property
    def discard_size(self) -> int:
        """Cards in the discard pile, the cards of the deck that are nowhere else.

        Every card is in the draw pile, a hand, a meld or the discard pile,
        so the sizes the observation shows give it without replaying the
        history (it equals ``len(discard_pile)``).

        >>> import tablerules.mock as mock
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> state = mock.apply(state, mock.Meld(discards="8s"))
        >>> seen = mock.observe(state, 0)
        >>> seen.discard_size, len(seen.discard_pile)
        (1, 1)
        """
        return DECK_SIZE - self.deck_size - sum(self.hand_sizes) - sum(map(len, self.melds))

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, if any."""
        pile = self.discard_pile
        return pile[-1] if pile else None

    @property
    def opening_size(self) -> int:
        """Cards left in the opening (see ``opening_left``)."""
        return opening_left(self.config, self.deck_size)

    @property
    def finish_size(self) -> int:
        """Cards left in the finish."""
        return self.deck_size - self.opening_size

    def _in_hand(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def _has_discards(self) -> bool:
        return self.discard_size > 0

    def _has_deck(self) -> bool:
        return self.deck_size > 0

    def _hand_to_act(self) -> tuple[Card, ...] | None:
        return self.hand if self.to_act == self.seat else None

    @property
    def known_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards known to be in each hand.

        The observer's whole hand, and for the others the cards they took from
        the discard pile and still hold.

        >>> import tablerules.mock as mock
        >>> from tablerules import cards_text
        >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
        >>> state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
        >>> state = mock.apply(state, mock.Draw(from_discard=True))
        >>> [cards_text(hand) for hand in mock.observe(state, 0).known_hands]
        ['5h Js 9c', '', '8s', '']
        """
        known = list(held_from_discards(self.history, len(self.hand_sizes)))
        known[self.seat] = self.hand
        return tuple(known)

    @property
    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards whose place the observer cannot know, in the order of ``FULL_DECK``.

        They are in the draw pile or in other hands (not taken there from the
        discard pile). Their number is the draw pile's size plus the unknown
        cards in the other hands.

        >>> import tablerules.mock as mock
        >>> len(mock.observe(mock.new_game(seed=5), 0).unseen_cards)
        49
        """
        seen = {card for meld in self.melds for card in meld}
        seen.update(self.discard_pile)
        for cards in self.known_hands:
            seen.update(cards)
        return tuple(card for card in FULL_DECK if card not in seen)

    @property
    def unseen_count(self) -> int:
        """How many cards the observer cannot place (``len(unseen_cards)``).

        >>> import tablerules.mock as mock
        >>> mock.observe(mock.new_game(seed=5), 0).unseen_count
        49
        """
        return len(self.unseen_cards)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG (notebooks show it); see :mod:`tablerules.svg`."""
        from tablerules import svg  # noqa: PLC0415 - svg draws every game, so it imports them

        return svg.observation(self)

    def __str__(self) -> str:
        """The table as this seat sees it, as text; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.observation(self)

    def __repr__(self) -> str:
        melds = tuple(cards_text(meld) for meld in self.melds)
        return (
            f"mock.Observation(seat={self.seat}, hand={cards_text(self.hand)!r}, "
            f"round={self.round}, to_act={self.to_act}, step={self.step!r}, "
            f"scores={self.scores}, melds={melds}, hand_sizes={self.hand_sizes}, "
            f"deck_size={self.deck_size}, history={len(self.history)} events)"
        )


_make_observation: Final = fast_init(Observation)


def observe(state: State, seat: int) -> Observation:
    """What ``seat`` may know of ``state``.

    >>> import tablerules.mock as mock
    >>> state = mock.new_game(seed=5)
    >>> seen = mock.observe(state, 2)
    >>> seen.hand == state.hands[2], seen.top_discard, seen.hand_sizes
    (True, None, (3, 3, 3, 3))
    >>> mock.observe(state, 4)
    Traceback (most recent call last):
    ...
    tablerules.errors.RulesError: seat must be 0 to 3, not 4
    """
    if type(state) is not State:
        check_type(state, State, "state")
    config, hands = state.config, state.hands
    if type(seat) is not int or not 0 <= seat < config.players:
        check_seat(seat, config.players)
    return _make_observation(
        seat=seat,
        hand=hands[seat],
        config=config,
        round=state.round,
        to_act=state.to_act,
        step=state.step,
        opening_was_empty=state.opening_was_empty,
        pile_was_empty=state.pile_was_empty,
        finished=state.finished,
        melds=state.melds,
        deck_size=len(state.deck),
        hand_sizes=tuple(map(len, hands)),
        scores=state.scores,
        history=state.history,
        last_round=state.last_round,
    )


# --- the observation's record ----------------------------------------------------

VERSION: Final = 1
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
    "opening_was_empty",
    "pile_was_empty",
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
    "must_meld",
    "winners",
)
_STEPS: Final[tuple[Step, ...]] = ("draw", "meld", "over")


def observation_to_dict(view: Observation) -> Json:
    """The JSON-compatible record of ``view``: what an app sends to that one player.

    It holds the observation's fields (cards as text, the history as in
    :func:`~tablerules.mock.to_dict`) and, for readers without this library,
    facts they determine (``dealer``, ``opening_size``, ``finish_size``,
    ``discard_pile``, ``took_discard``, ``must_meld``, ``winners``). Built from
    the observation alone, it holds nothing the seat may not know.

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
        "version": VERSION,
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


def _read_header(data: object) -> tuple[Mapping[str, object], Config]:
    """The record as a mapping, its fields checked by name, and its config."""
    fields = (*_BASE_FIELDS, *_DERIVED_FIELDS)
    return read_observation_header(data, "mock", VERSION, fields, Config)


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
    return _make_observation(
        seat=seat_item(record["seat"], "observation.seat", players),
        hand=card_text(record["hand"], "observation.hand"),
        config=config,
        round=read_int(record, "round", where, minimum=0),
        to_act=read_optional_seat(record, "to_act", where, players),
        step=step,
        opening_was_empty=read_bool(record, "opening_was_empty", where),
        pile_was_empty=read_bool(record, "pile_was_empty", where),
        finished=read_seats(record, "finished", where, players, bool_item),
        melds=read_seats(record, "melds", where, players, card_text),
        deck_size=deck_size,
        hand_sizes=read_seats(record, "hand_sizes", where, players, _size_item),
        scores=read_seats(record, "scores", where, players, _score_item),
        history=tuple(
            read_event(event, f"observation.history[{index}]", players)
            for index, event in enumerate(read_list(record, "history", where))
        ),
        last_round=read_summary(record["last_round"], players, "observation.last_round"),
    )


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _check_cards(view: Observation) -> None:
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
    record = replay_public(view.history, len(view.hand_sizes))
    shown: list[Card] = [*view.hand, *record.discard_pile]
    for meld in view.melds:
        shown.extend(meld)
    for other, held in enumerate(record.held):
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
    if placed + len(record.discard_pile) != DECK_SIZE:
        raise StateError(
            f"observation: the draw pile ({view.deck_size}), the hands ({sum(view.hand_sizes)}), "
            f"the melds ({sum(map(len, view.melds))}) and the discard pile as "
            f"observation.history shows it ({len(record.discard_pile)}) must hold the "
            f"{DECK_SIZE} cards, not {placed + len(record.discard_pile)}"
        )


def _check_copy(name: str, written: object, derived: object, derived_text: str) -> None:
    if written != derived:
        raise StateError(
            f"observation.{name} must be {derived_text}, what the observation's other fields "
            f"determine, not {show(written)}"
        )


def _check_copies(record: Mapping[str, object], view: Observation) -> None:
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
    took = read_bool(record, "took_discard", where)
    _check_copy("took_discard", took, view.took_discard, str(view.took_discard).lower())
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
    record, config = _read_header(data)
    view = _read_view(record, config)
    if (view.to_act is None) != (view.step == "over"):
        raise StateError("observation.to_act must be null exactly when observation.step is 'over'")
    _check_cards(view)
    _check_copies(record, view)
    _check_playable(view)
    return view


def _check_playable(view: Observation) -> None:
    """The view must be one a real game shows: a state dealt from it passes the invariant check."""
    from tablerules.mock.determinize import determinize  # noqa: PLC0415 - it reads observations

    check_view_is_playable(view, determinize, check_state, observe)
