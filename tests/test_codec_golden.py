"""The codecs' id layouts and observation vectors, pinned in ``tests/data/codec_ids.json``.

Trained networks depend on what each id and each feature means, so a change to
a layout must be deliberate: it fails here until the file is rewritten with
``python -m tests.test_codec_golden`` and the codec's ``version`` is raised.
For a few seeded positions per game the file holds the sizes, the version,
every legal id with the text of its action, and a digest of the observation
bytes of every seat.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import tablerules as tr
from tablerules import mentok, mock, ofc
from tests.helpers import DATA, AnyGame, random_state

GOLDEN = DATA / "codec_ids.json"
POSITIONS: list[tuple[str, object, int, int]] = [
    ("ofc", ofc.Config(), 1, 0),
    ("ofc", ofc.Config(), 2, 3),
    ("ofc", ofc.Config(players=3), 3, 4),
    ("ofc", ofc.Config(variant="classic", players=4), 4, 9),
    ("mock", mock.Config(), 1, 0),
    ("mock", mock.Config(), 2, 7),
    ("mock", mock.Config(players=3), 3, 12),
    ("mentok", mentok.Config(), 1, 0),
    ("mentok", mentok.Config(players=3, strict=False), 2, 5),
    ("mentok", mentok.Config(players=6, decks=2), 3, 8),
]
"""(game, config, seed, random steps from the deal) of each pinned position."""


def snapshot() -> list[dict[str, Any]]:
    """What the file pins, computed from the codecs as they are."""
    entries = []
    for name, config, seed, steps in POSITIONS:
        game: AnyGame = tr.GAMES[name]
        codec = game.Codec(config)
        state = random_state(game, config, seed, steps)
        views = [game.observe(state, seat) for seat in range(len(state.scores))]
        acting = views[state.to_act]
        entries.append(
            {
                "game": name,
                "config": game.to_dict(state)["config"],
                "seed": seed,
                "steps": steps,
                "version": codec.version,
                "num_actions": codec.num_actions,
                "observation_size": codec.observation_size,
                "layout": {part: [where.start, where.stop] for part, where in codec.layout.items()},
                "legal": {
                    str(action_id): str(codec.decode(acting, action_id))
                    for action_id in codec.legal_ids(acting)
                },
                "observations": [
                    hashlib.sha256(codec.observation(view)).hexdigest()[:16] for view in views
                ],
            }
        )
    return entries


def test_codec_layouts_are_pinned() -> None:
    pinned = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert snapshot() == pinned


if __name__ == "__main__":  # pragma: no cover - run by hand after a deliberate layout change
    GOLDEN.write_text(json.dumps(snapshot(), indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {GOLDEN}\n")
