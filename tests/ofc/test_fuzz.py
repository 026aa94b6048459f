"""Fuzzing from_dict with mutated real records: refused with StateError, or fully playable.

Records come from random playouts over several configs (pineapple, classic,
progressive and lowball fantasyland, fantasyland off), from the golden games
and from rounds dealt after fantasyland was earned: mid-street, mid-
fantasyland, just after a round, finished games. Each case applies one to
three random mutations: a field dropped or replaced by junk (huge ints, deep
nesting, wrong kinds), a number nudged, a card moved or two cards swapped
between hands, discards, deck, rows and the last round's boards, a flag
flipped, fantasyland counts changed, the config changed. ``from_dict`` must
either raise :class:`~tablerules.StateError` or return a state that
round-trips, passes ``check_state``, whose every observation determinizes
(into a state that passes it too), and that plays on to the end. No other
exception may escape.

``OFC_FUZZ_CASES`` sets the number of cases (default 1,500).
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

import pytest

from tablerules import ofc
from tests.helpers import fuzz_case, golden_files, load_golden, parent, paths, replay_golden
from tests.ofc.helpers import fantasyland_round

CASES = int(os.environ.get("OFC_FUZZ_CASES", "1500"))
CHUNKS = 10
PLAYOUT_CAP = 3000

CONFIGS = [
    ofc.Config(max_rounds=3),
    ofc.Config(players=3, progressive=True, max_rounds=3),
    ofc.Config(variant="classic", players=4, max_rounds=2),
    ofc.Config(variant="classic", players=3, progressive=True, fantasyland_cards=15, max_rounds=3),
    ofc.Config(lowball_middle=True, players=3, max_rounds=3),
    ofc.Config(lowball_middle=True, lowball_fantasyland="either", max_rounds=3),
    ofc.Config(fantasyland=False, starting_points=20),
    ofc.Config(fantasyland_cards=14, fantasyland_stay_middle=False, starting_points=30),
]

Record = dict[str, Any]

DEEP: list[object] = []
for _ in range(50_000):
    DEEP = [DEEP]

JUNK: list[object] = [
    None,
    "x",
    "",
    "-",
    -1,
    0,
    1,
    2,
    13,
    15,
    True,
    False,
    1.5,
    [],
    {},
    [None],
    [0, 1],
    [0, 0, 0],
    {"top": "As"},
    "As",
    "As As",
    "Zz",
    2**300,
    10**5000,
    DEEP,
]


def _states_of(state: ofc.State, rng: random.Random, limit: int = 400) -> list[ofc.State]:
    states = [state]
    while not state.is_over and len(states) < limit:
        state = ofc.apply_unchecked(state, ofc.random_action(state, rng))
        states.append(state)
    return states


@cache
def records() -> list[Record]:
    """Records of states from random playouts, golden games and fantasyland rounds."""
    found: list[Record] = []
    for index, config in enumerate(CONFIGS):
        for seed in range(3):
            rng = random.Random(index * 100 + seed)
            states = _states_of(ofc.new_game(config, seed=seed), rng)
            for picked in rng.sample(states, min(10, len(states))):
                found.append(ofc.to_dict(picked))
            found.append(ofc.to_dict(states[-1]))
            after_round = [state for state in states if state.last_round and state.street == 0]
            found += [ofc.to_dict(state) for state in after_round[:2]]
    for path in golden_files("ofc"):
        _, states = replay_golden(load_golden(path))
        rng = random.Random(path.name)
        for picked in rng.sample(states, min(8, len(states))):
            found.append(ofc.to_dict(picked))
        found.append(ofc.to_dict(states[-1]))
    for config, earned in [
        (ofc.Config(players=3, progressive=True), (18, 16, 0)),
        (ofc.Config(), (15, 15)),
        (ofc.Config(variant="classic", players=4, progressive=True), (14, 0, 13, 0)),
        (ofc.Config(lowball_middle=True, players=3), (15, 0, 0)),
    ]:
        rng = random.Random(sum(earned))
        state = fantasyland_round(config, earned, "", seed=len(found))
        states = _states_of(state, rng, limit=6)
        found += [ofc.to_dict(state) for state in states]
    return found


def card_places(record: Record) -> list[tuple[Any, ...]]:
    """Paths of every card-text string in a record (hands, discards, deck, rows)."""
    places = []
    for path in paths(record):
        value = parent(record, path)[path[-1]]
        if isinstance(value, str) and path[0] in (
            "hands",
            "discards",
            "deck",
            "boards",
            "last_round",
        ):
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
    container[path[-1]] += rng.choice([-13, -6, -2, -1, 1, 2, 3, 6, 13])
    return f"{path} nudged to {container[path[-1]]}"


def shift_points(record: Record, rng: random.Random) -> str:
    """Move points between two seats of one per-seat list, keeping its sum."""
    lists = [["scores"]]
    if isinstance(record.get("last_round"), dict):
        lists.append(["last_round", "points"])
    path = rng.choice(lists)
    values: Any = record
    for key in path:
        values = values[key]
    if not isinstance(values, list) or len(values) < 2:
        return "no seats"
    first, second = rng.sample(range(len(values)), 2)
    amount = rng.choice([1, 2, 6, 10])
    values[first] += amount
    values[second] -= amount
    if rng.random() < 0.5 and len(path) == 2:
        record["scores"][first] += amount  # the bankrolls follow the edited points
        record["scores"][second] -= amount
    return f"{path}: {amount} from seat {second} to seat {first}"


def set_counts(record: Record, rng: random.Random) -> str:
    """Give some seat a fantasyland count, here or in the last round's summary."""
    targets: list[tuple[str, ...]] = [("fantasyland",)]
    if isinstance(record.get("last_round"), dict):
        targets += [("last_round", "fantasyland"), ("last_round", "next_fantasyland")]
    path = rng.choice(targets)
    values = parent(record, (*path, 0))
    seat = rng.randrange(len(values))
    values[seat] = rng.choice([0, 0, 13, 14, 15, 16, 17, 18, 20])
    return f"{path}[{seat}] = {values[seat]}"


