"""Observation records: what an app sends one player, read back exactly and checked."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok, svg
from tablerules.mentok import Ask, Stand
from tests.mentok.strategies import configs, game, play
from tests.strategies import seeds

CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")


def views_of(config: mentok.Config, seed: int) -> Iterator[tuple[mentok.State, mentok.Observation]]:
    """Every seat's view of every state of a random playout (the final one included)."""
    rng = random.Random(seed)
    state = mentok.new_game(config, seed=seed)
    while True:
        for seat in range(config.players):
            yield state, mentok.observe(state, seat)
        if state.is_over:
            return
        state = mentok.apply(state, mentok.random_action(state, rng))


def check_hides_the_deck(state: mentok.State, record: dict[str, Any]) -> None:
    """No card whose every copy is in the deck shows in the record (outside ``last_round``)."""
    assert "seed" not in record
    assert "deck" not in record
    decks = state.config.decks
    hidden = {card for card, copies in Counter(state.deck).items() if copies == decks}
    text = json.dumps({key: value for key, value in record.items() if key != "last_round"})
    shown = {tr.Card.parse(token) for token in CARD_TEXT.findall(text)}
    assert not shown & hidden


@settings(max_examples=40)
@given(configs, seeds)
def test_records_round_trip_and_hide_the_deck(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    for state, view in views_of(config, seed):
        record = mentok.observation_to_dict(view)
        check_hides_the_deck(state, record)
        text = json.dumps(record)
        back = mentok.observation_from_dict(json.loads(text))
        assert back == view
        assert mentok.observation_to_dict(back) == record
        if rng.random() < 0.2:
            guess = mentok.determinize(back, rng)
            assert mentok.observe(guess, view.seat) == view


def test_a_record_for_a_player() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d", players=2), Ask(0, "9"))
    record = mentok.observation_to_dict(mentok.observe(state, 1))
    assert record["hand"] == "2c 3c 4c 5c"
    assert record["tables"] == [["Ts"], ["9h 9c"]]
    assert record["hand_sizes"] == [3, 4]
    assert record["history"] == [
        {
            "kind": "ask",
            "seat": 1,
            "target": 0,
            "rank": "9",
            "hand": 0,
            "split": False,
            "given": True,
            "card": "9c",
            "cheat": False,
        }
    ]
    assert record["dealer"] == 0
    assert record["phase"] == "play"
    assert record["hand_states"] == [["active"], ["active"]]
    assert "Kd" not in json.dumps(record)


def test_others_cheats_stay_null_until_the_round_ends() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts", players=2, strict=False), Ask(0, "A"))
    mine = mentok.observation_to_dict(mentok.observe(state, 1))
    theirs = mentok.observation_to_dict(mentok.observe(state, 0))
    assert mine["history"][0]["cheat"] is True
    assert mine["cheated"] is True
    assert theirs["history"][0]["cheat"] is None
    assert theirs["cheated"] is False
    leaked = copy.deepcopy(theirs)
    leaked["history"][0]["cheat"] = True
    with pytest.raises(tr.StateError, match="no game shows this view"):
        mentok.observation_from_dict(leaked)


Edit = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        keys: list[Any] = [int(key) if key.isdigit() else key for key in path.split(".")]
        place: Any = record
        for key in keys[:-1]:
            place = place[key]
        place[keys[-1]] = value

    return edit


def _delete(key: str) -> Edit:
    return lambda record: record.pop(key)


MIDGAME = play(
    game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  3d 4d 5d 6d 7d", players=3),
    Ask(2, "2"),  # seat 1: seat 2 has no two, so seat 1 draws
    Ask(1, "K"),  # seat 2 asks seat 1 for a king: go fish
)

BAD_RECORDS: list[tuple[str, Edit, str]] = [
    ("another game", _set("game", "mock"), "observation.game must be 'mentok'"),
    ("another version", _set("version", 2), "observation.version must be 1"),
    ("a state record", _set("kind", "state"), "observation.kind must be 'observation'"),
    ("unknown field", _set("seed", 3), "unknown fields: 'seed'"),
    ("missing field", _delete("chosen"), "has no field 'chosen'"),
    ("seat out of range", _set("seat", 3), r"observation.seat must be a seat from 0 to 2"),
    ("seat a bool", _set("seat", True), r"observation.seat must be a seat"),
    ("to_act out of range", _set("to_act", -1), r"observation.to_act must be a seat"),
    ("hand size", _set("hand_sizes.0", 3), r"observation.hand holds 4 cards"),
    ("hand too big", _set("hand_sizes.1", 5), r"hand_sizes\[1\] must be 0 to 4"),
    ("hand size of others", _set("hand_sizes.2", 2), "the deck .* and the other hands"),
    ("deck size", _set("deck_size", 40), "the deck .* and the other hands"),
    ("deck huge", _set("deck_size", 10**90), "observation.deck_size"),
    ("card twice", _set("hand", "7d 9c Kd 9s"), "7d shown more often than the deck holds"),
    ("bad card", _set("hand", "2d 9c Kd 1s"), "observation.hand"),
    ("three table hands", _set("tables.1", ["9h", "2c", "3c"]), "at most 2"),
    ("stood flags", _set("stood.1", [False, False]), r"observation.stood\[1\] must hold one"),
    ("dealer", _set("dealer", 1), "observation.dealer must be 0"),
    ("phase", _set("phase", "score"), "observation.phase must be 'play'"),
    ("in_game", _set("in_game.1", False), "observation.in_game must be"),
    ("hand state", _set("hand_states.1.0", "bust"), "observation.hand_states must be"),
    ("hand state text", _set("hand_states.1.0", "busted"), "must be 'active', 'stood' or"),
    ("history seat", _set("history.0.seat", 3), r"history\[0\].seat must be a seat"),
    ("history given", _set("history.1.given", True), "no game shows this view"),
    ("history card", _set("history.0.card", "As"), "no game shows this view"),
    ("history rank", _set("history.1.rank", "X"), "must be a rank letter"),
    ("choice and chosen", _set("choice", True), "no game shows this view"),
    ("scores", _set("scores.0", "5"), r"observation.scores\[0\] must be an integer"),
    ("round", _set("round", -1), "observation.round must be at least 0"),
    ("winners too early", _set("winners", [1]), "no game shows this view"),
    ("config", _set("config.players", 4), "observation.scores must have one entry per seat"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [row[1:] for row in BAD_RECORDS], ids=[row[0] for row in BAD_RECORDS]
)
def test_bad_records_are_refused(edit: Edit, message: str) -> None:
    record = json.loads(json.dumps(mentok.observation_to_dict(mentok.observe(MIDGAME, 0))))
    assert mentok.observation_from_dict(record) == mentok.observe(MIDGAME, 0)
    edit(record)
    with pytest.raises(tr.StateError, match=message):
        mentok.observation_from_dict(record)


def test_a_finished_game_needs_its_last_round() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts", players=2, max_rounds=1), Stand(), Stand())
    state = play(state, mentok.Score(), mentok.Score())
    assert state.is_over
    record = mentok.observation_to_dict(mentok.observe(state, 0))
    assert mentok.observation_from_dict(record) == mentok.observe(state, 0)
    record["last_round"] = None
    with pytest.raises(tr.StateError, match="a finished game keeps its last round"):
        mentok.observation_from_dict(record)
    two = mentok.observation_to_dict(mentok.observe(state, 0))
    two["last_round"]["hands"][1] = "2c 3c 4c"
    with pytest.raises(tr.StateError, match=r"last_round.hands\[1\] must hold the 4 cards"):
        mentok.observation_from_dict(two)


def test_two_decks_count_copies() -> None:
    state = game("2c 3c 4c 5c 9h  2c 9c Kd 9s Ts", players=2, decks=2)
    record = mentok.observation_to_dict(mentok.observe(state, 1))
    assert mentok.observation_from_dict(record) == mentok.observe(state, 1)
    record["hand"] = "2c 2c 2c 5c"
    with pytest.raises(tr.StateError, match="2c shown more often than the deck holds it"):
        mentok.observation_from_dict(record)


def test_wrong_kinds() -> None:
    with pytest.raises(TypeError, match=r"^view must be a tablerules.mentok.Observation"):
        mentok.observation_to_dict(MIDGAME)  # type: ignore[arg-type]
    with pytest.raises(tr.StateError, match="observation must be an object"):
        mentok.observation_from_dict([])  # type: ignore[arg-type]
    record = mentok.to_dict(MIDGAME)
    with pytest.raises(tr.StateError, match="never for a player"):
        mentok.observation_from_dict(record)


JUNK: tuple[object, ...] = (None, -1, 0, 1, 3, 2**300, "x", "As", "2c 2c", [], [0], {}, True, 1.5)


def leaves(value: object, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every place in a JSON value (containers included)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaves(item, (*path, index))


FUZZ_CONFIGS = [
    mentok.Config(players=3, max_rounds=2),
    mentok.Config(players=4, strict=False, max_rounds=1),
    mentok.Config(players=6, decks=2, max_rounds=1),
    mentok.Config(players=2, exact_target=False, target=5, max_rounds=3),
]


@settings(max_examples=150)
@given(st.sampled_from(FUZZ_CONFIGS), seeds, st.randoms(use_true_random=False))
def test_mutated_records_are_refused_or_usable(
    config: mentok.Config, seed: int, rng: random.Random
) -> None:
    views = [view for _, view in views_of(config, seed)]
    view = rng.choice(views)
    record = json.loads(json.dumps(mentok.observation_to_dict(view)))
    for _ in range(rng.choice((1, 1, 2))):
        path = rng.choice(list(leaves(record))[1:])
        place: Any = record
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = copy.deepcopy(rng.choice(JUNK))
    try:
        back = mentok.observation_from_dict(record)
    except tr.StateError:
        return
    # Accepted: it determinizes, round trips and encodes.
    guess = mentok.determinize(back, random.Random(1))
    assert mentok.observe(guess, back.seat) == back
    assert mentok.observation_from_dict(mentok.observation_to_dict(back)) == back
    codec = mentok.Codec(back.config)
    assert len(codec.observation(back)) == codec.observation_size
    for action_id in codec.legal_ids(back):
        assert mentok.is_legal(guess, codec.decode(back, action_id))


def test_observations_draw_themselves() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts", players=2), Ask(0, "9"))
    for seat in (0, 1):
        picture = mentok.observe(state, seat)._repr_svg_()
        root = ET.fromstring(picture)
        assert root.tag.endswith("svg")
        assert picture == svg.observation(mentok.observe(state, seat))
    assert "Kd" not in mentok.observe(state, 1)._repr_svg_()


def test_a_hand_state_nested_a_thousand_lists_deep_is_a_state_error() -> None:
    record = mentok.observation_to_dict(mentok.observe(mentok.new_game(seed=3), 2))
    deep: object = "active"
    for _ in range(1000):
        deep = [deep]
    record["hand_states"][0] = [deep]
    with pytest.raises(tr.StateError, match=r"observation\.hand_states\[0\]\[0\] must be 'active'"):
        mentok.observation_from_dict(record)
