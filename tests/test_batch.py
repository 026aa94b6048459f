"""tablerules.batch: the same values as the ranker for every hand, and the same refusals."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

import tablerules as tr

try:
    import numpy as np
except ImportError:  # pragma: no cover - the dev extra installs numpy
    pytest.skip("tablerules.batch needs numpy (the numpy extra)", allow_module_level=True)

from tablerules import batch


def index_array(size: int) -> np.ndarray:
    """Every hand of ``size`` card indices, in itertools.combinations order, shape (size, N)."""
    combos = itertools.combinations(range(52), size)
    flat = np.fromiter(itertools.chain.from_iterable(combos), dtype=np.intp)
    return np.ascontiguousarray(flat.reshape(-1, size).T)


def card_error(function: object, *args: object, **options: object) -> str:
    with pytest.raises(tr.CardError) as info:
        function(*args, **options)  # type: ignore[operator]
    return str(info.value)


@pytest.mark.slow
def test_every_five_card_hand() -> None:
    cards = index_array(5)
    assert cards.shape == (5, 2_598_960)
    values = batch.rank5(cards)
    assert values.dtype == np.int64
    expected = list(map(tr.rank5_unchecked, itertools.combinations(tr.FULL_DECK, 5)))
    assert values.tolist() == expected
    # The same hands one per row, both ways of saying so.
    rows = np.ascontiguousarray(cards.T)
    assert (batch.rank5(rows, axis=1) == values).all()
    assert (batch.rank5(rows.T) == values).all()
    assert (batch.best_rank(cards) == values).all()


def test_every_three_card_hand() -> None:
    cards = index_array(3)
    expected = [tr.rank3(hand) for hand in itertools.combinations(tr.FULL_DECK, 3)]
    assert batch.rank3(cards).tolist() == expected
    assert batch.rank3(cards.T, axis=-1).tolist() == expected


def random_hands(size: int, count: int, seed: int) -> list[list[tr.Card]]:
    rng = random.Random(seed)
    return [rng.sample(tr.FULL_DECK, size) for _ in range(count)]


def suited_hands(size: int, count: int, seed: int) -> list[list[tr.Card]]:
    """Hands with five or more cards of one suit (often six or seven)."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        suit = rng.randrange(4)
        same = [card for card in tr.FULL_DECK if card.suit == suit]
        other = [card for card in tr.FULL_DECK if card.suit != suit]
        suited = rng.randint(5, size)
        hand = rng.sample(same, suited) + rng.sample(other, size - suited)
        rng.shuffle(hand)
        hands.append(hand)
    return hands


@pytest.mark.parametrize("size", [5, 6, 7])
def test_best_rank_on_sampled_hands(size: int) -> None:
    hands = random_hands(size, 60_000, seed=size) + suited_hands(size, 20_000, seed=size)
    expected = [tr.best_rank(hand) for hand in hands]
    assert batch.best_rank(batch.indices(hands)).tolist() == expected


def test_a_batch_of_any_shape() -> None:
    hands = random_hands(7, 24, seed=3)
    cards = batch.indices(hands).reshape(7, 2, 3, 4)
    values = batch.best_rank(cards)
    assert values.shape == (2, 3, 4)
    assert values.ravel().tolist() == [tr.best_rank(hand) for hand in hands]
    assert batch.best_rank(np.moveaxis(cards, 0, 2), axis=2).shape == (2, 3, 4)
    one = batch.rank5(np.array([51, 47, 43, 39, 35]))
    assert one.shape == ()
    assert tr.describe(int(one)) == "royal flush"
    assert batch.rank5(np.zeros((5, 0), dtype=np.intp)).shape == (0,)


def test_any_integer_type() -> None:
    hands = random_hands(5, 100, seed=4)
    expected = [tr.rank5(hand) for hand in hands]
    cards = batch.indices(hands)
    for dtype in (np.uint8, np.int8, np.int16, np.uint32, np.int64, np.uint64):
        assert batch.rank5(cards.astype(dtype)).tolist() == expected
    assert batch.rank5(cards.tolist()).tolist() == expected  # nested lists too


def test_indices() -> None:
    hands = [tr.parse_cards("2c 2d As"), tr.parse_cards("Kd Qh Jc")]
    cards = batch.indices(hands)
    assert cards.dtype == np.intp
    assert cards.flags.c_contiguous
    assert cards.tolist() == [[0, 45], [1, 42], [51, 36]]
    assert [card.index for card in hands[1]] == cards[:, 1].tolist()
    assert (batch.indices(iter(hands)) == cards).all()
    assert (batch.indices(tuple(map(list, hands))) == cards).all()
    assert batch.indices([]).shape == (0, 0)
    assert batch.indices([(), ()]).shape == (0, 2)
    assert batch.indices([tr.FULL_DECK]).ravel().tolist() == list(range(52))


