"""Sphinx configuration."""

from __future__ import annotations

import enum
import runpy
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import tablerules

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.application import Sphinx

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
    "sphinx_copybutton",
    "myst_parser",
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
    (r"py:class", r"tablerules\._protocol\.\w+T(_contra)?"),
    (r"py:class", r"(\w+T|BaseLog|tablerules\._log\.[SAOC])"),
]
exclude_patterns = ["_build"]

html_theme = "furo"
html_title = "tablerules"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_theme_options = {
    "source_repository": "https://github.com/tablerules/tablerules/",
    "source_branch": "main",
    "source_directory": "docs/",
}
# The copy button copies the code of a ">>>" example without its prompts or output.
copybutton_exclude = ".linenos, .gp, .go"


# Autodoc without its noise. The hooks import nothing from Sphinx at module
# level: pytest imports this file when it collects the doctests, with or
# without the docs extra.


def _recorded_annotations(app: Sphinx) -> dict[str, dict[str, str]]:
    """The type hints autodoc recorded for the "description" fields (Sphinx 9, and before)."""
    document = getattr(app.env, "current_document", None)
    annotations: dict[str, dict[str, str]] | None = getattr(document, "autodoc_annotations", None)
    if annotations is not None:
        return annotations
    return cast("dict[str, dict[str, str]]", app.env.temp_data.setdefault("annotations", {}))


def _class_signature(  # noqa: PLR0917 - the signature of the Sphinx event
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str] | None:
    """A class has no return type, a Protocol class no ``(*args, **kwargs)``.

    An enum shows ``(value)``, not the functional API's ``(value, names=None,
    *, module=None, ...)`` that Sphinx before 9 finds.
    """
    if what in ("class", "exception"):
        _recorded_annotations(app).get(name, {}).pop("return", None)
        if getattr(obj, "_is_protocol", False):
            return "", ""
        if isinstance(obj, type) and issubclass(obj, enum.Enum):
            return "(value)", ""
    return None


def _builtin_value_docstring(  # noqa: PLR0917 - the signature of the Sphinx event
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """A constant of a built-in type is described by its own doc comment, not its type's.

    Autodoc reads attribute docstrings only in the module the directive names;
    for a name re-exported by ``tablerules`` it falls back to the value's type
    (``tuple``'s docstring for ``FULL_DECK``). Take the docstring written under
    the assignment in the module that defines the value instead.
    """
    type_doc = type(obj).__doc__
    if what != "data" or type(obj).__module__ != "builtins" or not type_doc:
        return
    if " ".join(lines).split() != type_doc.split():
        return
    from sphinx.pycode import ModuleAnalyzer  # noqa: PLC0415 - only while Sphinx runs

    attribute = name.rpartition(".")[2]
    for module_name, module in sorted(sys.modules.items()):
        if module_name.startswith("tablerules.") and getattr(module, attribute, None) is obj:
            doc = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attribute))
            if doc:
                lines[:] = doc
                return
    lines.clear()


def _make_pictures(app: Sphinx) -> None:
    """Draw the pictures the pages show (``make_pictures.py``) before any page is read."""
    script = runpy.run_path(str(Path(app.confdir) / "make_pictures.py"), run_name="make_pictures")
    write_pictures = cast("Callable[[Path], list[Path]]", script["write_pictures"])
    write_pictures(Path(app.confdir) / "_static" / "pictures")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _make_pictures)
    app.connect("autodoc-process-signature", _class_signature)
    app.connect("autodoc-process-docstring", _builtin_value_docstring)
    return {"parallel_read_safe": True}
