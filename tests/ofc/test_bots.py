"""Bots act on what they see: legal_actions, is_legal and random_action from an Observation."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import fantasyland_round

CONFIGS = [
    ofc.Config(max_rounds=2),
    ofc.Config(players=3, max_rounds=2),
    ofc.Config(variant="classic", players=4, max_rounds=1),
    ofc.Config(progressive=True, fantasyland_cards=14, max_rounds=2),
    ofc.Config(lowball_middle=True, players=3, max_rounds=1),
]

# Rounds that open with fantasyland turns: (config, cards each seat earned the round before).
FANTASYLAND_STARTS = [
    (ofc.Config(max_rounds=2), (15, 0)),
    (ofc.Config(players=3, progressive=True, max_rounds=2), (16, 0, 18)),
    (ofc.Config(variant="classic", players=4, max_rounds=2), (0, 13, 13, 0)),
    (ofc.Config(players=3, fantasyland_cards=14, max_rounds=2), (14, 14, 14)),
]


def check_every_view(state: ofc.State, action: ofc.Place, seed: int) -> None:
    """Each seat's view answers as the state does for the seat to act, and nothing for others."""
    for seat in range(state.config.players):
        view = ofc.observe(state, seat)
        if seat != state.to_act:
            assert ofc.legal_actions(view) == ()
            assert not ofc.is_legal(view, action)
            with pytest.raises(tr.IllegalActionError, match="turn"):
                ofc.random_action(view, random.Random(seed))
            continue
        assert ofc.is_legal(view, action)
        for draw in (seed, seed + 1):
            assert ofc.random_action(view, random.Random(draw)) == ofc.random_action(
                state, random.Random(draw)
            )
        from_view = ofc.legal_actions(view)
        from_state = ofc.legal_actions(state)
        assert from_view == from_state
        if state.in_fantasyland_turn:
            assert isinstance(from_view, ofc.FantasylandSettings)
            assert len(from_view) == ofc.count_fantasyland_settings(view.hand)
            assert action in from_view
            picked = random.Random(seed).choice(from_view)
            assert ofc.is_legal(view, picked)
            assert ofc.is_legal(state, picked)
        else:
            assert isinstance(from_view, tuple)
            assert action in from_view
            for other in from_view[:: max(1, len(from_view) // 4)]:
                assert ofc.is_legal(view, other)


def play_out(state: ofc.State, seed: int) -> int:
    """Play ``state`` to the end with random actions, checking every view; the turns seen."""
    rng = random.Random(seed)
    fantasyland_turns = 0
    while not state.is_over:
        action = ofc.random_action(state, rng)
        check_every_view(state, action, seed)
        fantasyland_turns += state.in_fantasyland_turn
        state = ofc.apply(state, action)
    for seat in range(state.config.players):
        view = ofc.observe(state, seat)
        assert ofc.legal_actions(view) == ()
        with pytest.raises(tr.IllegalActionError, match="over"):
            ofc.random_action(view, random.Random(0))
    return fantasyland_turns


@settings(max_examples=max(20, settings().max_examples // 4), deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 10_000))
def test_views_answer_as_the_state_over_random_playouts(config: ofc.Config, seed: int) -> None:
    play_out(ofc.new_game(config, seed=seed), seed)


@pytest.mark.parametrize(("config", "earned"), FANTASYLAND_STARTS)
def test_views_answer_as_the_state_through_fantasyland_turns(
    config: ofc.Config, earned: tuple[int, ...]
) -> None:
    state = fantasyland_round(config, earned, "", seed=7)
    assert state.in_fantasyland_turn
    assert play_out(state, 7) == sum(1 for count in state.fantasyland if count)


def test_wrong_kinds_are_type_errors_naming_the_parameter() -> None:
    state = ofc.new_game(seed=1)
    record: Any = ofc.to_dict(state)
    untyped: Any = ofc
    calls: list[Callable[[], object]] = [
        lambda: untyped.legal_actions(record),
        lambda: untyped.is_legal(None, ofc.Place()),
        lambda: untyped.random_action(ofc.Board(), random.Random(1)),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"^state must be a tablerules\.ofc\.State or"):
            call()
    with pytest.raises(TypeError, match="rng"):
        untyped.random_action(ofc.observe(state, 1), 5)


def test_a_view_out_of_turn_says_whose_turn_it_is() -> None:
    state = ofc.new_game(ofc.Config(players=3), seed=2)
    action = ofc.random_action(state, random.Random(0))
    view = ofc.observe(state, 2)
    assert not ofc.is_legal(view, action)
    with pytest.raises(tr.IllegalActionError, match="it is seat 1's turn: seat 2 has no action"):
        ofc.random_action(view, random.Random(0))
