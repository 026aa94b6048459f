"""Boards, fouls, royalties and scoring without a game."""

from __future__ import annotations

import pytest

import tablerules as tr
from tablerules import ofc
from tablerules.ofc import Board

LOWBALL = ofc.Config(lowball_middle=True)


def board(text: str) -> Board:
    return Board.parse(text)


# --- Board ---------------------------------------------------------------------


def test_rows_are_sets_stored_sorted() -> None:
    one = Board(top="Ks 2c", middle="9h 3d", bottom=())
    two = Board(top=tr.parse_cards("2c Ks"), middle="3d 9h")
    assert one == two
    assert one.top == tuple(sorted(tr.parse_cards("Ks 2c")))
    assert hash(one) == hash(two)


def test_parse_and_str_round_trip() -> None:
    text = "Qs Qd 2c / 9h 9s 9c 8d 8s / Ah Kh Qh Jh Th"
    parsed = Board.parse(text)
    assert Board.parse(str(parsed)) == parsed
    assert Board.parse("QsQd2c/9h9s9c8d8s/AhKhQhJhTh") == parsed
    assert Board.parse("- / - / -") == Board()
    assert str(Board()) == "- / - / -"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"top": "As Ks Qs Js"}, "a top row holds at most 3 cards, not 4"),
        ({"middle": "2c 3c 4c 5c 6c 7c"}, "a middle row holds at most 5 cards, not 6"),
        ({"bottom": "2c 3c 4c 5c 6c 7c"}, "a bottom row holds at most 5 cards, not 6"),
        ({"top": "As", "bottom": "As"}, "card As appears twice"),
        ({"top": (1, 2)}, "which is not a Card"),
    ],
)
def test_bad_boards_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board(**kwargs)  # type: ignore[arg-type]


def test_bad_board_text_is_refused() -> None:
    with pytest.raises(ValueError, match="3 parts, not 2"):
        Board.parse("As / Kd")
    with pytest.raises(tr.CardError, match="'Zs'"):
        Board.parse("Zs / - / -")


def test_board_properties() -> None:
    b = board("As / Kd Kc / -")
    assert b.size == 3
    assert b.room == (2, 3, 5)
    assert not b.is_complete
    assert set(b.cards) == set(tr.parse_cards("As Kd Kc"))


# --- fouls -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fouled"),
    [
        # top beats middle on the kicker (the RULES example): fouled
        ("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s", True),
        # top equal-ranked pair with a lower kicker: fine
        ("As Ad Qc / Ah Ac Ks Jd 2c / 3s 3d 3c 7h 7s", False),
        # middle beats bottom: fouled
        ("2s 3d 4c / 9h 9s 9c 8d 8s / Ah Ac Qs Jd 2c", True),
        # top trips beat two pair in the middle: fouled
        ("5s 5d 5c / Ah Ac Ks Kd 2c / 7h 8h 9h Th Jh", True),
        # top high card K-Q-J loses to middle K-Q-J-3-2: fine
        ("Ks Qd Jc / Kh Qc Js 3d 2c / 7h 8h 9h Th 6h", False),
        # middle equal to bottom in rank: not fouled (<=)
        ("2s 3d 4c / 9h 9s 5c 6d 7s / 9d 9c 5d 6h 7c", False),
        # same pair on top and in the middle: the first kicker decides
        ("9s 9d 6c / 9h 9c 5s 3d 2c / 7h 8h Th Jh Ah", True),
        ("9s 9d 4c / 9h 9c 5s 3d 2c / 7h 8h Th Jh Ah", False),
    ],
)
def test_fouls(text: str, fouled: bool) -> None:
    assert ofc.is_fouled(board(text)) is fouled


def test_fouled_board_has_no_royalties() -> None:
    fouled = board("Ks Kd 2c / 7h 8s 9c Td Jd / 4h 4s 4d 3c 2h")
    assert ofc.is_fouled(fouled)
    assert ofc.royalties(fouled) == (0, 0, 0)


def test_helpers_need_complete_boards() -> None:
    with pytest.raises(ValueError, match="complete board of 13 cards"):
        ofc.royalties(board("As / - / -"))
    with pytest.raises(ValueError, match="complete board"):
        ofc.score_boards([board("As / - / -"), board("Ks / - / -")])
    with pytest.raises(ValueError, match="takes a Board"):
        ofc.is_fouled("As Ad Kc / - / -")  # type: ignore[arg-type]


