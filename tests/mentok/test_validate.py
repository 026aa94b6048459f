"""check_state: what the rules fix about a state, beyond its shape.

Each test takes a real state, breaks one fact the rules fix, and expects
from_dict (which runs check_state) to name the broken rule.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
import pytest

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import game, play

Record = dict[str, Any]

# Seat 1 holds Ac Kc 3c 6c (table 2h), seat 0 holds 3d 4d 5d 6d (table Ts): seat 1
# stands and keeps a blackjack in hand (6 points), seat 0 takes 3c and 6c (19: 3).
HELD = "Ac Kc 3c 6c 2h  3d 4d 5d 6d Ts"


def held_round(**options: Any) -> mentok.State:
    """Round 0 of HELD played to the end: scores (3, 6), round 1 dealt."""
    state = play(game(HELD, players=2, **options), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    return play(state, Score(use_hand=True), Score())


def refused(record: Record, message: str) -> None:
    with pytest.raises(tr.StateError, match=message):
        mentok.from_dict(record)


def record_of(state: mentok.State) -> Record:
    return copy.deepcopy(mentok.to_dict(state))


def test_round_one_scores_are_the_last_rounds_points() -> None:
    state = held_round()
    assert state.round == 1
    assert state.scores == (3, 6)
    mentok.from_dict(record_of(state))
    record = record_of(state)
    record["scores"] = [3, 7]
    refused(record, "after round 0 the scores must equal the last round's points")
    record = record_of(state)
    record["last_round"]["points"] = [3, 5]
    refused(record, r"last_round\.points\[1\] must be 6, not 5")


def test_later_scores_must_be_reachable_from_the_round_before() -> None:
    state = held_round()
    rng = random.Random(1)
    while state.round < 3:
        state = mentok.apply(state, mentok.random_action(state, rng))
    assert state.last_round is not None
    record = record_of(state)
    record["scores"] = [40, state.scores[1]]
    refused(record, "cannot have")
    record = record_of(state)
    record["scores"] = [state.scores[0] - 20, state.scores[1]]
    refused(record, "cannot have")


def test_a_player_at_exactly_the_target_ends_the_game() -> None:
    state = held_round()
    record = record_of(state)
    record["config"]["target"] = 6  # seat 1 has exactly 6: the game is over
    refused(record, "the game should have ended after round 0")
    finished = play(held_round(target=6))
    assert finished.is_over
    assert finished.winners == (1,)
    mentok.from_dict(record_of(finished))


def test_without_exact_target_reaching_the_target_ends_the_game() -> None:
    state = held_round(exact_target=False)
    record = record_of(state)
    record["config"]["target"] = 5
    refused(record, "the game should have ended after round 0")


def test_max_rounds_ends_the_game() -> None:
    record = record_of(held_round())
    record["config"]["max_rounds"] = 1
    refused(record, "the game should have ended after round 0")


def test_a_player_past_the_target_is_out_and_not_dealt_in() -> None:
    record = record_of(held_round(target=30))
    record["config"]["target"] = 5  # seat 1 (6 points) would be out of the game
    refused(record, "exactly the seats still in the game are dealt in")


def test_a_finished_game_must_match_its_summary_and_winners() -> None:
    over = play(game(HELD, players=2, max_rounds=1), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    over = play(over, Score(use_hand=True), Score())
    assert over.is_over
    mentok.from_dict(record_of(over))
    record = record_of(over)
    record["winners"] = [0, 1]
    refused(record, r"winners must be \[1\]")
    record = record_of(over)
    record["last_round"]["choices"] = [True, True]
    refused(record, "points")
    record = record_of(over)
    record["choices"] = [True, True]
    refused(record, "choices")
    record = record_of(over)
    record["last_round"]["hands"] = ["3d 4d 5d", "Ac Kc"]
    refused(record, "last_round.hands")
    record = record_of(over)
    record["to_act"] = 0
    refused(record, "last_round must be null|round 0 starts|should be over|must all be 0")


def test_a_finished_game_must_have_ended() -> None:
    state = play(game(HELD, players=2), Stand(0), Ask(1, "3"), Ask(1, "6"), Stand(0))
    state = play(state, Score(use_hand=True), Score())
    assert not state.is_over
    # Pretend round 0 ended the game although nothing ends it.
    summary = state.last_round
    assert summary is not None
    fake = attrs.evolve(
        state,
        round=0,
        to_act=None,
        winners=(1,),
        hands=summary.hands,
        tables=summary.tables,
        stood=((True,), (True,)),
        history=summary.history,
        choices=summary.choices,
        deck=tuple(
            card
            for card in tr.FULL_DECK
            if card not in {c for hand in summary.hands for c in hand}
            and card not in {c for seat in summary.tables for hand in seat for c in hand}
        ),
    )
    with pytest.raises(tr.StateError, match="no end condition holds after round 0"):
        mentok.check_state(fake)


def test_the_history_must_be_one_the_deal_can_produce() -> None:
    front = "2c 3c 4c 5c 9h  6d 7d 8d Td Js  2h 3h 4h 5h Qs  Kc"
    state = play(game(front, players=3), Ask(2, "2"))  # go fish: seat 1 draws Kc
    record = record_of(state)
    record["history"][0]["seat"] = 0
    refused(record, r"history\[0\]: seat 0 acted, but seat 1 was to act")
    record = record_of(state)
    record["history"].append({"kind": "stand", "seat": 2, "hand": 1})
    refused(record, r"history\[1\]: seat 2 cannot stand on table hand 1")
    record = record_of(state)
    record["history"][0]["rank"] = "K"
    refused(record, r"history\[0\]: seat 1 cannot ask for K: it is outside its sphere")


def test_check_state_needs_a_well_formed_state() -> None:
    state = mentok.new_game(seed=1)
    for broken, message in [
        (attrs.evolve(state, scores=(0, 0)), "state.scores must have one entry per seat"),
        (attrs.evolve(state, scores=(0, "x", 0, 0)), r"state.scores\[1\] is not an int"),  # type: ignore[arg-type]
        (attrs.evolve(state, to_act=9), "state.to_act must be a seat"),
        (attrs.evolve(state, history=("ask",)), r"state.history\[0\] must be an AskRecord"),  # type: ignore[arg-type]
        (attrs.evolve(state, stood=((True, True), *state.stood[1:])), r"state.stood\[0\]"),
    ]:
        with pytest.raises(tr.StateError, match=message):
            mentok.check_state(broken)


def test_an_ask_record_whose_hand_is_a_bool_is_refused() -> None:
    state = mentok.new_game(seed=3)
    state = mentok.apply(state, mentok.legal_actions(state)[0])
    event = state.history[0]
    assert isinstance(event, mentok.AskRecord)
    spoiled = attrs.evolve(state, history=(attrs.evolve(event, hand=False),))
    assert spoiled.history == state.history  # False == 0: only its kind is wrong
    with pytest.raises(tr.StateError, match=r"state\.history\[0\]\.hand must be 0 or 1"):
        mentok.check_state(spoiled)
