"""The Mentok part of examples/tour.py plays a whole round."""

from __future__ import annotations

import contextlib
import io
import runpy
from pathlib import Path

TOUR = Path(__file__).parent.parent.parent / "examples" / "tour.py"


def test_tour_plays_a_mentok_round() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(TOUR), run_name="__main__")
    text = out.getvalue()
    mentok_part = text[text.index("== Mentok ==") :]
    assert "asks seat" in mentok_part
    assert "scores after round 0" in mentok_part
    assert len(mentok_part.splitlines()) <= 40
