"""Golden games: recorded Mentok games replayed every run.

Each ``tests/data/mentok_*.json`` file holds a config, a seed, an optional
stacked front of the first deck, the actions in a short text form, and the
expected outcome. ``mentok_held_blackjack.json`` was worked out by hand (see
its ``note``); the others are seeded games recorded once, two of them
with a round abandoned when the deck runs out. Every state is also checked to
survive a JSON round trip.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablerules import mentok
from tests.mentok.strategies import stacked

DATA = Path(__file__).parent.parent / "data"
FILES = sorted(DATA.glob("mentok_*.json"))


def encode(action: mentok.Action) -> str:
    """An action as short text: ``ask 2 K``, ``ask 0 9 split``, ``ask 1 5 hand=1``, ..."""
    if isinstance(action, mentok.Ask):
        text = f"ask {action.target} {action.rank.letter}"
        if action.hand:
            text += f" hand={action.hand}"
        return text + (" split" if action.split else "")
    if isinstance(action, mentok.Stand):
        return f"stand {action.hand}"
    return "score hand" if action.use_hand else "score table"


def decode(text: str) -> mentok.Action:
    """The action written by :func:`encode`."""
    words = text.split()
    if words[0] == "ask":
        hand = next((int(word[5:]) for word in words if word.startswith("hand=")), 0)
        return mentok.Ask(int(words[1]), words[2], hand, "split" in words)
    if words[0] == "stand":
        return mentok.Stand(int(words[1]))
    return mentok.Score(use_hand=words[1] == "hand")


def start(record: dict[str, object]) -> mentok.State:
    config = mentok.Config(**record["config"])  # type: ignore[arg-type]
    front = record.get("front")
    deck = None if front is None else stacked(str(front), config.decks)
    seed = record["seed"]
    assert isinstance(seed, int)
    return mentok.new_game(config, seed=seed, deck=deck)


def test_golden_files_exist() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_golden_game_replays(path: Path) -> None:
    record = json.loads(path.read_text())
    state = start(record)
    abandoned = []
    for text in record["actions"]:
        action = decode(text)
        assert encode(action) == text
        following = mentok.apply(state, action)
        summary = following.last_round
        if summary is not None and summary is not state.last_round and summary.abandoned:
            abandoned.append(summary.round)
        state = following
        assert mentok.from_dict(json.loads(json.dumps(mentok.to_dict(state)))) == state
    expected = record["expected"]
    assert abandoned == expected.get("abandoned", [])
    assert list(state.scores) == expected["scores"]
    assert list(state.winners) == expected["winners"]
    assert state.round == expected["round"]
    assert state.is_over == expected["is_over"]
    if "last_points" in expected:
        assert state.last_round is not None
        assert list(state.last_round.points) == expected["last_points"]
