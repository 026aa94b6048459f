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
from tablerules import ofc
from tablerules.ofc import serialize
from tests.ofc.test_fuzz import mutate, records

CASES = 1500


def careful(record: Any) -> ofc.State | str:
    """What the careful reader and check_state make of ``record``: a state or the message."""
    try:
        state = serialize._careful_state(record)
        ofc.check_state(state)
    except tr.StateError as error:
        return str(error)
    return state


def quick(record: Any) -> ofc.State | str:
    try:
        return ofc.from_dict(record)
    except tr.StateError as error:
        return str(error)


def test_real_records_are_read_quickly_and_equally() -> None:
    for record in records():
        state = serialize._quick_state(json.loads(json.dumps(record)))
        assert state is not None
        assert state == careful(record)
        assert ofc.to_dict(state) == record


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
    assert outcomes == {str, ofc.State}


def test_the_quick_reader_leaves_other_spellings_to_the_careful_one() -> None:
    rng = random.Random(2)
    state = ofc.new_game(ofc.Config(players=3), seed=4)
    for _ in range(9):
        state = ofc.apply(state, ofc.random_action(state, rng))
    record = ofc.to_dict(state)
    spelled = copy.deepcopy(record)
    spelled["deck"] = spelled["deck"].replace(" ", ",")
    assert serialize._quick_state(spelled) is None
    assert ofc.from_dict(spelled) == state
    shuffled = copy.deepcopy(record)
    board = next(board for board in shuffled["boards"] if " " in board["bottom"])
    board["bottom"] = " ".join(reversed(board["bottom"].split()))  # a row is a set
    assert serialize._quick_state(shuffled) == state
    assert ofc.from_dict(shuffled) == state
    twice = copy.deepcopy(record)
    twice["boards"][0]["top"] = twice["boards"][0]["middle"] = "As"
    assert serialize._quick_state(twice) is None
    with pytest.raises(tr.StateError, match="appears twice on the board"):
        ofc.from_dict(twice)
