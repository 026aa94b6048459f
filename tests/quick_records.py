"""The quick record reader against the careful one, for any game: one driver, three games.

Each game's ``serialize`` has ``_quick_state`` (straight-line code for records as
``to_dict`` writes them, ``None`` for anything else) and ``_careful_state`` (every
field checked); ``from_dict`` tries the first and falls back to the second.
:class:`QuickRecords` holds what differs between games; its methods are the
checks ``tests/<game>/test_quick_records.py`` run: every real and mutated record
read both ways must give the same state, or the same
:class:`~tablerules.StateError` message.

>>> from tablerules import mock
>>> answer(mock.from_dict, {"version": 99})[:6]
'state.'
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Generic, TypeVar

import pytest

import tablerules as tr

S = TypeVar("S")
CASES = 1500
CHUNKS = 5


def answer(read: Callable[[Any], S], record: Any) -> S | str:
    """What ``read`` makes of ``record``: its state, or the StateError message."""
    try:
        return read(record)
    except tr.StateError as error:
        return str(error)


@dataclass(frozen=True)
class QuickRecords(Generic[S]):
    """One game's readers and records.

    ``check`` is what the careful reader must pass besides the careful read
    (``check_state``, and for Mock the derived copies); ``mutate`` spoils a record
    in place with ``rng`` and returns what it did (or ``None``).
    """

    state_type: type[S]
    quick_state: Callable[[Any], S | None]
    careful_state: Callable[[Any], S]
    check: Callable[[Any, S], object]
    from_dict: Callable[[Any], S]
    to_dict: Callable[[S], Any]
    pool: Callable[[], Sequence[Any]]
    mutate: Callable[[Any, random.Random], object]

    @classmethod
    def of(
        cls,
        game: ModuleType,
        serialize: ModuleType,
        pool: Callable[[], Sequence[Any]],
        mutate: Callable[[Any, random.Random], object],
        check: Callable[[Any, Any], object] | None = None,
    ) -> QuickRecords[Any]:
        """The readers of ``game`` (its module) and its ``serialize`` module.

        ``check`` defaults to the game's ``check_state`` of the state read.
        """
        return QuickRecords(
            state_type=game.State,
            quick_state=serialize._quick_state,
            careful_state=serialize._careful_state,
            check=check or (lambda record, state: game.check_state(state)),
            from_dict=game.from_dict,
            to_dict=game.to_dict,
            pool=pool,
            mutate=mutate,
        )

    def careful(self, record: Any) -> S | str:
        """What the careful reader and the checks make of ``record``: a state or the message."""

        def read(record: Any) -> S:
            state = self.careful_state(record)
            self.check(record, state)
            return state

        return answer(read, record)

    def check_real_records(self) -> None:
        """Every real record is read quickly, equal to the careful read, and written back."""
        for record in self.pool():
            state = self.quick_state(json.loads(json.dumps(record)))
            assert state is not None
            assert state == self.careful(record)
            assert self.to_dict(state) == record

    def check_mutated_records(self, chunk: int) -> None:
        """Cases ``chunk``, ``chunk + CHUNKS``, ... below CASES: both readers answer alike."""
        pool = self.pool()
        outcomes = set()
        for case in range(chunk, CASES, CHUNKS):
            rng = random.Random(case)
            record = copy.deepcopy(pool[rng.randrange(len(pool))])
            done = self.mutate(record, rng)
            expected = self.careful(record)  # readers never change their input
            assert answer(self.from_dict, record) == expected, (case, done)
            outcomes.add(type(expected))
        assert outcomes == {str, self.state_type}

    def check_left_to_careful(self, record: Any, state: S) -> None:
        """The quick reader leaves ``record`` to the careful one, which reads ``state``."""
        assert self.quick_state(record) is None
        assert self.from_dict(record) == state

    def check_refused(self, record: Any, match: str) -> None:
        """The quick reader leaves ``record`` to the careful one, which refuses it so."""
        assert self.quick_state(record) is None
        with pytest.raises(tr.StateError, match=match):
            self.from_dict(record)
