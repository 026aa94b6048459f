"""Mock's quick record reader against the careful one (see :mod:`tests.quick_records`).

The careful read must also pass the check of the derived copies.
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


READERS = QuickRecords.of(mock, serialize, lambda: SOURCES, mutate_some, check)


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
    READERS.check_left_to_careful(spelled, state)
    flagged = copy.deepcopy(record)
    flagged["round"] = False  # equal to 0, but not a round
    READERS.check_refused(flagged, r"state\.round must be an integer")


def copies_answer(check: Any, record: Any, state: mock.State) -> str | None:
    try:
        check(record, state)
    except tr.StateError as error:
        return str(error)
    return None


def test_the_quick_check_of_the_copies_agrees_with_the_careful_one() -> None:
    rng, verdicts = random.Random(11), set()
    for case in range(1500):
        record = copy.deepcopy(SOURCES[case % len(SOURCES)])
        if case % 3:  # spoil only the copies, or anything
            key = rng.choice(["opening", "first_complete", "took_discard", "winners"])
            if rng.random() < 0.2:
                del record[key]
            else:
                record[key] = rng.choice([None, True, False, 0, 1, 2, 20, [], [0], [True], "1"])
        else:
            mutate_some(record, rng)
        try:
            state = serialize._careful_state(record)
        except tr.StateError:
            continue
        quick = copies_answer(serialize._check_copies, record, state)
        assert quick == copies_answer(serialize._check_copies_carefully, record, state), case
        verdicts.add(quick is None)
    assert verdicts == {True, False}
