"""Fantasyland: entry, stay, progressive counts, card supply and fantasyland turns."""

from __future__ import annotations

import random

import pytest

import tablerules as tr
from tablerules import ofc
from tablerules._common import round_deck
from tablerules.ofc.scoring import supply_counts
from tests.ofc.helpers import (
    BOARDS_QUEENS_TOP,
    DISCARDS,
    fantasyland_round,
    play,
    scripted,
    stacked,
)

BOTTOM = "Tc Jc Qc Kc Ac"  # a royal flush bottom: any middle fits under it


def earned(text: str, config: ofc.Config | None = None, *, stay: bool = False) -> int:
    return ofc.fantasyland_cards(ofc.Board.parse(text), config, in_fantasyland=stay)


# --- entry --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("top", "plain", "progressive"),
    [
        ("Js Jd 2h", 0, 0),
        ("Qs Qd 2h", 15, 15),
        ("Ks Kd 2h", 15, 16),
        ("As Ad 2h", 15, 17),
        ("2s 2d 2h", 15, 18),
        ("As Ad Ah", 15, 18),
        ("As Kd Qh", 0, 0),
    ],
)
def test_entry_and_progressive_counts(top: str, plain: int, progressive: int) -> None:
    text = f"{top} / 3d 3h 3s 9d 9h / {BOTTOM}"
    assert earned(text) == plain
    assert earned(text, ofc.Config(progressive=True)) == progressive


def test_entry_needs_a_board_that_is_not_fouled() -> None:
    assert earned("Qs Qd 2h / 3d 4h 5s 9d 8h / Ts Js Qh Kh Ah") == 0  # QQ top over a 9-high middle


def test_entry_follows_the_configured_base() -> None:
    text = f"Ks Kd 2h / 3d 3h 3s 9d 9h / {BOTTOM}"
    assert earned(text, ofc.Config(fantasyland_cards=14)) == 14
    assert earned(text, ofc.Config(fantasyland_cards=14, progressive=True)) == 15
    assert earned(text, ofc.Config(variant="classic")) == 13
    assert earned(text, ofc.Config(variant="classic", progressive=True)) == 14
    assert earned(text, ofc.Config(fantasyland=False)) == 0


# --- stay ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stays", "stays_without_middle"),
    [
        ("2s 2d 2h / 3d 3h 3s 9d 4h / 5c 7c Qc Kc Ac", True, True),  # trips on top
        ("As Ad 4h / 3d 3h 3s 9d 2h / 5c 7c Qc Kc Ac", False, False),  # AA: not enough to stay
        ("As Ad 4h / 3d 3h 3s 9d 2h / 8c 8s 8h 8d 2c", True, True),  # quads bottom
        ("As Ad 4h / 3d 3h 3s 9d 2h / Tc Jc Qc Kc Ac", True, True),  # royal flush bottom
        ("4s 5d 6h / 3d 3h 3s 9d 9h / Tc Td Th Kc Kd", True, False),  # full house middle
        ("4s 5d 6h / 3d 3h 3s 9d 2h / Tc Td Th Kc Kd", False, False),  # trips middle
        # a straight flush middle needs a straight flush bottom, which keeps it anyway
        ("4s 5c 6h / 3d 4d 5d 6d 7d / 8c 9c Tc Jc Qc", True, True),
    ],
)
def test_stay_rules(text: str, stays: bool, stays_without_middle: bool) -> None:
    assert earned(text, stay=True) == (15 if stays else 0)
    no_middle = ofc.Config(fantasyland_stay_middle=False)
    assert earned(text, no_middle, stay=True) == (15 if stays_without_middle else 0)


def test_staying_gives_the_base_count_even_when_progressive() -> None:
    config = ofc.Config(progressive=True)
    text = "As Ad Ah / 3d 3h 3s 9d 9h / Tc Jc Qc Kc Ac"
    assert earned(text, config) == 18
    assert earned(text, config, stay=True) == 15


def test_fouled_board_never_stays() -> None:
    assert earned("As Ad Ah / 3d 3h 3s 9d 9h / 2c 4c 6h 8c Td", stay=True) == 0


# --- lowball middle -----------------------------------------------------------

LOW = "7c 5d 4h 3s 2c"


@pytest.mark.parametrize(
    ("top", "middle", "both", "either"),
    [
        ("Ks Kd 9h", LOW, 15, 15),
        ("As Ad 9h", LOW, 15, 15),
        ("Qs Qd 9h", LOW, 0, 15),  # KK or better is needed on top
        ("Ks Kd 9h", "8c 5d 4h 3s 2c", 0, 15),  # the middle must be exactly 7-5-4-3-2
        ("Ks Kd 9h", "7c 6d 4h 3s 2c", 0, 15),
        ("Qs Qd 9h", "8c 5d 4h 3s 2c", 0, 0),
        ("9s 9d 9h", LOW, 15, 15),
    ],
)
def test_lowball_entry(top: str, middle: str, both: int, either: int) -> None:
    text = f"{top} / {middle} / Ah Ac Jh Jc Jd"
    assert earned(text, ofc.Config(lowball_middle=True)) == both
    assert earned(text, ofc.Config(lowball_middle=True, lowball_fantasyland="either")) == either


