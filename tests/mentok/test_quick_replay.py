"""The invariant check's quick replay against the long one (``tablerules.mentok.validate``).

:func:`~tablerules.mentok.check_state` plays a round's history on plain lists
first (``play_dealt``) and scores a round whose choices are all made at once
(``_replay.score_all``); either may give up with None, and the rules then play it
one action at a time. It also keeps the summaries of rounds it has checked
(``_checked_before``). With the quick parts turned off, every state and every
record must get the same answer: the same replayed state, or the same
:class:`~tablerules.StateError` message.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import _replay, validate
from tests.mentok.strategies import configs, random_playout
from tests.mentok.test_fuzz import mutate, records
from tests.quick_records import answer


@contextmanager
def long_way() -> Iterator[None]:
    """Turn the quick replay off: every round is dealt and played through the rules.

    No summary counts as checked before, either (see :func:`no_memo`).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_replay, "play_dealt", lambda *args, **kwargs: None)
        patch.setattr(_replay, "score_all", lambda *args, **kwargs: None)
        patch.setattr(validate, "_vouch_previous", lambda *args: False)
        patch.setattr(validate, "_vouch_playing", lambda *args: False)
        patch.setattr(validate, "_checked_before", lambda *args: False)
        patch.setattr(validate, "_remember", lambda *args: None)
        yield


def check(state: mentok.State) -> str | None:
    """The message :func:`check_state` gives ``state``, or None if it passes."""
    try:
        mentok.check_state(state)
    except tr.StateError as error:
        return str(error)
    return None


def replayed(state: mentok.State) -> object:
    """The current round of ``state`` dealt again and played, as the check replays it."""
    return _replay.replay(
        state.config,
        seed=state.seed,
        round_index=state.round,
        scores=state.scores,
        tables=state.tables,
        hands=state.hands,
        history=state.history,
        choices=state.choices,
        deck=state.deck,
        last_round=state.last_round,
        where="state",
    )


