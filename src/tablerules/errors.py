"""The library's exceptions.

Every error the library raises on purpose derives from :class:`RulesError`,
which derives from :class:`ValueError`, so code that already catches
``ValueError`` keeps working:

- :class:`IllegalActionError`: an action the rules forbid now;
- :class:`ConfigError`: a configuration (or stacked deck) that cannot be played;
- :class:`CardError`: bad card text, wrong card counts, repeated cards or
  values that are not cards;
- :class:`StateError`: a serialized state that is malformed or breaks the rules;
- :class:`LogError`: a game log with a bad line, named by its number.

>>> import tablerules as tr
>>> try:
...     tr.Card.parse("1s")
... except tr.CardError as error:
...     print(error)
bad card '1s': '1' is not a rank (expected one of 2 3 4 5 6 7 8 9 T J Q K A)
>>> issubclass(tr.IllegalActionError, tr.RulesError), issubclass(tr.RulesError, ValueError)
(True, True)
"""

from __future__ import annotations

import reprlib
from typing import Final

__all__ = [
    "CardError",
    "ConfigError",
    "IllegalActionError",
    "LogError",
    "RulesError",
    "StateError",
]

MAX_INT_BITS: Final = 256
"""The largest integers a record or a seed may hold, in bits: far past any
score or seed in use, and short enough to print (Python refuses to print
integers of more than 4,300 digits)."""


class RulesError(ValueError):
    """Base class of every error the library raises on purpose; a :class:`ValueError`.

    A wrong argument *type* (a config that is not the game's ``Config``, an
    ``rng`` that is not a :class:`random.Random`) is a :class:`TypeError`
    instead, naming the parameter.
    """


class IllegalActionError(RulesError):
    """An action that the rules forbid in the current state.

    The message says which rule was broken; ``action`` holds the action.
    The state the action was applied to is never changed.
    """

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
        """The offending action, or ``None`` when there was none to keep."""


class ConfigError(RulesError):
    """A game configuration (or a stacked deck) that cannot be played."""


class CardError(RulesError):
    """Bad card text, a wrong card count, a repeated card, or a value that is not a card."""


class StateError(RulesError):
    """A serialized state that is malformed or breaks the rules' invariants."""


class LogError(RulesError):
    """A game log that cannot be read: the message names the bad line and the rules' reason.

    ``line`` is that line's number (from 1), or ``None`` for a log that is
    bad as a whole (a tag that cannot be written, say).
    """

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line
        """The number of the bad line, from 1; ``None`` when no one line is to blame."""


def show(value: object, limit: int = 60) -> str:
    """``repr(value)`` for an error message: short, and safe for any input.

    Integers too long to print, values nested past the recursion limit and
    objects whose ``repr`` fails are described instead of shown.

    >>> show("As")
    "'As'"
    >>> show(10**5000)
    'an integer of 16610 bits'
    >>> show(list(range(100)))
    '[0, 1, 2, 3, 4, 5, ...]'
    >>> deep: list[object] = []
    >>> for _ in range(100_000):
    ...     deep = [deep]
    >>> show(deep)
    '[[[[...]]]]'
    """
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = _SHORT_REPR.repr(value)
    except Exception:
        return f"a {type(value).__name__} value"
    return text if len(text) <= limit else text[: limit - 4] + " ..."


_GAME_PACKAGES: Final = frozenset({"ofc", "mock", "mentok", "integrations"})


def type_name(value: object) -> str:
    """The name of ``value``'s type as a user writes it: the library's classes by package.

    >>> import tablerules.mock as mock
    >>> type_name(mock.Config()), type_name(mock.Config), type_name(3)
    ('tablerules.mock.Config', 'type', 'int')
    >>> from tablerules import Card
    >>> type_name(Card.parse("As"))
    'tablerules.Card'
    """
    kind = type(value)
    parts = kind.__module__.split(".")
    if parts[0] != "tablerules":
        return kind.__name__
    package = (
        "tablerules." + parts[1] if len(parts) > 2 and parts[1] in _GAME_PACKAGES else parts[0]
    )
    return f"{package}.{kind.__qualname__}"


class _ShortRepr(reprlib.Repr):
    """A :mod:`reprlib` repr that also describes huge integers inside containers."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > MAX_INT_BITS:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT_REPR: Final = _ShortRepr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = _SHORT_REPR.maxlong = 40
