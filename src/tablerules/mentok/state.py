"""Mentok game state: :class:`State`, its public records and the round summary."""

from __future__ import annotations

import enum

import attrs

from tablerules.cards import Card, Rank, cards_text
from tablerules.mentok.config import Config
from tablerules.mentok.scoring import still_in_game, value_unchecked

__all__ = ["AskRecord", "Event", "HandState", "Phase", "RoundSummary", "StandRecord", "State"]


class HandState(str, enum.Enum):
    """The state of one table hand, visible to everyone.

    >>> from tablerules import mentok
    >>> mentok.new_game(seed=3).hand_states[1]
    (<HandState.ACTIVE: 'active'>,)
    """

    ACTIVE = "active"
    """Still taking cards."""
    STOOD = "stood"
    """Its owner stood on it."""
    BUST = "bust"
    """Worth more than 21; closed."""


class Phase(str, enum.Enum):
    """What the game is waiting for.

    >>> from tablerules import mentok
    >>> mentok.new_game(seed=3).phase
    <Phase.PLAY: 'play'>
    """

    PLAY = "play"
    """Players take turns to Ask or Stand."""
    SCORE = "score"
    """Every player is done; each chooses what to score, in turn order."""
    OVER = "over"
    """The game is over."""


@attrs.frozen
class AskRecord:
    """One ask in the public history of a round: who asked whom for what, and what was melded.

    >>> from tablerules.mentok import AskRecord
    >>> from tablerules import Card, Rank
    >>> AskRecord(0, 2, Rank.KING, 0, False, True, Card.parse("Kd"), False).given
    True
    """

    seat: int
    """The asking seat."""
    target: int
    """The seat asked."""
    rank: Rank
    """The rank asked for."""
    hand: int
    """The table hand named by the ask."""
    split: bool
    """Whether the ask asked to split. The split happened if the card was also given:
    the card then started table hand 1."""
    given: bool
    """True if the target gave the card; False if the asker drew from the deck."""
    card: Card | None
    """The card melded (face up, so public); None if the deck was empty and the round
    was abandoned."""
    cheat: bool | None
    """True if the rank was outside the asker's sphere of influence (only possible with
    ``strict=False``). In an observation, None for other players' asks until the round
    has ended."""


@attrs.frozen
class StandRecord:
    """A Stand in the public history of a round.

    >>> from tablerules.mentok import StandRecord
    >>> StandRecord(seat=1, hand=0)
    StandRecord(seat=1, hand=0)
    """

    seat: int
    """The seat that stood."""
    hand: int
    """The table hand stood on."""


Event = AskRecord | StandRecord
"""One entry of a round's public history."""


@attrs.frozen
class RoundSummary:
    """How a finished round ended, kept in ``last_round`` after the next deal.

    Everything here is public once the round is over: the final table hands,
    the cards each player still held, the score choices, the cheats and the
    points each seat scored.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(mentok.Config(players=2, max_rounds=1), seed=1)
    >>> state.last_round is None
    True
    >>> for action in (mentok.Stand(), mentok.Stand(), mentok.Score(), mentok.Score()):
    ...     state = mentok.apply(state, action)
    >>> state.last_round.round, state.last_round.dealer, state.last_round.points
    (0, 0, (0, 0))
    """

    round: int
    """The round's index (0-based)."""
    abandoned: bool
    """True if the deck ran out and nobody scored (a cheat's -5 still stands)."""
    tables: tuple[tuple[tuple[Card, ...], ...], ...]
    """Each seat's final table hands (empty for seats not in the round)."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat still held, revealed at the end of the round."""
    choices: tuple[bool | None, ...]
    """Each seat's Score choice (True for the cards held), or None if not in the round or
    if the round was abandoned."""
    cheated: tuple[bool, ...]
    """Whether each seat asked outside its sphere of influence this round."""
    points: tuple[int, ...]
    """The game points each seat scored this round."""
    history: tuple[Event, ...]
    """The round's public history of asks and stands."""

    @property
    def dealer(self) -> int:
        """The round's dealer, seat 0 in round 0 and then one seat left every round."""
        return self.round % len(self.points)

    def __repr__(self) -> str:
        tables = tuple(tuple(cards_text(cards) for cards in seat) for seat in self.tables)
        hands = tuple(cards_text(cards) for cards in self.hands)
        return (
            f"RoundSummary(round={self.round}, dealer={self.dealer}, abandoned={self.abandoned}, "
            f"tables={tables}, hands={hands}, choices={self.choices}, cheated={self.cheated}, "
            f"points={self.points}, history={len(self.history)} events)"
        )


def cheated_seats(history: tuple[Event, ...], players: int) -> tuple[bool, ...]:
    """Whether each seat asked outside its sphere of influence in ``history``."""
    flags = [False] * players
    for event in history:
        if type(event) is AskRecord and event.cheat:
            flags[event.seat] = True
    return tuple(flags)


def hand_state(cards: tuple[Card, ...], stood: bool) -> HandState:
    """The state of a table hand from its cards and stood flag."""
    if stood:
        return HandState.STOOD
    if value_unchecked(cards) > 21:
        return HandState.BUST
    return HandState.ACTIVE