def test_the_quick_replay_is_used_and_can_be_turned_off() -> None:
    """Guard for the tests below: the quick replay plays real states, and turns off."""
    calls: list[object] = []
    original = _replay.play_quickly

    def spy(*args: Any) -> object:
        calls.append(args)
        return original(*args)

    rng = random.Random(2)
    state = mentok.new_game(seed=3)
    while state.round < 1:
        state = mentok.apply(state, mentok.random_action(state, rng))
    for _ in range(5):
        state = mentok.apply(state, mentok.random_action(state, rng))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validate, "_LAST_CHECKED", None)
        patch.setattr(_replay, "play_quickly", spy)
        mentok.check_state(state)
        assert not calls
        with long_way():
            mentok.check_state(state)
        assert len(calls) == 2  # this round and the one before


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_playouts_replay_alike_both_ways(config: mentok.Config, seed: int, moves: int) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(moves), limit=400)
    for state in states[:: max(1, len(states) // 25)]:
        quick = replayed(state) if not state.is_over else None
        assert check(state) is None
        with long_way():
            slow = replayed(state) if not state.is_over else None
            assert check(state) is None
        assert quick == slow


def _spoiled_events(state: mentok.State, rng: random.Random) -> mentok.State | None:
    """``state`` with one event of its history (or of the last round's) changed."""
    summary = state.last_round
    use_summary = (
        summary is not None and summary.history and (not state.history or rng.random() < 0.5)
    )
    history = summary.history if use_summary else state.history  # type: ignore[union-attr]
    if not history:
        return None
    index = rng.randrange(len(history))
    event = history[index]
    if type(event) is mentok.AskRecord:
        field = rng.choice(["given", "cheat", "card", "hand", "split", "target", "rank", "seat"])
        if field in ("given", "cheat", "split"):
            changes: dict[str, Any] = {field: not getattr(event, field)}
            event = attrs.evolve(event, **changes)
        elif field == "card":
            event = attrs.evolve(event, card=rng.choice([None, *tr.FULL_DECK]))
        elif field == "rank":
            event = attrs.evolve(event, rank=tr.Rank(rng.randrange(2, 15)))
        else:
            limit = 2 if field == "hand" else state.config.players
            changes = {field: rng.randrange(limit)}
            event = attrs.evolve(event, **changes)
    else:
        event = attrs.evolve(event, hand=1 - event.hand)
    how = rng.randrange(3)
    events = list(history)
    if how == 0:
        events[index] = event
    elif how == 1:
        del events[index]
    else:
        other = rng.randrange(len(events))
        events[index], events[other] = events[other], events[index]
    if use_summary:
        assert summary is not None
        return attrs.evolve(state, last_round=attrs.evolve(summary, history=tuple(events)))
    return attrs.evolve(state, history=tuple(events))


@settings(max_examples=60, deadline=None)
@given(config=configs, seed=st.integers(0, 2**32), moves=st.integers(0, 2**32))
def test_spoiled_histories_get_the_same_answer_both_ways(
    config: mentok.Config, seed: int, moves: int
) -> None:
    rng = random.Random(moves)
    states = random_playout(mentok.new_game(config, seed=seed), rng, limit=400)
    for state in rng.sample(states, min(len(states), 12)):
        spoiled = _spoiled_events(state, rng)
        if spoiled is None:
            continue
        quick = check(spoiled)
        with long_way():
            assert check(spoiled) == quick


@pytest.mark.parametrize("chunk", range(3))
def test_mutated_records_get_the_same_answer_both_ways(chunk: int) -> None:
    pool = records()
    outcomes = set()
    for case in range(chunk, 600, 3):
        rng = random.Random(case)
        record = copy.deepcopy(pool[rng.randrange(len(pool))])
        done = mutate(record, rng)
        quick = answer(mentok.from_dict, record)
        with long_way():
            assert answer(mentok.from_dict, record) == quick, (case, done)
        outcomes.add(type(quick))
    assert outcomes == {str, mentok.State}


def test_real_records_replay_alike_both_ways() -> None:
    for record in records():
        quick = mentok.from_dict(record)
        with long_way():
            assert mentok.from_dict(record) == quick


@contextmanager
def no_memo() -> Iterator[None]:
    """Check every summary of the round before, as if never seen."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validate, "_checked_before", lambda *args: False)
        patch.setattr(validate, "_remember", lambda *args: None)
        yield


def test_a_summary_checked_once_is_not_checked_again() -> None:
    record = next(record for record in records() if record["last_round"] and record["to_act"])
    first = mentok.from_dict(record)
    assert validate._LAST_CHECKED is not None
    assert validate._LAST_CHECKED[0] == first.last_round
    calls: list[object] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validate, "_check_previous_round", lambda *args: calls.append(args))
        patch.setattr(validate, "_vouch_previous", lambda *args: False)
        assert mentok.from_dict(copy.deepcopy(record)) == first
        assert not calls
        with no_memo():
            mentok.from_dict(record)
        assert len(calls) == 1


@pytest.mark.parametrize("chunk", range(3))
def test_summaries_checked_before_do_not_change_any_answer(chunk: int) -> None:
    """Records whose summaries were read before get the answer of a first read."""
    pool = records()
    for record in pool:
        mentok.from_dict(record)
    for case in range(chunk, 600, 3):
        rng = random.Random(10_000 + case)
        record = copy.deepcopy(pool[rng.randrange(len(pool))])
        mentok.from_dict(copy.deepcopy(record))  # its summary is kept (if it passes)
        done = mutate(record, rng)
        kept = answer(mentok.from_dict, record)
        with no_memo():
            assert answer(mentok.from_dict, record) == kept, (case, done)


def test_a_kept_summary_counts_only_for_the_same_game_and_values() -> None:
    record = next(record for record in records() if record["last_round"] and record["to_act"])
    state = mentok.from_dict(record)
    summary = state.last_round
    assert summary is not None
    assert validate._checked_before(summary, state)
    assert not validate._checked_before(summary, attrs.evolve(state, seed=state.seed + 1))
    assert not validate._checked_before(
        summary, attrs.evolve(state, config=attrs.evolve(state.config, target=20))
    )
    points = (summary.points[0] + 1, *summary.points[1:])
    assert not validate._checked_before(attrs.evolve(summary, points=points), state)
    copied = attrs.evolve(summary, history=tuple(copy.copy(event) for event in summary.history))
    assert not summary.history or not validate._checked_before(copied, state)
