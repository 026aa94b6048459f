"""Fantasyland settings, their count, and the solver checked against brute force."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tablerules.ofc.board import make_board
from tablerules.ofc.scoring import Evaluation, evaluate, fantasyland_count
from tests.ofc.helpers import fantasyland_round
from tests.strategies import hands

if TYPE_CHECKING:
    from collections.abc import Sequence

CONFIGS = {
    "default": ofc.Config(),
    "no-middle-stay": ofc.Config(fantasyland_stay_middle=False),
    "progressive": ofc.Config(progressive=True, fantasyland_cards=14),
    "lowball": ofc.Config(lowball_middle=True),
    "lowball-either": ofc.Config(lowball_middle=True, lowball_fantasyland="either"),
    "no-fantasyland": ofc.Config(fantasyland=False),
    "classic": ofc.Config(variant="classic"),
}


def deal(size: int, seed: int) -> tuple[tr.Card, ...]:
    return tuple(random.Random(seed).sample(tr.FULL_DECK, size))


# --- the action space --------------------------------------------------------------------------


@pytest.mark.parametrize("size", range(13, 19))
def test_count_is_the_closed_form(size: int) -> None:
    cards = deal(size, size)
    expected = math.comb(size, size - 13) * math.factorial(13) // (6 * 120 * 120)
    assert ofc.count_fantasyland_settings(cards) == expected
    assert ofc.count_fantasyland_settings(tr.cards_text(cards), ofc.Config(variant="classic")) == (
        expected
    )


def test_count_table() -> None:
    counts = [ofc.count_fantasyland_settings(tr.FULL_DECK[:size]) for size in range(13, 19)]
    assert counts == [72072, 1009008, 7567560, 40360320, 171531360, 617512896]


def setting_code(place: ofc.Place, hand: Sequence[tr.Card]) -> tuple[tuple[int, ...], ...]:
    """(discard, bottom, middle) as hand positions: the order the iterator promises."""
    position = {card: index for index, card in enumerate(sorted(hand))}
    return tuple(
        tuple(position[card] for card in row) for row in (place.discard, place.bottom, place.middle)
    )


def check_all_settings(hand: Sequence[tr.Card]) -> int:
    """Every yielded setting is a valid split of the hand, each one new; return how many."""
    cards = set(hand)
    previous: tuple[tuple[int, ...], ...] = ()
    count = 0
    for place in ofc.fantasyland_settings(hand):
        assert (len(place.top), len(place.middle), len(place.bottom)) == (3, 5, 5)
        assert len(place.discard) == len(hand) - 13
        assert set(place.cards) == cards
        code = setting_code(place, hand)
        assert code > previous  # strictly increasing, so no setting comes twice
        previous = code
        count += 1
    return count


def test_thirteen_cards_iterate_to_the_count() -> None:
    hand = deal(13, 3)
    assert check_all_settings(hand) == ofc.count_fantasyland_settings(hand) == 72072


@pytest.mark.slow
def test_fourteen_cards_iterate_to_the_count() -> None:
    hand = deal(14, 4)
    per_discard = Counter(place.discard for place in ofc.fantasyland_settings(hand))
    assert sorted(per_discard) == [(card,) for card in sorted(hand)]
    assert set(per_discard.values()) == {72072}
    assert sum(per_discard.values()) == ofc.count_fantasyland_settings(hand) == 1009008


@pytest.mark.slow
def test_row_assignments_brute_force_on_thirteen_cards() -> None:
    """Label every card top, middle or bottom in every way: the right sizes are the settings."""
    hand = sorted(deal(13, 5))
    seen = set()
    for labels in itertools.product(range(3), repeat=13):
        if labels.count(0) == 3 and labels.count(1) == 5:
            seen.add(labels)
    iterated = {
        tuple(0 if card in place.top else 1 if card in place.middle else 2 for card in hand)
        for place in ofc.fantasyland_settings(hand)
    }
    assert iterated == seen
    assert len(seen) == ofc.count_fantasyland_settings(hand)


def test_settings_are_lazy_and_legal_in_a_game() -> None:
    config = ofc.Config(fantasyland_cards=14)
    state = fantasyland_round(config, (0, 14), "")
    hand = state.hands[1]
    settings_iter = ofc.fantasyland_settings(hand, config)
    first = list(itertools.islice(settings_iter, 50))
    assert len(set(first)) == 50
    assert all(ofc.is_legal(state, place) for place in first)


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("As Kd", "at least 13 cards"),
        ("As As Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d", "As given more than once"),
        ((1, 2, 3), "is not a Card"),
    ],
)
def test_bad_cards_are_rejected_at_once(cards: object, message: str) -> None:
    for function in (
        ofc.fantasyland_settings,
        ofc.count_fantasyland_settings,
        ofc.solve_fantasyland,
    ):
        with pytest.raises(ValueError, match=message):
            function(cards)  # type: ignore[arg-type]


def test_bad_config_and_stay_value() -> None:
    hand = deal(14, 1)
    with pytest.raises(TypeError, match=r"must be a tablerules\.ofc\.Config"):
        ofc.fantasyland_settings(hand, "pineapple")  # type: ignore[arg-type]
    for value in (-1, math.inf, math.nan, "10", True):
        with pytest.raises(ValueError, match="stay_value"):
            ofc.solve_fantasyland(hand, stay_value=value)  # type: ignore[arg-type]


# --- brute force -------------------------------------------------------------------------------

Key = tuple[float, int, int, int, int, int, int]


def brute_force(hand: Sequence[tr.Card], config: ofc.Config, stay_value: float) -> ofc.Place | None:
    """The best non-fouling setting by the documented objective and tie-breaks, trying all.

    Each setting is judged by the game's own evaluation (`evaluate`,
    `fantasyland_count`), remembered per row values: the evaluation depends
    on the cards only through the three row values. Returns None when every
    setting fouls.
    """
    cards = sorted(hand)
    size = len(cards)
    lowball = config.lowball_middle
    five_value: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for five in itertools.combinations(range(size), 5):
        hand_five = tuple(cards[i] for i in five)
        low = tr.rank_lowball27(hand_five) if lowball else 0
        five_value[five] = (tr.rank5(hand_five), low, sum(1 << i for i in five))
    three_value = {
        three: (tr.rank3([cards[i] for i in three]), sum(1 << i for i in three))
        for three in itertools.combinations(range(size), 3)
    }
    judged: dict[tuple[int, int, int], float] = {}

    def judge(top: tuple[int, ...], middle: tuple[int, ...], bottom: tuple[int, ...]) -> float:
        board = make_board(
            top=tuple(cards[i] for i in top),
            middle=tuple(cards[i] for i in middle),
            bottom=tuple(cards[i] for i in bottom),
        )
        evaluation: Evaluation = evaluate(board, config)
        if evaluation.fouled:
            return -math.inf
        stays = fantasyland_count(evaluation, config, in_fantasyland=True) > 0
        return sum(evaluation.royalties) + (stay_value if stays else 0)

    full = (1 << size) - 1
    best: Key | None = None
    best_rows: tuple[int, int, int] = (0, 0, 0)
    positions = range(size)
    for bottom in itertools.combinations(positions, 5):
        bottom_value, _, bottom_mask = five_value[bottom]
        rest = [i for i in positions if i not in bottom]
        for middle in itertools.combinations(rest, 5):
            middle_high, middle_low, middle_mask = five_value[middle]
            middle_value = middle_low if lowball else middle_high
            left = [i for i in rest if i not in middle]
            for top in itertools.combinations(left, 3):
                top_value, top_mask = three_value[top]
                values = (top_value, middle_value, bottom_value)
                points = judged.get(values)
                if points is None:
                    points = judged[values] = judge(top, middle, bottom)
                if points == -math.inf or (best is not None and points < best[0]):
                    continue
                discard = full & ~(bottom_mask | middle_mask | top_mask)
                key = (
                    points,
                    bottom_value,
                    middle_value,
                    top_value,
                    -discard,
                    bottom_mask,
                    middle_mask,
                )
                if best is None or key > best:
                    best = key
                    best_rows = (top_mask, middle_mask, bottom_mask)
    if best is None:
        return None

    def row(mask: int) -> tuple[tr.Card, ...]:
        return tuple(card for index, card in enumerate(cards) if mask >> index & 1)

    top_mask, middle_mask, bottom_mask = best_rows
    return ofc.Place(
        top=row(top_mask),
        middle=row(middle_mask),
        bottom=row(bottom_mask),
        discard=row(full & ~(top_mask | middle_mask | bottom_mask)),
    )


def check_solver(hand: Sequence[tr.Card], config: ofc.Config, stay_value: float = 10) -> ofc.Place:
    solved = ofc.solve_fantasyland(hand, config, stay_value=stay_value)
    expected = brute_force(hand, config, stay_value)
    if expected is None:
        # Every setting fouls (a lowball middle with no ten-low): the documented fallback.
        board = ofc.Board(solved.top, solved.middle, solved.bottom)
        assert config.lowball_middle
        assert ofc.is_fouled(board, config)
        strongest = max(tr.rank5(five) for five in itertools.combinations(hand, 5))
        assert tr.rank5(solved.bottom) == strongest
        return solved
    assert solved == expected, f"{tr.cards_text(sorted(hand))}: {solved} != {expected}"
    return solved


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("seed", range(6))
def test_solver_matches_brute_force_on_thirteen_cards(name: str, seed: int) -> None:
    check_solver(deal(13, 100 + seed), CONFIGS[name], stay_value=(0, 4, 10, 25.5)[seed % 4])


def rich_hand(size: int, seed: int) -> tuple[tr.Card, ...]:
    """Cards from a small deck (few ranks), so pairs, trips, quads and flushes are common."""
    rng = random.Random(seed)
    ranks = rng.sample(range(2, 15), 6)
    deck = [card for card in tr.FULL_DECK if card.rank in ranks]
    return tuple(rng.sample(deck, size))


@pytest.mark.parametrize("name", ["default", "no-middle-stay", "lowball"])
@pytest.mark.parametrize("seed", range(5))
def test_solver_matches_brute_force_on_rich_thirteen_card_hands(name: str, seed: int) -> None:
    hand = rich_hand(13, seed) if name != "lowball" else deal(13, 300 + seed)
    check_solver(hand, CONFIGS[name], stay_value=(0, 10, 40)[seed % 3])


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20))
def test_solver_matches_brute_force_on_fourteen_cards(seed: int) -> None:
    names = ("default", "no-middle-stay", "lowball", "default", "no-fantasyland", "lowball-either")
    config = CONFIGS[names[seed % len(names)]]
    hand = rich_hand(14, seed) if seed % 3 == 0 else deal(14, 200 + seed)
    check_solver(hand, config, stay_value=(10, 0, 3)[seed % 3])


# --- worked examples ---------------------------------------------------------------------------


def royalty_and_stay(place: ofc.Place, config: ofc.Config | None = None) -> tuple[int, bool]:
    board = ofc.Board(place.top, place.middle, place.bottom)
    assert not ofc.is_fouled(board, config)
    stays = ofc.fantasyland_cards(board, config, in_fantasyland=True) > 0
    return sum(ofc.royalties(board, config)), stays


def test_stay_value_trades_royalties_for_staying() -> None:
    # Quads on the bottom stay (15 points); two flushes under QQ score 19 and leave.
    hand = tr.parse_cards("3c 3d 5c 6d 6h 7s 8c 8d Tc Td Qc Qd Qh Qs")
    assert royalty_and_stay(ofc.solve_fantasyland(hand, stay_value=0)) == (19, False)
    assert royalty_and_stay(ofc.solve_fantasyland(hand, stay_value=3.5)) == (19, False)
    # 15 + 4 ties 19: the stronger bottom (quads) wins the tie.
    assert royalty_and_stay(ofc.solve_fantasyland(hand, stay_value=4)) == (15, True)
    assert royalty_and_stay(ofc.solve_fantasyland(hand)) == (15, True)
    # With the stay rule switched off nothing is worth staying for.
    off = ofc.Config(fantasyland=False)
    assert royalty_and_stay(ofc.solve_fantasyland(hand, off, stay_value=100), off)[0] == 19


def test_stay_rule_without_the_middle() -> None:
    # A full house in the middle stays only when the config counts the middle.
    hand = tr.parse_cards("2d 2h 6c 6h 8d 8s 9c 9s Tc Td Th Ad Ah As")
    assert royalty_and_stay(check_solver(hand, ofc.Config())) == (22, True)
    strict = ofc.Config(fantasyland_stay_middle=False)
    assert royalty_and_stay(check_solver(hand, strict), strict) == (22, False)


def test_never_fouls_even_when_the_rows_alone_would_score_more() -> None:
    # Trips of aces on top and a flush in the middle foul over a weak bottom.
    hand = tr.parse_cards("As Ad Ac 2h 5h 7h 9h Jh 3c 4d 6s 8c Td Qs")
    greedy = ofc.Board.parse("As Ad Ac / 2h 5h 7h 9h Jh / 3c 4d 6s 8c Td")
    assert ofc.is_fouled(greedy)
    place = check_solver(hand, ofc.Config())
    assert not ofc.is_fouled(ofc.Board(place.top, place.middle, place.bottom))


def test_lowball_middle_takes_the_best_low_and_stays() -> None:
    config = ofc.Config(lowball_middle=True)
    hand = tr.parse_cards("7c 5d 4h 3s 2c Ks Kd Kh Ah Ac 9s 9d 9c Jd")
    place = check_solver(hand, config)
    assert tr.cards_text(place.middle) == "2c 3s 4h 5d 7c"
    board = ofc.Board(place.top, place.middle, place.bottom)
    assert ofc.royalties(board, config)[1] == 4  # a seven-low
    assert royalty_and_stay(place, config)[1]


def test_lowball_with_no_ten_low_returns_a_fixed_fouled_setting() -> None:
    config = ofc.Config(lowball_middle=True)
    hand = tr.parse_cards("Js Jd Jh Jc Qs Qd Qh Qc Ks Kd Kh Kc As 2c")
    place = ofc.solve_fantasyland(hand, config)
    assert ofc.is_fouled(ofc.Board(place.top, place.middle, place.bottom), config)
    assert brute_force(hand, config, 10) is None
    assert place == ofc.solve_fantasyland(tuple(reversed(hand)), config)
    assert tr.cards_text(place.bottom) == "Kc Kd Kh Ks As"  # the strongest five


@given(hands(15))
@settings(max_examples=20)
def test_solution_is_legal_and_independent_of_card_order(hand: tuple[tr.Card, ...]) -> None:
    config = ofc.Config()
    place = ofc.solve_fantasyland(hand, config)
    assert place == ofc.solve_fantasyland(tuple(reversed(hand)), config)
    assert place == ofc.solve_fantasyland(tr.cards_text(hand), config)
    assert set(place.cards) == set(hand)
    assert len(place.discard) == 2
    assert not ofc.is_fouled(ofc.Board(place.top, place.middle, place.bottom), config)
    state = fantasyland_round(config, (0, 15), tr.cards_text(hand))
    assert ofc.is_legal(state, place)
    after = ofc.apply(state, place)
    assert after.boards[1] == ofc.Board(place.top, place.middle, place.bottom)
    assert after.discards[1] == place.discard


@given(st.integers(14, 18).flatmap(hands), st.sampled_from(sorted(CONFIGS)))
@settings(max_examples=15)
def test_solution_beats_random_settings(hand: tuple[tr.Card, ...], name: str) -> None:
    """No sampled setting has a better objective than the solver's answer."""
    config = CONFIGS[name]
    if config.variant == "classic":
        config = ofc.Config()
    place = ofc.solve_fantasyland(hand, config, stay_value=10)
    best, _ = royalty_and_stay_value(place, config)
    rng = random.Random(len(hand))
    for _ in range(200):
        shuffled = rng.sample(hand, len(hand))
        other = ofc.Place(top=shuffled[:3], middle=shuffled[3:8], bottom=shuffled[8:13])
        value, fouled = royalty_and_stay_value(other, config)
        assert fouled or value <= best


def royalty_and_stay_value(place: ofc.Place, config: ofc.Config) -> tuple[float, bool]:
    board = ofc.Board(place.top, place.middle, place.bottom)
    if ofc.is_fouled(board, config):
        return -math.inf, True
    stays = ofc.fantasyland_cards(board, config, in_fantasyland=True) > 0
    return sum(ofc.royalties(board, config)) + (10 if stays and config.fantasyland else 0), False
