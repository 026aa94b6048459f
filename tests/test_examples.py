"""Every example in examples/ runs, prints, and is deterministic."""

from __future__ import annotations

import contextlib
import io
import runpy
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def run(path: Path) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(path), run_name="__main__")
    return out.getvalue()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_and_is_deterministic(path: Path) -> None:
    first = run(path)
    assert first.strip(), f"{path.name} printed nothing"
    assert run(path) == first, f"{path.name} is not deterministic"


def test_tour_covers_the_ranker() -> None:
    text = run(Path(__file__).parent.parent / "examples" / "tour.py")
    assert "royal flush" in text or "best of" in text
    assert "fouled" in text
