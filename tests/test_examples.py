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


def load_example(name: str) -> dict[str, object]:
    path = Path(__file__).parent.parent / "examples" / f"{name}.py"
    return runpy.run_path(str(path), run_name=f"examples.{name}")


def test_monte_carlo_bot_beats_the_random_bot() -> None:
    """Over 12 seeded heads-up rounds, seats swapped, the Monte Carlo bot comes out ahead."""
    example = load_example("monte_carlo_ofc")
    match = example["match"]
    assert callable(match)
    points = match(rounds=12, samples=2, first_seed=500)
    assert sum(points) > 12, points
    assert sum(1 for result in points if result > 0) >= 9, points
