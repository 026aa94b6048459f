"""Sphinx configuration."""

from __future__ import annotations

import tablerules

project = "tablerules"
author = "The tablerules developers"
copyright = "2026, The tablerules developers"
version = release = tablerules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
# Builds run offline: no inventories are fetched, so links to the standard
# library stay plain text (see nitpick_ignore_regex below).
intersphinx_mapping: dict[str, tuple[str, str | None]] = {}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
napoleon_google_docstring = True
nitpicky = True
nitpick_ignore_regex = [
    (
        r"py:(class|exc|obj|data|func)",
        r"(builtins\.)?(int|str|bool|object|tuple|dict|list|None|type|float|bytes|set|"
        r"frozenset|ValueError|Exception|KeyError|TypeError|NoneType|Ellipsis)",
    ),
    (
        r"py:(mod|class|func|meth|data)",
        r"(random|tracemalloc|concurrent|pickle|json|itertools|collections|enum|typing)(\..*)?",
    ),
    (r"py:.*", r"(collections\.abc|typing|typing_extensions|random|attrs?)\..*"),
    (r"py:class", r"(Sequence|Iterable|Iterator|Mapping|Random|SupportsIndex|Final|T)"),
    (r"py:class", r"tablerules\..*\.(Action|T)"),
    (r"py:class", r"tablerules\._protocol\.\w+T"),
]
html_theme = "alabaster"
exclude_patterns = ["_build"]
