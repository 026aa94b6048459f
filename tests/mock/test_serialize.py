"""to_dict / from_dict: exact JSON round trips, and StateError on bad input."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mock
from tests.mock.strategies import advance, random_policy


def round_trip(state: mock.State) -> mock.State:
    return mock.from_dict(json.loads(json.dumps(mock.to_dict(state))))


def states() -> list[mock.State]:
    """States at the start, mid-turn, after a discard draw, in round 1, and at the end."""
    policy = random_policy(7)
    start = mock.new_game(mock.Config(players=3, highest_hand_ties="suits"), seed=2)
    mid = advance(start, lambda s: len(s.history) == 7, policy)
    took = advance(start, lambda s: s.took_discard, policy)
    later = advance(start, lambda s: s.round == 1 and len(s.history) == 4, policy)
    end = advance(mock.new_game(mock.Config(max_rounds=2), seed=3), lambda s: s.is_over, policy)
    return [start, mid, took, later, end]


STATES = states()


@pytest.mark.parametrize("index", range(5))
def test_round_trip_is_exact(index: int) -> None:
    state = STATES[index]
    record = mock.to_dict(state)
    assert record["game"] == "mock"
    assert record["version"] == 1
    assert round_trip(state) == state
    assert mock.to_dict(round_trip(state)) == record


def test_records_are_readable() -> None:
    record = mock.to_dict(STATES[2])
    assert isinstance(record["deck"], str)
    assert all(isinstance(hand, str) for hand in record["hands"])
    assert record["history"][-1]["draw"] == "discard"
    assert len(record["history"][-1]["card"]) == 2


Tamper = Callable[[dict[str, Any]], object]


def _set(key: str, value: object) -> Tamper:
    return lambda record: record.__setitem__(key, value)


def _flip(key: str) -> Tamper:
    return lambda record: record.__setitem__(key, not record[key])


def _swap_deck_card_into_hand(record: dict[str, Any]) -> None:
    record["hands"][0] = record["hands"][0] + " " + record["deck"].split()[0]


def _drop_deck_card(record: dict[str, Any]) -> None:
    record["deck"] = " ".join(record["deck"].split()[1:])


def _move_deck_card_to_melds(record: dict[str, Any]) -> None:
    cards = record["deck"].split()
    record["deck"] = " ".join(cards[1:])
    record["melds"][0] = (record["melds"][0] + " " + cards[0]).strip()


TAMPERS: list[tuple[str, Tamper, str]] = [
    ("game", _set("game", "ofc"), "state.game must be 'mock'"),
    ("version", _set("version", 2), "state.version must be 1"),
    ("config", _set("config", {"players": 2}), "state.config"),
    ("config-unknown", lambda r: r["config"].__setitem__("colour", 1), "unknown fields"),
    ("players", lambda r: r["config"].__setitem__("players", 11), "3 to 10 players"),
    ("seed", _set("seed", "x"), "state.seed must be an integer"),
    ("round", _set("round", -1), "state.round must be at least 0"),
    ("scores-count", _set("scores", [0, 0]), "state.scores must have one entry per seat"),
    ("scores-type", _set("scores", [0, 0, "1"]), r"state.scores\[2\] must be an integer"),
    ("scores-negative", _set("scores", [0, -1, 0]), "must not be negative"),
    ("hands-type", _set("hands", "As"), "state.hands must be a list"),
    ("card-text", lambda r: r["hands"].__setitem__(0, "Xx Ks"), r"state.hands\[0\]"),
    ("duplicate", _swap_deck_card_into_hand, "more than once"),
    ("missing", _drop_deck_card, "missing"),
    ("moved", _move_deck_card_to_melds, "finish must still hold|history does not rebuild"),
    ("opening", _set("opening", 60), "state.opening"),
    ("to_act", _set("to_act", 0), "state.to_act must be seat|at most 3 here"),
    ("to_act-range", _set("to_act", 9), "state.to_act must be a seat"),
    ("step", _set("step", "dance"), "state.step must be one of"),
    ("step-over", _set("step", "over"), "state.step must be 'over' exactly"),
    ("winners", _set("winners", [1]), "state.winners must be set exactly"),
    ("took", _set("took_discard", True), "took_discard"),
    ("flag", _set("opening_was_empty", 1), "must be true or false"),
    ("finished", _set("finished", [False, "no", False]), r"state.finished\[1\]"),
    ("history-type", _set("history", [{"seat": 0}]), "must have a field 'draw' or 'meld'"),
    ("history-seat", _set("history", [{"seat": 7, "draw": "pile"}]), "seat from 0 to 2"),
    ("history-source", _set("history", [{"seat": 1, "draw": "sky"}]), "'pile' or 'discard'"),
    ("history-top", _set("history", [{"seat": 1, "draw": "discard", "card": "As"}]), "top discard"),
    ("last_round", _set("last_round", {"round": 0}), "state.last_round"),
    ("not-a-dict", lambda r: r.clear(), "state.game must be 'mock'"),
]


@pytest.mark.parametrize(("name", "tamper", "message"), TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered_records_raise_state_error(name: str, tamper: Tamper, message: str) -> None:
    state = STATES[1]
    record = copy.deepcopy(mock.to_dict(state))
    tamper(record)
    with pytest.raises(tr.StateError, match=message):
        mock.from_dict(record)


def test_non_mappings_raise_state_error() -> None:
    data: object
    for data in (None, [], "mock", 3):
        with pytest.raises(tr.StateError):
            mock.from_dict(data)  # type: ignore[arg-type]


def test_a_finished_game_checks_its_summary() -> None:
    record = mock.to_dict(STATES[4])
    record["last_round"]["points"] = [9, 9, 9, 9]
    with pytest.raises(tr.StateError, match="points do not match the melds"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[4])
    record["winners"] = [0, 1, 2, 3]
    with pytest.raises(tr.StateError, match="winners must be the seats with the top score"):
        mock.from_dict(record)


def test_the_turn_must_be_the_right_seat() -> None:
    record = mock.to_dict(mock.new_game(seed=4))
    record["to_act"] = 2
    with pytest.raises(
        tr.StateError, match=r"state\.to_act must be seat 1, whose turn it is, not 2"
    ):
        mock.from_dict(record)


def _leaves(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    if isinstance(node, dict):
        return [leaf for key, value in node.items() for leaf in _leaves(value, (*path, key))]
    if isinstance(node, list):
        return [leaf for i, value in enumerate(node) for leaf in _leaves(value, (*path, i))]
    return [path]


def _put(record: Any, path: tuple[Any, ...], value: object) -> None:
    for key in path[:-1]:
        record = record[key]
    record[path[-1]] = value


JUNK: list[object] = [None, True, -1, 0, 1, 3, 99, "", "As", "As Kd", "Zz", [], {}, [0], "draw"]


@settings(max_examples=200)
@given(index=st.integers(0, 4), pick=st.integers(0, 10_000), junk=st.sampled_from(JUNK))
def test_any_tampered_field_is_refused_or_still_consistent(
    index: int, pick: int, junk: object
) -> None:
    state = STATES[index]
    record = copy.deepcopy(mock.to_dict(state))
    leaves = _leaves(record)
    path = leaves[pick % len(leaves)]
    _put(record, path, junk)
    try:
        result = mock.from_dict(record)
    except tr.StateError:
        return
    assert mock.from_dict(mock.to_dict(result)) == result


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (
            lambda r: r["history"].__setitem__(0, {"seat": 2, "draw": "pile"}),
            "seat 2 plays, but it is seat 1's turn",
        ),
        (lambda r: r["finished"].__setitem__(0, True), "finished|must be empty"),
        (lambda r: r.__setitem__("first_complete", 0), "first_complete"),
        (lambda r: r.pop("last_round"), "has no field 'last_round'"),
        (_flip("opening_was_empty"), "state.opening_was_empty must be (true|false): it describes"),
        (_flip("pile_was_empty"), "state.pile_was_empty must be (true|false): it describes"),
    ],
)
def test_history_and_flags_must_agree(tamper: Tamper, message: str) -> None:
    record = copy.deepcopy(mock.to_dict(STATES[1]))
    tamper(record)
    with pytest.raises(tr.StateError, match=message):
        mock.from_dict(record)


@pytest.mark.parametrize("name", ["took_discard", "opening_was_empty", "pile_was_empty"])
def test_an_observation_records_turn_flags_must_follow_from_its_other_fields(name: str) -> None:
    record = mock.observation_to_dict(mock.observe(STATES[1], 0))
    record[name] = not record[name]
    with pytest.raises(tr.StateError, match=f"observation.{name} must be "):
        mock.observation_from_dict(record)


def test_scores_must_fit_the_game() -> None:
    record = mock.to_dict(STATES[1])
    record["scores"] = [0, 5, 0]
    with pytest.raises(tr.StateError, match="scores must be zero during round 0"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[3])
    record["scores"] = [60, 5, 0]
    with pytest.raises(tr.StateError, match="so the game is over"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[3])
    record["seed"] += 1  # the deck need not come from the seed: determinized states do not
    assert mock.from_dict(record).seed == STATES[3].seed + 1
    record = mock.to_dict(STATES[3])
    record["config"]["max_rounds"] = 1
    with pytest.raises(tr.StateError, match="max_rounds is 1"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[4])
    record["config"]["max_rounds"] = None
    record["scores"] = [1, 0, 0, 0]
    with pytest.raises(tr.StateError, match="no player alone reached the target"):
        mock.from_dict(record)


# --- what the rules fix: the history, the scores, the end of the game --------


def _taken_and_held() -> mock.State:
    """A state in which seat 2 holds a card everyone saw it take from the discard pile."""
    state = mock.apply(mock.new_game(seed=5), mock.Draw())
    state = mock.apply(state, mock.Meld(discards=state.hands[1][-1:]))
    return mock.apply(state, mock.Draw(from_discard=True))


def test_a_card_taken_from_the_discard_pile_stays_in_its_takers_hand() -> None:
    state = _taken_and_held()
    taken = state.history[-1]
    assert isinstance(taken, mock.Drew)
    assert taken.card is not None
    card = str(taken.card)
    record = mock.to_dict(state)
    assert card in record["hands"][2]
    # moved to another hand, in exchange for one of its cards
    moved = copy.deepcopy(record)
    other = moved["hands"][3].split()
    moved["hands"][2] = moved["hands"][2].replace(card, other[0])
    moved["hands"][3] = " ".join([card, *other[1:]])
    with pytest.raises(
        tr.StateError, match=rf"state\.hands\[2\] must hold {card}.*state\.hands\[3\]"
    ):
        mock.from_dict(moved)
    # moved to the deck
    moved = copy.deepcopy(record)
    deck = moved["deck"].split()
    moved["hands"][2] = moved["hands"][2].replace(card, deck[-1])
    moved["deck"] = " ".join([*deck[:-1], card])
    with pytest.raises(tr.StateError, match=rf"must hold {card}.*state\.deck"):
        mock.from_dict(moved)
    # every view of the real state determinizes
    for seat in range(4):
        mock.determinize(mock.observe(state, seat), __import__("random").Random(seat))


def test_the_history_must_replay_to_the_melds_and_the_discard_pile() -> None:
    record = mock.to_dict(_taken_and_held())
    record["history"][1]["discards"] = record["hands"][1].split()[0]
    with pytest.raises(tr.StateError, match=r"state\.history\[\d\]"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[2])
    record["discard_pile"], record["deck"] = (
        record["deck"][:2],
        record["discard_pile"] + " " + record["deck"][3:],
    )
    with pytest.raises(tr.StateError):
        mock.from_dict(record)


def test_a_turn_out_of_order_or_an_illegal_one_is_refused() -> None:
    record = mock.to_dict(STATES[1])
    record["history"][2], record["history"][3] = record["history"][3], record["history"][2]
    with pytest.raises(tr.StateError, match=r"state\.history\[2\]"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[1])
    record["history"][1]["drawn"] = 2
    with pytest.raises(tr.StateError, match=r"state\.history\[1\]"):
        mock.from_dict(record)


def _round(state_index: int, round_index: int) -> mock.State:
    policy = random_policy(state_index)
    start = mock.new_game(mock.Config(players=3, target=200), seed=state_index)
    return advance(start, lambda s: s.round == round_index and len(s.history) == 2, policy)


def test_scores_after_round_zero_follow_from_the_last_round() -> None:
    state = _round(1, 1)
    summary = state.last_round
    assert summary is not None
    assert state.scores == summary.points
    record = mock.to_dict(state)
    record["scores"] = [score + 1 for score in record["scores"]]
    with pytest.raises(tr.StateError, match="must be the points of round 0"):
        mock.from_dict(record)
    later = _round(2, 3)
    assert later.last_round is not None
    record = mock.to_dict(later)
    seat = max(range(3), key=lambda s: later.last_round.points[s])  # type: ignore[union-attr]
    record["scores"][seat] = later.last_round.points[seat] - 1
    with pytest.raises(tr.StateError, match="less than the"):
        mock.from_dict(record)
    record = mock.to_dict(later)
    record["scores"][0] = later.last_round.points[0] + 12 * 2 + 1
    with pytest.raises(tr.StateError, match="points a round"):
        mock.from_dict(record)
    record = mock.to_dict(later)
    record["last_round"]["points"][0] += 1
    with pytest.raises(tr.StateError, match="points do not match the melds"):
        mock.from_dict(record)


def test_a_finished_game_must_have_ended_by_the_rules() -> None:
    record = mock.to_dict(STATES[4])
    assert record["to_act"] is None
    top = max(record["scores"])
    record["config"]["max_rounds"] = None
    record["config"]["target"] = top + 1
    with pytest.raises(tr.StateError, match="no player alone reached the target"):
        mock.from_dict(record)
    record = mock.to_dict(STATES[4])
    record["winners"] = [seat for seat in range(4) if seat not in record["winners"]]
    with pytest.raises(tr.StateError, match="winners must be the seats with the top score"):
        mock.from_dict(record)


def test_a_game_that_should_have_ended_is_refused() -> None:
    state = _round(3, 2)
    record = mock.to_dict(state)
    record["config"]["target"] = max(record["scores"])
    leaders = [s for s, score in enumerate(record["scores"]) if score == max(record["scores"])]
    if len(leaders) == 1:
        with pytest.raises(tr.StateError, match="so the game is over"):
            mock.from_dict(record)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("seed", 10**5000),
        ("scores", [10**5000, 0, 0]),
        ("round", 2**300),
        ("opening", 10**5000),
        ("hands", [[[[["As"]]]]] * 3),
    ],
    ids=["seed", "scores", "round", "opening", "hands"],
)
def test_huge_ints_and_deep_nesting_are_state_errors(key: str, value: object) -> None:
    record = mock.to_dict(STATES[1])
    record[key] = value
    with pytest.raises(tr.StateError) as error:
        mock.from_dict(record)
    assert len(str(error.value)) < 400


def test_deep_nesting_anywhere_is_a_state_error() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    record = mock.to_dict(STATES[3])
    for path in (("history",), ("history", 0), ("last_round",), ("config", "target"), ("hands", 1)):
        tampered = copy.deepcopy(record)
        _put(tampered, path, deep)
        with pytest.raises(tr.StateError):
            mock.from_dict(tampered)
    tampered = copy.deepcopy(record)
    meld = next(event for event in tampered["history"] if "meld" in event)
    meld["drawn"] = 10**5000
    with pytest.raises(tr.StateError, match="too large"):
        mock.from_dict(tampered)


def _midgame_record() -> dict[str, Any]:
    rng = random.Random(4)
    state = mock.new_game(seed=4)
    while (
        state.round == 0
        or not any(isinstance(event, mock.Drew) and event.from_discard for event in state.history)
        or not any(isinstance(event, mock.Melded) for event in state.history)
    ):
        state = mock.apply(state, mock.random_action(state, rng))
    return mock.to_dict(state)


@pytest.mark.parametrize("part", ["state", "pile draw", "discard draw", "meld", "summary"])
def test_unknown_fields_are_refused_at_every_level(part: str) -> None:
    record = _midgame_record()
    assert mock.from_dict(record) is not None
    history = record["history"]
    if part == "state":
        target, where = record, "state"
    elif part == "summary":
        target, where = record["last_round"], "state.last_round"
    else:
        index = next(
            i
            for i, event in enumerate(history)
            if (part == "meld") == ("meld" in event)
            and (part == "meld" or event["draw"] == part.split(maxsplit=1)[0])
        )
        target, where = history[index], f"state.history[{index}]"
    target["colour"] = "red"
    with pytest.raises(tr.StateError, match=re.escape(f"{where} has unknown fields: 'colour'")):
        mock.from_dict(record)


def test_unknown_fields_are_refused_in_the_config_and_the_observation() -> None:
    record = _midgame_record()
    record["config"]["colour"] = "red"
    with pytest.raises(tr.StateError, match=r"state\.config has unknown fields: 'colour'"):
        mock.from_dict(record)
    view = mock.observe(mock.from_dict(_midgame_record()), 0)
    for spoil in ("top", "event"):
        data = mock.observation_to_dict(view)
        if spoil == "top":
            data["colour"] = "red"
            where = "observation"
        else:
            data["history"][0]["colour"] = "red"
            where = "observation.history[0]"
        with pytest.raises(tr.StateError, match=re.escape(f"{where} has unknown fields")):
            mock.observation_from_dict(data)


def read_back_every_move(seed: int, moves: int) -> tuple[mock.State, list[mock.State]]:
    """A game played ``moves`` moves, saved and read back after each: the last state and all."""
    rng = random.Random(seed)
    state = played = mock.new_game(mock.Config(players=3), seed=seed)
    seen = [state]
    for _ in range(moves):
        if state.is_over:
            break
        action = mock.random_action(state, rng)
        played = mock.apply(played, action)
        state = round_trip(mock.apply(state, action))
        assert state == played
        seen.append(state)
    return state, seen


@pytest.mark.parametrize("seed", range(4))
def test_a_game_read_back_every_move_plays_as_the_game(seed: int) -> None:
    state, seen = read_back_every_move(seed, 200)
    assert state.is_over or state.round >= 1
    for earlier in seen[::7]:  # read again later, and in another order
        assert round_trip(earlier) == earlier


def test_a_spoiled_record_still_fails_after_its_game_was_read_every_move() -> None:
    state, _ = read_back_every_move(11, 14)
    assert state.round == 0
    assert len(state.history) == 14
    record = mock.to_dict(state)
    assert mock.from_dict(copy.deepcopy(record)) == state
    early = copy.deepcopy(record)
    early["history"][0]["seat"] = (early["history"][0]["seat"] + 1) % 3
    with pytest.raises(tr.StateError, match=r"^state\.history\[0\]: seat \d plays, but it is"):
        mock.from_dict(early)
    late = copy.deepcopy(record)
    last = next(i for i in range(13, -1, -1) if "meld" in late["history"][i])
    late["history"][last]["finished"] = not late["history"][last]["finished"]
    with pytest.raises(tr.StateError, match=rf"^state\.history\[{last}\]\.finished must be"):
        mock.from_dict(late)
    dealt = copy.deepcopy(record)  # the same history from another deal: a card drawn unseen
    seat = state.to_act
    assert seat is not None
    hand, deck = dealt["hands"][seat].split(), dealt["deck"].split()
    hand[-1], deck[0] = deck[0], hand[-1]
    dealt["hands"][seat], dealt["deck"] = " ".join(hand), " ".join(deck)
    other = mock.from_dict(dealt)
    assert other.history == state.history
    assert other.hands[seat] != state.hands[seat]
    assert mock.to_dict(other) == dealt
    assert mock.from_dict(copy.deepcopy(record)) == state
    assert mock.to_dict(mock.apply(other, mock.Draw())) != mock.to_dict(
        mock.apply(state, mock.Draw())
    )
