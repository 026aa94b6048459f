"""Config: defaults, the split of the draw pile and its ConfigError."""

from __future__ import annotations

import pytest

import tablerules as tr
from tablerules import mock


def test_defaults_follow_the_rules() -> None:
    config = mock.Config()
    assert (config.players, config.target, config.highest_hand_ties) == (4, 50, "share")
    assert config.opening_size is None
    assert config.max_rounds is None


@pytest.mark.parametrize(
    ("players", "opening", "finish"),
    [(3, 22, 21), (4, 20, 20), (5, 19, 18), (7, 16, 15), (10, 11, 11)],
)
def test_default_opening_is_half_the_pile_rounded_up(
    players: int, opening: int, finish: int
) -> None:
    config = mock.Config(players=players)
    assert config.pile_size == 52 - 3 * players
    assert (config.opening_cards, config.finish_cards) == (opening, finish)


def test_opening_size_sets_the_split() -> None:
    config = mock.Config(players=4, opening_size=4)
    assert (config.opening_cards, config.finish_cards) == (4, 36)
    state = mock.new_game(config, seed=1)
    assert (state.opening, state.finish) == (4, 36)


@pytest.mark.parametrize(
    ("players", "opening"), [(4, 3), (4, 37), (4, 0), (10, 9), (10, 13), (3, 41), (3, -1)]
)
def test_a_part_with_fewer_cards_than_players_is_refused(players: int, opening: int) -> None:
    with pytest.raises(tr.ConfigError, match="at least one card per player"):
        mock.Config(players=players, opening_size=opening)


@pytest.mark.parametrize(("players", "opening"), [(4, 4), (4, 36), (10, 11), (3, 3), (3, 40)])
def test_the_smallest_legal_parts_are_accepted(players: int, opening: int) -> None:
    assert mock.Config(players=players, opening_size=opening).opening_cards == opening


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 2}, "3 to 10 players"),
        ({"players": 11}, "3 to 10 players"),
        ({"players": "4"}, "players must be an integer"),
        ({"target": 0}, "target must be a positive integer"),
        ({"highest_hand_ties": "split"}, "highest_hand_ties must be one of"),
        ({"max_rounds": 0}, "max_rounds must be None or a positive integer"),
        ({"target": 2**300}, "target must be a positive integer of at most 256 bits"),
        ({"target": True}, "target must be a positive integer"),
        ({"max_rounds": 2**300}, "max_rounds must be None or a positive integer of at most"),
        ({"opening_size": 2.5}, "opening_size must be None or an integer"),
    ],
)
def test_bad_options_raise_config_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(tr.ConfigError, match=message):
        mock.Config(**options)  # type: ignore[arg-type]


def test_new_game_checks_its_arguments() -> None:
    with pytest.raises(tr.ConfigError, match="seed must be an int"):
        mock.new_game(seed="1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"config must be a tablerules\.mock\.Config"):
        mock.new_game(object(), seed=1)  # type: ignore[arg-type]
    with pytest.raises(tr.ConfigError, match="missing"):
        mock.new_game(seed=1, deck=tr.FULL_DECK[1:])
