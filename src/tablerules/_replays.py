"""Bounded memos, by value, of the rules' replays that the invariant checks run.

A game's ``check_state`` deals a round again and replays its history
through the rules. An app that saves a game and reads it back every move
asks for the same round again with one event more each time, so
:class:`Replays` keeps, for a round's deal, the history last replayed and
the state it reached: a history that begins with that very history (equal
by value, event by event) is played on from that state, the rest through
the rules as before. :class:`Passed` keeps the keys of checks that passed
(the round before a state's is the same in every state of a round). Keys
are values (configs, seeds, scores, summaries, the deal's cards), never
ids; each memo is emptied when full.

>>> replays: Replays[str, str] = Replays(2)
>>> replays.resume("deal", ("a", "b"))
(0, None)
>>> replays.keep("deal", ("a",), "after a")
>>> replays.resume("deal", ("a", "b")), replays.resume("deal", ("b",))
((1, 'after a'), (0, None))
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final, Generic, TypeVar

__all__ = ["Passed", "Replays"]

E = TypeVar("E")
S = TypeVar("S")


class Replays(Generic[E, S]):
    """The state a replay of a round's history reached, by the round's deal: bounded, by value."""

    __slots__ = ("_kept", "_played")

    def __init__(self, kept: int) -> None:
        self._kept: Final = kept
        self._played: dict[Hashable, tuple[tuple[E, ...], S]] = {}

    def resume(self, key: Hashable, history: tuple[E, ...]) -> tuple[int, S | None]:
        """How many events of ``history`` a replay from ``key`` has played, and the state reached.

        ``(0, None)`` unless a replay from an equal key played a history
        equal to the first events of ``history``.
        """
        known = self._played.get(key)
        if known is not None:
            played, state = known
            if len(played) <= len(history) and history[: len(played)] == played:
                return len(played), state
        return 0, None

    def keep(self, key: Hashable, history: tuple[E, ...], state: S) -> None:
        """Remember that replaying ``history`` from ``key`` reached ``state``."""
        played = self._played
        if len(played) >= self._kept:
            played.clear()
        played[key] = (history, state)


class Passed:
    """Keys of checks that passed: bounded, by value.

    >>> passed = Passed(8)
    >>> passed.add((1, (0, 0)))
    >>> (1, (0, 0)) in passed, (1, (0, 1)) in passed, ([],) in passed
    (True, False, False)
    """

    __slots__ = ("_kept", "_keys")

    def __init__(self, kept: int) -> None:
        self._kept: Final = kept
        self._keys: dict[Hashable, None] = {}

    def __contains__(self, key: object) -> bool:
        try:
            return key in self._keys
        except TypeError:  # an unhashable part: such a value was never added
            return False

    def add(self, key: Hashable) -> None:
        """Remember that the check of ``key`` passed."""
        keys = self._keys
        if len(keys) >= self._kept:
            keys.clear()
        keys[key] = None
