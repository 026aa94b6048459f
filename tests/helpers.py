"""Helpers every test module shares: stacked decks, playouts over any game, golden games.

Golden games live in ``tests/data/<game>_*.json``, one format for the three
games::

    {
      "game": "mock",
      "note": "what the game shows, and what was checked by hand",
      "config": {...every Config field, as to_dict writes it...},
      "seed": 2026,
      "deck": "2c 2d ..." or null,      # round 0's stacked deck, if any
      "actions": ["d", "m 2c", ...],    # str(action) of every action, in order
      "expected": {"round": 0, "is_over": true, "scores": [...], "winners": [...],
                   "last_round": {...to_dict(state)["last_round"]...}}
    }

:func:`replay_golden` plays the actions through ``game.parse_action`` and
``game.apply``; :func:`golden_outcome` is what ``expected`` must equal.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import tablerules as tr

AnyGame = tr.Game[Any, Any, Any, Any]
DATA = Path(__file__).parent / "data"
MAX_ACTIONS = 20_000


def stacked(front: str | Sequence[tr.Card] = "", decks: int = 1) -> tuple[tr.Card, ...]:
    """A full deck (``decks`` copies of every card) starting with ``front``, the rest in order.

    >>> [str(card) for card in stacked("As Kd")[:3]]
    ['As', 'Kd', '2c']
    >>> len(stacked("As As", decks=2))
    104
    """
    first: tuple[tr.Card, ...]
    if isinstance(front, str):
        first = tr.parse_cards(front) if front.strip() else ()
    else:
        first = tuple(front)
    rest = list(tr.FULL_DECK) * decks
    for card in first:
        rest.remove(card)
    return tuple(first) + tuple(sorted(rest))


def playout(
    game: AnyGame,
    config: object,
    seed: int,
    check: Callable[[Any, Any], None] | None = None,
    *,
    unchecked: bool = False,
) -> tuple[Any, list[Any]]:
    """Play random actions to the end; returns the final state and the actions played.

    ``check(before, action)`` runs before each step; ``unchecked`` applies
    with ``game.apply_unchecked`` instead of ``game.apply``.
    """
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    step = game.apply_unchecked if unchecked else game.apply
    actions: list[Any] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state, actions
        action = game.random_action(state, rng)
        if check is not None:
            check(state, action)
        state = step(state, action)
        actions.append(action)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS:,} actions")


def random_state(game: AnyGame, config: object, seed: int, steps: int) -> Any:
    """The state after up to ``steps`` random actions from a new game (fewer if it ends)."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = game.apply(state, game.random_action(state, rng))
    return state


def golden_files(name: str) -> list[Path]:
    """The golden games of one game, sorted by file name."""
    return sorted(DATA.glob(f"{name}_*.json"))


def load_golden(path: Path) -> dict[str, Any]:
    """A golden-game record."""
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def replay_golden(record: dict[str, Any]) -> tuple[Any, list[Any]]:
    """Replay a golden record; returns the final state and every state on the way."""
    game: AnyGame = tr.GAMES[record["game"]]
    config = config_from(game, record["config"])
    deck = tr.parse_cards(record["deck"]) if record["deck"] else None
    state = game.new_game(config, seed=record["seed"], deck=deck)
    states = [state]
    for text in record["actions"]:
        state = game.apply(state, game.parse_action(text))
        states.append(state)
    return state, states


def golden_outcome(game: AnyGame, state: Any) -> dict[str, Any]:
    """What a golden record's ``expected`` holds for a final state."""
    return {
        "round": state.round,
        "is_over": state.is_over,
        "scores": list(state.scores),
        "winners": list(state.winners),
        "last_round": game.to_dict(state)["last_round"],
    }


def config_from(game: AnyGame, values: dict[str, Any]) -> Any:
    """A ``Config`` from its JSON form (lists become tuples)."""
    return game.Config(**{k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})


def fuzz_case(
    case: int,
    pool: Sequence[Mapping[str, Any]],
    mutate: Callable[[Any, random.Random], object],
    read: Callable[[Any], Any],
    check_playable: Callable[[Any, random.Random], None],
) -> str:
    """Mutate one record of ``pool`` with ``mutate`` and see what ``read`` makes of it.

    The record must be refused with a :class:`~tablerules.StateError` that
    says why, or accepted and pass ``check_playable``; any other outcome fails
    the test, naming the case and what ``mutate`` did. Returns ``"refused"``
    or ``"accepted"``.
    """
    rng = random.Random(case)
    record = copy.deepcopy(pool[rng.randrange(len(pool))])
    done = mutate(record, rng)
    try:
        state = read(record)
    except tr.StateError as error:
        if not str(error):  # pragma: no cover
            raise AssertionError(f"case {case} ({done}): a StateError without a message") from None
        return "refused"
    except Exception as error:  # pragma: no cover - what a fuzz test exists to find
        raise AssertionError(f"case {case} ({done}): {type(error).__name__}: {error}") from error
    try:
        check_playable(state, rng)
    except Exception as error:  # pragma: no cover - what a fuzz test exists to find
        raise AssertionError(f"case {case} ({done}) accepted but not playable") from error
    return "accepted"


def paths(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON record, containers included (nesting cut at 8)."""
    found = [path] if path else []
    if len(path) > 8:
        return found
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*path, index))
    return found


def parent(record: Any, path: tuple[Any, ...]) -> Any:
    """The container that holds the value at ``path`` (see :func:`paths`)."""
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    return target
