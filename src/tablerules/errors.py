"""The library's exceptions.

Every error the library raises on purpose derives from :class:`RulesError`,
and every one of them is also a :class:`ValueError`, so code that already
catches ``ValueError`` keeps working.

>>> import tablerules as tr
>>> try:
...     tr.Card.parse("1s")
... except tr.CardError as error:
...     print(error)
bad card '1s': '1' is not a rank (expected one of 2 3 4 5 6 7 8 9 T J Q K A)
>>> issubclass(tr.IllegalActionError, ValueError)
True
"""

from __future__ import annotations

__all__ = ["CardError", "ConfigError", "IllegalActionError", "RulesError", "StateError"]


class RulesError(Exception):
    """Base class of every error the library raises on purpose."""


class IllegalActionError(RulesError, ValueError):
    """An action that the rules forbid in the current state.

    The message says which rule was broken; ``action`` holds the action.
    The state the action was applied to is never changed.
    """

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
        """The offending action, or ``None`` when there was none to keep."""


class ConfigError(RulesError, ValueError):
    """A game configuration (or a stacked deck) that cannot be played."""


class CardError(RulesError, ValueError):
    """Card text that does not name a card, or a value that is not a card."""


class StateError(RulesError, ValueError):
    """A serialized state that is malformed or breaks the rules' invariants."""
