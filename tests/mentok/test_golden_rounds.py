"""What the shared golden-game test does not see: the rounds abandoned on the way.

``tests/test_golden.py`` replays every ``tests/data/mentok_*.json`` record and
checks its final outcome (``last_round`` shows only whether the final round
was abandoned); this test also checks which earlier rounds ran the deck out.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tablerules import mentok
from tests.helpers import golden_files, load_golden, replay_golden

ABANDONED = {
    "mentok_abandoned_five.json": [0],
    "mentok_abandoned_two_decks.json": [0],
}
"""The rounds each golden game abandons (none where not listed)."""

FILES = golden_files("mentok")


def test_every_listed_file_exists() -> None:
    assert set(ABANDONED) <= {path.name for path in FILES}
    assert len(FILES) >= 7


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_the_rounds_abandoned_on_the_way(path: Path) -> None:
    _, states = replay_golden(load_golden(path))
    abandoned = []
    for before, after in itertools.pairwise(states):
        summary = after.last_round
        if summary is not None and summary is not before.last_round and summary.abandoned:
            abandoned.append(summary.round)
    assert abandoned == ABANDONED.get(path.name, [])
    assert all(isinstance(state, mentok.State) for state in states)
