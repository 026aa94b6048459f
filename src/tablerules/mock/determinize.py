"""Determinization: a full Mock state consistent with what one seat knows."""

from __future__ import annotations

import random
from typing import Final

from tablerules._common import check_rng, check_type, fast_init
from tablerules.cards import Card
from tablerules.errors import RulesError
from tablerules.mock.observe import Observation
from tablerules.mock.state import State

__all__ = ["determinize"]

_make_state: Final = fast_init(State)


def determinize(observation: Observation, rng: random.Random) -> State:
    """A full state the observer cannot tell from the real one, unknown cards dealt by ``rng``.

    Everything the observation shows is kept: the observer's hand, every
    meld, the discard pile as the public history rebuilds it, the cards
    others are known to hold (taken from the discard pile), hand and pile
    sizes, the turn, scores and history. The cards the observer cannot place
    (:attr:`~tablerules.mock.Observation.unseen_cards`) are shuffled with
    ``rng`` and dealt to fill the other hands, then the draw pile. The new
    state's seed, which fixes later rounds, comes from ``rng``. ``rng`` must
    be a :class:`random.Random` (a :class:`TypeError` otherwise).

    >>> from tablerules.mock import determinize
    >>> import random
    >>> import tablerules.mock as mock
    >>> state = mock.apply(mock.new_game(seed=5), mock.Draw())
    >>> view = mock.observe(state, 2)
    >>> guess = determinize(view, random.Random(1))
    >>> mock.observe(guess, 2) == view
    True
    """
    check_type(observation, Observation, "observation")
    check_rng(rng)
    unseen = list(observation.unseen_cards)
    rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for seat, (known, size) in enumerate(
        zip(observation.known_hands, observation.hand_sizes, strict=True)
    ):
        if seat == observation.seat:
            hands.append(observation.hand)
            continue
        missing = size - len(known)
        hands.append(known + tuple(unseen[:missing]))
        del unseen[:missing]
    if len(unseen) != observation.deck_size:
        raise RulesError(  # pragma: no cover - an observation made by observe() always adds up
            f"the observation does not add up: {len(unseen)} unseen cards left for a draw pile "
            f"of {observation.deck_size}"
        )
    return _make_state(  # the first fields by position, as in the class
        observation.config,
        rng.getrandbits(63),
        observation.round,
        observation.scores,
        hands=tuple(hands),
        melds=observation.melds,
        deck=tuple(unseen),
        discard_pile=observation.discard_pile,
        known_held=observation.known_held,
        finished=observation.finished,
        to_act=observation.to_act,
        step=observation.step,
        history=observation.history,
        last_round=observation.last_round,
    )
