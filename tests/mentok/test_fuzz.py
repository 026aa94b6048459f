"""Fuzzing from_dict with mutated real records: refused with StateError, or fully playable.

Records come from random playouts over one- and two-deck configs and from
the golden games (mid-round, while scoring, after rounds, after an abandoned
round, finished games). Each case applies one to three
random mutations: a field dropped or replaced by junk (huge ints, deep
nesting, wrong kinds), a number nudged, a card moved or two cards swapped
between hands, tables, deck and the summary, history entries dropped,
doubled, swapped or edited, choices and flags changed, the config changed.
``from_dict`` must either raise :class:`~tablerules.StateError` or return a
state that round-trips, whose every observation determinizes, and that plays
on to the end (within a cap: non-strict games can be long). No other
exception may escape.

``MENTOK_FUZZ_CASES`` sets the number of cases (default 1,500).
"""

from __future__ import annotations

import copy
import json
import os
import random
from functools import cache
from typing import Any

import pytest

from tablerules import mentok
from tests.helpers import fuzz_case, golden_files, load_golden, parent, paths, replay_golden

CASES = int(os.environ.get("MENTOK_FUZZ_CASES", "1500"))
CHUNKS = 10
PLAYOUT_CAP = 3000

CONFIGS = [
    mentok.Config(players=2, max_rounds=3),
    mentok.Config(players=3, target=12),
    mentok.Config(players=4, strict=False, max_rounds=3),
    mentok.Config(players=3, exact_target=False, target=9),
    mentok.Config(players=5, target=5),
    mentok.Config(players=2, strict=False, target=6),
    mentok.Config(players=6, decks=2, max_rounds=2),
    mentok.Config(players=10, decks=2, strict=False, max_rounds=1),
    mentok.Config(players=3, decks=2, target=7, exact_target=False),
]

Record = dict[str, Any]

DEEP: list[object] = []
for _ in range(50_000):
    DEEP = [DEEP]

JUNK: list[object] = [
    None,
    "x",
    "",
    -1,
    0,
    1,
    2,
    7,
    True,
    False,
    1.5,
    [],
    {},
    [None],
    [0, 1],
    {"kind": "ask"},
    "As",
    "As As",
    "Zz",
    2**300,
    10**5000,
    DEEP,
]


@cache
def records() -> list[Record]:
    """Records of states taken from random playouts of every config."""
    found: list[Record] = []
    for index, config in enumerate(CONFIGS):
        for seed in range(4):
            rng = random.Random(index * 100 + seed)
            state = mentok.new_game(config, seed=seed)
            states = [state]
            while not state.is_over and len(states) < 600:
                state = mentok.apply_unchecked(state, mentok.random_action(state, rng))
                states.append(state)
            for picked in rng.sample(states, min(12, len(states))):
                found.append(mentok.to_dict(picked))
            found.append(mentok.to_dict(states[-1]))
    for path in golden_files("mentok"):  # these include rounds abandoned when the deck ran out
        _, states = replay_golden(load_golden(path))
        rng = random.Random(path.name)
        for picked in rng.sample(states, min(12, len(states))):
            found.append(mentok.to_dict(picked))
        found += [mentok.to_dict(state) for state in states[-3:]]
    return found


def card_places(record: Record) -> list[tuple[Any, ...]]:
    """Paths of every card-text string in a record."""
    places = []
    for path in paths(record):
        value = parent(record, path)[path[-1]]
        if isinstance(value, str) and path[-1] not in ("game", "kind", "rank"):
            places.append(path)
    return places


def move_card(record: Record, rng: random.Random, *, swap: bool) -> str:
    places = card_places(record)
    if len(places) < 2:
        return "no cards"
    source, target = rng.sample(places, 2)
    source_cards = str(parent(record, source)[source[-1]]).split()
    target_cards = str(parent(record, target)[target[-1]]).split()
    if not source_cards:
        return "empty source"
    i = rng.randrange(len(source_cards))
    card = source_cards.pop(i)
    if swap and target_cards:
        j = rng.randrange(len(target_cards))
        target_cards[j], card = card, target_cards[j]
        source_cards.insert(i, card)
    else:
        target_cards.insert(rng.randrange(len(target_cards) + 1), card)
    parent(record, source)[source[-1]] = " ".join(source_cards)
    parent(record, target)[target[-1]] = " ".join(target_cards)
    return f"{'swap' if swap else 'move'} {source} -> {target}"


def histories(record: Record) -> list[list[Any]]:
    found = [record["history"]]
    if isinstance(record.get("last_round"), dict):
        found.append(record["last_round"]["history"])
    return [history for history in found if isinstance(history, list)]


