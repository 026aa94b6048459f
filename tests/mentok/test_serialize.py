"""to_dict / from_dict: exact round trips, and StateError for bad records."""

from __future__ import annotations

import copy
import json
import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import configs, game, play, random_playout
from tests.strategies import seeds

if TYPE_CHECKING:
    from collections.abc import Callable

Record = dict[str, object]


def mid_round() -> mentok.State:
    state = game("Kc Qc 2c 3c 9h  9d Ad 4d 5d Ts  7h", players=2, strict=False)
    return play(state, Ask(0, "9", split=True), Ask(1, "K"), Ask(0, "A", hand=1))


def after_round() -> mentok.State:
    state = play(mid_round(), Stand(0), Stand(0), Stand(1))
    return play(state, Score(use_hand=True), Score())


def roundtrip(state: mentok.State) -> mentok.State:
    return mentok.from_dict(json.loads(json.dumps(mentok.to_dict(state))))


def test_round_trip_mid_round_after_a_split_and_a_cheat() -> None:
    state = mid_round()
    assert state.tables[1] == (tr.parse_cards("9h"), tr.parse_cards("9d Ad"))
    record = mentok.to_dict(state)
    assert record["game"] == "mentok"
    assert record["version"] == 1
    assert record["tables"] == [["Ts Kc"], ["9h", "9d Ad"]]
    assert roundtrip(state) == state


def test_round_trip_with_last_round_and_game_over() -> None:
    state = after_round()
    assert state.last_round is not None
    assert roundtrip(state) == state
    over = play(game("Ac Kc 3c 6c 2h  3d 4d 5d 6d Ts", players=2, max_rounds=1), Stand(0))
    over = play(over, Ask(1, "3"), Ask(1, "6"), Stand(0), Score(use_hand=True), Score())
    assert over.is_over
    assert roundtrip(over) == over


def test_round_trip_with_two_decks() -> None:
    state = game("As As Ad Ad Kh  Kh 2c 2c 3c 3c", players=2, decks=2)
    state = play(state, Ask(0, "K"))
    assert state.tables[1] == (tr.parse_cards("Kh Kh"),)
    assert roundtrip(state) == state


def edit(change: Callable[[Record], None], state: mentok.State | None = None) -> Record:
    record = copy.deepcopy(mentok.to_dict(state or mid_round()))
    change(record)
    return record


def set_field(key: str, value: object) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        record[key] = value

    return change


def drop(key: str) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        del record[key]

    return change


def nested(path: tuple[str | int, ...], value: object) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        target: object = record
        for key in path[:-1]:
            target = target[key]  # type: ignore[index]
        target[path[-1]] = value  # type: ignore[index]

    return change


BAD: list[tuple[str, Callable[[Record], None], str]] = [
    ("game", set_field("game", "mock"), "state.game"),
    ("version", set_field("version", 2), "state.version"),
    ("no seed", drop("seed"), "no field 'seed'"),
    ("seed type", set_field("seed", "1"), "state.seed must be an integer"),
    ("config", nested(("config", "players"), 7), "state.config"),
    ("config type", nested(("config", "strict"), "no"), "state.config: strict"),
    ("bad card", nested(("hands", 0), "Ts Xx"), "state.hands[0]"),
    ("card type", nested(("hands", 0), 5), "state.hands[0]"),
    ("lost card", set_field("deck", "7h"), "missing"),
    ("extra card", nested(("hands", 1), "Kc Kc"), "too many"),
    ("scores length", set_field("scores", [0]), "one entry per seat"),
    ("score type", nested(("scores", 0), True), "state.scores[0]"),
    ("wrong turn", set_field("to_act", 1), "to_act must be seat 0"),
    ("dealer", set_field("dealer", 0), "state.dealer is not a field"),
    ("tables vs history", nested(("tables", 0), ["Ts"]), "missing"),
    ("stood", nested(("stood", 0), [True]), "state.stood[0]"),
    ("history kind", nested(("history", 0, "kind"), "draw"), "history[0].kind"),
    ("history rank", nested(("history", 0, "rank"), "1"), "history[0].rank"),
    ("given rank", nested(("history", 1, "card"), "Qd"), "rank asked for"),
    ("history target", nested(("history", 0, "target"), 1), "history[0].target"),
    ("choices early", set_field("choices", [True, None]), "score choices come after"),
    ("winners early", set_field("winners", [0]), "winners must be empty"),
    ("last_round in round 0", set_field("last_round", {}), "last_round"),
    ("in_game", set_field("in_game", [True, True]), "state.in_game is not a field"),
    ("unknown field", set_field("note", "hello"), "state.note is not a field"),
    ("not a dict", set_field("history", "none"), "state.history must be a list"),
]