def test_indices_refuses_what_is_not_cards() -> None:
    good = tr.parse_cards("As Kd")
    assert card_error(batch.indices, [good, good[:1]]) == (
        "batch.indices: hand 1 holds 1 cards, not 2 as hand 0 does"
    )
    assert card_error(batch.indices, [good, (good[0], int(good[1]))]).startswith(
        f"batch.indices: hand 1 holds {int(good[1])} (item 1), which is not a card"
    )
    assert "not a card" in card_error(batch.indices, [["As", "Kd"]])
    assert card_error(batch.indices, ["As Kd"]) == (
        "batch.indices: hand 0 is 'As Kd', not a sequence of cards; read card text with "
        "parse_cards()"
    )
    assert card_error(batch.indices, None) == (
        "batch.indices takes an iterable of hands, not NoneType"
    )
    forged = int.__new__(tr.Card, 5)
    assert "forged with int.__new__" in card_error(batch.indices, [[good[0], forged]])


RANKERS = [(batch.rank5, 5), (batch.rank3, 3), (batch.best_rank, 7)]
IDS = ["rank5", "rank3", "best_rank"]


@pytest.mark.parametrize(("ranker", "size"), RANKERS, ids=IDS)
def test_repeated_cards_in_every_pair_of_places(ranker: object, size: int) -> None:
    name = f"batch.{getattr(ranker, '__name__', '')}"
    hands = batch.indices(random_hands(size, 5, seed=size))
    for first, second in itertools.combinations(range(size), 2):
        cards = hands.copy()
        cards[second, 3] = cards[first, 3]
        repeated = tr.FULL_DECK[int(cards[first, 3])]
        assert card_error(ranker, cards) == f"{name}: hand 3 repeats card {repeated}"


@pytest.mark.parametrize(("ranker", "size"), RANKERS, ids=IDS)
def test_indices_out_of_range(ranker: object, size: int) -> None:
    name = f"batch.{getattr(ranker, '__name__', '')}"
    hands = batch.indices(random_hands(size, 6, seed=size)).reshape(size, 2, 3)
    for bad in (52, -1, 2**40, -(2**40)):
        cards = hands.copy()
        cards[size - 1, 1, 2] = bad
        message = card_error(ranker, cards)
        assert message.startswith(f"{name}: hand (1, 2) holds {bad}, which is no card index")
    big = np.full((size, 1), 2**63 + 5, dtype=np.uint64)
    assert "which is no card index" in card_error(ranker, big)


@pytest.mark.parametrize(("ranker", "size"), RANKERS, ids=IDS)
def test_wrong_shapes_and_types(ranker: object, size: int) -> None:
    name = f"batch.{getattr(ranker, '__name__', '')}"
    sizes = "5 or 6 or 7" if size == 7 else str(size)
    hands = batch.indices(random_hands(size, 4, seed=size))
    assert card_error(ranker, hands[:2]) == (
        f"{name} takes hands of {sizes} cards along axis 0, not an array of shape (2, 4)"
    )
    assert card_error(ranker, hands.T) == (
        f"{name} takes hands of {sizes} cards along axis 0, not an array of shape (4, {size})"
    )
    assert card_error(ranker, hands.T, axis=0).endswith(f"not an array of shape (4, {size})")
    assert card_error(ranker, np.int64(3)).endswith("not an array of shape ()")
    assert card_error(ranker, hands, axis=2).startswith(f"{name}: axis 2 is not an axis")
    assert card_error(ranker, hands.astype(float)) == (
        f"{name} takes integer card indices, not float64 (batch.indices(hands) makes them "
        "from cards)"
    )
    assert "integer card indices, not bool" in card_error(ranker, hands > 3)
    assert "not <U2" in card_error(ranker, [["As"] * size])


def test_cards_are_not_indices() -> None:
    """Card objects are ints, but not indices: the message says how to get indices."""
    hand = tr.parse_cards("As Kd Qh Jc Ts")
    for given, axis, which in ((hand, 0, "the hand"), ([hand], 1, "hand 0")):
        message = card_error(batch.rank5, given, axis=axis)
        assert message.startswith(f"batch.rank5: {which} holds {int(hand[0])}, which is no card")
        assert message.endswith("batch.indices(hands) makes them from cards)")
    assert card_error(batch.rank5, [0, 0, 1, 2, 3]) == "batch.rank5: the hand repeats card 2c"


def distinct_sums(weights: Sequence[int], size: int) -> bool:
    sums = [
        sum(weights[rank] for rank in ranks)
        for ranks in itertools.combinations_with_replacement(range(13), size)
        if not any(ranks[i] == ranks[i + 4] for i in range(size - 4))
    ]
    return len(set(sums)) == len(sums)


def test_the_rank_weights_tell_every_hand_apart() -> None:
    assert distinct_sums(batch._WEIGHTS3, 3)
    assert distinct_sums(batch._WEIGHTS5, 5)
