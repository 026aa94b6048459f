"""Random playouts under many configurations: invariants that must always hold."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import UnrealizableError, fantasyland_round
from tests.ofc.strategies import configs
from tests.strategies import seeds

MAX_STEPS = 400


def all_cards(state: ofc.State) -> list[tr.Card]:
    cards = [card for board in state.boards for card in board.cards]
    cards += [card for hand in state.hands for card in hand]
    cards += [card for discards in state.discards for card in discards]
    return cards + list(state.deck)


def check_observations(state: ofc.State) -> None:
    players = state.config.players
    for seat in range(players):
        view = ofc.observe(state, seat)
        # last_round shows a finished round (another deck): it may show any card
        text = repr(attrs.evolve(view, last_round=None))
        hidden = set(state.deck)
        for other in range(players):
            if other != seat:
                hidden |= set(state.hands[other]) | set(state.discards[other])
                if view.hidden_boards[other]:
                    hidden |= set(state.boards[other].cards)
        shown = set(view.hand) | set(view.discards)
        for board in view.boards:
            shown |= set(board.cards)
        assert not shown & hidden
        for card in hidden:
            assert repr(card) not in text


@settings(max_examples=40)
@given(config=configs, seed=seeds, choice_seed=st.integers(0, 2**16))
def test_random_games_keep_every_invariant(config: ofc.Config, seed: int, choice_seed: int) -> None:
    play_out(ofc.new_game(config, seed=seed), random.Random(choice_seed))


@settings(max_examples=25)
@given(
    config=configs.filter(lambda config: config.fantasyland),
    seed=seeds,
    choice_seed=st.integers(0, 2**16),
    data=st.data(),
)
def test_games_starting_in_fantasyland_keep_every_invariant(
    config: ofc.Config, seed: int, choice_seed: int, data: st.DataObject
) -> None:
    base = config.fantasyland_base
    top = base + (3 if config.progressive else 0)
    choices = st.sampled_from([0, *range(base, top + 1)])
    earned = tuple(data.draw(choices) for _ in range(config.players))
    # Round 2, so the bankrolls before the fantasyland round are free to keep every
    # seat above 0 (round 1's are fixed by round 0's points); as many rounds left.
    if config.max_rounds is not None:
        config = attrs.evolve(config, max_rounds=config.max_rounds + 2)
    try:
        state = fantasyland_round(config, earned, "", round_index=2, seed=seed)
    except UnrealizableError:
        assume(False)
    ofc.check_state(state)
    play_out(state, random.Random(choice_seed))


def play_out(state: ofc.State, rng: random.Random) -> None:
    config = state.config
    start = state
    total = config.players * config.starting_points
    history = []
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < MAX_STEPS, "the game must end"
        assert sorted(all_cards(state)) == sorted(tr.FULL_DECK)
        assert sum(state.scores) == total
        if steps % 5 == 0:
            ofc.check_state(state)
        if state.in_fantasyland_turn:
            action = ofc.random_action(state, rng)
        else:
            actions = ofc.legal_actions(state)
            assert actions
            assert len(set(actions)) == len(actions)
            if len(actions) <= 12:
                assert all(ofc.is_legal(state, each) for each in actions)
                for each in actions:
                    ofc.apply(state, each)  # every listed action applies
            action = ofc.random_action(state, rng)
            assert action in actions
        if steps % 7 == 0:
            check_observations(state)
            record = ofc.to_dict(state)
            assert ofc.from_dict(json.loads(json.dumps(record))) == state
        before = (state.boards, state.hands, state.discards, state.deck, state.scores, state.to_act)
        after = ofc.apply(state, action)
        # apply never changes its input
        assert (
            state.boards,
            state.hands,
            state.discards,
            state.deck,
            state.scores,
            state.to_act,
        ) == before
        history.append(action)
        state = after
    assert ofc.legal_actions(state) == ()
    assert sum(state.scores) == total
    assert state.winners
    assert state.last_round is not None
    assert sum(state.last_round.points) == 0
    assert ofc.from_dict(json.loads(json.dumps(ofc.to_dict(state)))) == state
    # the same seed and actions give the same game
    replay = start
    for action in history:
        replay = ofc.apply(replay, action)
    assert replay == state


@settings(max_examples=30)
@given(seed=seeds, choice_seed=st.integers(0, 2**16), junk=st.sampled_from(["x", None, 3]))
def test_illegal_actions_never_change_the_state(seed: int, choice_seed: int, junk: object) -> None:
    rng = random.Random(choice_seed)
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=seed)
    while not state.is_over:
        before = ofc.to_dict(state)
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        bad = [
            junk,
            ofc.Place(top=hand),  # too many for the top or nothing discarded
            ofc.Place(bottom=hand[:-1]),  # a card left over
            ofc.Place(bottom=state.deck[:1] + hand[1:]),  # a card not dealt
        ]
        for action in bad:
            assert not ofc.is_legal(state, action)
            with pytest.raises(tr.IllegalActionError, match=r"\w"):
                ofc.apply(state, action)  # type: ignore[arg-type]
        assert ofc.to_dict(state) == before
        state = ofc.apply(state, ofc.random_action(state, rng))
