"""The quick record reader against the careful one: same states, same refusals, same messages.

``from_dict`` reads records as ``to_dict`` writes them with straight-line
code and leaves anything else to the careful reader; both then meet the same
rules checks. Here every real and mutated record of the fuzz tests is read
both ways: the careful way (every field checked, then ``check_state``) must
give the same state, or the same :class:`~tablerules.StateError` message.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import serialize
from tests.mentok.test_fuzz import mutate, records

CASES = 1500


def careful(record: Any) -> mentok.State | str:
    """What the careful reader and check_state make of ``record``: a state or the message."""
    try:
        state = serialize._careful_state(record)
        mentok.check_state(state)
    except tr.StateError as error:
        return str(error)
    return state


def quick(record: Any) -> mentok.State | str:
    try:
        return mentok.from_dict(record)
    except tr.StateError as error:
        return str(error)


def test_real_records_are_read_quickly_and_equally() -> None:
    for record in records():
        state = serialize._quick_state(json.loads(json.dumps(record)))
        assert state is not None
        assert state == careful(record)
        assert mentok.to_dict(state) == record


@pytest.mark.parametrize("chunk", range(5))
def test_mutated_records_get_the_careful_readers_answer(chunk: int) -> None:
    pool = records()
    outcomes = set()
    for case in range(chunk, CASES, 5):
        rng = random.Random(case)
        record = copy.deepcopy(pool[rng.randrange(len(pool))])
        done = mutate(record, rng)
        expected = careful(record)  # readers never change their input
        assert quick(record) == expected, (case, done)
        outcomes.add(type(expected))
    assert outcomes == {str, mentok.State}


def test_the_quick_reader_leaves_other_spellings_to_the_careful_one() -> None:
    state = mentok.new_game(mentok.Config(players=3), seed=4)
    record = mentok.to_dict(state)
    spelled = copy.deepcopy(record)
    spelled["deck"] = spelled["deck"].replace(" ", ",").lower().upper()
    spelled["hands"][0] = spelled["hands"][0].replace(" ", "")
    assert serialize._quick_state(spelled) is None
    assert mentok.from_dict(spelled) == state
    flagged = copy.deepcopy(record)
    flagged["version"] = True  # equal to 1, but not the version
    assert serialize._quick_state(flagged) is None
    with pytest.raises(tr.StateError, match=r"state\.version must be 1"):
        mentok.from_dict(flagged)
