"""The quick check of the round before (``_vouch_previous``) against the careful checks.

:func:`~tablerules.mentok.check_state` vouches for the summary of the round
before in one pass when it can; True must mean that both careful checks
(``_check_summary`` and ``_check_previous_round``) pass, and False leaves the
verdict to them. Real rounds played to their choices are vouched for.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import validate
from tests.mentok.strategies import configs, random_playout
from tests.mentok.test_fuzz import mutate, records
from tests.mentok.test_quick_replay import _spoiled_events, long_way
from tests.quick_records import answer


def careful(summary: mentok.RoundSummary, state: mentok.State) -> str | None:
    """The message the careful checks of ``summary`` give, or None if both pass."""
    try:
        validate._check_summary(summary, state)
        validate._check_previous_round(summary, state)
    except tr.StateError as error:
        return str(error)
    return None


def going_on_with_summary(states: list[mentok.State]) -> list[mentok.State]:
    return [state for state in states if state.last_round is not None and not state.is_over]


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_real_rounds_are_vouched_for_unless_abandoned(
    config: mentok.Config, seed: int, moves: int
) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(moves), limit=400)
    for state in going_on_with_summary(states)[::7]:
        summary = state.last_round
        assert summary is not None
        assert careful(summary, state) is None
        assert validate._vouch_previous(summary, state) is not summary.abandoned


FIELDS = ["events", "events", "points", "cheated", "choices", "abandoned", "round", "scores"]
FIELDS += ["tables", "hands", "swap", "seed"]


def _spoiled_summary(state: mentok.State, rng: random.Random) -> mentok.State:
    """``state`` with one field of its summary (or its scores or round) changed."""
    summary = state.last_round
    assert summary is not None
    players = state.config.players
    seat = rng.randrange(players)
    field = rng.choice(FIELDS)
    changes: dict[str, Any] = {}
    if field == "events":
        spoiled = _spoiled_events(state, rng)
        return state if spoiled is None else spoiled
    if field in ("points", "scores"):
        values = list(getattr(summary if field == "points" else state, field))
        values[seat] += rng.choice([-1, 1, 5])
        if field == "scores":
            return attrs.evolve(state, scores=tuple(values))
        changes[field] = tuple(values)
    elif field == "cheated":
        flags = list(summary.cheated)
        flags[seat] = not flags[seat]
        changes[field] = tuple(flags)
    elif field == "choices":
        choices = list(summary.choices)
        choices[seat] = rng.choice([None, True, False])
        changes[field] = tuple(choices)
    elif field == "abandoned":
        changes[field] = not summary.abandoned
    elif field == "round":
        changes[field] = summary.round + rng.choice([-1, 1])
    elif field == "seed":
        return attrs.evolve(state, seed=state.seed + 1)
    elif field in ("tables", "hands", "swap"):
        hands = [list(hand) for hand in summary.hands]
        tables = [[list(cards) for cards in seat_tables] for seat_tables in summary.tables]
        places = [hand for hand in hands if hand] + [c for seat in tables for c in seat if c]
        source = rng.choice(places)
        card = source.pop(rng.randrange(len(source)))
        if field == "swap":
            target = rng.choice(places)
            target.insert(rng.randrange(len(target) + 1), card)
        elif field == "hands":
            hands[seat].append(rng.choice([card, *tr.FULL_DECK]))
        changes["hands"] = tuple(tuple(hand) for hand in hands)
        changes["tables"] = tuple(tuple(tuple(cards) for cards in seat if cards) for seat in tables)
    return attrs.evolve(state, last_round=attrs.evolve(summary, **changes))


@settings(max_examples=80, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_a_vouched_summary_passes_the_careful_checks(
    config: mentok.Config, seed: int, moves: int
) -> None:
    rng = random.Random(moves)
    states = going_on_with_summary(
        random_playout(mentok.new_game(config, seed=seed), rng, limit=400)
    )
    for state in rng.sample(states, min(len(states), 10)):
        spoiled = _spoiled_summary(state, rng)
        summary = spoiled.last_round
        assert summary is not None
        try:
            validate._check_shape(spoiled)
        except tr.StateError:
            continue  # check_state refuses it before any round is checked
        if validate._vouch_previous(summary, spoiled):
            assert careful(summary, spoiled) is None


def test_spoiled_summaries_are_left_to_the_careful_checks() -> None:
    """Guard: the spoiled summaries above are mostly refused, and then never vouched for."""
    rng = random.Random(4)
    refused = 0
    for record in records():
        state = mentok.from_dict(record)
        if state.last_round is None or state.is_over:
            continue
        for _ in range(4):
            spoiled = _spoiled_summary(state, rng)
            summary = spoiled.last_round
            assert summary is not None
            if spoiled != state and careful(summary, spoiled) is not None:
                refused += 1
                assert not validate._vouch_previous(summary, spoiled)
    assert refused > 200


def test_mutated_records_get_the_same_answer_with_the_vouch_off() -> None:
    pool = records()
    outcomes = set()
    for case in range(900):
        rng = random.Random(50_000 + case)
        record = copy.deepcopy(pool[rng.randrange(len(pool))])
        done = mutate(record, rng)
        quick = answer(mentok.from_dict, record)
        with long_way():
            assert answer(mentok.from_dict, record) == quick, (case, done)
        outcomes.add(type(quick))
    assert outcomes == {str, mentok.State}


def _forged(card: tr.Card) -> tr.Card:
    """A Card equal to ``card`` that is not one of the 52 card objects."""
    forged: tr.Card = int.__new__(tr.Card, int(card))
    assert forged == card
    assert forged is not card
    return forged


def test_the_card_count_needs_the_card_objects_themselves() -> None:
    for config in (mentok.Config(players=3), mentok.Config(players=4, decks=2)):
        state = mentok.new_game(config, seed=5)
        mentok.check_state(state)
        deck = list(state.deck)
        deck[3] = _forged(deck[3])
        with pytest.raises(tr.StateError, match="must hold Card values"):
            mentok.check_state(attrs.evolve(state, deck=tuple(deck)))
        doubled = (state.deck[0], *state.deck[:-1])
        with pytest.raises(tr.StateError, match="missing or duplicated"):
            mentok.check_state(attrs.evolve(state, deck=doubled))
        with pytest.raises(tr.StateError, match="missing or duplicated"):
            mentok.check_state(attrs.evolve(state, deck=state.deck[1:]))


def round_check(state: mentok.State) -> str | None:
    """The message the careful check of the state's round gives, or None if it passes."""
    try:
        validate._check_round(state, state.scores, state.in_game)
    except tr.StateError as error:
        return str(error)
    return None


