"""Golden games: recorded games of every game, in one format, replayed every run.

The format is described in :mod:`tests.helpers`. Each record's actions are in
the game's text notation, so the files stay readable; replaying one checks
the outcome, that every state on the way survives a JSON round trip and the
game's own invariant check, and that every action reads back from its text.
Rewrite the expected outcomes with ``python -m tests.test_golden`` only when a
rule change is intended.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import tablerules as tr
from tests.helpers import AnyGame, golden_files, golden_outcome, load_golden, replay_golden

FILES = sorted(path for name in tr.GAMES for path in golden_files(name))


def test_every_game_has_golden_games() -> None:
    names = {load_golden(path)["game"] for path in FILES}
    assert names == set(tr.GAMES)
    for name in tr.GAMES:
        assert len([path for path in FILES if path.name.startswith(f"{name}_")]) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_golden_game_replays(path: Path) -> None:
    record = load_golden(path)
    assert path.name.startswith(f"{record['game']}_")
    assert set(record) == {"game", "note", "config", "seed", "deck", "actions", "expected"}
    game: AnyGame = tr.GAMES[record["game"]]
    state, states = replay_golden(record)
    assert golden_outcome(game, state) == record["expected"]
    assert state.is_over, "a golden game is played to its end"
    for before in states:
        data = json.loads(json.dumps(game.to_dict(before)))
        assert game.from_dict(data) == before
        game.check_state(before)
    for text in record["actions"]:
        action = game.parse_action(text)
        assert str(action) == text
        assert game.parse_action(str(action)) == action


def rewrite(paths: list[Path]) -> None:
    """Replay each record and write its outcome as the expected one."""
    for path in paths:
        record: dict[str, Any] = load_golden(path)
        game: AnyGame = tr.GAMES[record["game"]]
        state, _ = replay_golden(record)
        record["expected"] = golden_outcome(game, state)
        path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover - run by hand after an intended rule change
    rewrite([Path(arg) for arg in sys.argv[1:]] or FILES)
