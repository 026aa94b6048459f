"""Every example in a public docstring runs when a user copies it.

The API reference shows the docstrings of the public names, and a reader copies
their examples into an empty session. The doctests in ``src/tablerules`` run in
their module's namespace, where a missing import goes unnoticed; this test runs
each public docstring's examples in an empty namespace instead.
"""

from __future__ import annotations

import doctest
import importlib
import io

import pytest

MODULES = (
    "tablerules",
    "tablerules.ofc",
    "tablerules.mock",
    "tablerules.mentok",
    "tablerules.svg",
    "tablerules.text",
)
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def public_doctests(module_names: tuple[str, ...]) -> list[doctest.DocTest]:
    """The doctests with examples in the public names of these modules, each name once."""
    finder = doctest.DocTestFinder(recurse=True)
    seen: set[int] = set()
    found: list[doctest.DocTest] = []
    for module_name in module_names:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            try:
                tests = finder.find(obj, f"{module_name}.{name}", globs={})
            except ValueError:  # an object doctest cannot search, such as a constant
                continue
            found.extend(test for test in tests if test.examples)
    return found


def run_in_empty_namespace(test: doctest.DocTest) -> str:
    """Run a doctest with no globals; return doctest's report of failures, or ''."""
    test.globs = {}
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=OPTIONS)
    runner.run(test, out=report.write)
    return report.getvalue() if runner.failures else ""


DOCTESTS = public_doctests(MODULES)


def test_public_docstrings_found() -> None:
    assert len(DOCTESTS) > 50


@pytest.mark.parametrize("test", DOCTESTS, ids=[test.name for test in DOCTESTS])
def test_example_runs_in_empty_namespace(test: doctest.DocTest) -> None:
    report = run_in_empty_namespace(test)
    assert not report, f"{test.name}: examples fail when copied alone\n{report}"


def test_batch_examples_run_in_empty_namespace() -> None:
    pytest.importorskip("numpy")
    failed = {}
    for test in public_doctests(("tablerules.batch",)):
        report = run_in_empty_namespace(test)
        if report:
            failed[test.name] = report
    assert not failed, (
        "examples fail when copied alone: "
        + ", ".join(failed)
        + "\n"
        + ("\n".join(failed.values()))
    )
