"""The values ``from_dict`` keeps between records: melds read, and round summaries checked.

A kept value may only stand for an equal one: a record that differs in any
field, or in a type (``1`` for ``true``), is read and checked afresh, with the
answer it gets without the memo. The memos stay bounded.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tablerules as tr
from tablerules import mock
from tablerules.mock import serialize, validate


def round_one_record(seed: int = 3) -> dict[str, Any]:
    """A record some turns into round 1: it has melds in its history and a summary."""
    rng = random.Random(seed)
    state = mock.new_game(seed=seed)
    while state.round == 0 or len(state.history) < 8:
        state = mock.apply(state, mock.random_action(state, rng))
    return mock.to_dict(state)


def answer(record: Any) -> mock.State | str:
    try:
        return mock.from_dict(record)
    except tr.StateError as error:
        return str(error)


def without_memos(record: Any) -> mock.State | str:
    """What ``from_dict`` answers with both memos empty."""
    serialize._MELDS_READ.clear()
    validate._SUMMARIES_PASSED.clear()
    return answer(record)


def first_meld(record: dict[str, Any]) -> dict[str, Any]:
    return next(event for event in record["history"] if "meld" in event)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("finished", 0),
        ("finished", "flipped"),
        ("drawn", True),
        ("drawn", "one more"),
        ("seat", True),
        ("meld", None),
    ],
)
def test_a_meld_like_a_kept_one_is_read_afresh(field: str, value: object) -> None:
    record = round_one_record()
    assert isinstance(answer(record), mock.State)  # its melds are kept now
    spoiled = copy.deepcopy(record)
    event = first_meld(spoiled)
    if value == "one more":
        event[field] += 1
    elif value == "flipped":
        event[field] = not event[field]
    else:
        event[field] = value
    kept = answer(spoiled)
    assert kept == without_memos(spoiled)
    assert isinstance(kept, str)  # a type or a count the rules refuse


def test_kept_melds_are_shared_and_equal_to_fresh_ones() -> None:
    record = round_one_record()
    fresh = without_memos(record)
    again = answer(record)
    assert isinstance(fresh, mock.State)
    assert isinstance(again, mock.State)
    assert again == fresh
    melds = [event for event in again.history if isinstance(event, mock.Melded)]
    assert melds
    assert all(any(kept is event for kept in serialize._MELDS_READ.values()) for event in melds)


def test_a_summary_like_a_checked_one_is_checked_afresh() -> None:
    record = round_one_record()
    assert isinstance(answer(record), mock.State)  # its summary passed and is kept
    for spoil in range(2):
        spoiled = copy.deepcopy(record)
        summary = spoiled["last_round"]
        if spoil == 0:
            summary["points"][0] += 1
            spoiled["scores"][0] += 1
        else:
            summary["hand_points"] = [points + 1 for points in summary["hand_points"]]
        kept = answer(spoiled)
        assert kept == without_memos(spoiled)
        assert isinstance(kept, str)
        assert "state.last_round" in kept


def test_the_memos_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serialize, "_MELDS_KEPT", 50)
    monkeypatch.setattr(validate, "_SUMMARIES_KEPT", 3)
    rng = random.Random(5)
    for seed in range(6):
        state = mock.new_game(mock.Config(players=rng.randrange(3, 8)), seed=seed)
        while not state.is_over:
            state = mock.apply_unchecked(state, mock.random_action(state, rng))
            mock.from_dict(mock.to_dict(state))
        assert len(serialize._MELDS_READ) <= 50
        assert len(validate._SUMMARIES_PASSED) <= 3
    assert serialize._MELDS_READ
    assert validate._SUMMARIES_PASSED


def test_a_summary_checked_under_one_tie_rule_is_checked_again_under_another() -> None:
    melds = tuple(tr.parse_cards(text) for text in ("Ks Kd 2c", "Kh Kc 2d", "Qs Qd 9c"))
    points, highest, total = mock.score_round(melds, None, "share")
    summary = mock.RoundSummary(0, melds, points, None, highest, total)
    validate._check_summary(summary, mock.Config(players=3))
    assert validate._SUMMARIES_PASSED
    with pytest.raises(tr.StateError, match="the points do not match the melds"):
        validate._check_summary(summary, mock.Config(players=3, highest_hand_ties="none"))