@pytest.mark.parametrize(("name", "change", "message"), BAD, ids=[case[0] for case in BAD])
def test_bad_records_raise_state_error(
    name: str, change: Callable[[Record], None], message: str
) -> None:
    with pytest.raises(tr.StateError, match=message.replace("[", r"\[").replace("]", r"\]")):
        mentok.from_dict(edit(change))


def test_a_cheat_flag_with_strict_rules_is_rejected() -> None:
    state = play(game("Kc Qc 2c 3c 9h  9d Ad 4d 5d Ts  7h", players=2), Ask(0, "9"))
    with pytest.raises(tr.StateError, match="no cheating"):
        mentok.from_dict(edit(nested(("history", 0, "cheat"), True), state))


def test_bad_last_round_is_rejected() -> None:
    state = after_round()
    with pytest.raises(tr.StateError, match=r"last_round.points\[1\]"):
        mentok.from_dict(edit(nested(("last_round", "points", 1), 7), state))
    with pytest.raises(tr.StateError, match=r"last_round\.round"):
        mentok.from_dict(edit(nested(("last_round", "round"), 3), state))


def test_not_a_mapping_is_rejected() -> None:
    with pytest.raises(tr.StateError, match="state must be an object"):
        mentok.from_dict([])  # type: ignore[arg-type]


@settings(max_examples=20)
@given(configs, seeds)
def test_every_state_of_a_playout_round_trips(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    for index, state in enumerate(random_playout(mentok.new_game(config, seed=seed), rng, 150)):
        if index % 5 == 0 or state.is_over:
            assert roundtrip(state) == state


def test_history_is_checked_against_the_hands_it_implies() -> None:
    state = mid_round()
    with pytest.raises(tr.StateError, match=r"history\[0\]\.cheat is wrong"):
        mentok.from_dict(edit(nested(("history", 0, "cheat"), True), state))
    with pytest.raises(tr.StateError, match=r"history\[1\]\.cheat is wrong"):
        mentok.from_dict(edit(nested(("history", 1, "cheat"), False), state))

    def hide_a_card(record: Record) -> None:
        hands = record["hands"]
        assert isinstance(hands, list)
        hands[0] = "4d"
        record["deck"] = f"5d {record['deck']}"

    with pytest.raises(tr.StateError, match=r"hands\[0\] holds 1 cards but gave 2"):
        mentok.from_dict(edit(hide_a_card, state))


def test_a_go_fish_draw_is_refused_if_the_target_held_the_rank() -> None:
    state = play(game("2c 3c 4c 5c 9h  2d 9c Kd 9s Ts  7d", players=2), Ask(0, "5"))

    def give_seat_0_a_five(record: Record) -> None:
        hands = record["hands"]
        assert isinstance(hands, list)
        hands[0] = "5h 9c Kd 9s"
        deck = str(record["deck"]).split()
        deck[deck.index("5h")] = "2d"
        record["deck"] = " ".join(deck)

    with pytest.raises(tr.StateError, match="held that rank and had to give it"):
        mentok.from_dict(edit(give_seat_0_a_five, state))


@settings(max_examples=30)
@given(configs, seeds, st.integers(0, 40), st.data())
def test_tampered_records_raise_state_error(
    config: mentok.Config, seed: int, steps: int, data: st.DataObject
) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), steps)
    record = mentok.to_dict(states[-1])
    key = data.draw(st.sampled_from(sorted(record)))
    how = data.draw(st.sampled_from(["drop", "null", "text", "number", "list"]))
    replacement: object = {"null": None, "text": "x", "number": -1, "list": [1]}.get(how)
    if how == "drop":
        del record[key]
    elif record[key] == replacement or (key == "seed" and how == "number"):
        return  # unchanged, or still valid (any int is a seed)
    else:
        record[key] = replacement
    with pytest.raises(tr.StateError):
        mentok.from_dict(record)


def scoring_state() -> mentok.State:
    return play(mid_round(), Stand(0), Stand(0), Stand(1))


def game_over() -> mentok.State:
    over = play(game("Ac Kc 3c 6c 2h  3d 4d 5d 6d Ts", players=2, max_rounds=1), Stand(0))
    return play(over, Ask(1, "3"), Ask(1, "6"), Stand(0), Score(use_hand=True), Score())


def delete(path: tuple[str | int, ...]) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        target: object = record
        for key in path[:-1]:
            target = target[key]  # type: ignore[index]
        del target[path[-1]]  # type: ignore[attr-defined]

    return change


