"""The three games as OpenSpiel games (``pip install "tablerules[openspiel]"``).

:func:`register` adds ``python_tablerules_ofc``, ``python_tablerules_mock``
and ``python_tablerules_mentok`` to pyspiel's registry, after which
``pyspiel.load_game("python_tablerules_ofc(players=3)")`` works. Their
parameters are the fields of the game's ``Config``, plus ``rewards`` (see
:data:`GAMES`, and the "Reinforcement learning and search" page for the
details: chance, actions, observations, information states, resampling).

This module imports without open_spiel; :func:`register` needs it:

>>> sorted(GAMES)
['python_tablerules_mentok', 'python_tablerules_mock', 'python_tablerules_ofc']
>>> GAMES["python_tablerules_ofc"]
'ofc'
"""

from __future__ import annotations

from typing import Final

from tablerules.integrations import require

__all__ = ["GAMES", "register"]

GAMES: Final = {
    "python_tablerules_ofc": "ofc",
    "python_tablerules_mock": "mock",
    "python_tablerules_mentok": "mentok",
}
"""Each registered OpenSpiel name and the ``tablerules.GAMES`` key of its game."""


def register() -> tuple[str, ...]:
    """Register the three games with pyspiel (again is harmless) and return their names.

    Raises :class:`ModuleNotFoundError`, naming the extra to install, without
    open_spiel.
    """
    pyspiel = require("pyspiel", "openspiel")
    from tablerules.integrations import _openspiel_game as games  # noqa: PLC0415 - needs pyspiel

    known = {game_type.short_name for game_type in pyspiel.registered_games()}
    for name, key in GAMES.items():
        if name not in known:
            pyspiel.register_game(games.game_type(key), games.game_classes()[key])
    return tuple(GAMES)
