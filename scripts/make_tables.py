"""Write the ranker's lookup tables into ``src/tablerules/_data/``.

Usage: ``python scripts/make_tables.py`` (rewrites the files that differ) or
``python scripts/make_tables.py --check`` (exits 1 if a shipped file differs
from what the builder in ``tablerules._tables`` makes now). Run it after any
change to the builder or the card codes; ``tests/test_tables.py`` fails until
the shipped files match.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "tablerules" / "_data"


def main() -> int:
    """Build the tables and write (or check) the files; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "src"))
    from tablerules._tables import TABLE_FILES, table_file  # noqa: PLC0415 - after the path

    stale = 0
    for name in TABLE_FILES:
        data = table_file(name)
        path = DATA / name
        shown = path.relative_to(ROOT)
        if path.exists() and path.read_bytes() == data:
            print(f"{shown}: up to date ({len(data):,} bytes)")
        elif args.check:
            stale += 1
            print(f"{shown}: differs from what the builder makes")
        else:
            path.write_bytes(data)
            print(f"{shown}: written ({len(data):,} bytes)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
