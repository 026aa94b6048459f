"""The quick record reader against the careful one: same states, same refusals, same messages.

``from_dict`` reads records as ``to_dict`` writes them with straight-line
code and leaves anything else to the careful reader; both then meet the same
rules checks. Here every real and mutated record of the fuzz tests is read
both ways: the careful way (every field checked, then ``check_state``) must
give the same state, or the same :class:`~tablerules.StateError` message.
The driver is :class:`tests.quick_records.QuickRecords`.
"""

from __future__ import annotations

import copy
import random

import pytest

import tablerules as tr
from tablerules import ofc
from tablerules.ofc import serialize
from tests.ofc.test_fuzz import mutate, records
from tests.quick_records import CHUNKS, QuickRecords

READERS = QuickRecords(
    state_type=ofc.State,
    quick_state=serialize._quick_state,
    careful_state=serialize._careful_state,
    check=lambda record, state: ofc.check_state(state),
    from_dict=ofc.from_dict,
    to_dict=ofc.to_dict,
    pool=records,
    mutate=mutate,
)


def test_real_records_are_read_quickly_and_equally() -> None:
    READERS.check_real_records()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_get_the_careful_readers_answer(chunk: int) -> None:
    READERS.check_mutated_records(chunk)


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