# --- royalties: every value ---------------------------------------------------------------

RANKS = "23456789TJQKA"


def _top_board(top: str) -> Board:
    """A board that never fouls under this top: straight flush middle, royal flush bottom."""
    return board(f"{top} / 3c 4c 5c 6c 7c / Tc Jc Qc Kc Ac")


@pytest.mark.parametrize(("rank", "points"), list(zip("6789TJQKA", range(1, 10), strict=False)))
def test_top_pair_royalties(rank: str, points: int) -> None:
    b = _top_board(f"{rank}s {rank}d 2h")
    assert not ofc.is_fouled(b)
    assert ofc.royalties(b) == (points, 30, 25)


@pytest.mark.parametrize("rank", "2345")
def test_top_small_pairs_pay_nothing(rank: str) -> None:
    assert ofc.royalties(_top_board(f"{rank}s {rank}d 7h"))[0] == 0


def test_top_high_card_pays_nothing() -> None:
    assert ofc.royalties(_top_board("As Kd Qh"))[0] == 0


@pytest.mark.parametrize(("rank", "points"), list(zip(RANKS, range(10, 23), strict=False)))
def test_top_trips_royalties(rank: str, points: int) -> None:
    b = _top_board(f"{rank}s {rank}d {rank}h")
    assert not ofc.is_fouled(b)
    assert ofc.royalties(b)[0] == points


MIDDLE_CASES = [
    ("2s 2d 2h 5c 9d", 2, "trips"),
    ("5s 6d 7h 8c 9d", 4, "straight"),
    ("2d 5d 7d 9d Jd", 8, "flush"),
    ("4s 4d 4h 9c 9d", 12, "full house"),
    ("6s 6d 6h 6c 9d", 20, "quads"),
    ("5d 6d 7d 8d 9d", 30, "straight flush"),
    ("Td Jd Qd Kd Ad", 50, "royal flush"),
    ("2s 2d 3h 5c 9d", 0, "pair"),
    ("2s 2d 3h 3c 9d", 0, "two pair"),
]


@pytest.mark.parametrize(("middle", "points", "name"), MIDDLE_CASES)
def test_middle_royalties(middle: str, points: int, name: str) -> None:
    b = board(f"3s 4c 7c / {middle} / Ts Js Qs Ks As")
    assert not ofc.is_fouled(b), name
    assert ofc.royalties(b)[1] == points, name


BOTTOM_CASES = [
    ("5s 6d 7h 8c 9h", 2, "straight"),
    ("2h 5h 7h 9h Jh", 4, "flush"),
    ("4s 4c 4h 9c 9h", 6, "full house"),
    ("6s 6c 6h 6d 9h", 10, "quads"),
    ("5h 6h 7h 8h 9h", 15, "straight flush"),
    ("Th Jh Qh Kh Ah", 25, "royal flush"),
    ("2s 2c 2h 5c 9h", 0, "trips"),
]


@pytest.mark.parametrize(("bottom", "points", "name"), BOTTOM_CASES)
def test_bottom_royalties(bottom: str, points: int, name: str) -> None:
    b = board(f"3s 4d 7d / 2d 3d 8d Jc Kd / {bottom}")
    assert not ofc.is_fouled(b), name
    assert ofc.royalties(b)[2] == points, name


def test_wheel_is_a_straight_for_royalties() -> None:
    b = board("3s 4d 7d / 2d 3d 8d Jc Kd / Ah 2h 3c 4c 5h")
    assert ofc.royalties(b) == (0, 0, 2)


