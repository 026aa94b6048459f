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

import pytest

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import serialize
from tests.mentok.test_fuzz import mutate, records
from tests.quick_records import CHUNKS, QuickRecords

READERS = QuickRecords(
    state_type=mentok.State,
    quick_state=serialize._quick_state,
    careful_state=serialize._careful_state,
    check=lambda record, state: mentok.check_state(state),
    from_dict=mentok.from_dict,
    to_dict=mentok.to_dict,
    pool=records,
    mutate=mutate,
)


def test_real_records_are_read_quickly_and_equally() -> None:
    READERS.check_real_records()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_get_the_careful_readers_answer(chunk: int) -> None:
    READERS.check_mutated_records(chunk)


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
