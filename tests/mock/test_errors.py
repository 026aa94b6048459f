"""Bad calls raise errors of the family: CardError, ConfigError, IllegalActionError, TypeError."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tablerules as tr
from tablerules import mock

C = tr.parse_cards


def forged(cls: type[Any], **fields: object) -> Any:
    """An action with ``fields`` set past its converters (the others left unset)."""
    value = object.__new__(cls)
    for name, field_value in fields.items():
        object.__setattr__(value, name, field_value)
    return value


def meld_step() -> mock.State:
    return mock.apply(mock.new_game(seed=1), mock.Draw())


def test_meld_reads_card_text_and_cards() -> None:
    assert mock.Meld(cards="As Kd") == mock.Meld(C("Kd As"))
    assert mock.Meld(cards="As Kd").cards == C("Kd As")  # stored sorted
    assert mock.Meld(discards="As Kd").discards == C("As Kd")  # kept in order
    assert mock.Meld(cards=iter(C("2c 3c"))).cards == C("2c 3c")


@pytest.mark.parametrize(
    "bad",
    [
        5,
        None,
        3.5,
        [14],
        [int(tr.FULL_DECK[0])],
        [int.__new__(tr.Card, 5)],
        "Xx",
        b"As",
        [object()],
    ],
)
@pytest.mark.parametrize("field", ["cards", "discards"])
def test_meld_refuses_anything_but_cards(field: str, bad: object) -> None:
    with pytest.raises(tr.CardError, match=f"Meld.{field}|bad card"):
        mock.Meld(**{field: bad})


@pytest.mark.parametrize("bad", [1, 0, "yes", None, [True]])
def test_draw_refuses_a_flag_that_is_not_a_bool(bad: object) -> None:
    with pytest.raises(tr.CardError, match=r"Draw\.from_discard must be True or False"):
        mock.Draw(from_discard=bad)


@pytest.mark.parametrize(
    "action",
    [
        forged(mock.Draw),
        forged(mock.Draw, from_discard="yes"),
        forged(mock.Draw, from_discard=1),
        forged(mock.Meld),
        forged(mock.Meld, cards=(14,), discards=None),
        forged(mock.Meld, cards=None, discards=()),
        forged(mock.Meld, cards=[], discards=()),
        forged(mock.Meld, cards=(int.__new__(tr.Card, 5),), discards=()),
        forged(mock.Meld, cards=(), discards=([1],)),
        forged(mock.Meld, cards=C("Ks As"), discards=()),  # not sorted
    ],
)
def test_forged_actions_are_illegal_never_a_crash(action: object) -> None:
    for state in (mock.new_game(seed=1), meld_step()):
        before = mock.to_dict(state)
        assert not mock.is_legal(state, action)
        with pytest.raises(tr.IllegalActionError) as error:
            mock.apply(state, action)  # type: ignore[arg-type]
        assert error.value.action is action
        assert mock.to_dict(state) == before


def test_a_forged_card_equal_to_a_real_one_is_not_melded() -> None:
    state = meld_step()
    seat = state.to_act
    assert seat is not None
    fake = int.__new__(tr.Card, int(state.hands[seat][0]))
    assert fake == state.hands[seat][0]
    action = forged(mock.Meld, cards=(fake,), discards=())
    with pytest.raises(tr.IllegalActionError, match="not one of the 52 cards"):
        mock.apply(state, action)


def test_random_action_after_the_game_and_with_a_bad_rng() -> None:
    state = mock.new_game(mock.Config(players=3, max_rounds=1), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = mock.apply(state, mock.random_action(state, rng))
    with pytest.raises(tr.IllegalActionError, match="the game is over"):
        mock.random_action(state, rng)
    for bad in (7, None, "rng", random):
        with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
            mock.random_action(mock.new_game(seed=1), bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
            mock.determinize(mock.observe(mock.new_game(seed=1), 0), bad)  # type: ignore[arg-type]


def test_a_random_subclass_is_a_good_rng() -> None:
    class Seeded(random.Random):
        pass

    state = mock.new_game(seed=1)
    assert mock.random_action(state, Seeded(1)) == mock.random_action(state, random.Random(1))


@pytest.mark.parametrize(
    "options",
    [
        {"players": []},
        {"players": 4.0},
        {"players": 10**5000},
        {"target": "50"},
        {"target": [50]},
        {"target": True},
        {"target": -(10**5000)},
        {"highest_hand_ties": []},
        {"highest_hand_ties": None},
        {"highest_hand_ties": 2},
        {"opening_size": "3"},
        {"opening_size": 10**5000},
        {"opening_size": -(10**5000)},
        {"max_rounds": "2"},
        {"max_rounds": 1.5},
        {"max_rounds": -(10**5000)},
    ],
)
def test_config_refuses_bad_values_with_config_error(options: dict[str, object]) -> None:
    with pytest.raises(tr.ConfigError) as error:
        mock.Config(**options)  # type: ignore[arg-type]
    assert len(str(error.value)) < 300


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(TypeError, match=r"config must be a tablerules\.mock\.Config"):
        mock.new_game(tr.ofc.Config(), seed=1)  # type: ignore[arg-type]
    for deck in (5, "As Kd", [1, 2, 3], None):
        if deck is None:
            continue
        with pytest.raises(tr.ConfigError):
            mock.new_game(seed=1, deck=deck)  # type: ignore[arg-type]
    with pytest.raises(tr.ConfigError):
        mock.new_game(seed=1, deck=[int(card) for card in tr.FULL_DECK])  # type: ignore[misc]


def test_check_state_refuses_what_is_not_a_state() -> None:
    with pytest.raises(TypeError, match=r"state must be a tablerules\.mock\.State"):
        mock.check_state(mock.to_dict(mock.new_game(seed=1)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"scores": (0, 0, 0)},
        {"scores": (0, 0, 0, "1")},
        {"scores": (0, 0, 0, 10**5000)},
        {"hands": ((), (), (), [])},
        {"hands": ((14,), (), (), ())},
        {"deck": None},
        {"step": "dance"},
        {"step": ["draw"]},
        {"to_act": 9},
        {"finished": (0, 0, 0, 0)},
        {"history": [1]},
        {"history": (mock.Drew(seat=9, from_discard=False),)},
        {"history": (mock.Drew(seat=1, from_discard=True),)},
        {"history": (mock.Drew(seat=1, from_discard=1),)},  # type: ignore[arg-type]
        {"history": (mock.Melded(1, (14,), (), 0, False),)},  # type: ignore[arg-type]
        {"history": (mock.Melded(1, (), (), 10**9, False),)},
        {"history": ("draw",)},
        {"last_round": "round 0"},
        {"config": "mock"},
        {"seed": "1"},
        {"round": "0"},
    ],
)
def test_check_state_names_a_field_of_the_wrong_type(change: dict[str, object]) -> None:
    state = mock.new_game(seed=1)
    with pytest.raises(tr.StateError):
        mock.check_state(attrs.evolve(state, **change))  # type: ignore[arg-type]
