"""The Mentok part of examples/tour.py plays a whole round."""

from __future__ import annotations

import contextlib
import io
import runpy
import sys
from pathlib import Path

import pytest

TOUR = Path(__file__).parent.parent.parent / "examples" / "tour.py"


def test_tour_plays_a_mentok_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", [str(TOUR)])  # the tour reads its options from argv
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(TOUR), run_name="__main__")
    text = out.getvalue()
    mentok_part = text[text.index("== Mentok ==") : text.index("== A game log ==")]
    assert "asks for a" in mentok_part
    assert "state.scores, state.winners" in mentok_part
    assert "Mentok, round 0: the table as seat 1 sees it" in mentok_part
    assert len(mentok_part.splitlines()) <= 60  # the round's actions and the table's text
