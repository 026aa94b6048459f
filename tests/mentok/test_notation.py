"""The action notation: str(action) and parse_action read each other back exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import mentok
from tablerules.mentok import Ask, Score, Stand
from tests.mentok.strategies import configs, random_playout
from tests.strategies import seeds


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Ask(3, "J"), "ask 3 J"),
        (Ask(2, "J", split=True), "ask 2 J split"),
        (Ask(1, "10", hand=1), "ask 1 T hand 1"),
        (Ask(0, 14, hand=1, split=True), "ask 0 A hand 1 split"),
        (Ask(-1, "2", hand=-3), "ask -1 2 hand -3"),
        (Stand(), "stand 0"),
        (Stand(1), "stand 1"),
        (Score(), "score table"),
        (Score(use_hand=True), "score hand"),
    ],
)
def test_each_action_has_one_text(action: mentok.Action, text: str) -> None:
    assert str(action) == text
    assert mentok.parse_action(text) == action


def test_the_reader_is_lenient_about_spaces_and_rank_spellings() -> None:
    assert mentok.parse_action("  ask 2   q ") == Ask(2, "Q")
    assert mentok.parse_action("ask 2 10 hand 1") == Ask(2, "T", hand=1)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ask",
        "ask 2",
        "ask two Q",
        "ask 2 Q hand",
        "ask 2 Q split hand 1",
        "stand",
        "stand x",
        "score",
        "score both",
        "Stand 0",
        "ask 2 Q extra",
        "ask " + "9" * 5000 + " Q",
    ],
)
def test_text_that_is_no_action_is_refused_showing_the_notation(text: str) -> None:
    with pytest.raises(tr.IllegalActionError, match="'ask <seat> <rank>'"):
        mentok.parse_action(text)


def test_a_rank_that_is_no_rank_is_a_card_error_and_a_non_text_a_type_error() -> None:
    for text in ("ask 2 X", "ask 2 1", "ask 2 QQ"):
        with pytest.raises(tr.CardError, match=r"Ask\.rank must be a rank"):
            mentok.parse_action(text)
    with pytest.raises(TypeError, match="text must be a str"):
        mentok.parse_action(Stand())  # type: ignore[arg-type]


@settings(max_examples=40)
@given(configs, seeds)
def test_every_legal_action_of_a_playout_reads_back(config: mentok.Config, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_playout(mentok.new_game(config, seed=seed), rng, limit=150):
        for action in mentok.legal_actions(state):
            text = str(action)
            assert mentok.parse_action(text) == action
            assert str(mentok.parse_action(text)) == text


@given(
    st.integers(-(2**70), 2**70),
    st.sampled_from(list(tr.Rank)),
    st.integers(-5, 5),
    st.booleans(),
)
def test_any_ask_reads_back(target: int, rank: tr.Rank, hand: int, split: bool) -> None:
    action = Ask(target, rank, hand, split)
    assert mentok.parse_action(str(action)) == action
