"""Pinned move counts, in the manner of a chess perft test.

For seeded games of every game under several configs, the number of legal
actions at every step and the final scores are pinned in
``tests/data/perft.json``. The actions are chosen from ``legal_actions`` by
index with a seeded ``random.Random``, so the games depend only on move
generation and the rules, not on how ``random_action`` draws: any change to
which actions are legal, their order, the deal or the scoring shows here.

Regenerate (only after a deliberate rules change) with
``python -m tests.test_perft --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import tablerules as tr

PERFT = Path(__file__).parent / "data" / "perft.json"

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "ofc": [
        {"max_rounds": 3},
        {"players": 3, "variant": "classic", "max_rounds": 2},
        {"players": 4, "variant": "classic", "max_rounds": 1},
        {"progressive": True, "max_rounds": 6},
        {"lowball_middle": True, "max_rounds": 3},
    ],
    "mock": [
        {"max_rounds": 2},
        {"players": 5, "max_rounds": 3, "opening_size": 7},
        {"players": 6, "highest_hand_ties": "none", "max_rounds": 1},
        {"players": 3, "target": 20},
    ],
    "mentok": [
        {"max_rounds": 3},
        {"players": 2, "target": 12},
        {"players": 6, "decks": 2, "max_rounds": 1},
        {"players": 3, "strict": False, "exact_target": False, "max_rounds": 2},
    ],
}
SEEDS = range(4)


def play(game_name: str, values: dict[str, Any], seed: int) -> dict[str, Any]:
    """One seeded game: the count of legal actions at each step, and the final scores."""
    game: Any = tr.GAMES[game_name]
    state = game.new_game(game.Config(**values), seed=seed)
    rng = random.Random(seed)
    counts = []
    while not state.is_over:
        actions = game.legal_actions(state)
        counts.append(len(actions))
        state = game.apply(state, actions[rng.randrange(len(actions))])
    assert game.legal_actions(state) == ()
    return {
        "game": game_name,
        "config": values,
        "seed": seed,
        "steps": len(counts),
        "counts": " ".join(map(str, counts)),
        "scores": list(state.scores),
    }


def cases() -> list[tuple[str, dict[str, Any], int]]:
    """Every pinned (game, config, seed)."""
    return [(name, values, seed) for name in CONFIGS for values in CONFIGS[name] for seed in SEEDS]


def _pinned() -> dict[str, dict[str, Any]]:
    entries = json.loads(PERFT.read_text(encoding="utf-8"))
    return {_key(entry["game"], entry["config"], entry["seed"]): entry for entry in entries}


def _key(game_name: str, values: dict[str, Any], seed: int) -> str:
    return f"{game_name} {json.dumps(values, sort_keys=True)} seed={seed}"


@pytest.mark.parametrize(
    ("game_name", "values", "seed"), cases(), ids=[_key(*case) for case in cases()]
)
def test_move_counts_and_scores_are_pinned(
    game_name: str, values: dict[str, Any], seed: int
) -> None:
    expected = _pinned()[_key(game_name, values, seed)]
    assert play(game_name, values, seed) == expected


def test_every_pinned_game_is_checked() -> None:
    assert sorted(_pinned()) == sorted(_key(*case) for case in cases())


def main() -> None:
    """Write ``tests/data/perft.json`` from the current rules (``--write``)."""
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.test_perft --write")
    entries = [play(*case) for case in cases()]
    PERFT.write_text(json.dumps(entries, indent=1) + "\n", encoding="utf-8")
    steps = sum(entry["steps"] for entry in entries)
    print(f"wrote {len(entries)} games, {steps} steps, to {PERFT}")


if __name__ == "__main__":
    main()