MORE_BAD: list[tuple[str, Callable[[], mentok.State], Callable[[Record], None], str]] = [
    ("table not a list", mid_round, nested(("tables", 0), "Ts"), "list of table hands"),
    ("three hands", mid_round, nested(("tables", 1), ["9h", "9d", "Ad"]), "at most 2"),
    ("empty hand", mid_round, nested(("tables", 0), [""]), "never empty"),
    ("event seat", mid_round, nested(("history", 0, "seat"), 5), "seat must be a seat from 0"),
    ("event hand", mid_round, nested(("history", 0, "hand"), 2), "hand must be 0 or 1"),
    ("event card", mid_round, nested(("history", 0, "card"), "9d 9c"), "one card or null"),
    ("event cheat", mid_round, delete(("history", 0, "cheat")), "no field 'cheat'"),
    ("event bool", mid_round, nested(("history", 0, "split"), 1), "split must be true"),
    ("closed hand", mid_round, nested(("stood", 0), [True]), "stood"),
    ("stood type", mid_round, nested(("stood", 0), True), r"stood\[0\] must be a list"),
    ("no last_round", mid_round, drop("last_round"), "no field 'last_round'"),
    ("choice order", scoring_state, set_field("choices", [True, None]), "turn order"),
    ("choice type", scoring_state, set_field("choices", [None, 1]), "choices"),
    ("winners", game_over, set_field("winners", [0]), "winners must be"),
    ("last history", game_over, nested(("last_round", "history"), []), "history must match"),
    ("summary cheat", after_round, nested(("last_round", "history", 0, "cheat"), None), "known"),
    ("summary cheated", after_round, nested(("last_round", "cheated"), [False, False]), "cheated"),
    ("summary dealer", after_round, nested(("last_round", "dealer"), 0), "dealer is not a field"),
    ("summary choice", after_round, nested(("last_round", "choices"), [None, True]), "chose"),
    ("summary seats", after_round, nested(("last_round", "points"), [0]), "one entry per seat"),
]


@pytest.mark.parametrize(
    ("name", "make", "change", "message"), MORE_BAD, ids=[case[0] for case in MORE_BAD]
)
def test_more_bad_records_raise_state_error(
    name: str,
    make: Callable[[], mentok.State],
    change: Callable[[Record], None],
    message: str,
) -> None:
    with pytest.raises(tr.StateError, match=message):
        mentok.from_dict(edit(change, make()))


def test_who_is_in_the_game_and_the_dealer_follow_from_the_record() -> None:
    state = game("Kc Qc 2c 3c 9h  9d Ad 4d 5d Ts", players=2, exact_target=False)
    record = mentok.to_dict(state)
    assert "in_game" not in record
    assert "dealer" not in record
    assert roundtrip(state).in_game == (True, True)
    after = after_round()
    summary = mentok.to_dict(after)["last_round"]
    assert isinstance(summary, dict)
    assert "dealer" not in summary
    assert roundtrip(after).dealer == 1
    assert after.last_round is not None
    assert after.last_round.dealer == 0


def leaf_paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path to a value inside a record (containers included)."""
    paths = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            paths += leaf_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            paths += leaf_paths(item, (*path, index))
    return paths


JUNK: list[object] = [None, "x", -1, 7, True, [], {}, "As As", "", [None], {"kind": "ask"}]


@settings(max_examples=60)
@given(configs, seeds, st.integers(0, 60), st.data())
def test_any_corrupted_field_gives_state_error_or_a_valid_state(
    config: mentok.Config, seed: int, steps: int, data: st.DataObject
) -> None:
    states = random_playout(mentok.new_game(config, seed=seed), random.Random(seed), steps)
    record = mentok.to_dict(states[-1])
    path = data.draw(st.sampled_from(leaf_paths(record)))
    junk = data.draw(st.sampled_from(JUNK))
    nested(path, copy.deepcopy(junk))(record)
    try:
        state = mentok.from_dict(record)
    except tr.StateError:
        return
    mentok.check_state(state)
    assert mentok.from_dict(mentok.to_dict(state)) == state


def _record_with_asks() -> dict[str, object]:
    rng = random.Random(5)
    state = mentok.new_game(mentok.Config(players=3, strict=False), seed=5)
    while state.round < 1 or len(state.history) < 3:
        state = mentok.apply(state, mentok.random_action(state, rng))
    record = mentok.to_dict(state)
    assert isinstance(record["history"], list)
    assert any(event["kind"] == "ask" for event in record["history"])
    return record


@pytest.mark.parametrize(
    ("field", "spoil"),
    [
        ("split", int),
        ("given", int),
        ("cheat", int),
        ("seat", float),
        ("target", float),
        ("hand", bool),
    ],
)
def test_an_ask_field_of_an_equal_value_but_another_kind_is_refused(
    field: str, spoil: type
) -> None:
    record = _record_with_asks()
    mentok.from_dict(record)  # read once before: nothing read is kept to wave it through
    spoiled = copy.deepcopy(record)
    history = spoiled["history"]
    assert isinstance(history, list)
    event = next(event for event in history if event["kind"] == "ask")
    event[field] = spoil(event[field])
    assert event[field] == record["history"][history.index(event)][field]  # type: ignore[index]
    with pytest.raises(tr.StateError, match=rf"state\.history\[\d+\]\.{field}"):
        mentok.from_dict(spoiled)
