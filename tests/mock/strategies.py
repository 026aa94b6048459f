"""Helpers and Hypothesis strategies for the Mock tests."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from tablerules import mock

if TYPE_CHECKING:
    from collections.abc import Callable


def play(state: mock.State, actions: str | list[mock.Action]) -> mock.State:
    """Apply actions in order; a string holds their notation separated by ``;``.

    >>> [str(card) for card in play(mock.new_game(seed=5), "draw; discard 8s").discard_pile]
    ['8s']
    """
    for action in (
        [mock.parse_action(text) for text in actions.split(";")]
        if isinstance(actions, str)
        else actions
    ):
        state = mock.apply(state, action)
    return state


def first_policy(state: mock.State) -> mock.Action:
    """The first legal action: draw from the pile, meld as little as allowed."""
    return mock.legal_actions(state)[0]


def advance(
    state: mock.State,
    until: Callable[[mock.State], bool],
    policy: Callable[[mock.State], mock.Action] = first_policy,
    limit: int = 10_000,
) -> mock.State:
    """Apply ``policy`` until ``until(state)`` holds."""
    for _ in range(limit):
        if until(state):
            return state
        state = mock.apply(state, policy(state))
    raise AssertionError("the condition was never reached")


def end_of_round(state: mock.State) -> bool:
    """Whether the next action could finish the round (one seat left, in its meld step)."""
    return state.step == "meld" and sum(not done for done in state.finished) == 1


def random_policy(seed: int) -> Callable[[mock.State], mock.Action]:
    """A seeded random player."""
    rng = random.Random(seed)
    return lambda state: mock.random_action(state, rng)


@st.composite
def configs(draw: st.DrawFn, max_rounds: int | None = 1) -> mock.Config:
    """Any valid config (3 to 10 players, any tie rule, any legal split)."""
    players = draw(st.integers(3, 10))
    pile = 52 - 3 * players
    opening = draw(st.one_of(st.none(), st.integers(players, pile - players)))
    return mock.Config(
        players=players,
        target=draw(st.sampled_from([50, 10, 1])),
        highest_hand_ties=draw(st.sampled_from(["share", "none", "suits"])),
        opening_size=opening,
        max_rounds=max_rounds,
    )
