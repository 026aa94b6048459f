"""Cards: parsing, printing, order, hashing and every bad-input path."""

from __future__ import annotations

import contextlib
import copy
import itertools
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablerules as tr
from tests.strategies import card_texts, cards, hand_sizes, non_cards


def test_full_deck_is_52_distinct_cards_in_order() -> None:
    assert len(tr.FULL_DECK) == 52
    assert len(set(tr.FULL_DECK)) == 52
    assert list(tr.FULL_DECK) == sorted(tr.FULL_DECK)
    assert [str(card) for card in tr.FULL_DECK[:5]] == ["2c", "2d", "2h", "2s", "3c"]
    assert str(tr.FULL_DECK[-1]) == "As"
    assert [card.index for card in tr.FULL_DECK] == list(range(52))


def test_every_card_round_trips_through_text_and_constructor() -> None:
    for card in tr.FULL_DECK:
        assert tr.Card.parse(str(card)) is card
        assert tr.Card(card.rank, card.suit) is card
        assert repr(card) == f"Card.parse('{card}')"
        assert eval(repr(card), {"Card": tr.Card}) is card  # repr rebuilds the value


def test_rank_and_suit_are_the_enums() -> None:
    ace = tr.Card.parse("As")
    assert ace.rank is tr.Rank.ACE
    assert ace.suit is tr.Suit.SPADES
    assert int(tr.Rank.TWO) == 2
    assert int(tr.Rank.ACE) == 14
    assert [str(suit) for suit in tr.Suit] == ["c", "d", "h", "s"]
    assert "".join(str(rank) for rank in tr.Rank) == "23456789TJQKA"


def test_order_is_rank_then_suit() -> None:
    for first, second in itertools.combinations(tr.FULL_DECK, 2):
        expected = (first.rank, first.suit) < (second.rank, second.suit)
        assert (first < second) == expected
        assert (first > second) == (not expected)


def test_hash_and_equality() -> None:
    assert len({tr.Card.parse("As"), tr.Card.parse("as"), tr.Card.parse("AS")}) == 1
    assert tr.Card.parse("As") != tr.Card.parse("Ah")
    table = {card: str(card) for card in tr.FULL_DECK}
    assert all(table[tr.Card.parse(text)] == text for text in table.values())


def test_cards_format_and_print_as_text() -> None:
    card = tr.Card.parse("Td")
    assert f"{card}" == "Td"
    assert f"{card:>4}" == "  Td"
    assert str(card) == "Td"


def test_pickle_and_copy_keep_identity() -> None:
    for card in tr.FULL_DECK:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
    hand = tr.parse_cards("As Kd 7h")
    assert pickle.loads(pickle.dumps(hand)) == hand


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd 7h", "As Kd 7h"),
        ("AsKd7h", "As Kd 7h"),
        ("As,Kd, 7h", "As Kd 7h"),
        ("  as\tKD\n7H ", "As Kd 7h"),
        ("10h Tc", "Th Tc"),
        ("As As", "As As"),  # repeats are kept: two decks may be in play
    ],
)
def test_parse_cards_accepts_common_spellings(text: str, expected: str) -> None:
    assert tr.cards_text(tr.parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Ax", "'Ax'"),
        ("1s", "'1s'"),
        ("As 1s", "'1s'"),
        ("AsKx", "'Kx'"),
        ("Zs", "'Zs'"),
        ("A", "'A'"),
        ("As K", "'K'"),
        ("10x", "'10x'"),
        ("11h", "bad card '11h': '11' is not a rank"),
        ("As 11h Kd", "bad card '11h'"),
        ("1h,As", "bad card '1h'"),
        ("", "no cards"),
        ("   ", "no cards"),
    ],
)
def test_parse_cards_names_the_bad_token(text: str, fragment: str) -> None:
    with pytest.raises(tr.CardError) as info:
        tr.parse_cards(text)
    assert fragment in str(info.value)


@pytest.mark.parametrize("value", [None, 12, b"As", ["As"], 3.5])
def test_parse_cards_rejects_wrong_types(value: object) -> None:
    with pytest.raises(tr.CardError, match="must be a str"):
        tr.parse_cards(value)  # type: ignore[arg-type]


def test_card_parse_wants_exactly_one_card() -> None:
    with pytest.raises(tr.CardError, match="exactly one card"):
        tr.Card.parse("As Kd")
    with pytest.raises(tr.CardError, match="no cards"):
        tr.Card.parse("")
    with pytest.raises(tr.CardError, match="must be a str"):
        tr.Card.parse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1)])
