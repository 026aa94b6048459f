"""The quick record reader against the careful one: same states, same refusals, same messages.

``from_dict`` reads records as ``to_dict`` writes them with straight-line
code and leaves anything else to the careful reader; both then meet the same
rules checks. Here every real and mutated record of the fuzz tests is read
both ways: the careful way (every field checked, then ``check_state`` and the
derived copies) must give the same state, or the same
:class:`~tablerules.StateError` message.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import tablerules as tr
from tablerules import mock
from tablerules.mock import serialize
from tests.mock.test_fuzz import SOURCES, mutate

CASES = 1500


def careful(record: Any) -> mock.State | str:
    """What the careful reader and the checks make of ``record``: a state or the message."""
    try:
        state = serialize._careful_state(record)
        mock.check_state(state)
        serialize._check_copies(record, state)
    except tr.StateError as error:
        return str(error)
    return state


def quick(record: Any) -> mock.State | str:
    try:
        return mock.from_dict(record)
    except tr.StateError as error:
        return str(error)


def test_real_records_are_read_quickly_and_equally() -> None:
    for record in SOURCES:
        state = serialize._quick_state(json.loads(json.dumps(record)))
        assert state is not None
        assert state == careful(record)
        assert mock.to_dict(state) == record


@pytest.mark.parametrize("chunk", range(5))
def test_mutated_records_get_the_careful_readers_answer(chunk: int) -> None:
    outcomes = set()
    for case in range(chunk, CASES, 5):
        rng = random.Random(case)
        record = copy.deepcopy(SOURCES[rng.randrange(len(SOURCES))])
        for _ in range(rng.randrange(1, 4)):
            mutate(record, rng)
        expected = careful(record)  # readers never change their input
        assert quick(record) == expected, case
        outcomes.add(type(expected))
    assert outcomes == {str, mock.State}


def test_the_quick_reader_leaves_other_spellings_to_the_careful_one() -> None:
    state = mock.new_game(mock.Config(players=3), seed=4)
    record = mock.to_dict(state)
    spelled = copy.deepcopy(record)
    spelled["deck"] = spelled["deck"].replace(" ", ",")
    assert serialize._quick_state(spelled) is None
    assert mock.from_dict(spelled) == state
    flagged = copy.deepcopy(record)
    flagged["round"] = False  # equal to 0, but not a round
    assert serialize._quick_state(flagged) is None
    with pytest.raises(tr.StateError, match=r"state\.round must be an integer"):
        mock.from_dict(flagged)
