"""The text notation: str(action) and parse_action read each other exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

import tablerules as tr
from tablerules import mock
from tests.mock.strategies import configs
from tests.strategies import seeds

C = tr.parse_cards


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (mock.Draw(), "draw"),
        (mock.Draw(from_discard=True), "draw discard"),
        (mock.Meld(), "meld"),
        (mock.Meld("Ks Kd"), "meld Kd Ks"),
        (mock.Meld(discards="7h 2c"), "discard 7h 2c"),
        (mock.Meld("Ks Kd", "7h 2c"), "meld Kd Ks discard 7h 2c"),
    ],
)
def test_each_form_of_the_notation(action: mock.Action, text: str) -> None:
    assert str(action) == text
    assert mock.parse_action(text) == action
    assert mock.parse_action(f"  {text.replace(' ', '   ')} ") == action


def test_parse_action_reads_card_text_as_parse_cards_does() -> None:
    assert mock.parse_action("meld KsKd discard 7h,2c") == mock.Meld("Kd Ks", "7h 2c")
    assert mock.parse_action("meld discard 9c") == mock.Meld(discards="9c")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "d",
        "D",
        "m:2c4c/5c",
        "draw pile",
        "draw discard 5c",
        "take",
        "discard",
        "meld As discard",
        "meld As discard 5c discard 6c",
        "meld As meld Kd",
        "discard 5c meld As",
        "Draw",
    ],
)
def test_bad_notation_is_an_illegal_action_error_showing_the_forms(text: str) -> None:
    with pytest.raises(tr.IllegalActionError, match="write 'draw', 'draw discard'"):
        mock.parse_action(text)


@pytest.mark.parametrize("text", ["meld Zz", "meld As 1s", "discard Ks Q"])
def test_bad_card_text_is_a_card_error(text: str) -> None:
    with pytest.raises(tr.CardError):
        mock.parse_action(text)


@pytest.mark.parametrize("value", [None, 5, b"draw", ["draw"]])
def test_parse_action_needs_text(value: object) -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        mock.parse_action(value)  # type: ignore[arg-type]


@settings(max_examples=max(20, settings().max_examples // 4))
@given(config=configs(max_rounds=1), seed=seeds, play_seed=seeds)
def test_every_legal_action_of_a_playout_reads_back(
    config: mock.Config, seed: int, play_seed: int
) -> None:
    rng = random.Random(play_seed)
    state = mock.new_game(config, seed=seed)
    while not state.is_over:
        for action in mock.legal_actions(state):
            text = str(action)
            assert mock.parse_action(text) == action, text
            assert str(mock.parse_action(text)) == text
        state = mock.apply(state, mock.random_action(state, rng))
