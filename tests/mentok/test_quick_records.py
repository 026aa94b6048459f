"""Mentok's quick record reader against the careful one (see :mod:`tests.quick_records`)."""

from __future__ import annotations

import copy

import pytest

from tablerules import mentok
from tablerules.mentok import serialize
from tests.mentok.test_fuzz import mutate, records
from tests.quick_records import CHUNKS, QuickRecords

READERS = QuickRecords.of(mentok, serialize, records, mutate)


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
    READERS.check_left_to_careful(spelled, state)
    flagged = copy.deepcopy(record)
    flagged["version"] = True  # equal to 1, but not the version
    READERS.check_refused(flagged, r"state\.version must be 1")
