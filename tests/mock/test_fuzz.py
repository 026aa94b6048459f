"""Fuzzing from_dict: mutated real records are refused with StateError, or fully playable.

Records come from random playouts (every config shape, mid-round, after
round 0, at the end of the game). Each is mutated one to three times: a
field dropped or replaced by junk (huge ints, deep nesting, wrong types),
a number nudged, a flag flipped, a card moved or swapped between hands,
melds, the deck and the discard pile, history entries dropped, repeated,
swapped or edited, config fields changed. ``from_dict`` must then either
raise :class:`~tablerules.StateError` or return a state that round-trips,
determinizes from every seat's observation, and plays on to the end. No
other exception may escape.

Run more examples by hand with ``python -m tests.mock.test_fuzz 70000``.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock

CONFIGS = [
    mock.Config(players=3, max_rounds=1),
    mock.Config(max_rounds=2),
    mock.Config(players=4, target=10),
    mock.Config(players=5, highest_hand_ties="suits", max_rounds=3),
    mock.Config(players=6, highest_hand_ties="none", target=12),
    mock.Config(players=10, max_rounds=2),
    mock.Config(players=3, opening_size=3, target=8),
]
PLAYOUT_LIMIT = 5_000


def sample_records(seed: int, count: int = 6) -> list[dict[str, Any]]:
    """Records of states met in one random game: its start, a few moments, and its end."""
    rng = random.Random(seed)
    config = CONFIGS[seed % len(CONFIGS)]
    state = mock.new_game(config, seed=seed)
    states = [state]
    while not state.is_over:
        state = mock.apply_unchecked(state, mock.random_action(state, rng))
        states.append(state)
    picked = [states[0], states[-1], *rng.sample(states, min(count, len(states)))]
    picked += [s for s in states if s.round and not s.history][:1]  # a fresh round after round 0
    return [mock.to_dict(s) for s in picked]


JUNK: list[object] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    7,
    99,
    10**5000,
    -(10**80),
    2**300,
    1.5,
    "",
    "As",
    "As Kd",
    "Zz",
    "pile",
    "discard",
    "over",
    "meld",
    [],
    {},
    [0],
    [[["As"]]],
    {"seat": 0, "draw": "pile"},
]


def deep() -> list[object]:
    nested: list[object] = []
    for _ in range(30_000):
        nested = [nested]
    return nested


def leaves(node: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every value in ``node`` (not below depth 8: junk may nest deeply)."""
    if len(path) > 8:
        return [path]
    if isinstance(node, dict):
        found = [path] if path else []
        return found + [leaf for key, value in node.items() for leaf in leaves(value, (*path, key))]
    if isinstance(node, list):
        found = [path] if path else []
        return found + [leaf for i, value in enumerate(node) for leaf in leaves(value, (*path, i))]
    return [path]


