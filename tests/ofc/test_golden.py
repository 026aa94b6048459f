"""Golden recorded games under tests/data/, replayed every run.

Regenerate the seeded records with ``PYTHONPATH=src python -m tests.ofc.test_golden``
(only when a rule change is intended; the hand-checked record is written by hand).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tablerules as tr
from tablerules import ofc
from tablerules.ofc.serialize import _config_dict, _read_config

DATA = Path(__file__).parent.parent / "data"
FILES = sorted(DATA.glob("ofc_*.json"))


def place_dict(action: ofc.Place) -> dict[str, str]:
    return {
        "top": tr.cards_text(action.top),
        "middle": tr.cards_text(action.middle),
        "bottom": tr.cards_text(action.bottom),
        "discard": tr.cards_text(action.discard),
    }


def record(config: ofc.Config, seed: int, choice_seed: int) -> dict[str, Any]:
    state = ofc.new_game(config, seed=seed)
    rng = random.Random(choice_seed)
    actions = []
    while not state.is_over:
        action = ofc.random_action(state, rng)
        actions.append(place_dict(action))
        state = ofc.apply(state, action)
    return {
        "game": "ofc",
        "config": _config_dict(config),
        "seed": seed,
        "deck": None,
        "actions": actions,
        "rounds": state.round + 1,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "last_round_points": list(state.last_round.points) if state.last_round else None,
    }


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_golden_game_replays(path: Path) -> None:
    data = json.loads(path.read_text())
    config = _read_config(data)
    deck = tr.parse_cards(data["deck"]) if data["deck"] else None
    state = ofc.new_game(config, seed=data["seed"], deck=deck)
    for raw in data["actions"]:
        state = ofc.apply(state, ofc.Place(**raw))
    assert state.is_over
    assert state.round + 1 == data["rounds"]
    assert list(state.scores) == data["scores"]
    assert list(state.winners) == data["winners"]
    assert state.last_round is not None
    assert list(state.last_round.points) == data["last_round_points"]


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 6
    fantasyland = json.loads((DATA / "ofc_fantasyland_3p.json").read_text())
    config = _read_config(fantasyland)
    state = ofc.new_game(config, seed=fantasyland["seed"])
    seen = False
    for raw in fantasyland["actions"]:
        seen = seen or any(state.fantasyland)
        state = ofc.apply(state, ofc.Place(**raw))
    assert seen, "the fantasyland record must reach a fantasyland round"


def main() -> None:
    games = {
        "ofc_pineapple_2p.json": (ofc.Config(max_rounds=6), 101, 1),
        "ofc_pineapple_3p_progressive.json": (
            ofc.Config(players=3, progressive=True, max_rounds=3),
            202,
            2,
        ),
        "ofc_classic_4p.json": (ofc.Config(variant="classic", players=4, max_rounds=2), 303, 3),
        "ofc_lowball_2p.json": (ofc.Config(lowball_middle=True, max_rounds=3), 404, 4),
        # random play that reaches a fantasyland round
        "ofc_fantasyland_3p.json": (
            ofc.Config(players=3, progressive=True, max_rounds=3),
            427,
            427,
        ),
    }
    for name, (config, seed, choice_seed) in games.items():
        (DATA / name).write_text(json.dumps(record(config, seed, choice_seed), indent=1) + "\n")


if __name__ == "__main__":
    main()
