"""The README's Python examples run as written, and its links work from PyPI too."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.typing.readme_blocks import README, main, python_blocks

BLOCKS = python_blocks()


def test_readme_has_python_blocks() -> None:
    assert len(BLOCKS) >= 2


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{n}" for n in range(1, len(BLOCKS) + 1)])
def test_readme_python_block_runs(block: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {"__name__": "__main__"})
    assert out.getvalue().strip()


def test_readme_blocks_are_written_for_the_type_check(tmp_path: Path) -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["readme_blocks", str(tmp_path)]) == 0
    written = sorted(tmp_path.glob("readme_*.py"))
    assert [path.read_text(encoding="utf-8") for path in written] == BLOCKS


def test_readme_has_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "python -m pip install . && python examples/tour.py" in text
    assert 'python -m pip install -e ".[dev]" && python -m pytest' in text
    assert "pip install tablerules\n" in text


def test_readme_links_are_absolute() -> None:
    # PyPI shows the README without the repository around it: relative links break there.
    targets = re.findall(r"\]\(([^)]*)\)", README.read_text(encoding="utf-8"))
    assert targets
    assert [target for target in targets if not target.startswith("https://")] == []
