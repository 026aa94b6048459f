"""The docs' game loops type-check as written, run, and use the idiom that type-checks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.typing import docs_loops

ROOT = Path(__file__).parent.parent
PAGES = sorted(
    [*(ROOT / "docs").rglob("*.rst"), *(ROOT / "docs").rglob("*.inc"), ROOT / "README.md"]
)


@pytest.mark.parametrize("loop", docs_loops.LOOPS, ids=lambda loop: loop.__name__)
def test_the_typed_loops_play_games_to_the_end(loop: object) -> None:
    assert callable(loop)
    result = loop(3)
    assert isinstance(result, tuple)
    assert result


@pytest.mark.parametrize("name", ["ofc", "mock", "mentok"])
def test_the_loop_over_any_game_plays_to_the_end(name: str) -> None:
    assert docs_loops.any_game(name, 3)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_loop_passes_the_optional_seat_to_observe(page: Path) -> None:
    # `while not state.is_over: observe(state, state.to_act)` runs, but mypy --strict refuses
    # it (to_act is int | None); the docs bind the seat in the loop's test instead.
    text = page.read_text(encoding="utf-8")
    loops = re.findall(
        r"while not state\.is_over:\n(?:.*\n){0,3}?.*observe\(state, state\.to_act\)", text
    )
    assert not loops, f"{page.name} loops with observe(state, state.to_act): {loops}"