def flip_flag(record: Record, rng: random.Random) -> str:
    flags = [path for path in paths(record) if type(parent(record, path)[path[-1]]) is bool]
    if not flags:
        return "no flags"
    path = rng.choice(flags)
    container = parent(record, path)
    container[path[-1]] = not container[path[-1]]
    return f"{path} flipped"


def change_config(record: Record, rng: random.Random) -> str:
    config = record["config"]
    key = rng.choice(sorted(config))
    values: dict[str, list[object]] = {
        "players": [2, 3, 4],
        "variant": ["pineapple", "classic"],
        "fantasyland": [True, False],
        "fantasyland_cards": [None, 13, 14, 15, 17],
        "progressive": [True, False],
        "fantasyland_stay_middle": [True, False],
        "lowball_middle": [True, False],
        "lowball_fantasyland": ["both", "either"],
        "lowball_royalties": [[1, 2, 4], [0, 0, 0], [3, 2, 1]],
        "starting_points": [1, 20, 30, 100, 101],
        "max_rounds": [None, 1, 2, 3, 50],
    }
    config[key] = rng.choice(values[key])
    return f"config.{key} = {config[key]!r}"


def set_turn(record: Record, rng: random.Random) -> str:
    key = rng.choice(["to_act", "street", "winners", "round"])
    choices: dict[str, list[object]] = {
        "to_act": [None, 0, 1, 2, 3],
        "street": [0, 1, 2, 4, 8],
        "winners": [[], [0], [1], [0, 1]],
        "round": [0, 1, 2, 3],
    }
    record[key] = rng.choice(choices[key])
    return f"{key} = {record[key]!r}"


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
    shift_points,
    lambda record, rng: move_card(record, rng, swap=False),
    lambda record, rng: move_card(record, rng, swap=True),
    lambda record, rng: move_card(record, rng, swap=True),
    set_counts,
    flip_flag,
    change_config,
    set_turn,
]


def mutate(record: Record, rng: random.Random) -> list[str]:
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            done.append(rng.choice(MUTATIONS)(record, rng))
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            done.append("skipped: an earlier mutation removed what this one edits")
    return done


def check_playable(state: ofc.State, rng: random.Random) -> None:
    """A state from_dict accepted: it round-trips, determinizes for every seat, plays on."""
    assert ofc.from_dict(json.loads(json.dumps(ofc.to_dict(state)))) == state
    ofc.check_state(state)
    for seat in range(state.config.players):
        view = ofc.observe(state, seat)
        guess = ofc.determinize(view, rng)
        ofc.check_state(guess)
        assert ofc.observe(guess, seat) == view
    for _ in range(PLAYOUT_CAP):
        if state.is_over:
            break
        if not state.in_fantasyland_turn:
            assert ofc.legal_actions(state)
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert ofc.from_dict(ofc.to_dict(state)) == state


def run_case(case: int) -> str:
    """Mutate one record and check what from_dict makes of it; returns the outcome."""
    return fuzz_case(case, records(), mutate, ofc.from_dict, check_playable)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_mutated_records_are_refused_or_fully_playable(chunk: int) -> None:
    outcomes = [run_case(case) for case in range(chunk, CASES, CHUNKS)]
    assert "refused" in outcomes


def test_the_records_cover_every_kind_of_state() -> None:
    states = [ofc.from_dict(record) for record in records()]
    assert any(state.is_over for state in states)
    assert any(state.in_fantasyland_turn for state in states)
    assert any(any(state.fantasyland) and not state.in_fantasyland_turn for state in states)
    assert any(state.last_round is not None and not state.is_over for state in states)
    assert any(state.config.variant == "classic" for state in states)
    assert any(state.config.lowball_middle for state in states)
    assert any(state.last_round and any(state.last_round.fantasyland) for state in states)
