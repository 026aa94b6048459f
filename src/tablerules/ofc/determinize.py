"""Determinization: a full OFC state consistent with what one seat knows, for bots."""

from __future__ import annotations

import random

from tablerules._common import check_rng, check_type
from tablerules.cards import Card
from tablerules.errors import RulesError
from tablerules.ofc.board import BOARD_SIZE, Board
from tablerules.ofc.fantasyland import solve_fantasyland
from tablerules.ofc.observe import Observation
from tablerules.ofc.state import State

__all__ = ["determinize"]


def determinize(observation: Observation, rng: random.Random) -> State:
    """A full state the observer cannot tell from the real one, unknown cards dealt by ``rng``.

    Everything the observation shows is kept: the observer's own cards and
    discards, every visible board, the sizes of others' hands and discards,
    fantasyland counts, bankrolls, the turn and the last round. The cards the
    observer has not seen are shuffled with ``rng`` and dealt to the others'
    unplaced hands, their discards, hidden fantasyland boards (set as
    :func:`~tablerules.ofc.solve_fantasyland` would set them) and the deck.
    The new state's seed, which fixes later rounds, is drawn from ``rng`` too.
    This is what information-set Monte Carlo needs: sample states, play them
    out, and average.

    >>> from tablerules.ofc import determinize
    >>> import random
    >>> import tablerules.ofc as ofc
    >>> state = ofc.new_game(seed=5)
    >>> view = ofc.observe(state, 0)
    >>> guess = determinize(view, random.Random(1))
    >>> ofc.observe(guess, 0) == view
    True
    """
    check_type(observation, Observation, "observation")
    check_rng(rng)
    config = observation.config
    seat = observation.seat
    unseen = list(observation.unseen_cards)
    rng.shuffle(unseen)

    def deal(count: int) -> tuple[Card, ...]:
        cards = tuple(unseen[-count:]) if count else ()
        del unseen[len(unseen) - count :]
        return cards

    boards: list[Board] = []
    hands: list[tuple[Card, ...]] = []
    discards: list[tuple[Card, ...]] = []
    for other in range(config.players):
        if other == seat:
            boards.append(observation.boards[seat])
            hands.append(observation.hand)
            discards.append(observation.discards)
            continue
        if observation.hidden_boards[other]:
            cards = deal(BOARD_SIZE + observation.discard_counts[other])
            place = solve_fantasyland(cards, config)
            boards.append(Board(place.top, place.middle, place.bottom))
            discards.append(place.discard)
        else:
            boards.append(observation.boards[other])
            discards.append(deal(observation.discard_counts[other]))
        hands.append(deal(observation.hand_sizes[other]))
    if len(unseen) != observation.deck_size:
        raise RulesError(  # pragma: no cover - an observation made by observe() always adds up
            f"the observation does not add up: {len(unseen)} unseen cards left for a deck "
            f"of {observation.deck_size}"
        )
    return State(
        config=config,
        seed=rng.getrandbits(63),
        round=observation.round,
        scores=observation.scores,
        boards=tuple(boards),
        hands=tuple(hands),
        discards=tuple(discards),
        deck=tuple(unseen),
        fantasyland=observation.fantasyland,
        to_act=observation.to_act,
        street=observation.street,
        winners=observation.winners,
        last_round=observation.last_round,
    )