# --- lowball middle ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("middle", "fouled", "points"),
    [
        ("7c 5d 4h 3s 2c", False, 4),
        ("7c 6d 4h 3s 2c", False, 4),
        ("8c 5d 4h 3s 2c", False, 2),
        ("9c 5d 4h 3s 2c", False, 1),
        ("Tc 5d 4h 3s 2c", False, 0),
        ("Jc 5d 4h 3s 2c", True, 0),  # jack-low is not ten-low or better
        ("6c 5d 4h 3s 2c", True, 0),  # a straight counts against the low
        ("7c 5c 4c 3c 2c", True, 0),  # a flush counts against the low
        ("7c 7d 4h 3s 2c", True, 0),  # a pair
        ("Ac 5d 4h 3s 2c", True, 0),  # aces are high: ace-low is no low at all
    ],
)
def test_lowball_middle(middle: str, fouled: bool, points: int) -> None:
    b = board(f"Qs Qd 9h / {middle} / Th Jh Kh Ah 8h")
    assert ofc.is_fouled(b, LOWBALL) is fouled
    assert ofc.royalties(b, LOWBALL) == ((0, 0, 0) if fouled else (7, points, 4))


def test_lowball_top_must_not_beat_bottom() -> None:
    assert ofc.is_fouled(board("As Ad 9h / 7c 5d 4h 3s 2c / Kh Ks 8h 9c 6s"), LOWBALL)
    # a high middle would foul in the normal game but is fine with a lowball middle
    assert not ofc.is_fouled(board("Ks Kd 9h / 7c 5d 4h 3s 2c / Ah As 8h 9c 6s"), LOWBALL)
    assert ofc.is_fouled(board("Ks Kd 9h / 7c 5d 4h 3s 2c / Ah As 8h 9c 6s"))


def test_lowball_royalties_are_configurable() -> None:
    config = ofc.Config(lowball_middle=True, lowball_royalties=(3, 5, 10))
    for middle, points in (("7c 5d 4h 3s 2c", 10), ("8c 5d 4h 3s 2c", 5), ("9c 5d 4h 3s 2c", 3)):
        assert ofc.royalties(board(f"Qs Qd 9h / {middle} / Th Jh Kh Ah 8h"), config)[1] == points


def test_lowball_better_low_wins_the_middle() -> None:
    better = board("2s 3d 9h / 7c 5d 4h 3s 2c / Th Jh Kh Ah 8h")
    worse = board("4s 6d Jd / 8c 6c 4c 3c 2d / Ts Js Ks As 9s")
    pair = ofc.score_breakdown([better, worse], LOWBALL)[0]
    assert pair.lines[1] == 1
    # the normal game ranks these middles the other way round
    assert tr.rank5(better.middle) < tr.rank5(worse.middle)


# --- scoring ------------------------------------------------------------------------------------


def test_two_players_hand_worked() -> None:
    # seat 0: top 88 (3), middle flush (8), bottom full house (6): 17 royalties
    # seat 1: top KQ high, middle two pair, bottom straight (2): 2 royalties
    one = board("8s 8d 2c / 2h 5h 7h 9h Jh / 4s 4c 4d Tc Td")
    two = board("Ks Qd 3c / Js Jd 9s 9d 3d / 5s 6c 7c 8c 9c")
    pair = ofc.score_breakdown([one, two])[0]
    # top: 88 beats K-high; middle: flush beats two pair; bottom: full house beats straight
    assert pair.lines == (1, 1, 1)
    assert pair.scoop == 3
    assert pair.royalties == (17, 2)
    assert pair.points == 3 + 3 + 17 - 2
    assert ofc.score_boards([one, two]) == (21, -21)


def test_two_players_split_lines_no_scoop() -> None:
    one = board("As Ad 2c / 3h 5h 8h 9h Jh / 4s 4c 4d Tc Td")  # AA top 9, flush 8, FH 6 = 23
    two = board("Ks Kd Kc / 6s 6d 6h Qs Qd / 7c 7d 7h 7s 2d")  # KKK 21, FH 12, quads 10 = 43
    pair = ofc.score_breakdown([one, two])[0]
    assert pair.lines == (-1, -1, -1)
    assert pair.scoop == -3
    three = board("2s 3s 5d / 8s 8d Jd Js 2h / Ah Kh Qh Jh Th")  # royal 25
    four = board("Qc Qs 4h / 9c 9s 9d 3c 3d / Tc Td Ts Kc Kd")  # QQ 7, FH 12, FH 6 = 25
    pair = ofc.score_breakdown([three, four])[0]
    # top: 5-high loses to QQ; middle: two pair loses to full house; bottom: royal wins
    assert pair.lines == (-1, -1, 1)
    assert pair.scoop == 0
    assert pair.royalties == (25, 25)
    assert pair.points == -1


