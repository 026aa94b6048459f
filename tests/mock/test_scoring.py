"""Scoring a round: category points, small hands, the two bonuses and the three tie rules."""

from __future__ import annotations

import pytest

import tablerules as tr
from tablerules import mock

C = tr.parse_cards


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Ah Kd 9c 5s 2h", 0),
        ("Ah Ad 9c 5s 2h", 1),
        ("Ah Ad 9c 9s 2h", 2),
        ("Ah Ad Ac 9s 2h", 3),
        ("Ah 2d 3c 4s 5h", 4),  # the wheel is a straight
        ("Th Jd Qc Ks Ah", 4),
        ("Ah Kh 9h 5h 2h", 5),
        ("Ah Ad Ac 9s 9h", 6),
        ("Ah Ad Ac As 9h", 7),
        ("9h Th Jh Qh Kh", 8),
        ("Ah 2h 3h 4h 5h", 8),
        ("Th Jh Qh Kh Ah", 9),
    ],
)
def test_five_card_hands_score_their_category(text: str, points: int) -> None:
    assert mock.hand_points(C(text)) == points


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Ah", 0),
        ("Ah Kh", 0),
        ("Ah Ad", 1),
        ("Kh Kd 5c 5d", 2),
        ("7s 7d 7c", 3),
        ("9c 9d 9h 9s", 7),
        ("2h 3h 4h 5h", 0),  # four cards make no straight and no flush
        ("Th Jh Qh Kh", 0),
    ],
)
def test_incomplete_hands_count_only_pairs_trips_and_quads(text: str, points: int) -> None:
    assert mock.hand_points(C(text)) == points


def test_an_empty_meld_scores_nothing_and_ranks_lowest() -> None:
    assert mock.hand_points(()) == 0
    assert mock.hand_value(()) < mock.hand_value(C("2c"))


def test_small_hands_compare_on_the_shared_scale() -> None:
    assert mock.hand_value(C("Ks Kd 2c")) > mock.hand_value(C("Qs Qd Jc Th 9c"))
    assert mock.hand_value(C("Ks Kd 2c 3d")) > mock.hand_value(C("Kh Kc 2d"))
    assert mock.hand_value(C("Ah Kd")) < mock.hand_value(C("2c 2d"))


def test_hand_points_rejects_bad_hands() -> None:
    with pytest.raises(ValueError, match=r"appears more than once|repeated card"):
        mock.hand_points(C("As As"))
    with pytest.raises(ValueError, match=r"1, 2, 3, 4, 5 cards|1 to 5 cards"):
        mock.hand_points(C("As Ks Qs Js Ts 9s"))


def test_first_complete_and_highest_hand_bonuses() -> None:
    melds = [C("Ah Ad Ac 9s 9h"), C("Kh Kd Kc Ks"), C("2c 3d 4h 5s 6c"), C("Jc Jd")]
    category, highest, points = mock.score_round(melds, first_complete=2)
    assert category == (6, 7, 4, 1)
    assert highest == (1,)  # four kings beat a full house, even as an incomplete hand
    assert points == (6, 9, 5, 1)


def test_no_first_complete_bonus_when_nobody_completed() -> None:
    melds = [C("Ah Ad"), C("Kh"), C("2c 3d 4h")]
    assert mock.score_round(melds, first_complete=None)[2] == (3, 0, 0)


TIED = [C("Kh Kc 7d"), C("Ks Kd 7c"), C("Qs Qd Qc"), C("Jc")]


def test_share_pays_every_tied_hand() -> None:
    assert mock.highest_hands(TIED[:2], "share") == (0, 1)
    assert mock.score_round(TIED[:2], None, "share")[2] == (3, 3)
    three = [C("Ks Kd 7c"), C("Kh Kc 7d"), C("7s")]
    assert mock.highest_hands(three, "share") == (0, 1)
    assert mock.score_round(three, 2, "share")[2] == (3, 3, 1)


def test_the_tie_rule_only_applies_to_a_tie() -> None:
    melds = [C("Ks Kd 7c"), C("Kh Kc 7d"), C("Qs Qd Qc")]
    for rule in ("share", "none", "suits"):
        category, highest, points = mock.score_round(melds, None, rule)
        assert category == (1, 1, 3)
        assert highest == (2,)
        assert points == (1, 1, 5)


def test_none_pays_nobody_on_a_tie() -> None:
    assert mock.highest_hands(TIED[:2], "none") == ()
    assert mock.score_round(TIED[:2], None, "none")[2] == (1, 1)
    assert mock.highest_hands([C("Ks Kd"), C("2c")], "none") == (0,)


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        # the pair comes first, suits high to low within it: Ks beats Kh
        ("Kh Kc 7d", "Ks Kd 7c", 1),
        # flushes: the first card's suit decides
        ("Ad Kd 9d 5d 2d", "Ah Kh 9h 5h 2h", 1),
        # bigger groups first: the pair of fives decides before the ace kicker
        ("5s 5c Ad 3c 2c", "5h 5d As 3d 2d", 0),
        # two pair: the higher pair first (Ks), not the lower (2s)
        ("Ks Kc 2d 2c 9h", "Kh Kd 2s 2h 9c", 0),
        # the wheel's ace is last: 5s decides, not As
        ("Ad 5s 4h 3c 2c", "As 5h 4d 3d 2d", 0),
        # a six-high straight has no ace to move: 6s decides
        ("6s 5d 4h 3c 2c", "6h 5s 4s 3s 2s", 0),
    ],
)
def test_suits_break_ties(first: str, second: str, winner: int) -> None:
    melds = [C(first), C(second)]
    assert mock.hand_value(melds[0]) == mock.hand_value(melds[1])
    assert mock.highest_hands(melds, "suits") == (winner,)
    assert mock.highest_hands(melds[::-1], "suits") == (1 - winner,)
    assert mock.score_round(melds, None, "suits")[1] == (winner,)


def test_suits_only_matter_among_the_tied_hands() -> None:
    melds = [C("Ks Kd 7c"), C("As Ad 2c"), C("Kh Kc 7d")]
    assert mock.highest_hands(melds, "suits") == (1,)


def test_unknown_tie_rule() -> None:
    with pytest.raises(tr.ConfigError, match="unknown tie rule"):
        mock.highest_hands(TIED[:2], "coin")
    with pytest.raises(tr.ConfigError, match="unknown tie rule"):
        mock.score_round([tr.parse_cards("As")], None, "coin")
