"""Mock game logs: a whole game as its moves, written as text and read back through the rules.

The format is the same in every game (see :doc:`/logs`); the moves are
written in Mock's action notation (:mod:`tablerules.mock.notation`).
"""

from __future__ import annotations

from typing import ClassVar

from tablerules._log import BaseLog, Rules
from tablerules.mock.actions import Action
from tablerules.mock.config import Config
from tablerules.mock.notation import parse_action
from tablerules.mock.observe import Observation, observe
from tablerules.mock.rules import apply, apply_unchecked, new_game, why_illegal
from tablerules.mock.serialize import observation_from_dict, observation_to_dict
from tablerules.mock.state import State

__all__ = ["GameLog", "read_log", "read_seat_log"]


class GameLog(BaseLog[State, Action, Observation, Config]):
    """A Mock game as the moves that made it; immutable (see :doc:`/logs`).

    >>> from tablerules import mock
    >>> log = mock.GameLog.start(mock.Config(max_rounds=1), seed=1, tags={"Event": "Demo"})
    >>> log = log.play(mock.legal_actions(log.final)[0])
    >>> mock.read_log(log.to_text()) == log, len(log.states())
    (True, 2)
    """

    __slots__ = ()
    rules: ClassVar[Rules] = Rules(
        "mock",
        Config,
        new_game,
        apply,
        apply_unchecked,
        parse_action,
        why_illegal,
        observe,
        observation_to_dict,
        observation_from_dict,
    )


def read_log(text: str) -> GameLog:
    """The game log ``text`` holds, every move replayed through the rules.

    A bad line raises :class:`~tablerules.LogError` naming its number and why.

    >>> from tablerules import mock
    >>> text = mock.GameLog.start(seed=7, tags={"Event": "Demo"}).to_text()
    >>> print(text)
    [Game "mock"]
    [Format "1"]
    [Seed "7"]
    [Event "Demo"]
    <BLANKLINE>
    ; round 0
    ; result: *
    <BLANKLINE>
    >>> mock.read_log(text).tags
    (('Event', 'Demo'),)
    >>> mock.read_log(text.replace('"mock"', '"chess"'))
    Traceback (most recent call last):
    ...
    tablerules.errors.LogError: line 1: no game is named 'chess' ...
    """
    return GameLog.read(text)


def read_seat_log(text: str) -> tuple[Observation, ...]:
    """The observations a seat's log (``log.to_text(seat=k)``) holds, one per state, in order.

    >>> from tablerules import mock
    >>> log = mock.GameLog.start(seed=3)
    >>> mock.read_seat_log(log.to_text(seat=1)) == (mock.observe(log.final, 1),)
    True
    """
    return GameLog.read_seat(text)
