"""What Mentok's record reader keeps between reads: asks, by the values of their fields."""

from __future__ import annotations

import copy
import itertools
import random

import pytest

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import serialize


def _record_with_asks() -> dict[str, object]:
    rng = random.Random(5)
    state = mentok.new_game(mentok.Config(players=3, strict=False), seed=5)
    while state.round < 1 or len(state.history) < 3:
        state = mentok.apply(state, mentok.random_action(state, rng))
    record = mentok.to_dict(state)
    assert isinstance(record["history"], list)
    assert any(event["kind"] == "ask" for event in record["history"])
    return record


def test_equal_asks_read_as_one_object() -> None:
    record = _record_with_asks()
    first, second = mentok.from_dict(record), mentok.from_dict(copy.deepcopy(record))
    assert first == second
    for one, other in zip(first.history, second.history, strict=True):
        assert one is other
    assert first.last_round is not None
    assert second.last_round is not None
    assert all(
        one is other
        for one, other in zip(first.last_round.history, second.last_round.history, strict=True)
    )


@pytest.mark.parametrize(
    ("field", "spoil"),
    [
        ("split", int),
        ("given", int),
        ("cheat", int),
        ("seat", float),
        ("target", float),
        ("hand", bool),
    ],
)
def test_a_value_equal_to_a_kept_one_but_of_another_kind_is_still_refused(
    field: str, spoil: type
) -> None:
    record = _record_with_asks()
    mentok.from_dict(record)  # its asks are kept now
    spoiled = copy.deepcopy(record)
    history = spoiled["history"]
    assert isinstance(history, list)
    event = next(event for event in history if event["kind"] == "ask")
    event[field] = spoil(event[field])
    assert event[field] == record["history"][history.index(event)][field]  # type: ignore[index]
    assert serialize._quick_state(spoiled) is None
    with pytest.raises(tr.StateError, match=rf"state\.history\[\d+\]\.{field}"):
        mentok.from_dict(spoiled)


def test_the_memo_is_bounded() -> None:
    assert len(serialize._ASKS) <= serialize._MAX_EVENTS
    rng = random.Random(1)
    for seed in range(40):
        state = mentok.new_game(mentok.Config(players=5, strict=False), seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            state = mentok.apply(state, mentok.random_action(state, rng))
            mentok.from_dict(mentok.to_dict(state))
        assert len(serialize._ASKS) <= serialize._MAX_EVENTS


def test_a_history_longer_than_the_memo_leaves_it_bounded() -> None:
    record = _record_with_asks()
    asks = (
        {"kind": "ask", "seat": seat, "target": target, "rank": rank, "hand": 0}
        | {"split": False, "given": given, "card": str(card), "cheat": False}
        for seat, target, rank, given, card in itertools.product(
            range(3), range(3), "23456789TJQKA", (False, True), tr.FULL_DECK
        )
    )
    many = list(itertools.islice(asks, serialize._MAX_EVENTS + 5))
    for length in (serialize._MAX_EVENTS - 5, serialize._MAX_EVENTS + 5):
        long = copy.deepcopy(record)
        long["history"] = many[:length]
        assert serialize._history(long["history"], 3)  # the quick reader reads it all
        with pytest.raises(tr.StateError):
            mentok.from_dict(long)
        assert len(serialize._ASKS) <= serialize._MAX_EVENTS
