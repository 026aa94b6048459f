"""The quick record reader against the careful one: same states, same refusals, same messages.

``from_dict`` reads records as ``to_dict`` writes them with straight-line
code and leaves anything else to the careful reader; both then meet the same
rules checks. Here every real and mutated record of the fuzz tests is read
both ways: the careful way (every field checked, then ``check_state`` and the
derived copies) must give the same state, or the same
:class:`~tablerules.StateError` message.
The driver is :class:`tests.quick_records.QuickRecords`.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import tablerules as tr
from tablerules import mock
from tablerules.mock import serialize
from tests.mock.test_fuzz import SOURCES, mutate
from tests.quick_records import CHUNKS, QuickRecords


def check(record: Any, state: mock.State) -> None:
    """What the careful read must pass: ``check_state``, then the derived copies."""
    mock.check_state(state)
    serialize._check_copies(record, state)


def mutate_some(record: Any, rng: random.Random) -> None:
    """One to three mutations of ``record``, in place."""
    for _ in range(rng.randrange(1, 4)):
        mutate(record, rng)


READERS = QuickRecords(
    state_type=mock.State,
    quick_state=serialize._quick_state,
    careful_state=serialize._careful_state,
    check=check,
    from_dict=mock.from_dict,
    to_dict=mock.to_dict,
    pool=lambda: SOURCES,
    mutate=mutate_some,
)


def test_real_records_are_read_quickly_and_equally() -> None:
    READERS.check_real_records()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_get_the_careful_readers_answer(chunk: int) -> None:
    READERS.check_mutated_records(chunk)


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
