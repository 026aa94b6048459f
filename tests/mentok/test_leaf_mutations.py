"""Small edits of real records: refused with a StateError, or read as a state that is sound.

Records of random games at random positions get one or two edits of a leaf
(cards swapped, added or removed in a card text, an int moved by one, a bool
flipped). :func:`~tablerules.mentok.from_dict` either refuses the record with
a :class:`~tablerules.StateError` (never another exception) or reads a state
that passes :func:`~tablerules.mentok.check_state` and writes back a record
that reads as the same state.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

import tablerules as tr
from tablerules import mentok

CONFIGS = [
    mentok.Config(),
    mentok.Config(players=2),
    mentok.Config(players=3, strict=False),
    mentok.Config(players=5, target=9),
    mentok.Config(players=4, exact_target=False, target=12),
    mentok.Config(players=3, max_rounds=2),
    mentok.Config(players=6, decks=2),
    mentok.Config(players=10, decks=2, strict=False),
    mentok.Config(players=2, target=5, strict=False),
]
CARDS = [str(card) for card in tr.FULL_DECK]
Path = tuple[Any, ...]


def positions(seed: int) -> list[mentok.State]:
    rng = random.Random(seed)
    state = mentok.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)
    states = [state]
    while not state.is_over and len(states) < 400:
        state = mentok.apply_unchecked(state, mentok.random_action(state, rng))
        states.append(state)
    return states


def leaves(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from leaves(value, (*path, index))
    else:
        yield path, node


def holder(record: Any, path: Path) -> Any:
    for step in path[:-1]:
        record = record[step]
    return record


def edit(record: dict[str, Any], rng: random.Random) -> str:
    """One leaf edit of ``record``, in place; says what it did."""
    found = [(path, value) for path, value in leaves(record) if path[-1] not in ("game", "kind")]
    texts = [(path, value) for path, value in found if type(value) is str and path[-1] != "rank"]
    ints = [(path, value) for path, value in found if type(value) is int]
    flags = [(path, value) for path, value in found if type(value) is bool]
    how = rng.choice(["swap", "trade", "add", "remove", "int", "bool"])
    if how in ("swap", "trade", "add", "remove"):
        path, text = rng.choice(texts)
        cards = text.split(" ") if text else []
        if how == "swap" and len(cards) > 1:
            i, j = rng.sample(range(len(cards)), 2)
            cards[i], cards[j] = cards[j], cards[i]
        elif how == "trade":
            other, other_text = rng.choice(texts)
            others = other_text.split(" ") if other_text else []
            if cards and others and other != path:
                i, j = rng.randrange(len(cards)), rng.randrange(len(others))
                cards[i], others[j] = others[j], cards[i]
                holder(record, other)[other[-1]] = " ".join(others)
        elif how == "add":
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(CARDS))
        elif how == "remove" and cards:
            cards.pop(rng.randrange(len(cards)))
        holder(record, path)[path[-1]] = " ".join(cards)
    elif how == "int" and ints:
        path, number = rng.choice(ints)
        holder(record, path)[path[-1]] = number + rng.choice([-1, 1])
    else:
        path, flag = rng.choice(flags)
        holder(record, path)[path[-1]] = not flag
    return f"{how} {path}"


def outcome(record: dict[str, Any]) -> type:
    """StateError if the record is refused, else dict (the state read is checked here)."""
    try:
        state = mentok.from_dict(copy.deepcopy(record))
    except tr.StateError:
        return tr.StateError
    mentok.check_state(state)
    assert mentok.from_dict(mentok.to_dict(state)) == state
    return dict


@pytest.mark.parametrize("chunk", range(4))
def test_edited_records_are_refused_or_read_soundly(chunk: int) -> None:
    kinds = set()
    for game in range(chunk, 100, 4):
        rng = random.Random(game)
        states = positions(game)
        for state in rng.sample(states, min(len(states), 8)):
            record = mentok.to_dict(state)
            for _ in range(rng.choice([1, 2])):
                edit(record, rng)
            kinds.add(outcome(record))
    assert kinds == {tr.StateError, dict}
