"""Cards: :class:`Rank`, :class:`Suit`, :class:`Card`, :func:`parse_cards` and :data:`FULL_DECK`.

A :class:`Card` is immutable, hashable, ordered by (rank, suit) and prints as
its two-letter text:

>>> from tablerules import Card, Rank, Suit, parse_cards
>>> ace = Card.parse("As")
>>> print(ace)
As
>>> ace.rank, ace.suit
(<Rank.ACE: 14>, <Suit.SPADES: 3>)
>>> ace == Card(Rank.ACE, Suit.SPADES)
True
>>> sorted(parse_cards("Kd As 2c Ks"))
[Card.parse('2c'), Card.parse('Kd'), Card.parse('Ks'), Card.parse('As')]

Underneath, a card is an :class:`int` (the class derives from it) whose value
is a code the hand ranker adds up; the 52 cards are created once and reused,
so building a card never allocates. The numeric value is an implementation
detail: use :attr:`Card.rank`, :attr:`Card.suit` and :attr:`Card.index`.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final, SupportsIndex

from tablerules.errors import CardError, show

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = [
    "FULL_DECK",
    "Card",
    "Rank",
    "Suit",
    "card_tuple",
    "cards_text",
    "is_card",
    "parse_cards",
]

RANK_LETTERS: Final = "23456789TJQKA"
SUIT_LETTERS: Final = "cdhs"


class Rank(enum.IntEnum):
    """A card rank, valued 2 to 14 (aces high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The rank's letter, as in card text.

        >>> from tablerules import Rank
        >>> Rank.TEN.letter, Rank.ACE.letter
        ('T', 'A')
        """
        return RANK_LETTERS[self - 2]

    def __str__(self) -> str:
        return self.letter


class Suit(enum.IntEnum):
    """A card suit. Suits are ordered c < d < h < s where an order is needed."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter, as in card text.

        >>> from tablerules import Suit
        >>> Suit.HEARTS.letter
        'h'
        """
        return SUIT_LETTERS[self]

    def __str__(self) -> str:
        return self.letter


# The ranker's card code, four parts added up over a hand:
# - bits 0 to 22: a rank code from a set whose sums of up to seven ranks
#   (each rank at most four times) are all distinct, so the sum names the
#   ranks. It sits lowest because a key's low bits pick its slot in a dict:
#   keys that differed only in high bits would collide and cost a probe chain;
# - bits 23 to 46: four 6-bit suit fields; a card adds 7 to its suit's field.
#   Five, six or seven cards of one suit (35, 42, 49) are the only counts that
#   set the field's bit 5, so masking those four bits tells a flush;
# - bits 47 to 49: a count, 1 per card, so a sum also says how many cards;
# - bits 50 and up: the rank's place (0 for a two), which makes the integer
#   order the card order (rank, then suit). Sums never use it.
# A sum of seven codes stays below 2**57: two 30-bit digits of a Python int.
RANK_CODES: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_SHIFT: Final = 23
SUIT_BITS: Final = 6
SUIT_WEIGHT: Final = 7
COUNT_SHIFT: Final = 47
ORDER_SHIFT: Final = 50


def _code(rank_index: int, suit: int) -> int:
    return (
        (rank_index << ORDER_SHIFT)
        | (1 << COUNT_SHIFT)
        | (SUIT_WEIGHT << (SUIT_SHIFT + SUIT_BITS * suit))
        | RANK_CODES[rank_index]
    )


class Card(int):
    """A playing card. ``Card(Rank.ACE, Suit.SPADES)`` or ``Card.parse("As")``.

    Cards compare by rank, then suit (c < d < h < s), hash as their values and
    print as their text. The 52 cards are interned: ``Card(r, s) is Card(r, s)``.

    >>> from tablerules import Card
    >>> Card.parse("Td")
    Card.parse('Td')
    >>> Card.parse("Td") < Card.parse("Th") < Card.parse("Jc")
    True
    >>> Card(14, 0)
    Card.parse('Ac')
    """

    __slots__ = ()

    def __new__(cls, rank: SupportsIndex, suit: SupportsIndex) -> Card:
        """Return the card of this rank (2 to 14) and suit (0 to 3)."""
        rank_value, suit_value = int(rank), int(suit)
        if not (2 <= rank_value <= 14 and 0 <= suit_value <= 3):
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}")
        return _CARDS[(rank_value - 2) * 4 + suit_value]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card from its text, such as ``"As"`` or ``"10h"``.

        The rank letter may be lower case and the suit upper case; ``10`` is
        read as ``T``.

        >>> from tablerules import Card
        >>> Card.parse("qh")
        Card.parse('Qh')
        >>> Card.parse("Ax")
        Traceback (most recent call last):
        ...
        tablerules.errors.CardError: bad card 'Ax': 'x' is not a suit (expected one of c d h s)
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(f"expected exactly one card, got {len(cards)} in {text!r}")
        return cards[0]

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUIT_OF[self]

    @property
    def index(self) -> int:
        """The card's place in :data:`FULL_DECK`, 0 (``2c``) to 51 (``As``)."""
        return _INDEX_OF[self]

    def __str__(self) -> str:
        text = _TEXT_OF.get(self)
        return text if text is not None else f"int.__new__(Card, {int(self)})"

    def __repr__(self) -> str:
        text = _TEXT_OF.get(self)
        return f"Card.parse({text!r})" if text is not None else str(self)

    def __format__(self, spec: str) -> str:
        return format(_TEXT_OF[self], spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        index = _INDEX_OF[self]
        return (Card, (index // 4 + 2, index % 4))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _make_cards() -> tuple[Card, ...]:
    return tuple(
        int.__new__(Card, _code(rank_index, suit)) for rank_index in range(13) for suit in range(4)
    )


_CARDS: Final = _make_cards()
_RANK_OF: Final = {card: Rank(i // 4 + 2) for i, card in enumerate(_CARDS)}
_SUIT_OF: Final = {card: Suit(i % 4) for i, card in enumerate(_CARDS)}
_INDEX_OF: Final = {card: i for i, card in enumerate(_CARDS)}
_TEXT_OF: Final = {
    card: RANK_LETTERS[i // 4] + SUIT_LETTERS[i % 4] for i, card in enumerate(_CARDS)
}

FULL_DECK: Final[tuple[Card, ...]] = _CARDS
"""The 52 cards in order: ``2c 2d 2h 2s 3c ... As``."""

_RANK_BY_LETTER: Final = {letter: i for i, letter in enumerate(RANK_LETTERS)}
_RANK_BY_LETTER.update({letter.lower(): i for i, letter in enumerate(RANK_LETTERS)})
_SUIT_BY_LETTER: Final = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_BY_LETTER.update({letter.upper(): i for i, letter in enumerate(SUIT_LETTERS)})
_SEPARATORS: Final = frozenset(" \t\r\n,")


def _bad_token(token: str) -> CardError:
    rank, suit = token[:-1], token[-1:]
    if rank not in _RANK_BY_LETTER and rank != "10":
        return CardError(
            f"bad card {token!r}: {rank!r} is not a rank (expected one of {' '.join(RANK_LETTERS)})"
        )
    return CardError(
        f"bad card {token!r}: {suit!r} is not a suit (expected one of {' '.join(SUIT_LETTERS)})"
    )


def _word_at(text: str, position: int, token: str) -> str:
    """The word typed at ``position`` (up to a separator) if one card long, else ``token``.

    ``parse_cards("11h")`` then quotes ``'11h'``, what was typed, not the two
    characters it tried to read as a card.
    """
    end = position
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    word = text[position:end]
    return word if len(word) <= 3 else token


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards from text: ``"As Kd 7h"``, ``"AsKd7h"`` or ``"As,Kd,7h"``.

    Returns the cards in the order written (repeats are kept: two decks may be
    in play). Bad text raises :class:`~tablerules.CardError` naming the bad
    token.

    >>> from tablerules import parse_cards
    >>> parse_cards("As Kd 7h") == parse_cards("AsKd7h")
    True
    >>> parse_cards("As 1s")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: bad card '1s': '1' is not a rank (expected one of ...)
    >>> parse_cards("11h")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: bad card '11h': '11' is not a rank (expected one of ...)
    """
    if not isinstance(text, str):
        raise CardError(f"card text must be a str, not {type(text).__name__}")
    cards: list[Card] = []
    position, end = 0, len(text)
    while position < end:
        char = text[position]
        if char in _SEPARATORS:
            position += 1
            continue
        size = 3 if text.startswith("10", position) else 2
        token = text[position : position + size]
        rank_index = 8 if size == 3 else _RANK_BY_LETTER.get(token[0])
        suit = _SUIT_BY_LETTER.get(token[-1]) if len(token) == size else None
        if rank_index is None or suit is None:
            if len(token) < 2 or token[1] in _SEPARATORS:
                raise CardError(
                    f"bad card {token.strip()!r}: a card is a rank and a suit, such as 'As'"
                )
            raise _bad_token(_word_at(text, position, token))
        cards.append(_CARDS[rank_index * 4 + suit])
        position += size
    if not cards:
        raise CardError(f"no cards in {text!r}")
    return tuple(cards)


def cards_text(cards: Iterable[Card]) -> str:
    """Write cards as text separated by spaces; :func:`parse_cards` reads it back.

    >>> from tablerules import cards_text, parse_cards
    >>> cards_text(parse_cards("AsKd7h"))
    'As Kd 7h'
    """
    return " ".join([_TEXT_OF[card] for card in cards])


def is_card(value: object) -> bool:
    """Whether ``value`` is one of the 52 card objects.

    A plain int equal to a card's code is not a card, nor is a Card made
    around its constructor with ``int.__new__``.

    >>> is_card(Card.parse("As")), is_card(int(Card.parse("As"))), is_card("As")
    (True, False, False)
    """
    return type(value) is Card and _CARDS[_INDEX_OF.get(value, 0)] is value


def card_tuple(value: object, what: str = "cards") -> tuple[Card, ...]:
    """Cards given as card text, or as :class:`Card` values or their texts, as a tuple in order.

    Actions read their card fields with it. Anything else (a plain int, a
    value that is none of the 52 cards, a value that is not iterable) raises
    :class:`~tablerules.CardError` naming ``what``.

    >>> card_tuple("As Kd") == card_tuple(["As", "Kd"])
    True
    >>> card_tuple("As Kd")
    (Card.parse('As'), Card.parse('Kd'))
    >>> card_tuple("  "), card_tuple([])
    ((), ())
    >>> card_tuple([14], "Meld.cards")
    Traceback (most recent call last):
    ...
    tablerules.errors.CardError: Meld.cards must hold cards or card text such as 'As Kd', not 14
    """
    if isinstance(value, str):
        return parse_cards(value) if value.strip() else ()
    if isinstance(value, (bytes, bytearray)) or not hasattr(value, "__iter__"):
        raise CardError(f"{what} must be cards or card text such as 'As Kd', not {show(value)}")
    cards = tuple(value)
    if not all(is_card(card) for card in cards):
        cards = tuple(_one_card(item, what) for item in cards)
    return cards


def _one_card(item: object, what: str) -> Card:
    """An item of a card field: a card, or the text of one card."""
    if isinstance(item, str):
        return Card.parse(item)
    if not is_card(item):
        raise CardError(f"{what} must hold cards or card text such as 'As Kd', not {show(item)}")
    return item  # type: ignore[return-value]
