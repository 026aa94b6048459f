"""Golden games: recorded seeded games replayed every run.

Each file under ``tests/data/mock_*.json`` holds a config, a seed (and an
optional stacked first deck), the actions in a compact text form (``d``
draw, ``D`` take the top discard, ``m:KdKs/2c`` meld Kd Ks and discard 2c)
and the expected outcome. Rewrite them with ``python -m tests.mock.test_golden``
only when a rule change is intended.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import tablerules as tr
from tablerules import mock
from tests.mock.strategies import parse_turns

DATA = Path(__file__).parent.parent / "data"
FILES = sorted(DATA.glob("mock_*.json"))


def action_text(action: mock.Action) -> str:
    if isinstance(action, mock.Draw):
        return "D" if action.from_discard else "d"
    return "m:" + "".join(map(str, action.cards)) + "/" + "".join(map(str, action.discards))


def config_of(record: dict[str, Any]) -> mock.Config:
    return mock.Config(**record["config"])


def replay(record: dict[str, Any]) -> mock.State:
    deck = tr.parse_cards(record["deck"]) if record["deck"] else None
    state = mock.new_game(config_of(record), seed=record["seed"], deck=deck)
    for action in parse_turns(" ".join(record["actions"])):
        state = mock.apply(state, action)
    return state


def outcome(state: mock.State) -> dict[str, Any]:
    summary = mock.to_dict(state)["last_round"]
    return {
        "rounds": state.round + 1,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "last_round": summary,
    }


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_golden_game_replays(path: Path) -> None:
    record = json.loads(path.read_text())
    state = replay(record)
    assert state.is_over
    assert outcome(state) == record["expected"]


def record_game(
    name: str, config: dict[str, Any], seed: int, play_seed: int, deck: str | None = None
) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(
        mock.Config(**config), seed=seed, deck=tr.parse_cards(deck) if deck else None
    )
    actions = []
    while not state.is_over:
        action = mock.random_action(state, rng)
        actions.append(action_text(action))
        state = mock.apply(state, action)
    record = {
        "config": config,
        "seed": seed,
        "deck": deck,
        "actions": actions,
        "expected": outcome(state),
    }
    (DATA / f"mock_{name}.json").write_text(json.dumps(record, indent=1) + "\n")


if __name__ == "__main__":
    record_game(
        "three_players_one_round",
        {"players": 3, "max_rounds": 1},
        seed=2026,
        play_seed=1,
        deck=tr.cards_text(tr.FULL_DECK),
    )
    record_game("four_players_to_fifty", {}, seed=7, play_seed=7)
    record_game(
        "ten_players_suits", {"players": 10, "highest_hand_ties": "suits", "max_rounds": 3}, 5, 5
    )
    record_game(
        "five_players_no_tie_bonus",
        {"players": 5, "highest_hand_ties": "none", "target": 20},
        seed=11,
        play_seed=3,
    )