def seat_done(tables: tuple[tuple[Card, ...], ...], stood: tuple[bool, ...]) -> bool:
    """True if every table hand of a seat is stood or bust (a seat with none counts as done)."""
    for index, cards in enumerate(tables):
        if not stood[index] and value_unchecked(cards) <= 21:
            return False
    return True


class TableFacts:
    """Facts derived from the public fields, shared by :class:`State` and the observation."""

    __slots__ = ()
    config: Config
    round: int
    scores: tuple[int, ...]
    to_act: int | None
    tables: tuple[tuple[tuple[Card, ...], ...], ...]
    stood: tuple[tuple[bool, ...], ...]

    @property
    def dealer(self) -> int:
        """This round's dealer, seat 0 in round 0 and then one seat left every round.

        The dealer moves on past players who are out of the game too.
        """
        return self.round % self.config.players

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.to_act is None

    @property
    def phase(self) -> Phase:
        """What the game waits for, play (Ask or Stand), score choices, or nothing (over)."""
        seat = self.to_act
        if seat is None:
            return Phase.OVER
        if seat_done(self.tables[seat], self.stood[seat]):
            return Phase.SCORE
        return Phase.PLAY

    @property
    def in_game(self) -> tuple[bool, ...]:
        """False for seats that busted out of the game (past the target with ``exact_target``)."""
        return still_in_game(self.config, self.scores)

    @property
    def hand_states(self) -> tuple[tuple[HandState, ...], ...]:
        """Each seat's table hands as active, stood or bust."""
        return tuple(
            tuple(
                hand_state(cards, flag) for cards, flag in zip(seat_tables, seat_stood, strict=True)
            )
            for seat_tables, seat_stood in zip(self.tables, self.stood, strict=True)
        )

    @property
    def done(self) -> tuple[bool, ...]:
        """Whether each seat has no active table hand (seats not in the round count as done)."""
        return tuple(seat_done(t, s) for t, s in zip(self.tables, self.stood, strict=True))

    @property
    def has_split(self) -> tuple[bool, ...]:
        """Whether each seat split this round."""
        return tuple(len(seat_tables) == 2 for seat_tables in self.tables)

    @property
    def in_round(self) -> tuple[bool, ...]:
        """Whether each seat was dealt into the current round."""
        return tuple(bool(seat_tables) for seat_tables in self.tables)


@attrs.frozen(repr=False)
class State(TableFacts):
    """A game of Mentok at one moment. Frozen: :func:`~tablerules.mentok.apply` returns a new one.

    Seats not in the current round (out of the game) have empty ``hands``,
    ``tables`` and ``stood``. Hands keep the order in which cards arrived.
    What follows from these fields is a property, not stored twice:
    ``dealer``, ``in_game``, ``phase``, ``is_over``, ``cheated``, ``hand_states``,
    ``done``, ``has_split`` and ``in_round``.

    >>> from tablerules import mentok
    >>> state = mentok.new_game(seed=3)
    >>> state.round, state.dealer, state.to_act, state.phase
    (0, 0, 1, <Phase.PLAY: 'play'>)
    >>> [len(hand) for hand in state.hands], len(state.deck)
    ([4, 4, 4, 4], 32)
    """

    config: Config
    """The game's settings."""
    seed: int
    """The seed every round's shuffle comes from."""
    round: int
    """The current round, 0-based (the last round played once the game is over)."""
    scores: tuple[int, ...]
    """Game points per seat."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's private hand, in the order received."""
    tables: tuple[tuple[tuple[Card, ...], ...], ...]
    """Each seat's table hands (one, or two after a split), face up."""
    stood: tuple[tuple[bool, ...], ...]
    """For each seat and table hand, whether its owner stood on it."""
    deck: tuple[Card, ...]
    """The undrawn cards, next first."""
    history: tuple[Event, ...]
    """This round's public history of asks and stands, oldest first."""
    choices: tuple[bool | None, ...]
    """Score choices made so far this round (None until made), hidden from others."""
    to_act: int | None
    """The seat that must act; None once the game is over."""
    winners: tuple[int, ...]
    """The winning seats, empty until the game is over."""
    last_round: RoundSummary | None
    """The summary of the round just finished; None during round 0."""

    @property
    def cheated(self) -> tuple[bool, ...]:
        """Whether each seat has asked outside its sphere of influence this round."""
        return cheated_seats(self.history, self.config.players)

    def __repr__(self) -> str:
        hands = tuple(cards_text(hand) for hand in self.hands)
        tables = tuple(tuple(cards_text(cards) for cards in seat) for seat in self.tables)
        return (
            f"mentok.State(round={self.round}, dealer={self.dealer}, to_act={self.to_act}, "
            f"phase={self.phase.value!r}, scores={self.scores}, hands={hands}, "
            f"tables={tables}, deck={len(self.deck)} cards, winners={self.winners})"
        )

    def __str__(self) -> str:
        """The whole state as text, every card face up; see :mod:`tablerules.text`."""
        from tablerules import text  # noqa: PLC0415 - text writes every game, so it imports them

        return text.state(self)
