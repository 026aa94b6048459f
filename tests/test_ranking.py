"""The hand ranker, checked exhaustively against a slow, obvious oracle.

The oracle below is written from the rules text alone (it shares no code with
the ranker): a hand's key is its category and then the ranks that decide ties,
most significant first, compared as Python lists, so a hand that runs out of
kickers with all else equal is the lower one.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given

import tablerules as tr
from tablerules.ranking import CATEGORY_BASE
from tests.strategies import hand_sizes, hands

OracleKey = tuple[int, list[int]]

# All 2,598,960 five-card hands, in itertools.combinations(FULL_DECK, 5) order,
# as dense ranks (0 = worst of the 7,462 classes): pinned so that any change to
# the order is seen. `test_order_matches_treys` derives the same digest from
# treys' evaluator, an independent implementation.
PINNED_ORDER_SHA256 = "fcc041f322c251026b7cac1722fb3bb51f236a242fc59a5d974163ffbf3dcf52"


def oracle(cards: Sequence[tr.Card], *, lowball27: bool = False) -> OracleKey:
    """Category and tie-break ranks of a hand of 1 to 5 cards, from first principles."""
    ranks = sorted((int(card.rank) for card in cards), reverse=True)
    counts = Counter(ranks)
    ordered = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(cards) == 5 and len(counts) == 5:
        flush = len({card.suit for card in cards}) == 1
        straight_top = 0
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2] and not lowball27:
            straight_top = 5
        if straight_top and flush:
            return (9 if straight_top == 14 else 8), [straight_top]
        if straight_top:
            return 4, [straight_top]
        if flush:
            return 5, ranks
        return 0, ranks
    category = {
        (1,): 0,
        (2,): 1,
        (2, 2): 2,
        (3,): 3,
        (3, 2): 6,
        (4,): 7,
    }[tuple(count for count in shape if count > 1) or (1,)]
    return category, ordered


def all_hands(size: int) -> itertools.combinations[tuple[tr.Card, ...]]:
    return itertools.combinations(tr.FULL_DECK, size)


def assert_same_order(values: dict[int, OracleKey]) -> None:
    """Values, keyed to oracle keys, must sort exactly as the keys do."""
    by_value = sorted(values)
    keys = [values[value] for value in by_value]
    assert keys == sorted(keys)
    assert all(first != second for first, second in itertools.pairwise(keys))


@functools.cache
def class_representatives(size: int) -> dict[int, tuple[tr.Card, ...]]:
    """One hand of each value among all hands of ``size`` cards."""
    hands = list(all_hands(size))
    values = tr.rank5_many(hands) if size == 5 else [tr.rank_cards(hand) for hand in hands]
    found: dict[int, tuple[tr.Card, ...]] = {}
    for value, hand in zip(values, hands, strict=True):
        found.setdefault(value, hand)
    return found


@pytest.fixture(scope="module")
def five_card_values() -> list[int]:
    return tr.rank5_many(list(all_hands(5)))


@pytest.mark.slow
def test_all_five_card_hands_category_counts(five_card_values: list[int]) -> None:
    assert len(five_card_values) == 2_598_960
    counts = Counter(value // CATEGORY_BASE for value in five_card_values)
    assert [counts[category] for category in range(10)] == [
        1_302_540,
        1_098_240,
        123_552,
        54_912,
        10_200,
        5_108,
        3_744,
        624,
        36,
        4,
    ]
    assert len(set(five_card_values)) == 7_462


@pytest.mark.slow
def test_all_five_card_hands_order_is_pinned(five_card_values: list[int]) -> None:
    assert dense_order_digest(five_card_values) == PINNED_ORDER_SHA256


def dense_order_digest(values: Sequence[int]) -> str:
    """SHA-256 of the values as dense ranks (0 = weakest), two bytes each."""
    dense = {value: index for index, value in enumerate(sorted(set(values)))}
    return hashlib.sha256(b"".join(dense[v].to_bytes(2, "big") for v in values)).hexdigest()


@pytest.mark.slow
def test_five_card_classes_agree_with_the_oracle() -> None:
    representatives = class_representatives(5)
    assert len(representatives) == 7_462
    keys = {value: oracle(hand) for value, hand in representatives.items()}
    assert_same_order(keys)
    for value in representatives:
        assert tr.category(value) == keys[value][0]


def test_three_card_hands_exhaustive() -> None:
    values = [tr.rank3(hand) for hand in all_hands(3)]
    assert len(values) == 22_100
    counts = Counter(tr.category(value) for value in values)
    assert counts == {
        tr.HandCategory.THREE_OF_A_KIND: 52,
        tr.HandCategory.PAIR: 3_744,
        tr.HandCategory.HIGH_CARD: 18_304,
    }
    assert len(set(values)) == 455
    representatives = {tr.rank3(hand): hand for hand in all_hands(3)}
    assert_same_order({value: oracle(hand) for value, hand in representatives.items()})


@pytest.mark.slow
def test_every_three_card_class_against_every_five_card_class() -> None:
    """The OFC foul test: the shared scale orders top rows against middle rows."""
    tops = {tr.rank3(hand): oracle(hand) for hand in all_hands(3)}
    middles = {value: oracle(hand) for value, hand in class_representatives(5).items()}
    mismatches = [
        (top, middle)
        for top, top_key in tops.items()
        for middle, middle_key in middles.items()
        if (top <= middle) != (top_key <= middle_key)
    ]
    assert mismatches == []


@pytest.mark.parametrize("size", [1, 2, 4])
def test_small_hands_agree_with_the_oracle(size: int) -> None:
    representatives = class_representatives(size)
    assert_same_order({value: oracle(hand) for value, hand in representatives.items()})


def test_all_sizes_share_one_scale() -> None:
    hands_by_size = {size: list(class_representatives(size).values()) for size in (1, 2, 4)}
    sample = random.Random(5).sample(list(class_representatives(5).values()), 400)
    mixed = [hand for group in hands_by_size.values() for hand in group] + sample
    keys = {tr.rank_cards(hand): oracle(hand) for hand in mixed}
    assert_same_order(keys)


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("As Ad Kc", "Ah Ac Qs Jd 2c"),  # the top row wins on its kicker: a foul
        ("Kh Qc Js 3d 2c", "Ks Qd Jc"),  # the middle wins on extra kickers
        ("5s 5d 5c", "As Ad Kh Kc Qd"),  # trips on top beat any two pair
        ("Ah Ac Ks Qd 2c", "As Ad Kc"),  # AAKQ2 beats AAK
        ("2c 2d 3h", "As Kd Qc Jh 9s"),  # any pair beats any high card
        ("As 2d 3h 4s 5c", "Ks Kd Qh Qc Jd"),  # the wheel is a straight
        ("6s 2d 3h 4s 5c", "As 2d 3h 4s 5c"),  # and the lowest one
        ("Ah 2h 3h 4h 5h", "Ks Qs Js 9s 8s"),  # a straight flush beats a flush
    ],
)
def test_worked_comparisons(higher: str, lower: str) -> None:
    assert tr.rank_cards(tr.parse_cards(higher)) > tr.rank_cards(tr.parse_cards(lower))


def test_equal_hands_tie_whatever_the_suits() -> None:
    assert tr.rank5(tr.parse_cards("As Kd Qh Jc 9s")) == tr.rank5(tr.parse_cards("Ah Ks Qd Jd 9c"))
    assert tr.rank3(tr.parse_cards("Qs Qd 2c")) == tr.rank3(tr.parse_cards("Qh Qc 2s"))


def test_royal_flush_is_its_own_category() -> None:
    royal = tr.rank5(tr.parse_cards("Th Jh Qh Kh Ah"))
    assert tr.category(royal) is tr.HandCategory.ROYAL_FLUSH
    king_high = tr.rank5(tr.parse_cards("9h Th Jh Qh Kh"))
    assert tr.category(king_high) is tr.HandCategory.STRAIGHT_FLUSH
    assert royal > king_high


@given(hand_sizes(6, 7))
def test_best_rank_is_the_best_five_card_subset(cards: tuple[tr.Card, ...]) -> None:
    expected = max(tr.rank5(five) for five in itertools.combinations(cards, 5))
    assert tr.best_rank(cards) == expected
    assert tr.best_rank_unchecked(cards) == expected


def test_best_rank_on_many_random_hands() -> None:
    rng = random.Random(2026)
    for size in (5, 6, 7) * 3000:
        cards = rng.sample(tr.FULL_DECK, size)
        assert tr.best_rank(cards) == max(
            tr.rank5(five) for five in itertools.combinations(cards, 5)
        )


@given(hands(5))
def test_unchecked_and_batch_agree_with_checked(cards: tuple[tr.Card, ...]) -> None:
    value = tr.rank5(cards)
    assert tr.rank5_unchecked(cards) == value
    assert tr.rank5_many([cards, cards]) == [value, value]
    assert tr.rank_cards(cards) == value
    assert tr.rank5(list(cards)) == value
    three = cards[:3]
    assert tr.rank3(three) == tr.rank3_unchecked(three) == tr.rank_cards(three)


# --- 2-7 lowball -------------------------------------------------------------


def lowball_key(cards: Sequence[tr.Card]) -> OracleKey:
    """2-7 lowball from first principles: the lower high hand (aces high, no wheel) wins."""
    category, ranks = oracle(cards, lowball27=True)
    return -category, [-rank for rank in ranks]


@pytest.mark.slow
def test_lowball_order_over_every_class() -> None:
    """Every hand's low value is a function of its high class, and the classes order right."""
    low_of_high: dict[int, int] = {}
    for hand in all_hands(5):
        low = tr.rank_lowball27(hand)
        assert low_of_high.setdefault(tr.rank5_unchecked(hand), low) == low
    assert len(set(low_of_high.values())) == 7_462
    representatives = class_representatives(5)
    keys = {low_of_high[high]: lowball_key(representatives[high]) for high in low_of_high}
    assert_same_order(keys)