def test_card_constructor_rejects_out_of_range(rank: int, suit: int) -> None:
    with pytest.raises(tr.CardError, match="no card has rank"):
        tr.Card(rank, suit)


def test_card_errors_are_value_errors_and_rules_errors() -> None:
    with pytest.raises(ValueError, match="bad card"):
        tr.parse_cards("Qx")
    assert issubclass(tr.CardError, tr.RulesError)


@given(hand_sizes(1, 20))
def test_text_round_trip(hand: tuple[tr.Card, ...]) -> None:
    assert tr.parse_cards(tr.cards_text(hand)) == hand
    assert tr.parse_cards("".join(str(card) for card in hand)) == hand


@given(card_texts, st.sampled_from(["", " ", ",", "\n"]))
def test_single_card_text(text: str, padding: str) -> None:
    card = tr.Card.parse(padding + text + padding)
    assert str(card) == text


@given(cards, cards)
def test_order_agrees_with_index(first: tr.Card, second: tr.Card) -> None:
    assert (first < second) == (first.index < second.index)
    assert (first == second) == (first.index == second.index)


def code_parts(code: int) -> tuple[int, int, int, int, int, int, int]:
    """A card code or a sum of codes, cut at the layout's field boundaries."""
    from tablerules.cards import COUNT_SHIFT, ORDER_SHIFT, SUIT_BITS, SUIT_SHIFT

    field = (1 << SUIT_BITS) - 1
    suits = [code >> (SUIT_SHIFT + SUIT_BITS * suit) & field for suit in range(4)]
    return (
        code & (1 << SUIT_SHIFT) - 1,
        suits[0],
        suits[1],
        suits[2],
        suits[3],
        code >> COUNT_SHIFT & 7,
        code >> ORDER_SHIFT,
    )


def sum_of_parts(hand: tuple[tr.Card, ...]) -> tuple[int, ...]:
    return tuple(sum(parts) for parts in zip(*map(code_parts, hand), strict=True))


@pytest.mark.parametrize(
    "text",
    [
        "As Ah Ad Ac Ks Kh Kd",  # the largest sum of rank codes
        "As Ks Qs Js Ts 9s 8s",  # seven of one suit
        "2c 2d 2h 2s 3c 3d 3h",  # the smallest codes
    ],
)
def test_code_parts_add_without_spilling_over_extremes(text: str) -> None:
    hand = tr.parse_cards(text)
    assert code_parts(sum(hand)) == sum_of_parts(hand)
    assert sum(hand) < 2**60  # two 30-bit digits of a Python int


@given(hand_sizes(1, 7))
def test_code_parts_add_without_spilling(hand: tuple[tr.Card, ...]) -> None:
    assert code_parts(sum(hand)) == sum_of_parts(hand)


def test_the_52_cards_are_cards() -> None:
    assert all(tr.cards.is_card(card) for card in tr.FULL_DECK)
    assert tr.cards.card_tuple(tr.FULL_DECK) == tr.FULL_DECK
    assert tr.cards.card_tuple(" ".join(map(str, tr.FULL_DECK))) == tr.FULL_DECK


@pytest.mark.parametrize(
    "value",
    [int(tr.FULL_DECK[0]), int(tr.FULL_DECK[-1]), int.__new__(tr.Card, 5), 14, True, None],
    ids=["int 2c", "int As", "forged 5", "14", "True", "None"],
)
def test_plain_ints_and_forged_cards_are_not_cards(value: object) -> None:
    assert not tr.cards.is_card(value)
    with pytest.raises(tr.CardError, match="must hold cards or card text"):
        tr.cards.card_tuple([tr.FULL_DECK[0], value], "Meld.cards")


@given(non_cards)
def test_non_cards_are_refused_by_card_tuple(value: object) -> None:
    assert not tr.cards.is_card(value)
    if isinstance(value, str):
        with contextlib.suppress(tr.CardError):
            if len(tr.parse_cards(value)) == 1:
                return  # the text of one card is read as that card
    with pytest.raises(tr.CardError):
        tr.cards.card_tuple([value])


def test_card_fields_read_a_list_of_card_texts() -> None:
    assert tr.cards.card_tuple(["As", "Kd"]) == tr.parse_cards("As Kd")
    assert tr.cards.card_tuple([tr.FULL_DECK[0], "Kd"]) == (tr.FULL_DECK[0], tr.Card.parse("Kd"))
    with pytest.raises(tr.CardError, match="expected exactly one card"):
        tr.cards.card_tuple(["As Kd"])
