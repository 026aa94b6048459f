"""The OFC action notation: str(place) and parse_action read each other exactly."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import fantasyland_round
from tests.ofc.strategies import configs
from tests.strategies import seeds


@pytest.mark.parametrize(
    ("place", "text"),
    [
        (ofc.Place(top="Ks", middle="9h 9s", discard="3c"), "top Ks | middle 9s 9h | discard 3c"),
        (ofc.Place(bottom="2c 3c 4c 5c 6c"), "bottom 6c 5c 4c 3c 2c"),
        (ofc.Place(middle="Td"), "middle Td"),
        (
            ofc.Place(
                top="As Ad 2c", middle="Kh Kd Qc Js 9h", bottom="8s 8c 8d 7h 7s", discard="3h"
            ),
            "top As Ad 2c | middle Kh Kd Qc Js 9h | bottom 8s 8d 8c 7s 7h | discard 3h",
        ),
        (ofc.Place(), "-"),
    ],
)
def test_text_of_a_place(place: ofc.Place, text: str) -> None:
    assert str(place) == text
    assert ofc.parse_action(text) == place


def test_the_reader_is_lenient_about_order_spacing_and_empty_parts() -> None:
    place = ofc.Place(top="Ks", middle="9s 9h", discard="3c")
    for text in (
        "top Ks | middle 9h 9s | discard 3c",
        "top Ks|middle 9s9h|discard 3c",
        "  top Ks | middle 9s 9h | bottom - | discard 3c  ",
        "top Ks | middle 9s 9h | bottom -| discard 3c",
    ):
        assert ofc.parse_action(text) == place


@pytest.mark.parametrize(
    "text",
    ["", "top", "top |", "middle Ks | top 2c", "top Ks | top Qs", "row Ks", "Ks Qs", "top Ks |"],
)
def test_bad_notation_shows_the_expected_form(text: str) -> None:
    with pytest.raises(tr.IllegalActionError, match="write it as 'top Ks Qd"):
        ofc.parse_action(text)


def test_bad_cards_and_non_text() -> None:
    with pytest.raises(tr.CardError, match="'Zz'"):
        ofc.parse_action("top Zz")
    with pytest.raises(TypeError, match="parse_action takes the text"):
        ofc.parse_action(ofc.Place())  # type: ignore[arg-type]


@settings(max_examples=30)
@given(config=configs, seed=seeds, choice_seed=st.integers(0, 2**16))
def test_every_action_of_a_playout_reads_back(
    config: ofc.Config, seed: int, choice_seed: int
) -> None:
    """Every legal action on every street, and every fantasyland setting played, round-trips."""
    rng = random.Random(choice_seed)
    state = ofc.new_game(config, seed=seed)
    while not state.is_over:
        if state.in_fantasyland_turn:
            hand = state.hands[state.to_act]  # type: ignore[index]
            listed = [ofc.solve_fantasyland(hand, config)]
            listed += itertools.islice(ofc.fantasyland_settings(hand, config), 0, 72072, 9001)
        else:
            listed = list(ofc.legal_actions(state))
        for action in listed:
            text = str(action)
            assert ofc.parse_action(text) == action, text
            assert str(ofc.parse_action(text)) == text
        state = ofc.apply(state, ofc.random_action(state, rng))


def test_fantasyland_settings_read_back() -> None:
    for config, earned in [
        (ofc.Config(progressive=True), (0, 18)),
        (ofc.Config(variant="classic", players=3), (13, 0, 0)),
        (ofc.Config(lowball_middle=True), (15, 0)),
    ]:
        state = fantasyland_round(config, earned, "")
        assert state.in_fantasyland_turn
        hand = state.hands[state.to_act]  # type: ignore[index]
        settings_ = [ofc.solve_fantasyland(hand, config), ofc.random_action(state, random.Random())]
        settings_ += itertools.islice(ofc.fantasyland_settings(hand, config), 0, 5000, 499)
        for action in settings_:
            assert ofc.is_legal(state, action)
            assert ofc.parse_action(str(action)) == action