def test_lowball_worked_examples() -> None:
    def low(text: str) -> int:
        return tr.rank_lowball27(tr.parse_cards(text))

    best = low("7c 5d 4h 3s 2c")
    assert best == max(tr.rank_lowball27(hand) for hand in all_hands(5) if hand[0].rank == 2)
    assert best > low("7c 6d 4h 3s 2c") > low("8c 5d 4h 3s 2c")
    assert low("7h 5h 4h 3h 2h") < low("Kc Qd Jh 9s 8c")  # a flush counts against
    assert low("6c 5d 4h 3s 2c") < low("Kc Qd Jh 9s 8c")  # so does a straight
    assert low("Ac 2d 3h 4s 5c") < low("Kc 2d 3h 4s 5c")  # A-2-3-4-5 is ace high
    assert low("Ac 2d 3h 4s 5c") > low("2c 2d 3h 4s 5c")  # but beats any pair
    assert tr.describe(tr.lowball27_as_high(low("Ac 2d 3h 4s 5c"))) == "ace high"


# --- describing values -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Ks 9d 7c 5h 2s", "king high"),
        ("As Ad 9c 7h 2s", "pair of aces"),
        ("6s 6d 9c 9h 2s", "two pair, nines and sixes"),
        ("7s 7d 7c Kh 2s", "three of a kind, sevens"),
        ("5s 4d 3c 2h As", "five-high straight"),
        ("Ks 9s 7s 5s 2s", "king-high flush"),
        ("Ks Kd 5c 5h 5s", "full house, fives full of kings"),
        ("9c 9d 9h 9s 2s", "four of a kind, nines"),
        ("5h 6h 7h 8h 9h", "nine-high straight flush"),
        ("Ah Kh Qh Jh Th", "royal flush"),
        ("Qs Qd 2c", "pair of queens"),
        ("Ks", "king high"),
    ],
)
def test_describe(text: str, name: str) -> None:
    assert tr.describe(tr.rank_cards(tr.parse_cards(text))) == name


