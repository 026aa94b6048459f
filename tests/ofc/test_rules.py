"""Dealing, turns, placement validation and the end of rounds and games."""

from __future__ import annotations

import random

import pytest

import tablerules as tr
from tablerules import ofc
from tests.ofc.helpers import BOARDS_KINGS_TOP, DISCARDS, play, scripted, stacked

PINEAPPLE = ofc.Config()
CLASSIC = ofc.Config(variant="classic")


def cards(text: str) -> tuple[tr.Card, ...]:
    return tr.parse_cards(text)


# --- config -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 4}, "pineapple takes 2 or 3 players, not 4"),
        ({"players": 1}, "pineapple takes 2 or 3 players, not 1"),
        ({"players": 5, "variant": "classic"}, "classic takes 2 to 4 players, not 5"),
        ({"variant": "chinese"}, "variant must be 'pineapple' or 'classic'"),
        ({"fantasyland_cards": 12}, "fantasyland_cards must be None"),
        ({"fantasyland_cards": 18}, "fantasyland_cards must be None"),
        ({"fantasyland": False, "progressive": True}, "need fantasyland=True"),
        ({"fantasyland": False, "fantasyland_cards": 14}, "need fantasyland=True"),
        ({"lowball_fantasyland": "either"}, "needs lowball_middle=True"),
        ({"lowball_middle": True, "lowball_fantasyland": "neither"}, "'both' or 'either'"),
        ({"lowball_middle": True, "progressive": True}, "progressive fantasyland does not apply"),
        ({"lowball_royalties": (1, 2)}, "lowball_royalties must be three points"),
        ({"starting_points": 0}, "starting_points must be a positive integer"),
        ({"max_rounds": 0}, "max_rounds must be None or at least 1"),
        ({"players": True}, "pineapple takes 2 or 3 players"),
        ({"progressive": 1}, "progressive must be True or False"),
    ],
)
def test_bad_configs(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(tr.ConfigError, match=message):
        ofc.Config(**kwargs)  # type: ignore[arg-type]


def test_config_defaults() -> None:
    config = ofc.Config()
    assert (config.players, config.variant, config.fantasyland, config.progressive) == (
        2,
        "pineapple",
        True,
        False,
    )
    assert config.fantasyland_base == 15
    assert ofc.Config(variant="classic").fantasyland_base == 13
    assert ofc.Config(fantasyland_cards=14).fantasyland_base == 14
    assert config.starting_points == 100
    assert config.max_rounds is None
    assert ofc.Config(variant="classic", players=4).players == 4


def test_new_game_checks_arguments() -> None:
    with pytest.raises(tr.ConfigError, match="seed must be an int"):
        ofc.new_game(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(tr.ConfigError, match="missing"):
        ofc.new_game(seed=1, deck=tr.FULL_DECK[:51])
    with pytest.raises(TypeError, match="config must be"):
        ofc.new_game("pineapple", seed=1)  # type: ignore[arg-type]


# --- dealing order ------------------------------------------------------------


def test_first_street_goes_to_the_seat_left_of_the_dealer_from_the_front() -> None:
    state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    assert state.round == 0
    assert state.dealer == 0
    assert state.to_act == 1
    assert state.hands == ((), tr.FULL_DECK[:5])
    assert state.deck == tr.FULL_DECK[5:]
    assert state.street == 0


def test_each_player_is_dealt_when_their_turn_comes() -> None:
    state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    state = ofc.apply(state, ofc.Place(bottom=tr.FULL_DECK[:5]))
    assert state.to_act == 0
    assert state.hands == (tr.FULL_DECK[5:10], ())
    state = ofc.apply(state, ofc.Place(bottom=tr.FULL_DECK[5:10]))
    # second street: seat 1 again, 3 cards from the front
    assert (state.to_act, state.street) == (1, 1)
    assert state.hands == ((), tr.FULL_DECK[10:13])
    assert len(state.deck) == 52 - 13


def test_three_players_turn_order() -> None:
    config = ofc.Config(players=3)
    state = ofc.new_game(config, seed=1, deck=tr.FULL_DECK)
    seen = []
    rng = random.Random(0)
    for _ in range(6):
        seen.append((state.to_act, state.street))
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert seen == [(1, 0), (2, 0), (0, 0), (1, 1), (2, 1), (0, 1)]


def test_hands_keep_the_dealt_order() -> None:
    deck = stacked("Kd 2c As 7h 3s")
    state = ofc.new_game(seed=1, deck=deck)
    assert state.hands[1] == cards("Kd 2c As 7h 3s")


def test_later_rounds_are_shuffled_from_the_seed_and_the_button_moves() -> None:
    state = ofc.new_game(ofc.Config(fantasyland=False), seed=5)
    rng = random.Random(5)
    while state.round == 0:
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert state.round == 1
    assert state.dealer == 1
    assert state.to_act == 0  # left of the dealer
    deck = tr.FULL_DECK
    from tablerules._common import round_deck

    deck = round_deck(5, 1)
    assert state.hands[0] == deck[:5]
    assert state.deck == deck[5:]
    assert state.boards == (ofc.Board(), ofc.Board())
    assert state.discards == ((), ())


# --- streets ------------------------------------------------------------------


def test_pineapple_round_shape() -> None:
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=3)
    rng = random.Random(3)
    sizes = []
    while not state.is_over:
        sizes.append(len(state.hands[state.to_act]))  # type: ignore[index]
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert sizes == [5, 5] + [3, 3] * 4
    assert all(board.is_complete for board in state.boards)
    assert [len(d) for d in state.discards] == [4, 4]


def test_classic_round_shape() -> None:
    config = ofc.Config(variant="classic", players=4, max_rounds=1)
    state = ofc.new_game(config, seed=3)
    rng = random.Random(3)
    sizes = []
    while not state.is_over:
        sizes.append(len(state.hands[state.to_act]))  # type: ignore[index]
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert sizes == [5] * 4 + [1] * 32
    assert all(board.is_complete for board in state.boards)
    assert state.discards == ((),) * 4
    assert state.deck == ()


def test_placed_cards_never_move() -> None:
    state = ofc.new_game(seed=9)
    rng = random.Random(9)
    previous = state.boards
    while not state.is_over and state.round == 0:
        state = ofc.apply(state, ofc.random_action(state, rng))
        if state.round:
            break
        for before, after in zip(previous, state.boards, strict=False):
            for old_row, new_row in zip(before.rows, after.rows, strict=False):
                assert set(old_row) <= set(new_row)
        previous = state.boards


# --- legal actions ------------------------------------------------------------


def test_first_street_has_232_distinct_placements() -> None:
    state = ofc.new_game(seed=1)
    actions = ofc.legal_actions(state)
    assert len(actions) == 232
    assert len(set(actions)) == 232
    assert all(ofc.is_legal(state, action) for action in actions)
    assert all(not action.discard for action in actions)


def test_pineapple_street_counts() -> None:
    state = ofc.new_game(seed=1, deck=tr.FULL_DECK)
    state = ofc.apply(state, ofc.Place(top=cards("2c 2d 2h"), middle=cards("2s 3c")))
    state = ofc.apply(state, ofc.Place(bottom=tr.FULL_DECK[5:10]))
    # seat 1: top full, middle has room 3, bottom 5: 3 discards x (middle/bottom)^2 = 12
    actions = ofc.legal_actions(state)
    assert len(actions) == 12 == len(set(actions))
    assert all(len(action.discard) == 1 and not action.top for action in actions)
    state = ofc.apply(state, actions[0])
    # seat 0: bottom full; top 3 and middle 5 free: 3 x 4 = 12
    assert len(ofc.legal_actions(state)) == 12


def test_classic_street_counts() -> None:
    config = ofc.Config(variant="classic")
    state = ofc.new_game(config, seed=1, deck=tr.FULL_DECK)
    state = ofc.apply(state, ofc.Place(top=cards("2c 2d 2h"), middle=cards("2s 3c")))
    state = ofc.apply(state, ofc.Place(bottom=tr.FULL_DECK[5:10]))
    actions = ofc.legal_actions(state)
    assert actions == (
        ofc.Place(middle=tr.FULL_DECK[10:11]),
        ofc.Place(bottom=tr.FULL_DECK[10:11]),
    )


def test_legal_actions_order_is_stable_and_random_action_matches_it() -> None:
    state = ofc.new_game(seed=4)
    assert ofc.legal_actions(state) == ofc.legal_actions(state)
    for seed in range(20):
        rng = random.Random(seed)
        listed = ofc.legal_actions(state)
        choice = ofc.random_action(state, rng)
        assert choice == listed[int(random.Random(seed).random() * len(listed))]


def test_random_action_is_uniform_enough() -> None:
    state = ofc.new_game(seed=4)
    rng = random.Random(0)
    seen = {ofc.random_action(state, rng) for _ in range(3000)}
    assert len(seen) > 200  # of 232


def test_after_the_game_nothing_is_legal() -> None:
    state = ofc.new_game(ofc.Config(max_rounds=1), seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = ofc.apply(state, ofc.random_action(state, rng))
    assert ofc.legal_actions(state) == ()
    with pytest.raises(tr.RulesError, match="game is over"):
        ofc.random_action(state, rng)
    with pytest.raises(tr.IllegalActionError, match="game is over"):
        ofc.apply(state, ofc.Place())


# --- validation messages ------------------------------------------------------


def first_street() -> ofc.State:
    return ofc.new_game(seed=1, deck=stacked("As Kd 7h 3c 2s"))


def later_street() -> ofc.State:
    state = ofc.new_game(seed=1, deck=stacked("As Kd 7h 3c 2s Ac Ad Ah Kc Ks Qs Qd Qh"))
    state = ofc.apply(state, ofc.Place(top=cards("As Kd 7h"), middle=cards("3c 2s")))
    return ofc.apply(state, ofc.Place(bottom=cards("Ac Ad Ah Kc Ks")))


def bottom_full() -> ofc.State:
    state = ofc.new_game(seed=1, deck=stacked("As Kd 7h 3c 2s Ac Ad Ah Kc Ks Qs Qd Qh"))
    state = ofc.apply(state, ofc.Place(bottom=cards("As Kd 7h 3c 2s")))
    return ofc.apply(state, ofc.Place(bottom=cards("Ac Ad Ah Kc Ks")))


@pytest.mark.parametrize(
    ("make", "action", "message"),
    [
        (first_street, "not a place", "is not an OFC action"),
        (first_street, None, "is not an OFC action"),
        (
            first_street,
            ofc.Place(top=cards("As Kd 7h 3c"), bottom=cards("2s")),
            "top row has room for 3 more; this places 4",
        ),
        (
            first_street,
            ofc.Place(top=cards("As Kd 7h"), bottom=cards("3c 2s 4d")),
            "4d is not among the cards seat 1 holds",
        ),
        (first_street, ofc.Place(top=cards("As Kd 7h"), bottom=cards("3c")), "2s is left over"),
        (
            first_street,
            ofc.Place(top=cards("As Kd 7h"), bottom=cards("3c"), discard=cards("2s")),
            "first street places all 5 cards",
        ),
        (
            first_street,
            ofc.Place(top=cards("As"), middle=cards("As Kd 7h 3c 2s")),
            "As is named more than once",
        ),
        (later_street, ofc.Place(middle=cards("Qs Qd Qh")), "discards exactly 1, not 0"),
        (
            later_street,
            ofc.Place(middle=cards("Qs"), discard=cards("Qd Qh")),
            "discards exactly 1, not 2",
        ),
        (later_street, ofc.Place(top=cards("Qs Qd"), discard=cards("Qh")), "top row has no room"),
        (
            bottom_full,
            ofc.Place(bottom=cards("Qs"), middle=cards("Qd"), discard=cards("Qh")),
            "bottom row has no room",
        ),
    ],
)
def test_illegal_placements_say_why(make: object, action: object, message: str) -> None:
    state = make()  # type: ignore[operator]
    before = ofc.to_dict(state)
    assert not ofc.is_legal(state, action)
    with pytest.raises(tr.IllegalActionError, match=message) as error:
        ofc.apply(state, action)  # type: ignore[arg-type]
    assert error.value.action is action
    assert ofc.to_dict(state) == before


def test_non_cards_in_a_place_are_refused() -> None:
    with pytest.raises(tr.CardError, match=r"Place\.top must hold cards"):
        ofc.Place(top=(1, 2, 3))  # type: ignore[arg-type]
    state = first_street()
    action = object.__new__(ofc.Place)  # a forged Place holding junk
    for name, value in (("top", (1, 2, 3)), ("middle", ()), ("bottom", ()), ("discard", ())):
        object.__setattr__(action, name, value)
    with pytest.raises(tr.IllegalActionError, match="1 is not a Card"):
        ofc.apply(state, action)


def test_classic_never_discards() -> None:
    config = ofc.Config(variant="classic")
    state = ofc.new_game(config, seed=1, deck=stacked("As Kd 7h 3c 2s Ac Ad Ah Kc Ks Qs"))
    state = ofc.apply(state, ofc.Place(top=cards("As Kd 7h"), middle=cards("3c 2s")))
    state = ofc.apply(state, ofc.Place(bottom=cards("Ac Ad Ah Kc Ks")))
    with pytest.raises(tr.IllegalActionError, match="classic OFC never discards"):
        ofc.apply(state, ofc.Place(discard=cards("Qs")))
    assert ofc.is_legal(state, ofc.Place(middle=cards("Qs")))


def test_place_accepts_text_and_normalises_order() -> None:
    assert ofc.Place(top="Ks As") == ofc.Place(top=cards("As Ks"))
    assert hash(ofc.Place(top="Ks As")) == hash(ofc.Place(top=cards("Ks As")))
    state = first_street()
    assert ofc.is_legal(state, ofc.Place(top="7h As Kd", middle="2s 3c"))


# --- end of round and game ----------------------------------------------------


def test_round_end_scores_moves_bankrolls_and_keeps_a_summary() -> None:
    config = ofc.Config(fantasyland=False)
    state, actions = scripted(config, BOARDS_KINGS_TOP, DISCARDS)
    state = play(state, actions)
    assert state.round == 1
    assert state.scores == (121, 79)
    summary = state.last_round
    assert summary is not None
    assert summary.points == (21, -21)
    assert summary.fouled == (False, False)
    assert summary.royalties == ((3, 8, 6), (0, 0, 2))
    assert summary.boards[0] == ofc.Board.parse("8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td")
    assert summary.round == 0
    assert summary.dealer == 0
    # the next round is dealt: the summary stays visible
    assert state.to_act == 0
    assert len(state.hands[0]) == 5


def test_game_ends_when_a_bankroll_reaches_zero() -> None:
    config = ofc.Config(fantasyland=False, starting_points=21)
    state, actions = scripted(config, BOARDS_KINGS_TOP, DISCARDS)
    state = play(state, actions)
    assert state.is_over
    assert state.to_act is None
    assert state.scores == (42, 0)
    assert state.winners == (0,)
    assert state.round == 0
    assert state.last_round is not None
    assert state.last_round.points == (21, -21)
    assert state.hands == ((), ())


def test_bankrolls_may_go_below_zero() -> None:
    config = ofc.Config(fantasyland=False, starting_points=5)
    state, actions = scripted(config, BOARDS_KINGS_TOP, DISCARDS)
    state = play(state, actions)
    assert state.scores == (26, -16)
    assert state.is_over


def test_max_rounds_ends_the_game_and_ties_share() -> None:
    config = ofc.Config(fantasyland=False, max_rounds=1)
    # identical-strength boards: everything ties
    state, actions = scripted(
        config,
        [
            "2s 3d 4c / 9h 9s 5c 6d 7s / Ah Kh Qh Jh 3h",
            "2d 3s 4h / 9c 9d 5d 6h 7c / Ac Kc Qc Jc 3c",
        ],
        ["Ts Td Tc Th", "8s 8d 8c 8h"],
    )
    state = play(state, actions)
    assert state.is_over
    assert state.scores == (100, 100)
    assert state.winners == (0, 1)


def test_three_player_round_is_zero_sum() -> None:
    config = ofc.Config(players=3, fantasyland=False)
    boards = [
        "Qs Qd 2c / 3h 5h 8h 9h Jh / 4s 4c 4d Tc Td",
        "Ks Kd 2s / 6s 6d 6h Qc Qh / 7c 7d 7h 7s 2d",
        "As Ad Kc / Ah Ac 9s Jd 2h / 3s 3d 8c 8d 9c",
    ]
    state, actions = scripted(config, boards, ["5c 5d 5s 3c", "Th Ts 8s 9d", "Kh Jc Js 6c"])
    state = play(state, actions)
    assert state.last_round is not None
    assert state.last_round.points == (12, 51, -63)
    assert state.last_round.fouled == (False, False, True)
    assert sum(state.scores) == 300
