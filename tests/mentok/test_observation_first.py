"""Bots act on what they see: legal_actions, is_legal and random_action from an Observation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import PROBES, game, play
from tests.strategies import seeds

CONFIGS = [
    mentok.Config(players=2, max_rounds=2),
    mentok.Config(players=4, max_rounds=2),
    mentok.Config(players=5, strict=False, max_rounds=2),
    mentok.Config(players=8, decks=2, max_rounds=1),
    mentok.Config(players=3, exact_target=False, target=8, max_rounds=3),
    mentok.Config(players=6, decks=2, strict=False, exact_target=False, max_rounds=1),
]

# Every action a forged or careless bot might try, legal or not (targets past the table too).


def seat_to_act(state: mentok.State) -> int:
    assert state.to_act is not None
    return state.to_act


def check_views(state: mentok.State, rng: random.Random) -> None:
    """Every seat's view gives the state's answers (its own turn) or none (not its turn)."""
    listed = mentok.legal_actions(state)
    probes = rng.sample(PROBES, 40)
    for seat in range(state.config.players):
        view = mentok.observe(state, seat)
        if seat != state.to_act:
            assert mentok.legal_actions(view) == ()
            assert not any(mentok.is_legal(view, action) for action in (*listed, *probes))
            with pytest.raises(tr.IllegalActionError, match=r"not to act|game is over"):
                mentok.random_action(view, random.Random(1))
            continue
        assert mentok.legal_actions(view) == listed
        for action in (*listed[:: max(1, len(listed) // 7)], *probes):
            assert mentok.is_legal(view, action) == mentok.is_legal(state, action)
        assert mentok.sphere(view, seat) == mentok.sphere(state, seat)
        for key in (rng.getrandbits(32), rng.getrandbits(32)):
            first = random.Random(key)
            second = random.Random(key)
            assert mentok.random_action(view, first) == mentok.random_action(state, second)
            assert first.getstate() == second.getstate(), "the same draws"


@settings(max_examples=100)
@given(st.sampled_from(CONFIGS), seeds)
def test_views_answer_as_the_state_does(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    state = mentok.new_game(config, seed=seed)
    while not state.is_over:
        check_views(state, rng)
        state = mentok.apply(
            state, mentok.random_action(mentok.observe(state, seat_to_act(state)), rng)
        )
    check_views(state, rng)


def test_a_view_knows_when_its_seat_may_split() -> None:
    # Seat 1 shows a nine and holds none: its first turn may split on nines.
    state = game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d", players=2)
    view = mentok.observe(state, 1)
    assert Ask(0, "9", split=True) in mentok.legal_actions(view)
    assert mentok.is_legal(view, Ask(0, "9", split=True))
    later = mentok.observe(play(state, Ask(0, "2"), Stand()), 1)
    assert later.to_act == 1
    assert not mentok.is_legal(later, Ask(0, "9", split=True))
    assert Ask(0, "9", split=True) not in mentok.legal_actions(later)


def test_views_while_scoring_and_once_over() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts", players=2, max_rounds=1), Stand(), Stand())
    assert state.phase is mentok.Phase.SCORE
    view = mentok.observe(state, seat_to_act(state))
    assert mentok.legal_actions(view) == (Score(use_hand=False), Score(use_hand=True))
    assert not mentok.is_legal(view, Stand())
    final = play(state, Score(), Score())
    for seat in (0, 1):
        seen = mentok.observe(final, seat)
        assert mentok.legal_actions(seen) == ()
        assert not mentok.is_legal(seen, Score())
        with pytest.raises(tr.IllegalActionError, match=r"the game is over"):
            mentok.random_action(seen, random.Random(1))


def test_wrong_kinds_name_the_parameter() -> None:
    state = mentok.new_game(seed=3)
    record = mentok.to_dict(state)
    for call in (
        lambda: mentok.legal_actions(record),  # type: ignore[arg-type]
        lambda: mentok.is_legal(None, Stand()),  # type: ignore[arg-type]
        lambda: mentok.random_action(5, random.Random(1)),  # type: ignore[arg-type]
        lambda: mentok.sphere(record, 0),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=r"^state must be a tablerules.mentok.State"):
            call()
    view = mentok.observe(state, 1)
    with pytest.raises(TypeError, match=r"^rng must be"):
        mentok.random_action(view, 7)  # type: ignore[arg-type]
    with pytest.raises(
        TypeError, match=r"^state must be a tablerules.mentok.State, not tablerules.mentok.Obs"
    ):
        mentok.apply(view, Stand())  # type: ignore[arg-type]
    with pytest.raises(tr.RulesError, match=r"only its own seat's sphere"):
        mentok.sphere(view, 2)
    with pytest.raises(tr.RulesError, match=r"seat must be 0 to 3"):
        mentok.sphere(state, 4)
