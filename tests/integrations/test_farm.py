"""examples/farm.py: the same Monte Carlo result lines on processes, a Dask cluster and Ray.

Each run is a fresh ``python examples/farm.py`` (as a user runs it), with
small work; Dask and Ray start real local clusters of two worker processes
and shut them down. The process backend needs no extra; the Dask and Ray
tests skip with the reason when their extra is missing.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

FARM = Path(__file__).parent.parent.parent / "examples" / "farm.py"
SMALL = ("--candidates", "3", "--tasks", "3", "--playouts", "4", "--timing")


def farm(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the farm example; fail with its output if it fails."""
    environment = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    done = subprocess.run(
        [sys.executable, str(FARM), *args],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
        env=environment,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def split(output: str) -> tuple[list[str], list[str]]:
    """The result lines and the timing lines of a run."""
    lines = output.splitlines()
    timing = [line for line in lines if line.startswith("# time")]
    return [line for line in lines if not line.startswith("# time")], timing


@functools.cache
def on_processes(game: str, workers: int = 2) -> list[str]:
    results, timing = split(farm("--game", game, "--workers", str(workers), *SMALL).stdout)
    assert timing, "--timing prints its lines apart"
    return results


@pytest.mark.parametrize("game", ["ofc", "mock", "mentok"])
def test_results_do_not_depend_on_the_workers(game: str) -> None:
    results = on_processes(game)
    assert results[0].startswith(f"{game}, seed 1, 3 moves in: seat ")
    assert len(results) == 1 + 3 + 1  # the heading, three candidates, the best
    assert results[-1].startswith("best: candidate ")
    assert on_processes(game, workers=1) == results
    other_seed = split(farm("--game", game, "--seed", "2", *SMALL).stdout)[0]
    assert other_seed != results


def test_the_default_run_prints_no_timing() -> None:
    results, timing = split(farm().stdout)
    assert not timing
    assert len(results) > 3


def test_an_address_needs_a_cluster() -> None:
    done = subprocess.run(
        [sys.executable, str(FARM), "--address", "127.0.0.1:1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "--address is for the dask and ray backends" in done.stderr


@pytest.mark.parametrize(
    ("backend", "module", "extra"), [("dask", "distributed", "dask"), ("ray", "ray", "ray")]
)
def test_a_missing_extra_is_named(backend: str, module: str, extra: str) -> None:
    """Without the extra, the backend says which pip line installs it."""
    code = (
        f"import runpy, sys; sys.modules[{module!r}] = None; "
        f"sys.argv = ['farm.py', '--backend', {backend!r}]; "
        f"runpy.run_path({str(FARM)!r}, run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode != 0
    assert f'pip install "tablerules[{extra}]"' in done.stderr


@pytest.mark.parametrize("game", ["ofc", "mock", "mentok"])
def test_a_local_dask_cluster_gives_the_same_results(game: str) -> None:
    pytest.importorskip(
        "distributed", reason="needs the dask extra: pip install 'tablerules[dask]'"
    )
    results, timing = split(farm("--backend", "dask", "--game", game, *SMALL).stdout)
    assert results == on_processes(game)
    assert any("backend dask, 2 workers" in line for line in timing)


@pytest.mark.parametrize("game", ["ofc", "mock", "mentok"])
def test_a_local_ray_instance_gives_the_same_results(game: str) -> None:
    pytest.importorskip("ray", reason="needs the ray extra: pip install 'tablerules[ray]'")
    results, timing = split(farm("--backend", "ray", "--game", game, *SMALL).stdout)
    assert results == on_processes(game)
    assert any("backend ray, 2 workers" in line for line in timing)