def before_choices(states: list[mentok.State]) -> list[mentok.State]:
    return [
        state
        for state in states
        if not state.is_over and not any(choice is not None for choice in state.choices)
    ]


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_rounds_in_play_are_vouched_for(config: mentok.Config, seed: int, moves: int) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(moves), limit=400)
    for state in before_choices(states)[::5]:
        assert round_check(state) is None
        assert validate._vouch_playing(state, state.in_game)


def _spoiled_round(state: mentok.State, rng: random.Random) -> mentok.State:
    """``state`` with its history, a hand, a table, a stood flag, the turn or the deck changed."""
    field = rng.choice(["events", "events", "hands", "tables", "stood", "to_act", "deck"])
    seat = rng.randrange(state.config.players)
    if field == "events":
        spoiled = _spoiled_events(attrs.evolve(state, last_round=None), rng)
        return state if spoiled is None else attrs.evolve(spoiled, last_round=state.last_round)
    if field == "to_act":
        return attrs.evolve(state, to_act=rng.randrange(state.config.players))
    if field == "deck":
        deck = list(state.deck)
        rng.shuffle(deck)
        return attrs.evolve(state, deck=tuple(deck[: rng.choice([len(deck), len(deck) - 1])]))
    if field == "stood":
        stood = [list(flags) for flags in state.stood]
        if stood[seat]:
            stood[seat][0] = not stood[seat][0]
        return attrs.evolve(state, stood=tuple(tuple(flags) for flags in stood))
    hands = [list(hand) for hand in state.hands]
    tables = [[list(cards) for cards in seat_tables] for seat_tables in state.tables]
    places = [hand for hand in hands if hand] + [c for seat in tables for c in seat if len(c) > 1]
    if not places:
        return state
    source = rng.choice(places)
    card = source.pop(rng.randrange(len(source)))
    target = rng.choice(places)
    target.insert(rng.randrange(len(target) + 1), card)
    return attrs.evolve(
        state,
        hands=tuple(tuple(hand) for hand in hands),
        tables=tuple(tuple(tuple(cards) for cards in seat) for seat in tables),
    )


@settings(max_examples=80, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_a_vouched_round_passes_the_careful_check(
    config: mentok.Config, seed: int, moves: int
) -> None:
    rng = random.Random(moves)
    states = before_choices(random_playout(mentok.new_game(config, seed=seed), rng, limit=400))
    for state in rng.sample(states, min(len(states), 10)):
        spoiled = _spoiled_round(state, rng)
        try:
            validate._check_shape(spoiled)
        except tr.StateError:
            continue
        if validate._vouch_playing(spoiled, spoiled.in_game):
            assert round_check(spoiled) is None


def test_spoiled_rounds_are_left_to_the_careful_check() -> None:
    rng = random.Random(7)
    refused = 0
    for record in records():
        state = mentok.from_dict(record)
        if state not in before_choices([state]):
            continue
        for _ in range(4):
            spoiled = _spoiled_round(state, rng)
            if round_check(spoiled) is not None:
                refused += 1
                assert not validate._vouch_playing(spoiled, spoiled.in_game)
    assert refused > 200
