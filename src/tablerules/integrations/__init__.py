"""Optional integrations with the ecosystems bot writers already use.

Each submodule needs an extra and imports it only when used; a missing extra
raises :class:`ModuleNotFoundError` naming the ``pip install`` line:

* :mod:`tablerules.integrations.pettingzoo`: PettingZoo AEC environments and a
  single-agent Gymnasium wrapper (``pip install "tablerules[pettingzoo]"``);
* :mod:`tablerules.integrations.openspiel`: OpenSpiel games
  (``pip install "tablerules[openspiel]"``).

>>> require("json", "pettingzoo").__name__
'json'
>>> require("no_such_module_here", "pettingzoo")
Traceback (most recent call last):
...
ModuleNotFoundError: this needs no_such_module_here: pip install "tablerules[pettingzoo]"
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require"]


def require(module: str, extra: str) -> ModuleType:
    """Import ``module``, or say which extra of tablerules installs it."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        top = module.partition(".")[0]
        if error.name is not None and error.name.partition(".")[0] != top:
            raise  # the module is there but something it needs is not: show the real error
        message = f'this needs {module}: pip install "tablerules[{extra}]"'
        raise ModuleNotFoundError(message, name=module) from error
