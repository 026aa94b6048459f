"""Import time: ``import tablerules`` and the first hands, against a bare interpreter.

Usage: ``python benchmarks/imports.py [--repeat R]``. Each case runs in a
fresh interpreter (``sys.executable``), its CPU time taken from the operating
system, the best of ``--repeat`` interleaved rounds; the bare interpreter
(``python -c pass``) runs in the same rounds. Bytecode is cached in a
temporary directory first (as an installed package has it), whatever
``PYTHONDONTWRITEBYTECODE`` says. The first hands are also timed inside the
interpreter, around the one call. Last, ``python -X importtime`` shows the
modules that ``import tablerules`` spends most time in.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile

CASES = {
    "python -c pass": "pass",
    "import tablerules": "import tablerules",
    "import tablerules.ofc, .mock, .mentok": (
        "import tablerules.ofc, tablerules.mock, tablerules.mentok"
    ),
    "import tablerules.batch (numpy)": "import tablerules.batch",
}
FIRST_CALLS = {
    "first best_rank, 7 cards": "tr.best_rank(tr.parse_cards('As Kd 7h 2c 9s Tc 3d'))",
    "first rank_lowball27": "tr.rank_lowball27(tr.parse_cards('7s 5d 4h 3c 2s'))",
    "first rank5": "tr.rank5(tr.parse_cards('As Kd 7h 2c 9s'))",
}
TIMED_CALL = """
import time
import tablerules as tr
start = time.process_time_ns()
{call}
print(time.process_time_ns() - start)
"""


def child_cpu_ms(code: str, env: dict[str, str]) -> tuple[float, str]:
    """CPU milliseconds of a fresh interpreter running ``code``, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000, done.stdout


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        codes = dict(CASES)
        codes.update({name: TIMED_CALL.format(call=call) for name, call in FIRST_CALLS.items()})
        try:
            import numpy  # noqa: F401 - only whether it is there
        except ImportError:
            del codes["import tablerules.batch (numpy)"]
        for code in codes.values():
            child_cpu_ms(code, env)  # writes the bytecode cache
        best = dict.fromkeys(codes, float("inf"))
        inside = dict.fromkeys(FIRST_CALLS, float("inf"))
        names = list(codes)
        for round_number in range(args.repeat):
            for offset in range(len(names)):
                name = names[(round_number + offset) % len(names)]
                used, printed = child_cpu_ms(codes[name], env)
                best[name] = min(best[name], used)
                if name in inside:
                    inside[name] = min(inside[name], int(printed) / 1e6)
        importtime = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import tablerules"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stderr
    bare = best["python -c pass"]
    imported = best["import tablerules"]
    print(
        f"Python {sys.version.split()[0]}, CPU time of a fresh interpreter, "
        f"best of {args.repeat} interleaved rounds\n"
    )
    print(f"  {'':40} {'ms':>7} {'x bare':>7} {'- bare':>7}")
    for name in CASES:
        if name in best:
            ms = best[name]
            print(f"  {name:40} {ms:7.1f} {ms / bare:7.2f} {ms - bare:7.1f}")
    print(f"\n  {'first call after import tablerules':40} {'in it':>7} {'- import':>8}")
    for name in FIRST_CALLS:
        print(f"  {name:40} {inside[name]:7.2f} {best[name] - imported:8.1f}")
    print("\nslowest modules of import tablerules (-X importtime, self time, one run):")
    rows = []
    for line in importtime.splitlines()[1:]:
        own, _, module = line.removeprefix("import time:").split("|")
        rows.append((int(own), module.strip()))
    for microseconds, module in sorted(rows, reverse=True)[:8]:
        print(f"  {module:40} {microseconds / 1000:7.2f} ms")


if __name__ == "__main__":
    main()