def test_tied_line_scores_zero_and_blocks_the_scoop() -> None:
    one = board("2s 3d 4c / 9h 9s 5c 6d 7s / Ah Kh Qh Jh 3h")
    two = board("2d 3s 4h / 8h 8s 5d 6h 7c / Ac Kc Qc Jc 3c")
    pair = ofc.score_breakdown([one, two])[0]
    assert pair.lines == (0, 1, 0)
    assert pair.scoop == 0
    assert pair.royalties == (4, 4)
    assert pair.points == 1


def test_foul_against_clean_board_and_foul_against_foul() -> None:
    fouled = board("As Ad Kc / Ah Ac Qs Jd 2c / 3s 3d 3c 7h 7s")
    clean = board("8s 8d 2d / 2h 5h 6h 9h Jh / 4s 4c 4h Tc Td")  # 3 + 8 + 6 = 17
    other_fouled = board("Ks Kd Kh / 9s 9d 9c 5c 2s / Qh Qd 5d 5s 6c")
    pair = ofc.score_breakdown([fouled, clean])[0]
    assert pair.fouled == (True, False)
    assert pair.lines == (-1, -1, -1)
    assert pair.scoop == -3
    assert pair.royalties == (0, 17)
    assert pair.points == -23
    both = ofc.score_breakdown([fouled, other_fouled])[0]
    assert both.points == 0
    assert both.lines == (0, 0, 0)
    assert both.royalties == (0, 0)


def test_three_players_hand_worked() -> None:
    a = board("Qs Qd 2c / 3h 5h 8h 9h Jh / 4s 4c 4d Tc Td")  # QQ 7, flush 8, FH 6 = 21
    b = board("Ks Kd 2s / 6s 6d 6h Qc Qh / 7c 7d 7h 7s 2d")  # KK 8, FH 12, quads 10 = 30
    c = board("As Ad Kc / Ah Ac 9s Jd 2h / 3s 3d 8c 8d 9c")  # fouled (AAK > AAJ)
    breakdown = ofc.score_breakdown([a, b, c])
    assert [pair.seats for pair in breakdown] == [(0, 1), (0, 2), (1, 2)]
    ab, ac, bc = breakdown
    # a vs b: b wins every line: -3 lines -3 scoop, royalties 21 - 30
    assert ab.points == -6 + 21 - 30
    # a vs c: c is fouled: a takes 6 and its royalties
    assert ac.points == 6 + 21
    assert bc.points == 6 + 30
    totals = ofc.score_boards([a, b, c])
    assert totals == (-15 + 27, 15 + 36, -27 - 36)
    assert sum(totals) == 0


def test_three_fouls_all_tie() -> None:
    f1 = board("As Ad Kc / Ah Ac 9s Jd 2h / 3s 3d 8c 8d 9c")
    f2 = board("Ks Kd Kh / Ts Td Tc 5c 2s / Qh Qd 5d 5s 6c")
    f3 = board("Qs Jh Jc / 2c 3c 4c 5h 7d / 6d 6h 6s Th 4h")
    assert ofc.score_boards([f1, f2, f3]) == (0, 0, 0)


def test_scoring_refuses_shared_cards_and_single_boards() -> None:
    a = board("Qs Qd 2c / 3h 5h 7h 9h Jh / 4s 4c 4d Tc Td")
    with pytest.raises(ValueError, match="on two boards"):
        ofc.score_boards([a, a])
    with pytest.raises(ValueError, match="at least 2 players"):
        ofc.score_boards([a])


def test_breakdown_sums_to_score_boards() -> None:
    deck = list(tr.FULL_DECK)
    for start in range(0, 13, 3):
        cards = deck[start:] + deck[:start]
        boards = [
            Board(
                cards[i * 13 : i * 13 + 3],
                cards[i * 13 + 3 : i * 13 + 8],
                cards[i * 13 + 8 : i * 13 + 13],
            )
            for i in range(3)
        ]
        totals = [0, 0, 0]
        for pair in ofc.score_breakdown(boards):
            totals[pair.seats[0]] += pair.points
            totals[pair.seats[1]] -= pair.points
        assert tuple(totals) == ofc.score_boards(boards)
