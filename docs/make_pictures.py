"""Draw the pictures the docs show, with :mod:`tablerules.svg`, from seeded positions.

``docs/conf.py`` runs :func:`write_pictures` when a build starts, so the
pictures always match the library; ``python docs/make_pictures.py [DIR]``
writes them by hand (into ``docs/_static/pictures`` by default). Each
position is a seeded game played with random legal actions for a fixed
number of steps, so every build draws the same pictures.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

from tablerules import mentok, mock, ofc, svg

DIRECTORY = Path(__file__).parent / "_static" / "pictures"
"""Where the pictures go: ``docs/_static/pictures`` (not kept in git)."""


def landing_board() -> str:
    """The board of the landing page's example."""
    return svg.board(ofc.Board.parse("Qs Qd 4c / Ks Kh 7d 7c 2s / 9h 8h 6h 4h 2h"))


def cards_picture() -> str:
    """A royal flush, drawn in the order given."""
    return svg.cards("As Ks Qs Js Ts")


def ofc_picture() -> str:
    """Pineapple OFC for two, on street 2, as the seat to act sees it."""
    state, rng = ofc.new_game(ofc.Config(max_rounds=1), seed=7), random.Random(7)
    for _ in range(5):
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.to_act is not None
    return svg.observation(ofc.observe(state, state.to_act))


def fantasyland_picture() -> str:
    """Three players; seat 1 plays fantasyland, its board set face down."""
    config = ofc.Config(players=3, progressive=True, max_rounds=3)
    state, rng = ofc.new_game(config, seed=427), random.Random(427)
    for _ in range(20):
        state = ofc.apply(state, ofc.random_action(state, rng))
    return svg.observation(ofc.observe(state, 0))


def mock_picture() -> str:
    """Mock for four in the middle of a round, as seat 1 sees it."""
    state, rng = mock.new_game(mock.Config(), seed=5), random.Random(5)
    for _ in range(13):
        state = mock.apply(state, mock.random_action(state, rng))
    return svg.observation(mock.observe(state, 1))


def mentok_picture() -> str:
    """Mentok for five, hands stood and bust, as seat 2 sees it."""
    state, rng = mentok.new_game(mentok.Config(players=5), seed=3), random.Random(3)
    for _ in range(9):
        state = mentok.apply(state, mentok.random_action(state, rng))
    return svg.observation(mentok.observe(state, 2))


PICTURES: dict[str, Callable[[], str]] = {
    "ofc-board.svg": landing_board,
    "cards.svg": cards_picture,
    "ofc.svg": ofc_picture,
    "ofc-fantasyland.svg": fantasyland_picture,
    "mock.svg": mock_picture,
    "mentok.svg": mentok_picture,
}
"""Each picture's file name and the function that draws it."""


def write_pictures(directory: Path = DIRECTORY) -> list[Path]:
    """Write every picture into ``directory``; a file already holding the same text is kept.

    Returns the paths written or kept, in the order of :data:`PICTURES`.
    """
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, draw in PICTURES.items():
        path, text = directory / name, draw()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_pictures(Path(sys.argv[1]) if len(sys.argv) > 1 else DIRECTORY):
        print(written)