def get(record: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        record = record[key]
    return record


def put(record: Any, path: tuple[Any, ...], value: object) -> None:
    get(record, path[:-1])[path[-1]] = value


def drop(record: Any, path: tuple[Any, ...]) -> None:
    parent = get(record, path[:-1])
    del parent[path[-1]]


CARD_ZONES = ("hands", "melds", "deck", "discard_pile")


def card_slots(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Paths of every card-text string of the state (not of the summary)."""
    slots: list[tuple[Any, ...]] = [("deck",), ("discard_pile",)]
    for zone in ("hands", "melds"):
        value = record.get(zone)
        if isinstance(value, list):
            slots += [(zone, i) for i in range(len(value))]
    return [p for p in slots if isinstance(get_or_none(record, p), str)]


def get_or_none(record: Any, path: tuple[Any, ...]) -> Any:
    try:
        return get(record, path)
    except (KeyError, IndexError, TypeError):
        return None


def move_card(record: dict[str, Any], rng: random.Random, *, swap: bool) -> None:
    slots = card_slots(record)
    full = [p for p in slots if get(record, p).split()]
    if not full or len(slots) < 2:
        return
    source = rng.choice(full)
    target = rng.choice([p for p in slots if p != source])
    cards = get(record, source).split()
    card = cards.pop(rng.randrange(len(cards)))
    others = get(record, target).split()
    if swap and others:
        at = rng.randrange(len(others))
        cards.insert(rng.randrange(len(cards) + 1), others[at])
        others[at] = card
    else:
        others.insert(rng.randrange(len(others) + 1), card)
    put(record, source, " ".join(cards))
    put(record, target, " ".join(others))


def seats_of(record: dict[str, Any]) -> int:
    scores = record.get("scores")
    return len(scores) if isinstance(scores, list) and scores else 4


def edit_history(record: dict[str, Any], rng: random.Random) -> None:
    history = record.get("history")
    if not isinstance(history, list):
        return
    choice = rng.randrange(7)
    if choice == 0 and history:
        history.pop(rng.randrange(len(history)))
    elif choice == 1 and history:
        at = rng.randrange(len(history))
        history.insert(at, copy.deepcopy(history[at]))
    elif choice == 2 and len(history) > 1:
        i, j = rng.sample(range(len(history)), 2)
        history[i], history[j] = history[j], history[i]
    elif choice == 3 and history:
        event = rng.choice(history)
        if isinstance(event, dict) and "seat" in event:
            event["seat"] = rng.randrange(seats_of(record) + 1)
    elif choice == 4 and history:
        event = rng.choice(history)
        if isinstance(event, dict) and "draw" in event:
            if event["draw"] == "pile":
                event.update(draw="discard", card=rng.choice([str(c) for c in tr.FULL_DECK]))
            else:
                event.pop("card", None)
                event["draw"] = "pile"
        elif isinstance(event, dict):
            key = rng.choice(["drawn", "finished", "meld", "discards"])
            if key == "drawn":
                event[key] = rng.choice([0, 1, 2, 3, 4])
            elif key == "finished":
                event[key] = not event.get(key)
            else:
                pool = [str(c) for c in tr.FULL_DECK]
                event[key] = " ".join(rng.sample(pool, rng.randrange(3)))
    elif choice == 5:
        seat = rng.randrange(seats_of(record))
        history.insert(
            rng.randrange(len(history) + 1),
            rng.choice(
                [
                    {"seat": seat, "draw": "pile"},
                    {"seat": seat, "draw": "discard", "card": str(rng.choice(tr.FULL_DECK))},
                    {"seat": seat, "meld": "", "discards": "", "drawn": 0, "finished": False},
                ]
            ),
        )
    elif history:
        del history[rng.randrange(len(history)) :]


def nudge_number(record: dict[str, Any], rng: random.Random) -> None:
    numbers = [
        p
        for p in leaves(record)
        if type(get_or_none(record, p)) is int and p and p[0] not in ("seed",)
    ]
    if numbers:
        path = rng.choice(numbers)
        value = get(record, path)
        put(record, path, rng.choice([value + 1, value - 1, value + 2, value * 2, 0, 50, 12]))


def flip_flag(record: dict[str, Any], rng: random.Random) -> None:
    flags = [p for p in leaves(record) if type(get_or_none(record, p)) is bool]
    if flags:
        path = rng.choice(flags)
        put(record, path, not get(record, path))


def edit_config(record: dict[str, Any], rng: random.Random) -> None:
    config = record.get("config")
    if not isinstance(config, dict):
        return
    key = rng.choice(["players", "target", "highest_hand_ties", "opening_size", "max_rounds"])
    players = seats_of(record)
    options: dict[str, list[object]] = {
        "players": [players - 1, players + 1, 3, 10],
        "target": [1, 5, 10, 50, 60, 10**6],
        "highest_hand_ties": ["share", "none", "suits"],
        "opening_size": [None, 3, 4, 10, 20, 30],
        "max_rounds": [None, 1, 2, 3, 5],
    }
    config[key] = rng.choice(options[key])


def mutate(record: dict[str, Any], rng: random.Random) -> None:
    """Apply one random mutation to ``record`` in place."""
    kind = rng.randrange(9)
    paths = leaves(record)
    if kind == 0 and paths:
        drop(record, rng.choice(paths))
    elif kind == 1 and paths:
        put(
            record,
            rng.choice(paths),
            rng.choice([*JUNK, deep()]) if rng.random() < 0.05 else rng.choice(JUNK),
        )
    elif kind == 2:
        nudge_number(record, rng)
    elif kind == 3:
        flip_flag(record, rng)
    elif kind == 4:
        move_card(record, rng, swap=False)
    elif kind == 5:
        move_card(record, rng, swap=True)
    elif kind in (6, 7):
        edit_history(record, rng)
    else:
        edit_config(record, rng)


def check_record(record: dict[str, Any], rng: random.Random) -> bool:
    """Refused with StateError (False), or accepted and fully playable (True)."""
    message = ""
    try:
        state = mock.from_dict(record)
    except tr.StateError as error:
        message = str(error)
    if message:
        assert len(message) < 600, message[:200]
        return False
    text = json.dumps(mock.to_dict(state))
    assert mock.from_dict(json.loads(text)) == state
    for seat in range(state.config.players):
        guess = mock.determinize(mock.observe(state, seat), rng)
        mock.check_state(guess)
        assert mock.observe(guess, seat) == mock.observe(state, seat)
    rounds = state.round
    for _ in range(PLAYOUT_LIMIT):
        if state.is_over or state.round > rounds + 1:
            break
        state = mock.apply(state, mock.random_action(state, rng))
    assert state.is_over or state.round > rounds + 1, "the game does not go on"
    mock.check_state(state)
    return True


SOURCES = [record for seed in range(12) for record in sample_records(seed)]


def fuzz_one(index: int, seed: int) -> bool:
    rng = random.Random(seed)
    record = copy.deepcopy(SOURCES[index % len(SOURCES)])
    for _ in range(rng.randrange(1, 4)):
        mutate(record, rng)
    return check_record(record, rng)


@settings(max_examples=max(2000, settings().max_examples * 20))
@given(st.integers(0, 10**6), st.integers(0, 2**32))
def test_mutated_records_are_refused_or_playable(index: int, seed: int) -> None:
    fuzz_one(index, seed)


def test_unmutated_records_are_accepted() -> None:
    for record in SOURCES:
        assert check_record(copy.deepcopy(record), random.Random(0))


def main(count: int) -> None:  # pragma: no cover - run by hand
    accepted = 0
    for seed in range(count):
        accepted += fuzz_one(seed * 7919, seed)
    print(f"{count} mutated records: {accepted} accepted and playable, {count - accepted} refused")


if __name__ == "__main__":  # pragma: no cover - run by hand
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
