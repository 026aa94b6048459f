"""Helpers and Hypothesis strategies for the Mentok tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok

if TYPE_CHECKING:
    import random


def stacked(front: str, decks: int = 1) -> tuple[tr.Card, ...]:
    """A full deck (``decks`` copies) starting with the cards in ``front``, the rest in order."""
    head = tr.parse_cards(front) if front.strip() else ()
    left = Counter(tr.FULL_DECK * decks)
    left.subtract(head)
    assert all(count >= 0 for count in left.values()), "front uses a card too often"
    rest = [card for card in tr.FULL_DECK for _ in range(left[card])]
    return head + tuple(rest)


def game(front: str, *, seed: int = 0, **options: object) -> mentok.State:
    """A new game whose round 0 deck starts with ``front``."""
    config = mentok.Config(**options)  # type: ignore[arg-type]
    return mentok.new_game(config, seed=seed, deck=stacked(front, config.decks))


def play(state: mentok.State, *actions: mentok.Action) -> mentok.State:
    """Apply ``actions`` in order."""
    for action in actions:
        state = mentok.apply(state, action)
    return state


def cards(text: str) -> tuple[tr.Card, ...]:
    """Cards from text, ``()`` for empty text."""
    return tr.parse_cards(text) if text.strip() else ()


def random_playout(
    state: mentok.State, rng: random.Random, limit: int = 10_000
) -> list[mentok.State]:
    """Every state of a random playout from ``state`` to the end (or ``limit`` actions)."""
    states = [state]
    while not state.is_over and len(states) <= limit:
        state = mentok.apply(state, mentok.random_action(state, rng))
        states.append(state)
    return states


configs = st.builds(
    mentok.Config,
    players=st.integers(2, 5),
    decks=st.just(1),
    strict=st.booleans(),
    exact_target=st.booleans(),
    target=st.sampled_from([21, 21, 3, 5, 12]),
    max_rounds=st.integers(1, 5),
) | st.builds(
    mentok.Config,
    players=st.integers(2, 10),
    decks=st.just(2),
    strict=st.booleans(),
    exact_target=st.booleans(),
    target=st.sampled_from([21, 3, 10]),
    max_rounds=st.integers(1, 3),
)
"""Configurations with one and two decks, always with a round limit so playouts end quickly;
small targets make players bust out of the game."""


PROBES: tuple[mentok.Action, ...] = (
    *(
        mentok.Ask(target, rank, hand, split)
        for target in range(11)
        for rank in range(2, 15)
        for hand in (0, 1, 2)
        for split in (False, True)
    ),
    mentok.Stand(0),
    mentok.Stand(1),
    mentok.Stand(2),
    mentok.Score(use_hand=False),
    mentok.Score(use_hand=True),
)
"""Actions a careless bot might try, legal or not (targets past the table too)."""
