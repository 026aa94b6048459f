"""A Mentok round's deal and its end: :func:`deal_round`, :func:`round_end`, :func:`end_round`.

:func:`~tablerules.mentok.new_game` deals round 0 with :func:`deal_round`;
the rules end each round with :func:`end_round`, which scores it with
:mod:`tablerules.mentok.scoring`, decides whether the game is over and
deals the next round from the game's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from tablerules._common import changer, fast_init, round_deck, turn_order
from tablerules.cards import Card
from tablerules.mentok.config import Config
from tablerules.mentok.scoring import game_winners, round_points, still_in_game
from tablerules.mentok.state import Event, RoundSummary, State, cheated_seats

__all__ = ["HAND_SIZE", "ORDERS", "RoundEnd", "deal_round", "end_round", "round_end"]

HAND_SIZE: Final = 4
"""Cards dealt to each hand."""

_MAX_SEATS: Final = 10
_make_state: Final = fast_init(State)
_make_summary: Final = fast_init(RoundSummary)
_FINISH: Final = changer(
    State,
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
)
"""The state at the end of a game: its round ended, nobody to act."""
ORDERS: Final = {
    (players, seat): turn_order(players, seat)
    for players in range(2, _MAX_SEATS + 1)
    for seat in range(players)
}
"""``turn_order(players, seat)`` for every table size: the seats from ``seat``'s left."""


def deal_round(
    config: Config,
    *,
    seed: int,
    round_index: int,
    scores: tuple[int, ...],
    cards: Sequence[Card],
    last_round: RoundSummary | None,
) -> State:
    """The start of a round: each seat still in the game gets 4 hand cards, then 1 table card.

    ``cards`` is the round's deck, dealt from the front in blocks of 5 in
    turn order from the dealer's left; the rest stays the deck. ``scores``
    are the game scores the round starts from; they decide who is still in
    the game. :func:`new_game` and the end of every round deal with it.

    >>> from tablerules import FULL_DECK, cards_text, mentok
    >>> state = deal_round(
    ...     mentok.Config(players=2), seed=0, round_index=1, scores=(5, 3),
    ...     cards=FULL_DECK, last_round=None,
    ... )
    >>> state.dealer, state.to_act, cards_text(state.hands[0]), state.tables[0]
    (1, 0, '2c 2d 2h 2s', ((Card.parse('3c'),),))
    """
    players = config.players
    in_game = still_in_game(config, scores)
    hands: list[tuple[Card, ...]] = [()] * players
    tables: list[tuple[tuple[Card, ...], ...]] = [()] * players
    stood: list[tuple[bool, ...]] = [()] * players
    cards = tuple(cards)
    position = 0
    first: int | None = None
    for seat in ORDERS[players, round_index % players]:
        if not in_game[seat]:
            continue
        if first is None:
            first = seat
        hands[seat] = cards[position : position + HAND_SIZE]
        tables[seat] = ((cards[position + HAND_SIZE],),)
        stood[seat] = (False,)
        position += HAND_SIZE + 1
    return _make_state(
        config=config,
        seed=seed,
        round=round_index,
        scores=scores,
        hands=tuple(hands),
        tables=tuple(tables),
        stood=tuple(stood),
        deck=cards[position:],
        history=(),
        choices=(None,) * players,
        to_act=first,
        winners=(),
        last_round=last_round,
    )


class RoundEnd(NamedTuple):
    """How a round that has just ended comes out, before the next one is dealt."""

    summary: RoundSummary
    """The round's summary (the next state's ``last_round``)."""
    scores: tuple[int, ...]
    """The game scores after the round."""
    winners: tuple[int, ...]
    """The winners if the game is over, else ``()``."""


def round_end(
    state: State,
    *,
    hands: tuple[tuple[Card, ...], ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    history: tuple[Event, ...],
    choices: tuple[bool | None, ...],
    abandoned: bool,
) -> RoundEnd:
    """Score the round that ends now (no one scores an abandoned round); has the game ended?"""
    config = state.config
    players = config.players
    cheated = cheated_seats(history, players)
    points = round_points(tables, hands, choices, cheated, abandoned=abandoned)
    scores = tuple([score + point for score, point in zip(state.scores, points, strict=True)])
    summary = _make_summary(
        round=state.round,
        abandoned=abandoned,
        tables=tables,
        hands=hands,
        choices=(None,) * players if abandoned else choices,
        cheated=cheated,
        points=points,
        history=history,
    )
    in_round = [seat for seat in range(players) if tables[seat]]
    return RoundEnd(summary, scores, game_winners(config, state.round + 1, scores, in_round))


def end_round(
    state: State,
    *,
    hands: tuple[tuple[Card, ...], ...],
    tables: tuple[tuple[tuple[Card, ...], ...], ...],
    stood: tuple[tuple[bool, ...], ...],
    deck: tuple[Card, ...],
    history: tuple[Event, ...],
    choices: tuple[bool | None, ...],
    abandoned: bool,
) -> State:
    """Score the round (or not, if abandoned), check the game's end, and deal the next round."""
    summary, scores, winners = round_end(
        state, hands=hands, tables=tables, history=history, choices=choices, abandoned=abandoned
    )
    config = state.config
    if winners:
        return _FINISH(
            state,
            scores=scores,
            hands=hands,
            tables=tables,
            stood=stood,
            deck=deck,
            history=history,
            choices=choices,
            to_act=None,
            winners=winners,
            last_round=summary,
        )
    following = state.round + 1
    return deal_round(
        config,
        seed=state.seed,
        round_index=following,
        scores=scores,
        cards=round_deck(state.seed, following, config.decks),
        last_round=summary,
    )
