"""What one seat may know: :class:`Observation` and :func:`observe`.

The observation's JSON record (:func:`~tablerules.mentok.observation_to_dict`,
:func:`~tablerules.mentok.observation_from_dict`) is in
:mod:`tablerules.mentok.serialize`, with the state's.
"""

from __future__ import annotations

import functools
from typing import Final

import attrs

from tablerules._common import (
    check_seat,
    check_type,
    fast_init,
)
from tablerules.cards import FULL_DECK, Card, cards_text
from tablerules.mentok.config import Config
from tablerules.mentok.state import (
    AskRecord,
    Event,
    RoundSummary,
    State,
    TableFacts,
)

__all__ = ["Observation", "observe"]


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


@functools.cache
def _chosen(choices: tuple[bool | None, ...]) -> tuple[bool, ...]:
    """Which seats have made their score choice (a memo: there are few choice tuples)."""
    return tuple(choice is not None for choice in choices)


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
