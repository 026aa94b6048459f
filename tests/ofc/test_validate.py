"""check_state and from_dict: records that break a rule are refused, saying which rule."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import BOARDS_QUEENS_TOP, DISCARDS, fantasyland_round, play, scripted

Record = dict[str, Any]


def after_queens_round() -> ofc.State:
    """Round 1 of a two-seat game: seat 1 earned fantasyland with QQ on top (9 points)."""
    state, actions = scripted(ofc.Config(), BOARDS_QUEENS_TOP, DISCARDS)
    return play(state, actions)


def finished() -> ofc.State:
    state, actions = scripted(ofc.Config(max_rounds=1), BOARDS_QUEENS_TOP, DISCARDS)
    return play(state, actions)


def later_round() -> ofc.State:
    """A game in round 3, its last round scored."""
    state = ofc.new_game(ofc.Config(fantasyland=False), seed=4)
    rng = random.Random(4)
    while state.round < 3:
        state = ofc.apply(state, ofc.random_action(state, rng))
    return state


def refused(record: Record, message: str) -> None:
    with pytest.raises(tr.StateError, match=message):
        ofc.from_dict(record)


def edit(state: ofc.State, change: Callable[[Record], None]) -> Record:
    record = copy.deepcopy(ofc.to_dict(state))
    change(record)
    return record


def test_the_states_used_here_are_valid() -> None:
    for state in (after_queens_round(), finished(), later_round()):
        ofc.check_state(state)
        assert ofc.from_dict(json.loads(json.dumps(ofc.to_dict(state)))) == state


# --- the last round's summary is the scoring of its boards -----------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("points", [30, -30], r"last_round\.points must be \[9, -9\]"),
        ("points", [22, -21], r"last_round\.points must sum to 0"),
        ("fouled", [True, False], r"last_round\.fouled must be \[False, False\]"),
        (
            "royalties",
            [[3, 8, 6], [0, 0, 2]],
            r"last_round\.royalties must be \[\[3, 8, 6\], \[7, 0, 2\]\]",
        ),
        ("next_fantasyland", [0, 0], r"last_round\.next_fantasyland must be \[0, 15\]"),
        ("next_fantasyland", [15, 15], r"last_round\.next_fantasyland must be \[0, 15\]"),
        ("fantasyland", [15, 0], "nobody plays fantasyland in round 0"),
    ],
)
def test_a_summary_its_boards_contradict_is_refused(
    field: str, value: object, message: str
) -> None:
    def change(record: Record) -> None:
        record["last_round"][field] = value

    refused(edit(after_queens_round(), change), message)


def test_a_card_on_two_boards_of_the_summary_is_refused() -> None:
    def change(record: Record) -> None:
        boards = record["last_round"]["boards"]
        boards[1]["top"] = boards[1]["top"].replace("3c", "2c")  # 2c is on seat 0's top

    refused(edit(after_queens_round(), change), r"last_round\.boards: 2c is on two boards")


def test_an_incomplete_board_in_the_summary_is_refused() -> None:
    def change(record: Record) -> None:
        record["last_round"]["boards"][0]["top"] = "8s 8d"

    refused(
        edit(after_queens_round(), change),
        r"last_round\.boards\[0\] must be a complete board of 13 cards, not 12",
    )


def test_the_summary_of_an_earlier_round_needs_earnable_counts() -> None:
    state = fantasyland_round(ofc.Config(players=3), (15, 0, 0), "", round_index=2)
    ofc.check_state(state)

    def change(record: Record) -> None:
        record["last_round"]["fantasyland"] = [13, 0, 0]  # 15 is the only count to earn

    refused(edit(state, change), r"no boards earn the fantasyland counts \[13, 0, 0\]")


# --- fantasyland counts are the ones the last round earned ---------------------------


def test_fantasyland_nobody_earned_is_refused() -> None:
    state = after_queens_round()
    assert state.fantasyland == (0, 15)

    def change(record: Record) -> None:
        record["fantasyland"] = [15, 0]
        record["hands"] = [record["hands"][1], ""]
        record["to_act"] = 0

    refused(edit(state, change), r"state\.fantasyland must be \[0, 15\]")


def test_fantasyland_in_round_zero_is_refused() -> None:
    state = ofc.new_game(ofc.Config(players=3), seed=2)
    deck = list(state.deck)

    def change(record: Record) -> None:  # seat 1 dealt 15 cards, as a fantasyland seat is
        record["fantasyland"] = [0, 15, 0]
        record["hands"][1] = tr.cards_text(state.hands[1] + tuple(deck[:10]))
        record["deck"] = tr.cards_text(deck[10:])

    refused(edit(state, change), "must be all 0 in round 0: nobody has earned fantasyland")


def test_the_supply_rule_applies_to_what_was_earned() -> None:
    config = ofc.Config(players=3, progressive=True)
    state = fantasyland_round(config, (18, 18, 18), "")
    assert state.fantasyland == (17, 17, 18)  # order (2, 0, 1): cut from seat 1, then seat 0
    assert state.last_round is not None
    assert state.last_round.next_fantasyland == (18, 18, 18)
    ofc.check_state(state)


# --- bankrolls follow from the rounds played ------------------------------------------


def test_round_zero_bankrolls_are_the_start() -> None:
    def change(record: Record) -> None:
        record["scores"] = [110, 90]

    refused(edit(ofc.new_game(seed=1), change), r"state\.scores must be \[100, 100\] in round 0")


def test_round_one_bankrolls_are_the_start_plus_the_points() -> None:
    def change(record: Record) -> None:
        record["scores"] = [100, 100]

    refused(
        edit(after_queens_round(), change),
        r"starting points plus last_round\.points, \[109, 91\], not \[100, 100\]",
    )


def test_a_game_that_would_have_ended_earlier_is_refused() -> None:
    state = later_round()
    assert state.last_round is not None
    points = state.last_round.points
    winner = points.index(max(points))
    assert points[winner] > 0
    # bankrolls that leave the last round's winner at 0 before it: the game would have ended
    scores = [sum(state.scores) - points[winner]] * 2
    scores[winner] = points[winner]

    def change(record: Record) -> None:
        record["scores"] = list(scores)

    refused(edit(state, change), "the game would have ended after round 1")


# --- a finished game --------------------------------------------------------------------


def test_a_finished_game_must_match_its_summary_and_the_end_rules() -> None:
    state = finished()
    assert state.is_over

    def swap_boards(record: Record) -> None:
        record["boards"][0]["top"], record["boards"][1]["top"] = (
            record["boards"][1]["top"],
            record["boards"][0]["top"],
        )

    refused(edit(state, swap_boards), r"last_round\.boards must be the final boards")

    def no_end(record: Record) -> None:
        record["config"]["max_rounds"] = 2

    refused(edit(state, no_end), "the game is not over")

    def wrong_winners(record: Record) -> None:
        record["winners"] = [1]

    refused(edit(state, wrong_winners), r"state\.winners must be \[0\]")

    def wrong_street(record: Record) -> None:
        record["street"] = 2

    refused(edit(state, wrong_street), "the street of the round's last turn")


# --- junk ------------------------------------------------------------------------------


def test_huge_ints_and_deep_nesting_are_refused_with_short_messages() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    record = ofc.to_dict(after_queens_round())
    for key, value in [
        ("seed", 10**5000),
        ("street", 10**5000),
        ("hands", deep),
        ("last_round", {**record["last_round"], "points": [10**5000, 0]}),
        ("last_round", {**record["last_round"], "royalties": deep}),
        ("boards", [{"top": deep, "middle": "", "bottom": ""}] * 2),
        ("version", 10**5000),
        ("colour", 1),
    ]:
        with pytest.raises(tr.StateError) as error:
            ofc.from_dict({**record, key: value})
        assert len(str(error.value)) < 300


def test_check_state_refuses_a_state_built_by_hand_with_junk() -> None:
    state = ofc.new_game(seed=1)
    junk: list[tuple[str, object]] = [
        ("config", "pineapple"),
        ("scores", (100,)),
        ("hands", ((), (1, 2))),
        ("boards", ("As / - / -", ofc.Board())),
        ("to_act", 7),
        ("last_round", "nothing"),
    ]
    for field, value in junk:
        with pytest.raises(tr.StateError):
            ofc.check_state(attrs.evolve(state, **{field: value}))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"state must be a tablerules\.ofc\.State"):
        ofc.check_state(ofc.to_dict(state))  # type: ignore[arg-type]
