"""The README's Python examples run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_readme_python_blocks_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, str(README), "exec"), {})
        assert out.getvalue().strip()


def test_readme_has_the_two_commands() -> None:
    text = README.read_text()
    assert "python examples/tour.py" in text
    assert 'python -m pip install -e ".[dev]" && python -m pytest' in text
