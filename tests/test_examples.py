"""Every example in examples/ runs, prints, and is deterministic."""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import re
import runpy
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))
TOUR = Path(__file__).parent.parent / "examples" / "tour.py"


def run(path: Path, *args: str) -> str:
    """Run an example as ``python path args...`` would, and return what it printed."""
    out = io.StringIO()
    argv = sys.argv
    sys.argv = [str(path), *args]
    try:
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(path), run_name="__main__")
    finally:
        sys.argv = argv
    return out.getvalue()


def skip_without_extras(path: Path) -> None:
    """Skip an example whose ``# Needs: module (the X extra)`` lines name a missing module."""
    for module, extra in re.findall(r"^# Needs: (\S+) \((.+)\)$", path.read_text(), re.MULTILINE):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{path.name} needs {module}: {extra}")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_runs_and_is_deterministic(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skip_without_extras(path)
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # Stable-Baselines3 logs there, not in /tmp
    first = run(path)
    assert first.strip(), f"{path.name} printed nothing"
    assert run(path) == first, f"{path.name} is not deterministic"


def test_tour_covers_the_ranker() -> None:
    text = run(TOUR)
    assert "tr.describe(tr.best_rank(" in text
    assert "fouled" in text


def test_tour_shows_each_call_and_explains_each_action() -> None:
    text = run(TOUR)
    lines = text.splitlines()
    calls = [index for index, line in enumerate(lines) if line.startswith(">>> ")]
    assert len(calls) >= 20
    # OFC streets are numbered as State.street numbers them, from 0 to 4
    streets = {line.split(",")[0] for line in lines if line.startswith("street ")}
    assert streets == {f"street {street}" for street in range(5)}
    # Mock: draws say where the card came from; refills to three are shown
    assert "from the opening" in text
    assert "refills to three with" in text
    assert "has finished the round" in text
    # Mentok: a split, a stand and the score choices in words
    assert "and splits:" in text
    assert "stands on" in text
    assert "scored the table" in text or "scored the hand" in text
    assert "(split!)" not in text


def test_tour_writes_pictures_next_to_its_transcript(tmp_path: Path) -> None:
    directory = tmp_path / "pictures"
    text = run(TOUR, "--svg", str(directory))
    names = {"ofc-board.svg", "ofc.svg", "mock.svg", "mentok.svg", "tour.txt"}
    assert {path.name for path in directory.iterdir()} == names
    for name in sorted(names - {"tour.txt"}):
        root = ET.fromstring((directory / name).read_text(encoding="utf-8"))
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox")
        assert f"wrote {directory / name}" in text
    transcript = (directory / "tour.txt").read_text(encoding="utf-8")
    assert transcript == run(TOUR)
    assert text.startswith(transcript)


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


def test_an_example_needing_a_missing_extra_is_skipped_with_the_reason(tmp_path: Path) -> None:
    example = tmp_path / "needs_more.py"
    example.write_text('# Needs: no_such_module_here (the demo extra)\nprint("hi")\n')
    with pytest.raises(pytest.skip.Exception, match="no_such_module_here: the demo extra"):
        skip_without_extras(example)
    example.write_text('# Needs: json (the standard library)\nprint("hi")\n')
    skip_without_extras(example)  # json is there: no skip


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_example_says_what_it_does_with_help(path: Path) -> None:
    # --help prints the docstring's first paragraph (maskable_ppo.py's even without its extras)
    if path.name != "maskable_ppo.py":
        skip_without_extras(path)
    out, argv = io.StringIO(), sys.argv
    sys.argv = [str(path), "--help"]
    try:
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stopped:
            runpy.run_path(str(path), run_name="__main__")
    finally:
        sys.argv = argv
    assert stopped.value.code == 0
    text = " ".join(out.getvalue().split())
    assert text.startswith(f"usage: {path.name}")
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert docstring is not None
    assert " ".join(docstring.split()[:6]) in text


def test_maskable_ppo_says_how_to_install_what_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # as if it were not installed
    with pytest.raises(SystemExit, match=r"needs sb3-contrib: pip install sb3-contrib"):
        run(EXAMPLES[[path.name for path in EXAMPLES].index("maskable_ppo.py")])


def test_the_logged_match_writes_logs_that_read_back(tmp_path: Path) -> None:
    from tablerules import ofc

    out = tmp_path / "match.log"
    printed = run(Path(__file__).parent.parent / "examples" / "logged_match.py", "--out", str(out))
    assert printed.splitlines()[0].startswith(f"wrote {out}: ")
    log = ofc.read_log(out.read_text(encoding="utf-8"))
    assert log.tags[1:] == (("Seat0", "greedy"), ("Seat1", "random"))
    assert log.final.is_over
    for seat in (0, 1):
        seen = ofc.read_seat_log((tmp_path / f"match.seat{seat}.log").read_text(encoding="utf-8"))
        assert seen == tuple(ofc.observe(state, seat) for state in log.states())


def test_the_tour_prints_one_short_log() -> None:
    text = run(TOUR)
    log = text[text.index('[Game "mentok"]') : text.index(">>> mentok.read_log")]
    assert 10 <= len(log.splitlines()) <= 25
    assert log.rstrip().splitlines()[-1].startswith("; result: ")