def test_significant_ranks() -> None:
    assert tr.significant_ranks(tr.rank5(tr.parse_cards("Ks Kd 9c 5h 2s"))) == "K952"
    assert tr.significant_ranks(tr.rank3(tr.parse_cards("Qs Qd 2c"))) == "Q2"
    assert tr.significant_ranks(tr.rank5(tr.parse_cards("5s 4d 3c 2h As"))) == "5"


# --- bad input ----------------------------------------------------------------

CHECKED = [
    (tr.rank5, 5),
    (tr.rank3, 3),
    (tr.rank_cards, 4),
    (tr.best_rank, 7),
    (tr.rank_lowball27, 5),
]


@pytest.mark.parametrize(("function", "size"), CHECKED)
def test_wrong_counts_raise(function: object, size: int) -> None:
    assert callable(function)
    for count in (0, 2, 8) if size != 4 else (0, 6, 9):
        with pytest.raises(ValueError, match=f"got {count}"):
            function(tr.FULL_DECK[:count])


@pytest.mark.parametrize(("function", "size"), CHECKED)
def test_repeated_cards_raise(function: object, size: int) -> None:
    assert callable(function)
    for position in range(1, size):
        cards = list(tr.FULL_DECK[10 : 10 + size])
        cards[position] = cards[0]
        with pytest.raises(ValueError, match="appears more than once"):
            function(cards)


