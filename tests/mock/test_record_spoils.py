"""``from_dict`` refuses a record whose melds or round summary differ from a good one.

A record read once and then spoiled in one field, or in a type (``1`` for
``true``), is refused with a message naming the field.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tablerules as tr
from tablerules import mock
from tablerules.mock import validate


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
def test_a_spoiled_meld_is_refused(field: str, value: object) -> None:
    record = round_one_record()
    assert isinstance(answer(record), mock.State)
    spoiled = copy.deepcopy(record)
    event = first_meld(spoiled)
    if value == "one more":
        event[field] += 1
    elif value == "flipped":
        event[field] = not event[field]
    else:
        event[field] = value
    message = answer(spoiled)
    assert isinstance(message, str)  # a type or a count the rules refuse
    assert "state.history[" in message


def test_a_spoiled_summary_is_refused() -> None:
    record = round_one_record()
    assert isinstance(answer(record), mock.State)
    for spoil in range(2):
        spoiled = copy.deepcopy(record)
        summary = spoiled["last_round"]
        if spoil == 0:
            summary["points"][0] += 1
            spoiled["scores"][0] += 1
        else:
            summary["hand_points"] = [points + 1 for points in summary["hand_points"]]
        message = answer(spoiled)
        assert isinstance(message, str)
        assert "state.last_round" in message


def test_a_summary_is_scored_under_the_configs_tie_rule() -> None:
    melds = tuple(tr.parse_cards(text) for text in ("Ks Kd 2c", "Kh Kc 2d", "Qs Qd 9c"))
    points, highest, total = mock.score_round(melds, None, "share")
    summary = mock.RoundSummary(0, melds, points, None, highest, total)
    validate._check_summary(summary, mock.Config(players=3))
    with pytest.raises(tr.StateError, match="the points do not match the melds"):
        validate._check_summary(summary, mock.Config(players=3, highest_hand_ties="none"))
