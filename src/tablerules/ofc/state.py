"""The state of an OFC game and the public summary of a finished round: values only.

The dealer, the turn order and whether the game is over are properties
derived from the stored fields. A :class:`RoundSummary` keeps its round's
scoring beside the final boards, as the public record of how the round
ended; ``check_state`` recomputes it from those boards.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Final

import attrs

from tablerules._common import fast_init, turn_order
from tablerules._pickling import (
    DeckBytes,
    card_bytes,
    cards_of,
    config_fields,
    config_from_fields,
    reduce_own,
    shared_rebuild,
    shared_reduce,
    summary_args,
)
from tablerules.ofc.board import board_from_rows
from tablerules.ofc.config import Config

if TYPE_CHECKING:
    from tablerules.cards import Card
    from tablerules.ofc.board import Board

__all__ = ["RoundSummary", "State"]


@attrs.frozen
class RoundSummary:
    """How a round ended, public to everyone once it is over (``State.last_round``).

    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state, rng = ofc.new_game(ofc.Config(max_rounds=1), seed=3), random.Random(0)
    >>> while not state.is_over:
    ...     state = ofc.apply(state, ofc.random_action(state, rng))
    >>> summary = state.last_round
    >>> summary.round, sum(summary.points)
    (0, 0)
    """

    round: int
    """The round's number (0-based)."""
    boards: tuple[Board, ...]
    """Every final board, fantasyland boards included."""
    fouled: tuple[bool, ...]
    """Whether each board was fouled."""
    royalties: tuple[tuple[int, int, int], ...]
    """Each board's top, middle and bottom royalties."""
    points: tuple[int, ...]
    """Each seat's result for the round (they sum to 0)."""
    fantasyland: tuple[int, ...]
    """Cards each seat was dealt in fantasyland that round (0 when not in fantasyland)."""
    next_fantasyland: tuple[int, ...]
    """Fantasyland cards each seat earned for the next round (before the supply rule)."""

    @property
    def dealer(self) -> int:
        """The round's dealer (seat 0 in round 0, then one seat left each round)."""
        return self.round % len(self.boards)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle compactly: cards as bytes (see :mod:`tablerules._pickling`).

        Every state of the next round holds this summary: it is written once
        per object, and equal pickles load as one object.
        """
        return shared_reduce(self, reduce_own)

    def _reduce(self) -> tuple[object, ...]:
        blob, layout = _boards_bytes(self.boards)
        extra = zip(map(int, self.fouled), self.fantasyland, self.next_fantasyland, strict=True)
        numbers = (self.round, *self.points, *chain.from_iterable(self.royalties))
        return (_summary_from_pickle, (numbers, blob, layout + bytes(chain.from_iterable(extra))))


@attrs.frozen(repr=False)
class State:
    """A whole OFC game at one moment. Build it with :func:`tablerules.ofc.new_game`.

    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=1)
    >>> state.to_act, state.street, len(state.hands[1]), len(state.deck)
    (1, 0, 5, 47)
    """

    config: Config
    """The game's rules."""
    seed: int
    """The seed every round's shuffle comes from."""
    round: int
    """The round being played (0-based); the last round played once the game is over."""
    scores: tuple[int, ...]
    """Each seat's bankroll."""
    boards: tuple[Board, ...]
    """Each seat's board this round, fantasyland boards included (``observe`` hides them)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards dealt and not yet placed, in the order dealt."""
    discards: tuple[tuple[Card, ...], ...]
    """Each seat's discards this round, in the order discarded."""
    deck: tuple[Card, ...]
    """The undealt cards, next first."""
    fantasyland: tuple[int, ...]
    """Cards each seat is dealt in fantasyland this round (0 when playing normally)."""
    to_act: int | None
    """The seat that must act, or ``None`` once the game is over."""
    street: int
    """The street of the players not in fantasyland, 0 being the first (5 cards).
    It stays 0 while fantasyland players set their boards."""
    winners: tuple[int, ...] = ()
    """Seats with the highest bankroll once the game is over; empty before."""
    last_round: RoundSummary | None = None
    """The summary of the round just finished; ``None`` until a round has ended."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @property
    def dealer(self) -> int:
        """The dealer this round, seat 0 in round 0, then one seat left each round."""
        return self.round % self.config.players

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in turn order this round, starting left of the dealer.

        >>> import tablerules.ofc as ofc
        >>> ofc.new_game(ofc.Config(players=3), seed=1).order
        (1, 2, 0)
        """
        return turn_order(self.config.players, self.round % self.config.players)

    @property
    def in_fantasyland_turn(self) -> bool:
        """Whether the seat to act is setting a fantasyland board."""
        return self.to_act is not None and self.fantasyland[self.to_act] > 0

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle compactly: cards as bytes, the config as its fields, no checks on loading.

        A pickle is for moving states between your own processes; read data
        from anyone else with :func:`~tablerules.ofc.from_dict`, which checks it.

        >>> import pickle
        >>> import tablerules.ofc as ofc
        >>> state = ofc.new_game(seed=1)
        >>> pickle.loads(pickle.dumps(state)) == state
        True
        """
        cards: list[Card] = []
        layout: list[int] = []
        for board, hand, discards, fantasyland in zip(
            self.boards, self.hands, self.discards, self.fantasyland, strict=True
        ):
            top, middle, bottom = board.top, board.middle, board.bottom
            cards += top
            cards += middle
            cards += bottom
            cards += hand
            cards += discards
            layout += (len(top), len(middle), len(bottom), len(hand), len(discards), fantasyland)
        layout += self.winners
        numbers = (self.seed, self.round, self.to_act, self.street, *self.scores)
        fields = config_fields(self.config)
        blob = card_bytes(cards) + deck_bytes.write(self.deck)
        return (
            _state_from_pickle,
            (fields, numbers, blob, bytes(layout), summary_args(self.last_round)),
        )

    def __repr__(self) -> str:
        boards = ", ".join(f"{board}" for board in self.boards)
        return (
            f"<ofc.State round={self.round} street={self.street} to_act={self.to_act} "
            f"scores={self.scores} fantasyland={self.fantasyland} boards=[{boards}] "
            f"deck={len(self.deck)} cards>"
        )


_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)


def _boards_bytes(boards: tuple[Board, ...]) -> tuple[bytes, bytes]:
    """The boards' cards as bytes, and each row's size."""
    cards: list[Card] = []
    sizes: list[int] = []
    for board in boards:
        top, middle, bottom = board.top, board.middle, board.bottom
        cards += top
        cards += middle
        cards += bottom
        sizes += (len(top), len(middle), len(bottom))
    return card_bytes(cards), bytes(sizes)


def boards_from_bytes(cards: tuple[Card, ...], sizes: bytes, start: int = 0) -> tuple[Board, ...]:
    """The boards that ``_boards_bytes`` wrote (each seat's three sizes), from ``start``."""
    boards = []
    for place in range(0, len(sizes), 3):
        top_end = start + sizes[place]
        middle_end = top_end + sizes[place + 1]
        end = middle_end + sizes[place + 2]
        boards.append(
            board_from_rows(cards[start:top_end], cards[top_end:middle_end], cards[middle_end:end])
        )
        start = end
    return tuple(boards)


def _summary_from_pickle(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked (one object for equal pickles)."""
    return shared_rebuild(_build_summary, numbers, blob, layout)


def _build_summary(numbers: tuple[int, ...], blob: bytes, layout: bytes) -> RoundSummary:
    """Rebuild a pickled round summary, unchecked."""
    players = (len(numbers) - 1) // 4
    boards = boards_from_bytes(cards_of(blob), layout[: 3 * players])
    extra = layout[3 * players :]
    royalties = numbers[1 + players :]
    return _make_summary(
        round=numbers[0],
        boards=boards,
        fouled=tuple(map(_BOOLS.__getitem__, extra[0::3])),
        royalties=tuple(zip(royalties[0::3], royalties[1::3], royalties[2::3], strict=True)),
        points=numbers[1 : 1 + players],
        fantasyland=tuple(extra[1::3]),
        next_fantasyland=tuple(extra[2::3]),
    )


_BOOLS: Final = (False, True)


def _state_from_pickle(
    fields: tuple[object, ...],
    numbers: tuple[int, ...],
    blob: bytes,
    layout: bytes,
    last_round: tuple[object, ...] | None,
) -> State:
    """Rebuild a pickled state, unchecked (see ``State.__reduce__``)."""
    last_fields, config = _LAST_CONFIG[0]
    if fields != last_fields:
        config = config_from_fields(Config, fields)
        _LAST_CONFIG[0] = (fields, config)
    players = config.players
    cards = cards_of(blob)
    boards, hands, discards = [], [], []
    start = 0
    for place in range(0, 6 * players, 6):
        top_end = start + layout[place]
        middle_end = top_end + layout[place + 1]
        bottom_end = middle_end + layout[place + 2]
        hand_end = bottom_end + layout[place + 3]
        end = hand_end + layout[place + 4]
        boards.append(
            board_from_rows(
                cards[start:top_end], cards[top_end:middle_end], cards[middle_end:bottom_end]
            )
        )
        hands.append(cards[bottom_end:hand_end])
        discards.append(cards[hand_end:end])
        start = end
    last_args, summary = _LAST_SUMMARY[0]
    if last_round != last_args:
        summary = summary_from_args(last_round)
        _LAST_SUMMARY[0] = (last_round, summary)
    return _make_state(
        config=config,
        seed=numbers[0],
        round=numbers[1],
        scores=numbers[4:],
        boards=tuple(boards),
        hands=tuple(hands),
        discards=tuple(discards),
        deck=cards[start:],
        fantasyland=tuple(layout[5 : 6 * players : 6]),
        to_act=numbers[2],
        street=numbers[3],
        winners=tuple(layout[6 * players :]),
        last_round=summary,
    )


deck_bytes: Final = DeckBytes()
"""The decks this game's state pickles wrote and read last."""
_LAST_CONFIG: Final[list[tuple[tuple[object, ...], Config]]] = [((), Config())]
"""The config fields read last and their config (one entry, swapped whole)."""
_LAST_SUMMARY: Final[list[tuple[tuple[object, ...] | None, RoundSummary | None]]] = [(None, None)]
"""The summary arguments read last and their summary (one entry, swapped whole)."""


def summary_from_args(args: tuple[object, ...] | None) -> RoundSummary | None:
    """The summary whose :func:`summary_args` these are (one object for equal arguments)."""
    if args is None:
        return None
    return shared_rebuild(_build_summary, *args)