@pytest.mark.parametrize(("function", "size"), CHECKED)
def test_non_cards_raise(function: object, size: int) -> None:
    assert callable(function)
    good = list(tr.FULL_DECK[20 : 20 + size])
    for bad in ("As", None, 3.5, 12345):
        cards = [*good[:-1], bad]
        with pytest.raises(ValueError, match="not a Card"):
            function(cards)
    with pytest.raises(ValueError, match="not str"):
        function("As Kd Qh Jc Ts")
    with pytest.raises(ValueError, match="not NoneType"):
        function(None)


def test_repeated_cards_in_every_paired_shape_raise() -> None:
    for text in ("As As Kd Qh Jc", "As As Ad Kh Kc", "As As Ah Ad Kc", "As As Ks Ks Qs"):
        with pytest.raises(ValueError, match="appears more than once"):
            tr.rank5(tr.parse_cards(text))
        with pytest.raises(ValueError, match="appears more than once"):
            tr.rank5_many([tr.parse_cards("2c 3d 4h 5s 7c"), tr.parse_cards(text)])
    with pytest.raises(ValueError, match="appears more than once"):
        tr.rank3(tr.parse_cards("Qs Qs 2c"))


def test_batch_reports_the_first_bad_hand() -> None:
    good = tr.parse_cards("2c 3d 4h 5s 7c")
    with pytest.raises(ValueError, match="got 4"):
        tr.rank5_many([good, good[:4]])
    assert tr.rank5_many([]) == []
    assert tr.rank5_many(iter([good])) == [tr.rank5(good)]


def test_best_rank_with_five_or_more_of_a_suit() -> None:
    """Flush-heavy seven- and six-card hands take their own path: check it broadly."""
    rng = random.Random(7)
    for _ in range(3000):
        suit = rng.randrange(4)
        suited = [card for card in tr.FULL_DECK if card.suit == suit]
        others = [card for card in tr.FULL_DECK if card.suit != suit]
        size = rng.choice((6, 7))
        count = rng.randint(5, size)
        cards = rng.sample(suited, count) + rng.sample(others, size - count)
        rng.shuffle(cards)
        assert tr.best_rank(cards) == max(
            tr.rank5(five) for five in itertools.combinations(cards, 5)
        )
