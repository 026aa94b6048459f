"""Observation records: what an app sends one player, read back exactly and checked.

Records of every seat's view over random playouts round-trip through JSON and
show no card the seat may not know. Mutated records are refused with
:class:`~tablerules.StateError`, or accepted and then determinized, encoded
and played from like any observation; no other exception escapes.
"""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock, svg
from tests.helpers import stacked
from tests.mock import test_fuzz as fuzz
from tests.mock.strategies import play

CONFIGS = [
    mock.Config(players=3, max_rounds=2),
    mock.Config(max_rounds=2),
    mock.Config(players=10, max_rounds=1),
    mock.Config(players=5, highest_hand_ties="suits", max_rounds=3, target=12),
    mock.Config(players=3, opening_size=3, target=8),
]
CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def states_of(config: mock.Config, seed: int) -> list[mock.State]:
    rng = random.Random(seed)
    state = mock.new_game(config, seed=seed)
    states = [state]
    while not state.is_over:
        state = mock.apply_unchecked(state, mock.random_action(state, rng))
        states.append(state)
    return states


def private_cards(state: mock.State, seat: int) -> set[tr.Card]:
    """Cards ``seat`` may not know: the deck, and others' cards not seen taken from the pile."""
    known = mock.observe(state, seat).known_hands
    hidden = set(state.deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden |= set(hand) - set(known[other])
    return hidden


def record_text_without_last_round(record: dict[str, Any]) -> str:
    return json.dumps({key: value for key, value in record.items() if key != "last_round"})


def check_round_trip(state: mock.State) -> None:
    for seat in range(state.config.players):
        view = mock.observe(state, seat)
        record = mock.observation_to_dict(view)
        text = json.dumps(record)
        assert mock.observation_from_dict(json.loads(text)) == view
        shown = set(
            tr.parse_cards(" ".join(CARD_TEXT.findall(record_text_without_last_round(record))))
        )
        assert not shown & private_cards(state, seat)
        assert set(view.hand) <= shown


@settings(max_examples=25)
@given(st.sampled_from(CONFIGS), st.integers(0, 10**6), st.integers(0, 2**32))
def test_every_seats_record_round_trips_and_hides_what_it_may_not_see(
    config: mock.Config, seed: int, pick: int
) -> None:
    states = states_of(config, seed)
    rng = random.Random(pick)
    for state in [states[0], states[-1], *rng.sample(states, min(6, len(states)))]:
        check_round_trip(state)


def test_whole_games_round_trip() -> None:
    for config in CONFIGS[:3]:
        for state in states_of(config, 1):
            check_round_trip(state)


def test_a_record_is_versioned_and_readable() -> None:
    state = play(mock.new_game(seed=5), "draw; discard 8s; draw discard")
    record = mock.observation_to_dict(mock.observe(state, 0))
    assert (record["game"], record["version"], record["kind"]) == ("mock", 1, "observation")
    assert record["hand"] == "5h Js 9c"
    assert record["discard_pile"] == ""
    assert record["history"] == [
        {"seat": 1, "draw": "pile"},
        {"seat": 1, "meld": "", "discards": "8s", "drawn": 0, "finished": False},
        {"seat": 2, "draw": "discard", "card": "8s"},
    ]
    assert (record["to_act"], record["step"], record["took_discard"], record["must_meld"]) == (
        2,
        "meld",
        True,
        1,
    )
    assert record["config"] == {
        "players": 4,
        "target": 50,
        "highest_hand_ties": "share",
        "opening_size": None,
        "max_rounds": None,
    }
    assert "seed" not in record
    assert "deck" not in record


# --- refusals ------------------------------------------------------------------

DECK = stacked("As Ks Qs 2c 3d 4h 7c 8d 9h Js 5c 6d 2s 3s 4s 5s 6s 7s 8s")
CONFIG = mock.Config(players=3, opening_size=3)


def sample_record() -> dict[str, Any]:
    """Seat 0's view after seat 1 discarded Js and seat 2 took it and melded with it."""
    state = play(
        mock.new_game(CONFIG, seed=0, deck=DECK), "draw; discard Js; draw discard; meld 2c Js"
    )
    return mock.observation_to_dict(mock.observe(state, 0))


def edited(**changes: object) -> dict[str, Any]:
    record = sample_record()
    record.update(changes)
    return record


def without(name: str) -> dict[str, Any]:
    record = sample_record()
    del record[name]
    return record


def out_of_turn() -> dict[str, Any]:
    """Seat 2 plays the first turn of a round that seat 1 must open."""
    record = sample_record()
    for event in record["history"][:2]:
        event["seat"] = 2
    return record


REFUSED: list[tuple[str, object, str]] = [
    ("not a mapping", [], "observation must be an object with string keys, not list"),
    ("another game", edited(game="ofc"), "observation.game must be 'mock', not 'ofc'"),
    ("another version", edited(version=2), "observation.version must be 1"),
    ("a bool version", edited(version=True), "observation.version must be 1"),
    (
        "a state record",
        mock.to_dict(mock.new_game(seed=1)),
        "observation.kind must be 'observation', not None (a state record, with the seed",
    ),
    ("an unknown field", edited(deck="As"), "observation has unknown fields: 'deck'"),
    ("a missing field", without("history"), "observation has no field 'history'"),
    ("a missing copy", without("must_meld"), "observation has no field 'must_meld'"),
    ("a bad config", edited(config={"players": 2}), "observation.config has no field 'target'"),
    ("a seat out of range", edited(seat=3), "observation.seat must be a seat from 0 to 2, not 3"),
    ("a seat as text", edited(seat="0"), "observation.seat must be a seat from 0 to 2, not '0'"),
    ("a negative round", edited(round=-1), "observation.round must be at least 0"),
    ("a huge round", edited(round=10**400), "observation.round is too large"),
    ("a negative score", edited(scores=[0, -1, 0]), "observation.scores[1] must be at least 0"),
    ("scores of a seat too few", edited(scores=[0, 0]), "observation.scores must have one entry"),
    ("bad card text", edited(hand="7c 8d Xx"), "observation.hand: "),
    ("an unknown step", edited(step="pass"), "observation.step must be one of draw, meld, over"),
    ("to_act out of range", edited(to_act=5), "observation.to_act must be a seat from 0 to 2"),
    ("over with a seat to act", edited(step="over"), "observation.to_act must be null exactly"),
    ("a huge hand size", edited(hand_sizes=[3, 3, 9]), "observation.hand_sizes[2] must be 0 to 4"),
    ("a deck too big", edited(deck_size=60), "observation.deck_size must be at most 43"),
    (
        "a hand and its size",
        edited(hand_sizes=[4, 3, 3]),
        "observation.hand holds 3 cards, but observation.hand_sizes[0] is 4",
    ),
    (
        "a card twice",
        edited(hand="7c 8d 2c"),
        "observation: 2c shown in two places",
    ),
    (
        "cards that do not add up",
        edited(deck_size=40),
        "must hold the 52 cards, not 51",
    ),
    (
        "a meld too big",
        edited(melds=["", "", "2c Js 3s 4s 5s 6s"]),
        "observation.melds[2] holds 6 cards; a meld holds at most five",
    ),
    ("a wrong dealer", edited(dealer=1), "observation.dealer must be 0, what the observation"),
    ("a wrong pile copy", edited(discard_pile="Js"), "observation.discard_pile must be ''"),
    ("a wrong obligation copy", edited(must_meld=1), "observation.must_meld must be 0"),
    ("a wrong flag copy", edited(took_discard=True), "observation.took_discard must be false"),
    ("winners too early", edited(winners=[1]), "observation.winners must be []"),
    (
        "a history out of turn",
        out_of_turn(),
        "observation: no game shows this view",
    ),
]


@pytest.mark.parametrize(
    ("record", "message"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_bad_records_are_refused_naming_the_field(record: Any, message: str) -> None:
    with pytest.raises(tr.StateError, match=re.escape(message)):
        mock.observation_from_dict(record)


def test_the_sample_record_is_accepted() -> None:
    view = mock.observation_from_dict(sample_record())
    assert view.melds[2] == tr.parse_cards("2c Js")


def test_observation_to_dict_takes_only_an_observation() -> None:
    with pytest.raises(
        TypeError,
        match=r"view must be a tablerules\.mock\.Observation, not tablerules\.mock\.State",
    ):
        mock.observation_to_dict(mock.new_game(seed=1))  # type: ignore[arg-type]


# --- fuzzing: every accepted record determinizes and encodes ------------------------


def sample_view_records(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    states = states_of(CONFIGS[seed % len(CONFIGS)], seed)
    picked = [states[0], states[-1], *rng.sample(states, min(4, len(states)))]
    return [
        mock.observation_to_dict(mock.observe(state, rng.randrange(state.config.players)))
        for state in picked
    ]


SOURCES = [record for seed in range(10) for record in sample_view_records(seed)]


def move_view_card(record: dict[str, Any], rng: random.Random) -> None:
    """Move a card between the hand, a meld, the discard pile copy and the history."""
    slots: list[tuple[Any, ...]] = [("hand",), ("discard_pile",)]
    melds = record.get("melds")
    if isinstance(melds, list):
        slots += [("melds", i) for i in range(len(melds))]
    slots = [path for path in slots if isinstance(fuzz.get_or_none(record, path), str)]
    full = [path for path in slots if fuzz.get(record, path).split()]
    if not full:
        return
    source = rng.choice(full)
    cards = fuzz.get(record, source).split()
    card = cards.pop(rng.randrange(len(cards)))
    fuzz.put(record, source, " ".join(cards))
    if rng.random() < 0.3:
        fuzz.put(record, ("hand",) if source != ("hand",) else ("discard_pile",), card)
    else:
        target = rng.choice(slots)
        others = fuzz.get(record, target).split()
        others.insert(rng.randrange(len(others) + 1), card)
        fuzz.put(record, target, " ".join(others))


def check_view_record(record: dict[str, Any], rng: random.Random) -> bool:
    """Refused with StateError (False), or accepted, determinized and encoded (True)."""
    try:
        view = mock.observation_from_dict(record)
    except tr.StateError as error:
        message = str(error)
    else:
        message = ""
    if message:
        assert len(message) < 800, message[:200]
        return False
    assert (
        mock.observation_from_dict(json.loads(json.dumps(mock.observation_to_dict(view)))) == view
    )
    guess = mock.determinize(view, rng)
    mock.check_state(guess)
    assert mock.observe(guess, view.seat) == view
    codec = mock.Codec(view.config)
    ids = codec.legal_ids(view)
    assert len(codec.observation(view)) == codec.observation_size
    assert {codec.decode(view, action_id) for action_id in ids} == set(mock.legal_actions(view))
    if ids:
        state = mock.apply(guess, codec.decode(view, rng.choice(ids)))
        mock.check_state(state)
    return True


def fuzz_one(index: int, seed: int) -> bool:
    rng = random.Random(seed)
    record = copy.deepcopy(SOURCES[index % len(SOURCES)])
    for _ in range(rng.randrange(1, 4)):
        if rng.random() < 0.25:
            move_view_card(record, rng)
        else:
            fuzz.mutate(record, rng)
    return check_view_record(record, rng)


@settings(max_examples=max(500, settings().max_examples * 5))
@given(st.integers(0, 10**6), st.integers(0, 2**32))
def test_mutated_records_are_refused_or_usable(index: int, seed: int) -> None:
    fuzz_one(index, seed)


def test_unmutated_records_are_accepted_and_usable() -> None:
    for record in SOURCES:
        assert check_view_record(copy.deepcopy(record), random.Random(0))


# --- pictures --------------------------------------------------------------------


def test_an_observation_draws_itself_for_notebooks() -> None:
    view = mock.observe(play(mock.new_game(seed=5), "draw"), 1)
    picture = view._repr_svg_()
    assert picture == svg.observation(view)
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg")
    assert picture.count('class="card"') >= len(view.hand)


def main(count: int) -> None:  # pragma: no cover - run by hand
    accepted = sum(fuzz_one(seed * 7919, seed) for seed in range(count))
    print(f"{count} mutated observation records: {accepted} accepted, {count - accepted} refused")


if __name__ == "__main__":  # pragma: no cover
    import sys

    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