def edit_history(record: Record, rng: random.Random) -> str:
    history = rng.choice(histories(record))
    if not history:
        history.append({"kind": "stand", "seat": 0, "hand": 0})
        return "stand added"
    how = rng.choice(["drop", "double", "swap", "edit", "edit", "edit", "truncate"])
    i = rng.randrange(len(history))
    if how == "drop":
        del history[i]
    elif how == "double":
        history.insert(i, copy.deepcopy(history[i]))
    elif how == "swap":
        j = rng.randrange(len(history))
        history[i], history[j] = history[j], history[i]
    elif how == "truncate":
        del history[i:]
    else:
        event = history[i]
        key = rng.choice(sorted(event))
        choices: dict[str, list[object]] = {
            "kind": ["ask", "stand"],
            "seat": [0, 1, 2, 3],
            "target": [0, 1, 2, 3],
            "hand": [0, 1],
            "rank": list("23456789TJQKA"),
            "split": [True, False],
            "given": [True, False],
            "cheat": [True, False, None],
            "card": [None, "As", "Kd", "2c", "Th"],
        }
        event[key] = rng.choice(choices[key])
        return f"history[{i}].{key} = {event[key]!r}"
    return f"history {how} at {i}"


def nudge_number(record: Record, rng: random.Random) -> str:
    numbers = [
        path
        for path in paths(record)
        if type(parent(record, path)[path[-1]]) is int and path[:1] != ("version",)
    ]
    if not numbers:
        return "no numbers"
    path = rng.choice(numbers)
    container = parent(record, path)
    container[path[-1]] += rng.choice([-12, -5, -2, -1, 1, 2, 5, 6, 12, 21])
    return f"{path} nudged to {container[path[-1]]}"


def flip_flag(record: Record, rng: random.Random) -> str:
    flags = [path for path in paths(record) if type(parent(record, path)[path[-1]]) is bool]
    nullable = [
        path
        for path in paths(record)
        if "choices" in path and len(path) >= 2 and isinstance(path[-1], int)
    ]
    if not flags and not nullable:
        return "no flags"
    path = rng.choice(flags + nullable)
    container = parent(record, path)
    container[path[-1]] = rng.choice([True, False, None] if path in nullable else [True, False])
    return f"{path} = {container[path[-1]]!r}"


def change_config(record: Record, rng: random.Random) -> str:
    config = record["config"]
    key = rng.choice(sorted(config))
    values: dict[str, list[object]] = {
        "players": [2, 3, 4, 5, 6, 10],
        "decks": [1, 2],
        "strict": [True, False],
        "exact_target": [True, False],
        "target": [1, 5, 6, 7, 9, 12, 21, 30],
        "max_rounds": [None, 1, 2, 3, 50],
    }
    config[key] = rng.choice(values[key])
    return f"config.{key} = {config[key]!r}"


def drop_or_junk(record: Record, rng: random.Random) -> str:
    path = rng.choice(paths(record))
    container = parent(record, path)
    if rng.random() < 0.3 and isinstance(container, dict):
        del container[path[-1]]
        return f"dropped {path}"
    container[path[-1]] = rng.choice(JUNK)
    return f"{path} = junk {type(container[path[-1]]).__name__}"


MUTATIONS = [
    drop_or_junk,
    nudge_number,
    nudge_number,
    lambda record, rng: move_card(record, rng, swap=False),
    lambda record, rng: move_card(record, rng, swap=True),
    edit_history,
    edit_history,
    flip_flag,
    change_config,
]


def mutate(record: Record, rng: random.Random) -> list[str]:
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            done.append(rng.choice(MUTATIONS)(record, rng))
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            done.append("skipped: an earlier mutation removed what this one edits")
    return done


def check_playable(state: mentok.State, rng: random.Random) -> None:
    """A state from_dict accepted: it round-trips, determinizes for every seat, plays on."""
    assert mentok.from_dict(json.loads(json.dumps(mentok.to_dict(state)))) == state
    for seat in range(state.config.players):
        view = mentok.observe(state, seat)
        guess = mentok.determinize(view, rng)
        assert mentok.observe(guess, seat) == view
    for _ in range(PLAYOUT_CAP):
        if state.is_over:
            break
        state = mentok.apply(state, mentok.random_action(state, rng))
    assert mentok.from_dict(mentok.to_dict(state)) == state


def run_case(case: int) -> str:
    """Mutate one record and check what from_dict makes of it; returns the outcome."""
    return fuzz_case(case, records(), mutate, mentok.from_dict, check_playable)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_are_refused_or_fully_playable(chunk: int) -> None:
    outcomes = [run_case(case) for case in range(chunk, CASES, CHUNKS)]
    assert "refused" in outcomes


def test_the_records_cover_every_kind_of_state() -> None:
    states = [mentok.from_dict(record) for record in records()]
    assert any(state.is_over for state in states)
    assert any(state.phase is mentok.Phase.SCORE for state in states)
    assert any(state.last_round is not None and not state.is_over for state in states)
    assert any(state.config.decks == 2 for state in states)
    assert any(False in state.in_game for state in states)
    assert any(state.last_round is not None and state.last_round.abandoned for state in states)