@pytest.mark.parametrize(
    ("text", "stays"),
    [
        ("9s 9d 9h / 8c 5d 4h 3s 2c / Ah Ac Kh Kc Kd", True),  # trips on top
        ("2s 3d 9h / 7c 5d 4h 3s 2c / Ah Ac Kh Kc Kd", True),  # 7-5-4-3-2
        ("2s 3d 9h / 8c 5d 4h 3s 2c / Ah Ac Ad As Kd", True),  # quads
        ("As Ad 9h / 8c 5d 4h 3s 2c / Kh Kc Ks Qc Qd", False),
    ],
)
def test_lowball_stay(text: str, stays: bool) -> None:
    assert earned(text, ofc.Config(lowball_middle=True), stay=True) == (15 if stays else 0)


# --- card supply --------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "counts", "order", "expected"),
    [
        (ofc.Config(players=3, progressive=True), (17, 17, 0), (1, 2, 0), (17, 17, 0)),
        (ofc.Config(players=3, progressive=True), (18, 18, 0), (1, 2, 0), (17, 18, 0)),
        (ofc.Config(players=3, progressive=True), (18, 18, 0), (0, 1, 2), (18, 17, 0)),
        (ofc.Config(players=3, progressive=True), (18, 16, 0), (0, 1, 2), (18, 16, 0)),
        (ofc.Config(players=3, progressive=True), (18, 18, 17), (0, 1, 2), (18, 17, 17)),
        (ofc.Config(players=3, progressive=True), (17, 18, 18), (2, 1, 0), (17, 17, 18)),
        (
            ofc.Config(variant="classic", players=4, progressive=True),
            (16, 14, 0, 0),
            (0, 1, 2, 3),
            (13, 13, 0, 0),
        ),
        (ofc.Config(players=3, progressive=True), (18, 18, 18), (0, 1, 2), (18, 17, 17)),
        (ofc.Config(players=3, progressive=True), (18, 0, 0), (0, 1, 2), (18, 0, 0)),
        (ofc.Config(players=2, progressive=True), (18, 18), (0, 1), (18, 18)),
        (
            ofc.Config(variant="classic", players=4, progressive=True),
            (16, 0, 0, 0),
            (1, 2, 3, 0),
            (13, 0, 0, 0),
        ),
        (
            ofc.Config(variant="classic", players=4),
            (13, 13, 13, 13),
            (1, 2, 3, 0),
            (13, 13, 13, 13),
        ),
        (
            ofc.Config(variant="classic", players=3, progressive=True),
            (16, 15, 0),
            (1, 2, 0),
            (16, 15, 0),
        ),
    ],
)
def test_supply_rule(
    config: ofc.Config, counts: tuple[int, ...], order: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    assert supply_counts(counts, order, config) == expected


# --- fantasyland in play ------------------------------------------------------


def test_qq_on_top_enters_fantasyland_next_round() -> None:
    state, actions = scripted(ofc.Config(), BOARDS_QUEENS_TOP, DISCARDS, seed=8)
    state = play(state, actions)
    assert state.round == 1
    assert state.last_round is not None
    assert state.last_round.next_fantasyland == (0, 15)
    assert state.fantasyland == (0, 15)
    deck = round_deck(8, 1)
    # round 1: dealer 1, order (0, 1); the fantasyland player is dealt first and acts first
    assert state.hands[1] == deck[:15]
    assert state.hands[0] == ()
    assert state.to_act == 1
    assert state.in_fantasyland_turn
    assert state.deck == deck[15:]


def test_no_fantasyland_when_switched_off() -> None:
    state, actions = scripted(ofc.Config(fantasyland=False), BOARDS_QUEENS_TOP, DISCARDS, seed=8)
    state = play(state, actions)
    assert state.fantasyland == (0, 0)
    assert state.last_round is not None
    assert state.last_round.next_fantasyland == (0, 0)


def test_fantasyland_turn_is_listed_lazily_checked_and_drawn() -> None:
    state, actions = scripted(ofc.Config(), BOARDS_QUEENS_TOP, DISCARDS, seed=8)
    state = play(state, actions)
    listed = ofc.legal_actions(state)
    assert isinstance(listed, ofc.FantasylandSettings)
    assert len(listed) == ofc.count_fantasyland_settings(state.hands[1]) == 7_567_560
    assert listed == ofc.legal_actions(ofc.observe(state, 1))
    assert ofc.legal_actions(ofc.observe(state, 0)) == ()
    for seed in range(5):
        drawn = random.Random(seed).choice(listed)
        assert ofc.is_legal(state, drawn)
        assert drawn in listed
    for seed in range(5):
        action = ofc.random_action(state, random.Random(seed))
        assert ofc.is_legal(state, action)
        assert len(action.discard) == 2
        assert (len(action.top), len(action.middle), len(action.bottom)) == (3, 5, 5)


def test_fantasyland_setting_then_others_play_alone() -> None:
    state, actions = scripted(ofc.Config(), BOARDS_QUEENS_TOP, DISCARDS, seed=8)
    state = play(state, actions)
    hand = sorted(state.hands[1])
    wrong = ofc.Place(top=hand[:4], middle=hand[4:9], bottom=hand[9:13], discard=hand[13:])
    with pytest.raises(tr.IllegalActionError, match="top row has room for 3 more; this places 4"):
        ofc.apply(state, wrong)
    short = ofc.Place(top=hand[:3], middle=hand[3:8], bottom=hand[8:12], discard=hand[12:])
    with pytest.raises(
        tr.IllegalActionError, match="sets 13 of the 15 cards and discards 2, not 3"
    ):
        ofc.apply(state, short)
    state = ofc.apply(state, ofc.random_action(state, random.Random(1)))
    deck = round_deck(8, 1)
    assert state.to_act == 0
    assert state.hands[0] == deck[15:20]
    assert state.boards[1].is_complete
    assert len(state.discards[1]) == 2
    rng = random.Random(2)
    turns: list[tuple[int | None, int]] = []
    while state.round == 1:
        turns.append((state.to_act, state.street))
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert turns == [(0, street) for street in range(5)]


def test_several_players_in_fantasyland_at_once() -> None:
    config = ofc.Config(players=3)
    state = fantasyland_round(config, (15, 15, 0), "")
    # round 1: dealer 1, order (2, 0, 1): seats 0 and 1 are dealt first, in turn order
    assert state.hands[0] == tr.FULL_DECK[:15]
    assert state.hands[1] == tr.FULL_DECK[15:30]
    assert state.hands[2] == ()
    assert state.to_act == 0
    rng = random.Random(3)
    state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.to_act == 1
    state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.to_act == 2
    assert state.hands[2] == tr.FULL_DECK[30:35]
    assert state.street == 0


def test_everyone_in_fantasyland_round_scores_right_away() -> None:
    config = ofc.Config()
    state = fantasyland_round(config, (15, 15), "")
    rng = random.Random(4)
    state = ofc.apply(state, ofc.random_action(state, rng))
    state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.round == 2
    assert state.last_round is not None
    assert sum(state.last_round.points) == 0
    assert state.last_round.fantasyland == (15, 15)


def test_stay_in_fantasyland_in_play() -> None:
    config = ofc.Config(progressive=True)
    # round 1, order (0, 1); seat 0 in fantasyland with 17 cards
    state = fantasyland_round(
        config, (17, 0), "As Ad Ah 3d 3h 3s 9d 9h Tc Jc Qc Kc Ac 2c 2d 4c 4d", seed=2
    )
    assert state.to_act == 0
    setting = ofc.Place(
        top="As Ad Ah", middle="3d 3h 3s 9d 9h", bottom="Tc Jc Qc Kc Ac", discard="2c 2d 4c 4d"
    )
    state = ofc.apply(state, setting)
    rng = random.Random(0)
    while state.round == 1:
        state = ofc.apply(state, ofc.random_action(state, rng))
    summary = state.last_round
    assert summary is not None
    assert summary.next_fantasyland[0] == 15  # stays with the base count, not 18
    assert state.fantasyland[0] == 15
    assert summary.royalties[0] == (22, 12, 25)


def test_leaving_fantasyland_without_the_stay_condition() -> None:
    state = fantasyland_round(ofc.Config(), (15, 0), "Ks Kd 2h 3d 3h 3s 9d 2s 5c 7c Qc Kc Ac 4c 4d")
    setting = ofc.Place(
        top="Ks Kd 2h", middle="3d 3h 3s 9d 2s", bottom="5c 7c Qc Kc Ac", discard="4c 4d"
    )
    state = ofc.apply(state, setting)
    rng = random.Random(0)
    while state.round == 1:
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.last_round is not None
    assert state.last_round.next_fantasyland[0] == 0  # KK on top re-enters only from outside
    assert state.fantasyland[0] == 0


def test_classic_fantasyland_places_all_thirteen() -> None:
    config = ofc.Config(variant="classic", players=4)
    state = fantasyland_round(config, (13, 0, 0, 0), "")
    assert len(state.hands[0]) == 13
    action = ofc.random_action(state, random.Random(0))
    assert action.discard == ()
    state = ofc.apply(state, action)
    assert state.boards[0].is_complete


def test_random_fantasyland_setting_is_the_solver_setting() -> None:
    rng = random.Random(5)
    for seed in range(30):
        for config in (ofc.Config(), ofc.Config(lowball_middle=True)):
            cards = list(round_deck(seed, 0)[:15])
            state = fantasyland_round(config, (15, 0), tr.cards_text(cards))
            action = ofc.random_action(state, rng)
            assert ofc.is_legal(state, action)
            assert action == ofc.solve_fantasyland(cards, config)
            board = ofc.Board(action.top, action.middle, action.bottom)
            if not config.lowball_middle:
                assert not ofc.is_fouled(board, config)


def test_stacked_fantasyland_helper_is_consistent() -> None:
    state = fantasyland_round(ofc.Config(), (15, 0), "")
    assert state.deck == stacked("")[15:]
