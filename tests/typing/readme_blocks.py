"""The README's Python blocks, written to files so CI type-checks them as a user's programs.

``python -m tests.typing.readme_blocks DIR`` writes ``readme_1.py``, ``readme_2.py``, ...
into ``DIR``; ``.ci/run`` then runs ``mypy --strict`` on them against the installed
wheel, as it does for ``user_program.py``. ``tests/test_readme.py`` runs them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.S | re.M)


def python_blocks(text: str | None = None) -> list[str]:
    """The source of every fenced ``python`` block of the README (or of ``text``)."""
    if text is None:
        text = README.read_text(encoding="utf-8")
    return _PYTHON_BLOCK.findall(text)


def main(argv: list[str]) -> int:
    """Write each block to ``readme_<n>.py`` in the directory ``argv[1]``."""
    if len(argv) != 2:
        print(f"usage: python -m tests.typing.readme_blocks DIR (got {argv[1:]})", file=sys.stderr)
        return 2
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for number, block in enumerate(python_blocks(), start=1):
        path = out / f"readme_{number}.py"
        path.write_text(block, encoding="utf-8")
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
