"""A user's program, type-checked by CI with ``mypy --strict`` against the installed wheel."""

from __future__ import annotations

from typing_extensions import assert_type

import tablerules as tr


def best_of(text: str) -> str:
    """Describe the best five cards of a hand written as text."""
    cards: tuple[tr.Card, ...] = tr.parse_cards(text)
    value: int = tr.best_rank(cards)
    category: tr.HandCategory = tr.category(value)
    return f"{tr.describe(value)} ({category.name})"


def highest(cards: list[tr.Card]) -> tr.Card:
    """The highest card, ordered by rank then suit."""
    top = max(cards)
    rank: tr.Rank = top.rank
    suit: tr.Suit = top.suit
    assert tr.Card(rank, suit) is top
    return top


def opening_rows(seed: int) -> tuple[tr.ofc.Board, ...]:
    """The boards of a new OFC game found by name: the lookup keeps OFC's types."""
    game = tr.GAMES["ofc"]
    state = game.new_game(game.Config(max_rounds=1), seed=seed)
    assert_type(state, tr.ofc.State)
    return state.boards  # were the types lost, this would return Any, which --strict refuses


def seats(name: str) -> int:
    """Any game by a name known only at run time."""
    game = tr.GAMES[name]
    state = game.new_game(seed=1)
    return len(state.scores)


if __name__ == "__main__":
    print(best_of("As Ks Qs Js Ts 2c 3d"), highest(list(tr.FULL_DECK)))
    print(len(opening_rows(seed=1)), [seats(name) for name in sorted(tr.GAMES)])
