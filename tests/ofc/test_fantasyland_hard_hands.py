"""The fantasyland solver on the hands that are hard to search, and the pieces of its search.

The hard shapes are those where the best setting scores little but many
settings look as if they might score more: two sets of trips among weak
cards (above all with aces), quads, and many flush and straight draws. Each
is checked against the brute force of ``test_fantasyland_solver``; the
slowest hands met in ``benchmarks/fantasyland.py`` are kept as regression
cases of the answer.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tablerules as tr
from tablerules import ofc
from tablerules._tables import RANK3, RANK5
from tablerules.ofc import _fantasyland_search as search
from tablerules.ofc.scoring import top_royalty
from tests.ofc.test_fantasyland_solver import CONFIGS, check_solver

if TYPE_CHECKING:
    from collections.abc import Callable


def of_rank(rank: int) -> list[tr.Card]:
    return [card for card in tr.FULL_DECK if card.rank == rank]


def weak_fill(rng: random.Random, cards: list[tr.Card], size: int) -> list[tr.Card]:
    """Add unpaired low cards (then any others) until there are ``size``."""
    used = {card.rank for card in cards}
    low = [rank for rank in range(2, 11) if rank not in used]
    rng.shuffle(low)
    for rank in low:
        if len(cards) == size:
            return cards
        cards.append(rng.choice(of_rank(rank)))
    rest = [card for card in tr.FULL_DECK if card not in cards]
    return cards + rng.sample(rest, size - len(cards))


def two_trips(rng: random.Random, size: int) -> list[tr.Card]:
    """Two sets of trips (aces half the time) and weak cards."""
    first = 14 if rng.random() < 0.5 else rng.randrange(2, 14)
    second = rng.choice([rank for rank in range(2, 15) if rank != first])
    cards = rng.sample(of_rank(first), 3) + rng.sample(of_rank(second), 3)
    return weak_fill(rng, cards, size)


def trips_and_pairs(rng: random.Random, size: int) -> list[tr.Card]:
    """Trips of high cards, two high pairs and weak cards (the slowest shape met at random)."""
    ranks = rng.sample(range(9, 15), 3)
    cards = rng.sample(of_rank(ranks[0]), 3)
    cards += rng.sample(of_rank(ranks[1]), 2) + rng.sample(of_rank(ranks[2]), 2)
    return weak_fill(rng, cards, size)


def quads(rng: random.Random, size: int) -> list[tr.Card]:
    """Four of a kind and weak cards."""
    return weak_fill(rng, of_rank(rng.randrange(2, 15)), size)


def draws(rng: random.Random, size: int) -> list[tr.Card]:
    """Seven or more cards of one suit over a few connected ranks, and others near them."""
    suit = rng.choice(tr.FULL_DECK[:4]).suit
    low = rng.randrange(2, 8)
    near = [card for card in tr.FULL_DECK if low <= card.rank < low + 8]
    suited = [card for card in near if card.suit == suit]
    cards = rng.sample(suited, min(7, len(suited)))
    rest = [card for card in near if card not in cards]
    return cards + rng.sample(rest, size - len(cards))


SHAPES: dict[str, Callable[[random.Random, int], list[tr.Card]]] = {
    "two trips": two_trips,
    "trips and pairs": trips_and_pairs,
    "quads": quads,
    "draws": draws,
}


def shaped(shape: str, size: int, seed: int) -> tuple[tr.Card, ...]:
    hand = tuple(SHAPES[shape](random.Random(seed), size))
    assert len(set(hand)) == size
    return hand


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_shapes_are_what_they_say(shape: str) -> None:
    for seed in range(20):
        hand = shaped(shape, 15, seed)
        counts = sorted(
            (sum(card.rank == rank for card in hand) for rank in range(2, 15)), reverse=True
        )
        suits = max(sum(card.suit == suit for card in hand) for suit in {c.suit for c in hand})
        if shape == "two trips":
            assert counts[1] >= 3
        elif shape == "trips and pairs":
            assert counts[0] >= 3
            assert counts[2] >= 2
        elif shape == "quads":
            assert counts[0] == 4
        else:
            assert suits >= 6


# --- the hard shapes against brute force -----------------------------------------------------


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_hard_shapes_match_brute_force_on_thirteen_cards(shape: str, name: str) -> None:
    seed = sorted(CONFIGS).index(name)
    check_solver(shaped(shape, 13, seed), CONFIGS[name], stay_value=(10, 0, 4)[seed % 3])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_hard_shapes_match_brute_force_on_fourteen_cards(shape: str, name: str) -> None:
    seed = 50 + sorted(CONFIGS).index(name)
    check_solver(shaped(shape, 14, seed), CONFIGS[name], stay_value=(10, 3, 25)[seed % 3])


@given(
    st.sampled_from(sorted(SHAPES)),
    st.integers(0, 2**32),
    st.sampled_from(sorted(CONFIGS)),
    st.sampled_from([0, 2, 10, 30]),
)
@settings(max_examples=12)
def test_hard_shapes_match_brute_force(shape: str, seed: int, name: str, stay: int) -> None:
    check_solver(shaped(shape, 13, seed), CONFIGS[name], stay_value=stay)


# --- the pieces of the search ----------------------------------------------------------------


def positions(mask: int) -> list[int]:
    return [position for position in range(mask.bit_length()) if mask >> position & 1]


@pytest.mark.parametrize("size", [13, 15, 17])
def test_subsets_rank_every_subset_once_strongest_first(size: int) -> None:
    hand = tuple(sorted(random.Random(size).sample(tr.FULL_DECK, size)))
    for count, rank in ((5, tr.rank5), (3, tr.rank3)):
        values, masks = search.subsets(hand, count, RANK5 if count == 5 else RANK3)
        assert sorted(masks) == sorted(
            sum(1 << p for p in chosen) for chosen in itertools.combinations(range(size), count)
        )
        assert values == [rank([hand[p] for p in positions(mask)]) for mask in masks]
        assert list(zip(values, masks, strict=True)) == sorted(
            zip(values, masks, strict=True), reverse=True
        )


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_best_top_is_the_first_that_fits(shape: str) -> None:
    rng = random.Random(7)
    hand = tuple(sorted(shaped(shape, 16, 3)))
    tops = search._Tops(hand, stays=True)
    for _ in range(60):
        free = sum(1 << p for p in rng.sample(range(16), rng.randrange(3, 9)))
        start = rng.randrange(len(tops.masks) + 1)
        expected = next((i for i in range(start, len(tops.masks)) if not tops.masks[i] & ~free), -1)
        assert tops.best(start, free) == expected
        assert tops.best(start, free) == expected  # remembered


@pytest.mark.parametrize("stays", [True, False])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_royalty_bound_covers_every_top_it_stands_for(shape: str, stays: bool) -> None:
    """No top at most the limit and clear of the used cards scores more than the bound."""
    bonus = 10
    rng = random.Random(11)
    for seed in range(4):
        hand = tuple(sorted(shaped(shape, 15, seed)))
        tops = search._Tops(hand, stays)
        fives, five_masks = search.subsets(hand, 5, RANK5)
        for index in rng.sample(range(len(fives)), 150):
            limit, used = fives[index], five_masks[index]
            royalty, trips = tops.royalty_bound(limit, used)
            fits = [
                i
                for i, (value, mask) in enumerate(zip(tops.values, tops.masks, strict=True))
                if value <= limit and not mask & used
            ]
            most = max(
                (top_royalty(tops.values[i]) + (bonus if tops.trips[i] else 0) for i in fits),
                default=0,
            )
            assert most <= royalty + (bonus if trips else 0)
            assert not trips or stays


def no_ten_low(seed: int, size: int) -> tuple[tr.Card, ...]:
    """Cards with no 2-7 low of ten or better: high cards and at most four low ranks."""
    rng = random.Random(seed)
    low = rng.sample(range(2, 11), rng.randrange(0, 5))
    deck = [card for card in tr.FULL_DECK if card.rank > 10 or card.rank in low]
    return tuple(rng.sample(deck, size))


def strongest(
    hand: tuple[tr.Card, ...],
    cards: tuple[tr.Card, ...],
    count: int,
    rank: Callable[[tuple[tr.Card, ...]], int],
) -> tuple[tr.Card, ...]:
    """The best ``count`` of ``cards`` by ``rank``, ties to the higher cards of ``hand``."""

    def mask(row: tuple[tr.Card, ...]) -> int:
        return sum(1 << hand.index(card) for card in row)

    return max(itertools.combinations(cards, count), key=lambda row: (rank(row), mask(row)))


@pytest.mark.parametrize("size", [13, 14, 16, 17])
def test_every_setting_fouls_gives_the_documented_setting(size: int) -> None:
    """Strongest five on the bottom, best low of the rest, strongest three left; ties to the
    higher cards."""
    config = ofc.Config(lowball_middle=True)
    for seed in range(3):
        hand = tuple(sorted(no_ten_low(100 * size + seed, size)))
        place = ofc.solve_fantasyland(hand, config)
        assert ofc.is_fouled(ofc.Board(place.top, place.middle, place.bottom), config)

        bottom = strongest(hand, hand, 5, tr.rank5)
        rest = tuple(card for card in hand if card not in bottom)
        middle = strongest(hand, rest, 5, tr.rank_lowball27)
        top = strongest(hand, tuple(card for card in rest if card not in middle), 3, tr.rank3)
        assert (place.bottom, place.middle, place.top) == (bottom, middle, top)


# --- the slowest hands met -------------------------------------------------------------------

# The slowest of 2,000 random hands of each size from 14 to 17 cards (benchmarks/fantasyland.py
# with seed 1) for the earlier search, which did not group its middles, and for this one, and
# the slowest two-trips hands met: each with the setting both searches give (and the brute
# force too, tried on those of 14 to 17 cards).
SLOWEST = [
    (
        "default",
        "4s 5s 6c 7c 9d 9h Ts Jc Qc Qd Qh Kd Ks Ah",
        "top 7c 6c 5s | middle Ah Jc Ts 9h 9d | bottom Ks Kd Qh Qd Qc | discard 4s",
    ),
    (
        "default",
        "2d 3h 6c 7h 9c Th Ts Jd Qd Qs Kd Ac Ah As",
        "top 7h 6c 3h | middle Kd Jd Ts Th 9c | bottom As Ah Ac Qs Qd | discard 2d",
    ),
    (
        "default",
        "2h 4h 5c 5s 6c 8c Td Jc Qh Qs Kd Ad Ah As",
        "top 8c 6c 4h | middle Kd Jc Td 5s 5c | bottom As Ah Ad Qs Qh | discard 2h",
    ),
    (
        "default",
        "3c 3d 3h 3s 4s 5d 6d 8c 9c Jd Qs Kc Kd Ks As",
        "top 9c 8c 6d | middle Ks Kd Kc Qs Jd | bottom As 3s 3h 3d 3c | discard 5d 4s",
    ),
    (
        "default",
        "3s 4d 5c 6c 8c 8d 8h Td Jd Jh Js Kc Kd Kh Ah",
        "top 8h 8d 8c | middle Js Jh Jd 6c 5c | bottom Ah Kh Kd Kc Td | discard 4d 3s",
    ),
    (
        "default",
        "2c 3d 4s 6d 7c 7d 7s 8c 9d Th Ts Jc Kh Ac Ad Ah",
        "top Ah Ts Th | middle Ad 9d 7d 6d 3d | bottom Ac Jc 8c 7c 2c | discard Kh 7s 4s",
    ),
    (
        "default",
        "2d 2h 3s 5d 6h 6s 7c 8c 8s 9c 9d Td Qh Kc Ks Ac",
        "top Ks Kc Td | middle Qh 6s 6h 2h 2d | bottom Ac 9d 9c 8s 8c | discard 7c 5d 3s",
    ),
    (
        "default",
        "2c 2h 4c 5c 7c 8c 9c 9d Jc Jd Qc Qd Kc Ks Ac Ad As",
        "top Ks Kc Jd | middle Jc 9c 8c 7c 5c | bottom As Ad Ac Qd Qc | discard 9d 4c 2h 2c",
    ),
    (
        "default",
        "4d 4h 5c 5s 6s 8d 9h 9s Jc Jd Jh Js Qc Kd Ac Ad As",
        "top Qc 9s 9h | middle As Ad Ac 5s 5c | bottom Kd Js Jh Jd Jc | discard 8d 6s 4h 4d",
    ),
    (
        "lowball",
        "3c 3s 4c 4d 5d 5h 8c 8d 8h 8s Tc Td Js Qs",
        "top Tc 5d 4c | middle Td 8c 5h 4d 3s | bottom Qs Js 8s 8h 8d | discard 3c",
    ),
    (
        "lowball",
        "2c 2s 3c 3s 4c 4d 6c 7d 7h 8d 9d Th Kh Ks",
        "top Ks Kh 3c | middle 9d 8d 6c 3s 2s | bottom Th 7h 7d 4d 4c | discard 2c",
    ),
    (
        "lowball",
        "2c 2h 2s 3d 4h 4s 6d 6s 8d 8h 9c 9s Jc Ad",
        "top Jc 8d 6d | middle 8h 6s 4s 3d 2c | bottom Ad 9s 9c 2s 2h | discard 4h",
    ),
    (
        "lowball",
        "3d 3s 4c 5c 5s 6c 7c 7d Th Ts Jh Kd Kh Ks Ah",
        "top Ah Jh Th | middle Ts 6c 5s 4c 3s | bottom Ks Kh Kd 7d 7c | discard 5c 3d",
    ),
    (
        "lowball",
        "2d 2h 3c 3d 3h 5s 7c 7h 8d 8h 9c 9s Qs Kc Ad",
        "top Kc Qs 8d | middle 8h 7h 5s 3c 2h | bottom Ad 9s 9c 3h 3d | discard 7c 2d",
    ),
    (
        "lowball",
        "2h 3d 3h 4c 4d 6h 6s 7c 7s 8d 9c 9h Td Th Ts Qs",
        "top Qs 9h 9c | middle 8d 6s 4d 3h 2h | bottom Ts Th Td 7s 7c | discard 6h 4c 3d",
    ),
    (
        "lowball",
        "2d 2s 3c 4h 5c 5h 6c 6d 9c 9d 9s Td Th Ts Js Qs",
        "top Qs 9d 9c | middle 9s 5h 4h 3c 2s | bottom Ts Th Td 6d 6c | discard Js 5c 2d",
    ),
    (
        "lowball",
        "2h 2s 3c 3d 4d 6s 7h 8d 8s Tc Td Jh Qh Kc Ac Ad As",
        "top Kc Td Tc | middle 7h 6s 4d 3d 2s | bottom As Ad Ac 8s 8d | discard Qh Jh 3c 2h",
    ),
    (
        "lowball",
        "2c 2d 2h 3c 3h 3s 4h 4s 6d 6h 6s 7d 7s 9h Jc Qd Ah",
        "top Qd 6h 6d | middle 7s 6s 4s 3s 2d | bottom Ah 9h 4h 3h 2h | discard Jc 7d 3c 2c",
    ),
    (
        "default",
        "2c 3d 3h 4c 4h 5h 5s 6d 7d 7h 7s 8s 9c Ts Ac Ad Ah",
        "top 7s 7h 7d | middle Ah Ad Ac Ts 9c | bottom 6d 5s 4h 3h 2c | discard 8s 5h 4c 3d",
    ),
    (
        "default",
        "2h 3c 3d 5d 6s 7c 7h 7s 8h Js Qh Ac Ad As",
        "top 8h 6s 5d | middle Qh Js 7s 7h 7c | bottom As Ad Ac 3d 3c | discard 2h",
    ),
    (
        "default",
        "3d 3h 4d 5h 6c 8s 9c 9h 9s Td Qc Kh Ac Ah As",
        "top Td 8s 6c | middle Kh Qc 9s 9h 9c | bottom As Ah Ac 3h 3d | discard 5h 4d",
    ),
    (
        "no-middle-stay",
        "2d 3h 6c 7h 9c Th Ts Jd Qd Qs Kd Ac Ah As",
        "top 7h 6c 3h | middle Kd Jd Ts Th 9c | bottom As Ah Ac Qs Qd | discard 2d",
    ),
    (
        "no-middle-stay",
        "2c 4d 4h 5c 6c 6s 7h 9s Td Ts Qs Kc Ad Ah As",
        "top 7h 6s 6c | middle Kc Qs Ts Td 9s | bottom As Ah Ad 4h 4d | discard 5c 2c",
    ),
    (
        "no-middle-stay",
        "3c 3d 4d 4s 5d 6s 8c 8s 9d 9h Tc Jc Jh Qh Qs Kh",
        "top Qs Qh 6s | middle Tc 8s 8c 4s 4d | bottom Kh Jh Jc 9h 9d | discard 5d 3d 3c",
    ),
    (
        "no-middle-stay",
        "4d 4h 5c 5s 6s 8d 9h 9s Jc Jd Jh Js Qc Kd Ac Ad As",
        "top Qc 9s 9h | middle As Ad Ac 5s 5c | bottom Kd Js Jh Jd Jc | discard 8d 6s 4h 4d",
    ),
]


@pytest.mark.parametrize(("name", "cards", "expected"), SLOWEST)
def test_slowest_hands_met_keep_their_answer(name: str, cards: str, expected: str) -> None:
    config = CONFIGS[name]
    hand = tr.parse_cards(cards)
    place = ofc.solve_fantasyland(hand, config)
    assert str(place) == expected
    assert ofc.solve_fantasyland(tuple(reversed(hand)), config) == place
    assert not ofc.is_fouled(ofc.Board(place.top, place.middle, place.bottom), config)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "cards", "expected"), [case for case in SLOWEST if len(case[1].split()) == 14]
)
def test_slowest_fourteen_card_hands_match_brute_force(
    name: str, cards: str, expected: str
) -> None:
    assert str(check_solver(tr.parse_cards(cards), CONFIGS[name])) == expected
