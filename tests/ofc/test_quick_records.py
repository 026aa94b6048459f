"""OFC's quick record reader against the careful one (see :mod:`tests.quick_records`)."""

from __future__ import annotations

import copy
import random

import pytest

from tablerules import ofc
from tablerules.ofc import serialize
from tests.ofc.test_fuzz import mutate, records
from tests.quick_records import CHUNKS, QuickRecords

READERS = QuickRecords.of(ofc, serialize, records, mutate)


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
    READERS.check_left_to_careful(spelled, state)
    shuffled = copy.deepcopy(record)
    board = next(board for board in shuffled["boards"] if " " in board["bottom"])
    board["bottom"] = " ".join(reversed(board["bottom"].split()))  # a row is a set
    assert serialize._quick_state(shuffled) == state
    assert ofc.from_dict(shuffled) == state
    twice = copy.deepcopy(record)
    twice["boards"][0]["top"] = twice["boards"][0]["middle"] = "As"
    READERS.check_refused(twice, "appears twice on the board")
