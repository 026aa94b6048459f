"""Helpers and Hypothesis strategies for the Mock tests."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock

if TYPE_CHECKING:
    from collections.abc import Callable


def stacked(text: str) -> tuple[tr.Card, ...]:
    """A full deck that starts with the cards of ``text``; the rest follow in deck order."""
    first = tr.parse_cards(text)
    return first + tuple(card for card in tr.FULL_DECK if card not in first)


def play(state: mock.State, actions: str | list[mock.Action]) -> mock.State:
    """Apply actions in order; a string is read by :func:`parse_turns`."""
    for action in parse_turns(actions) if isinstance(actions, str) else actions:
        state = mock.apply(state, action)
    return state


def parse_turns(text: str) -> list[mock.Action]:
    """Actions from a compact script: ``d`` draw, ``D`` take discard, ``m:KsKd/2c`` meld/discard."""
    actions: list[mock.Action] = []
    for token in text.split():
        if token == "d":
            actions.append(mock.Draw())
        elif token == "D":
            actions.append(mock.Draw(from_discard=True))
        else:
            assert token.startswith("m:"), token
            melded, _, discarded = token[2:].partition("/")
            actions.append(mock.Meld(melded, discarded))
    return actions


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
